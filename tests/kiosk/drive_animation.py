"""2-player table: reveal taps made while a reveal animation runs are never lost.

python drive_animation.py DATA_DIR  -> prints "ANIM-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import play_deck_phase  # noqa: E402

from kiosk.main import run  # noqa: E402

DATA = Path(sys.argv[1])
out = {"double_taps": 0, "taps_during_animation": 0, "legal_taps": 0, "reveals": 0, "error": None}


def hook(app):
    from kivy.animation import Animation
    from kivy.clock import Clock

    state = {"steps": 0}

    def button(side):
        scr = app.sm.get_screen("match")
        return (scr.ids.light if side == 0 else scr.ids.dark).ids.reveal

    def tap(side):
        c = app.controller
        m = c.match
        legal = m is not None and m.expect == ("reveal", c.match_side(side))
        before = m.reveals if m is not None else 0
        b = button(side)
        if side == 0:
            # The light half is not turned: a real touch at the button's centre, through the Window.
            from kivy.tests.common import UnitTestTouch
            touch = UnitTestTouch(*b.to_window(*b.center))
            touch.touch_down()
            touch.touch_up()
            out["real_touches"] = out.get("real_touches", 0) + 1
        else:
            b.dispatch("on_release")
        if legal:
            out["legal_taps"] += 1
            out["reveals"] += c.match.reveals - before if c.match is not None else 1

    def step(dt):
        c = app.controller
        try:
            if c.t is None or c.t.over or state["steps"] > 40:
                app.stop()
                return
            t = c.t
            if t.phase in ("deck", "final-deck"):
                play_deck_phase(c, by_half=True)
            elif c.result is not None:
                c.ack_result()
            elif c.match is not None:
                m = c.match
                kind, side = m.expect
                if kind == "toss":
                    c.submit(None, "match.toss")
                elif kind == "choose":
                    c.submit(c.half_of(m.pending.player), "match.choose", 0)
                elif kind == "reveal":
                    state["steps"] += 1
                    side = c.half_of(side)
                    tap(side)                                  # starts a reveal animation
                    running = bool(Animation._instances)
                    out["taps_during_animation"] += running
                    out["double_taps"] += 1
                    tap(side)                                  # a second tap, during it
            Clock.schedule_once(step, 0.03)
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()

    def go(dt):
        app.controller.new_game(("Light", "Dark"), seed=7)
        Clock.schedule_once(step, 0.1)

    Clock.schedule_once(go, 0.2)


rc = run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("ANIM-RESULT " + json.dumps(out), flush=True)
