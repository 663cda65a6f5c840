"""The kiosk's side of the phone seats: the server started once, when a game first offers phone
seats, and a port in use said once (in the log and on the table's screen) -- the kiosk then plays
on without phones.  Also the Kivy ``post`` a :class:`~kiosk.phones.SeatHost` hands the server.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from kiosk.i18n import N_
from kiosk.phones.server import DEFAULT_PORT, PhoneServer, PortTaken

log = logging.getLogger("tablecup.phones")


def kivy_post(fn: Callable[[], None]) -> None:
    """Run ``fn`` on the Kivy thread at its next frame (thread-safe: Kivy's clock takes events
    from any thread, and the interrupt clock wakes up for them at once)."""
    from kivy.clock import Clock
    Clock.schedule_once(lambda _dt: fn(), 0)


class PhoneLink:
    """The phone server of this kiosk, started on first use.

    ``notice(key, fmt)`` says a sentence on the table's screen (an i18n key and its values);
    it is called on the thread that asked for the server, i.e. the Kivy thread."""

    def __init__(self, port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
                 notice: Callable[[str, dict], None] | None = None) -> None:
        self.port, self.bind, self.notice = port, bind, notice
        self._server: PhoneServer | None = None
        self.unavailable: str | None = None     # why phones cannot take seats (said once)

    def server(self) -> PhoneServer | None:
        """The running server, started now if need be; None when its port is taken (said once)."""
        if self._server is not None:
            return self._server
        server = PhoneServer(port=self.port, bind=self.bind)
        try:
            server.start()
        except PortTaken as exc:
            if self.unavailable is None:
                self.unavailable = exc.strerror or str(exc)
                log.warning("phone seats are off: %s", self.unavailable)
                if self.notice is not None:
                    self.notice(N_("phones_port_taken"), {"port": self.port})
            return None
        self.unavailable = None
        self._server = server
        log.info("phone seats: serving on port %d", server.port)
        return server

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
