"""Home: the game first, then its options; resume, history, operator.

Challengers! keeps its own panel (solo vs the Robot with level and box, 2 players, resume).
Every other game with a kiosk package (:mod:`kiosk.games.registry`) gets the table panel:
solo against the game's bots at a level, 2 players at the table, resume its saved game.

The table keeps one saved game of each game (:mod:`kiosk.saved`): each game's panel has its
Resume row ("Resume: Wacky Challenge with Ana, Phone 1, turn 3"), and a game's button is
marked while a game of it is saved.  A new game that would end the saved game of its game
first asks, over home, saying what would end (:meth:`HomeScreen.ask_then`); "Keep it" starts
nothing.  The right-hand column lists the chosen game's last finished games; a tap opens one
(its result and its log: :mod:`kiosk.history`).
"""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from engine import registry as engine_games
from kiosk import saved as kept
from kiosk.games import registry as kiosk_games
from kiosk.i18n import display_name
from kiosk.widgets import fit_text, upright


def bot_choices(kg, phones: int) -> list[int]:
    """The counts of bots a solo game may seat beside one person and ``phones`` phone seats: the
    game's own counts (and none, once phones make up the numbers) within its player counts."""
    game = engine_games.get(kg.game)
    hi = game.max_players - 1 - phones
    lo = max(0 if phones else 1, game.min_players - 1 - phones)
    counts = sorted(n for n in set(kg.solo_bots) | ({0} if phones else set()) if lo <= n <= hi)
    return counts or [max(lo, 0)]


#: Finished games shown at once in home's list (a "Show N more" button adds as many again).
HISTORY_PAGE = 10


class HistoryRow(Button):
    """One finished game in home's list: when, who played, who won; a tap opens it."""


class HistoryMore(Button):
    """The end of home's list while more finished games are kept: a tap shows more."""


#: Upright (the Pi Touch Display 2 held so, 720x1280): the share of the height the game's set-up
#: takes, above the players and the finished games; and how much taller its rows are than on a
#: landscape screen, where the set-up has the height to itself.
PORTRAIT_SETUP = 0.52
PORTRAIT_ROWS = 1.6


class HomeScreen(Screen):
    level = NumericProperty(1)
    box = StringProperty("base")
    can_resume = BooleanProperty(False)
    resume_text = StringProperty("")
    solo_cards = BooleanProperty(False)
    vs_bot = BooleanProperty(False)          # solo against the search bot rather than the Robot
    # The game chosen, and the table panel's view-model (games other than Challengers!).
    game = StringProperty("challengers")
    table_level = NumericProperty(0)
    table_level_label = StringProperty("")
    table_two = BooleanProperty(True)
    table_blurb = StringProperty("")
    can_resume_table = BooleanProperty(False)
    table_bots = NumericProperty(1)
    bot_counts = BooleanProperty(False)      # the game offers several counts of bots in solo
    table_phones = NumericProperty(0)        # extra seats played on phones (QR codes on the table)
    phone_counts = BooleanProperty(False)    # the game seats more than two, and phones can take seats
    _game_known = False
    table_resume_text = StringProperty("")
    player_names = ListProperty(["", ""])     # typed names ("" = the game's default), kiosk.name_entry
    blurb_shown = StringProperty("")          # the blurb as it fits its room, or nothing
    blurb_font = NumericProperty(15)
    asking = BooleanProperty(False)           # a new game would end a saved one: the question is shown
    portrait = BooleanProperty(False)         # taller than wide: the set-up above the players (home.kv)
    tall = NumericProperty(1.0)               # the set-up's rows' height, times their landscape height
    setup_share = NumericProperty(1.0)        # the set-up's share of the height (upright: PORTRAIT_SETUP)
    ask_text = StringProperty("")
    #: Home's own state, kept when the screen is built again (:meth:`TablecupApp.rebuild_screens`).
    KEPT = ("level", "box", "solo_cards", "vs_bot", "game", "table_level", "table_bots", "table_phones",
            "player_names", "_game_known")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.saved: dict[str, kept.Saved] = {}     # the saved game of each game, as last read
        self._ask_start = None
        self._history_key = None
        self._history_games: list[kept.Finished] = []

    # ------------------------------------------------------------------ starting a game
    def start(self, mode):
        """The table panel's "Solo" or "2 players", for the game chosen."""
        app = App.get_running_app()
        game, level, bots, phones = self.game, self.table_level, self.table_bots, self.table_phones
        if mode == "two":
            self.ask_then(game, lambda: app.start_table(game, "two", phones=phones))
        else:
            self.ask_then(game, lambda: app.start_table(game, "solo", level, bots=bots, phones=phones))

    def start_challengers(self, kind):
        """Challengers!' "Solo" (against the Robot, or the search bot), "2 players", or the
        guided first match ("lesson")."""
        app = App.get_running_app()
        box, level, cards = self.box, self.level, self.solo_cards
        start = {"solo": (lambda: app.start_vs_bot(box)) if self.vs_bot else
                 (lambda: app.start_solo(level, box, cards)),
                 "two": lambda: app.start_two(box), "lesson": app.start_lesson}[kind]
        self.ask_then("challengers", start)

    def ask_then(self, game, start):
        """``start()`` now, or, when a game of ``game`` is saved (which a new one would end),
        once the question over home is answered "End it and start"."""
        app = App.get_running_app()
        saved = next((s for s in kept.saved_games(app.store, app.table.data_for) if s.game == game), None)
        if saved is None:
            start()
            return
        self._ask_start = start
        self.ask_text = app.tr_fn("ends_saved_question", app.lang, game=self.describe(saved))
        self.asking = True

    def answer(self, end_it):
        """The question answered: "End it and start" (``end_it``) starts the new game, which
        closes the saved one; "Keep it" starts nothing."""
        start, self._ask_start = self._ask_start, None
        self.asking = False
        if end_it and start is not None:
            start()

    def close_overlay(self):
        """Escape over home: the question, if shown, is answered "Keep it"."""
        if self.asking:
            self.answer(False)
            return True
        return False

    def describe(self, saved):
        app = App.get_running_app()
        return kept.describe(saved, app.lang, app.tr_fn, display_name)

    def resume_saved(self, game):
        """A game's Resume row: its saved game played on."""
        saved = self.saved.get(game)
        if saved is not None:
            App.get_running_app().resume_table(saved.id)

    def on_table_blurb(self, *_):
        self.fit_blurb()

    def on_size(self, _screen, size):
        """Upright or not, as the screen is now (a window resized or turned follows)."""
        self.portrait = upright(size)
        self.tall = PORTRAIT_ROWS if self.portrait else 1.0
        self.setup_share = PORTRAIT_SETUP if self.portrait else 1.0

    def fit_blurb(self):
        """The game's blurb in the room left under the panel's rows (less with a Resume row or
        a "Phones" row), its font shrunk to fit down to a readable size; shown whole or not
        at all (it only says what the game is)."""
        label = self.ids.get("blurb")
        if label is None or label.width <= 1 or label.height <= 1 or not self.table_blurb:
            self.blurb_shown = ""
            return
        font, shown = fit_text(self.table_blurb, label.width, label.height, sp(15), min_font=int(sp(11)))
        self.blurb_font, self.blurb_shown = (font, shown) if shown == self.table_blurb else (sp(15), "")

    # ------------------------------------------------------------------ finished games
    def _history(self, app):
        """The chosen game's last finished games, a button each, :data:`HISTORY_PAGE` at a time
        (a button makes its text when made: fifty took a third of a second on the 2-core VM);
        the list is made again only when it changes."""
        games = kept.finished_games(app.store, self.game)
        key = (self.game, app.lang, tuple(g.id for g in games))
        if key == self._history_key:
            return
        self._history_key = key
        self._history_games = games
        box = self.ids.history
        box.clear_widgets()
        for name in [k for k in self.ids if k.startswith("history") and k != "history"]:
            del self.ids[name]
        if not games:
            box.add_widget(Label(text=app.tr_fn("no_history", app.lang), font_size=sp(14), size_hint_y=None,
                                 height=dp(30), halign="left", valign="middle",
                                 text_size=(dp(270), None)))
            return
        self.more_history()

    def more_history(self):
        """The next :data:`HISTORY_PAGE` finished games of the list, and "Show N more" after them
        while some are left."""
        app = App.get_running_app()
        box, games = self.ids.history, self._history_games
        more = self.ids.get("history_more")
        if more is not None:
            box.remove_widget(more)
            del self.ids["history_more"]
        shown = sum(1 for w in box.children if isinstance(w, HistoryRow))
        for i in range(shown, min(len(games), shown + HISTORY_PAGE)):
            row = HistoryRow(text=self.history_line(games[i], app))
            row.finished = games[i]
            row.bind(on_release=lambda w: app.show_finished(w.finished))
            box.add_widget(row)
            self.ids[f"history{i}"] = row
        left = len(games) - min(len(games), shown + HISTORY_PAGE)
        if left:
            more = HistoryMore(text=app.tr_fn("history_more", app.lang, n=left))
            more.bind(on_release=lambda w: self.more_history())
            box.add_widget(more)
            self.ids["history_more"] = more

    def history_line(self, g, app):
        """One finished game in the list: "2026-11-28 10:12 · Ana – Robot: [b]Ana[/b]" (a guided
        first match says so: it was no tournament)."""
        lang = app.lang
        names = [display_name(n, lang) for n in g.names]
        winners = ", ".join(names[i] for i in g.winners if 0 <= i < len(names)) or "–"
        when = kept.when(g.finished)
        if g.lesson in app.lib.lessons:
            lesson = app.lib.lessons[g.lesson].names
            when += " · " + lesson.get(lang, lesson["en"])
        return f"{when}\n{' – '.join(names)}: [b]{winners}[/b]"

    def name_label(self, seat, lang):
        """What the "Players" box shows for ``seat``: the typed name, else the default in grey."""
        tr = App.get_running_app().tr_fn
        name = self.player_names[seat] if seat < len(self.player_names) else ""
        return name or "[color=9a9ca6]" + tr("player", lang, number=seat + 1) + "[/color]"

    def choose_game(self, name):
        """Tap on a game's button: its options show (and show first next time)."""
        self.game = name
        App.get_running_app()._put("home_game", name)
        if name != "challengers":
            self.table_level = kiosk_games.get(name).default_level
            self.table_bots = kiosk_games.get(name).solo_bots[0]
        self._game_buttons(App.get_running_app().lang)
        self._table_panel(App.get_running_app())
        self._history(App.get_running_app())

    def _game_buttons(self, lang):
        row = self.ids.games
        names = ["challengers"] + [kg.game for kg in kiosk_games.games() if kg.game != "challengers"]
        if len(row.children) != len(names):
            row.clear_widgets()
            for name in names:
                b = ToggleButton(group="game", allow_no_selection=False, font_size=sp(17), bold=True)
                b.game = name
                b.bind(on_release=lambda w: self.choose_game(w.game), size=self._fit_title)
                row.add_widget(b)
                self.ids["game_" + name] = b
        for b in row.children:
            # A game with a saved game is marked: its Resume row is one tap away.
            b.title = ("▶ " if b.game in self.saved else "") + engine_games.get(b.game).title(lang)
            self._fit_title(b)
            b.state = "down" if b.game == self.game else "normal"

    @staticmethod
    def _fit_title(b, *_):
        """A game's title on its button, its font shrunk until it fits (four games share the row)."""
        title = getattr(b, "title", "")
        if title and b.width > 0:
            b.halign, b.text_size = "center", (b.width - dp(8), None)
            b.font_size, b.text = fit_text(title, b.width - dp(8), b.height - dp(4), sp(17), bold=True)

    def _table_panel(self, app):
        lang = app.lang
        saved = self.saved.get(self.game)
        self.can_resume_table = saved is not None and self.game != "challengers"
        if saved is not None:
            self.table_resume_text = app.tr_fn("resume_saved", lang, game=self.describe(saved))
        if self.game == "challengers":
            return
        kg = kiosk_games.get(self.game)
        self.table_two = kg.two_players
        self.table_level = max(0, min(int(self.table_level), len(kg.levels) - 1))
        self.table_level_label = kg.levels[self.table_level][0]
        self.table_blurb = app.tr_fn(f"blurb_{kg.game}", lang) if app.tr_fn(f"blurb_{kg.game}", lang) != \
            f"blurb_{kg.game}" else ""
        self._choice_row(self.ids.table_levels, "table_level", [(i, label) for i, (label, _p) in enumerate(kg.levels)],
                         self.table_level, self._set_level, "tlv", first=1)
        self._phones_row(app, kg)
        counts = bot_choices(kg, int(self.table_phones))   # shown in order; the game's first is the default
        self.bot_counts = len(counts) > 1
        if self.table_bots not in counts:
            self.table_bots = kg.solo_bots[0] if kg.solo_bots[0] in counts else counts[0]
        self._choice_row(self.ids.table_bots, "table_bots", [(n, str(n)) for n in counts] if self.bot_counts else [],
                         self.table_bots, self._set_bots, "tbots")

    def _phones_row(self, app, kg):
        """Phones: 0 to the game's most players but two (a person at the table and one more
        seat); offered when the game seats more than two and this kiosk serves phone seats."""
        top = engine_games.get(kg.game).max_players - 2
        link = getattr(app, "phones", None)
        self.phone_counts = link is not None and link.unavailable is None and top > 0   # port in use: no row
        counts = list(range(top + 1)) if self.phone_counts else []
        if self.table_phones not in counts:
            self.table_phones = 0
        self.table_two = kg.two_players and 2 + int(self.table_phones) <= engine_games.get(kg.game).max_players
        self._choice_row(self.ids.table_phones, "table_phones", [(n, str(n)) for n in counts], self.table_phones,
                         self._set_phones, "tphones")

    def _choice_row(self, row, group, choices, chosen, pick, id_prefix, first=0):
        """A row of toggle buttons, one per (value, label) of ``choices`` -- made again only when
        the choices change -- with ``chosen`` down; a tap calls ``pick(value)``.  Each button is
        ``ids[f"{id_prefix}{value + first}"]`` (the levels count from 1 on screen)."""
        if getattr(row, "choices", None) != choices:
            row.clear_widgets()
            row.choices = choices
            for value, label in choices:
                b = ToggleButton(text=label, group=group, allow_no_selection=False, font_size=sp(20))
                b.value = value
                b.bind(on_release=lambda w: pick(w.value))
                row.add_widget(b)
                self.ids[f"{id_prefix}{value + first}"] = b
        for b in row.children:
            b.state = "down" if b.value == chosen else "normal"

    def _set_phones(self, n):
        self.table_phones = n
        self._table_panel(App.get_running_app())

    def _set_bots(self, n):
        self.table_bots = n
        self._table_panel(App.get_running_app())

    def _set_level(self, i):
        self.table_level = i
        self._table_panel(App.get_running_app())

    def refresh(self, c, events=()):
        app = App.get_running_app()
        lang = app.lang
        if not self._game_known:
            # The game chosen last shows first (its saved game with its Resume button).
            self._game_known = True
            last = c.store.get("home_game", "challengers")
            if last == "challengers" or kiosk_games.find(last) is not None:
                self.game = last
        self.saved = {s.game: s for s in kept.saved_games(app.store, app.table.data_for)}
        self._game_buttons(lang)
        self._table_panel(app)
        # Challengers!' saved game (at the table, like every game's).
        saved = self.saved.get("challengers")
        self.can_resume = saved is not None
        self.resume_text = self.describe(saved) if saved is not None else ""
        self._history(app)

    def reset(self):
        pass


Builder.load_file(os.path.join(os.path.dirname(__file__), "home.kv"))
