"""The backend interface shared by gpio, serial and keyboard backends."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .events import check_side

#: Flag-possession LED blink: half period in seconds (on 0.5 s, off 0.5 s).
BLINK_HALF_PERIOD_S = 0.5
#: celebrate(): the winner's LED flashes this many times ...
CELEBRATE_FLASHES = 15
#: ... with this half period (0.1 s on, 0.1 s off -> 3 s in total).
CELEBRATE_HALF_PERIOD_S = 0.1


@runtime_checkable
class Lights(Protocol):
    """LED output API common to all backends.  Calls return immediately."""

    def show(self, flag_side: str | None, attacker_side: str | None) -> None:
        """Show the game state.

        The LED of ``flag_side`` (the side holding the flag) is lit steadily;
        the LED of ``attacker_side`` blinks while that side must reveal.  If
        both name the same side, blinking wins.  A side named by neither is
        off; ``None`` means "nobody".
        """

    def all_off(self) -> None:
        """Both LEDs off (between matches)."""

    def celebrate(self, side: str) -> None:
        """Short win pattern: the winner's LED flashes quickly for ~3 s at
        full brightness, the other LED is off; afterwards both are off.
        Any later show()/all_off() replaces it immediately."""


@runtime_checkable
class Backend(Lights, Protocol):
    #: "gpio", "serial", "keyboard" or "none".
    name: str
    #: False for keyboard/none: there is nothing to test or wire.
    has_hardware: bool

    def describe(self) -> str:
        """One line for humans, e.g. "Raspberry Pi GPIO (reveal GPIO17/GPIO27, ...)"."""

    def wait_ready(self, timeout: float) -> bool:
        """Wait until inputs can arrive (serial: board said HELLO)."""

    def close(self) -> None:
        """Release pins / port and stop threads.  Idempotent."""


def led_plan(flag_side: str | None, attacker_side: str | None) -> dict[str, str]:
    """Map show() arguments to ``{"light": mode, "dark": mode}`` with mode
    ``"on"``, ``"blink"`` or ``"off"``."""
    check_side(flag_side, "flag_side")
    check_side(attacker_side, "attacker_side")
    plan = {"light": "off", "dark": "off"}
    if flag_side is not None:
        plan[flag_side] = "on"
    if attacker_side is not None:
        plan[attacker_side] = "blink"
    return plan


class KeyboardBackend:
    """No hardware: the kiosk reads keys and touch itself.

    LEDs are no-ops (the last requested state is kept in ``lights_state`` for
    debugging); there is no input thread and the sink is never called.
    """

    has_hardware = False

    def __init__(self, reason: str = "", *, name: str = "keyboard") -> None:
        self.name = name
        self.reason = reason
        self.lights_state: dict[str, str] = {"light": "off", "dark": "off"}

    def describe(self) -> str:
        if self.name == "none":
            text = "no hardware inputs or LEDs (backend = none)"
        else:
            text = "keyboard and touch only"
        return f"{text} ({self.reason})" if self.reason else text

    def show(self, flag_side: str | None, attacker_side: str | None) -> None:
        self.lights_state = led_plan(flag_side, attacker_side)

    def all_off(self) -> None:
        self.lights_state = {"light": "off", "dark": "off"}

    def celebrate(self, side: str) -> None:
        if side not in ("light", "dark"):
            raise ValueError(f"side must be 'light' or 'dark', got {side!r}")
        self.lights_state = {"light": "off", "dark": "off", side: "celebrate"}

    def wait_ready(self, timeout: float) -> bool:
        return True

    def close(self) -> None:
        pass
