"""The coordinator's tournaments as it holds them: a live :class:`Entry` (a contract
:class:`~engine.game.GameState` rebuilt by replay) or a :class:`Finished` one (its summary only; the
views and record are in the store).  ``Tournament`` is the union of the two; code that needs one of
them asks with ``isinstance``.

A tournament's game is found through :mod:`engine.registry`; what a café needs of it beyond the
contract is its café module (``Game.cafe``, :func:`cafe_of`), imported when a tournament of that
game is first created or loaded.  No module of the coordinator imports a game's package.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, TypeAlias

import cards
from engine import registry
from engine.events import Event
from engine.game import Action, GameSetup, GameState

from .actions import decode_stored
from .errors import ApiError

#: The game of a tournament created without naming one, and of every tournament stored before
#: tournaments named their game.
DEFAULT_GAME = "challengers"

#: What the store keeps beside each applied action: (request id, kiosk id, match_seq).
Row: TypeAlias = tuple[str, int, int | None]


def cafe_of(game: str) -> ModuleType:
    """The café module of ``game`` (:func:`engine.registry.cafe`); ``ApiError(409)`` saying why."""
    try:
        return registry.cafe(game)
    except KeyError as exc:
        raise ApiError(409, str(exc.args[0])) from None


@dataclass
class Entry:
    """One tournament held in memory: its game's state and what the coordinator keeps beside it."""

    id: int
    name: str
    game: str
    setup: GameSetup
    state: GameState                                  # the tournament: a contract GameState
    cafe: ModuleType                                  # its game's café module (engine.registry.cafe)
    kiosks: dict[int, int] = field(default_factory=dict)      # park -> kiosk id
    rows: list[Row] = field(default_factory=list)             # per applied action, in order
    actions: list[Action] = field(default_factory=list)       # the contract actions applied, in order
    cur: dict[int, tuple[Any, list[int]]] = field(default_factory=dict)  # park -> (its table game, [indexes])
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[asyncio.Queue[str]] = field(default_factory=set)   # one queue per WebSocket
    created: float = 0.0
    cache: dict[str, Any] = field(default_factory=dict)      # the café module's derived views, each with its key
    bots: dict[int, str] = field(default_factory=dict)       # player index -> level (bot entrants: bots.py)

    finished: ClassVar[bool] = False

    def table_entries(self, park: int) -> list[int] | None:
        """The indexes (in :attr:`actions`) of the actions applied to the park's current table game
        (a Challengers! match), or None when the park has none."""
        m = self.cafe.table_game(self.state, park)
        if m is None:
            return None
        got = self.cur.get(park)
        if got is None or got[0] is not m:
            got = self.cur[park] = (m, [])
        return got[1]

    match_entries = table_entries

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def over(self) -> bool:
        return self.state.outcome() is not None

    def summary(self) -> dict[str, Any]:
        return dict(self.cafe.summary(self))

    def apply(self, action: Action, row: Row, table: int | None = None) -> list[Event]:
        """Apply an action through the state and keep the per-park table bookkeeping (match_seq).
        ``table``: the park whose table game it belongs to, when the caller found it already."""
        if table is None:
            table = self.cafe.table_of(self.state, action)
        entries = self.table_entries(table) if table is not None else None
        events = self.state.apply(action)
        self.actions.append(action)
        self.rows.append(row)
        if entries is not None:
            entries.append(len(self.actions) - 1)
        return events

    def action_at(self, seq: object) -> dict[str, Any] | None:
        """The contract JSON of the action applied at ``seq`` (1-based), or None where there is none."""
        if isinstance(seq, int) and 0 < seq <= len(self.actions):
            return self.actions[seq - 1].to_json()
        return None


@dataclass
class Finished:
    """A finished tournament: its summary in memory, its views and record in the store."""

    id: int
    name: str
    created: float
    info: dict[str, Any]                                      # the summary (GET /api/tournaments)
    kiosks: dict[int, int] = field(default_factory=dict)     # park -> kiosk id (fixed once over)
    subscribers: set[asyncio.Queue[str]] = field(default_factory=set)

    finished: ClassVar[bool] = True

    @property
    def version(self) -> int:
        return int(self.info["version"])

    @property
    def game(self) -> str:
        return str(self.info["game"])

    def summary(self) -> dict[str, Any]:
        return self.info

    def __post_init__(self) -> None:
        # A summary kept by a coordinator before summaries named their game and whether it was over.
        self.info.setdefault("game", DEFAULT_GAME)
        self.info.setdefault("over", True)


#: A tournament the coordinator knows: live or finished.
Tournament: TypeAlias = Entry | Finished


class Games:
    """The games' data (cards) the tournaments are played with, and new entries of them.

    ``library``: the data of the default game (:data:`DEFAULT_GAME`: the café's house sets added);
    other games' data is loaded from the bundled cards when first needed."""

    def __init__(self, library: Any = None) -> None:
        self.data: dict[str, Any] = {}
        if library is not None:
            self.data[DEFAULT_GAME] = library

    def data_of(self, game: str) -> Any:
        """The data (cards) tournaments of ``game`` are played with."""
        got = self.data.get(game)
        if got is None:
            got = self.data[game] = registry.get(game).load(cards)
        return got

    def new_entry(self, tid: int, name: str, game: str, setup: GameSetup, **kw: Any) -> Entry:
        """A tournament of ``game`` as ``setup`` starts it (``ValueError`` saying why the rules refuse it)."""
        cafe = cafe_of(game)
        return Entry(tid, name, game, setup, cafe.new_state(self.data_of(game), setup), cafe, **kw)

    def replayed(self, e: Entry, setup: GameSetup | None = None) -> Entry:
        """A fresh entry of ``e``'s tournament (its set-up, or ``setup``) with the same actions
        applied again, keeping its kiosks, lock, subscribers and bots."""
        fresh = self.new_entry(e.id, e.name, e.game, setup if setup is not None else e.setup, kiosks=e.kiosks,
                               lock=e.lock, subscribers=e.subscribers, created=e.created, bots=e.bots)
        for action, row in zip(e.actions, e.rows, strict=True):
            fresh.apply(action, row)
        return fresh

    @staticmethod
    def stored_action(e: Entry, text: str) -> Action:
        """An action as the store keeps it: the contract's JSON, or (written before the contract
        wire) the game's own tuple, read against the tournament as it stands before it is applied."""
        value = decode_stored(text)
        if isinstance(value, dict):
            return Action.from_json(value)
        action = e.cafe.legacy_action(e.state, value)
        assert isinstance(action, Action)
        return action
