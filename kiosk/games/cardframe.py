"""A table game's card drawn as a card: the face, a frame and a band in the card's colour; and
a public card's words sized in markup, shrunk together to fit their place (:class:`MarkupFace`).

The hand cards of Between Battle, Wacky Challenge and Cosplay Team Battle are :class:`FramedCard`
(a :class:`kiosk.hand.SmallCard`, so the hand strip, the lit ring and the fit check treat them as
before): around the words, a frame in the card's colour (``tint``: a vehicle, a kind of card),
and a band of that colour across its top edge (``band``: its owner's colour where the game has
one, else the tint).  Only lines and rectangles are drawn: the words stay the label's own, where
the fit check measures them.
"""

from __future__ import annotations

import re

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import ListProperty, StringProperty
from kivy.uix.label import Label

from kiosk.hand import SmallCard

#: The frame of a card whose game gives it no colour.
PLAIN = (0.42, 0.45, 0.52, 1)


def lighter(rgba, share: float = 0.55) -> tuple:
    """``rgba`` mixed with white (``share`` of white): a card's face in its colour, light enough
    for dark words."""
    r, g, b, a = rgba
    return (r + (1 - r) * share, g + (1 - g) * share, b + (1 - b) * share, a)


class FramedCard(SmallCard):
    """A face-up card with a frame and a top band in its colours (see the module)."""

    tint = ListProperty(list(PLAIN))
    band = ListProperty([])

    def __init__(self, **kw):
        super().__init__(**kw)
        with self.canvas.before:
            self._frame_color = Color(*self.tint)
            self._frame = Line(width=dp(1.4))
            self._band_color = Color(*(self.band or self.tint))
            self._band = Rectangle()
        self.bind(tint=self._redraw, band=self._redraw)
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


__all__ = ["FACE_SCALES", "PLAIN", "FramedCard", "MarkupFace", "lighter", "scaled_markup"]
