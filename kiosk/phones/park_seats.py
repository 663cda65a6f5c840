"""Phone seats at a café park: :class:`ParkPhoneSeats` keeps the phone server following the park's
table (:class:`kiosk.table.park.ParkTable`) round after round.

The coordinator seats the entrants at the park each round.  At a park whose game has hidden
information and a phone page (Wacky Challenge, Cosplay Team Battle; any game with more people than
halves), the people beyond the two halves sit on phone seats on no half: the seats panel shows their
QR codes under their names, and a phone that scans one holds that seat for the round, as at a
local table (:class:`kiosk.phones.table_host.PhoneSeats`, whose panel, news and operator's "Free"
this reuses).  A phone's action is a ``ParkTable.act``: stored in the park's local log and the
outbox in one transaction, then applied, sent to the coordinator once.

What differs from a local table is the rounds:

* **The end of a round's game keeps the phones** (the final position stays on them, no seat is
  revoked: :attr:`ParkSeatHost.keeps_phones_past_end`).
* **The next round re-seats them.**  When the park's table becomes the next round's, each phone
  goes with its *player* (the entrant), not its seat: a player seated here again keeps their phone,
  on their new seat (its page reconnects by itself); a player seated at another park is told which
  (``{"type": "moved", "park": n, "round": r, "name": ...}``), one who sits the round out is told
  so (``{"type": "bye", ...}``), then disconnected; the end of the tournament revokes every phone.
  The codes of the new round's seats show on the panel.
* **Kept in kiosk.db** (setting :data:`KEPT_PARK`: the round's key, its entrants and the server's
  tokens, :meth:`SeatTokens.export`), so that a kiosk killed mid-round lets its phones back in with
  the cookies they hold once it has resumed the park.

One phone server serves the kiosk: the park's seats take it while the park has the screens
(:meth:`ParkPhoneSeats.activate`), and give it back to the local table's when the kiosk leaves
the tournament (:meth:`PhoneSeats.retake`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from kiosk.phones.link import PhoneLink, kivy_post
from kiosk.phones.table_host import PhoneSeats, TableSeatHost
from kiosk.store import StorageError

log = logging.getLogger("tablecup.phones")

#: kiosk.db setting: ``{"key": [tournament, round, park], "entrants": [entrant per seat], "seats":
#: the server's tokens}`` of the park's round whose phones the server follows.
KEPT_PARK = "park_phone_seats"

Key = tuple[int, int, int]


class ParkSeatHost(TableSeatHost):
    """:class:`TableSeatHost` over a park's table: its phones stay past the end of the round's
    game, with its final position, until the next round re-seats them."""

    keeps_phones_past_end = True


class ParkPhoneSeats(PhoneSeats):
    """Keeps the phone server following a park's table round after round (see the module)."""

    def __init__(self, link: PhoneLink, table: Any, post: Callable[[Callable[[], None]], None] = kivy_post,
                 active: bool = True) -> None:
        self._key: Key | None = None          # the round whose table the server follows
        self._entrants: tuple[int, ...] = ()  # its entrant in each seat
        self.active = active
        super().__init__(link, table, post)

    def follow(self, park: Any) -> None:
        """Keep to ``park``'s table (a :class:`~kiosk.park.ParkController`'s): a park whose next
        tournament is of another game plays it on a new table."""
        park.listeners.append(lambda _park, _events: self._to_table(park.table))
        self._to_table(park.table)

    def _to_table(self, table: Any) -> None:
        if table is self.table:
            return
        if self.on_table in self.table.listeners:
            self.table.listeners.remove(self.on_table)
        self.table = table
        table.listeners.append(self.on_table)
        self.on_table(table, [])

    def game_key(self) -> Any:
        """What changes when the table's phone seats are new: the round (its codes show by themselves)."""
        return self._key

    def round_key(self) -> Key | None:
        """The park's round on the table now (playing, or its end held), while the park has the screens."""
        t = self.table
        if not self.active or t.state is None or t.game is None or t.tid is None:
            return None
        return (t.tid, t.round, t.park)

    def activate(self, on: bool) -> None:
        """The park has the screens (``on``), or gives them back: its phones' tokens stay in
        kiosk.db, the server is the local table's again."""
        if on == self.active:
            return
        self.active = on
        if not on:
            self.host, self._key, self._entrants = None, None, ()
            return
        self.on_table(self.table, [])

    def on_table(self, table: Any, _events: list) -> None:
        key = self.round_key()
        if key != self._key:
            self._next(key)
            return
        server = self.server()
        if server is not None and self.host is not None:
            server.changed()

    # ------------------------------------------------------------------ a new round
    def _next(self, key: Key | None) -> None:
        """The table is of round ``key`` now (None: no game on it): its phones re-seated."""
        before, entrants_before, attached = self._key, self._entrants, self.host is not None
        self._key = key
        self._entrants = tuple(self.table.entrants) if key is not None else ()
        want = key is not None and self.wanted()
        server = self.link.server() if want else self.server()
        host = ParkSeatHost(self.table, self.post) if want and server is not None else None
        if server is None or (host is None and not attached):
            self.host = None
            return                       # phones are not ours to re-seat (none here, or the local table's)
        restored: dict | None = None
        if attached and before is not None:
            held = server.tokens.export().get("held") or {}
            carried, told = self._reseated(held, entrants_before)
        else:
            # A restarted kiosk, or the park taking the screens back: what kiosk.db kept.
            kept = self._kept_round()
            carried, told = {}, {}
            if kept is not None and tuple(kept["key"]) == key:
                restored = kept["seats"]
            elif kept is not None:
                carried, _ = self._reseated(kept["seats"].get("held") or {}, tuple(kept["entrants"]))
        server.on_presence = lambda: self.post(self._presence_changed)
        server.on_taken = lambda game, seat, phones: self.post(lambda: self._taken(game, seat, phones))
        server.reseat(host, carried, told)
        self.host, self.news = host, None
        if restored is not None:
            server.tokens.restore(restored)
        if host is not None:
            server.changed()
        self._keep()
        self._presence_changed()         # the seats panel: the new round's codes
        if carried or told:
            log.info("phone seats: round %s at park %s: %d phone(s) kept, %d told where their player plays",
                     None if key is None else key[1], self.table.park, len(carried), len(told))

    def _reseated(self, held: Mapping[str, Any], entrants_before: tuple[int, ...]) -> tuple[dict[int, str], dict[int, dict]]:
        """Where the phones of the round before go: (new seat -> its secret's digest) for the
        players seated here again, (old seat -> the word it is sent) for those seated elsewhere or
        sitting the round out."""
        carried: dict[int, str] = {}
        told: dict[int, dict] = {}
        view = self.table.view or {}
        for seat_text, digest in held.items():
            try:
                entrant = entrants_before[int(seat_text)]
            except (ValueError, IndexError):
                continue
            where, park = self._where(entrant, view)
            name = next((p.get("name") for p in view.get("players") or [] if p.get("player") == entrant), None)
            if where == "here":
                carried[park] = digest
            elif where == "moved":
                told[int(seat_text)] = {"type": "moved", "park": park, "round": view.get("round"), "name": name}
            elif where == "bye":
                told[int(seat_text)] = {"type": "bye", "round": view.get("round"), "name": name}
        return carried, told

    def _where(self, entrant: int, view: Mapping[str, Any]) -> tuple[str, Any]:
        """("here", seat), ("moved", park), ("bye", None), or ("gone", None): the tournament is
        over, or the player is out of it (a knockout)."""
        if self._key is not None and entrant in self._entrants:
            return "here", self._entrants.index(entrant)
        if view.get("over"):
            return "gone", None
        for s in view.get("seats") or []:
            if s.get("player") == entrant:
                return "moved", s.get("park")
        if any(b.get("player") == entrant for b in view.get("byes") or []):
            return "bye", None
        return "gone", None

    # ------------------------------------------------------------------ kept in kiosk.db
    def _kept_round(self) -> dict | None:
        """The round's entry :meth:`_keep` wrote (None: none, or not of this park's form)."""
        try:
            kept = self.table.store.get(KEPT_PARK)
        except Exception:             # a damaged setting must not stop the park
            log.exception("phone seats: the park's kept tokens could not be read")
            return None
        if not isinstance(kept, dict) or not isinstance(kept.get("key"), list) or len(kept["key"]) != 3 \
                or not isinstance(kept.get("entrants"), list) or not isinstance(kept.get("seats"), dict):
            return None
        return kept

    def _keep(self, ended: bool = False) -> None:
        """The round's phones as the server holds them now, in kiosk.db (none: the entry goes)."""
        server = self.server()
        if not self.active:
            return
        value = None
        if self._key is not None and server is not None and self.host is not None and not ended:
            value = {"key": list(self._key), "entrants": list(self._entrants), "seats": server.tokens.export()}
        try:
            if self.table.store.get(KEPT_PARK) != value:
                self.table.store.put(KEPT_PARK, value)
        except StorageError as exc:   # the phones play on; only a restart would lose them
            log.error("phone seats: the park's tokens could not be kept in kiosk.db: %s", exc)
