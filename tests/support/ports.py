"""A port for a server that a test starts later in the same process, held for it until then."""

from __future__ import annotations

import socket

#: The sockets holding the ports :func:`reserved_port` gave, open until this process ends.
_RESERVED: list[socket.socket] = []


def reserved_port() -> int:
    """A port for a server of this process to bind later, held until then.

    A port found free and let go at once (bind to port 0, close) may be taken before the server
    binds it: the system picks the local port of every outgoing connection from the same range,
    and a test beside this one may hold such a connection for minutes -- the kiosk then plays
    without phones.  This port stays bound (SO_REUSEADDR, never listening), so the system gives it
    to no other socket, while a server that binds it with SO_REUSEADDR (the phone server does)
    still gets it."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", 0))
    _RESERVED.append(s)
    return int(s.getsockname()[1])
