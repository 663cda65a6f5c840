"""What the three Challengers! screens share: a :class:`kiosk.games.screen.GameScreen` that shows
its table through the game's view model (its *board*) and sends its inputs as contract actions.

The table is the local table (:class:`kiosk.table.LocalTable`, read through
:class:`kiosk.games.challengers.board.Board`, ``KIOSK.view``) or a café park's table
(:class:`kiosk.games.challengers.park.ChallengersPark`, read through its
:class:`~kiosk.games.challengers.park.ParkBoard`, the same ``KIOSK.view``): the screens read the board's views
(built from observations) and give every input to its ``submit(half, kind, *args)``, which the
table checks against ``legal_actions`` before storing it.  Each screen maps keys and buttons to
the actions of the moment it shows (:meth:`button`, :meth:`on_key`), so a press for a moment
that is not on screen does nothing; a press the moment has no use for is said on its half
(``board.ignore``: the table's ``refuse``, heard by the app as a hint).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App

from kiosk.games.screen import GameScreen
from kiosk.keymap import Key
from kiosk.table import LocalTable


def board_of(table: Any) -> Any:
    """What the screens read of ``table``: its Challengers! view model (``KIOSK.view``: a local
    table's :class:`Board`, a café park's table's :class:`ParkBoard`); anything else is read as
    it is (a test's stand-in)."""
    if isinstance(table, LocalTable):
        from kiosk.games.challengers.board import board_of as local_board
        return local_board(table)
    return table


class ChallengersScreen(GameScreen):
    """A Challengers! screen showing :attr:`board` (set by :meth:`refresh`)."""

    board: Any = None

    def refresh(self, table, events=()) -> None:
        """The table changed (an action, a new game, a coordinator's view): show it."""
        self.table = table
        app = App.get_running_app()
        if app is not None:
            self.lang = app.lang
        self.board = board_of(table)
        self.show(self.board, list(events))

    def show(self, c, events: list) -> None:
        """Set this screen's widgets from the board ``c`` (override)."""

    def on_button(self, half, which, down) -> bool:
        """A side's button (or the shared toss button, ``half`` None): pressed, it does what
        this screen's moment offers (:meth:`button`, the moment's reading of ``KIOSK.buttons``'
        reveal and toss); a release does nothing (nothing is held)."""
        if not down or self.board is None:
            return False
        return self.button(half, which)

    def button(self, half, which) -> bool:
        """A press on a screen whose moment has no use for buttons: its half is told why."""
        self.board.ignore(("match.reveal" if which == "primary" else "match.toss", half), "not now")
        return False

    def hint_text(self, half: int, pressed: str) -> str:
        """Why a press on ``half`` did nothing: a bot's side says so; otherwise ``KIOSK.hint``
        from the seat's observation as this table shows it (a finished match held on screen
        included: the board's ``seat_view``)."""
        board, kiosk = self.board, self.kiosk
        got = board.seat_view(half) if board is not None and kiosk is not None else None
        if got is None or kiosk is None:
            return ""
        observation, seat, legal = got
        if board.is_robot(half):
            return self.t("hint_bot_side", name=self.player_name(seat))
        return kiosk.hint(observation, seat, legal, pressed, self)

    def player_name(self, seat: int) -> str:
        """``seat``'s name as the tournament shows it, in the screen's language."""
        t = self.board.tournament_view if self.board is not None else None
        return t.player_name(seat, self.lang) if t is not None else "?"

    def is_bot(self, seat: int) -> bool:
        t = self.board.tournament_view if self.board is not None else None
        return t is not None and 0 <= seat < len(t.players) and t.players[seat].robot

    def on_key(self, press: Key) -> bool:
        """A key that is not a side button (override): True when this moment uses it."""
        return False

    def close_overlay(self) -> bool:
        """Escape: close what covers this screen, if anything (True when something was closed)."""
        return False
