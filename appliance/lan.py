"""What one client on a café's LAN may cost a server of ours: connections, time, log lines.

The coordinator (``coordinator/web.py``) and the kiosk's phone server (``kiosk/phones/server.py``)
both serve strangers on a shared Wi-Fi; they share this module (standard library only: it sits in
the leaf layer, which both may import, and imports nothing of aiohttp).  A client is known by its
address (:func:`client_key`: an IPv4 address, or the /64 of an IPv6 address).

* :class:`ConnectionGuard` -- every TCP connection goes through it before the server sees a byte:
  caps on open connections per address and in all, with room kept for the clients the server
  trusts (a phone that holds a seat, a paired kiosk: :meth:`ConnectionGuard.vouch`); a deadline
  for each whole request head, another for its body, and a limit on the time a connection may stay
  idle between two requests.  At a cap, a new connection closes the one that has waited longest
  (for a head, a body or its next request) instead of being refused, so connections that send
  slowly or nothing at all cannot keep anyone out; one that is being answered is never closed.
* :class:`RateLimitFilter` -- at most a few log records of one kind per minute, so a flood cannot
  fill the disk with tracebacks.
* :func:`json_depth_ok` -- nested JSON refused before a parser recurses into it.
* :data:`SECURITY_HEADERS` -- what every answer of both servers carries.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import cast

#: Headers on every answer of both servers: a strict Content-Security-Policy (the pages load
#: their own script and style only), no sniffing, no framing, no referrer.
SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}

#: Nesting of arrays and objects a request body may have.
MAX_JSON_DEPTH = 16


def client_key(peer: object) -> str:
    """The address a limit is kept for, from a peer name (``(host, port, ...)``) or a host:
    IPv4 as is, IPv6 by its /64 prefix (one device can hold a whole /64)."""
    if isinstance(peer, (tuple, list)):
        host = str(peer[0]) if peer else "?"
    else:
        host = str(peer) if peer else "?"
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def json_depth_ok(text: str, most: int = MAX_JSON_DEPTH) -> bool:
    """Whether no array/object in the JSON text nests deeper than ``most`` (strings skipped).
    Python's parser recurses once per level: 1,000 levels are a ``RecursionError``."""
    if text.count("[") + text.count("{") <= most:
        return True
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > most:
                return False
        elif ch in "]}":
            depth -= 1
    return True


class RateLimitFilter(logging.Filter):
    """Lets at most ``burst`` records of one message (logger + level + format string) through per
    ``period`` seconds; the first record let through after a quiet spell says how many were left out."""

    def __init__(self, burst: int = 5, period: float = 60.0, max_keys: int = 1024,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst, self.period, self.max_keys, self.clock = burst, period, max_keys, clock
        self._seen: OrderedDict[tuple[str, int, str], list[float]] = OrderedDict()  # [start, passed, dropped]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = self.clock()
        got = self._seen.get(key)
        if got is None or now - got[0] >= self.period:
            dropped = int(got[2]) if got is not None else 0
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


def limit_log_floods(*names: str) -> RateLimitFilter:
    """Rate-limit what the loggers ``names`` write (one filter shared by them; adding it again
    changes nothing).  A logger's filter sees the records made by that logger itself."""
    global _shared_filter
    if _shared_filter is None:
        _shared_filter = RateLimitFilter()
    for name in names:
        logging.getLogger(name).addFilter(_shared_filter)
    return _shared_filter


_shared_filter: RateLimitFilter | None = None

_REFUSED_BODY = b'{"error": "too many connections from this address or in all: try again shortly"}'
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
           b"Connection: close\r\nContent-Length: " + str(len(_REFUSED_BODY)).encode() + b"\r\n\r\n" + _REFUSED_BODY)

HEAD, BODY, BUSY, IDLE = "head", "body", "busy", "idle"


class _Guarded(asyncio.Protocol):
    """The server's protocol for one connection, behind the guard: admitted or refused, and
    closed when it waits too long."""

    __slots__ = ("admitted", "guard", "inner", "key", "state", "timer", "transport", "trusted")

    def __init__(self, guard: ConnectionGuard, inner: asyncio.Protocol) -> None:
        self.guard, self.inner = guard, inner
        self.transport: asyncio.Transport | None = None
        self.key = "?"
        self.timer: asyncio.TimerHandle | None = None
        self.admitted = False
        self.trusted = False
        self.state = HEAD

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.key = client_key(transport.get_extra_info("peername"))
        if not self.guard.admit(self):
            # A short answer, then close: a client sees why and backs off (a flood reads nothing).
            self.transport.write(REFUSED)
            self.transport.close()
            return
        self.admitted = True
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            if self.state == IDLE:     # the next request begins: its head must now come in time
                self.guard.head_started(self)
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.guard.release(self)
            self.inner.connection_lost(exc)

    def expired(self) -> None:
        self.timer = None
        self.guard.expired += 1
        self.guard.tell("expired", "closed a connection from %s: it sent nothing in time (%s)", self.key, self.state)
        if self.transport is not None:
            self.transport.abort()


class ConnectionGuard:
    """Open connections per address and in all, and how long a connection may wait.

    A connection *waits* from the moment it is accepted until its request head is in (state
    ``head``, at most ``head_timeout`` seconds, however the bytes trickle), while the server reads
    the request's body (``body``, at most ``body_timeout``: :meth:`receive_body`), and after each
    answer until the next request begins (``idle``, at most ``idle_timeout``; the first byte of
    the next request starts its head deadline).  While its request is answered (``busy``: the
    server calls :meth:`busy`, then :meth:`idle` when the answer is out; a WebSocket stays busy)
    nothing closes it.

    At most ``per_client`` connections from one address: a new one beyond it closes that address's
    own waiting connection (the one that has waited longest among those it opened as a stranger,
    then among its trusted ones), and gets a 503 only when all of them are being answered.  The
    addresses the server vouches for
    (:meth:`vouch`: a valid seat cookie, a paired kiosk's token) are *trusted* for ``trust_seconds``
    after the last time; the others, the strangers, may hold at most ``max_total - reserved``
    connections, so ``reserved`` are always left for the trusted.  When a new connection finds no
    room, the connection that has waited longest is closed for it -- a stranger's (for anyone), or
    a trusted one's (for a trusted client only); with none waiting, the new one gets a short 503
    and is closed before the server reads a byte of it.
    """

    def __init__(self, per_client: int = 8, max_total: int = 96, reserved: int | None = None,
                 head_timeout: float = 10.0, body_timeout: float = 10.0, idle_timeout: float = 30.0,
                 trust_seconds: float = 3600.0, max_trusted: int = 1024,
                 logger: logging.Logger | None = None) -> None:
        self.per_client, self.max_total = per_client, max_total
        self.reserved = max_total // 4 if reserved is None else min(reserved, max_total - 1)
        self.head_timeout, self.body_timeout, self.idle_timeout = head_timeout, body_timeout, idle_timeout
        self.trust_seconds, self.max_trusted = trust_seconds, max_trusted
        self.log = logger or logging.getLogger("tablecup.lan")
        self.by_key: dict[str, set[_Guarded]] = {}
        self.by_transport: dict[object, _Guarded] = {}
        # Waiting connections, the one that has waited longest first: strangers' and trusted ones'.
        self.waiting: dict[bool, OrderedDict[_Guarded, None]] = {False: OrderedDict(), True: OrderedDict()}
        self.trusted: OrderedDict[str, float] = OrderedDict()     # address -> trusted until (monotonic)
        self.total = 0
        self.strangers = 0
        self.refused = 0
        self.evicted = 0
        self.expired = 0
        self._told: dict[str, int] = {}

    def protocol_factory(self, inner_factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        return lambda: _Guarded(self, inner_factory())

    @property
    def strangers_cap(self) -> int:
        return self.max_total - self.reserved

    def open_from(self, key: str) -> int:
        return len(self.by_key.get(key, ()))

    def tell(self, kind: str, fmt: str, *args: object) -> None:
        """Log the 1st, 10th, 100th, ... event of a kind: a flood writes a few lines, not one each."""
        n = self._told[kind] = self._told.get(kind, 0) + 1
        if n in (1, 10, 100, 1000) or n % 10_000 == 0:
            self.log.warning(fmt + " [%d so far]", *args, n)

    # ------------------------------------------------------------------ admission
    def is_trusted(self, key: str) -> bool:
        until = self.trusted.get(key)
        if until is None:
            return False
        if until < time.monotonic():
            del self.trusted[key]
            return False
        return True

    def admit(self, conn: _Guarded) -> bool:
        if self.open_from(conn.key) >= self.per_client:
            # The address's own connection that has waited longest makes room: a browser keeps
            # idle connections open for minutes, and two phones may share an address (an IPv6
            # /64, a NAT); refused only when every one of its connections is being answered.
            own = next((c for queue in self.waiting.values() for c in queue if c.key == conn.key), None)
            if own is None:
                self.refused += 1
                self.tell("refused-address", "connection from %s refused: %d open from that address already, "
                          "none of them waiting", conn.key, self.per_client)
                return False
            self._evict(own, conn)
        trusted = self.is_trusted(conn.key)
        if self.total >= self.max_total or (not trusted and self.strangers >= self.strangers_cap):
            victim = next(iter(self.waiting[False]), None)
            if victim is None and trusted:
                victim = next(iter(self.waiting[True]), None)
            if victim is None:
                self.refused += 1
                self.tell("refused-all", "connection from %s refused: %d connections open, none of them waiting",
                          conn.key, self.total)
                return False
            self._evict(victim, conn)
        conn.trusted = trusted
        self.by_key.setdefault(conn.key, set()).add(conn)
        self.by_transport[conn.transport] = conn
        self.total += 1
        self.strangers += not trusted
        self._wait(conn, HEAD, self.head_timeout)
        return True

    def _evict(self, victim: _Guarded, conn: _Guarded) -> None:
        """Close ``victim``, a waiting connection, to make room for ``conn``."""
        self.evicted += 1
        self.tell("evicted", "connection limit: closed a waiting connection from %s for one from %s",
                  victim.key, conn.key)
        self._cancel(victim)
        if victim.transport is not None:
            victim.transport.abort()
        self.release(victim)

    def release(self, conn: _Guarded) -> None:
        if self.by_transport.pop(conn.transport, None) is None:
            return
        self._cancel(conn)
        self.waiting[conn.trusted].pop(conn, None)
        self.total -= 1
        self.strangers -= not conn.trusted
        mine = self.by_key.get(conn.key)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.by_key[conn.key]

    def vouch(self, transport: object) -> None:
        """The client on this connection showed a valid credential: its address is trusted (for
        ``trust_seconds`` from now), and so are its open connections."""
        conn = self.by_transport.get(transport)
        if conn is None:
            return
        self.trusted[conn.key] = time.monotonic() + self.trust_seconds
        self.trusted.move_to_end(conn.key)
        while len(self.trusted) > self.max_trusted:
            self.trusted.popitem(last=False)
        for c in self.by_key.get(conn.key, ()):
            if not c.trusted:
                c.trusted = True
                self.strangers -= 1
                if self.waiting[False].pop(c, None) is not None:
                    self.waiting[True][c] = None

    # ------------------------------------------------------------------ states
    def busy(self, transport: object) -> None:
        """A request head was read on this connection: nothing closes it while it is answered."""
        conn = self.by_transport.get(transport)
        if conn is not None:
            self._cancel(conn)
            conn.state = BUSY
            self.waiting[conn.trusted].pop(conn, None)

    def idle(self, transport: object) -> None:
        """The answer is out: the connection may stay idle a while for the client's next request."""
        conn = self.by_transport.get(transport)
        if conn is not None:
            self._wait(conn, IDLE, self.idle_timeout)

    def head_started(self, conn: _Guarded) -> None:
        """Bytes of a new request on an idle connection: its head must now come in time."""
        self._wait(conn, HEAD, self.head_timeout)

    async def receive_body(self, transport: object, read: Callable[[], Awaitable[bytes]]) -> bytes:
        """``await read()`` (the request's body) within ``body_timeout`` seconds, else
        ``TimeoutError``.  Meanwhile the connection is waiting, so another may close it (``read``
        then raises ``ConnectionResetError``)."""
        conn = self.by_transport.get(transport)
        if conn is not None:
            self._wait(conn, BODY, None)
        try:
            return await asyncio.wait_for(read(), self.body_timeout)
        finally:
            if conn is not None and self.by_transport.get(transport) is conn:
                self.busy(transport)

    def _wait(self, conn: _Guarded, state: str, seconds: float | None) -> None:
        self._cancel(conn)
        conn.state = state
        queue = self.waiting[conn.trusted]
        queue[conn] = None
        queue.move_to_end(conn)
        if seconds is not None:
            conn.timer = asyncio.get_running_loop().call_later(seconds, conn.expired)

    @staticmethod
    def _cancel(conn: _Guarded) -> None:
        if conn.timer is not None:
            conn.timer.cancel()
            conn.timer = None
