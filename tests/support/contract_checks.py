"""What every game must keep, checked by playing it: one function for all games.

:func:`check_game` plays whole games with random bots and, at every step,
checks the contract of :mod:`engine.game`: who acts and the legal actions
agree, every legal action survives both codecs, illegal actions are refused
with the state unchanged, a clone is independent, observations are JSON of
today's schema, name nothing private (no string starting with ``_``) and
reveal nothing a determinization would not keep, and the set-up plus the
actions replay event for event.
"""

from __future__ import annotations

import json
import random

from engine.errors import IllegalAction
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, Game, GameSetup, GameState, Outcome, next_actor, replay


def private_names(value, path: str = "", text: str | None = None) -> list[str]:
    """Where ``value`` (an observation) holds a string starting with ``_`` (a key or a value):
    the mark of a Python method's or a private field's name, which an observation never carries.
    ``text``: ``json.dumps(value)`` when the caller has it already (not written twice)."""
    if not path:
        # Every such string, key or value, is written '"_' in the JSON text: without that pair
        # there is nothing to find, and the walk below (a third of the contract checks' time at
        # a big table) is only needed to say where.  The pair may also sit inside a string (an
        # escaped quote, then "_"): the walk then finds nothing, as it should.
        try:
            if '"_' not in (json.dumps(value) if text is None else text):
                return []
        except (TypeError, ValueError):
            pass                        # not JSON (a key that is not text): walk it all
    found = []
    if isinstance(value, str):
        if value.startswith("_"):
            found.append(f"{path or '.'}: {value!r}")
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and k.startswith("_"):
                found.append(f"{path}.{k} (a key)")
            found.extend(private_names(v, f"{path}.{k}"))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            found.extend(private_names(v, f"{path}[{i}]"))
    return found


def check_observation_format(game: Game, observation) -> None:
    """An observation as it leaves the process: JSON, today's schema at its top, nothing private."""
    text = json.dumps(observation)
    assert observation.get(SCHEMA_KEY) == OBSERVATION_SCHEMA, f"{game.name}: an observation without schema " \
        f"{OBSERVATION_SCHEMA}: {observation.get(SCHEMA_KEY)!r}"
    leaks = private_names(observation, text=text)
    assert not leaks, f"{game.name}: an observation names private things: {leaks[:5]}"


def fingerprint(state: GameState) -> tuple:
    """Everything anyone may see of ``state``, and its generator: equal before and after
    an action that must change nothing (compared as values: cheaper than as JSON text)."""
    views = [state.observation(p) for p in range(state.num_players)] + [state.observation(None)]
    return (views, state.rng.getstate(), sorted(state.to_act()))


def _illegal_candidates(state: GameState, legal_by_player: dict[int, list[Action]], rng: random.Random):
    n = state.num_players
    acting = state.to_act()
    legal = {a for acts in legal_by_player.values() for a in acts}
    out = [Action(0, "no-such-move")]
    for p in range(n):
        if p not in acting:
            for a in legal:             # someone else's move, played out of turn
                out.append(Action(p, a.kind, a.args))
                break
    for a in list(legal)[:4]:
        out.append(Action(a.player, a.kind, a.args + (99,)))
        if a.args:
            out.append(Action(a.player, a.kind, tuple(99 if type(x) is int else "nope" for x in a.args)))
    out.append(Action(n, "play", ()))   # a seat that does not exist
    return [a for a in out if a not in legal]


def check_step(game: Game, data, state: GameState, rng: random.Random) -> dict[int, list[Action]]:
    """Every check on one state; returns the legal actions by player."""
    n = state.num_players
    acting = state.to_act()
    assert (state.outcome() is None) == bool(acting), "outcome() and to_act() disagree on the end"
    if not game.simultaneous:
        assert len(acting) <= 1, f"{game.name} is not simultaneous, yet {sorted(acting)} may act"
    first = next_actor(state)
    assert (first in acting) if acting else first is None, f"{game.name}: next_to_act() names seat {first}"
    legal_by_player = {}
    for p in range(n):
        legal = state.legal_actions(p)
        if p in acting:
            assert legal, f"player {p} may act but has no legal action"
        else:
            assert legal == [], f"player {p} may not act yet has {legal[:3]}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions for player {p}"
        for a in legal:
            assert a.player == p
            assert Action.from_text(a.to_text()) == a
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        legal_by_player[p] = legal
    before = fingerprint(state)
    for bad in _illegal_candidates(state, legal_by_player, rng):
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{game.name}: illegal action {bad} was accepted")
        assert fingerprint(state) == before, f"{game.name}: refused action {bad} changed the state"
    # Every seat's view and the spectator's, as the fingerprint took them: the state is the same
    # (checked just above after every refused action), so observing it again gives these views.
    for view in before[0]:
        check_observation_format(game, view)
    # A clone is independent: playing on it leaves the original as it was.
    if acting:
        twin = state.clone()
        p = rng.choice(sorted(acting))
        twin.apply(rng.choice(twin.legal_actions(p)))
        assert fingerprint(state) == before, f"{game.name}: playing on a clone changed the original"
    # Hidden information: a state rebuilt from one player's view alone shows that player the same.
    if game.determinize is not None:
        for p in range(n):
            obs = state.observation(p)
            guess = game.determinize(data, obs, p, random.Random(rng.randrange(2**31)))
            assert guess.observation(p) == obs, f"{game.name}: player {p}'s view depends on what they cannot see"
            assert guess.legal_actions(p) == legal_by_player[p], f"{game.name}: legal actions depend on hidden things"
            # What the guess shows another seat is an observation too (its stand-ins named as steps).
            check_observation_format(game, guess.observation((p + 1) % n))
    return legal_by_player


def check_game(game: Game, data, setup: GameSetup, limit: int = 20_000, every: int = 1) -> Outcome:
    """Play one whole game with random choices, checking the contract at every
    ``every``-th step; then replay it.  Returns the outcome."""
    rng = random.Random(setup.seed)
    state = game.new(data, setup)
    played: list[Action] = []
    events = []
    for step in range(limit):
        if step % every == 0:
            legal_by_player = check_step(game, data, state, rng)
        else:
            legal_by_player = {p: state.legal_actions(p) for p in state.to_act()}
        acting = sorted(state.to_act())
        if not acting:
            break
        p = rng.choice(acting)
        action = rng.choice(legal_by_player[p])
        events.extend(state.apply(action))
        played.append(action)
    else:
        raise AssertionError(f"{game.name} did not end within {limit} actions (seed {setup.seed})")
    outcome = state.outcome()
    assert outcome is not None
    again, again_events = replay(game, data, setup, played)
    assert again_events == events, f"{game.name}: replay of seed {setup.seed} differs"
    assert fingerprint(again) == fingerprint(state)
    assert json.dumps(outcome.to_json())
    return outcome
