"""What just happened at the table: every move with its events, and what each player may read of it.

No Kivy here.  :class:`History` keeps one :class:`Move` per action played at a
:class:`kiosk.table.LocalTable` (who played it, the events it caused, and which cards the public
view showed just before or just after it).  A game's kiosk package says its moves in sentences
(``KioskGame.said``); this module picks which moves each half is told:

- :func:`latest_runs`: each seat's last run of moves (the actions it played one after another),
  kept until that seat moves again -- what every other player is told of it;
- :func:`runs`: every run in order, for the log.

Hidden information: the engine's events are its own record and may name what only their actor
sees (its observation is the only place hidden information is removed).  So a sentence may name,
and a screen may draw, only a card of :attr:`Move.shown`: a card the public observation showed
just before the move or just after it (``KioskGame.public_cards`` reads an observation); any
other card is said without its name ("a card").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.events import Event


@dataclass(frozen=True)
class Move:
    """One action's consequences: ``seat`` played it; ``events`` it caused; ``shown``: the cards
    the public view showed just before or just after it, the only ones a sentence may name."""

    seat: int
    events: tuple[Event, ...]
    shown: frozenset[Any] = frozenset()


@dataclass(frozen=True)
class Said:
    """A run of one seat's moves in one sentence, for one reader: ``cards`` are the cards it
    names (each one of its moves' ``shown``), drawn beside it with the game's card faces."""

    seat: int
    text: str
    cards: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Run:
    """Moves one seat played one after another (a turn, or a choice and what followed it)."""

    seat: int
    moves: tuple[Move, ...]
    index: int = 0           # the place of its first move in the history

    @property
    def events(self) -> list[Event]:
        return [e for m in self.moves for e in m.events]

    @property
    def shown(self) -> frozenset[Any]:
        out: set[Any] = set()
        for m in self.moves:
            out |= m.shown
        return frozenset(out)


def runs(moves: Sequence[Move]) -> list[Run]:
    """Every run of ``moves``, in the order they were played."""
    out: list[Run] = []
    start = 0
    for k in range(1, len(moves) + 1):
        if k == len(moves) or moves[k].seat != moves[start].seat:
            out.append(Run(moves[start].seat, tuple(moves[start:k]), start))
            start = k
    return out


def latest_runs(moves: Sequence[Move]) -> dict[int, Run]:
    """Each seat's latest run, by seat."""
    return {r.seat: r for r in runs(moves)}


#: A game's sentence for a run: ``(run, reader seat or None for the log, words) -> Said or None``
#: (None: nothing worth saying, e.g. a run of no event).
SayRun = Callable[[Run, "int | None", Any], "Said | None"]


def said_to(moves: Sequence[Move], reader: int, say: SayRun, words: Any) -> list[Said]:
    """What ``reader``'s half is told: the latest run of every other seat, the most recent
    first, each until that seat moves again."""
    latest = sorted(latest_runs(moves).values(), key=lambda r: r.index, reverse=True)
    out = []
    for r in latest:
        if r.seat == reader:
            continue
        s = say(r, reader, words)
        if s is not None:
            out.append(s)
    return out


def log_lines(moves: Sequence[Move], say: SayRun, words: Any) -> list[str]:
    """Every run said for the table's log (no reader: third person), in the order played."""
    out = []
    for r in runs(moves):
        s = say(r, None, words)
        if s is not None and s.text:
            out.append(s.text)
    return out


@dataclass
class History:
    """The moves of the game at the table, fed by :class:`kiosk.table.LocalTable` (``add`` after
    each action; ``rebuild`` when a game is resumed).  ``public_cards(observation)`` is the game's
    reading of a public observation: the cards anyone at the table may see there."""

    public_cards: Callable[[Mapping[str, Any]], Iterable[Any]] | None = None
    moves: list[Move] = field(default_factory=list)
    _shown_now: frozenset[Any] | None = None

    def clear(self, public_cards: Callable[[Mapping[str, Any]], Iterable[Any]] | None) -> None:
        self.public_cards = public_cards
        self.moves = []
        self._shown_now = None

    def shown(self, state: Any) -> frozenset[Any]:
        if self.public_cards is None:
            return frozenset()
        return frozenset(self.public_cards(state.observation(None)))

    def before(self, state: Any) -> frozenset[Any]:
        """The cards shown now (kept from the last move, so each observation is read once)."""
        if self._shown_now is None:
            self._shown_now = self.shown(state)
        return self._shown_now

    def add(self, seat: int, events: Sequence[Event], before: frozenset[Any], state: Any) -> None:
        """``seat``'s action caused ``events``; ``before``: :meth:`before`'s answer just before it."""
        if self.public_cards is None:
            return
        after = self._shown_now = self.shown(state)
        self.moves.append(Move(seat, tuple(e for e in events if isinstance(e, Event)), before | after))
