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
from kiosk.i18n import N_
from kiosk.phones.host import LANGS, Refused
from kiosk.phones.link import PhoneLink, kivy_post
from kiosk.store import StorageError

if TYPE_CHECKING:
    from kiosk.phones.server import PhoneServer

log = logging.getLogger("tablecup.phones")

#: kiosk.db setting: the seats' codes of the game in progress and the digests of its phones'
#: secrets, so that a restarted kiosk (kill -9, power cut) resumes the game and lets its phones
#: back in with the cookies they hold.
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
    ``url(seat)`` is what a seat's QR code holds, or None when phones cannot take seats or a
    phone holds the seat (its code is used up: the operator frees the seat for another phone).
    What the server keeps of the game in progress (:meth:`SeatTokens.export`) is kept in kiosk.db's
    settings (``phone_seats``) and taken back when that game is resumed; a new game, the end of
    the game, leaving it, a phone taking a seat or freeing one updates it.

    When a phone takes a seat, the table is told (``news``: the message key and the seat, counted
    by ``news_count``; the listeners are called), so that it says so -- a person whose half's code
    someone else scanned sees it at once."""

    #: The table's sentences for a seat's phone: the first phone of the seat in this game, a new
    #: phone after the operator freed it, the operator freeing it.
    NEWS = (N_("phone_took_seat"), N_("phone_changed_seat"), N_("phone_freed_seat"))

    def __init__(self, link: PhoneLink, table: Any, post: Callable[[Callable[[], None]], None] = kivy_post) -> None:
        self.link, self.table, self.post = link, table, post
        self.host: TableSeatHost | None = None
        self._table_id: int | None = None
        self.listeners: list[Callable[[], None]] = []    # on the table's thread: a phone came or went
        self.news: tuple[str, int] | None = None         # the newest of NEWS said, and its seat
        self.news_count = 0
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
            server.on_taken = lambda game, seat, phones: self.post(lambda: self._taken(game, seat, phones))
            server.attach(self.host)      # a new game, or none: the old tokens are revoked
            self.news = None
            kept = self._kept()
            if self.host is not None and kept is not None and kept.get("table") == table.table_id:
                server.tokens.restore(_kept_seats(kept))
                server.changed()
            self._keep()
            return
        server = self.server()
        if server is not None and self.host is not None:
            server.changed()
            if table.outcome is not None and self._kept():
                self._keep(ended=True)

    def _taken(self, game: int, seat: int, phones: int) -> None:
        """On the table's thread: a phone took ``seat`` with its code (the ``phones``-th phone of
        the seat in this game): kept in kiosk.db, and said on the table."""
        server = self.server()
        if server is None or server.tokens.game != game or self.host is None:
            return                        # a game that has ended since
        self._keep()
        self._say(self.NEWS[1] if phones > 1 else self.NEWS[0], seat)

    def _say(self, key: str, seat: int) -> None:
        self.news = (key, seat)
        self.news_count += 1
        self._presence_changed()

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
        """Whether a phone holds ``seat`` (it took the seat with its code; the code is used up)."""
        server = self.server()
        return server is not None and self.host is not None and server.tokens.held(seat)

    def managed_seats(self) -> list[int]:
        """The seats the operator may free: the phone seats on no half, and every seat a phone holds."""
        server = self.server()
        if server is None or self.host is None:
            return []
        return sorted(set(self.loose_seats()) | {q for q in range(len(self.table.seats)) if server.tokens.held(q)})

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
            kept = server.tokens.export()
            value = {"table": tid, "seats": kept} if any(kept.values()) else None
        try:
            if self._kept() != value:
                self.table.store.put(KEPT, value)
        except StorageError as exc:   # the phones work on; only a restart would lose them
            log.error("phone seats: the tokens could not be kept in kiosk.db: %s", exc)

    def url(self, seat: int) -> str | None:
        """The URL of ``seat``'s QR code (None: no game, a bot's seat, phones unavailable, or a
        phone holds the seat)."""
        server = self.server()
        if server is None or self.host is None or self.table.is_bot(seat):
            return None
        url = server.seat_url(seat)
        self._keep()
        return url

    def free(self, seat: int) -> None:
        """The operator frees ``seat``: its phone is told and disconnected, its code no longer
        works; the next :meth:`url` is a new code.  Said on the table and in the log."""
        server = self.server()
        if server is not None:
            server.free_seat(seat)
            log.warning("phone seats: the operator freed seat %d (%s): its phone is disconnected, a new code "
                        "takes it", seat, self.table.setup.players[seat])
            self._keep()
            self._say(self.NEWS[2], seat)


def _kept_seats(kept: dict) -> dict:
    """What :meth:`SeatTokens.restore` takes, from the kept setting (a kiosk before phone secrets
    kept each seat's one token, which also was its cookie: taken back as that seat's code, so its
    phone scans it once again and is given a secret of its own)."""
    seats = kept.get("seats")
    if isinstance(seats, dict):
        return seats
    old = kept.get("tokens")
    return {"codes": old} if isinstance(old, dict) else {}
