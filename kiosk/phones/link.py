"""The kiosk's side of the phone seats: the server started once, when a game first offers phone
seats, and a port in use said once (in the log and on the table's screen) -- the kiosk then plays
on without phones.  Also the Kivy ``post`` a :class:`~kiosk.phones.SeatHost` hands the server.

The server's module (aiohttp: about a third of a second to import on the development VM) is
imported when the server first starts, not with the kiosk: the first frame does not wait for it
(:meth:`PhoneLink.warm_up` imports it on a thread once the screen shows).
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from kiosk.i18n import N_

if TYPE_CHECKING:
    from kiosk.phones.server import PhoneServer

SERVER_MODULE = "kiosk.phones.server"

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

    def __init__(self, port: int, bind: str = "0.0.0.0",
                 notice: Callable[[str, dict], None] | None = None, start_timeout: float = 10.0) -> None:
        self.port, self.bind, self.notice = port, bind, notice
        self.start_timeout = start_timeout      # seconds the server may take to bind (a loaded Pi: a few)
        self._server: PhoneServer | None = None
        self.unavailable: str | None = None     # why phones cannot take seats (said once)

    def server(self) -> PhoneServer | None:
        """The running server, started now if need be; None when its port is taken or it did not
        start in time (said once; the next game that offers phone seats tries again)."""
        if self._server is not None:
            return self._server
        from kiosk.phones.server import PhoneServer, PortTaken
        server = PhoneServer(port=self.port, bind=self.bind)
        try:
            server.start(timeout=self.start_timeout)
        except PortTaken as exc:
            self._off(exc.strerror or str(exc), N_("phones_port_taken"))
            return None
        except TimeoutError as exc:
            self._off(str(exc), N_("phones_server_late"))
            return None
        self.unavailable = None
        self._server = server
        log.info("phone seats: serving on port %d", server.port)
        return server

    def _off(self, why: str, key: str) -> None:
        """Phones cannot take seats now: said in the log and on the table, once until they can."""
        if self.unavailable is None:
            self.unavailable = why
            log.warning("phone seats are off: %s", why)
            if self.notice is not None:
                self.notice(key, {"port": self.port})

    @staticmethod
    def warm_up() -> threading.Thread:
        """Import the server's module on a thread of its own (started, returned), so that the
        game that first offers phone seats does not wait for it on the Kivy thread."""
        thread = threading.Thread(target=importlib.import_module, args=(SERVER_MODULE,),
                                  name="phones-import", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        if self._server is not None:
            self._server.stop()
            self._server = None
