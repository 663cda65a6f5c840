"""Operator settings behind a PIN (1234 until the operator sets their own, kept in the data folder's database).

First use: 1234 opens only the "new PIN" pad; the settings come once a PIN of the operator's
own (4 to 8 digits, not 1234) is saved, so no table stays on the PIN printed in the manual.

Unlocked: language (en/fr), the Robot's default level, screen rotation
(0°/180°), a new PIN (typed on the same keypad, 4 to 8 digits), exit to the
desktop.  Every setting is stored in ``DATA/kiosk.db`` (table ``settings``).

The first time the screen opens in a run, it says so when the data folder is lost at power-off
(on a tmpfs, or under Raspberry Pi OS's overlay file system: :mod:`appliance.storage`).

Unlocked on a table that also runs the café coordinator (its database in the same data folder,
as ``systemd/install.sh --coordinator`` sets the Pi up), it shows the coordinator's organiser PIN
and the organiser page's address: the operator is the person at that machine, whom the PIN is
for (docs/protocol.md, "Organiser PIN"), and finds it here from the first start on instead of in
the service's journal.
"""

from __future__ import annotations

import os
import sqlite3

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

from appliance import storage
from coordinator.discovery import lan_addresses
from coordinator.store import stored_organiser_pin
from kiosk.store import StorageError

DEFAULT_PIN = "1234"
#: The port the coordinator's service listens on (its default: the unit gives no --port).
COORDINATOR_PORT = 8470


class OperatorScreen(Screen):
    unlocked = BooleanProperty(False)
    mode = StringProperty("locked")        # locked | unlocked | newpin
    entered = StringProperty("")
    message = StringProperty("")
    phone_seats = BooleanProperty(False)   # the game on the table has phone seats to manage
    organiser = StringProperty("")         # unlocked: the café coordinator's organiser PIN, when it runs here
    storage_checked = False                # the data folder's file system was looked at in this run

    def on_kv_post(self, *_):
        self.keys = {}
        for k in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "OK"]:
            b = Button(text=k if k != "⌫" else "<", font_size=sp(26))
            b.bind(on_release=lambda _b, k=k: self.key(k))
            self.ids.keypad.add_widget(b)
            self.keys[k] = b
        app = App.get_running_app()

        def say_ok(*_):
            self.keys["OK"].text = app.t("key_ok")           # the key's word, in the screen's language
        say_ok()
        app.bind(lang=say_ok)

    def on_pre_enter(self, *_):
        self.lock()
        self.phone_seats = App.get_running_app().has_phone_seats()
        self.warn_storage_once()

    def warn_storage_once(self):
        """Once a run: say so when what the table saves is lost at power-off (the operator is the
        one who can keep the overlay off or move the data folder; the players cannot)."""
        if self.storage_checked:
            return
        self.storage_checked = True
        app = App.get_running_app()
        loss = storage.volatile(app.data_dir)
        if loss is not None:
            self.message = app.tr_fn("data_not_kept", app.lang, folder=str(app.data_dir), fs=loss.fstype)

    def lock(self):
        self.unlocked, self.mode, self.entered, self.message = False, "locked", "", ""
        self.organiser = ""

    def on_unlocked(self, _screen, unlocked):
        self.organiser = self.organiser_line() if unlocked else ""

    def organiser_line(self) -> str:
        """The organiser PIN and page of the café coordinator whose database is in this table's
        data folder ("" when there is none, or none kept yet: the coordinator makes it at its
        first start)."""
        app = App.get_running_app()
        try:
            pin = stored_organiser_pin(app.data_dir)
        except sqlite3.Error:
            return ""               # not readable by the kiosk's user: not this table's coordinator
        if pin is None:
            return ""
        pages = [f"http://{a}:{COORDINATOR_PORT}/organiser" for a in lan_addresses("0.0.0.0")]
        return app.tr_fn("organiser_pin_here", app.lang, pin=pin, page=pages[0])

    def pin(self):
        return str(App.get_running_app().store.get("pin", DEFAULT_PIN))

    def key(self, k):
        app = App.get_running_app()
        tr = app.tr_fn
        if k == "OK":
            if self.mode == "newpin":
                if self.entered == DEFAULT_PIN:
                    self.message = tr("pin_not_default", app.lang, pin=DEFAULT_PIN)
                elif self.entered.isdigit() and 4 <= len(self.entered) <= 8:
                    try:
                        app.store.put("pin", self.entered)
                        self.message = tr("pin_saved", app.lang)
                    except StorageError:         # the old PIN stays; say why
                        self.message = tr("storage_full", app.lang)
                    self.mode, self.unlocked = "unlocked", True
                else:
                    self.message = tr("pin_short", app.lang)
            elif self.entered == self.pin() and self.first_use():
                self.mode, self.message = "newpin", tr("first_pin", app.lang)
            elif self.entered == self.pin():
                self.mode, self.unlocked, self.message = "unlocked", True, ""
            else:
                self.message = tr("wrong_pin", app.lang)
            self.entered = ""
            return
        self.entered = self.entered[:-1] if k == "⌫" else (self.entered + k)[:8]
        self.message = "•" * len(self.entered)

    def first_use(self) -> bool:
        """No PIN of the operator's own yet (the default one still opens)."""
        return self.pin() == DEFAULT_PIN

    def type_pin(self, digits):
        """Type ``digits`` then OK on the keypad (tests, the hook)."""
        for d in digits:
            self.keys[d].trigger_action(0)
        self.keys["OK"].trigger_action(0)

    def change_pin(self):
        self.mode, self.entered = "newpin", ""
        self.message = App.get_running_app().tr_fn("new_pin", App.get_running_app().lang)

    def set(self, key, value):
        """A setting, only once the PIN was given."""
        if self.mode == "unlocked":
            App.get_running_app().set_setting(key, value)
            if key == "lang":
                self.message = ""        # a sentence said in the other language goes with it
                self.organiser = self.organiser_line()

    def exit(self):
        if self.mode == "unlocked":
            App.get_running_app().stop()

    def refresh(self, c, events=()):
        pass

    def leave(self):
        App.get_running_app().leave_operator()


Builder.load_file(os.path.join(os.path.dirname(__file__), "operator.kv"))
