"""What the three Challengers! screens share: a :class:`kiosk.games.screen.GameScreen` that shows
a *board* and sends its inputs as contract actions.

The board is the local table's :class:`~kiosk.games.challengers.local.ChallengersTable` or a
café park (:class:`kiosk.park.ParkController`): the screens read its views (built from
observations) and give every input to its ``submit(half, kind, *args)``, which the table checks
against ``legal_actions`` before storing it.  Each screen maps keys and buttons to the actions of
the moment it shows (:meth:`button`, :meth:`on_key`), so a press for a moment that is not on
screen does nothing; a press the moment has no use for is said on its half
(``board.ignore``, heard by the app as a hint).
"""

from __future__ import annotations

from typing import Any

from kiosk.games.screen import GameScreen
from kiosk.keymap import Key


class ChallengersScreen(GameScreen):
    """A Challengers! screen showing :attr:`board` (set by :meth:`refresh`)."""

    board: Any = None

    def refresh(self, c, events=()) -> None:
        """The board changed (an action, a new game, a coordinator's view): show it."""
        self.board = c
        self.show(c, list(events))

    def show(self, c, events: list) -> None:
        """Set this screen's widgets from the board ``c`` (override)."""

    def on_button(self, half, which, down) -> bool:
        """A side's button (or the shared toss button, ``half`` None): pressed, it does what
        this screen's moment offers (:meth:`button`); a release does nothing (nothing is held)."""
        if not down or self.board is None:
            return False
        return self.button(half, which)

    def button(self, half, which) -> bool:
        """A press on a screen whose moment has no use for buttons: its half is told why."""
        self.board.ignore(("match.reveal" if which == "primary" else "match.toss", half), "not now")
        return False

    def on_key(self, press: Key) -> bool:
        """A key that is not a side button (override): True when this moment uses it."""
        return False

    def close_overlay(self) -> bool:
        """Escape: close what covers this screen, if anything (True when something was closed)."""
        return False
