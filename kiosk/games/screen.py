"""The base class of every game's screens.

A game screen is bound to small view-model properties (Kivy properties of the screen) that
:meth:`GameScreen.update` sets from the table's observations after every change; its ``.kv``
binds widgets to them, sized in ``dp``/``sp``.  The app creates a screen when it is first
shown (``KIOSK.screens`` names it ``"module:Class"``) and calls :meth:`refresh` after each
change of the table.

Private cards: a screen puts a seat's private cards into widgets only while the table may show
them (:meth:`GameScreen.private_view`, which is None otherwise); everything else comes from the
public view (``observation(None)``).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.screenmanager import Screen

from kiosk.games.descriptor import LOOK, NOTHING, KioskGame


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


class GameScreen(Screen):
    """One screen of a game at a :class:`kiosk.table.LocalTable` (its ``table``).

    A screen with :class:`GameHalf` halves (``ids.bottom``, ``ids.top``) that hold a hand strip
    (``ids.hand``) has them wired at creation: a finger held on a strip looks (:meth:`hold`), a
    tap on a shown card calls ``choose_card(half, card)`` and faces are made by ``card_face(card,
    lit)``, both the game's."""

    table = ObjectProperty(None, allownone=True)
    lang = StringProperty("en")
    kiosk: KioskGame | None = None        # set by the app when it creates the screen

    def __init__(self, **kw):
        super().__init__(**kw)
        for half in (0, 1):
            side = self.ids.get("bottom" if half == 0 else "top")
            strip = side.ids.get("hand") if side is not None else None
            if strip is not None:
                strip.on_hold = lambda down, half=half: self.hold(half, down)
                strip.on_choose = lambda card, half=half: self.choose_card(half, card)
                strip.make_face = self.card_face

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
            self.update(table, list(events))

    def update(self, table, events: list) -> None:
        """Set this screen's properties from ``table`` (override)."""

    def reset(self) -> None:
        """A setting changed (language, rotation): forget what depends on it."""

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
    def go_home(self) -> None:
        App.get_running_app().leave_table()

    def play_again(self) -> None:
        """A new game seated as this one: the same mode, bot level and number of bots."""
        table = self.table
        bots = [s for s in table.seats if s.is_bot]
        app = App.get_running_app()
        if not bots:
            app.start_table(self.kiosk.game, "two")
            return
        levels = [p for _, p in self.kiosk.levels]
        level = levels.index(bots[0].policy) if bots[0].policy in levels else None
        app.start_table(self.kiosk.game, "solo", level, bots=len(bots))
