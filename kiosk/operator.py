"""Operator settings behind a PIN (default 1234, kept in the data folder's database)."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen


class OperatorScreen(Screen):
    unlocked = BooleanProperty(False)
    entered = StringProperty("")
    message = StringProperty("")

    def on_kv_post(self, *_):
        for k in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "OK"]:
            b = Button(text=k if k != "⌫" else "<", font_size=26)
            b.bind(on_release=lambda _b, k=k: self.key(k))
            self.ids.keypad.add_widget(b)

    def on_pre_enter(self, *_):
        self.unlocked, self.entered, self.message = False, "", ""

    def key(self, k):
        app = App.get_running_app()
        if k == "OK":
            if self.entered == str(app.store.get("pin", "1234")):
                self.unlocked = True
            else:
                self.message = app.tr_fn("wrong_pin", app.lang)
            self.entered = ""
            return
        self.entered = self.entered[:-1] if k == "⌫" else (self.entered + k)[:8]
        self.message = "•" * len(self.entered)

    def refresh(self, c, events=()):
        pass

    def leave(self):
        App.get_running_app().leave_operator()


Builder.load_file(os.path.join(os.path.dirname(__file__), "operator.kv"))
