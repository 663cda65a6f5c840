"""A card's icon drawn on its face: the picture of a :mod:`kiosk.iconset` icon, tinted.

The pictures are white on transparent, so one picture drawn under a :class:`~kivy.graphics.Color`
takes that colour: a card draws its set's, character's, vehicle's or role's icon in its own
colours, faint enough behind its words that the value and the name stay what is read first.

Each picture file is read once (:func:`texture`) and its texture shared by every card that
draws it; a card's icon is one coloured rectangle, in its canvas only while it shows
(:class:`CardIcon`), so a face with no icon costs nothing more to draw.
"""

from __future__ import annotations

from kivy.core.image import Image as CoreImage
from kivy.graphics import Color, InstructionGroup, Rectangle
from kivy.graphics.texture import Texture

from kiosk import iconset

#: picture file -> its texture, read once.
_TEXTURES: dict[str, Texture] = {}


def texture(name: str, pixels: float) -> Texture | None:
    """The texture of icon ``name`` to draw ``pixels`` wide (the picture :func:`iconset.picture`
    picks), or None for a name that is not an icon."""
    path = iconset.picture(name, pixels)
    if path is None:
        return None
    key = str(path)
    got = _TEXTURES.get(key)
    if got is None:
        got = _TEXTURES[key] = CoreImage(key).texture
    return got


class CardIcon:
    """One icon on a canvas, at a place and in a colour; in the canvas only while it shows.

    ``name`` and ``source`` say what it draws now ("" when nothing): the icon's name and the
    picture file its texture was read from (what the tests look for)."""

    def __init__(self, canvas):
        self.color = Color(1, 1, 1, 1)
        self.rect = Rectangle(size=(0, 0))
        self.group = InstructionGroup()
        canvas.add(self.group)
        self.name = ""
        self.source = ""
        self._drawn: tuple | None = None

    def place(self, name: str, x: float, y: float, side: float, rgba) -> None:
        """Draw icon ``name`` as a ``side``-pixel square at (x, y) in colour ``rgba``; nothing
        for a name that is not an icon or a square too small to tell anything."""
        tex = texture(name, side) if name and side >= 6 else None
        if tex is None:
            self.hide()
            return
        drawn = (name, x, y, side, tuple(rgba))
        if drawn == self._drawn:
            return                      # instructions are touched only on a change
        if self._drawn is None:
            self.group.add(self.color)
            self.group.add(self.rect)
        self._drawn = drawn
        self.color.rgba = tuple(rgba)
        self.rect.texture = tex
        self.rect.pos, self.rect.size = (x, y), (side, side)
        self.name, self.source = name, str(iconset.picture(name, side))

    def hide(self) -> None:
        if self._drawn is not None:
            self.group.clear()
            self._drawn = None
            self.name = self.source = ""


def faint(rgba, alpha: float) -> tuple:
    """``rgba`` at ``alpha`` opacity: an icon behind a card's words."""
    r, g, b = rgba[:3]
    return (r, g, b, alpha)


__all__ = ["CardIcon", "faint", "texture"]
