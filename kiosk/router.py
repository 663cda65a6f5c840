"""Which screen shows what the session holds now.  No Kivy here: the app creates the screen.

A game's kiosk descriptor says which of its screens shows a moment of the game, at this kiosk's
table or at a café park's table of another game: its view model's ``screen()`` when it has one
(``KioskGame.view``: Challengers!, whose held end of a match is more than the observation says),
else ``KioskGame.screen(observation)``.  A café park's table is read the same way (Challengers!'
view model says "deck", "match" or "result" for its tournament); between its games the park's
seating screen shows.  The operator's and the settings screens stay until left.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kiosk.games import registry as kiosk_games

#: Screens that stay whatever the table does, until the person leaves them (a finished game
#: opened from home's list is one).
STAYING = ("operator", "settings", "history")

#: The game whose screens keep their short names ("deck", "match", "result"): the hardware's toss
#: button goes on from "result".
SHORT_NAMES = "challengers"


class Route(NamedTuple):
    """The screen's name; for a game's screen, its game and its key in ``KIOSK.screens``."""

    name: str
    game: str | None = None
    key: str | None = None


def screen_name(game: str, key: str) -> str:
    """The name of a game's screen among the app's screens."""
    return key if game == SHORT_NAMES else f"{game}.{key}"


def route(session: Any, current: str) -> Route:
    """The screen for ``session`` (a :class:`kiosk.session.Session`) while ``current`` is shown."""
    if current in STAYING:
        return Route(current)
    table = session.shown_table()
    if table is not None:               # a game's own screens: at this table, or a café park's table
        kg = kiosk_games.get(table.game.name)
        key = kg.view(table).screen() if kg.view is not None else kg.screen(table.observation(None))
        return Route(screen_name(kg.game, key), kg.game, key)
    if not session.at_park:
        return Route("home")
    park = session.park
    if not park.paired:
        return Route("join")
    return Route(park.screen())
