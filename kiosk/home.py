"""Home: the game first, then its options; resume, history, operator.

Challengers! keeps its own panel (solo vs the Robot with level and box, 2 players, resume).
Every other game with a kiosk package (:mod:`kiosk.games.registry`) gets the table panel:
solo against the game's bots at a level, 2 players at the table, resume its unfinished game.
"""

from __future__ import annotations

import datetime
import os

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from engine import registry as engine_games
from kiosk.games import registry as kiosk_games
from kiosk.i18n import display_name
from kiosk.store import setup_from_json
from kiosk.widgets import fit_text

#: How long "First game?" waits for its second tap over a saved game (seconds).
LESSON_ARMED = 4.0


def bot_choices(kg, phones: int) -> list[int]:
    """The counts of bots a solo game may seat beside one person and ``phones`` phone seats: the
    game's own counts (and none, once phones make up the numbers) within its player counts."""
    game = engine_games.get(kg.game)
    hi = game.max_players - 1 - phones
    lo = max(0 if phones else 1, game.min_players - 1 - phones)
    counts = sorted(n for n in set(kg.solo_bots) | ({0} if phones else set()) if lo <= n <= hi)
    return counts or [max(lo, 0)]


class HomeScreen(Screen):
    level = NumericProperty(1)
    box = StringProperty("base")
    can_resume = BooleanProperty(False)
    resume_text = StringProperty("")
    history = StringProperty("")
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
    lesson_armed = BooleanProperty(False)     # "First game?" tapped once over a saved game: it asks

    def tap_lesson(self):
        """The guided first match.  Over a saved unfinished game (a tournament left for later),
        which a new game closes, the first tap only asks (the button says so) and a second one
        within LESSON_ARMED seconds starts it: a newcomer's curiosity should not end it unseen."""
        app = App.get_running_app()
        if app.table.unfinished() is not None and not self.lesson_armed:
            self.lesson_armed = True
            Clock.unschedule(self._disarm_lesson)
            Clock.schedule_once(self._disarm_lesson, LESSON_ARMED)
            return
        self._disarm_lesson()
        app.start_lesson()

    def _disarm_lesson(self, *_):
        self.lesson_armed = False

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
            b.title = engine_games.get(b.game).title(lang)
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
        t = app.table
        row = t.unfinished()
        self.can_resume_table = row is not None
        if row is not None:
            self.table_resume_text = (app.tr_fn("resume_game", lang, game=engine_games.get(row[1]).title(lang)))
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
        lang, tr = app.lang, app.tr_fn
        if not self._game_known:
            # The game chosen last shows first (its unfinished game with its Resume button).
            self._game_known = True
            last = c.store.get("home_game", "challengers")
            if last == "challengers" or kiosk_games.find(last) is not None:
                self.game = last
        self._game_buttons(lang)
        self._table_panel(app)
        # Challengers!' unfinished game (at the table, like every game's): its players and actions so far.
        row = app.solo_controller.unfinished()
        self.can_resume = row is not None
        self.resume_text = (f"({' / '.join(display_name(n, lang) for n in row[1])}, {row[2]})"
                            if row is not None and row[1] else "")
        dated = []
        for g in c.store.history(8):
            try:
                s = setup_from_json(g["setup_json"])
            except Exception:  # noqa: BLE001, S112 - an unreadable finished game is left out of the list
                continue
            names = [display_name(n, lang) for n in s.players] + ([tr("robot", lang)] if len(s.players) % 2 else [])
            when = datetime.datetime.fromtimestamp(g["finished"]).strftime("%Y-%m-%d %H:%M")
            w = names[g["winner"]] if g["winner"] is not None and g["winner"] < len(names) else "?"
            dated.append((g["finished"], f"{when}\n   {' – '.join(names)}: [b]{w}[/b]"))
        dated += self._table_history(app)
        dated.sort(key=lambda x: -x[0])
        self.history = "\n".join(line for _, line in dated[:6]) or tr("no_history", lang)

    @staticmethod
    def _table_history(app):
        """(finished, line) of the latest games at the table: game, players, winner."""
        import json
        out = []
        for _gid, game, setup_json, outcome_json, finished in app.store.table_history(8):
            try:
                setup = json.loads(setup_json)
                players = [display_name(n, app.lang) for n in setup["players"]]
                if game == "challengers" and len(players) % 2:
                    players.append(app.tr_fn("robot", app.lang))   # the engine seats the Robot with an odd number of people
                winners = json.loads(outcome_json)["winners"]
                title = engine_games.get(game).title(app.lang)
                lesson = setup.get("options", {}).get("lesson") if game == "challengers" else None
                if lesson in app.lib.lessons:     # a guided first match says so: it was no tournament
                    names = app.lib.lessons[lesson].names
                    title += " · " + names.get(app.lang, names["en"])
            except Exception:  # noqa: BLE001, S112 - an unreadable finished game is left out of the list
                continue
            when = datetime.datetime.fromtimestamp(finished).strftime("%Y-%m-%d %H:%M")
            w = ", ".join(players[i] for i in winners if i < len(players)) or "–"
            out.append((finished, f"{when} · {title}\n   {' – '.join(players)}: [b]{w}[/b]"))
        return out

    def reset(self):
        pass


Builder.load_file(os.path.join(os.path.dirname(__file__), "home.kv"))
