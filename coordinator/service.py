"""The coordinator: one object that holds the café's tournaments and answers the web layer
(``web.py``), made of parts each with one responsibility:

* :mod:`~coordinator.tournaments` -- a tournament as held in memory (a live :class:`Entry`, rebuilt
  by replay, or a :class:`Finished` one), the games' data, the café module of a game;
* :mod:`~coordinator.access` -- kiosks and their tokens, the pairing code, the organiser PIN, the
  per-address back-off on guesses;
* :mod:`~coordinator.lifecycle` -- creating tournaments (the formats), resuming them at start-up,
  giving parks their kiosks, moving the Final;
* :mod:`~coordinator.writes` -- the one path that changes a tournament, exactly once per request id:
  check, apply, store, answer;
* :mod:`~coordinator.botplay` -- the bot entrants' player (their thinking in a worker process:
  :mod:`~coordinator.bots`);
* :mod:`~coordinator.views` -- the views and records, live from memory or finished from the store;
* :mod:`~coordinator.live` -- the WebSocket subscribers' updates.

They share the store (``store.py``: one connection, one group-committing writer, one read-only
connection) and the table of tournaments (id -> ``Entry | Finished``), and call each other only
through what they are given here.  Start-up time and memory depend on the live tournaments only:
a finished one is its summary in memory and its record in the store.

No module of the coordinator imports a game's package: games are found through
:mod:`engine.registry`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.game import Action

from . import store, views
from .access import Access, Kiosk
from .botplay import BotPlayer
from .errors import ApiError
from .lifecycle import Lifecycle, check_park, check_park_number, load_tournaments
from .live import notify as notify_subscribers
from .tournaments import DEFAULT_GAME, Entry, Finished, Games, Tournament, cafe_of
from .views import Records
from .writes import KeptRequest, Writes

if TYPE_CHECKING:
    from .api import ActionRequest, CreateTournament

__all__ = ["DEFAULT_GAME", "ApiError", "Coordinator", "Entry", "Finished", "Kiosk", "Tournament"]

log = logging.getLogger("tablecup.coordinator")


class Coordinator:
    """``library``: the data of the default game (:data:`DEFAULT_GAME`: the café's house sets
    added); other games' data is loaded from the bundled cards when first needed."""

    def __init__(self, data_dir: Path, organiser_pin: str | None = None, library: Any = None) -> None:
        self.data_dir = data_dir
        self.games = Games(library)
        self.db = store.open_db(data_dir)
        self.reader = store.open_reader(data_dir)
        self.writer = store.Writer(self.db)
        self.access = Access(self.db.conn, self.writer, organiser_pin)
        self.tournaments = load_tournaments(self.db.conn, self.games)
        self.records = Records(self.reader, self.games)
        self.bots = BotPlayer(self.tournaments, self._apply_bot)
        self.writes = Writes(self.games, self.writer, self.records, self.tournaments, notify_subscribers,
                             self.bots.kick)
        self.lifecycle = Lifecycle(self.games, self.writer, self.tournaments, self.access, notify_subscribers,
                                   self.bots.kick)
        self._to_finish: list[Entry] = []
        for e in self.tournaments.values():
            if isinstance(e, Entry):
                self.writes.load_requests(self.db.conn, e)
                if e.over:
                    # Over, but without its final record: written by a coordinator that kept none.
                    self._to_finish.append(e)

    async def _apply_bot(self, tid: int, seat: int, version: int, action: Action) -> None:
        await self.writes.apply_bot(tid, seat, version, action)

    # ------------------------------------------------------------------ start and stop
    async def start(self) -> None:
        self.writer.start()
        for e in self._to_finish:
            await self.writes.finish(e)
            log.info("tournament %d (%s) is over: kept as its final record from now on", e.id, e.name)
        self._to_finish = []
        for t in list(self.tournaments.values()):
            if isinstance(t, Entry) and t.bots:
                self.bots.kick(t.id)
        if self.access.pairing_pin is None:
            await self.access.new_pairing_pin()
        log.info("organiser PIN (%s): %s", self.organiser_pin_source, self.organiser_pin)
        if len(self.organiser_pin) < 8:
            log.warning("the organiser PIN has %d characters: anyone on the LAN gets a few guesses per address "
                        "per hour; 8 or more are advised", len(self.organiser_pin))
        log.info("pairing code: %s", self.pairing_pin)

    async def stop(self) -> None:
        await self.bots.stop()
        await self.writer.stop()
        self.reader.close()
        self.db.conn.close()

    # ------------------------------------------------------------------ what the parts hold
    @property
    def data(self) -> dict[str, Any]:
        return self.games.data

    def data_of(self, game: str) -> Any:
        """The data (cards) tournaments of ``game`` are played with."""
        return self.games.data_of(game)

    @property
    def lib(self) -> Any:
        """The default game's data (the café's house sets added)."""
        return self.games.data_of(DEFAULT_GAME)

    @property
    def organiser_pin(self) -> str:
        return self.access.organiser_pin

    @property
    def organiser_pin_source(self) -> str:
        """Where the organiser PIN came from: "--organiser-pin", "stored" or "generated"."""
        return self.access.organiser_pin_source

    @property
    def pairing_pin(self) -> str | None:
        """The code that pairs the next kiosk (None for the moment a pairing takes)."""
        return self.access.pairing_pin

    @property
    def kiosks(self) -> dict[int, Kiosk]:
        return self.access.kiosks

    @property
    def pairing_guesses(self) -> Any:
        return self.access.pairing_guesses

    @property
    def organiser_guesses(self) -> Any:
        return self.access.organiser_guesses

    @property
    def requests(self) -> dict[str, KeptRequest]:
        return self.writes.requests

    @property
    def bot_decisions(self) -> int:
        """Decisions the bot entrants have made in the worker process so far."""
        return self.bots.decisions

    # ------------------------------------------------------------------ access
    def kiosk_from(self, authorization: str | None, required: bool = True) -> Kiosk | None:
        return self.access.kiosk_from(authorization, required)

    def check_organiser(self, pin: str | None, client: str) -> None:
        self.access.check_organiser(pin, client)

    async def pair(self, pin: str, name: str, client: str) -> dict[str, Any]:
        return await self.access.pair(pin, name, client)

    async def revoke(self, kid: int) -> dict[str, Any]:
        return await self.access.revoke(kid)

    def entry(self, tid: int) -> Tournament:
        """A tournament, live or finished (404 when there is none)."""
        e = self.tournaments.get(tid)
        if e is None:
            raise ApiError(404, f"no tournament {tid}")
        return e

    def live(self, tid: int) -> Entry:
        """A tournament that can still change (409 once it is over)."""
        e = self.entry(tid)
        if not isinstance(e, Entry):
            raise ApiError(409, f"tournament {tid} is over")
        return e

    check_park = staticmethod(check_park)
    check_park_number = staticmethod(check_park_number)

    # ------------------------------------------------------------------ lifecycle and writes
    async def create(self, body: CreateTournament) -> dict[str, Any]:
        return await self.lifecycle.create(body)

    async def assign(self, e: Entry, park: int, kid: int) -> dict[str, Any]:
        return await self.lifecycle.assign(e, park, kid)

    async def set_final_park(self, e: Entry, park: int) -> dict[str, Any]:
        return await self.lifecycle.set_final_park(e, park)

    async def act(self, e: Tournament, kiosk: Kiosk, request: ActionRequest, raw_body: str) -> tuple[str, bool]:
        """Apply one kiosk's action (:meth:`coordinator.writes.Writes.act`): (answer JSON, duplicate)."""
        return await self.writes.act(e, kiosk, request, raw_body)

    def kick_bots(self, tid: int) -> None:
        self.bots.kick(tid)

    def notify(self, e: Tournament, what: Any) -> None:
        """Tell the tournament's WebSocket subscribers that ``what`` changed."""
        notify_subscribers(e, what)

    # ------------------------------------------------------------------ reads
    def record(self, e: Tournament) -> dict[str, Any]:
        """Set-up, every action (the contract's JSON) with its request, snapshot and digest."""
        return self.records.record(e)

    def public(self, e: Tournament) -> dict[str, Any]:
        """The public view (what the TV shows)."""
        return self.records.public(e)

    def park(self, e: Tournament, park: int, private: bool) -> dict[str, Any]:
        return self.records.park(e, park, private)

    def summaries(self) -> list[dict[str, Any]]:
        return views.summaries(self.tournaments.values())

    def me(self, k: Kiosk) -> dict[str, Any]:
        """What a kiosk token may know about itself: its id, name and park assignments."""
        return views.me(self.tournaments.values(), k)

    def kiosk_list(self) -> list[dict[str, Any]]:
        return views.kiosk_list(self.tournaments.values(), self.access.kiosks.values())

    def catalogue(self) -> dict[str, Any]:
        """Boxes and playable sets of the default game, for a set-up form (``GET /api/catalogue/sets``)."""
        return dict(cafe_of(DEFAULT_GAME).catalogue(self.lib))
