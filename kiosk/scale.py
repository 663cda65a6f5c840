"""How big one dp is on this screen: the kiosk's screens are designed at 800x480 and scaled.

Its own module (no Kivy) because both the start-up (:mod:`kiosk.main`, before the window
exists) and the running app (:mod:`kiosk.app`, when the window is resized) ask it.
"""

from __future__ import annotations

#: The size the screens were designed at: one dp is one pixel there.
DESIGN_SIZE = (800, 480)


def ui_scale(width: int, height: int) -> float:
    """Pixels per dp for a ``width`` x ``height`` screen: the 800x480 design scaled to fit it.

    The screens lay out in proportions wherever they can, so only the scarcer dimension
    matters: 1024x600 gives 1.25, 1920x1080 2.25 (its 1800 dp wide design leaves room to
    spare on each row, taken by the card benches), and the Pi Touch Display 2 held upright
    (720x1280) 0.9."""
    return round(min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]), 4)
