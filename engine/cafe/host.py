"""What a café host (the coordinator) needs to run a :class:`~engine.cafe.tournament.CafeTournament`
of a game of the table: the café module of every game played in the café formats.

The coordinator finds a game's café module through the registry (``Game.cafe``) and reads from
it the set-up as the organiser gives it and as the host stores it, where an action is played,
the views, the bot entrants (see :mod:`engine.challengers.cafe`, the module of the game with its
own printed plans).  For Between Battle, Wacky Challenge and Cosplay Team Battle the answers are
the same but for the game's name, so they are here once: :class:`CafeHost` for one game, and
each game's ``engine.<game>.cafe`` module is a thin door to it.

Every action of a café tournament is an action of a park's *table game* (the inner game played
there this round): the park's kiosk sends it with its index in that table game (``match_seq``,
the name the protocol gives it for every game).  A seat's action is the tournament's action with
``player`` the entrant; a kiosk reads its table as seats (``seats``: entrant by seat).

Everything is a pure function of the state (no I/O, no clock).  ``entry`` arguments are the
host's record of one tournament, read for ``id``, ``name``, ``version``, ``state``, ``kiosks``
(park -> kiosk id), ``bots`` (player -> level), ``actions``, ``created`` and
``table_entries(park)``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from engine import registry
from engine.cafe.tournament import FORMATS, MAX_ROUNDS, SEEDINGS, CafePolicy, CafeTournament, Table, new_setup
from engine.errors import IllegalAction
from engine.events import Event, news
from engine.game import Action, GameSetup
from engine.json_values import plain
from engine.search import LEVELS, policy_factory

__all__ = ["AnyKind", "CafeHost", "DecisionPolicy"]

#: The event kinds a host's live update names (the others are said as "action").
NEWS = ("round", "bye", "table-over", "round-over", "toss", "tournament-over")
#: The most arguments an action of a table game carries, and the longest text argument.
MAX_ARGS = 16
MAX_TEXT = 64


class AnyKind:
    """Every kind is a table game's (a café tournament has no action of its own): ``kind in
    TABLE_KINDS`` is true for any kind of text."""

    def __contains__(self, kind: object) -> bool:
        return isinstance(kind, str)


class DecisionPolicy:
    """A bot entrant that keeps nothing between decisions: each decision is made by a fresh
    :class:`~engine.cafe.tournament.CafePolicy` seeded from the entrant's seed, the round and its
    table's observation (not the rest of the tournament's: how far the other parks have got
    depends on timing).  A host that restarts (its bots' memory lost) and a host that ran on
    decide the same, so a tournament's record does not depend on the host's restarts."""

    def __init__(self, factory: Any, data: Any, player: int, seed: int, name: str) -> None:
        self.factory, self.data, self.player, self.seed, self.name = factory, data, player, seed, name

    def act(self, observation: dict[str, Any], legal: Any) -> Action:
        text = json.dumps(plain([observation.get("round"), observation.get("table")]), sort_keys=True, default=str)
        digest = hashlib.sha256(f"{self.seed}:{text}".encode()).digest()
        seed = int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
        return CafePolicy(self.factory, self.data, self.player, seed, self.name).act(observation, legal)


def _never() -> float:
    """The search bot's clock for a bot entrant: time never runs out, so a level's budget is its
    simulations alone and the decision does not depend on the machine's speed."""
    return 0.0


class CafeHost:
    """The café module's answers for tournaments of the game called ``game``."""

    ACTION_KINDS = None           # any kind the table's game has: its state says which are legal
    TABLE_KINDS = AnyKind()
    PLAYERS = (0, 255)
    ARG_RANGE = (0, 1_000_000)

    def __init__(self, game: str) -> None:
        self.GAME = game

    # ------------------------------------------------------------------ set-up
    @property
    def inner(self) -> Any:
        return registry.get(self.GAME)

    def new_state(self, data: Any, setup: GameSetup) -> CafeTournament:
        """A new tournament; ``ValueError`` saying why when its rules refuse the set-up."""
        return CafeTournament(self.inner, data, setup)

    def setup_from_options(self, players: list[str], seed: int, options: Mapping[str, Any]) -> GameSetup:
        """The set-up of a tournament the organiser creates (``POST /api/tournaments``):
        ``options`` the café format's (format, rounds, table_size, seeding; None: the default)."""
        return new_setup(self.GAME, players, seed, **{k: v for k, v in options.items() if v is not None})

    def setup_to_stored(self, setup: GameSetup) -> dict[str, Any]:
        return {"players": list(setup.players), "seed": setup.seed,
                "options": {k: v for k, v in setup.options.items() if k != "game"}}

    def setup_from_stored(self, d: Mapping[str, Any]) -> GameSetup:
        return new_setup(self.GAME, list(d["players"]), d["seed"], **dict(d.get("options") or {}))

    def formats(self) -> dict[str, Any]:
        """The options an organiser may give a tournament of this game."""
        from engine.cafe.tournament import formats_for
        return {"formats": list(formats_for(self.inner)), "all_formats": list(FORMATS), "max_rounds": MAX_ROUNDS,
                "seedings": list(SEEDINGS)}

    @staticmethod
    def parks(state: CafeTournament) -> int:
        return int(state.parks)

    # ------------------------------------------------------------------ actions
    def check_form(self, action: Action) -> None:
        """``ValueError`` naming what is wrong unless ``action`` has the form of a table game's
        action (which of them are legal is the state's word)."""
        lo, hi = self.PLAYERS
        if not lo <= action.player <= hi:
            raise ValueError(f"'action.player' must be an integer {lo} to {hi}")
        if not action.kind or len(action.kind) > 32:
            raise ValueError("'action.kind' must be the name of an action of the table's game (1 to 32 characters)")
        if len(action.args) > MAX_ARGS:
            raise ValueError(f"'action.args' holds at most {MAX_ARGS} values, not {len(action.args)}")
        for i, a in enumerate(action.args):
            if isinstance(a, str):
                if len(a) > MAX_TEXT:
                    raise ValueError(f"'action.args[{i}]' is longer than {MAX_TEXT} characters")
            elif type(a) is not int or not self.ARG_RANGE[0] <= a <= self.ARG_RANGE[1]:
                raise ValueError(f"'action.args[{i}]' must be a card or a word (text), or an integer "
                                 f"{self.ARG_RANGE[0]} to {self.ARG_RANGE[1]}")

    def action_schema(self) -> dict[str, Any]:
        """The JSON Schema of an action of this game's tables."""
        arg = {"oneOf": [{"type": "integer", "minimum": self.ARG_RANGE[0], "maximum": self.ARG_RANGE[1]},
                         {"type": "string", "maxLength": MAX_TEXT}]}
        return {"title": f"{self.GAME}: an action of a park's table", "type": "object",
                "additionalProperties": False, "required": ["player", "kind"],
                "properties": {"player": {"type": "integer", "minimum": self.PLAYERS[0], "maximum": self.PLAYERS[1]},
                               "kind": {"type": "string", "minLength": 1, "maxLength": 32},
                               "args": {"type": "array", "items": arg, "maxItems": MAX_ARGS}},
                "description": '{"player": entrant, "kind": "play", "args": ["ninja-2", "a"]}: the table\'s '
                               "game's action, its player the entrant"}

    @staticmethod
    def legacy_action(state: Any, value: Any) -> Action:
        raise ValueError(f"not a contract action: {value!r} (café tournaments of this game never had another wire)")

    @staticmethod
    def table_of(state: CafeTournament, action: Action) -> int:
        """The park whose table game ``action`` belongs to (every action's); ``IllegalAction``
        saying why when its player has no table now."""
        park, _ = state.seat_action(action)
        return park

    @staticmethod
    def table_game(state: CafeTournament, park: int) -> Table | None:
        """The park's table this round (the last round's once the tournament is over), or None."""
        return state.tables[park - 1] if 1 <= park <= len(state.tables) else None

    park_of = table_of

    @staticmethod
    def coordinator_plays(state: CafeTournament, bots: Mapping[int, str], action: Action) -> str | None:
        if action.player in bots:
            return f"player {action.player} ({state.names[action.player]}) is a bot: the coordinator plays it"
        return None

    @staticmethod
    def final_park_setup(state: Any, setup: GameSetup, actions: list[Action], park: int) -> GameSetup:
        raise IllegalAction("a café tournament of this game has no Final: every round is played at every park")

    # ------------------------------------------------------------------ views
    @staticmethod
    def snapshot(state: CafeTournament) -> Any:
        """The whole tournament as plain values: its record and the tables of the round now (each
        table's set-up and actions, which replay it)."""
        return plain({"record": state.record(), "round": state.round,
                      "tables": [{"park": t.park, "players": list(t.players), "seed": t.setup.seed,
                                  "actions": [a.to_json() for a in t.actions]} for t in state.tables]})

    @staticmethod
    def events_json(state: Any, events: list[Event]) -> list[dict[str, Any]]:
        """Events as dicts; a table's event (``park``) as its own dict in ``info`` (seats as the
        table numbers them).  Only the park's kiosk, which holds its table's whole game, reads them."""
        out = []
        for ev in events:
            info = ev.info
            if ev.kind == "park" and isinstance(info, Event):
                info = {"kind": info.kind, "player": plain(info.player), "card": plain(info.card),
                        "value": plain(info.value), "info": plain(info.info)}
            out.append({"kind": ev.kind, "player": plain(ev.player), "card": plain(ev.card), "value": plain(ev.value),
                        "info": plain(info)})
        return out

    @staticmethod
    def news(events: list[Event]) -> list[str]:
        return news(events, NEWS)

    def _players(self, state: CafeTournament, bots: Mapping[int, str]) -> list[dict[str, Any]]:
        return [{"player": p, "name": n, "robot": False, "bot": bots.get(p)} for p, n in enumerate(state.names)]

    @staticmethod
    def _phase(state: CafeTournament) -> str:
        return "over" if state.over else "playing"

    def summary(self, entry: Any) -> dict[str, Any]:
        """One line of ``GET /api/tournaments``."""
        s: CafeTournament = entry.state
        return {"id": entry.id, "name": entry.name, "game": self.GAME, "format": s.rules.format,
                "players": list(s.names), "parks": s.parks, "round": s.round, "phase": self._phase(s),
                "over": s.over, "version": entry.version, "winner": self._winner(s), "created": entry.created}

    @staticmethod
    def _winner(state: CafeTournament) -> str | None:
        return state.standings()[0]["name"] if state.over else None

    def _seats(self, state: CafeTournament, bots: Mapping[int, str]) -> list[dict[str, Any]]:
        """Where every entrant plays now: [{player, name, bot, park, seat}] (empty once over)."""
        if state.over:
            return []
        return [{"player": p, "name": state.names[p], "bot": bots.get(p), "park": t.park, "seat": seat}
                for t in state.tables for seat, p in enumerate(t.players)]

    def _table_public(self, state: CafeTournament, t: Table, entries: Any) -> dict[str, Any]:
        outcome = t.state.outcome()
        return {"park": t.park, "round": state.round, "players": list(t.players),
                "names": [state.names[p] for p in t.players], "game": self.GAME,
                "to_act": sorted(t.players[s] for s in t.state.to_act()),
                "over": outcome is not None, "outcome": None if outcome is None else plain(outcome.to_json()),
                "match_seq": len(t.actions) if entries is None else len(entries),
                "current": not state.over}

    def public_view(self, entry: Any) -> dict[str, Any]:
        """What anyone may see (the TV, ``GET /api/tournaments/{id}``): no seed, and each table as
        a spectator sees it (its game's public observation)."""
        s: CafeTournament = entry.state
        return {
            "id": entry.id, "name": entry.name, "game": self.GAME, "version": entry.version,
            "format": s.rules.format, "rules": {k: v for k, v in s.rules.to_json().items()},
            "round": s.round, "rounds": s.rules.rounds, "phase": self._phase(s), "over": s.over, "parks": s.parks,
            "players": self._players(s, entry.bots), "seats": self._seats(s, entry.bots),
            "byes": [{"player": p, "name": s.names[p]} for p in s.byes] if not s.over else [],
            "tables": [{**self._table_public(s, t, entry.table_entries(t.park)),
                        "observation": plain(t.state.observation(None))} for t in s.tables],
            "results": [{k: v for k, v in r.items() if k != "standings"} for r in plain(s.history)],
            "standings": self._standings(s, entry.bots),
            "winner": self._winner(s),
            "kiosks": {str(p): k for p, k in sorted(entry.kiosks.items())},
        }

    @staticmethod
    def _standings(state: CafeTournament, bots: Mapping[int, str]) -> list[dict[str, Any]]:
        return [{**r, "bot": bots.get(r["player"])} for r in state.standings()]

    def park_view(self, entry: Any, park: int, private: bool) -> dict[str, Any]:
        """What a park's kiosk reads (``GET .../parks/{park}``); the private part (the table's
        set-up with its seed, its actions so far, each seat's observation) only for that kiosk."""
        s: CafeTournament = entry.state
        seats = self._seats(s, entry.bots)
        t = self.table_game(s, park)
        entries = entry.table_entries(park)
        view: dict[str, Any] = {
            "tournament": entry.id, "park": park, "game": self.GAME, "name": entry.name, "version": entry.version,
            "format": s.rules.format, "round": s.round, "rounds": s.rules.rounds, "phase": self._phase(s),
            "over": s.over, "kiosk_id": entry.kiosks.get(park),
            "seats": seats, "here": [x for x in seats if x["park"] == park],
            # Who sits this round out: a park's phones tell their players so (public, as on the TV).
            "byes": [{"player": p, "name": s.names[p]} for p in s.byes] if not s.over else [],
            "table": None if t is None else self._table_public(s, t, entries),
            "results": [r for rnd in plain(s.history) for r in rnd["tables"] if r["park"] == park],
            "standings": self._standings(s, entry.bots), "players": self._players(s, entry.bots),
            "winner": self._winner(s), "private": None,
        }
        if private:
            view["private"] = None if t is None else {
                "table": {"setup": {"game": t.setup.game, "players": list(t.setup.players), "seed": t.setup.seed,
                                    "options": plain(t.setup.options)},
                          "seats": list(t.players),
                          "actions": [a.to_json() for a in t.actions],
                          "match_seq": len(t.actions)},
                "observations": {str(seat): plain(t.state.observation(seat)) for seat in range(len(t.players))},
            }
            done = next((f for f in s.finished if f.park == park), None) if not s.over else None
            if view["private"] is not None and done is not None:
                # The park's table of the round before: its kiosk shows the end of its game from it
                # when the move that ended the round (another's) had not reached it.
                view["private"]["finished"] = {
                    "round": s.round - 1, "setup": {"game": done.setup.game, "players": list(done.setup.players),
                                                    "seed": done.setup.seed, "options": plain(done.setup.options)},
                    "seats": list(done.players), "actions": [a.to_json() for a in done.actions],
                    "match_seq": len(done.actions)}
        return view

    def answer(self, entry: Any, action: Action, park: int | None, match_seq: int | None,
               m: Table | None) -> dict[str, Any]:
        """What an applied action's answer adds: the round, the phase, its ``match_seq`` and the
        next, and its table as it stands (``to_act``: the entrants who may act at it now)."""
        s: CafeTournament = entry.state
        resp: dict[str, Any] = {"round": s.round, "phase": self._phase(s)}
        if park is None or m is None or match_seq is None:
            return resp
        outcome = m.state.outcome()
        resp["match_seq"] = match_seq
        resp["next_match_seq"] = match_seq + 1
        resp["table"] = {"park": park, "to_act": sorted(m.players[x] for x in m.state.to_act()),
                         "over": outcome is not None,
                         "outcome": None if outcome is None else plain(outcome.to_json())}
        return resp

    # ------------------------------------------------------------------ bot entrants
    @staticmethod
    def bot_turn(state: CafeTournament, bots: Mapping[int, str]) -> int | None:
        """The bot entrant the coordinator plays now (the first at the lowest park), or None."""
        for t in state.tables:
            for seat in sorted(t.state.to_act()):
                if t.players[seat] in bots:
                    return t.players[seat]
        return None

    @staticmethod
    def bot_kind(state: Any, bots: Mapping[int, str], seat: int) -> str:
        return bots[seat]

    def bot_policy(self, data: Any, kind: str, seat: int, seed: int) -> DecisionPolicy:
        """A bot entrant at level ``kind``: the game's search bot with that level's simulations
        (no time limit), deciding anew each time (:class:`DecisionPolicy`)."""
        if kind not in LEVELS:
            raise ValueError(f"unknown bot level {kind!r} (one of {', '.join(LEVELS)})")
        return DecisionPolicy(policy_factory(self.inner, kind, clock=_never), data, seat, seed, f"search-{kind}")
