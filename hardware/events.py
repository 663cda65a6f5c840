"""The input event type that every backend delivers to its sink.

A table has, per side, a **primary** and a **secondary** button, and one
shared **toss** button.  The hardware layer does not know what they mean: a
game says that (Challengers!: the primary press reveals a card, the toss
button tosses the flag; a hidden-hand game: holding the primary button shows
that side's hand).  So the side buttons report both edges, press and release,
and the toss button reports a short or a long press.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: The buttons.
PRIMARY = "primary"
SECONDARY = "secondary"
TOSS_BUTTON = "toss"
SIDE_BUTTONS = (PRIMARY, SECONDARY)

#: Event kinds.  A side button gives a press (at the accepted press edge) and a
#: release (at the accepted release edge); the toss button gives ``toss`` (short
#: press, at release) or ``toss_long`` (held ``hold_ms``, while still held).
PRIMARY_PRESS = "primary_press"
PRIMARY_RELEASE = "primary_release"
SECONDARY_PRESS = "secondary_press"
SECONDARY_RELEASE = "secondary_release"
TOSS = "toss"
TOSS_LONG = "toss_long"
KINDS = (PRIMARY_PRESS, PRIMARY_RELEASE, SECONDARY_PRESS, SECONDARY_RELEASE, TOSS, TOSS_LONG)
SIDE_KINDS = (PRIMARY_PRESS, PRIMARY_RELEASE, SECONDARY_PRESS, SECONDARY_RELEASE)
RELEASE_KINDS = (PRIMARY_RELEASE, SECONDARY_RELEASE)

#: Challengers' reveal is the primary press.  The name is kept for code written
#: when the side button had only that one meaning; new code says PRIMARY_PRESS.
REVEAL = PRIMARY_PRESS

#: The two sides of a table.
LIGHT = "light"
DARK = "dark"
SIDES = (LIGHT, DARK)

_BUTTON_OF = {
    PRIMARY_PRESS: PRIMARY, PRIMARY_RELEASE: PRIMARY,
    SECONDARY_PRESS: SECONDARY, SECONDARY_RELEASE: SECONDARY,
    TOSS: TOSS_BUTTON, TOSS_LONG: TOSS_BUTTON,
}


def press_kind(button: str) -> str:
    """The press kind of a side button (``"primary"`` -> ``"primary_press"``)."""
    if button not in SIDE_BUTTONS:
        raise ValueError(f"side button must be 'primary' or 'secondary', got {button!r}")
    return f"{button}_press"


def release_kind(button: str) -> str:
    """The release kind of a side button (``"primary"`` -> ``"primary_release"``)."""
    return press_kind(button).replace("_press", "_release")


@dataclass(frozen=True, slots=True)
class ButtonEvent:
    """One accepted physical button event.

    ``kind``   -- one of :data:`KINDS`.
    ``side``   -- ``"light"``/``"dark"`` for the side buttons, ``None`` for the
                  shared toss button.
    ``at``     -- ``time.monotonic()`` of the accepted edge the event is about:
                  the press edge for a press, a toss and a long toss (even though
                  a toss is delivered at release / hold time), the release edge
                  for a release.
    ``source`` -- human readable origin, e.g. ``"GPIO17"`` or
                  ``"serial /dev/ttyACM0 primary/light"``.
    ``held``   -- seconds the button was held: for a release and a toss, from
                  the press edge to the release edge; for a long toss, the hold
                  time that triggered it; 0 for a press.
    """

    kind: str
    side: str | None
    at: float
    source: str = ""
    held: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown button event kind {self.kind!r} (expected one of {', '.join(KINDS)})")
        if self.kind in SIDE_KINDS:
            if self.side not in SIDES:
                raise ValueError(f"a {self.kind} event needs side light or dark, got {self.side!r}")
        elif self.side is not None:
            raise ValueError(f"a {self.kind} event has no side, got {self.side!r}")
        if isinstance(self.held, bool) or not isinstance(self.held, (int, float)) or self.held < 0:
            raise ValueError(f"held must be a number of seconds >= 0, got {self.held!r}")

    @property
    def button(self) -> str:
        """``"primary"``, ``"secondary"`` or ``"toss"``."""
        return _BUTTON_OF[self.kind]

    @property
    def is_release(self) -> bool:
        """True for the release of a side button (a toss is a press, delivered late)."""
        return self.kind in RELEASE_KINDS

    def describe(self) -> str:
        """Short human wording, e.g. ``"LIGHT side primary button, pressed"``."""
        if self.kind in SIDE_KINDS and self.side is not None:   # a side kind always has one
            what = "released" if self.is_release else "pressed"
            return f"{self.side.upper()} side {self.button} button, {what}"
        if self.kind == TOSS:
            return "flag toss button (short press)"
        return "flag toss button (long press)"


#: A sink receives events from a backend thread.  It must be quick and
#: thread-safe and must not touch the UI directly (the kiosk passes a function
#: that schedules work on the Kivy clock).
Sink = Callable[[ButtonEvent], None]

