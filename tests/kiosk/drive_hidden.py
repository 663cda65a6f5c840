"""2-player table: while each side drafts, the other half shows none of its drawn cards.

python drive_hidden.py DATA_DIR  -> prints "HIDDEN-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "support"))

from kiosk.games.challengers import board as challengers  # noqa: E402
from kiosk.main import run  # noqa: E402

DATA = Path(sys.argv[1])
out = {"checks": 0, "leaks": [], "error": None}


def texts(widget):
    found = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for attr in ("text", "name"):
            v = getattr(w, attr, None)
            if isinstance(v, str) and v:
                found.append(v)
        stack.extend(w.children)
    return " | ".join(found)


def hook(app):
    from kivy.clock import Clock
    from leaks import screen_leaks

    from kiosk.cardtext import card_name

    def walk(w):
        stack = [w]
        while stack:
            x = stack.pop()
            yield x
            stack.extend(x.children)

    def check(label):
        c = app.controller
        t = app.table
        scr = app.sm.get_screen("deck")
        halves = {0: scr.ids.light, 1: scr.ids.dark}
        widgets = {id(w): side for side in (0, 1) for w in walk(halves[side])}

        def own_half(w, seat):
            """A player's Deck Phase is drawn on their own half, and nowhere else."""
            return widgets.get(id(w)) == t.half_of(seat)

        def names(card):
            try:
                return [card_name(c.lib.catalogue.card(card))]
            except (KeyError, TypeError):
                return []              # not a card's id: a word of the view

        for side in (0, 1):
            dp = c.deck_phase_at(side)
            if dp is None or not dp.drawn:
                continue
            own_text = texts(halves[side])
            out["own_seen"] = out.get("own_seen", 0) + sum(card_name(ct) in own_text for ct in dp.drawn)
            out["checks"] += len(dp.drawn)
        out["leaks"] += [f"{label}: {leak}" for leak in screen_leaks(t, walk(scr), names=names, allowed=own_half)]

    def go(dt):
        try:
            c = app.controller
            challengers.new_game(app.table, ("Light", "Dark"), seed=99)
            c.submit(0, "deck.option", 0)
            check("light drawn, dark choosing")
            c.submit(1, "deck.option", 0)
            check("both drawn")
            c.submit(0, "deck.pick", 0)
            check("light picked one")
            c.submit(1, "deck.redraw")
            check("dark redrew")
            c.submit(1, "deck.pick", 2)
            check("dark picked one")
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
        app.stop()

    Clock.schedule_once(go, 0.2)


rc = run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("HIDDEN-RESULT " + json.dumps(out), flush=True)
