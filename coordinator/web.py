"""The coordinator's HTTP API (aiohttp): routes, error handling, body limits, WebSocket."""

from __future__ import annotations

import asyncio
import json
import logging
import weakref

from aiohttp import web, WSMsgType

from . import validate
from .openapi import openapi
from .page import organiser_html, standings_html
from .service import ApiError, Coordinator
from .views import park_view, public_view

log = logging.getLogger("tablecup.coordinator")

MAX_BODY = 64 * 1024
COORD = web.AppKey("coordinator", Coordinator)
SOCKETS = web.AppKey("sockets", weakref.WeakSet)


def error(status: int, message: str, **extra) -> web.Response:
    return web.json_response({"error": message, **extra}, status=status)


@web.middleware
async def errors(request: web.Request, handler):
    try:
        return await handler(request)
    except ApiError as exc:
        return error(exc.status, exc.error, **exc.extra)
    except web.HTTPRequestEntityTooLarge:
        return error(413, f"the body is larger than {MAX_BODY} bytes")
    except web.HTTPException as exc:
        if exc.status < 400:
            raise
        reason = exc.text if exc.text and not exc.text.startswith(str(exc.status)) else exc.reason
        if exc.status == 404:
            reason = f"no such endpoint: {request.method} {request.path}"
        elif exc.status == 405:
            reason = f"{request.method} is not allowed on {request.path}"
        resp = error(exc.status, reason)
        if exc.status == 405 and "Allow" in exc.headers:
            resp.headers["Allow"] = exc.headers["Allow"]
        return resp
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("internal error on %s %s", request.method, request.path)
        return error(500, "internal error (logged on the coordinator)")


async def body_json(request: web.Request):
    length = request.content_length
    if length is not None and length > MAX_BODY:
        raise ApiError(413, f"the body is larger than {MAX_BODY} bytes")
    raw = await request.read()
    if len(raw) > MAX_BODY:
        raise ApiError(413, f"the body is larger than {MAX_BODY} bytes")
    if not raw:
        raise ApiError(400, "the body must be a JSON object (it is empty)")
    try:
        text = raw.decode("utf-8")
        return json.loads(text), text
    except (UnicodeDecodeError, ValueError) as exc:
        raise ApiError(400, f"the body is not valid JSON: {exc}") from None


def coord(request) -> Coordinator:
    return request.app[COORD]


def _id(request, name="id") -> int:
    return int(request.match_info[name])


def organiser(request, c: Coordinator, token=True):
    kiosk = c.kiosk_from(request.headers.get("Authorization")) if token else None
    c.check_organiser(request.headers.get("X-Organiser-Pin"))
    return kiosk


# ---------------------------------------------------------------------- handlers
async def pair(request):
    c = coord(request)
    body, _ = await body_json(request)
    b = validate.pair(body)
    return web.json_response(await c.pair(b["pin"], b["name"]))


async def pairing_pin(request):
    c = coord(request)
    organiser(request, c, token=False)
    return web.json_response({"pin": c.pairing_pin})


async def kiosks(request):
    c = coord(request)
    organiser(request, c, token=False)
    return web.json_response({"kiosks": c.kiosk_list()})


async def me(request):
    c = coord(request)
    k = c.kiosk_from(request.headers.get("Authorization"))
    return web.json_response(c.me(k))


async def catalogue_sets(request):
    return web.json_response(coord(request).catalogue())


async def revoke(request):
    c = coord(request)
    organiser(request, c)
    return web.json_response(await c.revoke(_id(request)))


async def create(request):
    c = coord(request)
    body, _ = await body_json(request)
    b = validate.create(body)
    organiser(request, c)
    return web.json_response(await c.create(b), status=201)


async def list_tournaments(request):
    c = coord(request)
    out = []
    for e in sorted(c.tournaments.values(), key=lambda e: e.id):
        t = e.t
        out.append({"id": e.id, "name": e.name, "players": [p.name for p in t.players if not p.robot],
                    "parks": t.parks, "round": t.round, "phase": t.phase, "version": e.version,
                    "winner": t.winner, "created": e.created})
    return web.json_response({"tournaments": out})


async def get_tournament(request):
    c = coord(request)
    return web.json_response(public_view(c.entry(_id(request))))


async def get_record(request):
    c = coord(request)
    organiser(request, c)
    return web.json_response(c.record(c.entry(_id(request))))


async def assign(request):
    c = coord(request)
    body, _ = await body_json(request)
    kid = validate.kiosk_ref(body)
    organiser(request, c)
    e = c.entry(_id(request))
    return web.json_response(await c.assign(e, int(request.match_info["park"]), kid))


async def get_park(request):
    c = coord(request)
    kiosk = c.kiosk_from(request.headers.get("Authorization"), required=False)
    e = c.entry(_id(request))
    park = int(request.match_info["park"])
    c.check_park(e, park)
    if kiosk is not None and e.kiosks.get(park) != kiosk.id:
        raise ApiError(403, f"kiosk {kiosk.id} ({kiosk.name}) is not park {park}'s kiosk")
    return web.json_response(park_view(e, park, private=kiosk is not None))


async def post_action(request):
    c = coord(request)
    body, raw = await body_json(request)
    b = validate.action(body)
    kiosk = c.kiosk_from(request.headers.get("Authorization"))
    e = c.entry(_id(request))
    text, duplicate = await c.act(e, kiosk, b, raw)
    resp = web.Response(text=text, content_type="application/json")
    if duplicate:
        resp.headers["X-Tablecup-Duplicate"] = "1"
    return resp


async def final(request):
    c = coord(request)
    body, _ = await body_json(request)
    park = validate.final(body)
    organiser(request, c)
    e = c.entry(_id(request))
    return web.json_response(await c.set_final_park(e, park))


async def events(request):
    c = coord(request)
    e = c.entry(_id(request))
    ws = web.WebSocketResponse(heartbeat=20)
    if not ws.can_prepare(request).ok:
        raise ApiError(400, "this endpoint is a WebSocket (send 'Upgrade: websocket')")
    await ws.prepare(request)
    request.app[SOCKETS].add(ws)
    queue: asyncio.Queue = asyncio.Queue()
    e.subscribers.add(queue)
    t = e.t
    await ws.send_str(json.dumps({"type": "hello", "tournament": e.id, "version": e.version,
                                  "round": t.round, "phase": t.phase}))

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
        # the entry may have been replaced (Final park change): drop from every entry
        for x in c.tournaments.values():
            x.subscribers.discard(queue)
    return ws


async def health(request):
    c = coord(request)
    return web.json_response({"ok": True, "tournaments": len(c.tournaments), "kiosks": len(c.kiosks)})


async def spec(request):
    return web.json_response(openapi())


async def page(request):
    tid = request.match_info.get("id")
    c = coord(request)
    if tid is not None:
        c.entry(int(tid))
    return web.Response(text=standings_html(int(tid) if tid else None), content_type="text/html",
                        headers={"Cache-Control": "no-store"})


async def organiser_page(request):
    return web.Response(text=organiser_html(), content_type="text/html", headers={"Cache-Control": "no-store"})


async def _on_startup(app):
    await app[COORD].start()


async def _on_shutdown(app):
    for ws in list(app[SOCKETS]):
        await ws.close(code=1001, message=b"coordinator stopping")


async def _on_cleanup(app):
    await app[COORD].stop()


def make_app(coordinator: Coordinator) -> web.Application:
    app = web.Application(middlewares=[errors], client_max_size=MAX_BODY)
    app[COORD] = coordinator
    app[SOCKETS] = weakref.WeakSet()
    T = r"/api/tournaments/{id:\d{1,9}}"
    # The two routes every kiosk hits all the time come first (aiohttp tries the routes sharing a
    # prefix in order; each pattern is a full match, so the order changes nothing else).
    app.add_routes([
        web.post(T + "/actions", post_action),
        web.get(T + r"/parks/{park:\d{1,3}}", get_park),
        web.get("/", page),
        web.get(r"/t/{id:\d{1,9}}", page),
        web.get("/organiser", organiser_page),
        web.get("/openapi.json", spec),
        web.get("/api/health", health),
        web.post("/api/pair", pair),
        web.get("/api/pairing-pin", pairing_pin),
        web.get("/api/kiosks", kiosks),
        web.get("/api/me", me),
        web.get("/api/catalogue/sets", catalogue_sets),
        web.post(r"/api/kiosks/{id:\d{1,9}}/revoke", revoke),
        web.post("/api/tournaments", create),
        web.get("/api/tournaments", list_tournaments),
        web.get(T, get_tournament),
        web.get(T + "/record", get_record),
        web.post(T + r"/parks/{park:\d{1,3}}/kiosk", assign),
        web.post(T + "/final", final),
        web.get(T + "/events", events),
    ])
    app.on_startup.append(_on_startup)
    app.on_shutdown.append(_on_shutdown)
    app.on_cleanup.append(_on_cleanup)
    return app
