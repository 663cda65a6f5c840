"""Home: solo vs the Robot (level, box), 2 players, resume, history, operator."""

from __future__ import annotations

import datetime
import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from kiosk.store import setup_from_json


class HomeScreen(Screen):
    level = NumericProperty(1)
    box = StringProperty("base")
    can_resume = BooleanProperty(False)
    resume_text = StringProperty("")
    history = StringProperty("")
    solo_cards = BooleanProperty(False)

    def refresh(self, c, events=()):
        app = App.get_running_app()
        lang, tr = app.lang, app.tr_fn
        self.can_resume = c.store.unfinished_id() is not None
        if self.can_resume:
            try:
                gid, setup, actions = c.store.unfinished()
                self.resume_text = f"({' / '.join(setup.players)}, {len(actions)})"
            except Exception:  # noqa: BLE001 - whatever fails, the home screen still draws
                # unreadable: Resume says so when tapped, and keeps the record
                self.resume_text = ""
        lines = []
        for g in c.store.history(8):
            try:
                s = setup_from_json(g["setup_json"])
            except Exception:  # noqa: BLE001, S112 - an unreadable finished game is left out of the list
                continue
            names = list(s.players) + (["Robot"] if len(s.players) % 2 else [])
            when = datetime.datetime.fromtimestamp(g["finished"]).strftime("%Y-%m-%d %H:%M")
            w = names[g["winner"]] if g["winner"] is not None and g["winner"] < len(names) else "?"
            lines.append(f"{when}\n   {' – '.join(names)}: [b]{w}[/b]")
        self.history = "\n".join(lines[:6]) or tr("no_history", lang)

    def reset(self):
        pass


Builder.load_file(os.path.join(os.path.dirname(__file__), "home.kv"))
