"""The kiosk's game packages: found by the registry, and Between Battle's buttons and LEDs
following the observation (no Kivy: descriptors load no screen)."""

import sys

import pytest

import cards
from engine import registry as engine_games
from engine.game import RandomPolicy
from kiosk.games import registry
from kiosk.games.between import KIOSK, buttons, lights
from kiosk.games.descriptor import BLINK, LOOK, NOTHING, OFF, ON, KioskGame


def test_every_kiosk_package_names_a_registered_game_and_loads_no_screen():
    found = registry.games()
    assert "between" in [kg.game for kg in found]
    for kg in found:
        game = engine_games.get(kg.game)
        assert kg.levels and all(policy in game.policies for _, policy in kg.levels), kg.game
    screens = {"kiosk.games.between.play", "kiosk.games.challengers.match", "kiosk.games.challengers.deckphase",
               "kiosk.games.challengers.result"}
    assert not screens & set(sys.modules)        # (the match log's words, a module without Kivy, may be)
    with pytest.raises(KeyError, match="no kiosk package"):
        registry.get("chess")


def test_a_descriptor_is_checked():
    with pytest.raises(ValueError, match="'play' screen"):
        KioskGame(game="x", screens={"main": "a:B"})
    with pytest.raises(ValueError, match="module:Class"):
        KioskGame(game="x", screens={"play": "a.B"})


def _games(n_seeds=30):
    """Observations along random games, as seen by each seat."""
    game = engine_games.get("between")
    data = game.load(cards)
    from engine.game import GameSetup
    for seed in range(n_seeds):
        state = game.new(data, GameSetup("between", ("A", "B"), seed, {"characters": ["knight", "ninja"]}))
        bots = {0: RandomPolicy(seed), 1: RandomPolicy(seed + 1)}
        while state.outcome() is None:
            yield state
            seat = min(state.to_act())
            state.apply(bots[seat].act(state.observation(seat), state.legal_actions(seat)))
        yield state


def test_between_lights_follow_the_turn_and_blink_while_the_knight_binds():
    blinked = lit = 0
    for state in _games():
        for seat in (0, 1):
            obs = state.observation(seat)
            led = lights(obs, seat, state.legal_actions(seat))
            if obs["outcome"] is not None:
                assert led == OFF
                continue
            bound_now = obs["current"] == seat and (obs["bound"]["zone"] is not None or obs["bound"]["silenced"])
            bound_next = obs["next_bound"][seat]["zone"] is not None or obs["next_bound"][seat]["silenced"]
            if bound_now or bound_next:
                assert led == BLINK
                blinked += 1
            else:
                assert led == (ON if seat in state.to_act() else OFF)
                lit += led == ON
    assert blinked > 5 and lit > 100          # the Knight's restrictions did come up


def test_between_buttons_look_and_take_damage_when_allowed():
    asked = 0
    for state in _games(5):
        for seat in (0, 1):
            b = buttons(state.observation(seat), seat, state.legal_actions(seat))
            assert b.primary == LOOK
            may = any(a.kind == "damage" for a in state.legal_actions(seat))
            assert b.secondary == ("damage" if may else NOTHING)
            asked += may
    assert asked > 10
    assert KIOSK.policy(1) == "sensible" and KIOSK.policy(99) == "search"


def test_wacky_lights_lit_once_locked_and_blinking_for_the_next_picker_and_the_booster():
    from kiosk.games import wacky
    game = engine_games.get("wacky")
    data = game.load(cards)
    from engine.game import GameSetup
    seen = {"locked": 0, "open": 0, "pick": 0, "boost": 0}
    for seed in range(6):
        state = game.new(data, GameSetup("wacky", ("A", "B", "C"), seed))
        bots = {q: RandomPolicy(seed * 10 + q) for q in range(3)}
        while state.outcome() is None:
            for seat in range(3):
                obs = state.observation(seat)
                led = wacky.lights(obs, seat, state.legal_actions(seat))
                assert wacky.buttons(obs, seat, state.legal_actions(seat)).primary == LOOK
                if obs["phase"] == "choose":
                    assert led == (ON if obs["chosen"][seat] else OFF)
                    seen["locked" if obs["chosen"][seat] else "open"] += 1
                else:
                    assert led == (BLINK if seat in state.to_act() else OFF)
                    if led == BLINK:
                        seen[obs["phase"]] += 1
            seat = min(state.to_act())
            state.apply(bots[seat].act(state.observation(seat), state.legal_actions(seat)))
        assert all(wacky.lights(state.observation(q), q, state.legal_actions(q)) == OFF for q in range(3))
    assert min(seen.values()) > 0, seen
    assert wacky.KIOSK.lock_on_release and sorted(wacky.KIOSK.solo_bots) == [1, 2, 3, 4, 5, 6]
