"""The table being played, and who shows it.  No Kivy here.

A kiosk plays one thing at a time on its screens: a game at its own table (:class:`kiosk.table.LocalTable`,
any registered game, Challengers! included), or its park of a café tournament
(:class:`kiosk.park.ParkController`; every game's tournament is played at its table,
:class:`kiosk.table.park.ParkTable` or the subclass its game names, with the game's own screens).  The app asks the
session which it is; the router, the keys and the notices follow it.
"""

from __future__ import annotations

from typing import Any


class Session:
    """``table``: this kiosk's LocalTable; ``park``: the café park, once the kiosk joined a
    tournament (it has the screens while :attr:`at_park`)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.park: Any = None           # the café park, once the kiosk joined a tournament
        self._at_park = False

    @property
    def at_park(self) -> bool:
        """A café tournament has the screens."""
        return self.park is not None and self._at_park

    def table_active(self) -> bool:
        """A game is on the local table, and no tournament has the screens."""
        return self.table.state is not None and not self.at_park

    def park_table(self) -> Any:
        """The park's table of a café tournament, while the game's screens show it (playing, its
        end held until a tap; Challengers!: also its Deck Phase and its results), else None."""
        table = getattr(self.park, "table", None) if self.at_park else None
        return table if table is not None and table.playing else None

    def shown_table(self) -> Any:
        """The table whose game's own screens show now: the local table's game, or a park's
        table (None: home, the park's seating)."""
        return self.table if self.table_active() else self.park_table()

    def playing(self) -> bool:
        """Something is being played on the screens (a game at the table, a park's table, or the
        park's tournament)."""
        return self.shown_table() is not None or (self.at_park and self.park.t is not None)

    def storage_error(self) -> str | None:
        """Why the last write of what is shown failed (None: saved)."""
        if not self.at_park:
            return self.table.storage_error
        if self.park.storage_error is not None:
            return self.park.storage_error
        shown = self.park_table()
        return shown.storage_error if shown is not None else None

    def enter_park(self, park: Any) -> None:
        self.park = park
        self._at_park = True

    def leave_park(self) -> None:
        self._at_park = False
