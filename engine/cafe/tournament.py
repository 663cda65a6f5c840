"""A café tournament of any registered game, itself a contract :class:`~engine.game.GameState`.

:class:`CafeTournament` seats its entrants at tables (one game of the inner game each, played at
a *park*, numbered from 1 in every round), routes each action to its player's table, and when
every table of the round has an outcome records the results, updates the standings and seats
the next round.  Its players are the entrants (entry order from 0); an action is the inner
game's action with ``player`` the entrant, its arguments as the table's game says them (a seat
named in an argument is a seat of that table, as the table's observation names it).

The set-up is a :class:`~engine.game.GameSetup` whose ``game`` is ``"cafe"``, whose players
are the entrants' names and whose options say the inner game and the format::

    {"game": "between", "format": "swiss", "rounds": 3}
    {"game": "between", "format": "knockout", "seeding": "draw"}
    {"game": "wacky", "format": "tables", "rounds": 3, "table_size": 5}

(``game_options`` goes to every table's set-up.)  :func:`tournament_game` is the descriptor
(:class:`~engine.game.Game`) a host replays it with: ``replay(tournament_game(setup), data,
setup, actions)``.  Every random draw (lots, a knockout's draw, seats at a table, each table's
seed, a drawn knockout match's toss) comes from the generator in the state, so the set-up and
the actions replay a tournament event for event.  The formats' rules are in
:mod:`engine.cafe.formats` and ``docs/rules.md`` ("Café tournaments").

A host (the coordinator) needs :attr:`CafeTournament.parks` (the most parks any round uses),
:meth:`~CafeTournament.table_at` (a park's :class:`Table`: its entrants by seat, the set-up and
actions a kiosk replays the park's game from), :meth:`~CafeTournament.player_action` and
:meth:`~CafeTournament.seat_action` (a park's seat action to the tournament's and back),
:meth:`~CafeTournament.park_of` and :meth:`~CafeTournament.record` (every finished round and the
standings, as JSON).  Its events: ``("park", park, None, round, <the table's event>)`` for each
event of a table's game (seats as the table numbers them), then ``table-over``, ``round-over``,
``bye``, ``round`` (the next seating) and ``tournament-over`` as they happen.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine import registry
from engine.cafe import formats
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import (
    OBSERVATION_SCHEMA,
    SCHEMA_KEY,
    Action,
    Game,
    GameSetup,
    GameState,
    Outcome,
    Policy,
    Termination,
    next_actor,
)

__all__ = [
    "CAFE", "FORMATS", "MAX_ENTRANTS", "MAX_ROUNDS", "CafePolicy", "CafeRules", "CafeTournament", "Table",
    "formats_for", "new_setup", "rules_of", "tournament_game",
]

CAFE = "cafe"
FORMATS = ("swiss", "knockout", "tables")
MAX_ENTRANTS = 256
MAX_ROUNDS = 30
#: Games that are a tournament of their own, with their own printed plans (the coordinator runs
#: those as they are): no café format wraps them.
OWN_PLANS = frozenset({"challengers"})
SEEDINGS = ("entry", "draw")
OPTIONS = {
    "game": "the game played at every table (see `tablecup games`)",
    "format": "swiss or knockout (a duel), tables (a game of more players)",
    "rounds": "how many rounds (swiss, tables; a knockout plays until one is left)",
    "table_size": "the most players at a table (tables; within the game's limits; default its most)",
    "seeding": "a knockout's bracket: entry (in entry order, the first entrant top seed) or draw",
    "game_options": "the game's own options, for every table",
}


def formats_for(game: Game) -> tuple[str, ...]:
    """The café formats ``game`` can be played in: a duel's Swiss and knockout, or rounds of
    tables for a game of more players; none for a game that is a tournament itself."""
    if game.name in OWN_PLANS:
        return ()
    if game.max_players == 2 and game.min_players <= 2:
        return ("swiss", "knockout")
    if game.max_players > 2:
        return ("tables",)
    return ()


@dataclass(frozen=True)
class CafeRules:
    """A tournament's checked options (see :func:`rules_of`)."""

    game: str
    format: str
    rounds: int
    table_size: int
    seeding: str
    game_options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "format": self.format, "rounds": self.rounds, "table_size": self.table_size,
                "seeding": self.seeding, "game_options": dict(self.game_options)}


def _whole(options: Mapping[str, Any], key: str) -> int | None:
    value = options.get(key)
    if value is None:
        return None
    if type(value) is str and value.strip().isdigit():
        return int(value)
    if type(value) is not int:
        raise ValueError(f"{key}: a whole number, not {value!r}")
    return value


def rules_of(game: Game, setup: GameSetup) -> CafeRules:
    """The tournament's rules from its set-up, checked against ``game``: a clear ``ValueError``
    naming the option (or the entrants) that cannot work."""
    if setup.game != CAFE:
        raise ValueError(f"not a café tournament's set-up: its game is {setup.game!r}, not {CAFE!r}")
    options = setup.options
    unknown = sorted(set(map(str, options)) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown tournament option(s): {', '.join(unknown)} (one of {', '.join(OPTIONS)})")
    if options.get("game", game.name) != game.name:
        raise ValueError(f"game: this is a tournament of {game.name}, not of {options.get('game')!r}")
    allowed = formats_for(game)
    if not allowed:
        why = ("it is a tournament of its own, with its printed plans" if game.name in OWN_PLANS
               else f"it seats {game.min_players} to {game.max_players} players")
        raise ValueError(f"{game.title()} has no café format: {why}")
    fmt = options.get("format", allowed[0])
    if fmt not in allowed:
        known = "" if fmt in FORMATS else f" (the formats: {', '.join(FORMATS)})"
        raise ValueError(f"format: {game.title()} is not played as {fmt!r}{known}; "
                         f"its formats: {', '.join(allowed)}")
    names = setup.players
    n = len(names)
    if any(not isinstance(name, str) or not name.strip() for name in names):
        raise ValueError("every entrant needs a name")
    least = max(2, game.min_players)
    if n < least:
        raise ValueError(f"too few entrants: a {fmt} tournament of {game.title()} needs at least {least}, not {n}")
    if n > MAX_ENTRANTS:
        raise ValueError(f"too many entrants: at most {MAX_ENTRANTS}, not {n}")
    rounds = _whole(options, "rounds")
    table_size = _whole(options, "table_size")
    seeding = options.get("seeding")
    if fmt != "tables" and table_size not in (None, 2):
        raise ValueError(f"table_size: {game.title()} is a duel, two at a table, not {table_size}")
    if fmt != "knockout" and seeding is not None:
        raise ValueError("seeding: only a knockout is seeded (a Swiss or tables round is seated from the standings)")
    if fmt == "knockout":
        if rounds is not None:
            raise ValueError(f"rounds: a knockout plays until one entrant is left ({_knockout_rounds(n)} rounds "
                             f"for {n}); leave 'rounds' out")
        rounds = _knockout_rounds(n)
        seeding = "entry" if seeding is None else seeding
        if seeding not in SEEDINGS:
            raise ValueError(f"seeding: {', '.join(SEEDINGS)}, not {seeding!r}")
        table_size = 2
    elif fmt == "swiss":
        cap = n - 1 if n % 2 == 0 else n        # a round robin's worth: each pair meets once, each bye once
        rounds = max(1, (n - 1).bit_length()) if rounds is None else rounds
        if not 1 <= rounds <= min(cap, MAX_ROUNDS):
            raise ValueError(f"rounds: a Swiss of {n} entrants plays 1 to {min(cap, MAX_ROUNDS)} rounds, not {rounds}")
        table_size = 2
    else:
        rounds = 3 if rounds is None else rounds
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds: 1 to {MAX_ROUNDS}, not {rounds}")
        table_size = game.max_players if table_size is None else table_size
        if not least <= table_size <= game.max_players:
            raise ValueError(f"table_size: {game.title()} seats {least} to {game.max_players} players at a table, "
                             f"not {table_size}")
    game_options = options.get("game_options", {})
    if type(game_options) is not dict:       # a JSON object
        raise ValueError("game_options: an object of the game's own options")
    return CafeRules(game.name, fmt, rounds, table_size, str(seeding or "entry"), dict(game_options))


def _knockout_rounds(n: int) -> int:
    return max(1, (n - 1).bit_length())


def new_setup(game: str, players: Sequence[str], seed: int = 0, **options: Any) -> GameSetup:
    """A tournament's set-up: ``new_setup("wacky", names, 7, format="tables", table_size=5)``."""
    return GameSetup(CAFE, tuple(players), seed, {"game": game, **{k: v for k, v in options.items() if v is not None}})


# ---------------------------------------------------------------------------- the parts of the state

class _Entrant:
    """One entrant's record so far."""

    __slots__ = ("against", "byes", "draws", "games", "losses", "opponents", "places", "points", "reached", "wins")

    def __init__(self) -> None:
        self.points = self.wins = self.draws = self.losses = self.byes = self.games = self.places = 0
        self.opponents: list[int] = []          # everyone met at a table, once a game
        self.against: dict[int, int] = {}       # points scored in games against each opponent
        self.reached = 1                        # a knockout: the last round played (or won, for its winner)

    def copy(self) -> _Entrant:
        c = _Entrant.__new__(_Entrant)
        c.points, c.wins, c.draws, c.losses, c.byes = self.points, self.wins, self.draws, self.losses, self.byes
        c.games, c.places, c.reached = self.games, self.places, self.reached
        c.opponents, c.against = list(self.opponents), dict(self.against)
        return c


class Table:
    """One game of the round at one park: the entrants by seat, the table's set-up (all a kiosk
    needs to play it: the game, the names in seat order, its seed and options), its state and
    the actions applied to it (in seat numbers)."""

    __slots__ = ("actions", "park", "players", "setup", "state")

    def __init__(self, park: int, players: tuple[int, ...], setup: GameSetup, state: GameState) -> None:
        self.park = park
        self.players = players
        self.setup = setup
        self.state = state
        self.actions: list[Action] = []

    def clone(self) -> Table:
        t = Table(self.park, self.players, self.setup, self.state.clone())
        t.actions = list(self.actions)
        return t

    def seat_of(self, player: int) -> int:
        return self.players.index(player)


# ---------------------------------------------------------------------------- the state

class CafeTournament:
    """A tournament of ``game`` (the inner game) from ``setup`` (see the module's docstring)."""

    def __init__(self, game: Game, data: Any, setup: GameSetup) -> None:
        self.game = game
        self.data = data
        self.setup = setup
        self.rules = rules_of(game, setup)
        self.duel = self.rules.format != "tables"
        self.names = tuple(setup.players)
        self.rng = random.Random(setup.seed)
        n = len(self.names)
        drawn = list(range(n))
        self.rng.shuffle(drawn)
        lots = [0] * n
        for i, p in enumerate(drawn):
            lots[p] = i + 1
        self.lots = tuple(lots)                  # the seeded draw that breaks the last ties
        self.seeds = tuple(drawn) if self.rules.seeding == "draw" else tuple(range(n))   # a knockout's, best first
        self.entrants = [_Entrant() for _ in range(n)]
        self.round = 0
        self.tables: list[Table] = []
        #: The last round's tables once the next is seated (a park's kiosk finishes showing its
        #: game from them: the move that ended the round may not have reached it yet).
        self.finished: list[Table] = []
        self.where: dict[int, tuple[int, int]] = {}     # entrant -> (index in tables, seat)
        self.byes: list[int] = []                       # this round's
        self.lines: list[int | None] = (formats.knockout_round_one(self.seeds)
                                        if self.rules.format == "knockout" else [])
        self.history: list[dict[str, Any]] = []         # finished rounds; never changed once added
        self.over = False
        self.parks = self._parks_needed()
        self._standings = self._rank()
        events: list[Event] = []
        try:
            self._seat_round(events)
        except ValueError as e:
            raise ValueError(f"game_options: {e}") from None
        self._advance(events)

    # ------------------------------------------------------------------ the contract
    @property
    def num_players(self) -> int:
        return len(self.names)

    def to_act(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset(t.players[s] for t in self.tables for s in t.state.to_act())

    def next_to_act(self) -> int | None:
        """The player a one-at-a-time driver asks first: at the lowest park still playing, the
        one its game would ask."""
        if self.over:
            return None
        for t in self.tables:
            seat = next_actor(t.state)
            if seat is not None:
                return t.players[seat]
        return None

    def legal_actions(self, player: int) -> list[Action]:
        at = self.where.get(player)
        if at is None or self.over:
            return []
        table = self.tables[at[0]]
        return [Action(player, a.kind, a.args) for a in table.state.legal_actions(at[1])]

    def apply(self, action: Action) -> list[Event]:
        park, inner = self.seat_action(action)
        table = self.tables[park - 1]
        try:
            inner_events = table.state.apply(inner)
        except IllegalAction as e:
            raise IllegalAction(f"park {park}: {e}") from None
        table.actions.append(inner)
        events = [Event("park", park, None, self.round, e) for e in inner_events]
        self._advance(events)
        return events

    def observation(self, player: int | None) -> dict[str, Any]:
        """The round, the standings, who plays at which park, the last round's results, and
        ``player``'s table: its park, their seat, the entrants by seat and the table's game as
        that seat sees it (``None``: a spectator, who sees every table's public view)."""
        if player is not None and not 0 <= player < self.num_players:
            raise ValueError(f"no entrant {player} (0 to {self.num_players - 1})")
        parks = []
        for t in self.tables:
            row: dict[str, Any] = {"park": t.park, "players": list(t.players),
                                   "to_act": sorted(t.players[s] for s in t.state.to_act()),
                                   "over": t.state.outcome() is not None}
            if player is None:
                row["observation"] = t.state.observation(None)
            parks.append(row)
        table = None
        at = self.where.get(player) if player is not None else None
        if at is not None:
            t = self.tables[at[0]]
            table = {"park": t.park, "seat": at[1], "players": list(t.players),
                     "observation": t.state.observation(at[1])}
        return {
            SCHEMA_KEY: OBSERVATION_SCHEMA,
            "game": CAFE,
            "of": self.game.name,
            "format": self.rules.format,
            "round": self.round,
            "rounds": self.rules.rounds,
            "over": self.over,
            "you": player,
            "entrants": list(self.names),
            "standings": [dict(r) for r in self._standings],
            "parks": parks,
            "byes": list(self.byes),
            "latest": copy.deepcopy(self.history[-1]) if self.history else None,
            "table": table,
        }

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        first = self._standings[0]
        return Outcome(Termination.WIN, (first["player"],), self.rules.format,
                       tuple(e.points for e in self.entrants),
                       {"standings": [dict(r) for r in self._standings]})

    def clone(self) -> CafeTournament:
        c = CafeTournament.__new__(CafeTournament)
        c.game, c.data, c.setup, c.rules, c.duel, c.names = (self.game, self.data, self.setup, self.rules,
                                                             self.duel, self.names)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.lots, c.seeds, c.parks = self.lots, self.seeds, self.parks
        c.entrants = [e.copy() for e in self.entrants]
        c.round, c.over = self.round, self.over
        c.tables = [t.clone() for t in self.tables]
        c.finished = self.finished                      # finished tables never change
        c.where = dict(self.where)
        c.byes = list(self.byes)
        c.lines = list(self.lines)
        c.history = list(self.history)                  # its rounds are never changed once added
        c._standings = self._standings                  # replaced, never changed, at each round's end
        return c

    # ------------------------------------------------------------------ for a host
    def table_at(self, park: int) -> Table:
        """The table playing at ``park`` this round (a ``ValueError`` naming the parks in use)."""
        if not 1 <= park <= len(self.tables):
            raise ValueError(f"no table at park {park} in round {self.round} (parks 1 to {len(self.tables)})")
        return self.tables[park - 1]

    def park_of(self, player: int) -> int | None:
        """The park where ``player`` plays this round (``None``: a bye, out, or the end)."""
        at = self.where.get(player)
        return None if at is None or self.over else self.tables[at[0]].park

    def seat_action(self, action: Action) -> tuple[int, Action]:
        """The park and the table's own action (``player`` its seat) of a tournament action;
        ``IllegalAction`` saying why when the player has no table now."""
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if self.over:
            raise IllegalAction("the tournament is over")
        at = self.where.get(action.player)
        if at is None:
            if not 0 <= action.player < self.num_players:
                raise IllegalAction(f"no entrant {action.player} (0 to {self.num_players - 1})")
            why = "has a bye" if action.player in self.byes else "is out of the knockout"
            raise IllegalAction(f"{self.names[action.player]} {why} in round {self.round}: no table to play at")
        table = self.tables[at[0]]
        return table.park, Action(at[1], action.kind, action.args)

    def player_action(self, park: int, action: Action) -> Action:
        """A table's own action (``player`` a seat of the table at ``park``) as the tournament's."""
        table = self.table_at(park)
        if not 0 <= action.player < len(table.players):
            raise IllegalAction(f"park {park} has seats 0 to {len(table.players) - 1}, not {action.player}")
        return Action(table.players[action.player], action.kind, action.args)

    def standings(self) -> list[dict[str, Any]]:
        """The standings now, first place first (each row: place, player, name, points and the
        format's tie-breaks)."""
        return [dict(r) for r in self._standings]

    def record(self) -> dict[str, Any]:
        """The whole tournament as JSON: its rules, every finished round (tables, results, byes,
        standings after it), the final standings and the winner."""
        winner = self._standings[0]["name"] if self.over else None
        return {"game": self.game.name, "format": self.rules.format, "seed": self.setup.seed,
                "entrants": list(self.names), "rules": self.rules.to_json(), "parks": self.parks,
                "rounds": copy.deepcopy(self.history), "over": self.over,
                "standings": self.standings(), "winner": winner}

    # ------------------------------------------------------------------ rounds
    def _parks_needed(self) -> int:
        n = len(self.names)
        if self.rules.format == "swiss":
            return n // 2
        if self.rules.format == "knockout":
            size = len(self.lines)
            return max(n - size // 2, size // 4)
        sizes, _ = formats.table_sizes(n, self.rules.table_size, max(2, self.game.min_players))
        return len(sizes)

    def _advance(self, events: list[Event]) -> None:
        """Close the round when every table has ended, then seat the next one or finish."""
        while not self.over and all(t.state.outcome() is not None for t in self.tables):
            self._close_round(events)
            if self.round >= self.rules.rounds:
                self.over = True
                self.where = {}
                best = self._standings[0]
                events.append(Event("tournament-over", best["player"], None, self.round, best["name"]))
            else:
                self._seat_round(events)

    def _seat_round(self, events: list[Event]) -> None:
        self.round += 1
        groups: list[tuple[int, ...]]
        self.byes = []
        order = [r["player"] for r in self._standings]
        if self.rules.format == "swiss":
            met = {p: set(e.opponents) for p, e in enumerate(self.entrants)}
            pairs, bye = formats.pair_swiss(order, met, {p: e.byes for p, e in enumerate(self.entrants)})
            groups = list(pairs)
            self.byes = [] if bye is None else [bye]
        elif self.rules.format == "knockout":
            groups = []
            for a, b in zip(self.lines[::2], self.lines[1::2], strict=True):
                if a is not None and b is not None:
                    groups.append((a, b))
                else:
                    moves_on = a if b is None else b
                    if moves_on is not None:
                        self.byes.append(moves_on)
        else:
            sizes, out = formats.table_sizes(len(order), self.rules.table_size, max(2, self.game.min_players))
            self.byes = formats.tables_byes(order, out, {p: e.byes for p, e in enumerate(self.entrants)})
            seated = [p for p in order if p not in self.byes]
            groups = []
            for size in sizes:
                chunk = seated[:size]
                seated = seated[size:]
                self.rng.shuffle(chunk)          # who sits first at a table is drawn
                groups.append(tuple(chunk))
        for p in self.byes:
            self._bye(p)
            events.append(Event("bye", p, None, self.round, self.names[p]))
        self.finished = self.tables
        self.tables = []
        self.where = {}
        for i, group in enumerate(groups):
            setup = GameSetup(self.game.name, tuple(self.names[p] for p in group), self.rng.randrange(2**31),
                              dict(self.rules.game_options))
            self.tables.append(Table(i + 1, group, setup, self.game.new(self.data, setup)))
            for seat, p in enumerate(group):
                self.where[p] = (i, seat)
        self._standings = self._rank()
        events.append(Event("round", None, None, self.round,
                            tuple((t.park, tuple(self.names[p] for p in t.players)) for t in self.tables)))

    def _bye(self, p: int) -> None:
        e = self.entrants[p]
        e.byes += 1
        if self.rules.format == "knockout":
            return                               # a knockout's bye only moves the player on
        e.wins += 1
        e.places += 1
        e.points += formats.BYE_POINTS if self.duel else formats.FIRST_PLACE_POINTS

    def _close_round(self, events: list[Event]) -> None:
        results = []
        winners: dict[int, int] = {}             # a knockout: the winner of the table at each park
        for t in self.tables:
            outcome = t.state.outcome()
            assert outcome is not None
            k = len(t.players)
            table_places = formats.places(outcome, k)
            points = formats.duel_points(table_places) if self.duel else formats.place_points(table_places)
            for seat, p in enumerate(t.players):
                e = self.entrants[p]
                e.games += 1
                e.places += table_places[seat]
                e.points += points[seat]
                for q in t.players:
                    if q != p:
                        e.opponents.append(q)
                        e.against[q] = e.against.get(q, 0) + points[seat]
                if self.duel:
                    if points[seat] == formats.WIN_POINTS:
                        e.wins += 1
                    elif points[seat] == formats.DRAW_POINTS:
                        e.draws += 1
                    else:
                        e.losses += 1
                elif table_places[seat] == 1:
                    e.wins += 1
            result: dict[str, Any] = {"park": t.park, "players": list(t.players),
                                      "names": [self.names[p] for p in t.players], "seed": t.setup.seed,
                                      "outcome": outcome.to_json(), "places": table_places, "points": points}
            if self.rules.format == "knockout":
                if table_places[0] != table_places[1]:
                    won = 0 if table_places[0] < table_places[1] else 1
                else:                            # drawn: a toss from the tournament's generator
                    won = self.rng.randrange(2)
                    result["toss"] = True
                    events.append(Event("toss", t.players[won], None, self.round, t.park))
                winners[t.park] = t.players[won]
                result["winner"] = t.players[won]
            results.append(result)
            events.append(Event("table-over", t.park, None, self.round,
                                tuple((self.names[p], place) for p, place in zip(t.players, table_places,
                                                                                   strict=True))))
        if self.rules.format == "knockout":
            moving_on = set(winners.values()) | set(self.byes)
            for t in self.tables:
                for p in t.players:
                    if p not in moving_on:
                        self.entrants[p].reached = self.round
            nxt: list[int | None] = []
            park = 0
            for a, b in zip(self.lines[::2], self.lines[1::2], strict=True):
                if a is not None and b is not None:
                    park += 1
                    nxt.append(winners[park])
                else:
                    nxt.append(a if b is None else b)
            self.lines = nxt
            for p in moving_on:
                self.entrants[p].reached = self.round + 1
        self._standings = self._rank()
        self.history.append({"round": self.round, "tables": results,
                             "byes": [{"player": p, "name": self.names[p]} for p in self.byes],
                             "standings": [dict(r) for r in self._standings]})
        events.append(Event("round-over", None, None, self.round))

    # ------------------------------------------------------------------ standings
    def _rank(self) -> list[dict[str, Any]]:
        """The standings (see ``docs/rules.md``): rows of plain values, first place first."""
        es = self.entrants
        n = len(es)
        fmt = self.rules.format
        rows: list[dict[str, Any]] = []
        for p, e in enumerate(es):
            row: dict[str, Any] = {"player": p, "name": self.names[p], "points": e.points, "wins": e.wins,
                                   "draws": e.draws, "losses": e.losses, "byes": e.byes, "games": e.games,
                                   "lot": self.lots[p]}
            if fmt == "swiss":
                row["buchholz"] = sum(es[q].points for q in e.opponents)
            elif fmt == "tables":
                row["places"] = e.places
            else:
                row["reached"] = e.reached
                row["seed"] = self.seeds.index(p) + 1
                row["out"] = self.round > 0 and p not in self.lines and len(self.lines) > 0
            rows.append(row)
        key: Callable[[dict[str, Any]], tuple[int, ...]]
        if fmt == "swiss":
            groups: dict[tuple[int, int], list[int]] = {}
            for r in rows:
                groups.setdefault((r["points"], r["buchholz"]), []).append(r["player"])
            for r in rows:
                group = groups[(r["points"], r["buchholz"])]
                r["head_to_head"] = sum(es[r["player"]].against.get(q, 0) for q in group if q != r["player"])

            def key(r: dict[str, Any]) -> tuple[int, ...]:
                return (-r["points"], -r["buchholz"], -r["head_to_head"], r["lot"])
        elif fmt == "tables":
            def key(r: dict[str, Any]) -> tuple[int, ...]:
                return (-r["points"], -r["wins"], r["places"], r["lot"])
        else:
            def key(r: dict[str, Any]) -> tuple[int, ...]:
                return (-r["reached"], r["seed"])
        rows.sort(key=key)
        for i, r in enumerate(rows):
            if fmt == "knockout":                # those out in the same round share a place
                r["place"] = 1 + sum(1 for q in rows if q["reached"] > r["reached"])
            else:
                r["place"] = i + 1
        assert len(rows) == n
        return [{"place": r.pop("place"), **r} for r in rows]


# ---------------------------------------------------------------------------- bots and the descriptor

class CafePolicy:
    """An entrant played by one of the inner game's bots: at each table, a bot made for that
    table's seat (``factory(data, seat, seed)``) decides from the table's observation."""

    def __init__(self, factory: Callable[[Any, int, int], Policy], data: Any, player: int, seed: int,
                 name: str = "bot") -> None:
        self.factory = factory
        self.data = data
        self.player = player
        self.seed = seed
        self.name = name
        self._at: tuple[int, int] | None = None
        self._bot: Policy | None = None

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        table = observation.get("table")
        if not table:
            raise IllegalAction(f"entrant {self.player} has no table to play at now")
        at = (int(observation["round"]), int(table["park"]))
        seat = int(table["seat"])
        if self._bot is None or self._at != at:
            # A new game: a new bot for the seat, its seed from the entrant's, the round and the park.
            self._bot = self.factory(self.data, seat, (self.seed * 1_000_003 + at[0] * 1_009 + at[1]) % 2**31)
            self._at = at
        choice = self._bot.act(table["observation"], [Action(seat, a.kind, a.args) for a in legal])
        return Action(self.player, choice.kind, choice.args)


def _lift(factory: Callable[[Any, int, int], Policy], name: str) -> Callable[[Any, int, int], Policy]:
    def make(data: Any, player: int, seed: int) -> Policy:
        return CafePolicy(factory, data, player, seed, name)
    return make


_EVENT_WORDS = {
    "en": {"park": "Park {park}: {text}", "bye": "{name} has a bye in round {round}.",
           "round": "Round {round}: {tables}.", "table": "park {park}: {names}",
           "table-over": "Park {park}, round {round}: {places}.", "place": "{place}. {name}",
           "round-over": "Round {round} is over.", "toss": "Park {park}: a drawn game, the toss sends on entrant {player}.",
           "tournament-over": "{name} wins the tournament."},
    "fr": {"park": "Parc {park} : {text}", "bye": "{name} est exempt à la manche {round}.",
           "round": "Manche {round} : {tables}.", "table": "parc {park} : {names}",
           "table-over": "Parc {park}, manche {round} : {places}.", "place": "{place}. {name}",
           "round-over": "La manche {round} est finie.",
           "toss": "Parc {park} : partie nulle, le tirage qualifie le participant {player}.",
           "tournament-over": "{name} gagne le tournoi."},
}


def _describer(game: Game) -> Callable[[Event, str], str]:
    def describe(event: Event, lang: str = "en") -> str:
        words = _EVENT_WORDS["fr" if lang == "fr" else "en"]
        k = event.kind
        if k == "park":
            inner = event.info
            text = (game.describe_event(inner, lang) if game.describe_event is not None
                    else " ".join(str(x) for x in inner if x is not None))
            return words["park"].format(park=event.player, text=text)
        if k == "bye":
            return words["bye"].format(name=event.info, round=event.value)
        if k == "round":
            tables = "; ".join(words["table"].format(park=park, names=", ".join(names)) for park, names in event.info)
            return words["round"].format(round=event.value, tables=tables)
        if k == "table-over":
            places = ", ".join(words["place"].format(place=place, name=name) for name, place in event.info)
            return words["table-over"].format(park=event.player, round=event.value, places=places)
        if k == "round-over":
            return words["round-over"].format(round=event.value)
        if k == "toss":
            return words["toss"].format(park=event.info, player=event.player)
        if k == "tournament-over":
            return words["tournament-over"].format(name=event.info)
        return " ".join(str(x) for x in event if x is not None)
    return describe


@cache
def _descriptor(name: str) -> Game:
    inner = registry.get(name)

    def new(data: Any, setup: GameSetup) -> GameState:
        return CafeTournament(inner, data, setup)
    return Game(
        name=CAFE,
        titles={"en": f"Café tournament: {inner.title('en')}", "fr": f"Tournoi du café : {inner.title('fr')}"},
        min_players=max(2, inner.min_players), max_players=MAX_ENTRANTS, simultaneous=True,
        hidden_information=inner.hidden_information, data_folder=inner.data_folder, load=inner.load, new=new,
        policies={bot: _lift(factory, bot) for bot, factory in inner.policies.items()},
        options=dict(OPTIONS), describe_event=_describer(inner), describe_action=inner.describe_action,
    )


def tournament_game(of: str | Game | GameSetup) -> Game:
    """The descriptor of café tournaments of a registered game (its name, its ``Game``, or a
    tournament's set-up, whose ``options["game"]`` names it): ``new(data, setup)`` makes a
    :class:`CafeTournament`, ``load`` is the inner game's, ``policies`` its bots lifted to
    entrants.  A ``ValueError`` names an unknown game or one with no café format."""
    if isinstance(of, GameSetup):
        if of.game != CAFE:
            raise ValueError(f"not a café tournament's set-up: its game is {of.game!r}, not {CAFE!r}")
        of = of.options.get("game", "")
    name = of.name if isinstance(of, Game) else of
    if type(name) is not str:
        raise ValueError(f"game: a game's name, not {name!r}")
    try:
        inner = registry.get(name)
    except KeyError as e:
        raise ValueError(f"game: {e.args[0]}") from None
    if not formats_for(inner):
        why = ("it is a tournament of its own, with its printed plans" if inner.name in OWN_PLANS
               else f"it seats {inner.min_players} to {inner.max_players} players")
        raise ValueError(f"{inner.title()} has no café format: {why}")
    return _descriptor(name)
