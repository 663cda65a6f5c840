"""A Challengers! choice between two copies of one card, on the real match screen (offscreen,
800x480): a solo match is started, then the bottom half's choice panel is given a choice whose
options read the same but for the copy ("Bonhomme en pain d'épice : deck → banc (ex. 1)"), the
longest card name of the catalogue, and every option button's font and words are read back.

    python drive_fit_choice.py DATA_DIR ART_DIR LANG   ->   "FITCHOICE-RESULT {...}"
"""

import copy
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, play_deck_phase  # noqa: E402

from engine.choices import Choice  # noqa: E402
from kiosk.main import run  # noqa: E402

DATA, ART, LANG = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "buttons": []}
LONGEST = "gingerbread-man"


def hook(app):
    def script():
        app.set_setting("lang", LANG)
        c = app.controller
        c.new_game(("Ann",), seed=3, robot_level=1)
        play_deck_phase(c)
        yield 0.5
        scr = app.sm.get_screen("match")
        side = scr.ids.light
        real = c.match_view()
        m = copy.copy(real)
        me = c.match_side(0)
        ct = c.lib.catalogue.card(LONGEST)
        first = len(m.types)
        m.types = list(m.types) + [ct, ct]
        m.expect = ("choose", me)
        m.pending = Choice(me, "move", LONGEST, ((first,), (first + 1,)), ("deck", "bench"))
        side._refresh_choice(c, m, app.lang, app.tr_fn)
        yield 0.4
        for b in side._buttons:
            if b.opacity:
                out["buttons"].append({"words": b.words, "text": b.text, "font": b.font_size,
                                       "size": [b.width, b.height]})
        from kivy.metrics import sp
        out["least_font"] = sp(12)
        app.save_screenshot(ART / f"fit-choice-{LANG}.png")
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("FITCHOICE-RESULT " + json.dumps(out, ensure_ascii=False), flush=True)
