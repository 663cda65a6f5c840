"""LED states: one small state per side, the same for every backend.

A game says what each side's LED shows (its ``lights()``); the kiosk passes
that to :meth:`LedStates.set_leds`::

    backend.set_leds({"light": "on", "dark": "blink"})

States:

``off``        dark.
``on``         lit steadily at ``led_brightness``.
``blink``      0.5 s on, 0.5 s off at ``led_brightness``.
``celebrate``  a short win pattern: fast flashes at full brightness for about
               3 s, then off by itself.

A side left out of the mapping is off.  ``set_leds`` is idempotent: a side
whose state does not change is left alone, so a blink keeps its rhythm and a
celebration is played once however often it is asked for.

``all_off()`` is ``set_leds({})``, for the kiosk between games.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from .events import SIDES

OFF = "off"
ON = "on"
BLINK = "blink"
CELEBRATE = "celebrate"
LED_STATES = (OFF, ON, BLINK, CELEBRATE)

#: Blink: half period in seconds (on 0.5 s, off 0.5 s).
BLINK_HALF_PERIOD_S = 0.5
#: Celebrate: the LED flashes this many times ...
CELEBRATE_FLASHES = 15
#: ... with this half period (0.1 s on, 0.1 s off -> 3 s in total).
CELEBRATE_HALF_PERIOD_S = 0.1


def led_states(states: Mapping[str, str] | None) -> dict[str, str]:
    """Check a ``{side: state}`` mapping and complete it: ``{"light": .., "dark": ..}``.

    Raises ValueError naming the bad side or state (TypeError if not a mapping)."""
    if states is None:
        states = {}
    if not isinstance(states, Mapping):
        raise TypeError(f"LED states must be a mapping of side to state, got {states!r}")
    full = {side: OFF for side in SIDES}
    for side, state in states.items():
        if side not in SIDES:
            raise ValueError(f"LED side must be 'light' or 'dark', got {side!r}")
        if state not in LED_STATES:
            raise ValueError(f"LED state for {side} must be one of {', '.join(LED_STATES)}, got {state!r}")
        full[side] = state
    return full



class LedStates:
    """The lights API of every backend, written once.

    A backend calls :meth:`_init_leds` in its constructor and implements
    ``_drive(side, state)``, which makes one LED show one state (called only
    when that side's state changes, under a lock)."""

    def _init_leds(self) -> None:
        self._led_lock = threading.RLock()
        self._led_state = {side: OFF for side in SIDES}

    @property
    def leds_shown(self) -> dict[str, str]:
        """The state each LED was last asked to show."""
        with self._led_lock:
            return dict(self._led_state)

    def set_leds(self, states: Mapping[str, str] | None) -> None:
        """Show ``{side: state}`` (a side left out is off).  Returns at once."""
        want = led_states(states)
        with self._led_lock:
            for side in SIDES:
                if want[side] != self._led_state[side]:
                    self._drive(side, want[side])
                    self._led_state[side] = want[side]

    def all_off(self) -> None:
        """Both LEDs off."""
        self.set_leds({})

    def _drive(self, side: str, state: str) -> None:  # pragma: no cover - every backend has one
        raise NotImplementedError
