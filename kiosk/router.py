"""Which screen shows what the session holds now.  No Kivy here: the app creates the screen.

A game's kiosk descriptor says which of its screens shows a moment of the game
(``KioskGame.screen(observation)``), for the local table's game and a café park's table of
another game alike; Challengers!' board says it for its tournament, the held end
of a match included (``board.screen()``: "deck", "match", "result", or the café's "park"
seating screen, or "home").  The operator's and the settings screens stay until left.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kiosk.games import registry as kiosk_games

#: Screens that stay whatever the table does, until the person leaves them (a finished game
#: opened from home's list is one).
STAYING = ("operator", "settings", "history")


class Route(NamedTuple):
    """The screen's name; for a game's screen, its game and its key in ``KIOSK.screens``."""

    name: str
    game: str | None = None
    key: str | None = None


def route(session: Any, current: str) -> Route:
    """The screen for ``session`` (a :class:`kiosk.session.Session`) while ``current`` is shown."""
    if current in STAYING:
        return Route(current)
    table = session.shown_table()
    if table is not None:               # a game's own screens: at this table, or a café park's table
        kg = kiosk_games.get(table.game.name)
        key = kg.screen(table.observation(None))
        return Route(f"{kg.game}.{key}", kg.game, key)
    board = session.board
    if session.at_park and not board.paired:
        return Route("join")
    name = board.screen()
    if name in kiosk_games.get("challengers").screens:
        return Route(name, "challengers", name)       # Challengers!' screens keep their short names
    return Route(name)
