"""The match log on demand: a "Log" button on the match screen opens every line of the match so
far (:mod:`kiosk.games.challengers.matchlog`), the newest at the top, in a scrollable panel over
the screen.

The panel is the log page every table game has (:class:`kiosk.lastmove.LogPage`, a
:class:`kiosk.widgets.ModalLayer` that takes every touch while shown, like the rules page and the
names keyboard); it follows the match while open (a reveal underneath adds its lines), and
"Turn" turns it to face the other side of the table.
"""

from __future__ import annotations

from kiosk.lastmove import LogPage


class MatchLogPage(LogPage):
    """The match's log page (``match.kv``'s ``log_page``)."""
