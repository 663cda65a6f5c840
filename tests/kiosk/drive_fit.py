"""Every card of the catalogue, EN and FR, on every card face size the screens use:
no text leaves its card or is cut.   python drive_fit.py DATA_DIR -> "FIT-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run  # noqa: E402

DATA = Path(sys.argv[1])
out = {"checked": 0, "bad": [], "error": None, "fr_names": 0, "round_powers": [], "cut": {}, "smallest": {}}

# (what, size, face options): the sizes the screens give their card faces at 800x480.
SIZES = [
    ("deck pick", (152, 176), {"name_size": 17, "text_size_": 13}),
    ("bench seat", (98, 164), {"name_size": 14, "text_size_": 14}),
    ("double seat", (200, 164), {"name_size": 14, "text_size_": 14}),
    ("remove", (94, 90), {"name_size": 12, "compact": True}),
    ("remove small", (76, 90), {"name_size": 12, "compact": True}),
    ("attack chip", (62, 62), {"name_size": 11, "compact": True}),
    ("flag chip", (70, 62), {"name_size": 11, "compact": True}),
    # The enlarged card a held finger shows (kiosk.widgets.CardZoom on a 240 px half): the whole text.
    ("enlarged", (319, 220), {"name_size": 22, "text_size_": 22, "full_text": True}),
]


def hook(app):
    from kivy.clock import Clock
    from kiosk.cardtext import card_name, card_text
    from kiosk.widgets import CardFace

    def go(dt):
        try:
            cat = app.lib.catalogue
            for lang in ("en", "fr"):
                for what, size, opts in SIZES:
                    face = CardFace(size_hint=(None, None), size=size, pos=(10, 10), **opts)
                    for ct in cat.cards.values():
                        face.show(ct, lang, total="12" if "chip" in what else "", count=2 if "seat" in what else 1)
                        if not face.compact:
                            assert face.text == card_text(ct, lang)
                        bad = face.overflows()
                        out["checked"] += 1
                        if face.text_cut():
                            out["cut"][f"{what} {lang}"] = out["cut"].get(f"{what} {lang}", 0) + 1
                        if face.text:
                            least = out["smallest"].get(what, 99)
                            out["smallest"][what] = min(least, face._body.font)
                        if bad:
                            out["bad"].append([lang, what, ct.id, bad])
                # A card whose power is the round (the Robot's Cyborg) shows that number.
                face = CardFace(size_hint=(None, None), size=(98, 164), pos=(10, 10))
                for ct in cat.cards.values():
                    if ct.round_power:
                        face.show(ct, lang, round_no=4)
                        out["round_powers"].append(face.power)
                for ct in cat.cards.values():
                    if lang == "fr" and ct.names.get("fr") and card_name(ct, "fr") == ct.names["fr"]:
                        out["fr_names"] += 1
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
        app.stop()

    Clock.schedule_once(go, 0.1)


run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("FIT-RESULT " + json.dumps(out), flush=True)
