"""appliance.lan's connection guard on its own: a real asyncio server on 127.0.0.1 behind it, each
client on its own loopback address; the rules of who is closed for whom, and the JSON depth check."""

import asyncio
import time

from appliance.lan import ConnectionGuard, json_depth_ok


class Answer(asyncio.Protocol):
    """The server's side of a connection: answers each line at once, as a request is answered."""

    def __init__(self, guard):
        self.guard = guard

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.guard.busy(self.transport)
        self.transport.write(b"ok\n")
        if not data.startswith(b"hold"):          # "hold": an answer that goes on (a WebSocket's)
            self.guard.idle(self.transport)


async def until(condition, what, seconds=5):
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, what
        await asyncio.sleep(0.01)


def test_the_connection_that_waited_longest_is_closed_and_a_trusted_one_only_for_the_trusted():
    guard = ConnectionGuard(per_client=3, max_total=4, reserved=2, head_timeout=30, idle_timeout=30)

    async def main():
        server = await asyncio.get_running_loop().create_server(
            guard.protocol_factory(lambda: Answer(guard)), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        opened = []

        async def connect(addr):
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(addr, 0))
            opened.append(writer)
            return reader, writer

        async def closed(conn):
            return await asyncio.wait_for(conn[0].read(), 5) == b""

        try:
            # two strangers fill the strangers' share (4 - 2 kept)
            a1 = await connect("127.0.6.1")
            await until(lambda: guard.total == 1, "a1")
            a2 = await connect("127.0.6.2")
            await until(lambda: guard.total == 2, "a2")
            # a third: the one that has waited longest (a1) is closed for it
            a3 = await connect("127.0.6.3")
            assert await closed(a1)
            await until(lambda: guard.evicted == 1 and guard.total == 2, "a1 closed")
            # a phone, a stranger too until it shows its seat: a2 is closed for it
            p1 = await connect("127.0.6.9")
            assert await closed(a2)
            p1[1].write(b"view\n")
            assert await asyncio.wait_for(p1[0].readline(), 5) == b"ok\n"
            guard.vouch(next(t for t, c in guard.by_transport.items() if c.key == "127.0.6.9"))
            assert (guard.total, guard.strangers) == (2, 1)
            # its address is trusted now: its next connection uses the kept room
            p2 = await connect("127.0.6.9")
            a4 = await connect("127.0.6.4")
            await until(lambda: guard.total == 4, "p2 and a4")
            assert guard.evicted == 2
            # full: a stranger closes the stranger's connection that waited longest (a3), not a phone's
            a5 = await connect("127.0.6.5")
            assert await closed(a3)
            # the phone's third connection closes a stranger's too (a4)
            p3 = await connect("127.0.6.9")
            assert await closed(a4)
            await until(lambda: guard.evicted == 4 and (guard.total, guard.strangers) == (4, 1), "a4 closed")
            # a stranger again: only a stranger can make room (a5), the phone's three stay
            await connect("127.0.6.6")
            assert await closed(a5)
            for reader, writer in (p1, p2):
                writer.write(b"view\n")
                assert await asyncio.wait_for(reader.readline(), 5) == b"ok\n"
            # an address at its own cap: its own connection that has waited longest (p3, which never
            # sent a byte; p1 and p2 were answered since) is closed for its new one, nobody else's
            p4 = await connect("127.0.6.9")
            assert await closed(p3)
            await until(lambda: guard.evicted == 6 and guard.open_from("127.0.6.9") == 3, "p3 closed")
            assert guard.refused == 0 and guard.total == 4
            # with every one of its connections being answered, the next one is refused with a 503
            for reader, writer in (p1, p2, p4):
                writer.write(b"hold\n")
                assert await asyncio.wait_for(reader.readline(), 5) == b"ok\n"
            refused = await connect("127.0.6.9")
            assert (await asyncio.wait_for(refused[0].read(), 5)).startswith(b"HTTP/1.1 503")
            assert guard.refused == 1 and guard.evicted == 6
        finally:
            for w in opened:
                w.close()
            server.close()
            await server.wait_closed()

    asyncio.run(asyncio.wait_for(main(), 30))


def test_json_depth():
    assert json_depth_ok('{"a": [[1, 2], {"b": "[[[[[[[[[[[[[[[[[["}]}')
    assert json_depth_ok("[" * 16 + "]" * 16)
    assert not json_depth_ok("[" * 17 + "]" * 17)
    assert not json_depth_ok("[" * 1000)
