"""The phone server with real aiohttp clients on 127.0.0.1: tokens, cookies, 401s, stale and
illegal actions, per-client limits, and that the server never runs the game on its own thread."""

import asyncio
import json
import socket
import threading

import aiohttp
from phone_host import ThreadHost
from yarl import URL

from engine.game import OBSERVATION_SCHEMA, Action, RandomPolicy
from kiosk.phones import PhoneServer, PortTaken
from kiosk.phones.server import COOKIE, SECURITY_HEADERS, WS_PER_CLIENT


def _run(coro):
    return asyncio.run(asyncio.wait_for(coro, 20))


def _session():
    """A phone's browser: keeps the kiosk's cookie (it is on an IP address, as on the LAN)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def _base(server):
    return f"http://127.0.0.1:{server.port}"


async def _phone(session, url):
    """Take a seat by its QR code's URL, as a phone's browser does; the page's final URL."""
    async with session.get(url) as r:
        text = await r.text()
        assert r.status == 200, text
        return r, text


def _snapshot(host):
    return host.call(lambda: (len(host.played), json.dumps(host.state.observation(None), sort_keys=True)))


def _seat_url(host, server, seat):
    return host.call(lambda: server.seat_url(seat))


async def _view(session, base, version=None, timeout=5.0):
    """The seat's view, once it has reached ``version`` (the table's push may be a moment late)."""
    end = asyncio.get_running_loop().time() + timeout
    while True:
        async with session.get(base + "/api/view") as r:
            if r.status == 200:
                v = await r.json()
                if version is None or v["version"] >= version:
                    return v
        assert asyncio.get_running_loop().time() < end, "the view did not arrive"
        await asyncio.sleep(0.01)


def test_the_token_moves_to_a_cookie_and_leaves_every_url(table):
    host, server = table
    url = _seat_url(host, server, 0)
    token = url.rsplit("/", 1)[1]
    assert len(token) >= 22 and url.startswith(_base(server) + "/t/")   # >= 128 bits, URL-safe

    async def main():
        async with _session() as s:
            r, page = await _phone(s, url)
            assert str(r.url) == _base(server) + "/"                     # redirected, token-free
            assert r.history[0].status == 303
            set_cookie = r.history[0].headers["Set-Cookie"]
            assert "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and "Path=/" in set_cookie
            assert "Domain" not in set_cookie
            for name, value in SECURITY_HEADERS.items():
                assert r.headers[name] == value
            assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
            assert token not in page and "/static/phone.js" in page
            v = await _view(s, _base(server))
            assert v["seat"] == 0 and v["players"] == ["Ann", "Bob"]
            assert v["observation"] == host.call(lambda: host.state.observation(0))
            assert v["observation"]["hands"][1] is None                   # Bob's hand is not sent
            legal = host.call(lambda: host.state.legal_actions(0))
            assert [a["action"] for a in v["actions"]] == [a.to_json() for a in legal]
            assert all(a["label"]["en"] and a["label"]["fr"] for a in v["actions"])

    _run(main())


def test_without_a_valid_token_everything_is_401_and_nothing_changes(table):
    host, server = table
    _seat_url(host, server, 0)
    before = _snapshot(host)
    base = _base(server)
    act = {"version": 0, "action": {"player": 0, "kind": "damage", "args": []}}

    async def main():
        async with _session() as s:
            for path in ("/", "/api/view", "/t/not-a-token", "/t/" + "A" * 32):
                async with s.get(base + path) as r:
                    assert r.status == 401, path
                    assert "Set-Cookie" not in r.headers
            async with s.post(base + "/api/act", json=act) as r:
                assert r.status == 401
            s.cookie_jar.update_cookies({COOKIE: "guess" * 8})
            async with s.post(base + "/api/act", json=act) as r:
                assert r.status == 401
            try:
                await s.ws_connect(base + "/ws")
                raise AssertionError("a WebSocket without a token was kept")
            except aiohttp.WSServerHandshakeError as exc:
                assert exc.status == 401
            async with s.get(base + "/static/phone.js") as r:     # the page's code holds no secret
                assert r.status == 200 and r.headers["X-Content-Type-Options"] == "nosniff"
            async with s.get(base + "/static/icons/vehicle-car.svg") as r:    # nor do the cards' icons
                assert r.status == 200 and r.content_type == "image/svg+xml" and "<svg" in await r.text()
            for name in ("vehicle-rocket", "..%2Fserver", "%2E%2E"):
                async with s.get(base + f"/static/icons/{name}.svg") as r:
                    assert r.status == 404, name

    _run(main())
    assert _snapshot(host) == before


def test_a_seat_plays_and_the_other_seat_sees_it_live(table):
    host, server = table
    urls = [_seat_url(host, server, s) for s in (0, 1)]
    base = _base(server)

    async def main():
        async with _session() as a, _session() as b:
            await _phone(a, urls[0])
            await _phone(b, urls[1])
            wa = await a.ws_connect(base + "/ws")
            wb = await b.ws_connect(base + "/ws")
            first = [json.loads((await w.receive(timeout=5)).data) for w in (wa, wb)]
            mover = next(v for v in first if v["actions"])
            other = next(v for v in first if v is not mover)
            session = a if mover["seat"] == 0 else b
            ws_other = wb if mover["seat"] == 0 else wa
            choice = mover["actions"][0]["action"]
            async with session.post(base + "/api/act", json={"version": mover["version"], "action": choice}) as r:
                assert r.status == 200, await r.text()
                assert (await r.json())["version"] == 1
            pushed = json.loads((await ws_other.receive(timeout=5)).data)
            assert pushed["version"] == 1 and pushed["seat"] == other["seat"]
            assert pushed["observation"] == host.call(lambda: host.state.observation(other["seat"]))
            assert pushed["observation"]["schema"] == OBSERVATION_SCHEMA     # what the page checks
            await wa.close()
            await wb.close()

    _run(main())
    assert len(host.played) == 1
    # Every SeatHost method ran on the table's thread, never on the server's.
    assert host.thread_ids == {host._thread.ident}


def test_stale_illegal_foreign_and_malformed_actions_change_nothing(table):
    host, server = table
    seat = host.call(lambda: min(host.state.to_act()))
    url = _seat_url(host, server, seat)
    other = 1 - seat
    base = _base(server)

    async def main():
        async with _session() as s:
            await _phone(s, url)
            v = await _view(s, base)
            good = v["actions"][0]["action"]
            before = _snapshot(host)
            cases = [
                (409, {"version": v["version"] + 1, "action": good}),                         # stale
                (422, {"version": v["version"], "action": {"player": seat, "kind": "play",
                                                           "args": ["pirate-99", "a"]}}),     # not legal
                (403, {"version": v["version"], "action": {**good, "player": other}}),        # not this seat
                (400, {"version": "0", "action": good}),
                (400, {"version": 0, "action": {"player": seat, "kind": "Bad Word"}}),
                (400, {"version": 0, "action": good, "extra": 1}),
                (400, [1, 2]),
            ]
            for status, body in cases:
                async with s.post(base + "/api/act", json=body) as r:
                    assert r.status == status, (body, await r.text())
                    assert "error" in await r.json()
            async with s.post(base + "/api/act", data=json.dumps(cases[0][1]),
                               headers={"Content-Type": "text/plain"}) as r:
                assert r.status == 415
            async with s.post(base + "/api/act", data=b"{not json", headers={"Content-Type": "application/json"}) as r:
                assert r.status == 400
            async with s.post(base + "/api/act", data=b"x" * 10000, headers={"Content-Type": "application/json"}) as r:
                assert r.status == 413
            async with s.post(base + "/api/act", json={"version": v["version"], "action": good},
                               headers={"Origin": "http://evil.example"}) as r:
                assert r.status == 403
            assert _snapshot(host) == before
            # The table moves on (a touch on the table): the phone's old version is now stale.
            host.table(Action.from_json(good))
            async with s.post(base + "/api/act", json={"version": v["version"], "action": good}) as r:
                assert r.status == 409
            assert len(host.played) == 1

    _run(main())


def test_a_secret_choice_is_not_stale_because_another_seat_chose_meanwhile():
    """Wacky Challenge: three seats choose at once.  Two phones read the same view; the first
    choice moves the game on, yet the second (its seat's choices unchanged) is played, not refused."""
    host = ThreadHost("wacky", ("Ann", "Bob", "Cy"), seed=3)
    server = PhoneServer(port=0, bind="127.0.0.1", address="127.0.0.1")
    server.start()
    host.listeners.append(server.changed)
    host.call(lambda: server.attach(host))
    base = _base(server)

    async def main():
        async with _session() as a, _session() as b:
            await _phone(a, _seat_url(host, server, 0))
            await _phone(b, _seat_url(host, server, 1))
            va, vb = await _view(a, base), await _view(b, base)
            assert va["version"] == vb["version"] == 0
            for s, v in ((b, vb), (a, va)):
                async with s.post(base + "/api/act", json={"version": 0, "action": v["actions"][0]["action"]}) as r:
                    assert r.status == 200, await r.text()
            # Seat 0 has chosen: its choices are gone; its old view is stale now.
            async with a.post(base + "/api/act", json={"version": 0, "action": va["actions"][1]["action"]}) as r:
                assert r.status in (409, 422)

    try:
        _run(main())
    finally:
        server.stop()
        host.close()
    assert [a.player for a in host.played] == [1, 0]


def test_freeing_a_seat_and_a_new_game_revoke_its_token(table):
    host, server = table
    url0, url1 = _seat_url(host, server, 0), _seat_url(host, server, 1)
    base = _base(server)

    async def main():
        async with _session() as a, _session() as b:
            await _phone(a, url0)
            await _phone(b, url1)
            wa = await a.ws_connect(base + "/ws")
            assert json.loads((await wa.receive(timeout=5)).data)["type"] == "view"
            host.call(lambda: server.free_seat(0))
            msg = await wa.receive(timeout=5)
            assert json.loads(msg.data) == {"type": "revoked"}
            closed = await wa.receive(timeout=5)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and wa.close_code == 4401
            for path in ("/api/view", "/"):
                async with a.get(base + path) as r:
                    assert r.status == 401
            async with a.get(url0) as r:
                assert r.status == 401                      # the old QR code opens nothing either
            assert (await _view(b, base))["seat"] == 1      # the other seat still holds
            # A new seat 0 token is a different secret, and the phone that takes it is sent the
            # seat's view at once, though the game has not moved.
            new0 = _seat_url(host, server, 0)
            assert new0 != url0
            async with _session() as c:
                await _phone(c, new0)
                assert (await _view(c, base))["seat"] == 0
            # A new game: every token of this one is revoked.
            host.call(lambda: server.attach(host))
            async with b.get(base + "/api/view") as r:
                assert r.status == 401
            async with b.get(url1) as r:
                assert r.status == 401

    _run(main())


def test_connections_and_websockets_are_capped_per_client(table):
    host, server = table
    url = _seat_url(host, server, 0)
    base = _base(server)
    per_client = server.guard.per_client

    async def main():
        # TCP connections from one address: never more than the cap; one over it closes the
        # address's own connection that has waited longest (a browser's idle one, or one that
        # sends nothing), and is answered.
        conns = []
        for _ in range(per_client):
            conns.append(await asyncio.open_connection("127.0.0.1", server.port))
        for _ in range(50):
            if server.guard.total == per_client:
                break
            await asyncio.sleep(0.01)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        assert await asyncio.wait_for(conns[0][0].read(), 5) == b""
        writer.write(b"GET /static/phone.css HTTP/1.1\r\nHost: kiosk\r\n\r\n")
        assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"HTTP/1.1 200")
        assert server.guard.open_from("127.0.0.1") == per_client and server.guard.refused == 0
        writer.close()
        for _, w in conns:
            w.close()
        for _ in range(100):
            if not server.guard.total:
                break
            await asyncio.sleep(0.01)
        # WebSockets from one address (each on its own connection): at most WS_PER_CLIENT
        # (and WS_PER_SEAT for one seat, which is smaller here).
        async with _session() as s:
            await _phone(s, url)
            kept, refused_ws = [], 0
            for _ in range(WS_PER_CLIENT + 1):
                try:
                    kept.append(await s.ws_connect(base + "/ws"))
                except aiohttp.WSServerHandshakeError as exc:
                    assert exc.status == 429
                    refused_ws += 1
            assert 1 <= len(kept) <= WS_PER_CLIENT and refused_ws >= 1
            for w in kept:
                await w.close()

    _run(main())


def test_a_taken_port_is_reported_not_raised_as_a_crash():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        server = PhoneServer(port=port, bind="127.0.0.1")
        try:
            server.start()
            raise AssertionError("bound a port that is taken")
        except PortTaken as exc:
            assert str(port) in str(exc) and "--phone-port" in str(exc)
        assert not server.running
        assert not any(t.name == "tablecup-phones" and t.is_alive() for t in threading.enumerate())
    finally:
        holder.close()


def test_the_end_of_the_game_sends_the_final_position_then_revokes_every_token(table):
    host, server = table
    urls = [_seat_url(host, server, s) for s in (0, 1)]
    base = _base(server)
    policy = RandomPolicy(5)

    def play_to_the_end():
        while host.state.outcome() is None:
            seat = min(host.state.to_act())
            host.submit(seat, policy.act(host.state.observation(seat), host.state.legal_actions(seat)))

    async def main():
        async with _session() as a, _session() as b:
            await _phone(a, urls[0])
            await _phone(b, urls[1])
            wa = await a.ws_connect(base + "/ws")
            assert json.loads((await wa.receive(timeout=5)).data)["version"] == 0
            host.call(play_to_the_end)
            last = None
            while True:
                msg = await wa.receive(timeout=10)
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                got = json.loads(msg.data)
                if got["type"] == "revoked":
                    assert last is not None and last["over"] and last["version"] == len(host.played)
                    assert last["outcome"] == host.call(lambda: host.state.outcome().to_json())
                else:
                    last = got
            assert wa.close_code == 4401
            for s in (a, b):
                async with s.get(base + "/api/view") as r:
                    assert r.status == 401

    _run(main())


def test_a_seat_has_one_action_on_its_way_at_a_time(table):
    """While the table is busy (its thread blocked), a seat's first action waits for it and the
    others are refused at once (429): nothing piles up on the table's thread."""
    host, server = table
    seat = host.call(lambda: min(host.state.to_act()))
    url = _seat_url(host, server, seat)
    base = _base(server)
    gate = threading.Event()

    async def main():
        async with _session() as s:
            await _phone(s, url)
            v = await _view(s, base)
            body = {"version": v["version"], "action": v["actions"][0]["action"]}

            async def fire(delay):
                await asyncio.sleep(delay)
                async with s.post(base + "/api/act", json=body) as r:
                    return r.status

            host.post(lambda: gate.wait(10))          # the table is busy for a moment
            first = asyncio.ensure_future(fire(0))
            await asyncio.sleep(0.2)
            others = await asyncio.gather(*(fire(0) for _ in range(5)))
            gate.set()
            return [await first, *others]

    statuses = _run(main())
    assert statuses == [200] + [429] * 5, statuses
    assert len(host.played) == 1


def _phone_at(addr):
    """A phone's browser on a loopback address of its own (another phone on the LAN)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(local_addr=(addr, 0)))


def test_a_seat_code_opens_the_seat_for_one_phone_and_a_second_phone_sees_nothing(table):
    """The owner scans the seat's code and is given a secret of its own; a second phone with the
    same code is refused with a reason (409, ``seat-taken``), gets no cookie, and the code itself
    is no cookie: every private route is 401 for it, and nothing is played."""
    host, server = table
    seat = host.call(lambda: min(host.state.to_act()))
    url = _seat_url(host, server, seat)
    code = url.rsplit("/", 1)[1]
    base = _base(server)

    async def main():
        async with _phone_at("127.0.0.2") as owner, _phone_at("127.0.0.3") as thief:
            r, _ = await _phone(owner, url)
            secret = r.history[0].cookies[COOKIE].value
            assert secret != code and len(secret) >= 32                  # the phone's own secret
            assert host.call(lambda: server.seat_url(seat)) is None      # the code is used up
            v = await _view(owner, base)
            before = _snapshot(host)
            async with thief.get(url, allow_redirects=False) as r:
                assert r.status == 409 and r.headers["X-Tablecup-Refusal"] == "seat-taken"
                assert "Set-Cookie" not in r.headers
                page = await r.text()
                assert "Another phone already plays this seat" in page    # (no language asked: English)
            assert not thief.cookie_jar.filter_cookies(URL(base)).get(COOKIE)
            thief.cookie_jar.update_cookies({COOKIE: code})              # the code as a cookie opens nothing
            for path in ("/", "/api/view"):
                async with thief.get(base + path) as r:
                    assert r.status == 401, path
            async with thief.get(base + "/api/view") as r:
                assert (await r.json())["code"] == "no-seat"
            async with thief.post(base + "/api/act", json={"version": v["version"],
                                                           "action": v["actions"][0]["action"]}) as r:
                assert r.status == 401
            try:
                await thief.ws_connect(base + "/ws")
                raise AssertionError("a second phone got the seat's WebSocket")
            except aiohttp.WSServerHandshakeError as exc:
                assert exc.status == 401
            assert _snapshot(host) == before
            # The owner plays on.
            async with owner.post(base + "/api/act", json={"version": v["version"],
                                                           "action": v["actions"][0]["action"]}) as r:
                assert r.status == 200, await r.text()

    _run(main())
    assert len(host.played) == 1


def test_the_owner_phone_keeps_its_seat_across_reconnects(table):
    """The owner's cookie brings it back: new connections, a dropped WebSocket, the seat's used
    code opened again (it is told it holds the seat: no new secret); another seat's code is
    refused for it (one phone, one seat)."""
    host, server = table
    url0, url1 = _seat_url(host, server, 0), _seat_url(host, server, 1)
    base = _base(server)

    async def main():
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar, connector=aiohttp.TCPConnector(
                local_addr=("127.0.0.2", 0), force_close=True)) as s:
            await _phone(s, url0)
            secret = jar.filter_cookies(URL(base))[COOKIE].value
            ws = await s.ws_connect(base + "/ws")
            assert json.loads((await ws.receive(timeout=5)).data)["seat"] == 0
            assert server.drop_phones() == 1                          # Wi-Fi lost
            assert (await ws.receive(timeout=5)).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            ws = await s.ws_connect(base + "/ws")                      # back by itself
            assert json.loads((await ws.receive(timeout=5)).data)["seat"] == 0
            await ws.close()
            async with s.get(url0, allow_redirects=False) as r:        # its used code again: still its seat
                assert r.status == 303 and "Set-Cookie" not in r.headers
            async with s.get(url1, allow_redirects=False) as r:        # another seat: one phone, one seat
                assert r.status == 409 and r.headers["X-Tablecup-Refusal"] == "phone-holds-a-seat"
            assert host.call(lambda: server.seat_url(1)) == url1       # seat 1's code still waits for its phone
        # The phone's browser closed and opened again (a new session, the same cookie).
        async with aiohttp.ClientSession(cookie_jar=jar, connector=aiohttp.TCPConnector(
                local_addr=("127.0.0.2", 0))) as s:
            assert jar.filter_cookies(URL(base))[COOKIE].value == secret
            assert (await _view(s, base))["seat"] == 0

    _run(main())


def test_after_the_operator_frees_a_seat_a_new_code_works_and_the_old_one_does_not(table):
    host, server = table
    old = _seat_url(host, server, 1)
    base = _base(server)
    taken = []
    server.on_taken = lambda game, seat, phones: taken.append((seat, phones))

    async def main():
        async with _phone_at("127.0.0.2") as first, _phone_at("127.0.0.3") as second:
            await _phone(first, old)
            host.call(lambda: server.free_seat(1))
            new = _seat_url(host, server, 1)
            assert new != old
            async with second.get(old, allow_redirects=False) as r:
                assert r.status == 401 and r.headers["X-Tablecup-Refusal"] == "unknown-code"
            await _phone(second, new)
            assert (await _view(second, base))["seat"] == 1
            async with first.get(base + "/api/view") as r:
                assert r.status == 401                                  # the freed phone holds nothing
            async with first.get(new, allow_redirects=False) as r:
                assert r.status == 409                                  # nor takes it back
    _run(main())
    assert taken == [(1, 1), (1, 2)]                                    # the second is a new phone


def test_the_page_reads_the_observation_schema_the_engine_writes():
    """phone.js shows only observations of the schema it knows (a page cached from another table
    says to reload), and does not list the schema key among the table's facts."""
    from pathlib import Path

    import kiosk.phones
    script = (Path(kiosk.phones.__file__).parent / "static" / "phone.js").read_text()
    assert f"const SCHEMA = {OBSERVATION_SCHEMA};" in script
    assert 'new Set(["schema",' in script
