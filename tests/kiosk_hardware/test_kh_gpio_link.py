"""kiosk.hardware_link with the real controller, the real Kivy clock and the real
GPIO backend on gpiozero's MockFactory (MockPWMPin LEDs).

Pins are driven from a worker thread, as gpiozero's callback thread would;
the test's main thread runs the Kivy clock (``Clock.tick()``).
"""

import logging
import os
import tempfile
import threading
import time

# Kivy reads these when it is first imported; do not leak them to other tests' child processes.
_KIVY_ENV = {k: v for k, v in {"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                               "KIVY_HOME": tempfile.mkdtemp(prefix="kivy-home-")}.items() if k not in os.environ}
os.environ.update(_KIVY_ENV)

import pytest  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402
from kivy.clock import Clock  # noqa: E402

for _k in _KIVY_ENV:
    os.environ.pop(_k, None)

import cards  # noqa: E402
from engine.challengers.library import load  # noqa: E402
from hardware import HardwareConfig, KeyboardBackend  # noqa: E402
from hardware.gpio import GpioBackend  # noqa: E402
from engine.game import Action  # noqa: E402
from kiosk.games.challengers.board import state_dump  # noqa: E402
from kiosk_helpers import challengers_table, saved_actions  # noqa: E402
from kiosk.hardware_link import HardwareLink  # noqa: E402
from kiosk.store import Store  # noqa: E402

PIN = {"light": 17, "dark": 27, "toss": 22, "led_light": 12, "led_dark": 13,
       "secondary_light": 23, "secondary_dark": 24}
SIDE = ("light", "dark")


# ---------------------------------------------------------------------- helpers
@pytest.fixture(scope="module")
def lib():
    return load(cards)


def pump(until=lambda: False, timeout=1.0):
    """Run the Kivy clock until ``until()`` or ``timeout``; returns until()."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        Clock.tick()
        if until():
            return True
    return until()


def in_thread(fn):
    """Run ``fn`` in another thread (like gpiozero's callback thread) and wait for it."""
    th = threading.Thread(target=fn)
    th.start()
    th.join(5)
    assert not th.is_alive()


def press(pin, hold=0.04):
    def go():
        pin.drive_low()
        time.sleep(hold)
        pin.drive_high()
    in_thread(go)


def values_since(pin, mark):
    """Every value the mock pin has had since ``len(pin.states)`` was ``mark`` (its value then
    included): a mock pin keeps the history of the values it was set to."""
    return {round(float(st.state), 3) for st in pin.states[max(0, mark - 1):]}


def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()


def led_shows(pin, state, window=0.06):
    """The LED shows ``state``: "blink" once the pin has been both off and lit from now on (the
    blink thread ran, however late a loaded machine let it); "on" / "off" once it has kept that
    value through ``window`` seconds (a blink thread being stopped may set it a last time)."""
    if state == "blink":
        mark = len(pin.states)
        return wait_until(lambda: {0.0, 1.0} <= values_since(pin, mark))
    value = {"on": 1.0, "off": 0.0}[state]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        mark = len(pin.states)
        if round(float(pin.state), 3) == value:
            time.sleep(window)          # a steady LED: nothing happens in the window
            if len(pin.states) == mark:
                return True
        else:
            time.sleep(0.002)
    return False


def leds_shown(pins, plan):
    """``plan`` (side -> "on", "off" or "blink") where each side's LED shows its state; where one
    does not, what its pin did instead."""
    return {side: state if led_shows(pins[side], state) else f"not {state}: {sorted(values_since(pins[side], 0))}"
            for side, state in plan.items()}


class Rig:
    def __init__(self, lib, tmp_path, fast_blink=False, door=False, clock=None, **cfg):
        """``door``: the link has the app's one door for buttons (``table_button``), which
        records every event in :attr:`side_buttons` (a game that uses them all: hold to look, a
        second button)."""
        self.c = challengers_table(lib, Store(tmp_path / "k.db"),
                                   schedule=lambda fn, d: Clock.schedule_once(lambda dt: fn(), d), bot_delay=0.01)
        self.screen = "home"
        self.operator_opened = 0
        self.threads = set()
        self.c.listeners.append(lambda c, ev: self.threads.add(threading.current_thread().name))
        self.side_buttons = []
        self.link = HardwareLink(self.c, current_screen=lambda: self.screen, open_operator=self._operator,
                                 table_button=self._door if door else None)
        self.factory = MockFactory(pin_class=MockPWMPin)
        config = HardwareConfig(backend="gpio", **cfg)
        if fast_blink:     # the same GpioBackend open_backend makes, with quick blinks to sample
            self.link.use(GpioBackend(config, self.link.sink, pin_factory=self.factory,
                                      blink_half_period=0.01, celebrate_half_period=0.005))
        elif clock is not None:     # the same, its edges timed by the test's clock
            self.link.use(GpioBackend(config, self.link.sink, pin_factory=self.factory, clock=clock))
        else:
            self.link.open(config, pin_factory=self.factory)
        assert self.link.backend.name == "gpio", self.link.status

    def _operator(self):
        self.operator_opened += 1

    def _door(self, half, button, pressed):
        self.threads.add(threading.current_thread().name)
        self.side_buttons.append((half, button, pressed))
        return True

    def pin(self, name):
        return self.factory.pin(PIN[name])

    def leds_shown(self, plan):
        return leds_shown({side: self.pin("led_" + side) for side in SIDE}, plan)

    def close(self):
        self.link.close()

    def n_actions(self):
        return len(self.c.t.actions)

    def start_match(self, seed=5):
        """A two-player game, Deck Phase done through the controller (touch), match waiting for the toss."""
        c = self.c
        c.new_game(("Light", "Dark"), seed=seed)
        self.screen = "deck"
        for _ in range(500):
            if c.match is not None:
                break
            s = c.active_deck_side()
            dp = c.deck_phase_at(s)
            {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
             "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
        assert c.match is not None and c.match.expect == ("toss", None)
        self.screen = "match"
        return c.match

    def toss(self):
        n = self.n_actions()
        press(self.pin("toss"))
        assert pump(lambda: self.n_actions() > n)
        assert self.c.match.expect[0] == "reveal"

    def reveals(self, side):
        return sum(1 for a in self.c.t.actions if a[0] == "match" and a[2] == "reveal" and a[3] == side)


@pytest.fixture
def rig(lib, tmp_path):
    rigs = []

    def make(**kw):
        (tmp_path / str(len(rigs))).mkdir(exist_ok=True)
        r = Rig(lib, tmp_path / str(len(rigs)), **kw)
        rigs.append(r)
        return r

    (tmp_path / "0").mkdir()
    (tmp_path / "1").mkdir()
    yield make
    for r in rigs:
        r.close()


# ---------------------------------------------------------------------- tests
def test_a_press_reveals_one_card_on_the_right_side(rig):
    r = rig()
    m = r.start_match()
    r.toss()
    side = m.expect[1]
    decks = [len(s.deck) for s in m.sides]
    n = r.n_actions()
    press(r.pin(SIDE[side]))
    assert pump(lambda: r.n_actions() > n)
    pump(timeout=0.1)
    assert r.c.t.actions[n:] == [("match", r.c.park, "reveal", side)]
    assert [len(s.deck) for s in m.sides] == [decks[0] - (side == 0), decks[1] - (side == 1)]
    assert saved_actions(r.c.store, r.c.game_id)[-1] == Action(m.players[side], "match.reveal")   # on disk too
    assert r.threads == {threading.main_thread().name}          # controller only touched on the Kivy thread
    assert not r.link.ignored


def test_each_button_maps_to_its_side(rig):
    """GPIO17 is light (0) and GPIO27 dark (1): whichever side begins, its own button reveals."""
    for seed in range(1, 40):
        r = rig() if seed == 1 else r
        m = r.start_match(seed=seed)
        r.toss()
        side = m.expect[1]
        if side == 1:
            break
    n = r.n_actions()
    press(r.pin("dark"))
    assert pump(lambda: r.n_actions() > n)
    assert r.c.t.actions[n] == ("match", r.c.park, "reveal", 1)


class HeldClock:
    """The backend's clock: ``time.monotonic``, except while the test holds it (:meth:`chatter`),
    when it reads the times the test gives its edges."""

    def __init__(self) -> None:
        self.held: float | None = None

    def __call__(self) -> float:
        return time.monotonic() if self.held is None else self.held

    def chatter(self, pin, levels, gap=0.001):
        """Drive ``levels`` ``gap`` apart on this clock, however long the machine takes between them."""
        self.held = time.monotonic()
        for level in levels:
            self.held += gap
            pin.drive_low() if level == 0 else pin.drive_high()
        while time.monotonic() < self.held:       # handed back to the real clock, never backwards
            time.sleep(0.0005)
        self.held = None


def test_a_bouncing_press_reveals_once(rig):
    """Contacts chattering 1 ms apart, on press and on release, make one press.  The edges are
    timed on the backend's clock by the test, so a loaded machine, which can stretch a 1 ms sleep
    past the whole debounce time, still chatters within it."""
    clock = HeldClock()
    r = rig(clock=clock)
    m = r.start_match()
    r.toss()
    side = m.expect[1]
    pin = r.pin(SIDE[side])
    n = r.n_actions()
    events_before = r.link.handled + len(r.link.ignored)

    def bouncy():
        clock.chatter(pin, (0, 1, 0, 1, 0, 1, 0))
        time.sleep(0.06)                           # held down past the debounce time: a press
        clock.chatter(pin, (1, 0, 1, 0, 1))
    in_thread(bouncy)
    assert pump(lambda: r.reveals(side) == 1, timeout=5)
    pump(timeout=0.3)                              # and nothing more comes of the chatter
    assert r.link.handled + len(r.link.ignored) == events_before + 1, r.link.ignored   # one button event reached the kiosk
    assert r.c.t.actions[n:n + 1] == [("match", r.c.park, "reveal", side)]
    assert r.reveals(side) == 1


def test_a_press_at_the_wrong_time_does_nothing_and_is_not_kept(rig, caplog):
    caplog.set_level(logging.INFO, logger="tablecup.kiosk.hardware")
    r = rig()
    # Deck Phase: no match, reveal buttons do nothing.
    r.c.new_game(("Light", "Dark"), seed=5)
    r.screen = "deck"
    before = state_dump(r.c.t)
    press(r.pin("light"))
    press(r.pin("dark"))
    pump(timeout=0.1)
    assert state_dump(r.c.t) == before
    assert len(r.link.ignored) == 2
    # The match waits for the toss: reveals do nothing.
    m = r.start_match()
    before = state_dump(r.c.t)
    press(r.pin("light"))
    press(r.pin("dark"))
    pump(timeout=0.1)
    assert state_dump(r.c.t) == before
    r.toss()
    side = m.expect[1]
    other = 1 - side
    # The side that must not reveal presses: nothing changes, it is logged.
    before = state_dump(r.c.t)
    n_ignored = len(r.link.ignored)
    press(r.pin(SIDE[other]))
    pump(timeout=0.1)
    assert state_dump(r.c.t) == before
    assert len(r.link.ignored) == n_ignored + 1
    event, why = r.link.ignored[-1]
    assert (event.kind, event.side) == ("primary_press", SIDE[other]) and "not a legal action" in why
    assert f"{SIDE[other].upper()} side primary button, pressed (GPIO{PIN[SIDE[other]]}) ignored" in caplog.text
    # ... and it is never played later, even once that side is expected.
    n = r.n_actions()
    press(r.pin(SIDE[side]))
    assert pump(lambda: r.n_actions() > n)
    pump(timeout=0.15)
    assert r.reveals(other) == 0
    assert r.reveals(side) == 1


def test_an_event_the_kiosk_could_not_handle_in_time_is_dropped(rig):
    r = rig()
    m = r.start_match()
    r.toss()
    side = m.expect[1]
    r.link.stale_after = 0.05
    n = r.n_actions()
    in_thread(lambda: r.pin(SIDE[side]).drive_low())   # posted to the clock ...
    time.sleep(0.1)                                      # ... but the kiosk is busy for 100 ms
    pump(timeout=0.1)
    r.pin(SIDE[side]).drive_high()
    assert r.n_actions() == n
    assert "stale" in r.link.ignored[-1][1]


def test_toss_long_on_home_opens_the_operator_prompt_and_tosses_in_a_match(rig):
    r = rig(hold_ms=150)
    r.screen = "home"
    in_thread(lambda: r.pin("toss").drive_low())
    assert pump(lambda: r.operator_opened == 1, timeout=1.0)       # while still held
    r.pin("toss").drive_high()
    pump(timeout=0.1)
    assert r.operator_opened == 1
    r.screen = "operator"                                          # held again on the operator screen: nothing
    press(r.pin("toss"), hold=0.25)
    pump(timeout=0.1)
    assert r.operator_opened == 1 and r.link.ignored[-1][0].kind == "toss_long"
    # In a match a long press is still a toss (once: the release adds nothing).
    m = r.start_match()
    n = r.n_actions()
    press(r.pin("toss"), hold=0.25)
    assert pump(lambda: r.n_actions() > n)
    pump(timeout=0.1)
    assert r.n_actions() == n + 1 and m.expect[0] == "reveal"
    assert r.operator_opened == 1


def expected_leds(m):
    """From the engine itself: holder lit, the side that must reveal or choose blinking, others
    off (the match's sides sit on the halves of its players)."""
    plan = {"light": "off", "dark": "off"}
    if m.holder is not None:
        plan[SIDE[m.players[m.holder]]] = "on"
    if m.expect[0] in ("reveal", "choose"):
        plan[SIDE[m.players[m.expect[1]]]] = "blink"
    return plan


def test_leds_follow_the_flag_through_a_whole_match(rig):
    r = rig(fast_blink=True)
    off = {"light": "off", "dark": "off"}
    assert r.leds_shown(off) == off                                # home: nothing
    m = r.start_match()
    assert r.leds_shown(off) == off                                # waiting for the toss
    r.toss()
    assert r.leds_shown(expected_leds(m)) == expected_leds(m) and "blink" in expected_leds(m).values()
    steps, holders = 0, set()
    while m.winner is None:
        kind, side = m.expect
        n = r.n_actions()
        marks = {s: len(r.pin("led_" + s).states) for s in SIDE}   # the LEDs' history from this move on
        if kind == "reveal":
            press(r.pin(SIDE[side]), hold=0.035)
        elif kind == "choose":
            r.c.submit(m.pending.player, "match.choose", 0)                     # a touch on the screen
        else:
            raise AssertionError(f"unexpected {m.expect}")
        assert pump(lambda: r.n_actions() > n), m.expect
        steps += 1
        if m.winner is None:
            holders.add(m.holder)
            assert r.leds_shown(expected_leds(m)) == expected_leds(m), (steps, m.holder, m.expect)
        assert steps < 200
    assert holders == {0, 1}, "the flag changed hands during the match"
    # The win: the winner's LED flashes quickly (its history since the winning move), the loser's
    # is off, then both are off by themselves once the celebration has played.
    winner = SIDE[m.players[m.winner]]
    assert wait_until(lambda: {0.0, 1.0} <= values_since(r.pin("led_" + winner), marks[winner]))
    assert r.leds_shown(off) == off
    # Between matches (result acknowledged, next Deck Phase): off.
    r.c.ack_result()
    pump(timeout=0.05)
    assert r.leds_shown(off) == off


def test_close_releases_the_pins_and_stops_following(rig):
    r = rig()
    m = r.start_match()
    r.toss()
    side = m.expect[1]
    r.link.close()
    assert r.link.follow not in r.c.listeners
    n = r.n_actions()
    r.pin(SIDE[side]).drive_low()
    pump(timeout=0.1)
    assert r.n_actions() == n
    r.link.close()                                                  # idempotent


# ---------------------------------------------------------------------- primary / secondary, press / release
def test_challengers_secondary_button_tosses_and_releases_mean_nothing(rig):
    """Challengers!' buttons: primary = reveal, secondary = toss (as the shared toss button);
    a secondary press when no toss is expected is refused, releases change nothing."""
    r = rig()
    m = r.start_match()
    n = r.n_actions()
    press(r.pin("secondary_dark"))                                # the flag toss, from either side
    assert pump(lambda: r.n_actions() > n)
    assert r.c.t.actions[n:] == [("match", r.c.park, "toss")] and m.expect[0] == "reveal"
    pump(timeout=0.1)
    before = state_dump(r.c.t)
    press(r.pin("secondary_light"))                               # no toss expected now
    pump(timeout=0.1)
    assert state_dump(r.c.t) == before
    assert len(r.link.ignored) == 1 and "toss" in r.link.ignored[0][1]
    assert r.link.unrouted == 2                                   # the two releases: left alone, quietly
    side = m.expect[1]
    n = r.n_actions()
    press(r.pin(SIDE[side]))
    assert pump(lambda: r.n_actions() > n)
    pump(lambda: r.link.unrouted == 3, timeout=0.3)               # the primary release
    assert r.link.unrouted == 3 and r.n_actions() == n + 1 and len(r.link.ignored) == 1


def test_the_app_door_gets_every_press_and_release(rig):
    """With the app's one door (``table_button``), every side-button event goes through it --
    press and release, primary and secondary -- on the Kivy thread, and nothing else acts."""
    r = rig(door=True)
    m = r.start_match()
    r.c.submit(None, "match.toss")
    side = m.expect[1]
    n = r.n_actions()
    in_thread(lambda: r.pin(SIDE[side]).drive_low())              # held ...
    assert pump(lambda: r.side_buttons == [(side, "primary", True)])
    in_thread(lambda: r.pin(SIDE[side]).drive_high())             # ... released
    assert pump(lambda: r.side_buttons == [(side, "primary", True), (side, "primary", False)])
    press(r.pin("secondary_dark"))
    assert pump(lambda: len(r.side_buttons) == 4)
    assert r.side_buttons[2:] == [(1, "secondary", True), (1, "secondary", False)]
    assert r.n_actions() == n                                     # the door decides, not the link
    assert r.threads == {threading.main_thread().name}


def test_a_release_is_never_dropped_as_stale(rig):
    """Whatever a hold shows must end, even if the kiosk was busy when the button came up."""
    r = rig(door=True)
    r.link.stale_after = 0.05
    press(r.pin("secondary_light"))
    time.sleep(0.1)                                               # the kiosk is busy for 100 ms
    pump(lambda: len(r.side_buttons) == 1, timeout=0.2)
    assert r.side_buttons == [(0, "secondary", False)]          # the press was dropped, the release was not
    assert "stale" in r.link.ignored[-1][1] and r.link.ignored[-1][0].kind == "secondary_press"


def test_a_game_neutral_lights_mapping_goes_to_the_leds(rig):
    r = rig(fast_blink=True)
    wanted = {0: "blink", 1: "on"}
    r.c.lights = lambda: dict(wanted)                             # what a game's lights() will return
    r.link.follow(r.c)
    assert r.leds_shown({"light": "blink", "dark": "on"}) == {"light": "blink", "dark": "on"}
    wanted.clear()
    wanted.update({"dark": "blink"})
    r.link.follow(r.c)
    assert r.leds_shown({"light": "off", "dark": "blink"}) == {"light": "off", "dark": "blink"}


class RecordingBackend(KeyboardBackend):
    """No hardware; remembers every LED change it was asked to make."""

    def __init__(self):
        super().__init__("test")
        self.drives = []

    def _drive(self, side, state):
        super()._drive(side, state)
        self.drives.append((side, state))


class Wins:
    """Just enough of a controller for the LEDs: its lights() as a game's KIOSK.lights says them."""

    def __init__(self):
        self.listeners = []
        self.states = ("off", "off")

    def lights(self):
        return self.states


def test_a_celebration_plays_to_its_end_and_a_new_win_plays_it_again():
    c = Wins()
    link = HardwareLink(c)
    backend = RecordingBackend()
    link.use(backend)
    c.states = ("off", "celebrate")
    link.follow(c)
    c.states = ("off", "off")                                      # the next Deck Phase: let it play
    link.follow(c)
    assert backend.drives == [("dark", "celebrate")]
    c.states = ("off", "celebrate")                                # the next match won by the same side
    link.follow(c)
    assert backend.drives == [("dark", "celebrate"), ("dark", "off"), ("dark", "celebrate")]
    link.follow(c)                                                 # the same win again: nothing new
    assert len(backend.drives) == 3
    c.states = ("blink", "on")                                     # the game goes on: the win is over
    link.follow(c)
    assert backend.drives[3:] == [("light", "blink"), ("dark", "on")]


def test_a_parks_leds_follow_the_same_lights_as_the_local_table(lib, tmp_path):
    """A park of a café tournament (its match played locally from the coordinator's spec):
    the LEDs come from the same KIOSK.lights, over the observation of the park's match, to the
    winner's celebration and off once the result is acknowledged."""
    from park_store import first_match_spec, park_store

    from kiosk.games.challengers.park import library_data
    from kiosk.park import ParkController
    store, _ = park_store(tmp_path / "k.db", first_match_spec(lib))
    pc = ParkController(store, data_for=library_data(lib))
    park, board = pc.table, pc.board
    factory = MockFactory(pin_class=MockPWMPin)
    link = HardwareLink(board, current_screen=lambda: "match")
    link.use(GpioBackend(HardwareConfig(backend="gpio"), link.sink, pin_factory=factory,
                         blink_half_period=0.01, celebrate_half_period=0.005))
    pins = {side: factory.pin(PIN["led_" + side]) for side in SIDE}
    off = {"light": "off", "dark": "off"}
    try:
        m = park.current().match
        assert leds_shown(pins, off) == off                     # waiting for the toss
        press(factory.pin(PIN["toss"]))
        assert pump(lambda: m.expect[0] == "reveal")
        steps = 0
        while m.winner is None:
            kind, side = m.expect
            n = len(park.actions)
            marks = {s: len(pins[s].states) for s in SIDE}       # the LEDs' history from this move on
            if kind == "reveal":
                press(factory.pin(PIN[SIDE[side]]), hold=0.035)
            else:
                board.submit(side, "match.choose", 0)
            assert pump(lambda: len(park.actions) > n), m.expect
            if m.winner is None:
                assert leds_shown(pins, expected_leds(m)) == expected_leds(m), (steps, m.holder, m.expect)
            steps += 1
            assert steps < 200
        assert board.result is not None and board.lights()[m.winner] == "celebrate"
        winner = SIDE[m.winner]
        assert wait_until(lambda: {0.0, 1.0} <= values_since(pins[winner], marks[winner]))   # it flashed
        assert leds_shown(pins, off) == off                     # played once, off by itself
    finally:
        link.close()
