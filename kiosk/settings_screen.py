"""The settings screen: text size, colours, sound volume, animations, the Deck Phase hint of each
half of the table (for the players, no PIN).

Reached from home ("Settings") and from the operator screen.  Each tap applies at once:
colours, volume (a short sound says how loud), animations, and the text size (every size on
screen is worked out when a screen is built, so the screens are built again:
:meth:`kiosk.app.TablecupApp.apply_font_scale`).  Every change is written to ``settings/kiosk.toml`` in the config folder
(:mod:`kiosk.settings`); when that fails the change still applies until the kiosk stops, and
the screen says why it was not saved.
"""

from __future__ import annotations

import logging
import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from kiosk import settings as config

log = logging.getLogger("tablecup.kiosk.settings")

VOLUME_STEP = 10


class SettingsScreen(Screen):
    text_size = StringProperty("normal")
    palette = StringProperty("standard")
    volume = NumericProperty(70)
    animations = StringProperty("normal")
    hint_bottom = BooleanProperty(False)
    hint_top = BooleanProperty(False)
    message = StringProperty("")
    came_from = StringProperty("home")

    def show(self, values: config.Settings) -> None:
        self.text_size, self.palette = values.text_size, values.palette
        self.volume, self.animations = values.volume, values.animations
        self.hint_bottom, self.hint_top = values.hint_bottom, values.hint_top

    def set(self, key: str, value) -> None:
        """A tap on a setting: applied (see the module's docstring) and saved."""
        app = App.get_running_app()
        tr = app.tr_fn
        new = app.chrome.change(**{key: value})
        self.show(new)
        saved = app.chrome.save_error
        if saved is not None:
            self.message = tr("settings_not_saved", app.lang, why=saved)
        else:
            self.message = tr("settings_saved", app.lang)

    def volume_by(self, step: int) -> None:
        self.set("volume", max(0, min(config.VOLUME_MAX, int(self.volume) + step)))
        App.get_running_app().chrome.sound.play("reveal")     # how loud it is now

    def on_pre_enter(self, *_):
        self.message = ""
        self.show(App.get_running_app().chrome.settings)

    def refresh(self, c, events=()):
        pass

    def leave(self):
        App.get_running_app().chrome.leave_settings()


Builder.load_file(os.path.join(os.path.dirname(__file__), "settings_screen.kv"))
