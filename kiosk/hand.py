"""Hold to look: a seat's private cards on its own half of a shared table.

A :class:`HandStrip` shows a hand face down, with its count, until its owner looks: while they
hold their side's primary button, or a finger on this strip, the screen calls :meth:`show`
with the cards (small, along the owner's edge); when they let go it calls :meth:`hide` at once.
Hidden, the strip holds *no* card of the hand -- not in a widget, not in a property -- only how
many there are.  Each time the cards are hidden, the places they will take next time are drawn
again from a generator of the strip's own (not the game's: the game's replay never depends on
who looked), so where a finger goes tells nothing.  Looking, a tap on a card chooses it.

The strip reports, it does not decide: ``on_hold(down)`` when a finger starts or stops holding
it, ``on_choose(card)`` when a shown card is tapped.  A game gives ``make_face(card, lit)``
to draw its faces (default: :class:`SmallCard`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from kivy.graphics import Color, Line, SmoothRoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from kiosk.cardcolours import FACE

BACK = (0.22, 0.30, 0.52, 1)
BACK_EDGE = (0.75, 0.80, 0.95, 1)
FACE_DIM = (0.62, 0.61, 0.58, 1)
#: A card seen on the table drawn beside a sentence ("what just happened": kiosk.lastmove): a
#: cooler face than a hand's, so it is never taken for a hand shown face up.
FACE_SEEN = (0.80, 0.86, 0.95, 1)
LIT = (1.0, 0.80, 0.20, 1)


class CardBack(Widget):
    """A face-down card: a back and nothing else (no text, no id)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        with self.canvas:
            Color(*BACK)
            self._bg = SmoothRoundedRectangle(radius=[dp(5)])
            Color(*BACK_EDGE)
            self._edge = Line(width=dp(1.2))
        self.bind(pos=self._redraw, size=self._redraw)

    def _redraw(self, *_):
        self._bg.pos, self._bg.size = self.pos, self.size
        self._edge.rounded_rectangle = (self.x + dp(3), self.y + dp(3), self.width - dp(6), self.height - dp(6), dp(4))


class SmallCard(ButtonBehavior, Label):
    """A face-up card of a hand: its text on a light face; ``lit`` (it may be played now) rings it;
    ``seen``: a card of the table named by a sentence, not of a hand (:data:`FACE_SEEN`)."""

    card = StringProperty("")
    lit = BooleanProperty(False)
    seen = BooleanProperty(False)

    def __init__(self, **kw):
        kw.setdefault("color", (0.12, 0.12, 0.16, 1))
        kw.setdefault("bold", True)
        kw.setdefault("halign", "center")
        kw.setdefault("valign", "middle")
        kw.setdefault("font_size", sp(22))
        super().__init__(**kw)
        with self.canvas.before:
            self._ring_color = Color(*LIT)
            self._ring = SmoothRoundedRectangle(radius=[dp(7)])
            self._face_color = Color(*FACE)
            self._face = SmoothRoundedRectangle(radius=[dp(5)])
        self.bind(pos=self._redraw, size=self._redraw, lit=self._redraw, state=self._redraw, seen=self._redraw)
        self._redraw()

    def _redraw(self, *_):
        self.text_size = (self.width, None)
        ring = dp(4) if self.lit else 0
        self._ring_color.a = 1 if self.lit else 0
        self._ring.pos, self._ring.size = (self.x - ring, self.y - ring), (self.width + 2 * ring, self.height + 2 * ring)
        self._face_color.rgba = FACE_SEEN if self.seen else FACE if (self.lit or self.state == "down") else FACE_DIM
        self._face.pos, self._face.size = self.pos, self.size


def small_card(card: str, lit: bool) -> Widget:
    return SmallCard(text=card, card=card, lit=lit)


class HandStrip(Widget):
    """One seat's hand on its owner's half: face down with its count, or face up while looking."""

    count = NumericProperty(0)            # cards in the hand (public)
    shown = BooleanProperty(False)        # the faces are in the strip now
    holding = BooleanProperty(False)      # a finger holds the strip
    label = StringProperty("")            # what the face-down strip says ("5 cards · hold to look")
    lit_cards = ListProperty([])          # shown cards that may be played now
    card_width = NumericProperty(dp(54))
    card_height = NumericProperty(dp(76))
    #: What the faces are drawn in (the screen's language): faces made in another are made again.
    face_style = StringProperty("")

    def __init__(self, on_hold: Callable[[bool], None] | None = None,
                 on_choose: Callable[[str], None] | None = None,
                 make_face: Callable[[str, bool], Widget] = small_card, **kw):
        super().__init__(**kw)
        self.on_hold = on_hold or (lambda down: None)
        self.on_choose = on_choose or (lambda card: None)
        self.make_face = make_face
        self._rng = random.SystemRandom()     # never the game's generator
        self._places: dict[str, float] = {}   # card -> its sort key while shown
        self._hold_uid = None
        self._faces_style = ""
        self._caption = Label(font_size=sp(14), color=(0.85, 0.87, 0.92, 1), halign="center", valign="middle")
        self.bind(pos=self._layout, size=self._layout, label=self._layout)
        self._build([])

    # ------------------------------------------------------------------ showing and hiding
    def show(self, cards: Sequence[str], lit: Iterable[str] = ()) -> None:
        """Face up: ``cards`` (the owner is looking); ``lit``: those that may be played now."""
        lit = list(lit)
        for c in cards:
            if c not in self._places:
                self._places[c] = self._rng.random()
        order = sorted(cards, key=lambda c: self._places[c])
        self.count = len(cards)
        self.lit_cards = [c for c in order if c in lit]
        if self.shown and self._faces_style == self.face_style:
            self._rebuild_faces(order)
            return
        self.shown = True
        self._build(order)

    def hide(self, count: int) -> None:
        """Face down: ``count`` backs.  Leaving the faces draws new places for next time."""
        if not self.shown and count == self.count and len(self.children) == count + 1:
            return          # the same backs: every refresh of a table calls this, and widgets cost on a Pi
        if self.shown:
            self._places = {}
        self.count = count
        self.lit_cards = []
        self.shown = False
        self._build([])

    def _rebuild_faces(self, order: Sequence[str]) -> None:
        """Already face up: the faces of the cards still in the hand stay (their ring set
        again), faces are made only for the cards new to it.  A face costs a widget and its
        drawn words; a table refreshes after every move, and the owner's hand stays shown while
        they hold to look, other seats playing meanwhile."""
        kept = {f.card: f for f in self.faces()}
        for f in kept.values():
            f.lit = f.card in self.lit_cards
        if list(kept) == list(reversed(order)) and len(self.children) == len(order):
            return                                  # the same cards in the same places
        self.clear_widgets()
        for c in order:
            face = kept.get(c)
            self.add_widget(self._new_face(c) if face is None else face)
        self._layout()

    def _new_face(self, card: str) -> Widget:
        face = self.make_face(card, card in self.lit_cards)
        face.bind(on_release=lambda w, c=card: self.on_choose(c))
        return face

    def faces(self) -> list[Widget]:
        """The face-up cards now in the strip (empty while hidden)."""
        return [w for w in self.children if isinstance(w, SmallCard) or getattr(w, "card", None)]

    # ------------------------------------------------------------------ drawing
    def _build(self, order: Sequence[str]) -> None:
        self.clear_widgets()
        self._faces_style = self.face_style
        if order:
            for c in order:
                self.add_widget(self._new_face(c))
        else:
            for _ in range(int(self.count)):
                self.add_widget(CardBack())
            self.add_widget(self._caption)
        self._layout()

    def _layout(self, *_):
        cards = [w for w in self.children if w is not self._caption]
        cards.reverse()                        # children are kept last-added first
        n = len(cards)
        cw, ch = self.card_width, min(self.card_height, self.height - dp(4))
        gap = dp(6)
        if n:
            cw = min(cw, (self.width - gap * (n + 1)) / n) if not self.shown else min(cw * 1.15, (self.width - gap * (n + 1)) / n)
        if not self.shown:
            ch = min(ch, self.height * 0.62)
            cw = min(cw, ch * 0.7)
        total = n * cw + (n - 1) * gap if n else 0
        x0 = self.center_x - total / 2
        for i, w in enumerate(cards):
            w.size_hint = (None, None)
            w.size = (cw, ch)
            w.pos = (x0 + i * (cw + gap), self.y + dp(2))
        cap = self._caption
        cap.text = self.label if not self.shown else ""
        cap.size = (self.width, max(0, self.height - ch - dp(6)))
        cap.text_size = (cap.width, None)
        cap.pos = (self.x, self.y + ch + dp(4))

    # ------------------------------------------------------------------ touches
    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return False
        if self.shown and any(w.collide_point(*touch.pos) for w in self.faces()):
            return super().on_touch_down(touch)        # a tap on a shown card chooses it
        if self._hold_uid is None:
            self._hold_uid = touch.uid
            touch.grab(self)
            self.holding = True
            self.on_hold(True)
        return True

    def on_touch_up(self, touch):
        if touch.grab_current is self and touch.uid == self._hold_uid:
            touch.ungrab(self)
            self._hold_uid = None
            self.holding = False
            self.on_hold(False)
            return True
        return super().on_touch_up(touch)
