"""kiosk.hardware_link with the serial board backend on a real pseudo-terminal:
the test plays the board (BTN lines in, LED commands out), the real controller
and the real Kivy clock do the rest."""

import os
import select
import tempfile
import time

# Kivy reads these when it is first imported; do not leak them to other tests' child processes.
_KIVY_ENV = {k: v for k, v in {"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                               "KIVY_HOME": tempfile.mkdtemp(prefix="kivy-home-")}.items() if k not in os.environ}
os.environ.update(_KIVY_ENV)

import pytest  # noqa: E402
from kivy.clock import Clock  # noqa: E402

for _k in _KIVY_ENV:
    os.environ.pop(_k, None)

import cards  # noqa: E402
from engine.challengers.library import load  # noqa: E402
from hardware import HardwareConfig  # noqa: E402
from hardware import protocol as p  # noqa: E402
from kiosk.games.challengers.board import state_dump  # noqa: E402
from kiosk_helpers import challengers_table, saved_actions  # noqa: E402
from kiosk.hardware_link import HardwareLink  # noqa: E402
from kiosk.store import Store  # noqa: E402

SIDE = ("light", "dark")


def pump(until=lambda: False, timeout=1.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        Clock.tick()
        if until():
            return True
    return until()


class Board:
    """The board's end of a pty pair; keeps the last LED command per side."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self.buf = b""
        self.leds = {}
        self.uptime = 1000

    def send(self, *fields):
        os.write(self.master, p.frame(*fields))

    def edge(self, button, side, down, dt_ms=50):
        self.uptime += dt_ms
        self.send("BTN", button, side or "-", "down" if down else "up", self.uptime)

    def read(self, timeout=0.0):
        """Read what the host sent so far (waiting up to ``timeout`` for something)."""
        msgs = []
        deadline = time.monotonic() + timeout
        while True:
            ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                break
            self.buf += os.read(self.master, 4096)
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                msg = p.decode(line + b"\n")
                msgs.append(msg)
                if isinstance(msg, p.LedCommand):
                    self.leds[msg.side] = msg.mode
            deadline = time.monotonic()       # then only what is already there
        return msgs

    def close(self):
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def setup(tmp_path):
    lib = load(cards)
    c = challengers_table(lib, Store(tmp_path / "k.db"),
                          schedule=lambda fn, d: Clock.schedule_once(lambda dt: fn(), d), bot_delay=0.01)
    board = Board()
    link = HardwareLink(c, current_screen=lambda: "match")
    link.open(HardwareConfig(backend="serial", device=board.path, hold_ms=400),
              serial_options={"who_interval": 0.05})
    assert link.backend.name == "serial"
    assert any(isinstance(m, p.Who) for m in board.read(2.0))
    board.send("HELLO", 1, "pico-test", "1.0")
    assert link.backend.wait_ready(3.0)
    yield c, link, board
    link.close()
    board.close()


def test_serial_board_buttons_and_leds(setup):
    """A board with firmware 1.0 (protocol 1, 'reveal' buttons) plays Challengers as before."""
    c, link, board = setup
    c.new_game(("Light", "Dark"), seed=5)
    while c.match is None:
        s = c.active_deck_side()
        dp = c.deck_phase_at(s)
        {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
         "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
    m = c.match
    pump(timeout=0.05)
    board.read(0.2)
    assert board.leds == {"light": "off", "dark": "off"}
    # toss: short press, delivered at release
    board.edge("toss", None, True)
    board.edge("toss", None, False, dt_ms=100)
    assert pump(lambda: m.expect[0] == "reveal")
    side = m.expect[1]
    board.read(0.2)
    assert board.leds == {SIDE[side]: "blink", SIDE[1 - side]: "off"}
    # a bouncing reveal (edges 1 ms apart on the board's clock): one card
    decks = [len(s.deck) for s in m.sides]
    n = len(c.t.actions)
    board.edge("reveal", SIDE[side], True)
    board.edge("reveal", SIDE[side], False, dt_ms=1)
    board.edge("reveal", SIDE[side], True, dt_ms=1)
    assert pump(lambda: len(c.t.actions) > n)
    pump(timeout=0.1)
    board.edge("reveal", SIDE[side], False, dt_ms=80)
    pump(timeout=0.1)
    assert c.t.actions[n:] == [("match", c.park, "reveal", side)]
    assert [len(s.deck) for s in m.sides][side] == decks[side] - 1
    board.read(0.2)
    if m.expect == ("reveal", 1 - side):
        assert board.leds == {SIDE[side]: "on", SIDE[1 - side]: "blink"}   # the flag went to `side`
        wrong = side
    else:
        wrong = 1 - m.expect[1] if m.expect[0] == "reveal" else None
    # the wrong side presses: nothing
    if wrong is not None:
        before = state_dump(c.t)
        board.edge("reveal", SIDE[wrong], True, dt_ms=100)
        board.edge("reveal", SIDE[wrong], False, dt_ms=80)
        pump(timeout=0.15)
        assert state_dump(c.t) == before
        assert link.ignored[-1][0].side == SIDE[wrong]


def test_protocol_2_board_hold_and_unplug_while_held(tmp_path):
    """Secondary buttons and releases reach the app's door for buttons; a board unplugged while
    a button is held releases it (a hand shown while the button is held is hidden again)."""
    lib = load(cards)
    c = challengers_table(lib, Store(tmp_path / "k.db"),
                          schedule=lambda fn, d: Clock.schedule_once(lambda dt: fn(), d), bot_delay=0.01)
    board = Board()
    side_buttons = []

    def door(half, button, pressed):
        """The app's door: the primary press is refused (no game), the rest are taken."""
        side_buttons.append((half, button, pressed))
        return not (button == "primary" and pressed)

    link = HardwareLink(c, current_screen=lambda: "match", table_button=door)
    link.open(HardwareConfig(backend="serial", device=board.path, hold_ms=400),
              serial_options={"who_interval": 0.05, "reconnect_min": 0.05, "reconnect_max": 0.1})
    try:
        assert any(isinstance(m, p.Who) for m in board.read(2.0))
        board.send("HELLO", 2, "pico-two", "2.0")
        assert link.backend.wait_ready(3.0)
        board.edge("secondary", "dark", True)
        board.edge("secondary", "dark", False, dt_ms=120)
        assert pump(lambda: len(side_buttons) == 2)
        assert side_buttons == [(1, "secondary", True), (1, "secondary", False)]
        board.edge("primary", "light", True)          # held: no game running, the reveal is refused ...
        assert pump(lambda: len(link.ignored) == 1)
        assert link.ignored[-1][0].kind == "primary_press"
        board.close()                                  # ... and the board is unplugged while it is held
        assert pump(lambda: len(side_buttons) == 4, timeout=3.0)
        assert side_buttons[-1] == (0, "primary", False)
    finally:
        link.close()
