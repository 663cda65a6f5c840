"""Challengers!' observation is a format: steps by :class:`~engine.challengers.steps.Step`,
a schema version at the top, nothing named after the Python code, and older ones read.

The walk plays seeded tournaments (random and greedy bots, the base box, the Beach Cup box, and
the Beach Cup with its Forest set, whose Grandmother asks in the Deck Phase) and checks every
seat's and the spectator's observation at every step; a state determinized from one seat's view
is observed too (its stand-in for someone else's answer is a step as well).
"""

from __future__ import annotations

import copy
import inspect
import json
import random

import pytest
from contract_checks import private_names

from engine.challengers import GAME
from engine.challengers.deckphase import DeckPhase
from engine.challengers.game import decode_steps, effect_index, encode_steps, observe_deck_phase, observe_match
from engine.challengers.match import Match
from engine.challengers.steps import _METHODS, SCHEMA_0_NAMES, Step, bound_step, step_name, upgrade_observation
from engine.game import OBSERVATION_SCHEMA, GameSetup, ObservationSchemaError, check_schema, next_actor

FOREST = "rainbow,secret,beachclub,mountain,university,forest"

#: (box, sets, people) of the walk: every box, solo to five at a table.
WALK = [("base", None, 1), ("base", None, 2), ("base", None, 5), ("beach", None, 3), ("beach", FOREST, 2),
        ("beach", FOREST, 4)]

#: The steps a few seeded tournaments reach between two actions (the walk must keep finding them:
#: a step encoded wrongly there would go unseen otherwise).  The agenda's first steps (an effect,
#: a flag loss) are run before any action can stop them, so they are round-tripped below instead.
WALKED = {"compare", "attack_on", "bench", "take_flag", "swap", "answer_seat_power", "answer_move",
          "answer_arrange", "answer_remove", "answer_cost", "answer_extra_draw", "answer_then_rest"}


def steps_in(value) -> list[str]:
    """Every ``{"step": ...}`` value in an observation."""
    if isinstance(value, dict):
        if set(value) == {"step"}:
            return [value["step"]]
        return [s for v in value.values() for s in steps_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in steps_in(v)]
    return []


def check_round_trips(state, obs, player, effects, card) -> None:
    """Each encoded agenda and context of ``obs`` decodes onto the engine's objects and encodes back the same."""
    t = state.tournament
    for mv in obs["matches"]:
        m = t.matches[mv["park"]]
        assert encode_steps(decode_steps(mv["agenda"], m, card), effects) == mv["agenda"]
        if mv["context"] is not None:
            assert encode_steps(decode_steps(mv["context"], m, card), effects) == mv["context"]
    for i, dv in enumerate(obs["deck_phases"]):
        if dv is None:
            continue
        dp = t.deck_phases[i]
        if dv["context"] is not None:
            assert encode_steps(decode_steps(dv["context"], dp, card), effects) == dv["context"]
        for entry in dv["undo"] or ():
            ctx = entry["before"]["context"]
            if ctx is not None:
                assert encode_steps(decode_steps(ctx, dp, card), effects) == ctx


def check_observation(obs) -> list[str]:
    assert obs["schema"] == OBSERVATION_SCHEMA
    leaks = private_names(obs)
    assert not leaks, leaks[:5]
    found = steps_in(obs)
    assert set(found) <= {s.value for s in Step}, set(found) - {s.value for s in Step}
    return found


@pytest.mark.slow
def test_every_observation_of_seeded_tournaments_names_its_steps_by_the_enum(lib):
    effects, card = effect_index(lib), lib.catalogue.card
    seen: set[str] = set()
    for n, (box, sets, people) in enumerate(WALK):
        for policy in ("random", "greedy"):
            options = {"box": box, **({"sets": sets} if sets else {})}
            state = GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(people)), n, options))
            bots = {p: GAME.policies[policy](lib, p, 10 * n + p) for p in range(state.num_players)}
            rng = random.Random(n)
            step = 0
            while (seat := next_actor(state)) is not None:
                for p in [*range(state.num_players), None]:
                    obs = state.observation(p)
                    seen.update(check_observation(obs))
                    check_round_trips(state, obs, p, effects, card)
                if step % 7 == 0:
                    # A guess from one seat's view shows every seat an observation of the same format.
                    guess = GAME.determinize(lib, json.loads(json.dumps(state.observation(seat))), seat, rng)
                    for p in range(guess.num_players):
                        seen.update(check_observation(guess.observation(p)))
                obs = state.observation(seat)
                state.apply(bots[seat].act(obs, state.legal_actions(seat)))
                step += 1
    assert seen >= WALKED, WALKED - seen


def test_the_table_names_every_step_and_continuation_of_the_rules():
    """Every method the rules put on an agenda or behind a choice has a step, and every step a method."""
    engine_methods = {name for cls in (Match, DeckPhase) for name, _ in inspect.getmembers(cls)
                      if name.startswith(("_step_", "_answer_")) or name == "_then"}
    assert engine_methods == set(_METHODS.values()) - {"unknown_answer"}
    assert set(_METHODS) == set(Step)
    for step, method in _METHODS.items():
        assert not step.value.startswith("_") and step.value == step.value.lower()
        owner = Match if method.startswith("_step_") or method in ("_answer_seat_power", "_answer_move",
                                                                     "_answer_arrange") else DeckPhase
        if step is not Step.UNKNOWN_ANSWER:
            assert hasattr(owner, method), method
    # What schema 0 wrote is today's table, name for name (renaming a method must leave it as it is).
    assert {name: step for name, step in SCHEMA_0_NAMES.items() if step is not Step.UNKNOWN_ANSWER} == \
        {method: step for step, method in _METHODS.items() if step is not Step.UNKNOWN_ANSWER}


def test_every_step_bound_to_a_match_or_a_deck_phase_encodes_and_decodes(match, lib):
    """Each step, including those the walk cannot stop at (an effect, a flag loss), round-trips
    through the table on a real match and a real Deck Phase."""
    m = match(["champion", "dog"], ["newcomer", "lion"])
    dp = DeckPhase(0, [], (), None, random.Random(0), 3, None)
    for step, method in _METHODS.items():
        owner = dp if method in ("_answer_remove", "_answer_cost", "_answer_extra_draw", "_then") else m
        bound = bound_step(step.value, owner)
        assert step_name(bound) == step.value
        assert bound.__self__ is owner
        assert encode_steps(decode_steps([{"step": step.value}], owner, lib.catalogue.card), effect_index(lib)) \
            == [{"step": step.value}]


@pytest.mark.parametrize("bad", ["_step_compare", "Compare", "no-such-step", 3, None])
def test_an_unknown_step_is_a_clear_error(match, bad):
    m = match(["champion"], ["newcomer"])
    with pytest.raises(ObservationSchemaError, match="unknown step"):
        bound_step(bad, m)


def test_a_determinization_refuses_an_observation_of_another_schema(lib):
    state = GAME.new(lib, GameSetup("challengers", ("A", "B"), 3))
    obs = state.observation(0)
    for schema, why in ((OBSERVATION_SCHEMA + 1, "newer than this code reads"), (None, "no schema version"),
                        ("1", "has schema '1'")):
        old = dict(obs)
        if schema is None:
            del old["schema"]
        else:
            old["schema"] = schema
        with pytest.raises(ObservationSchemaError, match=why):
            GAME.determinize(lib, old, 0, random.Random(0))
        with pytest.raises(ObservationSchemaError):
            check_schema(old)


def test_a_match_and_a_deck_phase_sent_alone_carry_the_schema(lib):
    state = GAME.new(lib, GameSetup("challengers", ("A", "B"), 4))
    t = state.tournament
    bots = {p: GAME.policies["greedy"](lib, p, p) for p in range(state.num_players)}
    while not t.matches:
        seat = next_actor(state)
        state.apply(bots[seat].act(state.observation(seat), state.legal_actions(seat)))
        if t.deck_phases and observe_deck_phase(t, 0) is not None:
            seen = observe_deck_phase(t, 0)
            assert seen["schema"] == OBSERVATION_SCHEMA and not private_names(seen)
    for park, m in t.matches.items():
        for p in (*m.players, None):
            alone = observe_match(m, p, lib)
            assert alone["schema"] == OBSERVATION_SCHEMA and not private_names(alone)
            assert {k: v for k, v in alone.items() if k != "schema"} in state.observation(p)["matches"]


# ---------------------------------------------------------------------------- schema 0

def as_schema_0(obs):
    """``obs`` as the code before schema 1 wrote it: no schema key, steps by method name."""
    def back(value):
        if isinstance(value, dict):
            if set(value) == {"step"}:
                return {"step": _METHODS[Step(value["step"])].replace("unknown_answer", "_unknown_answer")}
            return {k: back(v) for k, v in value.items() if k != "schema"}
        if isinstance(value, list):
            return [back(v) for v in value]
        return value
    return back(obs)


def test_an_observation_of_schema_0_is_upgraded_to_todays(lib):
    """Along a tournament with choices pending in matches, each observation written the old way
    upgrades to exactly today's, and a determinization reads it."""
    state = GAME.new(lib, GameSetup("challengers", ("A", "B"), 11, {"box": "beach", "sets": FOREST}))
    bots = {p: GAME.policies["greedy"](lib, p, p) for p in range(state.num_players)}
    old_steps = set()
    while (seat := next_actor(state)) is not None:
        obs = state.observation(seat)
        old = as_schema_0(obs)
        old_steps.update(steps_in(old))
        assert upgrade_observation(copy.deepcopy(old)) == obs
        assert upgrade_observation(obs) is obs          # today's is left as it is
        state.apply(bots[seat].act(obs, state.legal_actions(seat)))
    assert old_steps and all(s.startswith("_") for s in old_steps)


def test_an_observation_of_a_newer_schema_is_not_upgraded():
    with pytest.raises(ObservationSchemaError, match="schema 2"):
        upgrade_observation({"schema": OBSERVATION_SCHEMA + 1, "agenda": []})
    with pytest.raises(ObservationSchemaError, match="unknown step '_step_dance'"):
        upgrade_observation({"agenda": [{"step": "_step_dance"}]})
