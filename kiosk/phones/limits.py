"""What one client address may cost the phone server.

The kiosk's LAN may hold strangers (a café's Wi-Fi).  A phone needs one or two HTTP connections
and one WebSocket; a client that opens many more is refused, so it slows only itself:

* :class:`ConnectionCap` -- open TCP connections per client address and overall; a connection over
  the cap gets a short 503 and is closed before aiohttp reads a byte of it.  A connection must
  send its request head within ``head_timeout`` seconds of opening, so half-open connections
  cannot hold the overall cap.
* WebSockets per address, per seat and overall are counted by the server itself
  (:mod:`kiosk.phones.server`), since it knows which seat a socket holds.

A client address is the peer's IPv4 address, or the /64 prefix of an IPv6 address.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging

log = logging.getLogger("tablecup.phones")


def client_key(host: str | None) -> str:
    """The address a limit is kept for: IPv4 as is, IPv6 by its /64 prefix."""
    host = str(host or "?")
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


_BODY = b'{"error": "too many connections from this address: close some and try again"}'
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
           b"Connection: close\r\nContent-Length: " + str(len(_BODY)).encode() + b"\r\n\r\n" + _BODY)


class _Capped(asyncio.Protocol):
    """aiohttp's protocol for one connection, admitted or refused by the cap."""

    def __init__(self, cap: ConnectionCap, inner: asyncio.Protocol) -> None:
        self.cap, self.inner = cap, inner
        self.key = "?"
        self.admitted = False
        self.timer: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.key = client_key(peer[0] if isinstance(peer, (tuple, list)) and peer else None)
        if not self.cap.admit(self.key):
            transport.write(REFUSED)
            transport.close()
            return
        self.admitted = True
        self.timer = asyncio.get_running_loop().call_later(self.cap.head_timeout, self._too_slow)
        self.inner.connection_made(transport)

    def _too_slow(self) -> None:
        self.timer = None
        self.cap.slow += 1
        if self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            if self.timer is not None:     # the first bytes: aiohttp's own timeouts take over
                self.timer.cancel()
                self.timer = None
            self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def connection_lost(self, exc) -> None:
        if self.admitted:
            self.admitted = False
            if self.timer is not None:
                self.timer.cancel()
            self.cap.release(self.key)
            self.inner.connection_lost(exc)


class ConnectionCap:
    """At most ``per_client`` open connections per address and ``total`` in all."""

    def __init__(self, per_client: int = 8, total: int = 96, head_timeout: float = 10.0) -> None:
        self.per_client, self.total, self.head_timeout = per_client, total, head_timeout
        self.open: dict[str, int] = {}
        self.refused = 0
        self.slow = 0

    def protocol_factory(self, inner_factory):
        return lambda: _Capped(self, inner_factory())

    def admit(self, key: str) -> bool:
        n = self.open.get(key, 0)
        if n >= self.per_client or sum(self.open.values()) >= self.total:
            self.refused += 1
            if self.refused in (1, 10, 100, 1000):      # a flood writes a few lines, not one per attempt
                log.warning("phone server: connection from %s refused (%d open from it; %d refused so far)",
                            key, n, self.refused)
            return False
        self.open[key] = n + 1
        return True

    def release(self, key: str) -> None:
        n = self.open.get(key, 0) - 1
        if n > 0:
            self.open[key] = n
        else:
            self.open.pop(key, None)
