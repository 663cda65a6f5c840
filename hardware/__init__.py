"""Tablecup hardware layer: the table's buttons and LEDs, game-neutral.

Per side a primary and a secondary button (press and release events), one
shared toss button (short and long press), and one LED per side showing
``off``, ``on``, ``blink`` or ``celebrate``.  What they mean is the game's
business (Challengers!: the primary press reveals, the LEDs follow the flag).

A leaf package: it imports nothing from the rest of Tablecup.

Typical use (the kiosk)::

    from hardware import load_config, open_backend

    backend = open_backend(load_config(path), sink)   # sink(ButtonEvent), called from backend threads
    print(backend.describe())
    backend.set_leds({"light": "on", "dark": "blink"})
    backend.key_down("a")    # keyboard backends only: keys stand in for the buttons
    ...
    backend.close()

The events (:class:`ButtonEvent`, ``kind`` / ``side`` / ``at`` / ``source`` / ``held``):

=====================  =========  ==============================================
kind                   side       when
=====================  =========  ==============================================
``primary_press``      light/dark the side's primary button went down
``primary_release``    light/dark ... came up again (``held``: seconds down)
``secondary_press``    light/dark the side's secondary button went down
``secondary_release``  light/dark ... came up again
``toss``               None       the toss button, pressed briefly (at release)
``toss_long``          None       the toss button, held ``hold_ms`` (while held)
=====================  =========  ==============================================

A release is only ever reported after its press (a button held at start-up
reports nothing until it is pressed again), and a serial backend that loses
its board while a side button is down reports that button's release then.
``REVEAL`` is another name of ``PRIMARY_PRESS`` (Challengers' reveal).
"""

from .backend import open_backend, raspberry_pi_model
from .base import KEYS, Backend, KeyboardBackend, Lights
from .config import HardwareConfig, config_from_mapping, load_config
from .debounce import FilteredButton, PressFilter
from .errors import ConfigError, HardwareError
from .events import (
    DARK,
    LIGHT,
    PRIMARY,
    PRIMARY_PRESS,
    PRIMARY_RELEASE,
    REVEAL,
    SECONDARY,
    SECONDARY_PRESS,
    SECONDARY_RELEASE,
    TOSS,
    TOSS_BUTTON,
    TOSS_LONG,
    ButtonEvent,
    Sink,
)
from .lights import BLINK, CELEBRATE, LED_STATES, OFF, ON, led_states
from .selftest import EventQueue, run_selftest, selftest_from_config

__all__ = [
    "BLINK",
    "CELEBRATE",
    "DARK",
    "KEYS",
    "LED_STATES",
    "LIGHT",
    "OFF",
    "ON",
    "PRIMARY",
    "PRIMARY_PRESS",
    "PRIMARY_RELEASE",
    "REVEAL",
    "SECONDARY",
    "SECONDARY_PRESS",
    "SECONDARY_RELEASE",
    "TOSS",
    "TOSS_BUTTON",
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
    "led_states",
    "load_config",
    "open_backend",
    "raspberry_pi_model",
    "run_selftest",
    "selftest_from_config",
]
