"""The backend interface shared by gpio, serial and keyboard backends."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from .debounce import FilteredButton
from .events import PRIMARY, SECONDARY, TOSS_BUTTON, Sink
from .lights import LedStates


@runtime_checkable
class Lights(Protocol):
    """LED output API common to all backends.  Calls return immediately."""

    def set_leds(self, states: Mapping[str, str] | None) -> None:
        """Show ``{side: state}`` with state ``off``, ``on``, ``blink`` or
        ``celebrate`` (see :mod:`hardware.lights`); a side left out is off.
        A side whose state does not change is left alone."""

    def all_off(self) -> None:
        """Both LEDs off (between games)."""


@runtime_checkable
class Backend(Lights, Protocol):
    #: "gpio", "serial", "keyboard" or "none".
    name: str
    #: False for keyboard/none: there is nothing to test or wire.
    has_hardware: bool

    def describe(self) -> str:
        """One line for humans, e.g. "Raspberry Pi GPIO (primary light GPIO17, ...)"."""

    def unwired(self, button: str, side: str | None) -> str | None:
        """Why ``button`` (``"primary"``, ``"secondary"``, ``"toss"``) of
        ``side`` cannot give events, or None if it can."""

    def wait_ready(self, timeout: float) -> bool:
        """Wait until inputs can arrive (serial: board said HELLO)."""

    def close(self) -> None:
        """Release pins / port and stop threads.  Idempotent."""


#: The keyboard's table buttons: ``a``/``l`` are the light/dark primary buttons
#: (the keys Challengers has always used to reveal), ``s``/``k`` the secondary
#: buttons beside them (the kiosk's keys for them too), space the toss button.
KEYS: dict[str, tuple[str, str | None]] = {
    "a": (PRIMARY, "light"),
    "s": (SECONDARY, "light"),
    "l": (PRIMARY, "dark"),
    "k": (SECONDARY, "dark"),
    " ": (TOSS_BUTTON, None),
}


def key_name(key: str | int) -> str | None:
    """A key as Kivy reports it -- the text of ``on_key_down`` (``"a"``,
    ``" "``, ``"spacebar"``) or the key code of ``on_key_down``/``on_key_up``
    (97, 32) -- as a character of :data:`KEYS`, or None."""
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        key = chr(key) if 32 <= key < 127 else ""
    if not isinstance(key, str):
        return None
    key = " " if key == "spacebar" else key.lower()
    return key if key in KEYS else None


class KeyboardBackend(LedStates):
    """No wired hardware: keys stand in for the buttons, LEDs are not there.

    With a ``sink``, :meth:`key_down` and :meth:`key_up` turn the keys of
    :data:`KEYS` into the same button events as the wired backends (press and
    release of the side buttons, short and long toss), through the same
    filter: a key held down repeats nothing.  LEDs are no-ops (the last
    requested state is kept in ``lights_state`` for debugging).
    """

    has_hardware = False

    def __init__(self, reason: str = "", *, name: str = "keyboard", sink: Sink | None = None,
                 config=None, clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.reason = reason
        self._init_leds()
        self.lights_state: dict[str, str] = self.leds_shown
        self._channels: dict[str, FilteredButton] = {}
        if sink is not None:
            if config is None:
                from .config import HardwareConfig

                config = HardwareConfig()
            for key, (button, side) in KEYS.items():
                source = f"key {'space' if key == ' ' else key!r}"
                self._channels[key] = FilteredButton.for_config(config, button, side, sink,
                                                                source=source, clock=clock)

    def describe(self) -> str:
        if self.name == "none":
            text = "no hardware inputs or LEDs (backend = none)"
        else:
            text = "keyboard and touch only"
        return f"{text} ({self.reason})" if self.reason else text

    def key_down(self, key: str | int) -> bool:
        """A key went down (or repeats); True if it is one of the table's buttons."""
        return self._key(key, True)

    def key_up(self, key: str | int) -> bool:
        """A key went up; True if it is one of the table's buttons."""
        return self._key(key, False)

    def _key(self, key: str | int, down: bool) -> bool:
        channel = self._channels.get(key_name(key) or "")
        if channel is None:
            return False
        channel.edge(down)
        return True

    def unwired(self, button: str, side: str | None) -> str | None:
        if self._channels:
            return None
        return "no keys: this keyboard backend was opened without a sink"

    def _drive(self, side: str, state: str) -> None:
        self.lights_state = {**self.lights_state, side: state}

    def wait_ready(self, timeout: float) -> bool:
        return True

    def close(self) -> None:
        for channel in self._channels.values():
            channel.close()
