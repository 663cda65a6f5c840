"""The coordinator's HTTP side (aiohttp): the routes of ``api.ROUTES``, the pages as static files,
the WebSocket, and what keeps a stranger on the LAN from costing more than their share.

Every answer carries the security headers (a strict Content-Security-Policy, no sniffing, no
framing, no referrer).  Connections go through :class:`appliance.lan.ConnectionGuard` (shared with
the kiosk's phone server): caps per address and in all with room kept for paired kiosks and the
organiser, deadlines for a request's head and body, a limit on idle time.  A write is CSRF-safe by construction: a POST with a body must say
``Content-Type: application/json`` (415 otherwise), which a page of another site can only send
after a CORS preflight that is never granted; every other write also needs a header
(``Authorization``, ``X-Organiser-Pin``) that a cross-site page cannot add without one; and a
request whose ``Origin`` is another site is refused (403).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from pathlib import Path
from urllib.parse import urlencode

from aiohttp import WSMsgType, web
from yarl import URL

from appliance.lan import SECURITY_HEADERS, ConnectionGuard, client_key

from . import api, pagewords
from .access import Kiosk
from .errors import ApiError
from .service import Coordinator
from .tournaments import Finished

log = logging.getLogger("tablecup.coordinator")

STATIC = Path(__file__).with_name("static")
BODY_TIMEOUT = 10.0                 # seconds for a request body to arrive once its head is in
TICKET_SECONDS = 60
#: The clock a ticket's life is measured on: monotonic, so the wall clock's jump when NTP first
#: sets it after a Pi boots (a Pi has no clock battery) neither ends tickets early nor stretches
#: them.  A ticket names its expiry on this clock; it is good only in this process anyway (the
#: secret that signs it is drawn at start).  Tests put a clock of their own here.
TICKET_CLOCK = time.monotonic
WS_PER_CLIENT = 8                   # WebSockets open from one address
WS_PER_KIOSK = 4                    # ... on one kiosk token
WS_TOTAL = 256
WS_FOR_KIOSKS = 64                  # ... of which tickets (public: anyone's) never take the last ones

COORD = web.AppKey("coordinator", Coordinator)
GUARD = web.AppKey("guard", ConnectionGuard)
SOCKETS = web.AppKey("sockets", dict)           # WebSocketResponse -> (client key, kiosk id or None)
SECRET = web.AppKey("secret", bytes)
SPEC = web.AppKey("openapi", dict)

JSON_TYPES = ("application/json",)


def error(status: int, message: str, headers=None, **extra) -> web.Response:
    return web.json_response({"error": message, **extra}, status=status, headers=headers)


def client(request) -> str:
    return client_key(request.remote)


def guard_of(request) -> ConnectionGuard:
    return request.app[GUARD]


def new_guard(per_client: int = 32, max_total: int = 512, head_timeout: float = 10.0,
              idle_timeout: float = 30.0) -> ConnectionGuard:
    """The coordinator's connection guard: a quarter of the connections kept for the clients that
    showed a kiosk token or the organiser PIN."""
    return ConnectionGuard(per_client=per_client, max_total=max_total, reserved=max_total // 4,
                           head_timeout=head_timeout, body_timeout=BODY_TIMEOUT, idle_timeout=idle_timeout,
                           logger=log)


def _cross_site(request) -> bool:
    origin = request.headers.get("Origin")
    if not origin or origin == "null":
        return origin == "null"
    try:
        return URL(origin).raw_authority.lower() != request.host.lower()
    except ValueError:
        return True


@web.middleware
async def guard(request: web.Request, handler):
    """Errors as JSON 4xx, the security headers, the Origin check, and the connection's head
    deadline paused while the request is answered."""
    g = request.app[GUARD]
    g.busy(request.transport)
    try:
        try:
            if request.method not in ("GET", "HEAD", "OPTIONS") and _cross_site(request):
                raise ApiError(403, f"cross-site request refused (Origin {request.headers.get('Origin')!r})")
            resp = await handler(request)
        except ApiError as exc:
            resp = error(exc.status, exc.error, headers=exc.headers, **exc.extra)
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            resp = _http_error(request, exc)
        except (asyncio.CancelledError, ConnectionResetError):
            raise
        except Exception:
            log.exception("internal error on %s %s", request.method, request.path)
            resp = error(500, "internal error (logged on the coordinator)")
        if not resp.prepared:
            resp.headers.update(SECURITY_HEADERS)
            resp.headers.setdefault("Cache-Control", "no-store")
            if resp.status == 408:
                resp.force_close()       # the rest of a late body is not waited for
        return resp
    finally:
        g.idle(request.transport)


def _http_error(request, exc: web.HTTPException) -> web.Response:
    if exc.status == 413:
        return error(413, f"the body is larger than {api.MAX_BODY} bytes")
    reason = exc.text if exc.text and not exc.text.startswith(str(exc.status)) else exc.reason
    if exc.status == 404:
        reason = f"no such endpoint: {request.method} {request.path}"
    elif exc.status == 405:
        reason = f"{request.method} is not allowed on {request.path}"
    resp = error(exc.status, reason)
    if exc.status == 405 and "Allow" in exc.headers:
        resp.headers["Allow"] = exc.headers["Allow"]
    return resp


async def read_body(request: web.Request, model):
    """The request's JSON body as ``model``: JSON only (415), at most MAX_BODY bytes (413), within
    BODY_TIMEOUT (408), nested at most MAX_DEPTH levels and matching the model (400).
    Returns (model instance, the body's text)."""
    if request.content_type not in JSON_TYPES:
        raise ApiError(415, f"the body must be JSON: send 'Content-Type: application/json' "
                            f"(not {request.content_type!r})")
    length = request.content_length
    if length is not None and length > api.MAX_BODY:
        raise ApiError(413, f"the body is larger than {api.MAX_BODY} bytes")
    if request.content.is_eof():       # all of it is here already (a kiosk's small body): no timer needed
        raw = await request.read()
    else:
        # Meanwhile the connection counts as waiting: at the connection cap it may be closed for
        # another, so slow bodies cannot keep anyone out.
        g = guard_of(request)
        try:
            raw = await g.receive_body(request.transport, request.read)
        except TimeoutError:
            raise ApiError(408, f"the body did not arrive within {g.body_timeout:.0f} s") from None
    if len(raw) > api.MAX_BODY:
        raise ApiError(413, f"the body is larger than {api.MAX_BODY} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ApiError(400, f"the body is not UTF-8: {exc}") from None
    return api.decode(model, text), text


def coord(request) -> Coordinator:
    return request.app[COORD]


def _id(request, name="id") -> int:
    return int(request.match_info[name])


def kiosk_of(request, c: Coordinator, required=True) -> Kiosk | None:
    """The kiosk of the request's token (``ApiError`` if it is not valid); a valid one makes its
    address trusted by the connection guard (room is kept for it)."""
    kiosk = c.kiosk_from(request.headers.get("Authorization"), required=required)
    if kiosk is not None:
        guard_of(request).vouch(request.transport)
    return kiosk


def organiser(request, c: Coordinator, token=True):
    kiosk = kiosk_of(request, c) if token else None
    c.check_organiser(request.headers.get("X-Organiser-Pin"), client(request))
    guard_of(request).vouch(request.transport)
    return kiosk


# ---------------------------------------------------------------------- handlers
async def pair(request):
    c = coord(request)
    b, _ = await read_body(request, api.PairRequest)
    return web.json_response(await c.pair(b.pin, b.name.strip(), client(request)))


def pairing_uri(request, code: str) -> str:
    coordinator = f"{request.scheme}://{request.host}"
    return "tablecup://pair?" + urlencode({"code": code, "coordinator": coordinator})


async def pairing_pin(request):
    c = coord(request)
    organiser(request, c, token=False)
    code = c.pairing_pin
    if code is None:
        return web.json_response({"pin": None, "qr": None, "uri": None})
    import segno  # only the organiser page needs it

    uri = pairing_uri(request, code)
    qr = segno.make(uri, error="m").svg_data_uri(scale=4, border=2)
    return web.json_response({"pin": code, "qr": qr, "uri": uri})


async def kiosks(request):
    c = coord(request)
    organiser(request, c, token=False)
    return web.json_response({"kiosks": c.kiosk_list()})


async def me(request):
    c = coord(request)
    k = kiosk_of(request, c)
    return web.json_response(c.me(k))


async def catalogue_sets(request):
    return web.json_response(coord(request).catalogue())


async def revoke(request):
    c = coord(request)
    organiser(request, c)
    return web.json_response(await c.revoke(_id(request, "kid")))


async def create(request):
    c = coord(request)
    b, _ = await read_body(request, api.CreateTournament)
    organiser(request, c)
    return web.json_response(await c.create(b), status=201)


async def list_tournaments(request):
    return web.json_response({"tournaments": coord(request).summaries()})


async def get_tournament(request):
    c = coord(request)
    return web.json_response(c.public(c.entry(_id(request))))


async def get_record(request):
    c = coord(request)
    organiser(request, c)
    return web.json_response(c.record(c.entry(_id(request))))


async def assign(request):
    c = coord(request)
    b, _ = await read_body(request, api.AssignKiosk)
    organiser(request, c)
    e = c.entry(_id(request))
    park = int(request.match_info["park"])
    if isinstance(e, Finished):
        c.check_park_number(e, park)
        raise ApiError(409, f"tournament {e.id} is over: its kiosks no longer change")
    return web.json_response(await c.assign(e, park, b.kiosk_id))


async def get_park(request):
    c = coord(request)
    kiosk = kiosk_of(request, c, required=False)
    e = c.entry(_id(request))
    park = int(request.match_info["park"])
    c.check_park_number(e, park)
    if kiosk is not None and e.kiosks.get(park) != kiosk.id:
        raise ApiError(403, f"kiosk {kiosk.id} ({kiosk.name}) is not park {park}'s kiosk")
    return web.json_response(c.park(e, park, private=kiosk is not None))


async def post_action(request):
    c = coord(request)
    b, raw = await read_body(request, api.ActionRequest)
    kiosk = kiosk_of(request, c)
    e = c.entry(_id(request))
    text, duplicate = await c.act(e, kiosk, b, raw)
    resp = web.Response(text=text, content_type="application/json")
    if duplicate:
        resp.headers["X-Tablecup-Duplicate"] = "1"
    return resp


async def final(request):
    c = coord(request)
    b, _ = await read_body(request, api.FinalPark)
    organiser(request, c)
    e = c.entry(_id(request))
    if isinstance(e, Finished):
        c.check_park_number(e, b.park)
        raise ApiError(409, "the Final has been played: its park can no longer change")
    return web.json_response(await c.set_final_park(e, b.park))


# ---------------------------------------------------------------------- WebSocket
def _ticket_mac(secret: bytes, tid: int, who: str, expires: int) -> str:
    return hmac.new(secret, f"{tid}|{who}|{expires}".encode(), hashlib.sha256).hexdigest()[:32]


async def ticket(request):
    """A ticket for the tournament's WebSocket, good for TICKET_SECONDS from this address only
    (a browser cannot send an Authorization header when it opens a WebSocket)."""
    c = coord(request)
    tid = c.entry(_id(request)).id
    expires = int(TICKET_CLOCK()) + TICKET_SECONDS
    mac = _ticket_mac(request.app[SECRET], tid, client(request), expires)
    return web.json_response({"ticket": f"{expires}.{mac}", "expires_in": TICKET_SECONDS})


def _check_ticket(request, tid: int, text: str) -> bool:
    expires, _, mac = text.partition(".")
    if not expires.isdigit() or int(expires) < TICKET_CLOCK():
        return False
    want = _ticket_mac(request.app[SECRET], tid, client(request), int(expires))
    return hmac.compare_digest(mac.encode("ascii", "replace"), want.encode())


async def events(request):
    """The tournament's pushes.  Kept only for a kiosk token (``Authorization``) or a valid ticket
    (``?ticket=``): anything else is answered 401 before the upgrade.  WebSockets are capped per
    address, per kiosk and overall, and tickets (which anyone may get) never take the last
    WS_FOR_KIOSKS of them."""
    c = coord(request)
    e = c.entry(_id(request))
    ws = web.WebSocketResponse(heartbeat=20, max_msg_size=4096)
    if not ws.can_prepare(request).ok:
        raise ApiError(400, "this endpoint is a WebSocket (send 'Upgrade: websocket')")
    kiosk = kiosk_of(request, c, required=False)
    if kiosk is None and not _check_ticket(request, e.id, request.query.get("ticket", "")):
        raise ApiError(401, "a WebSocket needs a kiosk token (Authorization: Bearer) or a ticket "
                            f"(GET /api/tournaments/{e.id}/ticket, then ?ticket=...)")
    sockets = request.app[SOCKETS]
    who = client(request)
    if len(sockets) >= WS_TOTAL:
        raise ApiError(429, f"{WS_TOTAL} WebSockets are open: poll the views instead", headers={"Retry-After": "10"})
    if kiosk is None and sum(1 for _, k in sockets.values() if k is None) >= WS_TOTAL - WS_FOR_KIOSKS:
        raise ApiError(429, f"{WS_TOTAL - WS_FOR_KIOSKS} WebSockets are open on tickets: poll the views instead",
                       headers={"Retry-After": "10"})
    if sum(1 for w, k in sockets.values() if w == who) >= WS_PER_CLIENT:
        raise ApiError(429, f"{WS_PER_CLIENT} WebSockets are open from this address already", headers={"Retry-After": "10"})
    if kiosk is not None and sum(1 for _, k in sockets.values() if k == kiosk.id) >= WS_PER_KIOSK:
        raise ApiError(429, f"{WS_PER_KIOSK} WebSockets are open for this kiosk already", headers={"Retry-After": "10"})
    ws.headers.update(SECURITY_HEADERS)
    await ws.prepare(request)
    sockets[ws] = (who, kiosk.id if kiosk else None)
    request.app[GUARD].busy(request.transport)
    queue: asyncio.Queue = asyncio.Queue()
    e.subscribers.add(queue)
    s = e.summary()
    try:
        await ws.send_str(json.dumps({"type": "hello", "tournament": e.id, "version": e.version,
                                      "round": s["round"], "phase": s["phase"]}))

        async def pump():
            while True:
                await ws.send_str(await queue.get())

        sender = asyncio.create_task(pump())
        try:
            async for msg in ws:
                if msg.type == WSMsgType.ERROR:
                    break
        finally:
            sender.cancel()
    finally:
        sockets.pop(ws, None)
        # the entry may have been replaced (Final park change, finished): drop from every entry
        for x in c.tournaments.values():
            x.subscribers.discard(queue)
    return ws


# ---------------------------------------------------------------------- the rest
async def health(request):
    c = coord(request)
    return web.json_response({"ok": True, "tournaments": len(c.tournaments), "kiosks": len(c.kiosks)})


async def spec(request):
    app = request.app
    if not app[SPEC]:                  # built on first use: a restart does not wait for it
        app[SPEC].update(api.openapi())
    return web.json_response(app[SPEC])


def _file(name: str, content_type: str) -> web.Response:
    return web.Response(body=(STATIC / name).read_bytes(), content_type=content_type,
                        headers={"Cache-Control": "no-cache"})


async def page(request):
    tid = request.match_info.get("id")
    if tid is not None:
        coord(request).entry(int(tid))
    return _file("standings.html", "text/html")


async def organiser_page(request):
    return _file("organiser.html", "text/html")


STATIC_FILES = {"standings.css": "text/css", "standings.js": "text/javascript",
                "organiser.css": "text/css", "organiser.js": "text/javascript", "lang.js": "text/javascript"}


async def static(request):
    name = request.match_info["name"]
    if name not in STATIC_FILES:
        raise ApiError(404, f"no such file: {name}")
    return _file(name, STATIC_FILES[name])


async def words_of_pages(request):
    """The pages' words in ``?lang=`` (coordinator/pagewords.py): the same bytes until the
    catalogues change, so a page revalidates them (ETag) rather than fetch them again."""
    lang = request.query.get("lang", "")
    offered = ", ".join(sorted(pagewords.known()))
    if not lang:
        raise ApiError(400, f"missing parameter 'lang': the language of the words ({offered})")
    if lang not in pagewords.known():
        raise ApiError(400, f"'lang': no words in {lang[:16]!r}: the pages speak {offered}")
    body, etag = pagewords.page_words(lang)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if etag in request.headers.get("If-None-Match", ""):
        return web.Response(status=304, headers=headers)
    return web.Response(body=body, content_type="application/json", charset="utf-8", headers=headers)


async def _on_startup(app):
    await app[COORD].start()


async def _on_shutdown(app):
    for ws in list(app[SOCKETS]):
        await ws.close(code=1001, message=b"coordinator stopping")


async def _on_cleanup(app):
    await app[COORD].stop()


def make_app(coordinator: Coordinator, connection_guard: ConnectionGuard | None = None) -> web.Application:
    app = web.Application(middlewares=[guard], client_max_size=api.MAX_BODY)
    app[COORD] = coordinator
    app[GUARD] = connection_guard or new_guard()
    app[SOCKETS] = {}
    app[SECRET] = secrets.token_bytes(32)
    app[SPEC] = {}
    handlers = globals()
    for r in api.ROUTES:
        app.router.add_route(r.method, api.aiohttp_path(r.path), handlers[r.handler])
    app.on_startup.append(_on_startup)
    app.on_shutdown.append(_on_shutdown)
    app.on_cleanup.append(_on_cleanup)
    return app


class GuardedSite(web.TCPSite):
    """A TCP site whose connections go through the app's :class:`ConnectionGuard` (caps per
    address and overall, request-head deadline)."""

    def __init__(self, runner: web.AppRunner, host, port, guard_: ConnectionGuard, **kw):
        super().__init__(runner, host, port, **kw)
        self._guard = guard_

    async def start(self) -> None:
        await web.BaseSite.start(self)
        loop = asyncio.get_running_loop()
        server = self._runner.server
        if server is None:
            raise RuntimeError("the app runner is not set up: await runner.setup() before starting its site")
        self._server = await loop.create_server(self._guard.protocol_factory(server), self._host,
                                                self._port, backlog=self._backlog,
                                                reuse_address=self._reuse_address, reuse_port=self._reuse_port)
        self._bound_port = self._server.sockets[0].getsockname()[1] if self._server.sockets else None


async def serve(coordinator: Coordinator, host: str, port: int, guard_: ConnectionGuard | None = None,
                shutdown_timeout: float = 2.0) -> web.AppRunner:
    """Start the app on host:port behind the connection guard; returns the runner (``cleanup()`` stops it)."""
    guard_ = guard_ or new_guard()
    runner = web.AppRunner(make_app(coordinator, guard_), access_log=None, shutdown_timeout=shutdown_timeout)
    await runner.setup()
    site = GuardedSite(runner, host, port, guard_, backlog=512)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner
