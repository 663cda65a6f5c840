"""The kiosk's local table as the phone server's :class:`~kiosk.phones.SeatHost`, and the link
that keeps the server following the table's games.

:class:`TableSeatHost` reads :class:`kiosk.table.local.LocalTable` (``game``, ``setup``,
``actions``, ``observation``, ``legal``, ``outcome``, ``act``) and posts onto the Kivy clock; a
phone's action goes through ``LocalTable.act`` exactly as a touch does (checked by the engine,
persisted before it is applied, the screens and LEDs told).  :class:`PhoneSeats` listens to the
table: a new game attaches the server to it, each change pushes the views; a game that leaves the
table unfinished keeps its tokens in kiosk.db (its phones are told it is paused) and has them back
when it is resumed; its end, or abandoning it, revokes them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.game import Action, Game, Outcome
from kiosk.games import registry as kiosk_games
from kiosk.i18n import N_
from kiosk.phones.host import Refused, langs
from kiosk.phones.link import PhoneLink, kivy_post
from kiosk.phones.tokens import held_digests
from kiosk.store import StorageError

if TYPE_CHECKING:
    from kiosk.phones.server import PhoneServer

log = logging.getLogger("tablecup.phones")

#: kiosk.db setting: for each saved game with phone seats (``{"tables": {table id: ...}}``), its
#: seats' codes and the digests of its phones' secrets (:meth:`SeatTokens.export`), so that a
#: game resumed -- after Home, another game, or a restarted kiosk (kill -9, power cut) -- lets
#: its phones back in with the cookies they hold.
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
            return {lang: words(self.table.data, observation, legal, lang, names=self._names(lang)) for lang in langs()}
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
    settings (``phone_seats``, one entry per saved game) and taken back when that game is resumed;
    a phone taking a seat or freeing one updates its entry.  A game that leaves the table still
    saved keeps its entry, and its phones wait (told the game is paused); the end of a game, or a
    game closed unfinished (abandoned), drops it.

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

    def game_key(self) -> Any:
        """What changes when the table's phone seats are new (a new game: its codes show by themselves)."""
        return self.table.table_id

    def retake(self) -> None:
        """The server is this table's again (a café park had it): attached to the game on the
        table, its phones let back in with what kiosk.db kept of them."""
        self.host, self._table_id = None, -1
        self.on_table(self.table, [])

    def on_table(self, table: Any, _events: list) -> None:
        if table.table_id != self._table_id:
            before, self._table_id = self._table_id, table.table_id
            server = self.link.server() if self.wanted() else self.server()
            if server is None:
                self.host = None
                return
            paused = False
            if before is not None and self.host is not None:
                # The game before left the table: still saved, its phones wait for it.
                paused = self._saved(before)
                self._keep_table(before, server.tokens.export() if paused else None)
            self.host = TableSeatHost(table, self.post) if table.game is not None else None
            server.on_presence = lambda: self.post(self._presence_changed)
            server.on_taken = lambda game, seat, phones: self.post(lambda: self._taken(game, seat, phones))
            server.attach(self.host, paused=paused)   # its tokens go from the server (kept above)
            self.news = None
            kept = self._kept().get(table.table_id) if self.host is not None else None
            if kept is not None:
                server.tokens.restore(kept)
                server.changed()
            self._keep()
            return
        server = self.server()
        if server is not None and self.host is not None:
            server.changed()
            if table.outcome is not None and table.table_id in self._kept():
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

    def _kept(self) -> dict[int, dict]:
        """Table id -> what the server held for that saved game (the setting read; a setting kept
        by an older kiosk, for one game, read as that game's entry)."""
        try:
            kept = self.table.store.get(KEPT)
        except Exception:             # a damaged setting must not stop the table
            log.exception("phone seats: the kept tokens could not be read")
            return {}
        if not isinstance(kept, dict):
            return {}
        if "tables" not in kept:      # one game's, as kept before each saved game had its own
            tid = kept.get("table")
            return {tid: _kept_seats(kept)} if type(tid) is int else {}
        tables = kept["tables"]
        out: dict[int, dict] = {}
        for key, seats in (tables.items() if isinstance(tables, dict) else ()):
            if isinstance(key, str) and key.isdigit() and isinstance(seats, dict):
                out[int(key)] = seats
        return out

    def _saved(self, table_id: int) -> bool:
        """Whether the game ``table_id`` is saved unfinished (it may be resumed)."""
        try:
            return self.table.store.unfinished_table_game(table_id=table_id) is not None
        except Exception:
            log.exception("phone seats: cannot tell whether game %s is saved", table_id)
            return False

    def _keep(self, ended: bool = False) -> None:
        """The game in progress's entry, from the server's tokens now (dropped if it has ended)."""
        server = self.server()
        tid = self.table.table_id
        if tid is None:
            self._keep_table(None, None)
            return
        held = server.tokens.export() if not ended and server is not None and self.host is not None else None
        self._keep_table(tid, held)

    def _keep_table(self, table_id: int | None, held: dict | None) -> None:
        """``table_id``'s entry set to ``held`` (None or nothing held: dropped), the entries of
        games no longer saved dropped, and the phones of the other saved games told they wait."""
        entries = self._kept()
        if table_id is not None:
            entries.pop(table_id, None)
            if held is not None and any(held.values()):
                entries[table_id] = held
        entries = {tid: e for tid, e in entries.items() if tid == self.table.table_id or self._saved(tid)}
        value = {"tables": {str(tid): e for tid, e in sorted(entries.items())}} if entries else None
        server = self.server()
        if server is not None:
            server.pause_secrets(set().union(*(held_digests(e) for tid, e in entries.items()
                                               if tid != self.table.table_id)))
        try:
            if self.table.store.get(KEPT) != value:
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
