"""GPIO backend on gpiozero's MockFactory (MockPin / MockPWMPin)."""

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


def observed_values(pin, duration=0.15, step=0.002):
    seen = set()
    deadline = time.monotonic() + duration
    while time.monotonic() < deadline:
        seen.add(pin.state)
        time.sleep(step)
    return seen


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
def make():
    backends = []

    def make_backend(pwm=False, **cfg):
        factory = MockFactory(pin_class=MockPWMPin) if pwm else MockFactory()
        events = Events()
        cfg.setdefault("hold_ms", 150)
        backend = GpioBackend(
            HardwareConfig(**cfg), events, pin_factory=factory,
            blink_half_period=0.01, celebrate_half_period=0.005,
        )
        backends.append(backend)
        return backend, factory, events

    yield make_backend
    for backend in backends:
        backend.close()


def press(pin, hold=0.05):
    pin.drive_low()
    time.sleep(hold)
    pin.drive_high()


def test_primary_buttons_press_and_release_on_the_right_side(make):
    backend, factory, events = make()
    factory.pin(17).drive_low()
    assert events.kinds() == [("primary_press", "light")]  # delivered at the press edge
    assert events.items[0].source == "GPIO17"
    time.sleep(0.05)
    factory.pin(17).drive_high()
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    press(factory.pin(27))
    time.sleep(0.05)
    assert events.kinds()[2:] == [("primary_press", "dark"), ("primary_release", "dark")]
    assert events.items[2].source == "GPIO27"
    assert events.items[0].at < events.items[1].at < events.items[2].at


def test_secondary_buttons_on_their_default_pins(make):
    backend, factory, events = make()
    press(factory.pin(23))
    press(factory.pin(24))
    assert events.kinds() == [("secondary_press", "light"), ("secondary_release", "light"),
                              ("secondary_press", "dark"), ("secondary_release", "dark")]
    assert [e.source for e in events.items] == ["GPIO23", "GPIO23", "GPIO24", "GPIO24"]
    assert "secondary light GPIO23, secondary dark GPIO24" in backend.describe()
    assert backend.unwired("secondary", "dark") is None


def test_a_hold_is_one_press_then_one_release_with_the_time_held(make):
    backend, factory, events = make(hold_ms=150)
    pin = factory.pin(17)
    pin.drive_low()
    time.sleep(0.4)               # longer than hold_ms: a side button has no long press
    assert events.kinds() == [("primary_press", "light")]
    pin.drive_high()
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    release = events.items[1]
    assert 0.39 <= release.held < 1.0
    assert release.at == pytest.approx(events.items[0].at + release.held)


def test_secondary_pins_can_be_left_unwired(make):
    backend, factory, events = make(secondary_light=None, secondary_dark=5)
    press(factory.pin(23))        # nothing listens on GPIO23 now
    press(factory.pin(5))
    assert events.kinds() == [("secondary_press", "dark"), ("secondary_release", "dark")]
    assert "secondary light not wired, secondary dark GPIO5" in backend.describe()
    assert "secondary_light = false" in backend.unwired("secondary", "light")


def test_bouncing_press_gives_one_event(make):
    backend, factory, events = make()
    pin = factory.pin(17)
    for _ in range(4):  # chatter within a couple of ms
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    time.sleep(0.1)  # held
    pin.drive_high()
    pin.drive_low()  # release bounce
    pin.drive_high()
    time.sleep(0.1)
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    # and the filter is not stuck: the next press counts
    pin.drive_low()
    assert events.presses() == [("primary_press", "light")] * 2


def test_toss_short_and_long(make):
    backend, factory, events = make(hold_ms=400)
    toss = factory.pin(22)
    press(toss, 0.05)
    assert events.kinds() == [("toss", None)]
    toss.drive_low()
    assert wait_until(lambda: len(events.items) == 2)  # fires while still held
    assert events.kinds()[1] == ("toss_long", None)
    held_for = time.monotonic() - events.items[1].at
    assert held_for >= 0.399
    toss.drive_high()
    time.sleep(0.05)
    assert events.kinds() == [("toss", None), ("toss_long", None)]


def led_seen(factory, pin, duration=0.05):
    seen = observed_values(factory.pin(pin), duration)
    return {frozenset({0.0}): "off", frozenset({0.4}): "on", frozenset({0.0, 0.4}): "blink"}.get(frozenset(seen), seen)


def test_set_leds_states_per_side(make):
    """The game-neutral LED API: off, on, blink, celebrate per side; a missing side is off."""
    backend, factory, events = make(pwm=True, led_brightness=0.4)
    backend.set_leds({"light": "blink", "dark": "on"})
    assert (led_seen(factory, 12, 0.1), led_seen(factory, 13)) == ("blink", "on")
    backend.set_leds({"dark": "blink"})
    assert (led_seen(factory, 12), led_seen(factory, 13, 0.1)) == ("off", "blink")
    assert backend.leds_shown == {"light": "off", "dark": "blink"}
    backend.set_leds({"light": "celebrate", "dark": "blink"})
    assert 1.0 in observed_values(factory.pin(12), 0.05, 0.001)   # full brightness
    assert wait_until(lambda: not backend.leds["light"].device._source_thread.is_alive(), 2.0)
    backend.set_leds({"light": "celebrate", "dark": "blink"})     # asked again: played once, stays off
    assert led_seen(factory, 12) == "off"
    backend.set_leds(None)
    assert (led_seen(factory, 12), led_seen(factory, 13)) == ("off", "off")
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
    backend.show("light", "dark")
    assert light.device.is_lit
    assert observed_values(factory.pin(13)) == {True, False}  # blinking
    assert observed_values(factory.pin(12), 0.05) == {True}  # steady
    backend.all_off()
    assert observed_values(factory.pin(12), 0.05) == {False}
    assert observed_values(factory.pin(13), 0.05) == {False}
    backend.show(None, None)
    assert not light.device.is_lit and not dark.device.is_lit


def test_pwm_leds_use_brightness(make):
    backend, factory, events = make(pwm=True, led_brightness=0.4)
    assert backend.leds["light"].pwm and backend.leds["dark"].pwm
    assert "PWM" in backend.describe()
    backend.show("light", "dark")
    assert factory.pin(12).state == pytest.approx(0.4)
    assert backend.leds["light"].device.value == pytest.approx(0.4)
    assert observed_values(factory.pin(13)) == {0.0, 0.4}  # blinks at brightness
    backend.show("dark", None)  # flag moves, nobody attacks
    assert observed_values(factory.pin(13), 0.05) == {0.4}
    assert observed_values(factory.pin(12), 0.05) == {0.0}
    backend.show("dark", "dark")  # same side: blinking wins
    assert observed_values(factory.pin(13)) == {0.0, 0.4}
    backend.all_off()
    assert factory.pin(12).state == 0 and observed_values(factory.pin(13), 0.05) == {0.0}


def test_celebrate_flashes_winner_then_ends_off(make):
    backend, factory, events = make(pwm=True, led_brightness=0.3)
    backend.show("light", "dark")
    backend.celebrate("dark")
    assert factory.pin(12).state == 0.0
    seen = observed_values(factory.pin(13), 0.06, 0.001)
    assert 1.0 in seen and 0.0 in seen  # full-brightness flashes
    # 15 flashes x 10 ms: over quickly in this test, and ends off
    assert wait_until(lambda: not backend.leds["dark"].device._source_thread.is_alive(), 2.0)
    assert factory.pin(13).state == 0.0
    with pytest.raises(ValueError):
        backend.celebrate("blue")


def test_active_high_buttons_with_pull_down(make):
    backend, factory, events = make(active_high=True, pull_up=False)
    pin = factory.pin(27)
    assert pin.state is False or pin.state == 0  # pulled down
    pin.drive_high()
    assert events.kinds() == [("primary_press", "dark")]
    time.sleep(0.04)
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
