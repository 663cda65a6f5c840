"""What one client on the café LAN may cost the coordinator: guesses, connections, log lines.

Every limit here is *per client address*, so a stranger who hammers the coordinator slows down
only themself: wrong pairing codes or organiser PINs from one address never lock out another
address, and never change a code.  A client address is the peer's IPv4 address, or the /64
prefix of an IPv6 address (one device can hold a whole /64).

* :class:`Backoff` -- a few free wrong guesses, then a wait that doubles with each further wrong
  guess; a guess during the wait is not checked at all (429 with ``Retry-After``).
* :class:`ConnectionGuard` -- caps on open connections per client and overall, and a deadline for
  every request head (a client that connects and then sends nothing, or trickles its headers,
  is dropped).  At the overall cap a new connection evicts the oldest connection that is idle
  or still waiting for its head, so a flood of half-open connections cannot keep a kiosk out.
* :class:`RateLimitFilter` -- at most a few log records per message per minute, then a count of
  what was left out, so a flood cannot fill the disk with tracebacks.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import OrderedDict

log = logging.getLogger("tablecup.coordinator")


def client_key(peer) -> str:
    """The address a limit is kept for: IPv4 as is, IPv6 by its /64 prefix."""
    host = peer[0] if isinstance(peer, (tuple, list)) and peer else str(peer or "?")
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Backoff:
    """Wrong guesses per client: ``free`` of them cost nothing, then each one more doubles the wait
    (``first`` seconds, then twice that, ... up to ``longest``).  A right guess clears the client.

    :meth:`wait` says how long a client must still wait before its next guess is *checked*; the
    caller answers 429 without looking at the guess meanwhile.  Entries of clients that have been
    quiet for ``forget`` seconds are dropped, and the table never holds more than ``max_clients``
    entries (the oldest goes first), so the table's size is bounded too.
    """

    def __init__(self, free=3, first=2.0, longest=300.0, forget=3600.0, max_clients=4096, clock=time.monotonic):
        self.free, self.first, self.longest, self.forget = free, first, longest, forget
        self.max_clients = max_clients
        self.clock = clock
        self._clients: OrderedDict[str, list] = OrderedDict()     # key -> [failures, not_before, last]

    def wait(self, key: str) -> float:
        """Seconds before this client's next guess is checked (0: check it now)."""
        got = self._clients.get(key)
        if got is None:
            return 0.0
        now = self.clock()
        if now - got[2] > self.forget:
            del self._clients[key]
            return 0.0
        return max(0.0, got[1] - now)

    def failed(self, key: str) -> float:
        """Count a wrong guess; returns the wait it starts (0 while the free guesses last)."""
        now = self.clock()
        got = self._clients.pop(key, None)
        if got is None or now - got[2] > self.forget:
            got = [0, now, now]
        got[0] += 1
        over = got[0] - self.free
        pause = 0.0 if over <= 0 else min(self.longest, self.first * 2 ** (over - 1))
        got[1], got[2] = now + pause, now
        self._clients[key] = got
        while len(self._clients) > self.max_clients:
            self._clients.popitem(last=False)
        return pause

    def succeeded(self, key: str):
        self._clients.pop(key, None)

    def failures(self, key: str) -> int:
        got = self._clients.get(key)
        return 0 if got is None else got[0]


_REFUSED_BODY = b'{"error": "too many connections from this address or in all: try again shortly"}'
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
           b"Connection: close\r\nContent-Length: " + str(len(_REFUSED_BODY)).encode() + b"\r\n\r\n" + _REFUSED_BODY)


class _Guarded(asyncio.Protocol):
    """Wraps aiohttp's protocol for one connection: admitted or refused by the guard, and dropped if
    a request head does not arrive in time."""

    __slots__ = ("admitted", "guard", "idle", "inner", "key", "timer", "transport")

    def __init__(self, guard, inner):
        self.guard, self.inner = guard, inner
        self.transport = None
        self.key = None
        self.timer = None
        self.admitted = False
        self.idle = False          # between two requests, nothing of the next one received yet

    def connection_made(self, transport):
        self.transport = transport
        self.key = client_key(transport.get_extra_info("peername"))
        if not self.guard.admit(self):
            # A short answer, then close: a kiosk sees why and backs off (a flood reads nothing).
            transport.write(REFUSED)
            transport.close()
            return
        self.admitted = True
        self.inner.connection_made(transport)

    def data_received(self, data):
        if self.admitted:
            if self.idle:          # the next request starts: its head must now come in time
                self.guard.head_started(self)
            self.inner.data_received(data)

    def eof_received(self):
        if self.admitted:
            return self.inner.eof_received()
        return None

    def pause_writing(self):
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self):
        if self.admitted:
            self.inner.resume_writing()

    def connection_lost(self, exc):
        if self.admitted:
            self.guard.release(self)
            self.inner.connection_lost(exc)

    def _expired(self):
        self.timer = None
        self.guard.expired += 1
        self.transport.abort()


class ConnectionGuard:
    """Open connections per client and overall, and the request-head deadline.

    A connection is *waiting* from the moment it is accepted, and again after each answer, until
    the next request head has been read (the middleware calls :meth:`busy`, then :meth:`idle`).
    A new connection, or one whose next request has begun to arrive, must complete the request
    head within ``head_timeout`` seconds; a connection idle between requests (nothing received)
    is kept ``idle_timeout`` seconds, longer than clients keep idle connections themselves, so a
    kiosk never reuses one the coordinator has just closed.  At ``max_total`` a new connection
    evicts the connection that has waited longest; with none waiting it is refused.
    """

    def __init__(self, per_client=32, max_total=512, head_timeout=10.0, idle_timeout=30.0):
        self.per_client, self.max_total, self.head_timeout = per_client, max_total, head_timeout
        self.idle_timeout = idle_timeout
        self.by_key: dict[str, int] = {}
        self.by_transport: dict = {}
        self.waiting: OrderedDict = OrderedDict()      # _Guarded -> None, oldest first
        self.total = 0
        self.refused = 0
        self.evicted = 0
        self.expired = 0

    def protocol_factory(self, inner_factory):
        return lambda: _Guarded(self, inner_factory())

    def admit(self, conn: _Guarded) -> bool:
        if self.by_key.get(conn.key, 0) >= self.per_client:
            self.refused += 1
            log.warning("connection from %s refused: %d open from that address already", conn.key, self.per_client)
            return False
        if self.total >= self.max_total:
            if not self.waiting:
                self.refused += 1
                log.warning("connection from %s refused: %d connections open", conn.key, self.total)
                return False
            oldest, _ = self.waiting.popitem(last=False)
            self.evicted += 1
            log.warning("connection limit (%d): closing an idle connection from %s", self.max_total, oldest.key)
            self._cancel(oldest)
            oldest.transport.abort()
            self.release(oldest)
        self.by_key[conn.key] = self.by_key.get(conn.key, 0) + 1
        self.total += 1
        self.by_transport[conn.transport] = conn
        self._arm(conn, self.head_timeout)
        return True

    def release(self, conn: _Guarded):
        if self.by_transport.pop(conn.transport, None) is None:
            return
        self._cancel(conn)
        self.waiting.pop(conn, None)
        self.total -= 1
        n = self.by_key.get(conn.key, 0) - 1
        if n > 0:
            self.by_key[conn.key] = n
        else:
            self.by_key.pop(conn.key, None)

    def busy(self, transport):
        """A request head was read on this connection: no deadline while it is being answered."""
        conn = self.by_transport.get(transport)
        if conn is not None:
            self._cancel(conn)
            conn.idle = False
            self.waiting.pop(conn, None)

    def idle(self, transport):
        """The answer is out: the connection may stay idle a while for the client's next request."""
        conn = self.by_transport.get(transport)
        if conn is not None:
            self._arm(conn, self.idle_timeout)
            conn.idle = True

    def head_started(self, conn):
        """Bytes of a new request on an idle connection: its head must now come in time."""
        conn.idle = False
        self._arm(conn, self.head_timeout)

    def _arm(self, conn, seconds):
        self._cancel(conn)
        self.waiting[conn] = None
        self.waiting.move_to_end(conn)
        conn.timer = asyncio.get_running_loop().call_later(seconds, conn._expired)

    @staticmethod
    def _cancel(conn):
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None


class RateLimitFilter(logging.Filter):
    """Lets at most ``burst`` records of one message (logger + format string) through per
    ``period`` seconds; the first record let through after a quiet spell says how many were left out."""

    def __init__(self, burst=5, period=60.0, max_keys=1024, clock=time.monotonic):
        super().__init__()
        self.burst, self.period, self.max_keys, self.clock = burst, period, max_keys, clock
        self._seen: OrderedDict = OrderedDict()      # key -> [window start, passed, dropped]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        got = self._seen.get(key)
        if got is None or now - got[0] >= self.period:
            dropped = got[2] if got is not None else 0
            got = [now, 0, 0]
            self._seen[key] = got
            self._seen.move_to_end(key)
            while len(self._seen) > self.max_keys:
                self._seen.popitem(last=False)
            if dropped:
                record.msg = f"{record.msg} [{dropped} more like this in the last minute were not logged]"
        if got[1] >= self.burst:
            got[2] += 1
            return False
        got[1] += 1
        return True
