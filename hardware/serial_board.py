"""Serial board backend: a microcontroller on USB serial speaking
:mod:`hardware.protocol` (see docs/serial-protocol.md).

One reader thread owns the port: it opens it, sends ``WHO``, parses lines,
watches the heartbeat and reconnects (polling with exponential backoff) when
the device disappears or goes quiet.  LED commands are written from the
caller's thread under a lock and re-sent after every ``HELLO`` so a board
that was replugged or rebooted shows the right state again.

Raw button edges from the board go through :class:`PressFilter` like GPIO
edges.  The host stamps an edge with its receive time; when several lines
arrive in one read, their spacing is taken from the board's uptime stamps
(the newest line of the chunk gets the receive time), so a bounce burst that
arrives at once is still seen with its real timing.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

from . import protocol as proto
from .config import HardwareConfig
from .debounce import FilteredButton
from .errors import HardwareError
from .events import PRIMARY, SECONDARY, TOSS_BUTTON, Sink
from .lights import BLINK, CELEBRATE, CELEBRATE_FLASHES, ON, LedStates

log = logging.getLogger(__name__)

#: States reported by :attr:`SerialBoardBackend.status`.
WAITING = "waiting for HELLO"
CONNECTED = "connected"
LOST = "lost, reconnecting"
CLOSED = "closed"


class SerialBoardBackend(LedStates):
    """Buttons and LEDs on a serial board (e.g. a Raspberry Pi Pico)."""

    name = "serial"
    has_hardware = True

    def __init__(
        self,
        config: HardwareConfig,
        sink: Sink,
        *,
        device: str | None = None,
        heartbeat_timeout: float = proto.HEARTBEAT_TIMEOUT_S,
        who_interval: float = 1.0,
        reconnect_min: float = 0.25,
        reconnect_max: float = 2.0,
        read_timeout: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.device = device if device is not None else config.device
        if not self.device:
            raise HardwareError(
                f"backend 'serial' needs a serial device: set hardware.device in {config.origin} "
                "(for example /dev/serial/by-id/usb-...)"
            )
        self._sink = sink
        self._clock = clock
        self._hb_timeout = heartbeat_timeout
        self._who_interval = who_interval
        self._reconnect_min = reconnect_min
        self._reconnect_max = reconnect_max
        self._read_timeout = read_timeout
        self._brightness = round(config.led_brightness * 100)

        self._port_lock = threading.Lock()
        # _led_lock (from _init_leds) is held while changing + sending LED state
        # and while re-sending it after HELLO, so a stale state can never
        # overtake a newer one.
        self._init_leds()
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._status = WAITING
        self.board: proto.Hello | None = None
        self._leds: dict[str, proto.LedCommand] = {
            side: proto.LedCommand(side, "off", self._brightness) for side in ("light", "dark")
        }
        self._buffer = b""
        self._last_rx = 0.0
        self._last_who = 0.0
        self._hello_seen = False
        self._last_uptime: int | None = None

        self._channels: dict[tuple[str, str | None], FilteredButton] = {}
        for button, side in ((PRIMARY, "light"), (PRIMARY, "dark"), (SECONDARY, "light"),
                             (SECONDARY, "dark"), (TOSS_BUTTON, None)):
            source = f"serial {self.device} {button}{'/' + side if side else ''}"
            self._channels[(button, side)] = FilteredButton.for_config(
                config, button, side, sink, source=source, clock=clock)

        # Absent at start: fail loudly, naming the path.
        self._port = self._open_port()
        self._on_open()
        self._thread = threading.Thread(target=self._run, name="tablecup-serial-reader", daemon=True)
        self._thread.start()

    # -- Backend -----------------------------------------------------------
    @property
    def status(self) -> str:
        return self._status

    def describe(self) -> str:
        board = self.board
        if self._status == CONNECTED and board is not None:
            return (
                f"serial board {board.board_id} (firmware {board.firmware}, protocol "
                f"{board.version}) on {self.device}"
            )
        return f"serial board on {self.device} ({self._status})"

    def unwired(self, button: str, side: str | None) -> str | None:
        """Why the board cannot report ``button``, or None if it can."""
        board = self.board
        if button == SECONDARY and board is not None and board.version < 2:
            return (f"board {board.board_id} speaks protocol {board.version}, which has no secondary "
                    "buttons; flash the current firmware")
        return None

    def wait_ready(self, timeout: float) -> bool:
        return self._ready.wait(timeout)

    def close(self) -> None:
        if self._stop.is_set():
            return
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=2.0)
        self._drop_port()
        for channel in self._channels.values():
            channel.close()
        self._ready.clear()
        self._status = CLOSED

    # -- Lights ------------------------------------------------------------
    def _drive(self, side: str, state: str) -> None:
        if state == CELEBRATE:
            cmd = proto.LedCommand(side, "flash", 100, CELEBRATE_FLASHES)
        else:
            cmd = proto.LedCommand(side, state if state in (ON, BLINK) else "off", self._brightness)
        # A counted pattern ends with the LED off; that is what a board that
        # reconnects later should show.
        self._leds[side] = cmd if cmd.count == 0 else proto.LedCommand(side, "off", self._brightness)
        self._send(cmd)

    # -- port handling -------------------------------------------------------
    def _open_port(self):
        import serial

        if not os.path.exists(self.device):
            raise HardwareError(
                f"serial board not found: {self.device} does not exist "
                "(is the board plugged in? check hardware.device)"
            )
        try:
            return serial.Serial(
                self.device,
                baudrate=self.config.baud,
                timeout=self._read_timeout,
                write_timeout=0.5,
                exclusive=True,
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            hint = " (is your user in the 'dialout' group?)" if "ermission" in str(exc) else ""
            raise HardwareError(f"cannot open serial board {self.device}: {exc}{hint}") from exc

    def _on_open(self) -> None:
        now = self._clock()
        self._buffer = b""
        self._last_rx = now
        self._hello_seen = False
        self._status = WAITING
        self._send(proto.Who())
        self._last_who = now

    def _drop_port(self) -> None:
        with self._port_lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:
                log.debug("closing %s failed", self.device, exc_info=True)

    def _lost(self, why: str) -> None:
        log.warning("serial board on %s lost: %s; reconnecting", self.device, why)
        self._drop_port()
        self._ready.clear()
        self._hello_seen = False
        self._status = LOST
        for channel in self._channels.values():
            channel.reset()

    def _send(self, msg) -> None:
        data = proto.encode(msg)
        with self._port_lock:
            port = self._port
            if port is None:
                return
            try:
                port.write(data)
            except (OSError, TypeError) as exc:    # the reader notices the loss and reconnects
                log.warning("serial board on %s: write failed: %s", self.device, exc)

    # -- reader thread -------------------------------------------------------
    def _run(self) -> None:
        backoff = self._reconnect_min
        absent_logged = False
        while not self._stop.is_set():
            port = self._port
            if port is None:
                try:
                    port = self._open_port()
                except HardwareError as exc:
                    if not absent_logged:
                        log.info("%s; retrying", exc)
                        absent_logged = True
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, self._reconnect_max)
                    continue
                if self._stop.is_set():
                    port.close()
                    break
                with self._port_lock:
                    self._port = port
                log.info("serial board device %s opened", self.device)
                backoff = self._reconnect_min
                absent_logged = False
                self._on_open()
            try:
                data = port.read(port.in_waiting or 1)
            except (OSError, TypeError) as exc:    # pyserial's SerialException is an OSError; TypeError on a vanished port
                if self._stop.is_set():
                    break
                self._lost(f"read failed ({exc})")
                continue
            now = self._clock()
            if data:
                try:
                    self._feed(data, now)
                except Exception:  # never let a bug kill the reader
                    log.exception("serial board on %s: error handling input", self.device)
            self._check_alive(now)

    def _check_alive(self, now: float) -> None:
        if self._port is None:
            return
        quiet = now - self._last_rx
        if quiet > self._hb_timeout:
            if self._hello_seen:
                self._lost(f"no heartbeat for {quiet:.1f} s")
            else:
                self._lost(f"no HELLO within {quiet:.1f} s (is the Tablecup firmware running on it?)")
            return
        if not self._hello_seen and now - self._last_who >= self._who_interval:
            self._send(proto.Who())
            self._last_who = now

    def _reject(self, raw: bytes, reason: str) -> None:
        shown = raw[:80] + (b"..." if len(raw) > 80 else b"")
        log.warning("serial board on %s: rejected line %r: %s", self.device, shown, reason)

    def _feed(self, data: bytes, now: float) -> None:
        self._buffer += data
        *lines, rest = self._buffer.split(b"\n")
        if len(rest) > proto.MAX_LINE_LENGTH:
            self._reject(rest, f"line too long (no newline within {proto.MAX_LINE_LENGTH} bytes)")
            rest = b""
        self._buffer = rest

        decoded: list[tuple[bytes, object]] = []
        for raw in lines:
            if not raw.strip(b"\r"):
                continue  # blank lines are not messages; ignore quietly
            try:
                decoded.append((raw, proto.decode(raw)))
            except proto.ProtocolError as exc:
                self._reject(raw, exc.reason)
        stamps = [m.uptime_ms for _, m in decoded if isinstance(m, (proto.Heartbeat, proto.ButtonEdge))]
        newest = max(stamps) if stamps else None
        for raw, msg in decoded:
            self._handle(raw, msg, now, newest)

    def _handle(self, raw: bytes, msg, now: float, newest: int | None) -> None:
        if isinstance(msg, proto.HOST_MESSAGES):
            verb = "WHO" if isinstance(msg, proto.Who) else "LED"
            self._reject(raw, f"host-only verb {verb} sent by the board (port looped back?)")
            return
        if isinstance(msg, proto.Hello):
            self._last_rx = now
            self._hello_seen = True
            self._last_uptime = None
            self.board = msg
            self._status = CONNECTED
            for channel in self._channels.values():
                channel.reset()
            log.info(
                "serial board %s (firmware %s, protocol %d) ready on %s",
                msg.board_id, msg.firmware, msg.version, self.device,
            )
            with self._led_lock:
                for cmd in list(self._leds.values()):
                    self._send(cmd)
            self._ready.set()
            return
        board = self.board
        if not self._hello_seen or board is None:
            self._reject(raw, "no HELLO received yet")
            return
        self._last_rx = now
        if isinstance(msg, proto.Heartbeat):
            if self._last_uptime is not None and msg.uptime_ms < self._last_uptime:
                log.info("serial board on %s restarted (uptime went back)", self.device)
            self._last_uptime = msg.uptime_ms
        elif isinstance(msg, proto.ButtonEdge):
            self._last_uptime = msg.uptime_ms
            at = now
            if newest is not None:
                at = now - min(0.5, max(0.0, (newest - msg.uptime_ms) / 1000.0))
            try:
                button = proto.table_button(board.version, msg)
            except proto.ProtocolError as exc:
                self._reject(raw, exc.reason)
                return
            self._channels[(button, msg.side)].edge(msg.pressed, at)
        elif isinstance(msg, proto.Ack):
            log.debug("serial board on %s acknowledged %s", self.device, msg.verb)
        elif isinstance(msg, proto.BoardError):
            log.warning("serial board on %s reports an error: %s", self.device, msg.message)
