"""The keyboard backend: keys stand in for the table's buttons (down and up)."""

import threading
import time

import pytest

from hardware import KEYS, HardwareConfig, KeyboardBackend, open_backend
from hardware.base import key_name


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


@pytest.fixture
def keyboard():
    made = []

    def make(**cfg):
        events = Events()
        cfg.setdefault("hold_ms", 150)
        backend = open_backend(HardwareConfig(backend="keyboard", **cfg), events)
        made.append(backend)
        return backend, events

    yield make
    for backend in made:
        backend.close()


def test_keys_give_press_and_release_of_each_side_button(keyboard):
    kb, events = keyboard()
    assert isinstance(kb, KeyboardBackend) and not kb.has_hardware
    for key in ("a", "s", "l", "k"):
        assert kb.key_down(key)
        time.sleep(0.035)                      # past debounce_ms
        assert kb.key_up(ord(key))             # Kivy's on_key_up gives the key code
        time.sleep(0.035)
    assert events.kinds() == [
        ("primary_press", "light"), ("primary_release", "light"),
        ("secondary_press", "light"), ("secondary_release", "light"),
        ("primary_press", "dark"), ("primary_release", "dark"),
        ("secondary_press", "dark"), ("secondary_release", "dark"),
    ]
    assert events.items[0].source == "key 'a'"
    assert not kb.key_down("x") and not kb.key_up(27)   # not a table button: the kiosk keeps it
    assert len(events.items) == 8


def test_a_held_key_repeats_nothing(keyboard):
    kb, events = keyboard()
    kb.key_down("a")
    for _ in range(20):                         # the system's key repeat while held
        kb.key_down("a")
        time.sleep(0.005)
    kb.key_up("a")
    assert events.kinds() == [("primary_press", "light"), ("primary_release", "light")]
    assert events.items[1].held >= 0.09


def test_space_is_the_toss_button_short_and_long(keyboard):
    kb, events = keyboard(hold_ms=120)
    kb.key_down(" ")
    time.sleep(0.04)
    kb.key_up(32)
    assert events.kinds() == [("toss", None)]
    kb.key_down("spacebar")
    deadline = time.monotonic() + 2
    while len(events.items) < 2 and time.monotonic() < deadline:   # arrives while the key is down
        time.sleep(0.005)
    kb.key_up(" ")
    assert events.kinds() == [("toss", None), ("toss_long", None)]


def test_key_names():
    assert key_name("A") == "a" and key_name(97) == "a" and key_name(32) == " "
    assert key_name("spacebar") == " "
    assert key_name(273) is None and key_name("escape") is None and key_name(True) is None
    assert set(KEYS) == {"a", "s", "l", "k", " "}


def test_without_a_sink_keys_do_nothing_and_leds_are_kept_for_debugging():
    kb = KeyboardBackend("no Raspberry Pi GPIO found")
    assert not kb.key_down("a")
    assert kb.unwired("primary", "light")
    kb.set_leds({"light": "blink"})
    assert kb.lights_state == {"light": "blink", "dark": "off"}
    kb.set_leds({"dark": "celebrate"})
    assert kb.lights_state == {"light": "off", "dark": "celebrate"}
    kb.close()
