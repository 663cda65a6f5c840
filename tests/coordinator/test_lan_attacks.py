"""A stranger on the café LAN, against the real coordinator process on 127.0.0.1.

Each client binds its own loopback address (the whole 127.0.0.0/8 is loopback on Linux), so the
coordinator sees distinct client addresses as it would on a LAN: the attacker is 127.0.0.2 (and
127.0.1.x for the connection flood), the kiosk and the organiser 127.0.0.3.  Every loop is
bounded; nothing leaves this machine.
"""

import asyncio
import contextlib
import json
import re
import resource
import select
import socket
import subprocess
import time

import aiohttp
import pytest

import coordbots as cb

ATTACKER, FRIEND = "127.0.0.2", "127.0.0.3"
DEEP = "[" * 1000 + "]" * 1000


def session_from(addr, limit=16):
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(addr, 0), limit=limit),
                                 timeout=aiohttp.ClientTimeout(total=10))


def raise_own_fd_limit(want):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@contextlib.contextmanager
def running_coordinator(tmp_path, head_timeout):
    """The real coordinator process on 127.0.0.1, with 1,024 open files and a connection's request
    head due within ``head_timeout`` seconds; yields (base URL, port, its log file)."""
    port = cb.free_port()
    log = tmp_path / "coordinator.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([cb.PY, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                                 "--data", str(tmp_path / "data"), "--organiser-pin", cb.ORG_PIN, "--no-mdns",
                                 "--head-timeout", str(head_timeout)],
                                cwd=str(cb.ROOT), stdout=out, stderr=subprocess.STDOUT)
    # the 1,024 open files a systemd service gets by default (long before it has opened 1,024)
    resource.prlimit(proc.pid, resource.RLIMIT_NOFILE, (1024, 1024))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: accepts_connections(port), 20, "the coordinator listening")
        yield base, port, log
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def coordinator(tmp_path):
    """The coordinator with a short head deadline (3 s): a connection that sends nothing goes soon."""
    with running_coordinator(tmp_path, 3) as c:
        yield c


def accepts_connections(port) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


def wait_for(ready, seconds, what):
    """Poll ``ready()`` until it holds; a failure naming ``what`` after ``seconds`` (a generous
    bound: a loaded machine is slow, never that slow)."""
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.05)


@pytest.mark.slow   # 10,000 guesses
def test_guessing_from_one_address_never_blocks_another(coordinator):
    base, port, log = coordinator

    async def main():
        async with session_from(ATTACKER) as bad, session_from(FRIEND) as good:
            async with good.get(base + "/api/pairing-pin", headers=cb.org()) as r:
                code = (await r.json())["pin"]
            assert len(code) == 12

            statuses = {}
            sent = 0

            async def guess_codes(n, batch=50):
                # HTTP/1.1 pipelining on a raw connection: many guesses for little client CPU
                nonlocal sent
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
                try:
                    done = 0
                    while done < n:
                        k = min(batch, n - done)
                        reqs = []
                        for i in range(done, done + k):
                            body = json.dumps({"pin": f"{(int(code) + 1 + i) % 10**12:012d}", "name": "evil"})
                            reqs.append(f"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                        f"Content-Length: {len(body)}\r\n\r\n{body}")
                        writer.write("".join(reqs).encode())
                        got, buf = 0, b""
                        while got < k:
                            chunk = await asyncio.wait_for(reader.read(65536), 10)
                            assert chunk, "the coordinator closed the connection"
                            buf += chunk
                            heads = re.findall(rb"HTTP/1\.1 (\d{3}) ", buf)
                            got = len(heads)
                        for st in heads:
                            statuses[int(st)] = statuses.get(int(st), 0) + 1
                        done += k
                        sent += k
                finally:
                    writer.close()

            async def guess_pins(n):
                for i in range(n):
                    async with bad.get(base + "/api/kiosks", headers={"X-Organiser-Pin": f"{i:06d}"}) as r:
                        assert r.status in (403, 429)

            attack = asyncio.gather(*(guess_codes(1250) for _ in range(8)), guess_pins(500))
            # meanwhile, from another address: the organiser logs in, and a kiosk pairs with the right code
            while sent < 2000:
                await asyncio.sleep(0.02)
            sent_before = sent
            async with good.get(base + "/api/kiosks", headers=cb.org()) as r:
                assert r.status == 200, await r.text()
            async with good.post(base + "/api/pair", json={"pin": code, "name": "Table 1"}) as r:
                assert r.status == 200, await r.text()
                token = (await r.json())["token"]
            # answered between the attack's guesses, not after them: measured in guesses, which a
            # loaded machine slows as much as the answers (0 of them here, on a quiet machine or at load 20)
            assert sent - sent_before < 2000, f"{sent - sent_before} guesses were answered first"
            assert sent < 10_000, "the attack should still be running"
            await attack
            async with good.get(base + "/api/me", headers=cb.bearer(token)) as r:
                assert r.status == 200 and (await r.json())["name"] == "Table 1"
            return statuses

    statuses = asyncio.run(main())
    assert sum(statuses.values()) == 10_000
    # only a handful of the 10,000 guesses were checked at all; the rest waited (429)
    assert statuses.get(403, 0) <= 8, statuses
    assert statuses.get(429, 0) >= 9_990, statuses
    assert set(statuses) <= {403, 429}, statuses
    # and the log did not grow with every guess
    assert log.stat().st_size < 100_000, log.stat().st_size


def keep_alive(port):
    """A connection from FRIEND that has had one request answered."""
    s = socket.create_connection(("127.0.0.1", port), source_address=(FRIEND, 0), timeout=5)
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    got = b""
    while b"\r\n\r\n" not in got or not got.rstrip().endswith(b"}"):
        got += s.recv(4096)
    assert got.startswith(b"HTTP/1.1 200")
    s.setblocking(False)
    return s


def is_open(s) -> bool:
    try:
        return s.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


#: The coordinator's line when it drops a connection whose request head did not come in time.
EXPIRED = b"sent nothing in time"
#: The coordinator's line when it refuses a connection over an address's cap.
REFUSED_ADDRESS = b"open from that address already"


def guard_said(log, line: bytes) -> int:
    """How many times the coordinator's log has ``line``."""
    return log.read_bytes().count(line)


def closed(s) -> bool:
    """Whether the coordinator has closed (or reset) the non-blocking socket ``s``; what it sent is read."""
    try:
        while s.recv(65536):
            pass
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


#: How many of the flood's connects are in flight at once: a fifth of the coordinator's listen
#: backlog (512).  A connect the kernel answers while the backlog is full is ESTABLISHED for the
#: client and unknown to the coordinator (a SYN cookie whose ACK was dropped), so it would never
#: be closed: it is not a connection the coordinator holds.
FLOOD_BATCH = 100


def half_open(address, port) -> socket.socket:
    """A non-blocking connect from ``address`` to the coordinator, under way."""
    s = socket.socket()
    s.setblocking(False)
    s.bind((address, 0))
    with contextlib.suppress(BlockingIOError):
        s.connect(("127.0.0.1", port))
    return s


def connected(sockets) -> bool:
    """Whether every connect in ``sockets`` has finished, through or refused (poll, not select:
    the flood's descriptors go past select's 1,024)."""
    poller = select.poll()
    for s in sockets:
        poller.register(s, select.POLLOUT)
    return len(poller.poll(0)) == len(sockets)


def accept_queue(port) -> int:
    """How many connections wait in the kernel for the coordinator listening on ``port`` to
    accept them (the LISTEN row of /proc/net/tcp: its receive queue is the accept queue)."""
    with open("/proc/net/tcp") as table:
        for row in table.readlines()[1:]:
            _, local, _, state, queues = row.split()[:5]
            if state == "0A" and int(local.split(":")[1], 16) == port:
                return int(queues.split(":")[1], 16)
    raise AssertionError(f"nothing listens on port {port}")


@pytest.mark.slow   # 1,100 connections left to time out
def test_half_open_connections_do_not_keep_a_kiosk_out(tmp_path):
    """1,100 connections from 22 addresses send half a request head and then nothing.  Another
    client is answered while the coordinator still holds them: before it has dropped the first
    of them at its head deadline (its log says each time it does) -- a coordinator that let them
    block the others would answer only once they are gone.  The deadline is the coordinator's own
    default (10 s), far longer than any answer takes even on a loaded machine."""
    head_timeout = 10
    with running_coordinator(tmp_path, head_timeout) as (base, port, log):
        raise_own_fd_limit(1100 + 200)
        flood = []
        try:
            # 1,100 connections that send half a request head and then nothing, from 22 addresses
            for first in range(0, 1100, FLOOD_BATCH):
                batch = [half_open(f"127.0.1.{1 + n % 22}", port) for n in range(first, first + FLOOD_BATCH)]
                flood += batch
                wait_for(lambda batch=batch: connected(batch) and accept_queue(port) == 0, 30, "the flood's batch accepted")
                for s in batch:
                    try:
                        s.send(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
                    except OSError:
                        pass       # dropped by the coordinator (over its address's cap): that is the point

            async def normal_client():
                statuses = []
                async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(FRIEND, 0)),
                                                 timeout=aiohttp.ClientTimeout(total=60)) as good:
                    for i in range(20):
                        async with good.get(base + "/api/health") as r:
                            statuses.append(r.status)
                        if i == 0:
                            # answered while every half-open connection is still held
                            dropped = EXPIRED in log.read_bytes()
                            # 1,000-level nested JSON: a 400, not a 500
                            async with good.post(base + "/api/pair", data=DEEP,
                                                 headers={"Content-Type": "application/json"}) as r:
                                assert r.status == 400 and "deeper" in (await r.json())["error"]
                            # a web page on another site posting text/plain (no preflight): refused, not processed
                            async with good.post(base + "/api/pair", data='{"pin": "000000000000", "name": "x"}',
                                                 headers={"Content-Type": "text/plain",
                                                          "Origin": "http://evil.example"}) as r:
                                assert r.status in (403, 415)
                            async with good.post(base + "/api/pair", data='{"pin": "000000000000", "name": "x"}',
                                                 headers={"Content-Type": "text/plain"}) as r:
                                assert r.status == 415
                return statuses, dropped

            statuses, dropped = asyncio.run(normal_client())
            assert statuses == [200] * 20, statuses
            assert not dropped, "the first answer came only after the coordinator dropped half-open connections"
            # every half-open connection is dropped at its head deadline
            wait_for(lambda: all(closed(s) for s in flood), head_timeout + 60, "every half-open connection closed")
            # two keep-alive connections after one answer each: one stays idle, the other starts its
            # next request and trickles it.  (Not while the flood is held: the connection that has
            # waited longest, an idle one too, makes room for a new one.)
            keep, trickle = keep_alive(port), keep_alive(port)
            trickle.send(b"GET /api/health HTTP/1.1\r\nHo")
            # a head begun and not finished is dropped at its deadline; an idle one is kept (30 s)
            wait_for(lambda: not is_open(trickle), head_timeout + 60, "the trickled head dropped")
            assert is_open(keep)
            keep.close()
            trickle.close()
            # 40 at once from one address, sending nothing: never more than 32 open from it; each
            # one past 32 closes the address's own connection that has waited longest (the first
            # 8), nobody else's, and none is refused
            refused_before = guard_said(log, REFUSED_ADDRESS)
            one = []
            for _ in range(40):
                s = socket.socket()
                s.bind(("127.0.0.9", 0))
                s.connect(("127.0.0.1", port))
                s.setblocking(False)
                one.append(s)
            flood += one
            wait_for(lambda: sum(not is_open(s) for s in one) >= 8, 60, "8 of the address's own connections closed")
            assert [is_open(s) for s in one] == [False] * 8 + [True] * 32
            assert guard_said(log, REFUSED_ADDRESS) == refused_before
        finally:
            for s in flood:
                s.close()
        assert log.stat().st_size < 100_000, log.stat().st_size


@pytest.mark.slow
def test_websockets_need_a_token_and_are_capped(coordinator, tmp_path):
    base, _, _ = coordinator

    async def main():
        async with session_from(FRIEND, limit=32) as s, session_from(ATTACKER) as bad:
            tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob"], seed=3)
            url = f"{base}/api/tournaments/{tid}/events"
            # no token, no ticket: refused before the upgrade
            with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                await bad.ws_connect(url)
            assert exc.value.status == 401
            # a kiosk token: kept, and it says hello
            async with s.ws_connect(url, headers=cb.bearer(tokens[1])) as ws:
                assert (await ws.receive_json(timeout=5))["type"] == "hello"
            # a browser's ticket works from the address it was given to only
            async with s.get(f"{base}/api/tournaments/{tid}/ticket") as r:
                ticket = (await r.json())["ticket"]
            with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                await bad.ws_connect(url + "?ticket=" + ticket)
            assert exc.value.status == 401
            opened = []
            try:
                for _ in range(8):
                    ws = await s.ws_connect(url + "?ticket=" + ticket)
                    opened.append(ws)
                    assert (await ws.receive_json(timeout=5))["type"] == "hello"
                with pytest.raises(aiohttp.WSServerHandshakeError) as exc:       # 8 per address at most
                    await s.ws_connect(url + "?ticket=" + ticket)
                assert exc.value.status == 429
            finally:
                for ws in opened:
                    await ws.close()
    asyncio.run(main())


def test_a_body_that_does_not_arrive_is_a_408(tmp_path, monkeypatch):
    from coordinator import web
    monkeypatch.setattr(web, "BODY_TIMEOUT", 0.5)

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            port = int(base.rsplit(":", 1)[1])
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
            writer.write(b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 60\r\n\r\n{\"pin\": \"12")
            t0 = time.monotonic()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            assert head.startswith(b"HTTP/1.1 408"), head
            assert time.monotonic() - t0 < 2
            writer.close()
            assert coord.pairing_guesses.failures(ATTACKER) == 0         # nothing was checked
    asyncio.run(main())


async def answered(session, url, n, headers=None, pause=0.03):
    """How many of ``n`` requests were answered 200 (a 503, a reset or a timeout is not)."""
    ok = 0
    for _ in range(n):
        try:
            async with session.get(url, headers=headers) as r:
                await r.read()
                ok += r.status == 200
        except (TimeoutError, aiohttp.ClientError):
            pass
        await asyncio.sleep(pause)
    return ok


def fresh_connections(addr):
    """A client whose every request opens a new connection (the hardest case: it must be admitted)."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(addr, 0), force_close=True),
                                 timeout=aiohttp.ClientTimeout(total=10))


@pytest.mark.slow   # tens of seconds of trickled bodies
def test_slow_bodies_from_16_addresses_do_not_keep_a_kiosk_out(coordinator):
    """16 addresses x 32 connections (all 512 the coordinator admits) send a request head, then
    trickle its body.  A paired kiosk and a browser on other addresses are still answered."""
    base, port, log = coordinator
    raise_own_fd_limit(512 + 300)

    async def slow_body(addr, stats):
        while stats["running"]:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(addr, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            stats["opened"] += 1
            try:
                writer.write(b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 60\r\n\r\n{")
                while stats["running"] and not reader.at_eof():
                    await writer.drain()
                    try:
                        await asyncio.wait_for(reader.read(1), 0.4)
                    except TimeoutError:
                        writer.write(b" ")              # one byte of the body now and then
            except OSError:
                pass
            finally:
                writer.close()

    async def main():
        async with session_from(FRIEND) as s:
            _, token = await cb.pair(s, base, "Table 1")
        stats = {"running": True, "opened": 0}
        tasks = [asyncio.create_task(slow_body(f"127.0.4.{1 + a}", stats)) for a in range(16) for _ in range(32)]
        try:
            deadline = time.monotonic() + 20
            while stats["opened"] < 512:
                assert time.monotonic() < deadline, stats
                await asyncio.sleep(0.02)
            async with fresh_connections(FRIEND) as kiosk, fresh_connections("127.0.0.4") as browser:
                kiosk_ok = await answered(kiosk, base + "/api/me", 60, headers=cb.bearer(token))
                browser_ok = await answered(browser, base + "/api/tournaments", 20)
        finally:
            stats["running"] = False
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return kiosk_ok, browser_ok

    kiosk_ok, browser_ok = asyncio.run(main())
    assert (kiosk_ok, browser_ok) == (60, 20), \
        f"a kiosk's requests answered: {kiosk_ok}/60; a browser's: {browser_ok}/20"
    assert log.stat().st_size < 100_000, log.stat().st_size


@pytest.mark.slow
def test_strangers_with_public_tickets_cannot_take_the_kiosks_websockets(coordinator):
    """Tickets are public: 32 addresses x 8 WebSockets would be all 256.  The ones over the
    strangers' share are refused (429) and every paired kiosk still opens its WebSocket."""
    base, _, _ = coordinator
    raise_own_fd_limit(256 + 300)

    async def main():
        async with session_from(FRIEND, limit=32) as s:
            tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=3)
            url = f"{base}/api/tournaments/{tid}/events"
            strangers = [session_from(f"127.0.5.{1 + a}", limit=16) for a in range(32)]
            opened, refused = [], 0
            try:
                for bad in strangers:
                    async with bad.get(f"{base}/api/tournaments/{tid}/ticket") as r:
                        ticket = (await r.json())["ticket"]
                    for _ in range(8):
                        try:
                            opened.append(await bad.ws_connect(url + "?ticket=" + ticket))
                        except aiohttp.WSServerHandshakeError as exc:
                            assert exc.status == 429
                            refused += 1
                kiosks = []
                for token in tokens.values():
                    try:
                        ws = await s.ws_connect(url, headers=cb.bearer(token))
                        assert (await ws.receive_json(timeout=5))["type"] == "hello"
                        kiosks.append(ws)
                    except aiohttp.WSServerHandshakeError as exc:
                        assert exc.status == 429
                for ws in kiosks:
                    await ws.close()
                return len(opened), refused, len(kiosks), len(tokens)
            finally:
                for ws in opened:
                    await ws.close()
                for bad in strangers:
                    await bad.close()

    strangers, refused, kiosks, parks = asyncio.run(main())
    assert (kiosks, parks) == (2, 2), f"paired kiosks' WebSockets opened: {kiosks}/{parks} " \
                                      f"(strangers hold {strangers}, {refused} refused)"
    assert refused >= 1 and strangers + refused == 256
