"""Serial board backend against a real pseudo-terminal.

The test plays the board on the pty master; the backend opens the slave path
with pyserial exactly as it would open /dev/ttyACM0.
"""

import logging
import os
import select
import threading
import time
from functools import reduce

import pytest

from hardware import protocol as p
from hardware.config import HardwareConfig
from hardware.errors import HardwareError
from hardware.serial_board import CONNECTED, LOST, SerialBoardBackend

LOGGER = "hardware.serial_board"


def xor_hex(body):
    return format(reduce(lambda a, b: a ^ b, body.encode(), 0), "02X")


#: How long a test waits for what the host does by itself (a loaded machine is slow, never this slow).
WAIT = 30.0


def wait_until(predicate, timeout=WAIT, step=0.005):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


class FakeBoard:
    """The board side of a pty pair."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self._buf = b""
        self.closed = False

    def send(self, *bodies):
        """Lines written at once: the host reads them in one go, spaced by their uptime stamps
        (not by when a loaded machine let each one through)."""
        self.send_raw(b"".join(f"${body}*{xor_hex(body)}\n".encode() for body in bodies))

    def send_raw(self, data):
        os.write(self.master, data)

    def hello(self, board_id="pico-test", version=2):
        self.send(f"HELLO,{version},{board_id},{version}.0")

    def read_line(self, timeout=WAIT):
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no line from host within {timeout}s (have {self._buf!r})")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                self._buf += os.read(self.master, 4096)
        line, self._buf = self._buf.split(b"\n", 1)
        return line + b"\n"

    def read_message(self, timeout=WAIT):
        return p.decode(self.read_line(timeout))

    def expect(self, wanted, timeout=WAIT):
        """Read host messages until ``wanted`` (skipping others); return the skipped ones."""
        skipped = []
        deadline = time.monotonic() + timeout
        while True:
            msg = self.read_message(max(0.01, deadline - time.monotonic()))
            if msg == wanted:
                return skipped
            skipped.append(msg)

    def close(self):
        if not self.closed:
            self.closed = True
            os.close(self.master)
            os.close(self.slave)


class Events:
    def __init__(self):
        self.items = []
        self.lock = threading.Lock()

    def __call__(self, event):
        with self.lock:
            self.items.append(event)

    def kinds(self):
        with self.lock:
            return [(e.kind, e.side) for e in self.items]

    def presses(self):
        return [k for k in self.kinds() if not k[0].endswith("_release")]


FAST = dict(heartbeat_timeout=5.0, who_interval=0.1, reconnect_min=0.02, reconnect_max=0.1)


@pytest.fixture
def boards():
    made = []

    def make():
        board = FakeBoard()
        made.append(board)
        return board

    yield make
    for board in made:
        board.close()


@pytest.fixture
def backends():
    made = []

    def make(device, events=None, config=None, **options):
        opts = dict(FAST)
        opts.update(options)
        config = config or HardwareConfig(backend="serial", device=device, hold_ms=500, led_brightness=0.8)
        backend = SerialBoardBackend(config, events if events is not None else Events(), device=device, **opts)
        made.append(backend)
        return backend

    yield make
    for backend in made:
        backend.close()


def connect(board, backend, version=2):
    assert board.read_message() == p.Who()
    board.hello(version=version)
    assert backend.wait_ready(WAIT)
    # after HELLO the host re-sends the current LED state
    assert board.read_message() == p.LedCommand("light", "off", 80)
    assert board.read_message() == p.LedCommand("dark", "off", 80)


def test_hello_and_button_events(boards, backends):
    board = boards()
    events = Events()
    backend = backends(board.path, events)
    assert "waiting for HELLO" in backend.describe()
    connect(board, backend)
    assert backend.status == CONNECTED
    assert backend.describe() == f"serial board pico-test (firmware 2.0, protocol 2) on {board.path}"

    board.send("BTN,primary,dark,down,1000")
    assert wait_until(lambda: events.kinds() == [("primary_press", "dark")])
    assert events.items[0].source == f"serial {board.path} primary/dark"
    board.send("BTN,primary,dark,up,1100")
    assert wait_until(lambda: len(events.items) == 2)
    assert events.kinds()[1] == ("primary_release", "dark")
    board.send("HB,2000")
    board.send("BTN,secondary,light,down,2100")
    board.send("BTN,secondary,dark,down,2150")
    assert wait_until(lambda: len(events.items) == 4)
    time.sleep(0.05)
    board.send("BTN,secondary,light,up,2400")
    assert wait_until(lambda: len(events.items) == 5)
    assert events.kinds()[2:] == [("secondary_press", "light"), ("secondary_press", "dark"),
                                  ("secondary_release", "light")]
    assert events.items[2].source == f"serial {board.path} secondary/light"
    assert backend.unwired("secondary", "light") is None


def test_a_version_1_board_still_works_and_has_no_secondary_buttons(boards, backends, caplog):
    """Firmware 1.0 says 'reveal': that is the primary button."""
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    board = boards()
    events = Events()
    backend = backends(board.path, events)
    connect(board, backend, version=1)
    assert "protocol 1" in backend.describe()
    board.send("BTN,reveal,light,down,1000")
    board.send("BTN,secondary,light,down,1010")      # not a version-1 button
    board.send("BTN,reveal,light,up,1200")
    assert wait_until(lambda: len(events.items) == 2)
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    assert events.items[0].source == f"serial {board.path} primary/light"
    assert any("'secondary' is not in protocol version 1" in m for m in rejected(caplog))
    assert "protocol 1, which has no secondary buttons" in backend.unwired("secondary", "dark")


def test_bounce_burst_from_board_is_one_press(boards, backends):
    board = boards()
    events = Events()
    backend = backends(board.path, events)
    connect(board, backend)
    burst = ["down", "up", "down", "up", "down"]
    board.send_raw(b"".join(
        f"$BTN,primary,light,{s},{5000 + i}*{xor_hex(f'BTN,primary,light,{s},{5000 + i}')}\n".encode()
        for i, s in enumerate(burst)
    ))
    assert wait_until(lambda: len(events.items) == 1)
    time.sleep(0.1)                            # the release comes later than the debounce window (at least)
    board.send("BTN,primary,light,up,5300",
               "BTN,primary,light,down,5301",  # release bounce
               "BTN,primary,light,up,5302")
    time.sleep(0.1)                            # past the debounce window, should it report anything late
    # the lines are read in order: once another button's press is in, the bounce's lines all were
    board.send("BTN,primary,dark,down,6000")
    assert wait_until(lambda: len(events.items) >= 3)
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light"), ("primary_press", "dark")]


def test_toss_short_and_long(boards, backends):
    board = boards()
    events = Events()
    backend = backends(board.path, events)
    connect(board, backend)
    board.send("BTN,toss,-,down,100", "BTN,toss,-,up,150")     # 50 ms apart by the board's clock
    assert wait_until(lambda: events.kinds() == [("toss", None)])
    board.send("BTN,toss,-,down,1000")
    # hold_ms = 500: toss_long arrives while the button is still down
    assert wait_until(lambda: len(events.items) == 2)
    assert events.kinds()[1] == ("toss_long", None)
    board.send("BTN,toss,-,up,1500")
    # its release says nothing more: once a later press is in, the release was read
    board.send("BTN,primary,dark,down,2000")
    assert wait_until(lambda: len(events.items) >= 3)
    assert events.kinds() == [("toss", None), ("toss_long", None), ("primary_press", "dark")]


def test_led_commands_reach_the_board(boards, backends):
    board = boards()
    backend = backends(board.path)
    connect(board, backend)
    backend.set_leds({"light": "on", "dark": "blink"})
    assert board.read_message() == p.LedCommand("light", "on", 80)
    assert board.read_message() == p.LedCommand("dark", "blink", 80)
    backend.set_leds({"light": "blink"})
    assert board.read_message() == p.LedCommand("light", "blink", 80)
    assert board.read_message() == p.LedCommand("dark", "off", 80)
    backend.set_leds({"dark": "celebrate"})
    assert board.read_message() == p.LedCommand("light", "off", 80)
    assert board.read_message() == p.LedCommand("dark", "flash", 100, 15)
    backend.all_off()                          # light is off already: only dark changes
    assert board.read_message() == p.LedCommand("dark", "off", 80)
    backend.set_leds({"light": "on", "dark": "blink"})
    assert board.read_message() == p.LedCommand("light", "on", 80)
    assert board.read_message() == p.LedCommand("dark", "blink", 80)
    backend.set_leds({"light": "on", "dark": "blink"})     # the same again: nothing is sent
    backend.set_leds({"light": "celebrate", "dark": "blink"})
    assert board.read_message() == p.LedCommand("light", "flash", 100, 15)
    board.send("ACK,LED")  # optional acknowledgements are accepted quietly


def rejected(caplog):
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and "rejected line" in r.getMessage()]


def test_bad_lines_are_rejected_with_reasons_and_reader_survives(boards, backends, caplog):
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    board = boards()
    events = Events()
    backend = backends(board.path, events)
    assert board.read_message() == p.Who()
    board.send("BTN,reveal,light,down,1")  # before HELLO
    assert wait_until(lambda: any("no HELLO received yet" in m for m in rejected(caplog)))
    connect(board, backend)

    board.send_raw(b"\x00\xff\xfe garbage \x81\n")
    board.send_raw(b"hello there\n")
    board.send_raw(b"$HB,15000*13\n")  # wrong checksum (12 is right)
    board.send_raw(b"$BTN,reveal,li\n")  # truncated
    board.send("FOO,1,2")  # unknown verb
    board.send("BTN,primary,purple,down,5")
    board.send("LED,light,on,100")  # host-only verb coming back
    board.send_raw(b"$" + b"X" * 300)  # no newline at all
    board.send_raw(b"\n")
    board.send("BTN,reveal,dark,down,19000")  # a version-1 name from a version-2 board
    board.send("BTN,primary,dark,down,20000")  # still works afterwards
    assert wait_until(lambda: events.kinds() == [("primary_press", "dark")])

    messages = rejected(caplog)
    expected = [
        "not ASCII",
        "does not start with '$'",
        "bad checksum: line says 13, computed 12",
        "no '*' checksum separator (truncated line?)",
        "unknown verb 'FOO'",
        "primary button needs side light or dark",
        "host-only verb LED",
        "button 'reveal' is not in protocol version 2",
        "line too long",
    ]
    for reason in expected:
        assert any(reason in m for m in messages), (reason, messages)
    assert all(board.path in m for m in messages)
    assert all(r.levelno == logging.WARNING for r in caplog.records if "rejected line" in r.getMessage())
    assert backend.status == CONNECTED


def test_reconnects_when_device_disappears_and_returns(boards, backends, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    link = tmp_path / "tablecup-board"
    first = boards()
    os.symlink(first.path, link)
    events = Events()
    backend = backends(str(link), events)
    connect(first, backend)
    backend.set_leds({"light": "on"})
    assert first.read_message() == p.LedCommand("light", "on", 80)   # dark is off already
    first.send("BTN,primary,light,down,10")
    assert wait_until(lambda: len(events.items) == 1)

    first.close()  # unplugged while the primary button was still "down"
    assert wait_until(lambda: backend.status == LOST)
    # ... so the button is reported released: a hand shown while it is held is hidden again
    assert wait_until(lambda: len(events.items) == 2)
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    assert not backend.wait_ready(0)
    assert "lost" in backend.describe()

    second = boards()  # plugged back in: a new tty behind the same stable path
    tmp_link = tmp_path / "tablecup-board.new"
    os.symlink(second.path, tmp_link)
    os.replace(tmp_link, link)
    assert second.read_message() == p.Who()       # the reconnect polls every 0.1 s at most here
    second.hello("pico-again")
    assert backend.wait_ready(WAIT)
    assert "pico-again" in backend.describe()
    # the LED state is restored on the new board
    assert second.read_message() == p.LedCommand("light", "on", 80)
    assert second.read_message() == p.LedCommand("dark", "off", 80)
    # a fresh press is not swallowed by the "down" seen before the loss
    second.send("BTN,primary,light,down,50")
    assert wait_until(lambda: len(events.items) == 3)
    assert events.presses() == [("primary_press", "light"), ("primary_press", "light")]
    assert any("lost" in r.getMessage() for r in caplog.records if r.name == LOGGER)


class SteppedClock:
    """The host's clock, moved on by the test only."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_missing_heartbeats_mean_board_lost(boards, backends, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    board = boards()
    clock = SteppedClock()
    backend = backends(board.path, heartbeat_timeout=0.4, clock=clock)
    connect(board, backend)
    for i in range(8):  # a heartbeat every 0.1 s of the host's clock keeps it alive (0.8 s in all)
        clock.now += 0.1
        board.send(f"HB,{1000 + i * 100}")
        assert wait_until(lambda: backend._last_rx == clock.now)     # read at this time
    assert backend.status == CONNECTED
    # now the board hangs: half a second without a heartbeat, the host gives up on it and re-opens the port
    clock.now += 0.5
    assert board.expect(p.Who()) == []
    assert any("no heartbeat" in r.getMessage() for r in caplog.records)
    board.hello()
    assert backend.wait_ready(WAIT)


def test_who_is_repeated_until_hello(boards, backends):
    board = boards()
    backend = backends(board.path, who_interval=0.05)
    assert board.read_message() == p.Who()
    assert board.read_message() == p.Who()
    assert not backend.wait_ready(0)


def test_absent_device_names_the_path(tmp_path):
    missing = str(tmp_path / "ttyACM9")
    with pytest.raises(HardwareError, match=f"{missing} does not exist"):
        SerialBoardBackend(HardwareConfig(device=missing), lambda e: None)


def test_serial_without_device_explains_the_key():
    with pytest.raises(HardwareError, match="hardware.device"):
        SerialBoardBackend(HardwareConfig(backend="serial"), lambda e: None)
