"""The Kivy app: the wiring of the screens, the controllers, the keyboard and the hardware.

Import this only after :mod:`kiosk.main` has set Kivy's environment/config.

Games at this table, Challengers! included, are played through :class:`kiosk.table.LocalTable`
(``app.table``): its changes redraw the screen its game's descriptor names.  Tournaments:
"Join a tournament" hands the screens to the café park (:class:`kiosk.park.ParkController`, whose
table -- :class:`kiosk.table.park.ParkTable`, Challengers!' a subclass of it -- the game's own
screens show) and starts :class:`kiosk.network.Client` (its own thread).  ``TABLECUP_ROBOT_DELAY`` sets the Robot's pause
(seconds).  Tests, benchmarks and demos drive the app from outside through
:mod:`kiosk.plugins` (``TABLECUP_KIOSK_PLUGINS``, ``TABLECUP_KIOSK_HOOK``).
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import sqlite3
import time
from pathlib import Path

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import NoTransition

import cards
from appliance.sdnotify import KivyWatchdog
from engine.challengers.library import load
from kiosk import cardtext, hardware_link, i18n, keymap
from kiosk.games import registry as kiosk_games
from kiosk.games.challengers import board as challengers
from kiosk.games.challengers.park import library_data
from kiosk.history import HistoryScreen
from kiosk.home import HomeScreen
from kiosk.join import JoinScreen
from kiosk.launch import challengers_names, seat_game, seat_names
from kiosk.notices import Notices
from kiosk.operator import OperatorScreen
from kiosk.park import ParkController
from kiosk.park_screen import ParkScreen
from kiosk.rendering import Screens, save_screenshot
from kiosk.router import route
from kiosk.session import Session
from kiosk.store import StorageError, open_store
from kiosk.table import LocalTable
from kiosk.widgets import HintLayer

log = logging.getLogger("tablecup.kiosk")

#: The few words a notice takes in a corner while a game is on (the whole sentence is for home).
SHORT_NOTICES = {"phones_port_taken": i18n.N_("phones_port_taken_short"),
                 "phones_server_late": i18n.N_("phones_server_late_short")}
#: How long a notice said during a game stays on the bottom half (seconds).
NOTICE_SECONDS = 6


class Alert(Button):
    """One sentence over the screen.  A home-screen notice goes when tapped; a passive alert
    (hidden, or the storage message) lets every touch through to what is underneath."""

    passive = BooleanProperty(True)

    def on_touch_down(self, touch):
        if self.passive:
            return False
        return super().on_touch_down(touch)

    def on_touch_up(self, touch):
        if self.passive:
            return False
        return super().on_touch_up(touch)


def _walk(widget):
    """``widget`` and every widget under it."""
    stack = [widget]
    while stack:
        w = stack.pop()
        yield w
        stack.extend(w.children)


def freeze_start_up_objects() -> None:
    """What start-up built (modules, kv rules, screens, catalogues: about 230,000 objects) lives
    as long as the kiosk: Python's full collections stop visiting it.  Each full collection
    went through all of it, 50-100 ms at a time, a pause a reveal could fall into."""
    gc.collect()
    gc.freeze()


class TablecupApp(App):
    lang = StringProperty("en")
    robot_level = NumericProperty(1)
    rotation = NumericProperty(0)

    def __init__(self, data_dir, lang=None, coordinator=None, name=None, store=None, set_aside=None,
                 phone_port=None, **kw):
        """``store``: kiosk.db already opened (kiosk.main does, before the window); ``set_aside``:
        where a damaged kiosk.db was moved to then; ``phone_port``: where phones take seats
        (None: no phone seats; the server starts when a game first offers them)."""
        super().__init__(**kw)
        from kiosk.phones.link import PhoneLink
        self.phones = PhoneLink(phone_port, notice=self.add_notice) if phone_port else None
        self._store, self._set_aside = store, set_aside
        self.data_dir = Path(data_dir)
        self.coordinator_arg = coordinator
        self.kiosk_name = name or "Table"
        self.client = None
        self._lang_arg = lang
        self.first_frame_at = None
        self.title = "Tablecup"

    # ------------------------------------------------------------------ strings
    def t(self, key, _lang=None, **fmt):
        return i18n.tr(key, self.lang, **fmt)

    @staticmethod
    def tr_fn(key, lang="en", **fmt):
        return i18n.tr(key, lang, **fmt)

    # ------------------------------------------------------------------ build
    def build(self):
        if self._store is not None:
            self.store, aside = self._store, self._set_aside
        else:
            self.store, aside = open_store(self.data_dir / "kiosk.db")
        # Sentences on the home screen (until tapped or a game starts): the database set aside,
        # a house set that could not be loaded.
        self.notices = Notices()
        if aside is not None:
            self.notices.add(i18n.N_("db_set_aside"), {"name": aside.name})
        # Settings, sounds, names, rules: read before any screen is built (text size is in every sp).
        from kiosk.chrome import Chrome
        self.chrome = Chrome(self)
        self.lang = self._lang_arg or self.store.get("lang", "en")
        self.robot_level = int(self.store.get("robot_level", 1))
        self.rotation = int(self.store.get("rotation", 0))
        Window.rotation = self.rotation
        self._scale_to_window()           # a quarter turn changes the window's shape: before any screen
        lib = load(cards)
        self._add_house_sets(lib)
        cardtext.use_catalogue(lib.catalogue)
        delay = float(os.environ.get("TABLECUP_ROBOT_DELAY", "0.6"))
        self.lib = lib
        self.robot_delay = delay
        # Every game at this table, Challengers! included: one LocalTable, each game's screens
        # created when first shown.  Challengers! plays with the library loaded here, the café's
        # house sets included (here and at a café's park).
        from kiosk.table.worker import Worker
        self.data_for = library_data(lib)
        self.table = LocalTable(self.store, schedule=self._schedule, bot_delay=delay, data_for=self.data_for,
                                think=Worker(post=lambda fn: Clock.schedule_once(lambda dt: fn(), 0)))
        self.table.on_ignored = self.table_hint
        self.session = Session(self.table)
        # Seats on phones: the server follows the table's games (listening before the screens do,
        # so a new game's QR codes are ready when its screen is drawn).
        self.phone_seats = None
        self.park_phones = None               # a café park's (ParkPhoneSeats), once the kiosk joined one
        if self.phones is not None:
            from kiosk.phones.table_host import PhoneSeats
            self.phone_seats = PhoneSeats(self.phones, self.table)
        self.table.listeners.append(self.on_table)
        self._held_keys = set()
        self.kiosk_name = self.store.get("coord_kiosk_name") or self.kiosk_name
        sm = Screens(transition=NoTransition())
        for cls, name in ((HomeScreen, "home"), (OperatorScreen, "operator"), (JoinScreen, "join"),
                          (ParkScreen, "park"), (HistoryScreen, "history")):
            sm.add_widget(cls(name=name))
        self.sm = sm
        root = FloatLayout()
        root.add_widget(sm)
        if self.phone_seats is not None:
            self.phone_seats.listeners.append(self.sync)     # a phone came or went: the panel says so
        self.chrome.attach(root, sm)          # the settings screen
        self._make_layers(root)
        Window.bind(on_resize=lambda *_: self._follow_window())
        sm.get_screen("home").level = self.robot_level
        Window.bind(on_key_down=self.on_key, on_key_up=self.on_key_up, on_textinput=self.on_textinput)
        Clock.schedule_once(self._first_frame, 0)
        if self.store.get("park_mode"):
            self.enter_tournament(sync=False)    # a restart resumes the tournament (match, outbox)
        self.sync()
        return root

    def _make_layers(self, root):
        """The layers over every screen, in ``root`` above the screens: built at start, and again
        when the window's size changes the scale (:meth:`_follow_window`)."""
        # Tournament play: a one-line banner over every screen while the coordinator is unreachable.
        self.banner = Label(text="", size_hint=(None, None), size=(dp(360), dp(26)), font_size=sp(15), bold=True,
                            color=(1, 1, 1, 1), pos_hint={"center_x": 0.5, "top": 1}, opacity=0)
        from kivy.graphics import Color, Rectangle
        with self.banner.canvas.before:
            Color(0.75, 0.1, 0.1, 0.9)
            rect = Rectangle(pos=self.banner.pos, size=self.banner.size)
        self.banner.bind(pos=lambda w, v: setattr(rect, "pos", v), size=lambda w, v: setattr(rect, "size", v))
        root.add_widget(self.banner)
        # What went wrong, in one sentence, over the screen: storage that cannot save (every
        # screen, until a write succeeds), a saved game that could not be resumed or a damaged
        # database set aside (home screen, until tapped).
        self.alert = Alert(text="", size_hint=(0.94, None), height=dp(120), font_size=sp(19), bold=True, halign="center",
                           valign="middle", color=(1, 1, 1, 1), background_normal="", background_down="",
                           background_color=(0.72, 0.1, 0.1, 0.95), pos_hint={"center_x": 0.5, "center_y": 0.5},
                           opacity=0)
        self.alert.bind(width=lambda w, v: setattr(w, "text_size", (v - dp(24), None)),
                        texture_size=lambda w, v: setattr(w, "height", max(dp(120), v[1] + dp(28))))
        self.alert.bind(on_release=lambda *_: self.dismiss_notice())
        # Each half's "Phone" button and QR code, over every game's screens.
        self.seat_qr = None
        if self.phone_seats is not None:
            from kiosk.phones.seat_qr import SeatQrOverlay
            self.seat_qr = SeatQrOverlay(seats=self.phone_seats)
            root.add_widget(self.seat_qr)
        root.add_widget(self.alert)
        # A press at the wrong moment: a short sentence on the half it came from.
        self.hints = HintLayer()
        root.add_widget(self.hints)
        self.chrome.make_layers(root)         # the "?" and its rules, the name grid

    def _add_house_sets(self, lib):
        """The café's house sets (the data folder's cards/), one file at a time: a broken one
        is left out, said in one line in the log and on the home screen; the others load."""
        from engine.challengers.house import add_house_sets
        for why in add_house_sets(lib, self.data_dir):
            self.notices.add(i18n.N_("house_set_skipped"), {"error": why})

    def _first_frame(self, *_):
        def flipped(*_):
            Window.unbind(on_flip=flipped)
            self.first_frame_at = time.monotonic()     # system-wide on Linux: a parent can subtract
            print(f"KIOSK-FIRST-FRAME {self.first_frame_at:.6f}", flush=True)
            Clock.schedule_once(lambda dt: freeze_start_up_objects(), 0)
            if self.phones is not None:
                self.phones.warm_up()
        Window.bind(on_flip=flipped)
        Window.canvas.ask_update()

    def _schedule(self, fn, delay):
        Clock.schedule_once(lambda dt: fn(), delay)

    # ------------------------------------------------------------------ the session
    @property
    def controller(self):
        """The café park while it has the screens (:class:`kiosk.park.ParkController`), else the
        view model of the local table's Challengers! (:func:`kiosk.games.challengers.board.board_of`)."""
        return self.session.park if self.session.at_park else challengers.board_of(self.table)

    @property
    def park_controller(self):
        return self.session.park

    def table_active(self):
        """A game with game-neutral screens is on the table (:meth:`Session.table_active`)."""
        return self.session.table_active()

    # ------------------------------------------------------------------ state → screen
    def screen_for(self):
        """The screen for what the session holds now (:func:`kiosk.router.route`), created the
        first time it is shown."""
        where = route(self.session, self.sm.current)
        if where.game is not None and not self.sm.has_screen(where.name):
            kg = kiosk_games.get(where.game)
            scr = kiosk_games.load_class(kg.screens[where.key])(name=where.name)
            scr.kiosk = kg
            self.sm.add_widget(scr)
        return where.name

    def sync(self, events=()):
        name = self.screen_for()
        if self.sm.current != name:
            self.sm.current = name
        shown = self.session.shown_table()
        if shown is not None and name != "operator":
            self.sm.current_screen.refresh(shown, events)        # a game's own screen
        else:
            self.sm.current_screen.refresh(self.session.park if self.session.at_park else self.table, events)
        self._show_alert()
        self._show_guide(name)
        if self.seat_qr is not None:
            self.seat_qr.lang = self.lang
            self.seat_qr.seats = self.shown_phone_seats()
            self.seat_qr.refresh(shown is not None and name != "operator", self.sm.current_screen)
        pc = self.park_controller
        show = pc is not None and self.controller is pc and not pc.online and pc.paired
        self.banner.opacity = 1 if show else 0
        if show:
            self.banner.text = i18n.tr("offline_banner", self.lang, n=pc.outbox_n)

    def _show_guide(self, screen: str) -> None:
        """The guided first match: what to do now, on each person's half (nothing otherwise)."""
        from kiosk.games.challengers.guide import guide_line
        c = self.controller
        on = screen == "match" and not self.session.at_park
        for half in (0, 1):
            self.hints.guide(half, guide_line(c, half, self.lang, i18n.tr) if on else "")

    def alert_text(self) -> str:
        return self.notices.text(self.lang, i18n.tr, on_home=self.sm.current == "home",
                                 storage_error=self.session.storage_error(),
                                 resume_error=self.table.resume_error,
                                 data_error=self.table.data_error)

    def _show_alert(self):
        if self.session.playing():
            self.notices.clear()              # a game started: the home screen's notices are read
        text = self.alert_text()
        self.alert.text = text
        self.alert.opacity = 1 if text else 0
        # The storage message must not stand between a person and the button that tries again.
        self.alert.passive = not text or self.session.storage_error() is not None

    def add_notice(self, key, fmt):
        """A sentence for the home screen (until tapped), from the Kivy thread: e.g. the phone
        port in use."""
        self.notices.add(key, fmt)
        if self.seat_qr is not None and self.session.shown_table() is not None:
            # During a game (at the table, or a café park's): said once on the bottom half, then a crossed-out phone stays in the
            # place of its "Phone" button, covering nothing of the game.
            short = SHORT_NOTICES.get(key, key)
            self.seat_qr.say(short, fmt)
            self.hints.show(0, i18n.tr(short, self.lang, **fmt), seconds=NOTICE_SECONDS)
        self._show_alert()

    def dismiss_notice(self):
        """A tap on the alert: the home screen's notices go (a storage fault stays until fixed)."""
        self.notices.clear()
        self.table.resume_error = None
        self._show_alert()

    def on_table(self, table, events):
        """The LocalTable changed: redraw (when no tournament has the screens)."""
        if not self.session.at_park:
            self.chrome.heard(table.game.name if table.game is not None else "", events)
            self.sync(events)

    def on_state(self, controller, events):
        """The café park changed: redraw, when it has the screens."""
        if controller is not self.controller:
            return
        if events == ["leave"]:
            self.leave_tournament()
            return
        park_table = self.session.park_table()
        self.chrome.heard(park_table.game.name if park_table is not None else "", events)
        self.sync(events)

    def table_hint(self, half, pressed):
        """A press at the table's game that did nothing (:meth:`LocalTable.refuse`): the game's
        sentence on that half (``KIOSK.hint`` through its screen), or, for a tap in the middle,
        on each half where a person sits, each in its own words."""
        t = self.session.shown_table()
        if t is None:
            return
        scr = self.sm.current_screen
        if not hasattr(scr, "hint_text"):
            return
        halves = (half,) if half in (0, 1) else tuple(h for h in (0, 1) if t.people_on(h))
        for h in halves:
            text = scr.hint_text(h, pressed)
            if text:
                self.hints.show(h, text)

    # ------------------------------------------------------------------ tournaments
    def enter_tournament(self, sync=True):
        """"Join a tournament": the park controller takes the screens; networking starts."""
        if self.park_controller is None:
            from kiosk.network import Client, configured_url
            pc = ParkController(self.store, data_for=self.data_for, schedule=self._schedule,
                                robot_delay=self.robot_delay)
            pc.listeners.append(self.on_state)
            pc.on_ignored = self.table_hint               # the park's game's hints, as at this table
            self.session.park = pc
            if self.phones is not None:
                # Its table's phone seats (another game's park): the seats panel shows them.
                from kiosk.phones.park_seats import ParkPhoneSeats
                self.park_phones = ParkPhoneSeats(self.phones, pc.table, active=False)
                self.park_phones.follow(pc)
                self.park_phones.listeners.append(self.sync)
            self.client = Client(self.data_dir / "kiosk.db", pc, post=lambda fn: Clock.schedule_once(
                                     lambda dt: self._from_network(pc, fn), 0),
                                 url=configured_url(self.coordinator_arg)).start()
            pc.attach(self.client)
        self._put("park_mode", True)
        self.session.enter_park(self.session.park)
        if self.park_phones is not None:
            self.park_phones.activate(True)
        hw = getattr(self, "hardware", None)
        if hw is not None and hw.controller is not self.hardware_controller():
            self._move_hardware(self.hardware_controller())
        if sync:
            self.sync()

    def _from_network(self, pc, fn):
        """Run a network update on the UI thread; if saving it fails, the table says so (the
        coordinator sends its view again, so nothing is lost by not applying it now)."""
        try:
            fn()
        except StorageError as exc:
            log.error("coordinator update not saved: %s", exc)
            pc.storage_error = self._network_storage_error = str(exc)
            if self.controller is pc:
                self.sync()
            return
        if getattr(self, "_network_storage_error", None) is not None:
            if pc.storage_error == self._network_storage_error:
                pc.storage_error = None          # that update was saved this time
            self._network_storage_error = None
            if self.controller is pc:
                self.sync()

    def leave_tournament(self):
        self._put("park_mode", False)
        self.session.leave_park()
        if self.park_phones is not None and self.park_phones.active:
            self.park_phones.activate(False)
            self.phone_seats.retake()         # the phone server is the local table's again
        hw = getattr(self, "hardware", None)
        if hw is not None and hw.controller is not self.hardware_controller():
            self._move_hardware(self.hardware_controller())
        self.sm.current = "home"
        self.sync()

    def hardware_controller(self):
        """What the physical buttons' link follows (its ``listeners``): the café park while it has
        the screens, else the local table."""
        return self.session.park if self.session.at_park else self.table

    def _move_hardware(self, controller):
        """Physical buttons and LEDs follow the active controller."""
        hw = self.hardware
        try:
            if hw.follow in hw.controller.listeners:
                hw.controller.listeners.remove(hw.follow)
            hw.controller = controller
            controller.listeners.append(hw.follow)
        except Exception:
            log.exception("hardware link: cannot follow the tournament controller")

    def pair(self, pin, name):
        if self.client is not None:
            self.client.pair(pin, name)

    # ------------------------------------------------------------------ home actions
    def start_solo(self, level=None, box="base", solo_cards=False):
        challengers.new_game(self.table, challengers_names("solo", self.t, self.chrome.people),
                             robot_level=int(level or self.robot_level), box=box, solo_cards=bool(solo_cards))

    def start_lesson(self, lesson="first-match"):
        """The guided first match: one match against the Robot with the lesson's decks and seed
        (always the same match), a hint on the player's half at each step (:mod:`.guide`)."""
        challengers.new_game(self.table, challengers_names("solo", self.t, self.chrome.people), robot_level=1,
                             seed=self.lib.lesson(lesson).seed, lesson=lesson)

    def start_vs_bot(self, box="base", policy="search"):
        """Challengers! alone against a bot that plays by the two-player rules (the search bot)."""
        challengers.new_game(self.table, challengers_names("solo", self.t, self.chrome.people), box=box,
                             opponent=(self.t("bot_n", number=1), policy))

    def start_two(self, box="base"):
        challengers.new_game(self.table, challengers_names("two", self.t, self.chrome.people), box=box)

    def start_table(self, game, mode="solo", level=None, seed=None, bots=None, phones=0):
        """A new game of ``game`` at the LocalTable: ``mode`` "solo" (one person on the bottom
        half against ``bots`` of the game's bots -- default its first ``solo_bots`` -- at
        ``level``, 0-based) or "two" (two people face to face, with the game's ``two_bots``);
        ``phones`` more seats on no half, played on phones (their QR codes on the seats panel).
        Who sits where and their names: :mod:`kiosk.launch`."""
        from engine import registry as engine_games
        kg = kiosk_games.get(game)
        self._put("home_game", game)                  # home shows this game first next time
        self.sm.get_screen("home").game = game
        if game == "challengers":                     # its own set-up: the Robot's level, the box
            level = self.robot_level if level is None else int(level) + 1
            return challengers.new_game(self.table, challengers_names(mode, self.t, self.chrome.people),
                                        robot_level=level, seed=seed)
        seats = seat_game(kg, engine_games.get(game).max_players, mode, level, bots, phones)
        names = seat_names(seats, mode, self.t, self.chrome.people)
        return self.table.new_game(game, seats, names=names, seed=seed, options=kg.options(mode))

    def resume_table(self, table_id=None):
        """Play on from the saved game ``table_id`` (default: the latest saved game)."""
        self.table.resume(table_id)
        if self.table.state is None:
            self.sync()

    def show_finished(self, finished):
        """A finished game of home's list opened: its result and its log (:mod:`kiosk.history`)."""
        self.sm.get_screen("history").open(finished)
        self.sm.current = "history"
        self.sync()

    def leave_table(self, abandon=False):
        """Leave the game on screen: the local table's (home), or a café park's (the park keeps
        its game at the coordinator; the kiosk leaves the tournament's screens)."""
        if self.session.park_table() is not None:
            self.controller.close_game()
            return
        self.table.leave(abandon=abandon)

    # ------------------------------------------------------------------ side buttons
    def side_button(self, half, which, down):
        """The one way a side's button reaches the game (keys, the hardware, tests): ``which`` is
        "primary" or "secondary" (or "toss", ``half`` None: the shared toss button), ``down``
        pressed (True) or released (False).  The screen on display says what it means (its
        game's ``KIOSK.buttons``), so a press reaches only the moment on screen; nothing reaches a
        game under an overlay (a release still does: whatever a hold shows must end)."""
        if down and self.chrome.covers():
            return False
        handler = getattr(self.sm.current_screen, "on_button", None)
        return bool(handler(half, which, down)) if handler is not None else False

    def side_lights(self):
        """The LEDs of each half, ``("off"|"on"|"blink"|"celebrate",) * 2``: the game's
        ``KIOSK.lights`` over the seat shown on that half, whoever has the screens (the table's
        game, Challengers! at the table or a park).  The hardware link reads this after each
        change of the table or of the controller."""
        shown = self.session.shown_table()
        return shown.lights() if shown is not None else self.controller.lights()

    def show_operator(self):
        self.sm.current = "operator"

    def leave_operator(self):
        self.sm.current = "home"
        if self.controller is self.park_controller:
            self.sm.current = self.screen_for()
        self.sync()

    def shown_phone_seats(self):
        """The phone seats of the game on screen: a café park's table's while it has the screens,
        else the local table's."""
        if self.park_phones is not None and self.session.park_table() is not None:
            return self.park_phones
        return self.phone_seats

    def has_phone_seats(self) -> bool:
        """Whether the game on the table (or a café park's table) has seats played on phones only,
        or held by a phone (the operator may free them)."""
        ps = self.shown_phone_seats()
        return (self.seat_qr is not None and self.session.shown_table() is not None and ps is not None
                and ps.server() is not None and bool(ps.managed_seats()))

    def open_phone_seats(self):
        """The operator's "Phone seats": back to the game, its seats panel open with "Free" buttons."""
        self.leave_operator()
        self.seat_qr.open_for_operator()

    def _put(self, key, value):
        """A setting saved; if the store cannot write, the table goes on with it in memory only."""
        try:
            self.store.put(key, value)
        except StorageError:
            log.exception("setting %s not saved", key)

    def set_setting(self, key, value):
        self._put(key, value)
        setattr(self, key, value)
        if key == "rotation":
            Window.rotation = value
        if key == "robot_level":
            self.sm.get_screen("home").level = value
        if key == "lang":
            self.hints.clear()           # a hint said in the old language goes with it
            self.sync()                  # every text on screen (and the alert) in the new language now
        for s in self.sm.screens:
            if hasattr(s, "reset"):
                s.reset()

    # ------------------------------------------------------------------ keyboard
    def on_key(self, window, key, scancode, codepoint, modifiers):
        name = Window._system_keyboard.keycode_to_string(key) if hasattr(Window, "_system_keyboard") else codepoint
        return self.handle_key(codepoint or name, key)

    def on_textinput(self, window, text):
        """Text typed on a keyboard, as its layout made it (Shift, AltGr, dead keys: "A", "é"):
        the name grid takes it while open; nothing else reads text (the keys are read by
        :meth:`on_key`)."""
        entry = getattr(self.chrome, "names_entry", None)
        if entry is not None and entry.shown:
            entry.typed(text)
            return True
        return False

    def on_key_up(self, window, key, scancode=None, *_):
        ch = chr(key) if 0 < key < 0x110000 and chr(key).isprintable() else ""
        return self.handle_key_up(ch, key)

    def handle_key_up(self, ch, key=None):
        """A side key let go: its button is released (hold to look ends)."""
        press = keymap.read(ch, key)
        if press.is_side_button and press.name in self._held_keys:
            self._held_keys.discard(press.name)
            self.side_button(press.half, press.button, False)
            return True
        return False

    def handle_key(self, ch, key=None):
        """A key down, for every game alike (:mod:`kiosk.keymap`): an overlay open over the
        screen takes it first; Escape goes back; a side key is its half's button (held while
        down: a key's auto-repeat is not a new press); any other key is the screen's to read,
        for what it shows."""
        if self.chrome.key(ch, key):
            return True
        press = keymap.read(ch, key)
        scr = self.sm.current_screen
        if press.is_escape:
            closer = getattr(scr, "close_overlay", None)
            if closer is None or not closer():
                self.go_back()
            return True
        if press.is_side_button:
            if press.name not in self._held_keys:
                self._held_keys.add(press.name)
                self.side_button(press.half, press.button, True)
            return True
        handler = getattr(scr, "on_key", None)
        return bool(handler(press)) if handler is not None else False

    def go_back(self):
        """Escape: from a game to home (an unfinished game stays resumable), from home to the
        operator's PIN, from the operator or the tournament's join screen back."""
        cur = self.sm.current
        if cur == "home":
            self.show_operator()
        elif cur == "operator":
            self.leave_operator()
        elif cur == "join":
            self.leave_tournament()
        elif cur == "history":
            self.sm.get_screen("history").leave()
        elif self.session.shown_table() is not None:
            self.leave_table()
        elif self.session.at_park:
            self.controller.close_game()

    # ------------------------------------------------------------------ text size
    def apply_font_scale(self, scale):
        """The players chose another text size: every text at ``scale`` (Kivy's
        ``Metrics.fontscale``, which every ``sp`` multiplies) from now on.  A size in sp is worked
        out when its widget is built, so the screens are built again (:meth:`rebuild_screens`,
        on the next frame: the tap that asked is still being handled), and the layers over every
        screen (the hints, the alert, the name grid, the rules' "?", the phones' panel) have
        their texts scaled where they are."""
        from kivy.metrics import Metrics
        ratio = scale / Metrics.fontscale
        if abs(ratio - 1) < 1e-6:
            return
        # Scaled before the change: a size Kivy keeps in sp units (a label's default "15sp")
        # would follow the change by itself, and then be scaled twice.
        for layer in self.root.children:
            if layer is not self.sm:
                for w in _walk(layer):
                    size = getattr(w, "font_size", None)
                    if isinstance(size, (int, float)) and size > 0:
                        w.font_size = size * ratio
        Metrics.fontscale = scale
        Clock.schedule_once(lambda dt: self.rebuild_screens(), 0)

    def rebuild_screens(self):
        """Every screen made again, with the sizes of the text size now, the one on display
        staying on display.  Home, the operator's, the settings, the tournament's and the
        history screens keep their own state (their class's ``KEPT`` properties, else every
        property of their own class); a game's screen is dropped and made again when next shown,
        from the table (its listeners on the table go with it)."""
        from kivy.uix.screenmanager import Screen
        sm = self.sm
        current = sm.current
        base = set(Screen().properties())
        olds = list(sm.screens)
        news = []
        for old in olds:
            if getattr(old, "kiosk", None) is not None:        # a game's screen: made again when shown
                self.table.listeners[:] = [fn for fn in self.table.listeners if getattr(fn, "__self__", None) is not old]
                continue
            news.append((old, type(old)(name=old.name)))
        sm.clear_widgets()
        for _old, new in news:
            sm.add_widget(new)
        if sm.has_screen(current):
            sm.current = current
        for old, new in news:
            names = getattr(type(old), "KEPT", None) or [n for n in old.properties() if n not in base]
            for name in names:
                try:
                    setattr(new, name, getattr(old, name))
                except Exception:
                    log.exception("screen %s: %s not kept", old.name, name)
            carry = getattr(new, "carry_over", None)
            if carry is not None:
                carry(old)
        self.chrome.help.follow(sm.current_screen)
        self.sync()

    def _scale_to_window(self) -> bool:
        """One dp made :func:`kiosk.scale.ui_scale` of the window's size now; whether it changed
        (``KIVY_METRICS_DENSITY`` set by hand stays)."""
        from kivy.metrics import Metrics

        from kiosk.scale import ui_scale
        if os.environ.get("KIVY_METRICS_DENSITY"):
            return False
        scale = ui_scale(*Window.size)
        if abs(scale - Metrics.density) < 1e-4:
            return False
        log.info("window %dx%d: scale %.4g (was %.4g)", *Window.size, scale, Metrics.density)
        Metrics.density = scale
        return True

    def _follow_window(self):
        """The window took another size (the window system answered late, a rotation, a desktop
        resize): the layouts follow it by themselves, but every size in dp was worked out for the
        old one.  When the scale changes (:func:`kiosk.scale.ui_scale`), the layers over the
        screens are made again (an overlay open over them closes) and the screens are rebuilt
        on the next frame, at the new scale (:meth:`_scale_to_window`)."""
        if self.root is None or not self._scale_to_window():
            return
        for layer in list(self.root.children):
            if layer is not self.sm:
                self.root.remove_widget(layer)
        self._make_layers(self.root)
        Clock.schedule_once(lambda dt: self.rebuild_screens(), 0)

    def save_screenshot(self, path):
        """A PNG of the whole screen as drawn now (:func:`kiosk.rendering.save_screenshot`)."""
        return save_screenshot(self.root, path)

    def on_start(self):
        # systemd: READY=1 after the first frame, WATCHDOG=1 from this (the UI) thread.
        self.watchdog = KivyWatchdog().start()
        self.hardware = hardware_link.attach(self)

    def on_stop(self):
        if self.client is not None:
            self.client.stop()
        if self.phones is not None:
            self.phones.stop()
        wd = getattr(self, "watchdog", None)
        if wd is not None:
            wd.stop()
        hardware_link.detach(self)
        with contextlib.suppress(sqlite3.Error):      # every write was committed when it was made
            self.store.close()
