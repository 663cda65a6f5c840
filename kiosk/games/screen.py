"""The base class of every game's screens.

A game screen is bound to small view-model properties (Kivy properties of the screen) that
:meth:`GameScreen.update` sets from the table's observations after every change; its ``.kv``
binds widgets to them, sized in ``dp``/``sp``.  The app creates a screen when it is first
shown (``KIOSK.screens`` names it ``"module:Class"``) and calls :meth:`refresh` after each
change of the table.

Private cards: a screen puts a seat's private cards into widgets only while the table may show
them (:meth:`GameScreen.private_view`, which is None otherwise); everything else comes from the
public view (``observation(None)``).

What just happened: a game whose ``KIOSK`` says its moves (``say``) keeps a
:class:`kiosk.lastmove.LastMoves` strip in each half (``ids.happened``); after every change the
screen tells each half's seat the others' last moves (:func:`kiosk.table.happened.said_to`), and
the strip's "Log" opens the game's whole log (:meth:`GameScreen.open_log`) facing that half.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

from kiosk import cardmotion, widgets
from kiosk.games.descriptor import LOOK, NOTHING, KioskGame
from kiosk.lastmove import LogPage
from kiosk.table.happened import Said, log_lines, said_to
from kiosk.widgets import upright


class ChoiceButton(Button):
    """A button of a half's choice row, coloured by what it means: ``meaning`` is a name of
    :data:`kiosk.palette.PALETTE` (``"lit"``: the choice to make; ``"option"``: another kind of
    choice beside it; ``"neutral"``: cancel, go back), so a change of palette recolours it."""

    meaning = StringProperty("lit")


Builder.load_string("""
#:import palette kiosk.palette.PALETTE
<ChoiceButton>:
    background_color: palette.option if self.meaning == "option" else (palette.neutral if self.meaning == "neutral" else palette.lit)
""")


class GameHalf(BoxLayout):
    """One side of a game's table (``ids.bottom``, half 0, and ``ids.top``, half 1, turned in a
    ``Flip``): what every game shows there -- whose it is, whether they act now, a sentence, and
    their hand (``ids.hand``, a :class:`kiosk.hand.HandStrip`, when the game has one).  A game's
    half adds its own properties; its screen sets them all in ``update``."""

    half = NumericProperty(0)
    screen = ObjectProperty(None, allownone=True)
    active = BooleanProperty(False)          # this side acts now (its turn, or its choice)
    who = StringProperty("")
    status = StringProperty("")
    hand_label = StringProperty("")
    portrait = BooleanProperty(False)        # its screen is upright (GameScreen.portrait, set by its .kv)


class GameScreen(Screen):
    """One screen of a game at a :class:`kiosk.table.LocalTable` (its ``table``).

    A screen with :class:`GameHalf` halves (``ids.bottom``, ``ids.top``) that hold a hand strip
    (``ids.hand``) has them wired at creation: a finger held on a strip looks (:meth:`hold`), a
    tap on a shown card calls ``choose_card(half, card)`` and faces are made by ``card_face(card,
    lit)``, both the game's."""

    table = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    #: Taller than wide (the Pi Touch Display 2 held upright, 720x1280): the game's ``.kv`` lays
    #: its halves out for portrait -- each half's parts stacked, its hand the width of the screen.
    portrait = BooleanProperty(False)
    kiosk: KioskGame | None = None        # set by the app when it creates the screen

    def __init__(self, **kw):
        super().__init__(**kw)
        for half in (0, 1):
            strip = self._hand_strip(half)
            if strip is not None:
                strip.on_hold = lambda down, half=half: self.hold(half, down)
                strip.on_choose = lambda card, half=half: self.choose_card(half, card)
                strip.make_face = self.card_face

    def on_size(self, _screen, size) -> None:
        """Upright or not, as the screen is now: a window resized or turned lays it out again."""
        self.portrait = upright(size)

    def _hand_strip(self, half: int):
        side = self.ids.get("bottom" if half == 0 else "top")
        return side.ids.get("hand") if side is not None else None

    def half_widget(self, half: int) -> GameHalf:
        return self.ids.bottom if half == 0 else self.ids.top

    def hold(self, half: int, down: bool) -> None:
        """A finger on ``half``'s hand strip: hold to look (only the seat's own person may)."""
        table = self.table
        seat = table.seat_on(half) if table is not None else None
        if seat is None or table.is_bot(seat):
            return
        table.look(half, down)

    # ------------------------------------------------------------------ refreshing
    def refresh(self, table, events=()) -> None:
        """The table changed (an action, a look, a new game): update the view-model."""
        self.table = table
        app = App.get_running_app()
        if app is not None:
            self.lang = app.lang
        if table is not None and table.playing:
            for half in (0, 1):
                strip = self._hand_strip(half)
                if strip is not None:
                    strip.face_style = self.lang    # a hand shown in another language is drawn again
            self.update(table, list(events))
            self.update_happened(table)
            if events:
                cardmotion.play_all(self.moments(list(events)), widgets.SPEED, widgets.FRAME)

    def update(self, table, events: list) -> None:
        """Set this screen's properties from ``table`` (override)."""

    def moments(self, events: list) -> list[tuple[str, Any]]:
        """The moments of the change that made ``events`` worth moving, as (kind, widget) for
        :func:`kiosk.cardmotion.play` (override; the widgets already show the change)."""
        return []

    def reset(self) -> None:
        """A setting changed (language, rotation): forget what depends on it."""

    # ------------------------------------------------------------------ what just happened, the log
    @property
    def game_data(self) -> Any:
        """The game's data (card names for ``KIOSK.say``)."""
        return self.table.data if self.table is not None else None

    @property
    def player_count(self) -> int:
        """How many seats the game has."""
        return len(self.table.seats) if self.table is not None else 0

    def said_to(self, seat: int) -> list[Said]:
        """What ``seat``'s half is told: the other seats' last moves, the most recent first."""
        kg, table = self.kiosk, self.table
        if kg is None or kg.say is None or table is None or not table.playing:
            return []
        return said_to(table.history.moves, seat, kg.say, self)

    def said_face(self, card: Any):
        """A card a sentence names, drawn by the game (its hand's face) in the colour of a
        card seen on the table, not of a hand shown face up."""
        face = self.card_face(card, False)
        face.seen = True
        return face

    def card_face(self, card: Any, lit: bool):
        """A card's face (a game's own; the default is the hand strip's)."""
        from kiosk.hand import small_card
        return small_card(str(card), lit)

    def update_happened(self, table) -> None:
        """Each half's strip: what its seat is told, the cards drawn that the public view shows
        now; the log follows while open."""
        kg = self.kiosk
        if kg is None or kg.say is None or kg.public_cards is None:
            return
        drawable = frozenset(kg.public_cards(table.observation(None)))
        for half in (0, 1):
            strip = self.half_widget(half).ids.get("happened")
            if strip is None:
                continue
            strip.screen = self
            strip.log_text = self.t("log_button")
            seat = table.seat_on(half)
            strip.show(self.said_to(seat) if seat is not None else [], self.said_face, drawable)
        page = self._log_page
        if page is not None and page.shown:
            page.show_lines(self.log_lines(), self.t("log_empty"))

    def log_lines(self) -> list[str]:
        """The game's log: every run of moves said for the whole table, in the order played."""
        kg, table = self.kiosk, self.table
        if kg is None or kg.say is None or table is None or not table.playing:
            return []
        return log_lines(table.history.moves, kg.say, self)

    _log_page: LogPage | None = None

    @property
    def log_page(self) -> LogPage:
        """The log's panel over this screen (made when first opened)."""
        if self._log_page is None:
            self._log_page = LogPage()
            self.add_widget(self._log_page)
        return self._log_page

    def open_log(self, half: int) -> None:
        """The game's log, facing the player of ``half``."""
        page = self.log_page
        page.title = self.t("game_log_title")
        page.open(self.log_lines(), self.t("log_empty"))
        page.turned = bool(half)

    def log_shown(self) -> bool:
        return self._log_page is not None and self._log_page.shown

    def close_overlay(self) -> bool:
        """Escape: close the log if it covers the screen (True when it did)."""
        if self.log_shown():
            self.log_page.close()
            return True
        return False

    def on_leave(self, *_):
        """The game is no longer on screen: its log closes with it."""
        self.close_overlay()

    def t(self, key: str, **fmt: Any) -> str:
        """A sentence in the table's language (:func:`kiosk.i18n.tr`)."""
        from kiosk import i18n
        return i18n.tr(key, self.lang, **fmt)

    def player_name(self, seat: int) -> str:
        """``seat``'s name on this screen: the kiosk's own names ("Player 1", "Robot") in the
        screen's language (:func:`kiosk.i18n.display_name`), a person's name as given."""
        from kiosk import i18n
        return i18n.display_name(self.table.setup.players[seat], self.lang)

    def is_bot(self, seat: int) -> bool:
        return self.table.is_bot(seat)

    def hint_text(self, half: int, pressed: str) -> str:
        """Why a press on ``half`` did nothing, in one sentence for that half: a bot's side says
        so; otherwise the game says it from the seat's observation (``KIOSK.hint``); "" when the
        game has nothing to say or nobody sits there."""
        table = self.table
        seat = table.seat_on(half) if table is not None and table.playing else None
        if seat is None or self.kiosk is None:
            return ""
        if table.is_bot(seat):
            return self.t("hint_bot_side", name=self.player_name(seat))
        return self.kiosk.hint(table.observation(seat), seat, table.legal(seat), pressed, self)

    # ------------------------------------------------------------------ views
    def public_view(self) -> dict[str, Any]:
        return self.table.observation(None)

    def private_view(self, seat: int | None) -> dict[str, Any] | None:
        """``seat``'s own observation while the table may show it (its person is looking), else None."""
        if seat is None or not self.table.may_show(seat):
            return None
        return self.table.observation(seat)

    # ------------------------------------------------------------------ inputs
    def choose(self, action) -> None:
        """A person's choice on the table: played at once, or -- in a game whose secret choice
        is locked on release (``KIOSK.lock_on_release``) -- kept until its owner stops looking."""
        t = self.table
        if t is None or not t.playing:
            return
        if t.lock_on_release and t.may_show(action.player):
            t.select(action.player, action)
        elif not t.is_bot(action.player):
            t.act(action)

    # ------------------------------------------------------------------ buttons
    def on_button(self, half: int | None, which: str, down: bool) -> bool:
        """A side's ``"primary"`` or ``"secondary"`` button went down (``down``) or up.  What it
        means comes from ``KIOSK.buttons``: hold to look, or ``button_<word>(half, down)`` here."""
        t = self.table
        if t is None or not t.playing or self.kiosk is None:
            return False
        if not down and which == "primary" and half in t.looking:
            t.look(half, False)             # a release always hides, whatever the button means now
            return True
        if which not in ("primary", "secondary"):
            return False                    # the shared toss button: this game has no use for it
        if down and self.log_shown():
            return False                    # the log covers the game: nothing reaches it
        seat = t.seat_on(half)
        if seat is None:
            return False
        if t.is_bot(seat):
            if down:
                t.refuse(half, which, "a bot plays this side")
            return False
        meaning = getattr(self.kiosk.buttons(t.observation(seat), seat, t.legal(seat)), which)
        if meaning == LOOK:
            t.look(half, down)
            return True
        handler = getattr(self, f"button_{meaning}", None) if meaning != NOTHING else None
        if handler is None:
            if down:
                t.refuse(half, which, f"the {which} button has no use now")
            return False
        return bool(handler(half, down))

    # ------------------------------------------------------------------ the end of a game
    def again_word(self) -> str:
        """The end screen's button that goes on: "Play again" at this table; "Go" at a café park,
        where it goes on to the next round."""
        return self.t("go") if getattr(self.table, "cafe", False) else self.t("bb_again")

    def go_home(self) -> None:
        App.get_running_app().leave_table()

    def play_again(self) -> None:
        """A new game seated as this one: the same mode, bot level and number of bots.  At a café
        park (its table's ``cafe``) the coordinator seats the next game: the held end goes, and
        the park shows what comes next."""
        table, kiosk = self.table, self.kiosk
        if getattr(table, "cafe", False):
            table.next_game()
            return
        if kiosk is None:
            return
        bots = [s for s in table.seats if s.is_bot]
        app = App.get_running_app()
        if not bots:
            app.start_table(kiosk.game, "two")
            return
        levels = [p for _, p in kiosk.levels]
        level = levels.index(bots[0].policy) if bots[0].policy in levels else None
        app.start_table(kiosk.game, "solo", level, bots=len(bots))
