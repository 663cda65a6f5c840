"""A table game's card drawn as a card: the face, a frame and a band in the card's colour; and
a public card's words sized in markup, shrunk together to fit their place (:class:`MarkupFace`).

The hand cards of Between Battle, Wacky Challenge and Cosplay Team Battle are :class:`FramedCard`
(a :class:`kiosk.hand.SmallCard`, so the hand strip, the lit ring and the fit check treat them as
before): around the words, a frame in the card's colour (``tint``: a vehicle, a kind of card),
and a band of that colour across its top edge (``band``: its owner's colour where the game has
one, else the tint), and behind its words the icon of what the card belongs to (``icon``: a
:mod:`kiosk.iconset` name -- a character, a vehicle, a kind of card), faint in the frame's colour
and as large as the face allows.  Only lines, rectangles and that one picture are drawn: the
words stay the label's own, where the fit check measures them, and stay what is read first.

A public card of the table (a Wacky route card, a Cosplay zone, a Between pile) draws its icon
the same way through :class:`CardIconMixin`, over the face its ``.kv`` rule draws, under its words.
"""

from __future__ import annotations

import re

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.label import Label

from kiosk.cardcolours import PLAIN
from kiosk.cardicon import CardIcon, faint
from kiosk.hand import SmallCard

#: How strongly a card's icon shows behind its words (the words stay black on a light face).
ICON_ALPHA = 0.42
#: A hand card's icon: at most this share of its face's height (the value stays clear of it).
ICON_SHARE = 0.62


def lighter(rgba, share: float = 0.55) -> tuple:
    """``rgba`` mixed with white (``share`` of white): a card's face in its colour, light enough
    for dark words."""
    r, g, b, a = rgba
    return (r + (1 - r) * share, g + (1 - g) * share, b + (1 - b) * share, a)


class FramedCard(SmallCard):
    """A face-up card with a frame and a top band in its colours (see the module)."""

    tint = ListProperty(list(PLAIN))
    band = ListProperty([])
    icon = StringProperty("")           # a kiosk.iconset name ("": none)

    def __init__(self, **kw):
        super().__init__(**kw)
        with self.canvas.before:
            self._frame_color = Color(*self.tint)
            self._frame = Line(width=dp(1.4))
            self._band_color = Color(*(self.band or self.tint))
            self._band = Rectangle()
        self.picture = CardIcon(self.canvas.before)     # over the face, under the words
        self.bind(tint=self._redraw, band=self._redraw, icon=self._redraw)
        self._redraw()

    def _redraw(self, *_):
        super()._redraw()
        if not hasattr(self, "_frame"):
            return                  # SmallCard draws its face first, before the frame exists
        inset = dp(2.5)
        self._frame_color.rgba = self.tint
        self._frame.rounded_rectangle = (self.x + inset, self.y + inset, self.width - 2 * inset,
                                         self.height - 2 * inset, dp(4))
        self._band_color.rgba = self.band or self.tint
        self._band.pos = (self.x + dp(6), self.top - inset - dp(4))
        self._band.size = (max(0.0, self.width - dp(12)), dp(3))
        side = min(self.width - dp(10), self.height * ICON_SHARE)
        self.picture.place(self.icon, self.center_x - side / 2, self.center_y - side / 2, side,
                           faint(self.tint, ICON_ALPHA))


class CardIconMixin:
    """A public card's icon (``icon``: a :mod:`kiosk.iconset` name, "" for none) in the middle
    of the widget, ``icon_share`` of its smaller side, in ``icon_rgba``: drawn in the widget's
    own ``canvas``, so after the ``canvas.before`` of its ``.kv`` rule (over its face and frame)
    and before its children (its words).  Not in ``canvas.before``: a widget a ``.kv`` rule
    declares gets its class rule only after its ``__init__``, whose drawing would then cover the
    icon.  Mixed into a widget class (whose rule draws nothing in ``canvas``) before Kivy's."""

    icon = StringProperty("")
    icon_rgba = ListProperty([1, 1, 1, 0.16])
    icon_share = NumericProperty(0.8)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.picture = CardIcon(self.canvas)
        # Placed once before the next frame, however many changes come first (a tile moved from
        # line to line is moved several times in one layout pass).
        place = Clock.create_trigger(self._place_icon, -1)
        for prop in ("icon", "icon_rgba", "icon_share", "pos", "size"):
            self.fbind(prop, place)
        self._place_icon()

    def _place_icon(self, *_):
        side = min(self.width, self.height) * self.icon_share
        self.picture.place(self.icon, self.center_x - side / 2, self.center_y - side / 2, side, self.icon_rgba)


#: A size in a face's markup ("[size=14]"): scaled down together when the place is too small.
SIZE_TAG = re.compile(r"\[size=(\d+)\]")
#: How far a face's type may shrink to fit (Large text on an 800x480 screen needs about 0.9).
FACE_SCALES = (1.0, 0.93, 0.86, 0.8, 0.74)


def scaled_markup(text: str, scale: float) -> str:
    """``text`` with every ``[size=N]`` of its markup times ``scale`` (at least 6 px)."""
    if scale == 1.0:
        return text
    return SIZE_TAG.sub(lambda m: f"[size={max(6, int(int(m.group(1)) * scale))}]", text)


class MarkupFace(Label):
    """A card's words on the table (a Cosplay tile, a Between pile): ``face``, its sizes in its
    markup, drawn as large as it was made, or every size of it (and the type of the spaces
    between) a step smaller until all its lines fit (Large text: three lines at 800x480)."""

    face = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self._refit = Clock.create_trigger(self._fit)
        self._base = self.font_size
        self.bind(face=self._refit, size=self._refit)

    def _fit(self, *_):
        if not self.face or self.width < 8 or self.height < 8:
            self.font_size, self.text = self._base, self.face
            return
        for scale in FACE_SCALES:
            self.font_size = self._base * scale
            self.text = scaled_markup(self.face, scale)
            self.texture_update()
            if self.texture_size[1] <= self.height and self.texture_size[0] <= self.width:
                return


__all__ = ["FACE_SCALES", "ICON_ALPHA", "PLAIN", "CardIconMixin", "FramedCard", "MarkupFace", "lighter",
           "scaled_markup"]
