"""The game-neutral table: seats, and one game of any registered game played here.

No Kivy in this package (it is unit-tested without a window).  See :mod:`kiosk.table.local`.
"""

from kiosk.table.local import LocalTable, game_data, notify
from kiosk.table.seats import BOT, PERSON, PHONE, Seat, solo, two_at_the_table

__all__ = ["BOT", "PERSON", "PHONE", "LocalTable", "Seat", "game_data", "notify", "solo", "two_at_the_table"]
