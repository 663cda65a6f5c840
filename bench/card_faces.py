"""What one card face costs to draw: CardFace.show() plus its redraw, per card, at the sizes the
screens use at 800x480, with the text textures already cached (a reveal in play) and not (the
first time a card is seen).

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/card_faces.py [--rounds 5]

CPU time of the main thread (time.process_time_ns), not wall time: on a shared machine the
wall clock also counts other processes.  Prints the median and p99 per face, in microseconds.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [x for x in sys.path if os.path.abspath(x or ".") != _HERE]

SIZES = [("bench seat", (98, 164), {"name_size": 14, "text_size_": 14}),
         ("deck pick", (152, 176), {"name_size": 17, "text_size_": 13}),
         ("attack chip", (62, 62), {"name_size": 11, "compact": True})]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5, help="passes over the catalogue (cached textures)")
    a = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    from kivy.config import Config
    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    importlib.import_module("kivy.core.window")   # the window is the textures' GL context

    import cards
    from engine.challengers.library import load
    from kiosk import cardtext, fonts, widgets
    fonts.use(fonts.find())
    lib = load(cards)
    cardtext.use_catalogue(lib.catalogue)
    types = sorted(lib.catalogue.cards.values(), key=lambda ct: ct.id)
    print(f"{'face':12} {'textures':8} {'median µs':>10} {'p99 µs':>8}  ({len(types)} cards)")
    for what, size, opts in SIZES:
        face = widgets.CardFace(size_hint=(None, None), size=size, pos=(10, 10), **opts)
        for cached in (False, True):
            if not cached:
                widgets._TEX.clear()
                widgets._FIT.clear()
            times = []
            for _ in range(a.rounds if cached else 1):
                for ct in types:
                    t0 = time.process_time_ns()
                    face.show(ct, "en", round_no=3)
                    face.update()
                    times.append((time.process_time_ns() - t0) / 1000)
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"{what:12} {'cached' if cached else 'new':8} {statistics.median(times):>10.1f} {p99:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
