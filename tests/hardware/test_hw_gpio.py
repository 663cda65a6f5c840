"""GPIO backend on gpiozero's MockFactory (MockPin / MockPWMPin).

Button timing reads an injected clock (the test moves it: a press held 50 ms is 50 ms on that
clock however busy the machine is); the LEDs' blinking runs on gpiozero's own threads, so what an
LED did is read from the mock pin's history of values (every value it was set to), waiting for
the blink thread rather than sampling for a fixed time.
"""

import threading
import time

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.config import HardwareConfig
from hardware.errors import HardwareError
from hardware.gpio import GpioBackend


def wait_until(predicate, timeout=2.0, step=0.002):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


class Clock:
    """The buttons' clock, moved by the test."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return Clock()


def values_since(pin, mark):
    """Every value the mock pin has had since ``len(pin.states)`` was ``mark`` (its value then included)."""
    return {s.state for s in pin.states[max(0, mark - 1):]}


def blinks(pin, values, timeout=10.0):
    """True once the pin has taken every one of ``values`` (from now on): the blink thread ran,
    however late a loaded machine let it."""
    mark = len(pin.states)
    return wait_until(lambda: set(values) <= values_since(pin, mark), timeout)


def holds(pin, value, window=0.05, timeout=10.0):
    """True once the pin has kept ``value`` through ``window`` seconds with no change (a blink
    thread being stopped may set it a last time first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        mark = len(pin.states)
        if pin.state == value:
            time.sleep(window)          # a steady LED: nothing happens in the window
            if len(pin.states) == mark and pin.state == value:
                return True
        else:
            time.sleep(0.002)
    return False


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
        """(kind, side) of everything but releases."""
        return [k for k in self.kinds() if not k[0].endswith("_release")]


@pytest.fixture
def make(clock):
    backends = []

    def make_backend(pwm=False, **cfg):
        factory = MockFactory(pin_class=MockPWMPin) if pwm else MockFactory()
        events = Events()
        cfg.setdefault("hold_ms", 150)
        backend = GpioBackend(
            HardwareConfig(**cfg), events, pin_factory=factory, clock=clock,
            blink_half_period=0.01, celebrate_half_period=0.005,
        )
        backends.append(backend)
        return backend, factory, events

    yield make_backend
    for backend in backends:
        backend.close()


def press(pin, clock, hold=0.05):
    """Down for ``hold`` seconds of the buttons' clock, then up for as long (past the debounce time)."""
    pin.drive_low()
    clock.advance(hold)
    pin.drive_high()
    clock.advance(hold)


def test_primary_buttons_press_and_release_on_the_right_side(make, clock):
    backend, factory, events = make()
    factory.pin(17).drive_low()
    assert events.kinds() == [("primary_press", "light")]  # delivered at the press edge
    assert events.items[0].source == "GPIO17"
    clock.advance(0.05)
    factory.pin(17).drive_high()
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    clock.advance(0.05)
    press(factory.pin(27), clock)
    assert events.kinds()[2:] == [("primary_press", "dark"), ("primary_release", "dark")]
    assert events.items[2].source == "GPIO27"
    assert events.items[0].at < events.items[1].at < events.items[2].at


def test_secondary_buttons_on_their_default_pins(make, clock):
    backend, factory, events = make()
    press(factory.pin(23), clock)
    press(factory.pin(24), clock)
    assert events.kinds() == [("secondary_press", "light"), ("secondary_release", "light"),
                              ("secondary_press", "dark"), ("secondary_release", "dark")]
    assert [e.source for e in events.items] == ["GPIO23", "GPIO23", "GPIO24", "GPIO24"]
    assert "secondary light GPIO23, secondary dark GPIO24" in backend.describe()
    assert backend.unwired("secondary", "dark") is None


def test_a_hold_is_one_press_then_one_release_with_the_time_held(make, clock):
    backend, factory, events = make(hold_ms=150)
    pin = factory.pin(17)
    pin.drive_low()
    clock.advance(0.4)            # longer than hold_ms: a side button has no long press
    assert events.kinds() == [("primary_press", "light")]
    pin.drive_high()
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    release = events.items[1]
    assert release.held == pytest.approx(0.4)
    assert release.at == pytest.approx(events.items[0].at + release.held)


def test_secondary_pins_can_be_left_unwired(make, clock):
    backend, factory, events = make(secondary_light=None, secondary_dark=5)
    press(factory.pin(23), clock)  # nothing listens on GPIO23 now
    press(factory.pin(5), clock)
    assert events.kinds() == [("secondary_press", "dark"), ("secondary_release", "dark")]
    assert "secondary light not wired, secondary dark GPIO5" in backend.describe()
    assert "secondary_light = false" in backend.unwired("secondary", "light")


def test_bouncing_press_gives_one_event(make, clock):
    backend, factory, events = make()
    pin = factory.pin(17)
    for _ in range(4):  # chatter, 1 ms between edges
        pin.drive_low()
        clock.advance(0.001)
        pin.drive_high()
        clock.advance(0.001)
    pin.drive_low()
    clock.advance(0.1)  # held
    pin.drive_high()
    clock.advance(0.001)
    pin.drive_low()  # release bounce
    clock.advance(0.001)
    pin.drive_high()
    clock.advance(0.1)
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    # and the filter is not stuck: the next press counts
    pin.drive_low()
    assert events.presses() == [("primary_press", "light")] * 2


def test_toss_short_and_long(make, clock):
    backend, factory, events = make(hold_ms=400)
    toss = factory.pin(22)
    press(toss, clock, 0.05)
    assert events.kinds() == [("toss", None)]
    toss.drive_low()
    clock.advance(0.3)
    assert not wait_until(lambda: len(events.items) > 1, timeout=0.6)   # not yet: 300 of 400 ms held
    clock.advance(0.1)
    assert wait_until(lambda: len(events.items) == 2, timeout=10)      # fires while still held (its timer)
    assert events.kinds()[1] == ("toss_long", None)
    assert events.items[1].held == pytest.approx(0.4)
    assert clock() - events.items[1].at == pytest.approx(0.4)
    toss.drive_high()
    clock.advance(0.05)
    assert events.kinds() == [("toss", None), ("toss_long", None)]


def shows(factory, pin, state, level=0.4):
    """The LED on ``pin`` shows ``state`` ("off", "on" at ``level``, "blink" between the two)."""
    p = factory.pin(pin)
    if state == "blink":
        return blinks(p, (0.0, level))
    return holds(p, {"off": 0.0, "on": level}[state])


def test_set_leds_states_per_side(make):
    """The game-neutral LED API: off, on, blink, celebrate per side; a missing side is off."""
    backend, factory, events = make(pwm=True, led_brightness=0.4)
    light = factory.pin(12)
    backend.set_leds({"light": "blink", "dark": "on"})
    assert shows(factory, 12, "blink") and shows(factory, 13, "on")
    backend.set_leds({"dark": "blink"})
    assert shows(factory, 12, "off") and shows(factory, 13, "blink")
    assert backend.leds_shown == {"light": "off", "dark": "blink"}
    mark = len(light.states)
    backend.set_leds({"light": "celebrate", "dark": "blink"})
    assert wait_until(lambda: not backend.leds["light"].device._source_thread.is_alive(), 10)
    assert 1.0 in values_since(light, mark)                       # full brightness
    backend.set_leds({"light": "celebrate", "dark": "blink"})     # asked again: played once, stays off
    assert shows(factory, 12, "off")
    backend.set_leds(None)
    assert shows(factory, 12, "off") and shows(factory, 13, "off")
    with pytest.raises(ValueError, match="LED state for dark must be one of off, on, blink, celebrate"):
        backend.set_leds({"dark": "disco"})
    with pytest.raises(ValueError, match="LED side must be 'light' or 'dark'"):
        backend.set_leds({0: "on"})


def test_an_unchanged_blink_keeps_its_rhythm(make):
    backend, factory, events = make(pwm=True, led_brightness=0.4)
    backend.set_leds({"light": "blink"})
    thread = backend.leds["light"].device._source_thread
    backend.set_leds({"light": "blink", "dark": "on"})            # only dark changes
    assert backend.leds["light"].device._source_thread is thread


def test_leds_without_pwm(make):
    backend, factory, events = make(pwm=False)
    light, dark = backend.leds["light"], backend.leds["dark"]
    assert not light.pwm and not dark.pwm
    backend.set_leds({"light": "on", "dark": "blink"})
    assert light.device.is_lit
    assert blinks(factory.pin(13), (True, False))
    assert holds(factory.pin(12), True)                     # steady
    backend.all_off()
    assert holds(factory.pin(12), False)
    assert holds(factory.pin(13), False)
    backend.set_leds({})
    assert not light.device.is_lit and not dark.device.is_lit


def test_pwm_leds_use_brightness(make):
    backend, factory, events = make(pwm=True, led_brightness=0.4)
    assert backend.leds["light"].pwm and backend.leds["dark"].pwm
    assert "PWM" in backend.describe()
    backend.set_leds({"light": "on", "dark": "blink"})
    assert factory.pin(12).state == pytest.approx(0.4)
    assert backend.leds["light"].device.value == pytest.approx(0.4)
    assert shows(factory, 13, "blink")                      # blinks at brightness
    backend.set_leds({"dark": "on"})
    assert shows(factory, 13, "on") and shows(factory, 12, "off")
    backend.set_leds({"dark": "blink"})
    assert shows(factory, 13, "blink")
    backend.all_off()
    assert factory.pin(12).state == 0 and shows(factory, 13, "off")


def test_celebrate_flashes_winner_then_ends_off(make):
    backend, factory, events = make(pwm=True, led_brightness=0.3)
    backend.set_leds({"light": "on", "dark": "blink"})
    dark = factory.pin(13)
    mark = len(dark.states)
    backend.set_leds({"dark": "celebrate"})
    assert factory.pin(12).state == 0.0
    # 15 flashes x 10 ms: over quickly in this test, and ends off
    assert wait_until(lambda: not backend.leds["dark"].device._source_thread.is_alive(), 10)
    flashes = [s.state for s in dark.states[mark:]]
    assert flashes.count(1.0) == 15                          # full-brightness flashes, every one
    assert dark.state == 0.0
    with pytest.raises(ValueError):
        backend.set_leds({"blue": "celebrate"})


def test_active_high_buttons_with_pull_down(make, clock):
    backend, factory, events = make(active_high=True, pull_up=False)
    pin = factory.pin(27)
    assert pin.state is False or pin.state == 0  # pulled down
    pin.drive_high()
    assert events.kinds() == [("primary_press", "dark")]
    clock.advance(0.04)
    pin.drive_low()
    assert events.kinds() == [("primary_press", "dark"), ("primary_release", "dark")]


def test_busy_pin_gives_hardware_error_and_releases_others():
    factory = MockFactory()
    blocker = LED(27, pin_factory=factory)
    with pytest.raises(HardwareError, match="GPIO27 \\(primary dark button\\)"):
        GpioBackend(HardwareConfig(), lambda e: None, pin_factory=factory)
    blocker.close()
    # the failed attempt released GPIO17, so a new backend can open everything
    backend = GpioBackend(HardwareConfig(), lambda e: None, pin_factory=factory)
    backend.close()


def test_close_is_idempotent_and_stops_events(make):
    backend, factory, events = make()
    backend.close()
    backend.close()
    factory.pin(17).drive_low()
    assert events.kinds() == []
