"""A widget at opacity 0 draws nothing.

Kivy draws a widget at opacity 0 all the same: every pixel it covers is blended, invisibly.
The kiosk keeps its overlays in the tree and hides them with ``opacity: 0`` (the names
keyboard, the rules page, the match log, the hints, the alert, the phones' QR cards, the
enlarged card, the end-of-match note...), and in software rendering (Mesa llvmpipe, which
fills every pixel on the CPU) each hidden full-screen layer cost as much as a shown one:
about 30 ms of CPU per frame at 1920x1080, several of them on every screen.

:func:`install` makes every widget whose opacity becomes 0 draw outside the window, where
nothing is rasterised: the first time it is hidden its canvas gets a ``PushMatrix`` and a
``Translate`` first and a ``PopMatrix`` last, and the translation is set far away while the
widget is hidden and back to nothing when it shows again.  Its touches, layout and children
are unchanged (touches never depended on what is drawn); a widget never hidden pays nothing.
:func:`seen` tells whether a widget shows at all (in the window, and nothing up to it hidden).
"""

from __future__ import annotations

from kivy.graphics import PopMatrix, PushMatrix, Translate
from kivy.uix.widget import Widget

#: How far a hidden widget is drawn (px): outside any window, of any size or rotation.
AWAY = -1.0e6

_installed = [False]


def shift(widget) -> Translate | None:
    """The translation that takes ``widget``'s drawing away while hidden (None: never hidden)."""
    return getattr(widget, "_unseen_shift", None)


def _on_opacity(self, _instance, value):
    canvas = self.canvas
    if canvas is None:
        return
    canvas.opacity = value
    move = shift(self)
    if value <= 0:
        if move is None:
            # noadd: an opacity set inside a ``with canvas:`` block must not draw these there too.
            move = Translate(noadd=True)
            canvas.before.insert(0, move)
            canvas.before.insert(0, PushMatrix(noadd=True))
            canvas.after.add(PopMatrix(noadd=True))
            self._unseen_shift = move
        if move.x != AWAY:
            move.xy = (AWAY, AWAY)
    elif move is not None and move.x != 0:
        move.xy = (0, 0)


def seen(widget) -> bool:
    """Drawn on screen: ``widget`` and every parent up to the window are not see-through (a
    widget off the window, e.g. on a screen not shown, is not seen either)."""
    from kivy.core.window import Window
    w = widget
    while w is not None:
        if getattr(w, "opacity", 1) <= 0.01:
            return False
        up = getattr(w, "parent", None)
        if up is None or up is w:           # the window is its own parent
            return w is Window
        w = up
    return False


def install() -> None:
    """From now on a widget at opacity 0 draws nothing (once per process)."""
    if _installed[0]:
        return
    init = Widget.__init__

    def __init__(self, **kw):
        init(self, **kw)
        # ``Widget(opacity=0)`` sets its opacity before it has a canvas.
        if self.opacity <= 0 and shift(self) is None:
            _on_opacity(self, self, self.opacity)

    Widget.__init__ = __init__
    Widget.on_opacity = _on_opacity
    _installed[0] = True
