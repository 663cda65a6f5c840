"""The input event type that every backend delivers to its sink."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: Event kinds.
REVEAL = "reveal"
TOSS = "toss"
TOSS_LONG = "toss_long"
KINDS = (REVEAL, TOSS, TOSS_LONG)

#: The two sides of a park.
LIGHT = "light"
DARK = "dark"
SIDES = (LIGHT, DARK)


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """One accepted physical button press.

    ``kind``   -- ``"reveal"``, ``"toss"`` (short press) or ``"toss_long"``
                  (toss held for at least ``hold_ms``).
    ``side``   -- ``"light"``/``"dark"`` for reveal buttons, ``None`` for the
                  shared toss button.
    ``at``     -- ``time.monotonic()`` of the accepted press edge (for a toss
                  too, even though it is delivered at release / hold time).
    ``source`` -- human readable origin, e.g. ``"GPIO17"`` or
                  ``"serial /dev/ttyACM0 board pico-e661 reveal/light"``.
    """

    kind: str
    side: str | None
    at: float
    source: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown button event kind {self.kind!r}")
        if self.kind == REVEAL:
            if self.side not in SIDES:
                raise ValueError(f"a reveal event needs side light or dark, got {self.side!r}")
        elif self.side is not None:
            raise ValueError(f"a {self.kind} event has no side, got {self.side!r}")

    def describe(self) -> str:
        """Short human wording, e.g. ``"LIGHT side reveal button"``."""
        if self.kind == REVEAL:
            return f"{self.side.upper()} side reveal button"
        if self.kind == TOSS:
            return "flag toss button (short press)"
        return "flag toss button (long press)"


#: A sink receives events from a backend thread.  It must be quick and
#: thread-safe and must not touch the UI directly (the kiosk passes a function
#: that schedules work on the Kivy clock).
Sink = Callable[[ButtonEvent], None]


def check_side(side: str | None, what: str = "side") -> str | None:
    """Validate an optional side argument of the lights API."""
    if side is not None and side not in SIDES:
        raise ValueError(f"{what} must be 'light', 'dark' or None, got {side!r}")
    return side
