"""A café park's next round, at the phone server (real aiohttp clients on 127.0.0.1, a real game
on a table thread): ``PhoneServer.reseat`` keeps the phone of a player seated here again, on their
new seat (its socket closes with 4412, it reconnects with the cookie it holds and is sent the new
seat's view), tells a phone whose player plays elsewhere where, and revokes the rest; a host that
keeps its phones past the end (a park's) does not revoke them when its game ends."""

import asyncio
import json

import aiohttp
from phone_host import ThreadHost

from engine.game import Action
from kiosk.phones import PhoneServer
from kiosk.phones.server import RESEATED


class ParkHost(ThreadHost):
    keeps_phones_past_end = True


def _session():
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _next_view(ws):
    while True:
        got = json.loads((await ws.receive(timeout=5)).data)
        if got["type"] == "view":
            return got


def test_the_next_round_keeps_moves_tells_and_revokes_the_phones():
    first = ParkHost("wacky", ("Ann", "Bob", "Cid"), seed=4)
    server = PhoneServer(port=0, bind="127.0.0.1", address="127.0.0.1")
    server.start()
    first.listeners.append(server.changed)
    first.call(lambda: server.attach(first))
    second = ParkHost("wacky", ("Dee", "Cid", "Eve"), seed=5)
    second.listeners.append(server.changed)
    base = f"http://127.0.0.1:{server.port}"
    try:
        urls = [first.call(lambda s=s: server.seat_url(s)) for s in range(3)]

        async def main():
            async with _session() as ann, _session() as bob, _session() as cid:
                phones = (ann, bob, cid)
                sockets = []
                for phone, url in zip(phones, urls, strict=True):
                    async with phone.get(url) as r:
                        assert r.status == 200
                    sockets.append(await phone.ws_connect(base + "/ws"))
                    assert (await _next_view(sockets[-1]))["players"] == ["Ann", "Bob", "Cid"]
                # The round's game ends: a park's phones keep their seats (the final view, no revocation).
                while first.call(lambda: first.state.outcome()) is None:
                    seat = min(first.call(lambda: first.state.to_act()))
                    first.table(first.call(lambda s=seat: first.state.legal_actions(s))[0])
                async with cid.get(base + "/api/view") as r:
                    assert r.status == 200 and (await r.json())["over"]
                # Round 2: Cid sits here again (seat 1), Bob plays at park 2, Ann is out.
                held = server.tokens.export()["held"]
                moved = {"type": "moved", "park": 2, "round": 2, "name": "Bob"}
                second.call(lambda: server.reseat(second, {1: held["2"]}, {1: moved}))
                said = []
                while True:
                    msg = await sockets[1].receive(timeout=5)
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    said.append(json.loads(msg.data))
                assert said[-2:] == [moved, {"type": "revoked"}] and sockets[1].close_code == 4401
                msg = await sockets[0].receive(timeout=5)
                while msg.type == aiohttp.WSMsgType.TEXT:
                    last = json.loads(msg.data)
                    msg = await sockets[0].receive(timeout=5)
                assert last == {"type": "revoked"} and sockets[0].close_code == 4401
                msg = await sockets[2].receive(timeout=5)
                while msg.type == aiohttp.WSMsgType.TEXT:
                    assert json.loads(msg.data)["type"] == "view"       # the views of round 1's game
                    msg = await sockets[2].receive(timeout=5)
                assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and sockets[2].close_code == RESEATED
                again = await cid.ws_connect(base + "/ws")
                view = await _next_view(again)
                assert view["seat"] == 1 and view["players"] == ["Dee", "Cid", "Eve"] and not view["over"]
                for phone in (ann, bob):
                    async with phone.get(base + "/api/view") as r:
                        assert r.status == 401
                # The kept phone plays its new seat; the old round's codes open nothing.
                choice = view["actions"][0]["action"]
                async with cid.post(base + "/api/act", json={"version": view["version"], "action": choice}) as r:
                    assert r.status == 200, await r.text()
                assert second.call(lambda: second.played) == [Action.from_json(choice)]
                async with _session() as stranger, stranger.get(urls[0]) as r:
                    assert r.status == 401
                await again.close()

        asyncio.run(asyncio.wait_for(main(), 30))
    finally:
        server.stop()
        first.close()
        second.close()
