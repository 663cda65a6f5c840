"""The shared chrome's people-facing parts, wired into the app: settings, sounds, rules, names.

    app.chrome = Chrome(app)          # TablecupApp.build, before any screen is built
    app.chrome.attach(root, sm)       # once the root and the screen manager exist
    app.chrome.make_layers(root)      # the "?" and the name grid over the screens (again on a new scale)

:class:`Chrome` holds the players' settings (:mod:`kiosk.settings`, applied: palette, font
scale, animation speed, volume), the sounds (:mod:`kiosk.sound`), the players' names (home's
"Players" box, :mod:`kiosk.name_entry`), the settings screen and the "?" with the rules
reference over every screen (:mod:`kiosk.rules_reference`).  Game-neutral: a change of any
game (the LocalTable's listeners, or a café park's) goes through
:meth:`Chrome.heard`, which asks :func:`kiosk.sound.cues_for` what it sounds like.
"""

from __future__ import annotations

import logging
import os
import time

from kivy.metrics import Metrics

from kiosk import i18n, widgets
from kiosk import settings as config
from kiosk.palette import PALETTE
from kiosk.sound import RecordingSink, Sounds
from kiosk.store import StorageError

log = logging.getLogger("tablecup.kiosk.chrome")

#: ``TABLECUP_SOUND=record``: play nothing, remember the cues (tests; see kiosk.sound).
SOUND_ENV = "TABLECUP_SOUND"
#: Seconds within which the hints shown belong to one press (one press may put its hint on both
#: halves): they make one "wrong" sound.
ONE_PRESS_S = 0.1


class Chrome:
    def __init__(self, app, settings_file=None):
        self.app = app
        self.path = config.settings_path() if settings_file is None else settings_file
        self.settings, errors = config.load(self.path)
        for line in errors:
            log.error("settings: %s", line)
            app.notices.add(i18n.N_("settings_bad"), {"error": line})
        self.save_error: str | None = None
        self._wrong_at = -1.0
        self._apply(self.settings, start=True)
        sink = RecordingSink() if os.environ.get(SOUND_ENV) == "record" else None
        self.sound = Sounds(self.settings.volume, sink=sink)
        stored = app.store.get("player_names", None)
        self.names = [str(n) for n in stored][:2] if isinstance(stored, list) else []
        self.names += [""] * (2 - len(self.names))

    # ------------------------------------------------------------------ settings
    def _apply(self, s: config.Settings, start: bool = False) -> None:
        PALETTE.use(s.palette)
        widgets.SPEED = s.animation_factor
        if start and not os.environ.get("KIVY_METRICS_FONTSCALE"):
            # Before any widget: every sp() is computed when its screen is built.
            Metrics.fontscale = s.font_scale

    def change(self, **changes) -> config.Settings:
        """Settings changed on screen: applied now and saved.  A new text size makes the
        screens again (:meth:`TablecupApp.apply_font_scale`)."""
        before = self.settings
        self.settings = self.settings.with_(**changes)
        self._apply(self.settings)
        if self.settings.font_scale != before.font_scale and not os.environ.get("KIVY_METRICS_FONTSCALE"):
            self.app.apply_font_scale(self.settings.font_scale)
        self.sound.volume = self.settings.volume
        try:
            config.save(self.path, self.settings)
            self.save_error = None
        except OSError as exc:
            self.save_error = f"{self.path}: {exc.strerror or exc}"
            log.error("settings not saved: %s", self.save_error)
        return self.settings

    # ------------------------------------------------------------------ sounds
    def heard(self, game: str, events) -> None:
        """A change of ``game`` with its ``events``: the sound it calls for, if any."""
        if events:
            self.sound.hear(game, events)

    def hint_shown(self, half, text) -> None:
        now = time.monotonic()
        if now - self._wrong_at > ONE_PRESS_S:
            self.sound.play("wrong")
        self._wrong_at = now

    # ------------------------------------------------------------------ names
    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name
        try:
            self.app.store.put("player_names", list(self.names))
        except StorageError:
            log.exception("player names not saved")
        home = self.app.sm.get_screen("home")
        home.player_names = list(self.names)

    def people(self, defaults) -> tuple[str, ...]:
        """The names of the people at the table, seat by seat: each typed name, else the default."""
        return tuple(self.names[k] or d if k < len(self.names) else d for k, d in enumerate(defaults))

    def covers(self) -> bool:
        """Whether an overlay covers the screen (the name grid, the rules page): no press
        reaches the game under it."""
        return bool(self.names_entry.shown or self.help.shown)

    def key(self, ch, key=None) -> bool:
        """A key while an overlay is open (the name grid, the rules page): True when taken."""
        if self.names_entry.shown:
            return self.names_entry.key(ch, key)
        escape = key == 27 or ch == "escape"
        if self.help.shown:
            if escape:
                self.help.close()
            return True                       # the page covers the game: nothing reaches it
        if escape and self.app.sm.current == "settings":
            self.leave_settings()
            return True
        return False

    # ------------------------------------------------------------------ screens
    def attach(self, root, sm) -> None:
        """The settings screen and what follows the screen on display, once (the layers over
        the screens are :meth:`make_layers`)."""
        from kiosk.settings_screen import SettingsScreen
        sm.add_widget(SettingsScreen(name="settings"))
        sm.bind(current_screen=lambda _sm, screen: self.help.follow(screen))
        from kivy.clock import Clock
        Clock.schedule_once(lambda dt: self.sound.load(), 0.3)     # after the first frame
        PALETTE.bind(alert=lambda _p, rgba: setattr(self.app.alert, "background_color", rgba))
        sm.get_screen("home").player_names = list(self.names)

    def make_layers(self, root) -> None:
        """The "?" with its rules and the name grid over every screen, in ``root`` (made again,
        at the new scale, when the window's size changes it), with the app's alert and hints
        they colour and sound."""
        from kiosk.name_entry import NameEntry
        from kiosk.rules_reference import HelpButton
        self.help = HelpButton()
        root.add_widget(self.help)
        self.help.follow(self.app.sm.current_screen)
        self.names_entry = NameEntry()
        root.add_widget(self.names_entry)
        self.app.hints.on_hint = self.hint_shown
        self.app.alert.background_color = PALETTE.alert

    def show_settings(self) -> None:
        sm = self.app.sm
        scr = sm.get_screen("settings")
        scr.came_from = sm.current
        op = sm.get_screen("operator")
        self._operator_mode = (op.mode, op.unlocked)
        sm.current = "settings"

    def leave_settings(self) -> None:
        sm = self.app.sm
        back = sm.get_screen("settings").came_from
        if back == "operator":
            sm.current = "operator"
            op = sm.get_screen("operator")
            op.mode, op.unlocked = self._operator_mode      # still unlocked: the PIN was given
        else:
            sm.current = "home"
            self.app.sync()
