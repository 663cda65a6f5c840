"""What the phone server needs from the table, and the views it sends to the phones.

The table (the kiosk's controller) owns the game state on its own thread -- Kivy's.  The phone
server runs on another thread, so it never touches the state: it *posts* work to the table's
thread (:meth:`SeatHost.post`), and what a phone sees is a :class:`SeatView` computed there and
handed over whole.  A view is made of ``observation(seat)`` -- the contract's one place where
hidden information is removed -- and the seat's legal actions in the contract's JSON codec, each
with a label in every language with catalogues (the game's ``describe_action``, else the action's
text).
A host may also say the view in words (``phone_words``: the game's kiosk package reading that same
observation and those same actions, with the game's data), so that the page reads like the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.game import Action, Game, Outcome, action_label
from kiosk.i18n import known


def langs() -> tuple[str, ...]:
    """The languages a view is said in: every language with compiled catalogues (the offered
    ones, and the pseudo-locale the tests read a page in)."""
    return tuple(sorted(known()))


class Refused(Exception):
    """A request answered with a 4xx and no change: ``status``, one sentence saying why, and for
    the refusals a phone's page acts on, a ``code`` (a host may raise it from
    :meth:`SeatHost.submit`)."""

    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


@runtime_checkable
class SeatHost(Protocol):
    """The table, as the phone server sees it.

    Only :meth:`post` may be called from another thread; the server calls every other method
    inside a function it has posted, so they all run on the host's own thread, between two of
    the host's own changes.  The kiosk's ``post`` schedules on the Kivy clock.
    """

    game: Game

    def post(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` soon on the host's thread.  Thread-safe; never waits for ``fn``."""
        ...

    def version(self) -> int:
        """Counts the changes made to the game, never going back (an undo is a change too): a phone's action names the
        version it was chosen on, and is refused as stale when the game has moved since."""
        ...

    def seat_names(self) -> Sequence[str]:
        """The seats' names, in seat order (the game's ``num_players`` seats)."""
        ...

    def observation(self, seat: int) -> dict[str, Any]:
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        ...

    def outcome(self) -> Outcome | None:
        ...

    def submit(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` as a touch on the table would (persisted before it is
        applied).  Illegal: raises :class:`~engine.errors.IllegalAction`, nothing changed.
        The host then says :meth:`PhoneServer.changed` as after any change."""
        ...


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat's phone is sent after a change, already encoded as JSON text
    (encoded once, on the host's thread, however many sockets the seat has open)."""

    seat: int
    version: int
    legal: frozenset[Action]
    text: str

_LABELS: dict[tuple[str, Action], dict[str, str]] = {}
_LABELS_MAX = 20_000


def labels(game: Game, action: Action) -> dict[str, str]:
    """``action``'s button words in every language, remembered (an action is a small frozen
    value and its words never change, while views are made after every change)."""
    key = (game.name, action)
    got = _LABELS.get(key)
    if got is None:
        if len(_LABELS) >= _LABELS_MAX:
            _LABELS.clear()
        got = _LABELS[key] = {lang: action_label(game, action, lang) for lang in langs()}
    return got


def seat_view(host: SeatHost, seat: int) -> SeatView:
    """``seat``'s view now.  Call on the host's thread."""
    game = host.game
    version = host.version()
    legal = host.legal_actions(seat)
    outcome = host.outcome()
    observation = host.observation(seat)
    body = {
        "game": game.name,
        "title": {lang: game.title(lang) for lang in langs()},
        "seat": seat,
        "players": list(host.seat_names()),
        "observation": observation,
        "actions": [{"action": a.to_json(), "label": labels(game, a)} for a in legal],
        "over": outcome is not None,
        "outcome": None if outcome is None else outcome.to_json(),
    }
    words = getattr(host, "phone_words", None)
    said = words(observation, legal) if words is not None else None
    if said:
        body["words"] = said
    rest = json.dumps(body, separators=(",", ":"))
    return SeatView(seat, version, frozenset(legal), f'{{"type":"view","version":{version},{rest[1:]}')


def seat_views(host: SeatHost) -> dict[int, SeatView]:
    """Every seat's view now.  Call on the host's thread."""
    return {seat: seat_view(host, seat) for seat in range(len(host.seat_names()))}
