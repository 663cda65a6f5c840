"""Join a tournament: type the coordinator's 12-digit pairing code (organiser page / its log),
give this table a name, pair (``POST /api/pair``).  The token is kept in ``kiosk.db``; then the
kiosk waits for the organiser to assign it to a park (the park screen says so)."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import StringProperty
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

CODE_DIGITS = 12


def status_line(c, t):
    """The connection in words: online or not, where, and (offline) the network's own error."""
    if getattr(c, "base", None) is None:
        return t("connecting") if getattr(c, "status", "") == "connecting" else ""
    if c.online:
        return t("net_online", base=c.base)
    line = t("net_offline", base=c.base or "?")
    if c.detail:
        line += " · " + c.detail
    if c.retry:
        line += " · " + t("net_retry", s=f"{c.retry:.1f}")
    return line


class JoinScreen(Screen):
    entered = StringProperty("")
    message = StringProperty("")
    status = StringProperty("")

    def on_kv_post(self, *_):
        app = App.get_running_app()
        for k in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "<", "0", "OK"]:
            b = Button(text=k, font_size=sp(26))
            b.bind(on_release=lambda w, k=k: self.key(k))
            self.ids.keypad.add_widget(b)
            if k == "OK":                  # the key's word, in the screen's language
                app.bind(lang=lambda _app, lang, b=b: setattr(b, "text", app.t("key_ok")))
                b.text = app.t("key_ok")

    def key(self, k):
        if k == "<":
            self.entered = self.entered[:-1]
        elif k == "OK":
            self.pair()
        elif len(self.entered) < CODE_DIGITS:
            self.entered += k

    def pair(self):
        app = App.get_running_app()
        if len(self.entered) != CODE_DIGITS:
            self.message = app.t("pin_six")
            return
        self.message = app.t("pairing")
        app.pair(self.entered, self.ids.name.text.strip() or app.kiosk_name)
        self.entered = ""

    def refresh(self, c, events=()):
        app = App.get_running_app()
        self.status = status_line(c, app.t)
        if getattr(c, "message", "") and self.message == app.t("pairing"):
            self.message = c.say(app.lang)

    def reset(self):
        pass


Builder.load_file(os.path.join(os.path.dirname(__file__), "join.kv"))
