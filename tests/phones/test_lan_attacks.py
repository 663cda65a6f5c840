"""Strangers on the kiosk's LAN against the real phone server (aiohttp, its own thread) on 127.0.0.1.

Every client binds its own loopback address (all of 127.0.0.0/8 is loopback on Linux), so the
server sees distinct addresses as it would on a café's Wi-Fi: the attackers are 127.0.2.x, the
phones 127.0.3.x.  Each attack is bounded in connections and time, and the test waits on what
it checks, never on a fixed sleep; nothing leaves this machine.
"""

import asyncio
import logging
import time

import aiohttp
import pytest
from phone_host import ThreadHost

from appliance.lan import ConnectionGuard
from kiosk.phones import PhoneServer

PHONE, NEW_PHONE = "127.0.3.1", "127.0.3.2"
DEEP = "[" * 1000 + "]" * 1000


def attacker(n: int) -> str:
    return f"127.0.2.{n + 1}"


def _run(coro, seconds=60):
    return asyncio.run(asyncio.wait_for(coro, seconds))


def phone_session(addr, keep_alive=False):
    """A phone's browser on its own address.  ``keep_alive=False``: every request on a new
    connection, as a phone whose screen slept and whose connections the Wi-Fi dropped."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(local_addr=(addr, 0), force_close=not keep_alive),
                                 timeout=aiohttp.ClientTimeout(total=10))


def start(guard=None):
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = PhoneServer(port=0, bind="127.0.0.1", address="127.0.0.1", guard=guard)
    server.start()
    host.listeners.append(server.changed)
    host.call(lambda: server.attach(host))
    return host, server


@pytest.fixture
def table():
    host, server = start()
    yield host, server
    server.stop()
    host.close()


def local(server, url):
    return f"http://127.0.0.1:{server.port}/t/" + url.rsplit("/t/", 1)[1]


async def take_seat(session, server, url):
    async with session.get(local(server, url)) as r:
        assert r.status == 200, await r.text()


async def answered(session, url, n, pause=0.02):
    """How many of ``n`` requests for ``url`` were answered 200 (a 503, a reset or a timeout is not)."""
    ok = 0
    for _ in range(n):
        try:
            async with session.get(url) as r:
                await r.read()
                ok += r.status == 200
        except (TimeoutError, aiohttp.ClientError):
            pass
        await asyncio.sleep(pause)
    return ok


async def until(condition, seconds, what):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, what
        await asyncio.sleep(0.02)


class Attack:
    """Connections from several addresses, each kept up by its own task (reopened when the server
    closes it) until :meth:`stop`."""

    def __init__(self, port):
        self.port = port
        self.tasks = []
        self.opened = 0
        self.running = True

    def spawn(self, addr, behaviour):
        self.tasks.append(asyncio.create_task(self._keep(addr, behaviour)))

    async def _keep(self, addr, behaviour):
        while self.running:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port, local_addr=(addr, 0))
            except OSError:
                await asyncio.sleep(0.05)
                continue
            self.opened += 1
            try:
                await behaviour(reader, writer)
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()
            await asyncio.sleep(0.01)

    async def stop(self):
        self.running = False
        for t in self.tasks:
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def slowloris(reader, writer):
    """A request head that never ends: a header line every 0.3 s."""
    writer.write(b"GET /static/phone.css HTTP/1.1\r\nHost: kiosk\r\n")
    await writer.drain()
    while True:
        await asyncio.sleep(0.3)
        if reader.at_eof():
            return
        writer.write(b"X-Slow: 1\r\n")
        await writer.drain()


async def flood(reader, writer):
    """Complete requests for a public file, one after another on a kept-alive connection."""
    while True:
        writer.write(b"GET /static/phone.css HTTP/1.1\r\nHost: kiosk\r\n\r\n")
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            return
        length = int(head.lower().split(b"content-length:", 1)[1].split(b"\r\n", 1)[0])
        await reader.readexactly(length)


@pytest.mark.slow
def test_slow_request_heads_from_14_addresses_do_not_lock_the_phones_out(table):
    """14 addresses x 8 connections (112, over the 96 allowed in all) trickle request heads that
    never end.  A phone at the table keeps being answered, a new phone takes its seat, and the
    trickling connections are closed at their head deadline."""
    host, server = table
    urls = [host.call(lambda s=s: server.seat_url(s)) for s in (0, 1)]
    base = f"http://127.0.0.1:{server.port}"

    async def main():
        async with phone_session(PHONE) as phone, phone_session(NEW_PHONE) as new_phone:
            await take_seat(phone, server, urls[0])          # before the attack: a phone at the table
            attack = Attack(server.port)
            for a in range(14):
                for _ in range(8):
                    attack.spawn(attacker(a), slowloris)
            try:
                await until(lambda: attack.opened >= 112, 20, "the attack did not open its connections")
                ok = await answered(phone, base + "/api/view", 60)
                # a phone that comes during the attack takes its seat and plays on
                fresh = await answered(new_phone, local(server, urls[1]), 1)
                fresh += await answered(new_phone, base + "/api/view", 9)
            finally:
                await attack.stop()
            return ok, fresh

    ok, fresh = _run(main())
    assert (ok, fresh) == (60, 10), f"a phone's requests answered: {ok}/60; the new phone's: {fresh}/10"


@pytest.mark.slow
def test_a_plain_flood_from_13_addresses_does_not_lock_the_phones_out(table):
    """13 addresses x 8 kept-alive connections ask for a public file as fast as they are
    answered (104 connections, over the 96 allowed): a phone's requests are still answered."""
    host, server = table
    url = host.call(lambda: server.seat_url(0))
    base = f"http://127.0.0.1:{server.port}"

    async def main():
        async with phone_session(PHONE) as phone:
            await take_seat(phone, server, url)
            attack = Attack(server.port)
            for a in range(13):
                for _ in range(8):
                    attack.spawn(attacker(a), flood)
            try:
                await until(lambda: attack.opened >= 104, 20, "the attack did not open its connections")
                return await answered(phone, base + "/api/view", 36)
            finally:
                await attack.stop()

    ok = _run(main())
    assert ok == 36, f"a phone's requests answered during the flood: {ok}/36"


def test_a_request_head_has_a_deadline_however_it_trickles_and_an_idle_connection_is_closed():
    guard = ConnectionGuard(per_client=8, max_total=96, reserved=32, head_timeout=1.0, idle_timeout=1.5)
    host, server = start(guard)

    async def main():
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(attacker(0), 0))
        idle_r, idle_w = await asyncio.open_connection("127.0.0.1", server.port, local_addr=(attacker(1), 0))
        idle_w.write(b"GET /static/phone.css HTTP/1.1\r\nHost: kiosk\r\n\r\n")
        head = await asyncio.wait_for(idle_r.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 200")
        t0 = time.monotonic()
        writer.write(b"GET /static/phone.css HTTP/1.1\r\n")
        while not reader.at_eof():                    # a header line every 0.2 s, never the end
            assert time.monotonic() - t0 < 8, "a trickled head was kept open for 8 s"
            writer.write(b"X-Slow: 1\r\n")
            try:
                await writer.drain()
                await asyncio.wait_for(reader.read(1), 0.2)
            except (TimeoutError, OSError):
                pass
        closed_after = time.monotonic() - t0
        # the idle connection (one answer, then nothing): closed after its idle timeout (read to
        # the end: the rest of its answer, then the end of the stream)
        rest = await asyncio.wait_for(idle_r.read(), 5)
        idle_after = time.monotonic() - t0
        writer.close()
        idle_w.close()
        return closed_after, idle_after, rest

    try:
        closed_after, idle_after, _ = _run(main(), 20)
    finally:
        server.stop()
        host.close()
    assert 0.9 <= closed_after < 4, closed_after
    assert idle_after < 6, idle_after
    assert guard.expired >= 2


class Records(logging.Handler):
    """Everything that reaches the root logger's handlers (where the kiosk's log is written)."""

    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)

    def size(self):
        return sum(len(self.format(r)) for r in self.records)


@pytest.fixture
def records():
    handler = Records()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)


def test_deep_json_is_a_400_and_writes_nothing_to_the_log(table, records):
    host, server = table
    url = host.call(lambda: server.seat_url(0))
    base = f"http://127.0.0.1:{server.port}"
    before = host.call(lambda: len(host.played))

    async def main():
        async with phone_session(PHONE, keep_alive=True) as phone:
            await take_seat(phone, server, url)
            statuses = []
            for _ in range(100):
                async with phone.post(base + "/api/act", data=DEEP,
                                      headers={"Content-Type": "application/json"}) as r:
                    statuses.append((r.status, (await r.json())["error"]))
            return statuses

    statuses = _run(main())
    assert set(statuses) == {(400, "the body nests deeper than 16 levels")}, set(statuses)
    assert host.call(lambda: len(host.played)) == before
    assert records.size() < 2_000, f"{len(records.records)} records, {records.size()} bytes logged"


class Broken(PhoneServer):
    """A server whose view fails inside (a fault of ours a phone can hit at will)."""

    async def _view(self, request):
        raise RuntimeError("a fault of the server")


def test_a_fault_a_phone_hits_at_will_is_logged_a_few_times_not_at_every_request(records):
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = Broken(port=0, bind="127.0.0.1", address="127.0.0.1")
    server.start()
    host.call(lambda: server.attach(host))
    url = host.call(lambda: server.seat_url(0))

    async def main():
        async with phone_session(PHONE, keep_alive=True) as phone:
            await take_seat(phone, server, url)
            statuses = []
            for _ in range(300):
                async with phone.get(f"http://127.0.0.1:{server.port}/api/view") as r:
                    statuses.append(r.status)
                    assert "Traceback" not in await r.text()
            return statuses

    try:
        statuses = _run(main())
    finally:
        server.stop()
        host.close()
    assert statuses == [500] * 300
    faults = [r for r in records.records if r.name == "tablecup.phones" and r.exc_info]
    assert 1 <= len(faults) <= 5, len(faults)
    assert records.size() < 20_000, records.size()
