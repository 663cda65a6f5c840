"""A tiny, dependency-free client for systemd's ``sd_notify`` protocol.

systemd passes the address of a datagram socket in ``$NOTIFY_SOCKET`` to a
service with ``Type=notify`` or ``WatchdogSec=``; the service sends
newline-separated ``KEY=VALUE`` assignments to it:

* ``READY=1``     — start-up finished (``Type=notify`` waits for this),
* ``WATCHDOG=1``  — "still alive" (with ``WatchdogSec=`` systemd kills and
  restarts the service when these stop for longer than the interval),
* ``STATUS=...``  — a line shown by ``systemctl status``,
* ``STOPPING=1``  — the service is shutting down on purpose.

A socket address starting with ``@`` is in the Linux abstract namespace (the
``@`` stands for a leading NUL byte). Outside systemd (no ``$NOTIFY_SOCKET``)
every function here is a cheap no-op that returns ``False``, so the kiosk can
call them unconditionally on a developer laptop.

:class:`KivyWatchdog` sends the watchdog pings from Kivy's clock, i.e. from the
UI thread: if the UI thread hangs (a blocking call, a deadlock, an endless
loop) the pings stop and systemd restarts the kiosk. A ping from a background
thread would keep a frozen screen alive forever.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from typing import Any

__all__ = [
    "KivyWatchdog",
    "asyncio_watchdog",
    "notify",
    "ready",
    "status",
    "stopping",
    "watchdog_interval",
    "watchdog_ping",
]


def _socket_address() -> str | None:
    addr = os.environ.get("NOTIFY_SOCKET", "")
    if not addr:
        return None
    if addr.startswith("@"):
        # Abstract namespace: '@' is a stand-in for the leading NUL byte.
        return "\0" + addr[1:]
    if addr.startswith("/"):
        return addr
    # e.g. "vsock:..." addresses (systemd >= 254 in VMs): not used on a Pi.
    return None


def notify(message: str) -> bool:
    """Send ``message`` (e.g. ``"READY=1"``) to ``$NOTIFY_SOCKET``.

    Returns True when the datagram was sent, False when not running under
    systemd or when sending failed. Never raises: a status message must never
    take the kiosk down.
    """
    addr = _socket_address()
    if addr is None:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(addr)
            sock.sendall(message.encode("utf-8", "replace"))
    except OSError:
        return False
    return True


def ready(status_text: str | None = None) -> bool:
    """Tell systemd start-up is complete (``READY=1``), optionally with a status."""
    msg = "READY=1"
    if status_text:
        msg += "\nSTATUS=" + _one_line(status_text)
    return notify(msg)


def watchdog_ping() -> bool:
    """Tell systemd the service is alive (``WATCHDOG=1``)."""
    return notify("WATCHDOG=1")


def status(text: str) -> bool:
    """Set the free-form status line shown by ``systemctl status``."""
    return notify("STATUS=" + _one_line(text))


def stopping() -> bool:
    """Tell systemd the service is shutting down on purpose (``STOPPING=1``)."""
    return notify("STOPPING=1")


def _one_line(text: str) -> str:
    return " ".join(str(text).splitlines())


def watchdog_interval() -> float | None:
    """The watchdog timeout in seconds from ``$WATCHDOG_USEC``, or None.

    None when no watchdog is configured, when the value is not a positive
    integer, or when ``$WATCHDOG_PID`` names another process (the variables
    were inherited by a child and are not meant for it). Pings should be sent
    at least every half of this interval.
    """
    usec = os.environ.get("WATCHDOG_USEC", "")
    try:
        value = int(usec)
    except ValueError:
        return None
    if value <= 0:
        return None
    pid = os.environ.get("WATCHDOG_PID", "")
    if pid:
        try:
            if int(pid) != os.getpid():
                return None
        except ValueError:
            return None
    return value / 1_000_000


class KivyWatchdog:
    """Send systemd's ``READY=1`` and ``WATCHDOG=1`` from Kivy's UI thread.

    Usage in the kiosk::

        class KioskApp(App):
            def on_start(self):
                self.watchdog = KivyWatchdog()
                self.watchdog.start()

            def on_stop(self):
                self.watchdog.stop()

    ``start()`` schedules:

    * ``READY=1`` two clock ticks later, i.e. after the first frame has been
      drawn (Kivy draws at the end of each tick; ``on_start`` runs before the
      first one). This is what ``Type=notify`` in ``tablecup-kiosk.service``
      waits for, so a kiosk that cannot open its display fails its start
      instead of looking "active".
    * ``WATCHDOG=1`` every half of the watchdog interval with
      ``kivy.clock.Clock.schedule_interval`` — only while the UI thread keeps
      running its event loop.

    Kivy is imported lazily inside ``start()`` so this module stays importable
    (and testable) without Kivy. Everything is a no-op outside systemd.
    """

    def __init__(
        self,
        interval: float | None = None,
        send_ready: bool = True,
        ready_status: str | None = "kiosk running",
        clock: Any = None,
    ) -> None:
        #: Watchdog timeout in seconds (None: no watchdog, pings are not scheduled).
        self.interval = watchdog_interval() if interval is None else interval
        self.send_ready = send_ready
        self.ready_status = ready_status
        self._clock = clock
        self._ping_event: Any = None
        self._ready_event: Any = None
        self.pings_sent = 0
        self.ready_sent = False

    @property
    def ping_period(self) -> float | None:
        """Seconds between pings: half the watchdog interval."""
        if not self.interval or self.interval <= 0:
            return None
        return self.interval / 2

    def _get_clock(self) -> Any:
        if self._clock is None:
            from kivy.clock import Clock  # lazy: importing kivy has side effects

            self._clock = Clock
        return self._clock

    def start(self) -> KivyWatchdog:
        clock = self._get_clock()
        if self.send_ready and not self.ready_sent:
            # Tick 1: the callback schedules tick 2; the first frame is drawn in
            # between. Tick 2 sends READY=1.
            self._ready_event = clock.schedule_once(
                lambda _dt: self._schedule(clock, self._send_ready), 0
            )
        period = self.ping_period
        if period is not None and self._ping_event is None:
            self._ping(0)
            self._ping_event = clock.schedule_interval(self._ping, period)
        return self

    def _schedule(self, clock: Any, callback: Callable[[float], Any]) -> None:
        self._ready_event = clock.schedule_once(callback, 0)

    def _send_ready(self, _dt: float) -> None:
        self._ready_event = None
        self.ready_sent = True
        ready(self.ready_status)

    def _ping(self, _dt: float) -> None:
        if watchdog_ping():
            self.pings_sent += 1

    def stop(self, send_stopping: bool = True) -> None:
        """Cancel the scheduled pings (and a pending READY) and say STOPPING=1."""
        for event in (self._ping_event, self._ready_event):
            if event is not None:
                event.cancel()
        self._ping_event = None
        self._ready_event = None
        if send_stopping:
            stopping()


async def asyncio_watchdog(interval: float | None = None) -> None:
    """Ping the watchdog from an asyncio event loop until cancelled.

    For the coordinator (aiohttp)::

        sdnotify.ready()
        task = asyncio.create_task(sdnotify.asyncio_watchdog())

    Like :class:`KivyWatchdog`, the pings come from the loop itself, so a
    blocked event loop stops them. Returns at once when there is no watchdog.
    """
    import asyncio

    if interval is None:
        interval = watchdog_interval()
    if not interval or interval <= 0:
        return
    while True:
        watchdog_ping()
        await asyncio.sleep(interval / 2)
