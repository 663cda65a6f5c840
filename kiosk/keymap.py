"""The table's keys, for every game: which key is which half's button, and which keys go to the
screen on display.  No Kivy here.

A keyboard stands in for the table's buttons: each half has a primary and a secondary button
(``a``/``s`` for the bottom half, ``l``/``k`` for the top half, held while the key is down),
the same door the wired buttons and the serial board come through
(``TablecupApp.side_button``).  Escape goes back (it closes what covers the screen first), and
every other key is the screen's to read (``GameScreen.on_key``): digits answer a choice, Enter
and the space bar go on.  A screen maps a key only to what it shows, so a key for a moment that
is not on screen does nothing.
"""

from __future__ import annotations

from typing import NamedTuple

#: Side buttons as keys: key -> (half, button).  Held = key down until key up.
SIDE_KEYS = {"a": (0, "primary"), "s": (0, "secondary"), "l": (1, "primary"), "k": (1, "secondary")}

ESCAPE_CODE, ENTER_CODE = 27, 13

#: Every key the table gives a meaning to (the side keys, then the screens' keys), as Kivy names them.
TABLE_KEYS = (*SIDE_KEYS, "escape", " ", "enter", *"123456789", "r", "d", "u")


class Key(NamedTuple):
    """One key as the table reads it: ``name`` (a character, ``"escape"`` or ``"enter"``) and,
    for a side key, its half and button."""

    name: str
    half: int | None = None
    button: str | None = None

    @property
    def is_side_button(self) -> bool:
        return self.button is not None

    @property
    def is_escape(self) -> bool:
        return self.name == "escape"

    @property
    def goes_on(self) -> bool:
        """Enter or the space bar: "go on" on a screen that waits for a tap."""
        return self.name in (" ", "enter")

    @property
    def digit(self) -> int | None:
        """1-9 for a digit key, else None."""
        return int(self.name) if len(self.name) == 1 and self.name in "123456789" else None


def read(ch: str, code: int | None = None) -> Key:
    """The key Kivy reports as ``ch`` (its text, or its name: ``"spacebar"``, ``"enter"``,
    ``"escape"``) and ``code`` (its key code), as the table reads it."""
    if code == ESCAPE_CODE or ch == "escape":
        return Key("escape")
    if code == ENTER_CODE or ch in ("\r", "enter"):
        return Key("enter")
    if ch == "spacebar":
        ch = " "
    if ch in SIDE_KEYS:
        half, button = SIDE_KEYS[ch]
        return Key(ch, half, button)
    return Key(ch or "")
