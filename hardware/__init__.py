"""Tablecup hardware layer: reveal/toss buttons and flag LEDs.

A leaf package: it imports nothing from the rest of Tablecup.

Typical use (the kiosk)::

    from hardware import load_config, open_backend

    backend = open_backend(load_config(path), sink)   # sink(ButtonEvent), called from backend threads
    print(backend.describe())
    backend.show(flag_side="light", attacker_side="dark")
    ...
    backend.close()
"""

from .backend import open_backend, raspberry_pi_model
from .base import Backend, KeyboardBackend, Lights
from .config import HardwareConfig, config_from_mapping, load_config
from .debounce import FilteredButton, PressFilter
from .errors import ConfigError, HardwareError
from .events import DARK, LIGHT, REVEAL, TOSS, TOSS_LONG, ButtonEvent, Sink
from .selftest import EventQueue, run_selftest, selftest_from_config

__all__ = [
    "DARK",
    "LIGHT",
    "REVEAL",
    "TOSS",
    "TOSS_LONG",
    "Backend",
    "ButtonEvent",
    "ConfigError",
    "EventQueue",
    "FilteredButton",
    "HardwareConfig",
    "HardwareError",
    "KeyboardBackend",
    "Lights",
    "PressFilter",
    "Sink",
    "config_from_mapping",
    "load_config",
    "open_backend",
    "raspberry_pi_model",
    "run_selftest",
    "selftest_from_config",
]
