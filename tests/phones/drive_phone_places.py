"""The phones' buttons on every game with hidden hands, at one window size, in the real app
(offscreen), in English then French: each half's "Phone" button and the seats panel's button sit
in the places the game keeps for them, covering none of the game's controls or texts, and every
text of the game's screen fits its widget (tests/kiosk/fit_check.py).

    python drive_phone_places.py DATA_DIR SHOTS_DIR WxH   ->   "PLACES-RESULT {...}"

Each game is seated with a person on each half (both halves have a "Phone" button) and, where the
game seats more players, two phones on no half (the seats panel's button shows).  It is looked at
as it starts and while each half's person holds their hand open.  Pictures (English) go to
SHOTS_DIR as phones-GAME-WxH.png.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "kiosk"))

from app_driver import Driver, run_app, walk

NAMES = ("Anne-Sophie", "Bartholomew", "Chloé", "Dimitri")
#: Each game: how many phones sit on no half beside the two people at the table.
GAMES = {"between": 0, "wacky": 2, "cosplay": 2}


def _box(w):
    """(x0, y0, x1, y1) of ``w`` on the window (a turned half turns its corners too)."""
    xs, ys = [], []
    for corner in ((w.x, w.y), (w.right, w.top)):
        x, y = w.to_window(*corner)
        xs.append(x)
        ys.append(y)
    return min(xs), min(ys), max(xs), max(ys)


def _visible(w) -> bool:
    while w is not None and w.parent is not w:          # the window is its own parent
        if getattr(w, "opacity", 1) <= 0.01:
            return False
        w = w.parent
    return True


def _name(w) -> str:
    wid = next((k for p in (w.parent, getattr(w.parent, "parent", None)) if p is not None
                for k, v in getattr(p, "ids", {}).items() if v is w), None)
    text = str(getattr(w, "text", "") or getattr(w, "label", "") or "")[:30]
    return f"{type(w).__name__}{'#' + wid if wid else ''}{' ' + repr(text) if text else ''}"


def controls(screen):
    """What a person reads or touches on ``screen``: its buttons, cards, hand strips and texts."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label

    from kiosk.hand import HandStrip
    from kiosk.widgets import CardFace, TextLine
    for w in walk(screen):
        if w.width < 2 or w.height < 2 or not _visible(w):
            continue
        if isinstance(w, (ButtonBehavior, HandStrip, CardFace)) or (
                isinstance(w, (Label, TextLine)) and str(w.text).strip()):
            yield w


def overlaps(app):
    """Every (phones' button, game widget) pair whose boxes overlap on the window, and every
    phones' button off the window."""
    qr = app.seat_qr
    buttons = {"phone-bottom": qr.ids.bottom.children[-1], "phone-top": qr.ids.top.children[-1],
               "seats-panel": next(w for w in qr.children if getattr(w, "text", None) == qr.panel_button
                                   and hasattr(w, "shown"))}
    shown = {k: b for k, b in buttons.items() if b.shown}
    found = []
    for k, b in shown.items():
        bx0, by0, bx1, by1 = _box(b)
        if bx0 < -1 or by0 < -1 or bx1 > W + 1 or by1 > H + 1:
            found.append(f"{k} off the window: {int(bx0)},{int(by0)}-{int(bx1)},{int(by1)}")
        for w in controls(app.sm.current_screen):
            x0, y0, x1, y1 = _box(w)
            dx, dy = min(bx1, x1) - max(bx0, x0), min(by1, y1) - max(by0, y0)
            if dx > 1 and dy > 1:
                found.append(f"{k} covers {_name(w)} by {int(dx)}x{int(dy)} px")
    for (k1, b1), (k2, b2) in ((a, b) for i, a in enumerate(shown.items()) for b in list(shown.items())[i + 1:]):
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = _box(b1), _box(b2)
        if min(ax1, bx1) - max(ax0, bx0) > 1 and min(ay1, by1) - max(ay0, by0) > 1:
            found.append(f"{k1} covers {k2}")
    return sorted(shown), found


def hook(app):
    from fit_check import black_bands, text_faults
    from kivy.core.window import Window

    from kiosk.table.seats import Seat
    drv = Driver(app, out, SHOTS)

    def look(game, moment):
        lang = app.lang
        shown, found = overlaps(app)
        key = f"{game}-{moment}-{lang}"
        entry = {"buttons": shown, "overlaps": found, "faults": text_faults(app.root, Window.size), "bands": []}
        if moment == "start" and lang == "en":
            tex = app.root.export_as_image().texture
            pixels = bytes(tex.pixels)
            entry["bands"] = black_bands(pixels, tex.width, tex.height)
            from PIL import Image
            SHOTS.mkdir(parents=True, exist_ok=True)
            Image.frombytes("RGBA", (tex.width, tex.height), pixels).save(
                SHOTS / f"phones-{game}-{W}x{H}.png", compress_level=3)
        out["looks"][key] = entry

    def script():
        out["window"] = list(Window.size)
        yield 0.4
        for lang in ("en", "fr"):
            app.set_setting("lang", lang)
            for game, loose in GAMES.items():
                seats = [Seat.person(0), Seat.person(1)] + [Seat.phone() for _ in range(loose)]
                app.table.seed_games(20261123)
                app.table.new_game(game, seats, names=NAMES[:len(seats)])
                yield 0.3
                if app.seat_qr.panel_open:
                    out.setdefault("panel_opened", []).append(game)
                    app.seat_qr.toggle_panel()          # closed: the game under it is looked at
                    yield 0.1
                look(game, "start")
                for half in (0, 1):
                    app.table.look(half, True)
                    yield 0.2
                    look(game, f"look{half}")
                    app.table.look(half, False)
                    yield 0.1
                app.table.leave(abandon=True)
                app.sync()
                yield 0.1
        drv.finish()

    drv.follow(script(), first=0.5)


if __name__ == "__main__":
    DATA, SHOTS, SIZE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    W, H = (int(x) for x in SIZE.split("x"))
    out = {"size": [W, H], "window": None, "looks": {}, "error": None}
    run_app(["--data", str(DATA), "--window", SIZE], hook, out, "PLACES-RESULT")
