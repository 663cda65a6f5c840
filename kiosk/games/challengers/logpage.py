"""The match log on demand: a "Log" button on the match screen opens every line of the match so
far (:mod:`kiosk.games.challengers.matchlog`), the newest at the top, in a scrollable panel over
the screen.

The panel is a :class:`kiosk.widgets.ModalLayer` (it takes every touch while shown, like the rules
page and the names keyboard); it follows the match while open (a reveal underneath adds its
lines), and "Turn" turns it to face the other side of the table.
"""

from __future__ import annotations

import os

from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import BooleanProperty
from kivy.uix.label import Label

from kiosk.widgets import ModalLayer


class MatchLogPage(ModalLayer):
    """The panel, the latest line at the top (a log read back from now); :meth:`show_lines` puts
    the lines in it (only the new ones when the match went on)."""

    turned = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.lines: list[str] = []

    def open(self, lines, empty_text: str) -> None:
        self.show_lines(lines, empty_text)
        self.shown = True
        self.ids.scroll.scroll_y = 1           # the latest line first in sight

    def close(self) -> None:
        self.shown = False
        self.turned = False

    def show_lines(self, lines, empty_text: str) -> None:
        """``lines`` in the order they happened; shown the other way up (the newest first)."""
        box = self.ids.lines
        lines = list(lines) or [empty_text]
        if lines[:len(self.lines)] != self.lines or len(box.children) != len(self.lines):
            box.clear_widgets()
            self.lines = []
        for k in range(len(self.lines), len(lines)):
            lab = Label(text=lines[k], font_size=sp(16), size_hint_y=None, halign="left", valign="top",
                        color=(0.94, 0.94, 0.96, 1) if lines[k] != empty_text else (0.7, 0.7, 0.72, 1))
            lab.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                     texture_size=lambda w, v: setattr(w, "height", v[1]))
            box.add_widget(lab, index=len(box.children))     # above the others: the newest on top
        self.lines = lines

    def shown_lines(self) -> list[str]:
        """The lines on the panel, from the top (the newest) down."""
        return [w.text for w in reversed(self.ids.lines.children)]


Builder.load_file(os.path.join(os.path.dirname(__file__), "logpage.kv"))
