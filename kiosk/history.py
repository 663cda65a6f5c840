"""A finished game opened from home's list: who played, who won, the scores, and its log (every
event of the game, replayed from its set-up and its stored actions, in the game's own words).

Reached by a tap on a finished game (home's right-hand column); "Back" or Escape returns home.
The replay and the words are :func:`kiosk.saved.finished_game`'s.
"""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from kiosk import saved as kept
from kiosk.i18n import display_name

#: Log lines per label: one texture per few dozen lines, never one as tall as a long game.
LINES_PER_LABEL = 25


class HistoryScreen(Screen):
    heading = StringProperty("")
    players = StringProperty("")
    result = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.listed: kept.Finished | None = None
        self.record: kept.Record | None = None
        self._lang = ""

    def open(self, listed: kept.Finished) -> None:
        """Show ``listed`` (a :class:`kiosk.saved.Finished` of home's list)."""
        self.listed = listed
        self._show(App.get_running_app())

    def _show(self, app) -> None:
        lang, tr = app.lang, app.tr_fn
        self._lang = lang
        listed = self.listed
        if listed is None:
            return
        record = kept.finished_game(app.store, listed, app.table.data_for, lang)
        self.record = record
        names = [display_name(n, lang) for n in listed.names]
        self.heading = f"{kept.title(listed.game, lang)} · {kept.when(listed.finished)}"
        self.players = " · ".join(f"{i + 1}. {n}" for i, n in enumerate(names))   # as the log numbers them
        winners = ", ".join(names[i] for i in listed.winners if 0 <= i < len(names))
        lines = [tr("history_won", lang, names=winners) if winners else tr("history_no_winner", lang)]
        if record.scores and len(record.scores) == len(names):
            lines.append(tr("history_scores", lang, scores=" · ".join(f"{n} {s}" for n, s in zip(names, record.scores))))
        if record.error is not None:
            lines.append(tr("history_unreadable", lang, why=record.error))
        self.result = "\n".join(lines)
        box = self.ids.log
        box.clear_widgets()
        log = record.log
        for start in range(0, len(log), LINES_PER_LABEL):
            box.add_widget(LogLines(text="\n".join(log[start:start + LINES_PER_LABEL])))
        self.ids.scroll.scroll_y = 1

    def carry_over(self, old) -> None:
        """Made again (a new text size): the game that was open stays open."""
        if old.listed is not None:
            self.open(old.listed)

    def refresh(self, c, events=()):
        app = App.get_running_app()
        if self.listed is not None and app.lang != self._lang:
            self._show(app)                 # the table's language changed: the log in its words

    def leave(self) -> None:
        app = App.get_running_app()
        app.sm.current = "home"
        app.sync()


class LogLines(Label):
    """A few lines of the log, as tall as their text."""

    def __init__(self, **kw):
        kw.setdefault("font_size", sp(14))
        super().__init__(**kw)
        self.bind(width=lambda w, v: setattr(w, "text_size", (v - dp(8), None)),
                  texture_size=lambda w, v: setattr(w, "height", v[1]))


Builder.load_file(os.path.join(os.path.dirname(__file__), "history.kv"))
