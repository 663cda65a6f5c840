"""Wacky Challenge: whole games between bots, replay, views, determinization, sentences."""

import json
import random

import pytest
from wackyplay import act, data, new

import cards
from engine import registry
from engine.game import Action, GameSetup, play_out, replay
from engine.wacky import GAME
from engine.wacky.state import OVER


def game(n, seed, bots=("random",)):
    setup = GameSetup("wacky", tuple(f"P{i + 1}" for i in range(n)), seed)
    state = GAME.new(data(), setup)
    policies = {p: GAME.policies[bots[p % len(bots)]](data(), p, seed * 10 + p) for p in range(n)}
    return setup, state, play_out(state, policies)


def test_the_game_is_registered_as_described():
    g = registry.get("wacky")
    assert g is GAME
    assert g.describe() == {"name": "wacky", "titles": {"en": "Wacky Challenge", "fr": "Wacky Challenge"},
                            "min_players": 2, "max_players": 7, "simultaneous": True, "hidden_information": True,
                            "bots": ["casual", "random", "search", "sensible"], "options": dict(GAME.options)}
    assert g.load(cards).own_design


@pytest.mark.parametrize("n", range(2, 8))
def test_whole_games_between_bots_finish(n):
    for seed in range(6):
        for bots in (("random",), ("sensible",), ("sensible", "random", "casual")):
            _, state, actions = game(n, seed, bots)
            o = state.outcome()
            assert state.phase == OVER and o is not None and o.winners
            assert all(len(r) == 5 for r in state.routes) and all(h == [] for h in state.hands)
            assert 10 * n <= len(actions) <= 10 * n + 4
            json.dumps(o.to_json())


@pytest.mark.parametrize("n", [2, 5, 7])
def test_same_seed_same_game(n):
    for seed in (3, 11):
        setup, a, actions = game(n, seed, ("sensible", "random"))
        _, b, again = game(n, seed, ("sensible", "random"))
        assert actions == again
        s1, events1 = replay(GAME, data(), setup, actions)
        s2, events2 = replay(GAME, data(), setup, [Action.from_text(x.to_text()) for x in actions])
        assert events1 == events2 and s1.outcome() == s2.outcome() == a.outcome() == b.outcome()
    assert game(n, 3)[2] != game(n, 4)[2]


def test_clone_is_independent():
    s = new()
    act(s, "0 choose yellow-car")
    twin = s.clone()
    for p in (1, 2, 3):
        act(twin, f"{p} choose {data().names[twin.hands[p][0]]}")
    assert s.to_act() == {1, 2, 3} and s.played == [-1] * 4 and len(s.hands[1]) == 5
    assert twin.played != [-1] * 4


def test_each_players_choice_is_absent_from_every_other_view_until_all_have_chosen():
    """Whatever is chosen, the other views (and a spectator's) are identical to what they would
    be with another card chosen: nothing in them depends on the choice."""
    for choice in ("yellow-train", "yellow-plane"):
        s = new()
        act(s, f"0 choose {choice}")
        act(s, "2 choose green-boat")
        views = {p: s.observation(p) for p in (1, 3, None)}
        other = new()
        act(other, "0 choose yellow-car")
        act(other, "2 choose green-train")
        assert views == {p: other.observation(p) for p in (1, 3, None)}
        assert s.observation(0) != other.observation(0)


def test_determinize_redraws_only_what_the_player_cannot_see():
    s = new()
    act(s, "0 choose yellow-car")
    act(s, "1 choose red-plane")
    obs = s.observation(2)
    drawn = set()
    for seed in range(30):
        guess = GAME.determinize(data(), obs, 2, random.Random(seed))
        assert guess.observation(2) == obs
        assert guess.legal_actions(2) == s.legal_actions(2)
        drawn.add((guess.chosen[0], guess.chosen[1]))
        assert guess.chosen[2] == -1 and guess.chosen[3] == -1
        # the rebuilt state plays on to the end
        play_out(guess, {p: GAME.policies["random"](data(), p, seed) for p in range(4)})
    assert len(drawn) > 5          # others' secret cards re-drawn, not read


def test_every_event_has_an_english_and_a_french_sentence():
    kinds = set()
    for n, seed in ((2, 1), (4, 2), (7, 3)):
        setup, _, actions = game(n, seed, ("sensible",))
        _, events = replay(GAME, data(), setup, actions)
        for e in events:
            en, fr = GAME.describe_event(e, "en"), GAME.describe_event(e, "fr")
            assert en and fr and en != fr and str(e.kind) not in (en.split()[0], fr.split()[0])
            kinds.add(e.kind)
    assert {"choose", "reveal", "order", "pick", "shift", "turn", "score", "end"} <= kinds
    assert "choisit une carte, face cachée" in GAME.describe_event(events[0], "fr")


def test_boost_sentences_in_both_languages():
    from engine.events import Event
    for info in [("raise", "boat"), ("fastest",), ("choose-last",), ("disguise",), ("speed-first",),
                 ("swap", "red-car", "yellow-boat"), ("upside-down",)]:
        e = Event("boost", 1, "yellow-plane", None, info)
        en, fr = GAME.describe_event(e, "en"), GAME.describe_event(e, "fr")
        assert en.startswith("Player 2 ") and fr.startswith("Joueur 2 ")
    assert "bateau" in GAME.describe_event(Event("boost", 0, "x", None, ("raise", "boat")), "fr")


def test_the_sensible_bot_beats_random_bots():
    """The full measure (1,000 games, >= 2x) is bench/wacky_balance.py; here 120 games with a
    wide margin: one sensible bot against three random ones."""
    sensible = others = 0.0
    for seed in range(120):
        seat = seed % 4
        bots = ["random"] * 4
        bots[seat] = "sensible"
        state = GAME.new(data(), GameSetup("wacky", ("a", "b", "c", "d"), seed))
        play_out(state, {p: GAME.policies[bots[p]](data(), p, seed * 10 + p) for p in range(4)})
        o = state.outcome()
        for w in o.winners:
            if w == seat:
                sensible += 1 / len(o.winners)
            else:
                others += 1 / len(o.winners) / 3
    assert sensible >= 3 * others


def test_the_sensible_bot_uses_boosters_on_purpose():
    from engine.wacky.policies import SensiblePolicy
    bot = SensiblePolicy(data(), 0)
    used = passed = 0
    for seed in range(40):
        s = GAME.new(data(), GameSetup("wacky", ("a", "b", "c", "d"), seed))
        while s.to_act():
            p = min(s.to_act())
            a = bot.act(s.observation(p), s.legal_actions(p))
            if s.phase == 2:
                used += a.kind == "boost"
                passed += a.kind == "pass"
            s.apply(a)
    assert used > 0 and passed > 0


def test_the_sensible_bot_with_the_swap_goes_last_when_the_swap_is_worth_it():
    # Issue 34: the sensible bot valued picking last at a flat 0.4 stage whatever booster it
    # turns over, so the green pilot raced for the first pick and seldom swapped. Holding the
    # swap, the last pick takes the row's leftover starter and then trades it for one of green's
    # own cards (its stages and the colour's +1): the bot now lays its slowest card for that.
    from engine.wacky.policies import SensiblePolicy
    from engine.wacky.state import BOOST
    s = GAME.new(data(), GameSetup("wacky", ("a", "b"), 0, {"pilots": ["green", "yellow"]}))
    green, yellow = SensiblePolicy(data(), 0), SensiblePolicy(data(), 1)
    first = green.act(s.observation(0), s.legal_actions(0))
    assert first == Action.from_text("0 choose green-plane"), first
    s.apply(first)
    while s.phase != BOOST:
        p = min(s.to_act())
        s.apply((green if p == 0 else yellow).act(s.observation(p), s.legal_actions(p)))
    assert s.order[-1] == 0
    swap = green.act(s.observation(0), s.legal_actions(0))
    assert swap.kind == "boost" and swap.args[0] == "swap" and str(swap.args[2]).startswith("green-"), swap
