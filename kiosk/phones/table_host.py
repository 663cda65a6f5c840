"""The kiosk's local table as the phone server's :class:`~kiosk.phones.SeatHost`, and the link
that keeps the server following the table's games.

:class:`TableSeatHost` reads :class:`kiosk.table.local.LocalTable` (``game``, ``setup``,
``actions``, ``observation``, ``legal``, ``outcome``, ``act``) and posts onto the Kivy clock; a
phone's action goes through ``LocalTable.act`` exactly as a touch does (checked by the engine,
persisted before it is applied, the screens and LEDs told).  :class:`PhoneSeats` listens to the
table: a new game attaches the server to it (every token of the game before is revoked), each
change pushes the views, leaving the game revokes every token.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.game import Action, Game, Outcome
from kiosk.games import registry as kiosk_games
from kiosk.phones.host import LANGS, Refused
from kiosk.phones.link import PhoneLink, kivy_post
from kiosk.store import StorageError

if TYPE_CHECKING:
    from kiosk.phones.server import PhoneServer

log = logging.getLogger("tablecup.phones")

#: kiosk.db setting: the seats' tokens of the game in progress, so that a restarted kiosk (kill -9,
#: power cut) resumes the game and lets its phones back in with the cookies they hold.
KEPT = "phone_seats"


class TableSeatHost:
    """:class:`~kiosk.phones.SeatHost` over a ``LocalTable``; ``post`` defaults to the Kivy clock."""

    def __init__(self, table: Any, post: Callable[[Callable[[], None]], None] = kivy_post) -> None:
        self.table = table
        self.post = post
        self.game: Game = table.game

    def version(self) -> int:
        return len(self.table.actions)

    def seat_names(self) -> Sequence[str]:
        return list(self.table.setup.players)

    def observation(self, seat: int) -> dict[str, Any]:
        return self.table.observation(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.table.is_bot(seat):
            return []                     # a bot's seat is the bot's: a phone never plays it
        return self.table.legal(seat)

    def outcome(self) -> Outcome | None:
        return self.table.outcome

    def phone_words(self, observation: dict[str, Any], legal: list[Action]) -> dict[str, Any] | None:
        """The seat's view in words, per language, from the game's kiosk package (``KIOSK.phone``):
        a function of this observation, these legal actions and the game's data only."""
        words = _phone_words(self.game.name)
        if words is None:
            return None
        try:
            return {lang: words(self.table.data, observation, legal, lang, names=self._names(lang)) for lang in LANGS}
        except Exception:                 # the raw view still reaches the phone
            log.exception("phone words of %s failed", self.game.name)
            return None

    def _names(self, lang: str) -> tuple[str, ...]:
        """The seats' names as the table says them in ``lang`` (public: every half shows them)."""
        from kiosk.i18n import display_name
        return tuple(display_name(n, lang) for n in self.table.setup.players)

    def submit(self, seat: int, action: Action) -> None:
        if self.table.is_bot(seat):
            raise IllegalAction("a bot plays this seat")
        seen = len(self.table.ignored)
        if self.table.act(action) is not None:
            return
        if self.table.storage_error is not None:
            raise Refused(503, "the table cannot save right now (storage full?): nothing was played; "
                               "call staff")
        why = self.table.ignored[-1][1] if len(self.table.ignored) > seen else "not played"
        raise IllegalAction(why)


def _phone_words(game: str) -> Callable[..., dict[str, Any]] | None:
    kg = kiosk_games.find(game)
    if kg is None or kg.phone is None:
        return None
    fn: Callable[..., dict[str, Any]] = kiosk_games.load_class(kg.phone)
    return fn


class PhoneSeats:
    """Keeps a phone server following a ``LocalTable`` (a listener of the table, on its thread).

    The server is started when a game with hidden information and a phone page (or a phone seat)
    first starts;
    ``url(seat)`` is what a seat's QR code holds, or None when phones cannot take seats.  The
    tokens of the game in progress are kept in kiosk.db's settings (``phone_seats``) and taken
    back when that game is resumed; a new game, the end of the game, leaving it or freeing a seat
    updates them."""

    def __init__(self, link: PhoneLink, table: Any, post: Callable[[Callable[[], None]], None] = kivy_post) -> None:
        self.link, self.table, self.post = link, table, post
        self.host: TableSeatHost | None = None
        self._table_id: int | None = None
        self.listeners: list[Callable[[], None]] = []    # on the table's thread: a phone came or went
        table.listeners.append(self.on_table)
        self.on_table(table, [])

    def wanted(self) -> bool:
        """Phones for a game with hidden cards and a phone page of its own (``KIOSK.phone``), or
        with seats played on phones."""
        t = self.table
        if t.game is None:
            return False
        return bool((t.game.hidden_information and _phone_words(t.game.name) is not None)
                    or any(s.kind == "phone" for s in t.seats))

    def server(self) -> PhoneServer | None:
        return self.link._server if self.link is not None else None

    def on_table(self, table: Any, _events: list) -> None:
        if table.table_id != self._table_id:
            self._table_id = table.table_id
            server = self.link.server() if self.wanted() else self.server()
            if server is None:
                self.host = None
                return
            self.host = TableSeatHost(table, self.post) if table.game is not None else None
            server.on_presence = lambda: self.post(self._presence_changed)
            server.attach(self.host)      # a new game, or none: the old tokens are revoked
            kept = self._kept()
            if self.host is not None and kept is not None and kept.get("table") == table.table_id:
                server.tokens.restore({int(k): v for k, v in kept.get("tokens", {}).items()})
                server.changed()
            self._keep()
            return
        server = self.server()
        if server is not None and self.host is not None:
            server.changed()
            if table.outcome is not None and self._kept():
                self._keep(ended=True)

    def _presence_changed(self) -> None:
        for fn in list(self.listeners):
            try:
                fn()
            except Exception:
                log.exception("phone seats: a listener failed")

    def loose_seats(self) -> list[int]:
        """The phone seats shown on neither half (a third player and more): their QR codes are on
        the table's seats panel."""
        return [i for i, s in enumerate(self.table.seats) if s.kind == "phone" and s.half is None]

    def taken(self, seat: int) -> bool:
        """Whether a phone is connected to ``seat`` now."""
        server = self.server()
        return server is not None and seat in server.present_seats()

    def _kept(self) -> dict | None:
        try:
            kept = self.table.store.get(KEPT)
        except Exception:             # a damaged setting must not stop the table
            log.exception("phone seats: the kept tokens could not be read")
            return None
        return kept if isinstance(kept, dict) else None

    def _keep(self, ended: bool = False) -> None:
        server = self.server()
        tid = self.table.table_id
        value = None
        if not ended and server is not None and self.host is not None and tid is not None:
            tokens = server.tokens.export()
            value = {"table": tid, "tokens": {str(k): v for k, v in tokens.items()}} if tokens else None
        try:
            if self._kept() != value:
                self.table.store.put(KEPT, value)
        except StorageError as exc:   # the phones work on; only a restart would lose them
            log.error("phone seats: the tokens could not be kept in kiosk.db: %s", exc)

    def url(self, seat: int) -> str | None:
        """The URL of ``seat``'s QR code (None: no game, a bot's seat, or phones unavailable)."""
        server = self.server()
        if server is None or self.host is None or self.table.is_bot(seat):
            return None
        url = server.seat_url(seat)
        self._keep()
        return url

    def free(self, seat: int) -> None:
        """The operator frees ``seat``: its phone is told and disconnected, its code no longer
        works; the next :meth:`url` is a new code."""
        server = self.server()
        if server is not None:
            server.free_seat(seat)
            self._keep()
            self._presence_changed()
