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
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "kiosk"))

from app_driver import Driver, run_app

NAMES = ("Anne-Sophie", "Bartholomew", "Chloé", "Dimitri")
#: Each game: how many phones sit on no half beside the two people at the table.
GAMES = {"between": 0, "wacky": 2, "cosplay": 2}
#: The longest wait for something the app does by itself (a loaded machine is slow, never this slow).
WAIT_SECONDS = 60.0
#: Frames drawn after a change before the screen is looked at.
FRAMES = 3


def overlaps(app):
    """The buttons drawn over the game (each half's "Phone", the seats panel's, the "?") that
    show, and every place where one covers the game's controls or texts, or another of them."""
    from fit_check import covered, help_buttons
    from kivy.core.window import Window
    qr = app.seat_qr
    buttons = {"phone-bottom": qr.ids.bottom.children[-1], "phone-top": qr.ids.top.children[-1],
               "seats-panel": next(w for w in qr.children if getattr(w, "text", None) == qr.panel_button
                                   and hasattr(w, "shown"))}
    shown = {k: b for k, b in buttons.items() if b.shown}
    over = {**shown, **help_buttons(app)}
    return sorted(shown), covered(over, app.sm.current_screen, Window.size)


def hook(app):
    from fit_check import black_bands, text_faults
    from kivy.clock import Clock
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

    def until(ready, seconds=WAIT_SECONDS):
        """Steps (for ``yield from``) until ``ready()`` holds or ``seconds`` have passed; whether it holds."""
        end = time.monotonic() + seconds
        while not ready():
            if time.monotonic() > end:
                return False
            yield 0.05
        return True

    def drawn(frames=FRAMES):
        """Steps until the window has drawn ``frames`` more frames: whatever the last change asked
        of the layout and the texts (a few frames' work) is done, however slowly frames come."""
        first = Clock.frames_displayed
        yield from until(lambda: Clock.frames_displayed >= first + frames)

    def script():
        out["window"] = list(Window.size)
        yield from drawn()
        qr = app.seat_qr
        for lang in ("en", "fr"):
            app.set_setting("lang", lang)
            for game, loose in GAMES.items():
                seats = [Seat.person(0), Seat.person(1)] + [Seat.phone() for _ in range(loose)]
                app.table.seed_games(20261123)
                app.table.new_game(game, seats, names=NAMES[:len(seats)])
                # Both halves' phone buttons can show their codes once the phone server serves
                # this game (it starts with the first game that offers seats).
                if not (yield from until(lambda: qr.ids.bottom.available and qr.ids.top.available)):
                    phones = app.phones
                    out.setdefault("phones_off", {})[f"{game}-{lang}"] = (
                        (phones.unavailable or "no phone server") if phones._server is None else "no codes shown")
                # With phones on no half, the seats panel opens by itself (else it stays closed).
                if (yield from until(lambda: qr.panel_open, WAIT_SECONDS if loose else 0)):
                    out.setdefault("panel_opened", []).append(game)
                    qr.toggle_panel()              # closed: the game under it is looked at
                yield from drawn()
                look(game, "start")
                for half in (0, 1):
                    app.table.look(half, True)
                    yield from drawn()
                    look(game, f"look{half}")
                    app.table.look(half, False)
                    yield from drawn()
                app.table.leave(abandon=True)
                app.sync()
                yield from drawn()
        drv.finish()

    drv.follow(script(), first=0.5)


if __name__ == "__main__":
    DATA, SHOTS, SIZE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    W, H = (int(x) for x in SIZE.split("x"))
    out = {"size": [W, H], "window": None, "looks": {}, "error": None}
    run_app(["--data", str(DATA), "--window", SIZE], hook, out, "PLACES-RESULT")
