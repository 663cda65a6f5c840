"""The phone server: an aiohttp app on the LAN, in its own thread with its own event loop.

Routes (see docs/protocol.md, "Phones"):

``GET /t/{code}``
    a seat's QR code points here.  The seat's code opens it once: the first phone to bring it is
    given a secret of its own in a cookie (``HttpOnly``, ``SameSite=Strict``, this kiosk only)
    and sent to ``/``; the code is then used up.  Another phone bringing it is refused (409,
    ``seat-taken``) until the operator frees the seat.  No URL holds the phone's secret.
``GET /``
    the page (static HTML; ``/static/...`` its script and style).
``GET /api/view``
    the seat's view now (JSON).
``POST /api/act``
    ``{"version": n, "action": {...}}`` (JSON only): play an action for the seat.
``GET /ws``
    a WebSocket that pushes the seat's view after every change (the cookie is checked before
    the upgrade; nothing is read from the phone but pings).

Everything but the static files needs the cookie (or, for ``/t/``, an unused code): without a
valid one the answer is 4xx and nothing changes.  A valid one makes the phone's address trusted by the
connection guard (:class:`appliance.lan.ConnectionGuard`, shared with the coordinator), which
keeps room for the seats' phones however many strangers connect.  The server never touches the
game: an action is posted to the table's thread (:meth:`SeatHost.post`), checked and played
there; views are computed there too, and handed to this thread whole.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import errno
import html
import json
import logging
import socket
import string
import threading
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSMsgType, web
from yarl import URL

from appliance import lan
from appliance.lan import ConnectionGuard, client_key, json_depth_ok
from engine.errors import IllegalAction
from engine.game import Action
from kiosk import i18n, iconset
from kiosk.i18n import N_
from kiosk.phones.host import Refused, SeatHost, SeatView, seat_view
from kiosk.phones.tokens import (
    PHONE_HOLDS_A_SEAT,
    SEAT_TAKEN,
    UNKNOWN_CODE,
    CodeRefused,
    SeatTokens,
    secret_digest,
)

log = logging.getLogger("tablecup.phones")

DEFAULT_PORT = 8471
COOKIE = "tablecup_seat"
COOKIE_SECONDS = 12 * 3600
STATIC = Path(__file__).with_name("static")
STATIC_FILES = {"phone.js": "text/javascript", "phone.css": "text/css"}
#: The phone page's own words (phone.js reads them from /api/words): its name -> a key of the shared
#: catalogue.  ``{name}`` placeholders are kept for the page to fill.
PAGE_WORDS = {
    "you": N_("pp_you"), "actions": N_("pp_actions"), "hand": N_("pp_hand"), "table": N_("pp_table"),
    "yourTurn": N_("pp_your_turn"), "wait": N_("pp_wait"), "won": N_("pp_won"), "lost": N_("pp_lost"),
    "draw": N_("pp_draw"), "none": N_("pp_none"), "connecting": N_("pp_connecting"),
    "lost_link": N_("pp_lost_link"), "paused": N_("pp_paused"), "revoked": N_("pp_revoked"),
    "ended": N_("pp_ended"), "moved": N_("pp_moved"), "bye": N_("pp_bye"), "sending": N_("pp_sending"), "hidden": N_("pp_hidden"), "seat": N_("pp_seat"),
    "yes": N_("pp_yes"), "no": N_("pp_no"), "online": N_("pp_online"), "offline": N_("pp_offline"),
    "details": N_("pp_details"), "stale": N_("pp_stale"), "credits": N_("pp_credits"), "lang": N_("pp_lang"),
}
#: The observations' field names in "Everything the table sent", said in words (any other reads
#: as itself, its underscores as spaces).
PAGE_FIELDS = {
    "hand": N_("pp_field_hand"), "hands": N_("pp_field_hands"), "hand_sizes": N_("pp_field_hand_sizes"),
    "deck_sizes": N_("pp_field_deck_sizes"), "scores": N_("pp_field_scores"), "turn": N_("pp_field_turn"),
    "phase": N_("pp_field_phase"), "current": N_("pp_field_current"), "hit_points": N_("pp_field_hit_points"),
    "damage": N_("pp_field_damage"), "zones": N_("pp_field_zones"), "tops": N_("pp_field_tops"),
    "discard": N_("pp_field_discard"), "row": N_("pp_field_row"), "routes": N_("pp_field_routes"),
    "hierarchy": N_("pp_field_hierarchy"), "pilots": N_("pp_field_pilots"), "chosen": N_("pp_field_chosen"),
    "played": N_("pp_field_played"), "your_choice": N_("pp_field_your_choice"),
    "characters": N_("pp_field_characters"), "revealed": N_("pp_field_revealed"), "pending": N_("pp_field_pending"),
    "order": N_("pp_field_order"), "picks": N_("pp_field_picks"), "outcome": N_("pp_field_outcome"),
}


def page_words() -> dict:
    """What /api/words answers: the languages the page offers, and in every language with
    catalogues (the pseudo-locale too) the page's words and the observations' field names."""
    return {"offered": list(i18n.LANGS),
            "words": {lang: {name: i18n.tr(key, lang) for name, key in PAGE_WORDS.items()}
                      for lang in sorted(i18n.known())},
            "fields": {lang: {name: i18n.tr(key, lang) for name, key in PAGE_FIELDS.items()}
                       for lang in sorted(i18n.known())}}
MAX_BODY = 4096
MAX_DEPTH = lan.MAX_JSON_DEPTH
CONNECTIONS_PER_CLIENT = 8
CONNECTIONS = 96
CONNECTIONS_FOR_PHONES = 40  # of CONNECTIONS, never taken by addresses that hold no seat
ACT_TIMEOUT = 5.0            # seconds the table may take to play a phone's action
WS_PER_CLIENT = 4
WS_PER_SEAT = 3
WS_TOTAL = 48
REVOKED = 4401               # WebSocket close code: this seat's token is no longer valid
NO_SEAT = "no-seat"          # the refusal's code: this phone's cookie holds no seat of the game
PAUSED = 4409                # WebSocket close code: this seat's game left the table, saved: it comes back
RESEATED = 4412              # WebSocket close code: a café park's next round, this phone's seat renumbered: reconnect
GAME_PAUSED = "game-paused"  # the refusal's code: this phone's seat is in a saved game not on the table now
#: What ``GET /t/{code}`` answers for a code that opens no seat: the status, and the sentence of the
#: page that says why, in the phone's language (the reason's code is in the ``X-Tablecup-Refusal``
#: header besides).
CODE_REFUSALS = {UNKNOWN_CODE: (401, N_("pp_refused_no_seat")), SEAT_TAKEN: (409, N_("pp_refused_taken")),
                 PHONE_HOLDS_A_SEAT: (409, N_("pp_refused_other_seat")), NO_SEAT: (401, N_("pp_refused_no_seat"))}
#: The cookie in which the phone page keeps the language chosen on it, so that the pages the server
#: writes itself (the refusals) are in that language too.
LANG_COOKIE = "tablecup_lang"


def page_language(request: web.Request) -> str:
    """The language of a page the server writes: ``?lang=`` or the language chosen on the phone
    page before (its cookie), if it has catalogues (the pseudo-locale too); else the first offered
    language the browser asks for (``Accept-Language``, in its order); else English."""
    for asked in (request.query.get("lang"), request.cookies.get(LANG_COOKIE)):
        if asked in i18n.known():
            return str(asked)
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";", 1)[0].strip().lower()[:2]
        if tag in i18n.LANGS:
            return tag
    return i18n.DEFAULT


def refusal_page(reason: str, lang: str) -> str:
    """The page for a code refused for ``reason``, in ``lang``."""
    template = string.Template((STATIC / "refused.html").read_text(encoding="utf-8"))
    return template.substitute(lang=lang, why=html.escape(i18n.tr(CODE_REFUSALS[reason][1], lang)))

SECURITY_HEADERS = {**lan.SECURITY_HEADERS, "Cache-Control": "no-store"}
#: What a stranger can make this server write (its own lines, aiohttp's, asyncio's): a few lines
#: of a kind a minute, so a flood cannot fill the kiosk's log.
FLOODABLE_LOGS = ("tablecup.phones", "aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.access",
                  "asyncio")


class PortTaken(OSError):
    """The phone port is in use (another program, another kiosk): the kiosk runs without phones."""


def lan_address() -> str:
    """This machine's address on the LAN (the one a default route leaves from), else loopback.
    Nothing is sent: connecting a UDP socket only picks the route."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 9))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class _Phone:
    """One open WebSocket of one seat, and the newest view it has still to be sent.

    A pump sends only the newest view: a slow phone skips views, it never makes the others wait.
    A revoked seat's pump sends the last view it was given (the final position, at the end of a
    game), then ``{"type": "revoked"}``, then closes the socket; a paused one (its game left the
    table, saved) ``{"type": "paused"}``, and closes with :data:`PAUSED`: the page comes back."""

    def __init__(self, ws: web.WebSocketResponse, seat: int, key: str) -> None:
        self.ws, self.seat, self.key = ws, seat, key
        self.latest: str | None = None
        self.revoked = False
        self.paused = False
        self.reseated = False
        self.told: str | None = None     # a last word before the socket closes (a café park's next round)
        self.wake = asyncio.Event()

    def push(self, text: str) -> None:
        self.latest = text
        self.wake.set()

    def revoke(self, keep_latest: bool, paused: bool = False) -> None:
        if not keep_latest:
            self.latest = None
        self.revoked, self.paused = True, paused
        self.wake.set()

    def reseat(self, told: str | None) -> None:
        """A café park's next round: with ``told`` (its player plays elsewhere, or sits the round
        out), that word then ``revoked``; without, the socket closes with :data:`RESEATED` and the
        page reconnects to its seat of the new round."""
        self.latest = None
        self.told = told
        self.revoked, self.paused, self.reseated = True, False, told is None
        self.wake.set()

    async def pump(self) -> None:
        while not self.ws.closed:
            await self.wake.wait()
            self.wake.clear()
            text, self.latest = self.latest, None
            try:
                if text is not None and not self.ws.closed:
                    await self.ws.send_str(text)
                if self.revoked and self.reseated:
                    await self.ws.close(code=RESEATED, message=b"next round")
                    return
                if self.revoked and self.told is not None:
                    await self.ws.send_str(self.told)
                if self.revoked and self.paused:
                    await self.ws.send_str('{"type":"paused"}')
                    await self.ws.close(code=PAUSED, message=b"game paused")
                    return
                if self.revoked:
                    await self.ws.send_str('{"type":"revoked"}')
                    await self.ws.close(code=REVOKED, message=b"seat freed")
                    return
            except (ConnectionError, RuntimeError):   # the phone went away: its handler ends it
                return


class PhoneServer:
    """The phone server of one kiosk.

    The table's thread calls :meth:`attach` when a game starts (every token of the game before
    is revoked), :meth:`seat_url` for a seat's QR code, :meth:`free_seat`, :meth:`detach` when
    the game ends, and :meth:`changed` after every change; all of them return at once.
    :meth:`start` binds the port (raises :class:`PortTaken` when it is in use) and runs the
    server in a thread of its own; :meth:`stop` ends it.
    """

    def __init__(self, port: int = DEFAULT_PORT, bind: str = "0.0.0.0", address: str | None = None,
                 guard: ConnectionGuard | None = None, ws_per_client: int = WS_PER_CLIENT) -> None:
        self.port, self.bind = port, bind
        self.ws_per_client = ws_per_client
        self.address = address            # the host name in seat URLs (default: the LAN address)
        self.guard = guard or ConnectionGuard(per_client=CONNECTIONS_PER_CLIENT, max_total=CONNECTIONS,
                                              reserved=CONNECTIONS_FOR_PHONES, logger=log)
        self.tokens = SeatTokens()
        self._lock = threading.Lock()
        self._host: SeatHost | None = None
        self._pending = False             # a snapshot is posted to the host and has not run yet
        self._snapped: tuple | None = None     # (game, version, seats) of the last views made
        # On the host's thread: seat -> (its legal actions, the first version they were offered at).
        # An action is stale when the seat's choices have changed since the version it was chosen
        # on: in a game of simultaneous moves another seat's secret choice does not make it stale.
        self._since: dict[int, tuple[frozenset[Action], int]] = {}
        self._played: dict[int, int] = {}       # seat -> the version its phone's last action made
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.thread_id: int | None = None       # the server thread's native id (for CPU figures)
        # On the server's loop only:
        self._views: dict[int, SeatView] = {}
        self._phones: set[_Phone] = set()
        self._acting: set[int] = set()          # seats with an action on its way to the table
        # Seat -> WebSockets open now (read from any thread under the lock);
        # ``on_presence()`` is called on the server's thread when it changes.
        self._present: dict[int, int] = {}
        self._paused: frozenset[bytes] = frozenset()   # digests of the secrets of saved games not on the table
        self.on_presence: Callable[[], None] | None = None
        #: ``on_taken(game, seat, phones)``, on the server's thread, when a phone takes a seat with
        #: its code (``phones``: how many have held the seat in that game; more than one: a new phone).
        self.on_taken: Callable[[int, int, int], None] | None = None

    # ------------------------------------------------------------------ life
    def start(self, timeout: float = 10.0) -> int:
        """Bind and serve in a new thread; the port bound.  :class:`PortTaken` if it is in use."""
        lan.limit_log_floods(*FLOODABLE_LOGS)
        loop = asyncio.new_event_loop()

        def main() -> None:
            self.thread_id = threading.get_native_id()
            asyncio.set_event_loop(loop)
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close())
                loop.close()

        self._thread = threading.Thread(target=main, name="tablecup-phones", daemon=True)
        self._thread.start()
        opened = asyncio.run_coroutine_threadsafe(self._open(), loop)
        try:
            opened.result(timeout)
        except BaseException as exc:
            # Not serving: the loop stops (closing what was opened) before the caller hears why.
            opened.cancel()
            loop.call_soon_threadsafe(loop.stop)
            self._thread.join()
            if isinstance(exc, OSError) and exc.errno in (errno.EADDRINUSE, errno.EACCES):
                raise PortTaken(exc.errno, f"port {self.port} is in use: phones cannot take seats "
                                           f"(start the kiosk with --phone-port P to use another)") from exc
            if isinstance(exc, TimeoutError):
                raise TimeoutError(f"the phone server did not start within {timeout:.0f} s") from None
            raise
        self._loop = loop
        return self.port

    def stop(self, timeout: float = 5.0) -> None:
        loop, self._loop = self._loop, None
        if loop is not None:
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._loop is not None

    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_BODY)
        app.router.add_get("/t/{token}", self._take_seat)
        app.router.add_get("/", self._page)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/static/icons/{name}.svg", self._icon)
        app.router.add_get("/api/view", self._view)
        app.router.add_get("/api/words", self._words)
        app.router.add_post("/api/act", self._act)
        app.router.add_get("/ws", self._ws)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        handler = self._runner.server
        if handler is None:
            raise RuntimeError("aiohttp's runner set up no server")
        loop = asyncio.get_running_loop()
        server = await loop.create_server(self.guard.protocol_factory(handler), self.bind, self.port,
                                          backlog=128, reuse_address=True)
        self._server = server
        self.port = server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        for phone in list(self._phones):
            await phone.ws.close(code=1001, message=b"kiosk stopping")
        server = getattr(self, "_server", None)
        if server is not None:
            server.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def _call(self, fn: Callable, *args) -> None:
        loop = self._loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:          # the loop is closing
                pass

    # ------------------------------------------------------------------ the table's side
    def attach(self, host: SeatHost | None, paused: bool = False) -> None:
        """A new game (or none): every token of the game before is revoked and its phones told:
        that it has ended, or with ``paused`` that it left the table saved (the table keeps its
        tokens, :meth:`pause_secrets`, and gives them back when it is resumed)."""
        with self._lock:
            self._host = host
        self._since, self._played = {}, {}
        revoked = self.tokens.new_game()
        self._call(self._revoke, revoked, True, False, paused)

    def reseat(self, host: SeatHost | None, carried: dict[int, str], told: dict[int, dict]) -> None:
        """A café park's next round (or its end, ``host`` None): every code and secret of the
        round before goes, but the secrets of ``carried`` (new seat -> the digest, hex, of the
        secret of the phone whose player sits there again), whose phones reconnect to their new
        seats; each phone of ``told`` (old seat -> a word: ``{"type": "moved", "park": n, ...}``,
        ``{"type": "bye", ...}``) is sent its word and disconnected; any other phone is told
        its seat was revoked."""
        with self._lock:
            self._host = host
        self._since, self._played, self._snapped = {}, {}, None
        held = self.tokens.export()["held"]          # old seat -> its phone's digest
        if host is None:
            carried = {}
        kept = {int(seat) for seat, digest in held.items() if digest in carried.values()}
        self.tokens.new_game()
        if carried:
            self.tokens.restore({"held": {str(seat): digest for seat, digest in carried.items()}})
        words = {seat: json.dumps(word, separators=(",", ":")) for seat, word in told.items()}
        self._call(self._reseat_phones, kept, words)
        if host is not None:
            self.changed()                    # the new round's views, for the phones kept

    def _reseat_phones(self, kept: set[int], words: dict[int, str]) -> None:
        """On the server's loop: each phone of the round before told, moved or revoked (:meth:`reseat`)."""
        self._views.clear()
        for phone in list(self._phones):
            if phone.seat in words:
                phone.reseat(words[phone.seat])
            elif phone.seat in kept:
                phone.reseat(None)            # reconnects: its secret opens its new seat
            else:
                phone.revoke(False)

    def pause_secrets(self, digests: set[bytes]) -> None:
        """The digests of the phones' secrets of the saved games not on the table: such a phone is
        told its game is paused (409 :data:`GAME_PAUSED`, and the page), not that it holds no
        seat, so that its page waits and comes back when the game is resumed.  Thread-safe."""
        with self._lock:
            self._paused = frozenset(digests)

    def _is_paused(self, token: str | None) -> bool:
        d = secret_digest(token)
        with self._lock:
            return d is not None and d in self._paused

    def detach(self) -> None:
        """The game is over or gone: revoke every token."""
        self.attach(None)

    def seat_url(self, seat: int) -> str | None:
        """The URL of ``seat``'s QR code (its code made on first asking), or None while a phone
        holds the seat: its code is never shown again (the operator frees the seat for another)."""
        code = self.tokens.code(seat)
        if code is None:
            return None
        self.changed()
        return f"http://{self.address or lan_address()}:{self.port}/t/{code}"

    def present_seats(self) -> frozenset[int]:
        """The seats a phone is connected to now (an open WebSocket).  Thread-safe."""
        with self._lock:
            return frozenset(self._present)

    def _presence(self, seat: int, delta: int) -> None:
        with self._lock:
            was = seat in self._present
            n = self._present.get(seat, 0) + delta
            if n > 0:
                self._present[seat] = n
            else:
                self._present.pop(seat, None)
            changed = was != (n > 0)
        if changed and self.on_presence is not None:
            try:
                self.on_presence()
            except Exception:            # the table's refresh must not break a phone's socket
                log.exception("phone server: presence listener failed")

    def free_seat(self, seat: int) -> None:
        """The operator frees ``seat``: its code and its phone's secret are revoked, its phone is
        told and disconnected; the next :meth:`seat_url` is a new code."""
        if self.tokens.revoke(seat):
            self._snapped = None          # the seat's next phone must be sent its view, though nothing moved
            self._call(self._revoke, [seat], False, False)

    def changed(self) -> None:
        """The game changed: push the new views.  Thread-safe, returns at once; the views are
        computed on the host's thread (one snapshot however many changes came meanwhile)."""
        with self._lock:
            host = self._host
            if host is None or self._pending:
                return
            self._pending = True
        host.post(self._snapshot)

    def _snapshot(self) -> None:
        """On the host's thread: the views of the seats that hold tokens, sent to the server's."""
        with self._lock:
            self._pending = False
            host = self._host
        if host is not None:
            self._snapshot_now(host, self.tokens.game)

    # ------------------------------------------------------------------ on the server's loop
    def _deliver(self, game: int, views: dict[int, SeatView]) -> None:
        if game != self.tokens.game:
            return                        # a view of a game that has ended since
        for seat, view in views.items():
            old = self._views.get(seat)
            if old is not None and (old.version > view.version or old.text == view.text):
                continue
            self._views[seat] = view
            for phone in self._phones:
                if phone.seat == seat:
                    phone.push(view.text)

    def _revoke(self, seats: list[int], all_seats: bool, keep_latest: bool, paused: bool = False) -> None:
        if all_seats:
            self._views.clear()
        for seat in seats:
            self._views.pop(seat, None)
        for phone in list(self._phones):
            if all_seats or phone.seat in seats:
                phone.revoke(keep_latest, paused)

    def drop_phones(self) -> int:
        """Close every phone's WebSocket as a lost connection would (the phones reconnect by
        themselves); how many were open.  Thread-safe.  For tests and the bench."""
        n = len(self._phones)
        loop = self._loop
        if loop is not None:
            async def drop():
                for phone in list(self._phones):
                    await phone.ws.close(code=1012, message=b"dropped")
            asyncio.run_coroutine_threadsafe(drop(), loop).result(5)
        return n

    # ------------------------------------------------------------------ HTTP
    @web.middleware
    async def _guard(self, request: web.Request, handler):
        self.guard.busy(request.transport)
        try:
            return await self._answer(request, handler)
        finally:
            self.guard.idle(request.transport)

    async def _answer(self, request: web.Request, handler):
        try:
            resp = await handler(request)
        except Refused as exc:
            said = {"error": exc.message} if exc.code is None else {"error": exc.message, "code": exc.code}
            resp = web.json_response(said, status=exc.status)
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            why = f"no such page: {request.path}" if exc.status == 404 else exc.reason
            if exc.status == 405:
                why = f"{request.method} is not allowed on {request.path}"
            if exc.status == 413:
                why = f"the body is larger than {MAX_BODY} bytes"
            resp = web.json_response({"error": why}, status=exc.status)
        except (asyncio.CancelledError, ConnectionResetError):
            raise
        except Exception:
            log.exception("phone server: internal error on %s %s", request.method, request.path)
            resp = web.json_response({"error": "internal error (logged on the kiosk)"}, status=500)
        if not resp.prepared:
            resp.headers.update(SECURITY_HEADERS)
            if resp.status == 408:
                resp.force_close()       # the rest of a late body is not waited for
        return resp

    def _seat(self, request: web.Request) -> tuple[int, str]:
        token = request.cookies.get(COOKIE)
        seat = self.tokens.seat_of(token)
        if (seat is None or token is None) and self._is_paused(token):
            raise Refused(409, "this phone's game is paused: it goes on here once it is resumed on the table",
                          GAME_PAUSED)
        if seat is None or token is None:
            raise Refused(401, "this phone holds no seat of the game in progress: scan the seat's QR code on the table",
                          NO_SEAT)
        self.guard.vouch(request.transport)
        return seat, token

    @staticmethod
    def _same_site(request: web.Request) -> None:
        origin = request.headers.get("Origin")
        if origin is None:
            return
        try:
            ok = URL(origin).raw_authority.lower() == request.host.lower()
        except ValueError:
            ok = False
        if not ok:
            raise Refused(403, f"a request from another site is refused (Origin {origin!r})")

    async def _take_seat(self, request: web.Request) -> web.StreamResponse:
        """A seat's code: exchanged for this phone's own secret (its cookie), once."""
        game = self.tokens.game
        try:
            taken = self.tokens.take(request.match_info["token"], request.cookies.get(COOKIE))
        except CodeRefused as exc:
            if exc.reason != UNKNOWN_CODE:
                log.warning("phone seats: a phone from %s was refused seat %s (%s)", request.remote, exc.seat,
                            exc.reason)
            return self._refused(exc.reason, request)
        self.guard.vouch(request.transport)
        resp = web.Response(status=303, headers={"Location": "/"})
        if taken.secret is not None:
            resp.set_cookie(COOKIE, taken.secret, max_age=COOKIE_SECONDS, path="/", httponly=True,
                            samesite="Strict")
            if taken.phones > 1:
                log.warning("phone seats: seat %d changed phone: the phone at %s holds it now (phone %d of "
                            "the seat in this game)", taken.seat, request.remote, taken.phones)
            else:
                log.info("phone seats: seat %d taken by the phone at %s", taken.seat, request.remote)
            if self.on_taken is not None:
                try:
                    self.on_taken(game, taken.seat, taken.phones)
                except Exception:        # the table's notice must not cost the phone its seat
                    log.exception("phone server: the seat-taken listener failed")
        return resp

    @staticmethod
    def _refused(reason: str, request: web.Request) -> web.Response:
        """The page a phone's browser shows for a code that opens no seat, and why (a header)."""
        return web.Response(text=refusal_page(reason, page_language(request)), status=CODE_REFUSALS[reason][0],
                            content_type="text/html", charset="utf-8", headers={"X-Tablecup-Refusal": reason})

    async def _page(self, request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        if self.tokens.seat_of(token) is None and not self._is_paused(token):
            return self._refused(NO_SEAT, request)
        return web.Response(body=(STATIC / "phone.html").read_bytes(), content_type="text/html", charset="utf-8")

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            raise Refused(404, f"no such file: {name}")
        return web.Response(body=(STATIC / name).read_bytes(), content_type=STATIC_FILES[name], charset="utf-8")

    async def _icon(self, request: web.Request) -> web.Response:
        """An icon the cards name (``kiosk/icons/svg``): public, like the page's script."""
        text = iconset.svg_text(request.match_info["name"])
        if text is None:
            raise Refused(404, f"no such icon: {request.match_info['name']}")
        return web.Response(text=text, content_type="image/svg+xml")

    async def _words(self, request: web.Request) -> web.Response:
        """The page's words in every language: public, like the page's script."""
        return web.json_response(page_words())

    async def _view(self, request: web.Request) -> web.Response:
        seat, _ = self._seat(request)
        view = self._views.get(seat)
        if view is None:
            raise Refused(503, "the table has not sent this seat's view yet: try again in a moment")
        return web.Response(text=view.text, content_type="application/json")

    async def _read_json(self, request: web.Request) -> dict:
        if request.content_type != "application/json":
            raise Refused(415, f"the body must be JSON (Content-Type: application/json, not {request.content_type!r})")
        try:
            # Meanwhile the connection counts as waiting: at the connection cap it may be closed
            # for another, so slow bodies cannot keep the phones out.
            raw = await self.guard.receive_body(request.transport, request.read)
        except TimeoutError:
            raise Refused(408, f"the body did not arrive within {self.guard.body_timeout:.0f} s") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Refused(400, f"the body is not UTF-8: {exc}") from None
        if not json_depth_ok(text):
            raise Refused(400, f"the body nests deeper than {MAX_DEPTH} levels")
        try:
            body = json.loads(text)
        except ValueError as exc:
            raise Refused(400, f"the body is not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise Refused(400, "the body is an object: {\"version\": n, \"action\": {...}}")
        return body

    async def _act(self, request: web.Request) -> web.Response:
        self._same_site(request)
        seat, token = self._seat(request)
        body = await self._read_json(request)
        unknown = set(body) - {"version", "action"}
        if unknown:
            raise Refused(400, f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
        version = body.get("version")
        if type(version) is not int:
            raise Refused(400, "'version' is the whole number of the view the action was chosen on")
        try:
            action = Action.from_json(body.get("action"))
        except IllegalAction as exc:
            raise Refused(400, f"'action': {exc}") from None
        if action.player != seat:
            raise Refused(403, f"this phone holds seat {seat}, not seat {action.player}")
        with self._lock:
            host = self._host
        if host is None:
            raise Refused(409, "no game is in progress")
        if seat in self._acting:
            # One action per seat at a time: a phone (or a script) firing requests cannot queue
            # work on the table's thread faster than the table answers.
            raise Refused(429, "one move at a time: the previous one is still on its way to the table")
        game = self.tokens.game
        done: concurrent.futures.Future[int] = concurrent.futures.Future()

        def play() -> None:
            """On the host's thread: check again (the seat, the version, legality), then play."""
            if not done.set_running_or_notify_cancel():
                return
            try:
                if self.tokens.game != game or self.tokens.seat_of(token) != seat or self._host is not host:
                    raise Refused(401, "this seat was freed meanwhile")
                now = host.version()
                since = max(self._seen(seat_view(host, seat)), self._played.get(seat, 0))
                if version > now or version < since:
                    raise Refused(409, f"stale: the game has moved on (version {now}, the action was "
                                       f"chosen on {version}); nothing was played")
                if action not in host.legal_actions(seat):
                    raise Refused(422, f"not a legal action now: {action.to_text()}")
                host.submit(seat, action)
                after = host.version()
                self._played[seat] = after        # a retried request is stale, whatever the game
                self._snapshot_now(host, game)
                done.set_result(after)
            except IllegalAction as exc:
                done.set_exception(Refused(422, f"illegal: {exc}"))
            except Exception as exc:
                # A fault of ours, not the phone's: in the log, and a 500 to the awaiting handler.
                log.exception("a phone's action failed on the table")
                done.set_exception(exc)

        self._acting.add(seat)
        try:
            host.post(play)
            after = await asyncio.wait_for(asyncio.wrap_future(done), ACT_TIMEOUT)
        except TimeoutError:
            raise Refused(503, f"the table did not answer within {ACT_TIMEOUT:.0f} s: look at the table, "
                               "then try again") from None
        finally:
            self._acting.discard(seat)
        return web.json_response({"ok": True, "version": after})

    def _snapshot_now(self, host: SeatHost, game: int) -> None:
        """On the host's thread: the views of the seats that hold tokens, sent to the server's
        thread -- unless nothing has changed since the last ones (a phone's action makes its views
        at once, so that they go out with the answer; the host's ``changed`` then finds them made)."""
        seats = self.tokens.seats()
        mark = (game, host.version(), tuple(seats))
        if mark == self._snapped:
            return
        self._snapped = mark
        views = {s: seat_view(host, s) for s in seats}
        for view in views.values():
            self._seen(view)
        self._call(self._deliver, game, views)
        # A café park's phones stay past its game's end: its next round re-seats them (reseat).
        if host.outcome() is not None and not getattr(host, "keeps_phones_past_end", False):
            # The game has ended: the phones get the final position, then every token is revoked.
            self._call(self._revoke, self.tokens.revoke_all(), True, True)

    def _seen(self, view: SeatView) -> int:
        """On the host's thread: the first version at which ``view.seat`` was offered the actions
        it is offered now."""
        got = self._since.get(view.seat)
        if got is None or got[0] != view.legal:
            got = self._since[view.seat] = (view.legal, view.version)
        return got[1]

    async def _ws(self, request: web.Request) -> web.StreamResponse:
        self._same_site(request)
        seat, _ = self._seat(request)          # before the upgrade: no token, no socket
        ws = web.WebSocketResponse(heartbeat=25, max_msg_size=1024)
        if not ws.can_prepare(request).ok:
            raise Refused(400, "this address is a WebSocket (send 'Upgrade: websocket')")
        key = client_key(request.remote)
        if len(self._phones) >= WS_TOTAL:
            raise Refused(429, f"{WS_TOTAL} phones are connected already")
        if sum(1 for p in self._phones if p.key == key) >= self.ws_per_client:
            raise Refused(429, f"{self.ws_per_client} WebSockets are open from this address already")
        if sum(1 for p in self._phones if p.seat == seat) >= WS_PER_SEAT:
            raise Refused(429, f"{WS_PER_SEAT} WebSockets are open for this seat already")
        ws.headers.update({k: v for k, v in SECURITY_HEADERS.items() if k != "Cache-Control"})
        await ws.prepare(request)
        phone = _Phone(ws, seat, key)
        self._phones.add(phone)
        self._presence(seat, +1)
        view = self._views.get(seat)
        if view is not None:
            phone.push(view.text)
        pump = asyncio.create_task(phone.pump())
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.ERROR, WSMsgType.BINARY):
                    break                  # a phone sends nothing but pings: anything else ends it
        finally:
            pump.cancel()
            self._phones.discard(phone)
            self._presence(seat, -1)
        return ws

