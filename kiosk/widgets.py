"""Shared widgets: a half turned 180° (touch included), card faces, buttons."""

from __future__ import annotations

import os

from kivy.animation import Animation
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.relativelayout import RelativeLayout

Builder.load_file(os.path.join(os.path.dirname(__file__), "widgets.kv"))

LEVEL_COLORS = {"S": (0.86, 0.84, 0.78, 1), "A": (0.72, 0.86, 0.72, 1), "B": (0.70, 0.80, 0.95, 1),
                "C": (0.95, 0.78, 0.62, 1), "R": (0.80, 0.80, 0.80, 1), "SOLO": (0.85, 0.75, 0.90, 1)}
ANIM = 0.2     # seconds: every animation stays under 250 ms


class Flip(RelativeLayout):
    """A layout whose content (drawing and touches) is turned by 180° when ``flipped``."""

    flipped = BooleanProperty(False)

    def to_local(self, x, y, **k):
        if self.flipped:
            return (self.right - x, self.top - y)
        return (x - self.x, y - self.y)

    def to_parent(self, x, y, **k):
        if self.flipped:
            return (self.right - x, self.top - y)
        return (x + self.x, y + self.y)


class CardFace(ButtonBehavior, BoxLayout):
    """A card: name, level and base power, generated text, and a total when in play."""

    name = StringProperty("")
    level = StringProperty("")
    power = StringProperty("")
    text = StringProperty("")
    total = StringProperty("")
    bg = ListProperty([0.9, 0.9, 0.9, 1])
    selected = BooleanProperty(False)
    name_size = NumericProperty(15)
    text_size_ = NumericProperty(11)

    @classmethod
    def of(cls, ct, lang, total="", **kw):
        from kiosk.cardtext import card_name, card_text
        power = "R" if ct.round_power else str(ct.power)
        return cls(name=card_name(ct, lang), level=ct.level, power=power, text=card_text(ct, lang),
                   total=total, bg=list(LEVEL_COLORS.get(ct.level, (0.9, 0.9, 0.9, 1))), **kw)

    def appear(self):
        """Fade and slide in (reveals, benching); never blocks input."""
        self.opacity = 0
        Animation(opacity=1, d=ANIM, t="out_quad").start(self)
