"""The table being played, and who shows it.  No Kivy here.

A kiosk plays one thing at a time on its screens: a game at its own table (:class:`kiosk.table.LocalTable`,
any registered game, Challengers! included), or its park of a café tournament
(:class:`kiosk.park.ParkController`, Challengers! only until the café runs every game).  The
app asks the session which it is; the router, the keys and the notices follow it.
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

    def playing(self) -> bool:
        """Something is being played on the screens (a game at the table, or the park's tournament)."""
        return self.table_active() or (self.at_park and self.park.tournament_view is not None)

    def storage_error(self) -> str | None:
        """Why the last write of what is shown failed (None: saved)."""
        if self.at_park:
            return self.park.storage_error
        return self.table.storage_error

    def enter_park(self, park: Any) -> None:
        self.park = park
        self._at_park = True

    def leave_park(self) -> None:
        self._at_park = False
