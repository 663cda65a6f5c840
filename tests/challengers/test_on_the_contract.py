"""Challengers! through the game-neutral contract: the same tournaments, what each seat may see."""

import json
import random

import pytest

from engine import registry
from engine.challengers import GAME
from engine.challengers.game import from_tuple, to_tuple
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament
from engine.errors import IllegalAction
from engine.game import Action, GameSetup, play_out


def names(n):
    return tuple(f"P{i}" for i in range(n))


def contract_state(lib, n, seed=0, **options):
    return GAME.new(lib, GameSetup("challengers", names(n), seed, options))


@pytest.mark.parametrize("box", ["base", "beach"])
@pytest.mark.parametrize("n", [8, 5, 2, 1])
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_the_contract_path_plays_todays_tournament_event_for_event(lib, n, box, bot):
    seed = 11
    t = Tournament(lib, Setup(players=names(n), box=box, seed=seed))
    run_tournament(t, {p.index: make_policy("robot" if p.robot else bot, seed * 31 + p.index) for p in t.players})
    state = contract_state(lib, n, seed, box=box)
    played = play_out(state, {p: GAME.policies[bot](lib, p, seed * 31 + p) for p in range(state.num_players)})
    assert state.tournament.log == t.log
    assert played[0].kind == "deck.option"
    assert len(played) == len(t.actions)
    outcome = state.outcome()
    assert outcome.winners == (t.winner,) and outcome.reason == t.end_reason


def test_every_tournament_action_has_one_contract_action_and_back(lib):
    state = contract_state(lib, 3, 4)
    t = state.tournament
    rng = random.Random(4)
    seen_kinds = set()
    while state.to_act():
        p = rng.choice(sorted(state.to_act()))
        for a in state.legal_actions(p):
            tup = to_tuple(t, a)
            assert from_tuple(t, tup) == a
        a = rng.choice(state.legal_actions(p))
        seen_kinds.add(a.kind)
        tup = to_tuple(t, a)
        state.apply(a)
        assert t.actions[-1] == tup
    assert {"deck.option", "deck.pick", "deck.remove", "deck.done", "match.reveal", "match.toss"} <= seen_kinds


def test_the_registry_lists_challengers(lib):
    g = registry.get("challengers")
    assert g is GAME
    assert (g.min_players, g.max_players, g.simultaneous, g.hidden_information) == (1, 8, True, True)
    assert g.title("fr") == "Challengers !" and set(g.policies) >= {"random", "greedy", "robot"}


def test_only_the_light_side_tosses_and_seats_that_do_not_exist_are_refused(lib):
    state = contract_state(lib, 2, 0)
    t = state.tournament
    while t.phase == "deck":
        p = min(state.to_act())
        state.apply(state.legal_actions(p)[-1] if state.legal_actions(p)[-1].kind == "deck.done"
                    else state.legal_actions(p)[0])
    m = next(iter(t.matches.values()))
    assert m.expect[0] == "toss"
    light, dark = m.players
    assert state.to_act() == {light}
    before = t.snapshot()
    for bad in (Action(dark, "match.toss"), Action(light, "match.toss", (1,)), Action(5, "match.reveal"),
                Action(light, "match.reveal"), Action(light, "deck.done"), Action(light, "match.fly")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert t.snapshot() == before


def test_options_arrive_as_text_from_the_command_line(lib):
    state = contract_state(lib, 1, 2, robot_level="4", solo_cards="yes", sets="city,film,funfair,haunted,space,castle")
    t = state.tournament
    assert (t.setup.robot_level, t.setup.solo_cards, t.setup.box) == (4, True, "base")
    assert t.set_ids == ("city", "film", "funfair", "haunted", "space", "castle")
    with pytest.raises(ValueError, match="unknown Challengers! option"):
        contract_state(lib, 2, 0, colour="red")
    with pytest.raises(ValueError, match="robot_level"):
        contract_state(lib, 2, 0, robot_level="high")
    with pytest.raises(ValueError, match="box"):
        contract_state(lib, 2, 0, box="moon")


def _play_until(state, rng, stop, limit=5000):
    for _ in range(limit):
        if stop(state) or not state.to_act():
            return state
        p = rng.choice(sorted(state.to_act()))
        state.apply(rng.choice(state.legal_actions(p)))
    return state


def test_a_players_view_does_not_change_when_what_they_cannot_see_changes(lib):
    """Shuffle every hidden thing (piles, decks in play, another player's draw): the others'
    views stay as they were, the owner's view changes."""
    state = _play_until(contract_state(lib, 3, 1), random.Random(1),
                        lambda s: s.tournament.deck_phases[0].stage == "pick")
    t = state.tournament
    views = [state.observation(p) for p in (1, 2, 3)] + [state.observation(None)]
    owner_view = state.observation(0)
    twin = state.clone()
    tt = twin.tournament
    dp = tt.deck_phases[0]
    pile = tt.piles.piles[dp.option.level]
    dp.drawn, pile[:len(dp.drawn)] = pile[:len(dp.drawn)], dp.drawn            # another draw, same sizes
    for lv in "ABC":
        random.Random(9).shuffle(tt.piles.piles[lv])
    assert [twin.observation(p) for p in (1, 2, 3)] + [twin.observation(None)] == views
    assert twin.observation(0) != owner_view
    assert [c.id for c in t.deck_phases[0].drawn] == owner_view["deck_phases"][0]["drawn"]


def test_in_a_match_nobody_sees_a_deck_order_and_only_the_owner_sees_their_cards(lib):
    state = _play_until(contract_state(lib, 2, 3), random.Random(3),
                        lambda s: s.tournament.phase == "match" and next(iter(s.tournament.matches.values())).reveals > 3)
    m = next(iter(state.tournament.matches.values()))
    light, dark = m.players
    view = state.observation(light)["matches"][0]
    assert view["sides"][0]["deck"] == sorted(m.sides[0].deck)
    assert view["sides"][1]["deck"] is None
    for i in m.sides[1].deck:
        assert view["cards"][i] is None               # the opponent's unplayed cards
    for i in m.sides[0].deck:
        assert view["cards"][i] == m.types[i].id
    twin = state.clone()
    tm = next(iter(twin.tournament.matches.values()))
    tm.sides[0].deck.reverse()
    tm.sides[1].deck.reverse()
    assert twin.observation(light) == state.observation(light)
    assert twin.observation(None) == state.observation(None)
    assert "deck" not in json.dumps(state.observation(None)["matches"][0]["sides"][0]["deck"] or "")


@pytest.mark.parametrize("n,hidden", [(3, True), (2, False), (1, False)])
def test_trophies_fans_are_hidden_from_others_except_with_two_players_or_solo(lib, n, hidden):
    state = _play_until(contract_state(lib, n, 5), random.Random(5),
                        lambda s: any(p.trophies for p in s.tournament.players if not p.robot))
    t = state.tournament
    holder = next(p for p in t.players if p.trophies and not p.robot)
    other = next(p for p in t.players if p.index != holder.index)
    mine = state.observation(holder.index)["players"][holder.index]
    theirs = state.observation(other.index)["players"][holder.index]
    assert mine["trophies"][0][1] == holder.trophies[0][1]
    assert (theirs["trophies"][0][1] is None) == hidden and (theirs["fans"] is None) == hidden


def _pending(where):
    def stop(state):
        t = state.tournament
        found = t.matches.values() if where == "match" else t.deck_phases.values()
        return any(x.pending is not None for x in found)
    return stop


@pytest.mark.parametrize("box,seed,where", [("base", 1, "match"), ("base", 4, "match"), ("beach", 0, "deck"),
                                            ("beach", 5, "deck")])
def test_a_clone_with_a_choice_pending_is_independent_and_determinized_states_play_on(lib, box, seed, where):
    state = _play_until(contract_state(lib, 3, seed, box=box), random.Random(seed), _pending(where))
    assert _pending(where)(state)
    before = state.tournament.snapshot(), list(state.tournament.log)
    twin = state.clone()
    play_out(twin, {p: GAME.policies["random"](lib, p, p) for p in range(twin.num_players)})
    assert twin.outcome() is not None
    assert (state.tournament.snapshot(), list(state.tournament.log)) == before
    for p in range(state.num_players):
        obs = state.observation(p)
        guess = GAME.determinize(lib, obs, p, random.Random(seed))
        assert guess.observation(p) == obs
        assert guess.legal_actions(p) == state.legal_actions(p)
        play_out(guess, {q: GAME.policies["greedy"](lib, q, q) for q in range(guess.num_players)})
        assert guess.outcome() is not None
    assert (state.tournament.snapshot(), list(state.tournament.log)) == before


def test_a_set_up_goes_to_json_and_back_and_plays_the_same_tournament(lib):
    setup = GameSetup("challengers", names(3), 21, {"box": "beach", "robot_level": 2, "final_park": 2})
    again = GameSetup.from_json(json.loads(json.dumps(setup.to_json())))
    assert again == setup
    a, b = GAME.new(lib, setup), GAME.new(lib, again)
    bots = {p: GAME.policies["greedy"](lib, p, p) for p in range(a.num_players)}
    played = play_out(a, bots)
    for action in played:
        b.apply(Action.from_text(action.to_text()))
    assert b.tournament.log == a.tournament.log and b.outcome() == a.outcome()
    assert a.tournament.results[-1][:2] == ("final", 2)


def test_a_tournaments_shallow_copy_holds_every_field_and_anything_hung_on_it(lib):
    """Compiled, a Tournament's fields are an extension type's, not a ``__dict__``: its copy
    (the start of every clone) names them all, and still carries an attribute set from outside."""
    from engine.challengers.tournament import _FIELDS
    t = Tournament(lib, Setup(players=names(3), seed=2))
    run_tournament(t, {p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players}, limit=80)
    t.note_from_a_screen = "kept"
    own = {k for k in getattr(t, "__dict__", {})} - {"note_from_a_screen"}
    assert own <= set(_FIELDS)          # pure: every attribute the tournament set is a named field
    c = t.shallow_copy()
    assert type(c) is Tournament and c is not t
    for name in _FIELDS:
        assert getattr(c, name) is getattr(t, name), name
    assert c.note_from_a_screen == "kept"
