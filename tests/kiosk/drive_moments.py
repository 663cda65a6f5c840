"""Clear moments in the real app (offscreen, real touches and keys), 2 players:

- a press at the wrong moment (the other half's REVEAL touched, the wrong key) does nothing
  and shows a short hint on that half, which goes away;
- the last state of a match stays on screen (its deciding cards framed, a sentence saying who
  won and why) until a player taps; then the result.

    python drive_moments.py DATA_DIR SHOTS_DIR   ->   "MOMENTS-RESULT {...}"
"""

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, play_deck_phase, touch

from kiosk.main import run

DATA, SHOTS = Path(sys.argv[1]), Path(sys.argv[2])
out = {"error": None}
SEED = 7


def hook(app):
    from kivy.core.window import Window

    def key(ch):
        code = {" ": 32}.get(ch, ord(ch))
        Window.dispatch("on_key_down", code, 0, ch, [])
        Window.dispatch("on_key_up", code, 0)

    def hint(half):
        lab = app.hints.labels[half]
        return {"text": lab.text, "opacity": round(lab.opacity, 2)}

    def script():
        c = app.controller
        c.new_game(("Light", "Dark"), seed=SEED)
        play_deck_phase(c)
        yield 0.3
        m = c.match
        scr = app.sm.get_screen("match")
        # Play to a reveal; then the half that must wait touches its REVEAL button.
        while m.expect[0] != "reveal":
            c.submit(None, "match.toss") if m.expect[0] == "toss" else c.submit(c.half_of(m.pending.player), "match.choose", 0)
        yield 0.2
        waiting = 1 - c.half_of(m.expect[1])
        n = len(c.t.actions)
        button = (scr.ids.light if waiting == 0 else scr.ids.dark).ids.reveal
        out["before"] = hint(waiting)
        touch(button)
        out["wrong_touch"] = {"half": waiting, "hint": hint(waiting), "other": hint(1 - waiting),
                              "actions_added": len(c.t.actions) - n,
                              "expect_who": c.t.players[m.players[m.expect[1]]].name}
        yield 0.05
        app.save_screenshot(SHOTS / "hint-wrong-press.png")
        # It goes by itself (after a couple of seconds): waited for, however slow the machine.
        gone_by = time.monotonic() + 20
        while hint(waiting)["opacity"] > 0 and time.monotonic() < gone_by:
            yield 0.1
        out["hint_later"] = hint(waiting)
        # A key of the waiting half (a: bottom, l: top) at the wrong moment: the same.
        key("a" if waiting == 0 else "l")
        out["wrong_key"] = {"hint": hint(waiting), "actions_added": len(c.t.actions) - n}
        # Play the match to its end by keys and touches of the right halves.
        for _ in range(3000):
            if c.result is not None or c.t.over:
                break
            kind, side = m.expect
            if kind == "toss":
                key(" ")
            elif kind == "reveal":
                touch((scr.ids.light if c.half_of(side) == 0 else scr.ids.dark).ids.reveal)
            elif kind == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
            else:
                break
        yield 0.5
        held = {"screen": app.sm.current, "end_shown": scr.end_shown,
                "note": scr.ids.light.ids.end_note.text, "note_top": scr.ids.dark.ids.end_note.text,
                "winner": c.t.players[c.result["winner"]].name, "loser": c.t.players[c.result["loser"]].name,
                "reason": c.result["reason"],
                "framed": sum(f.selected for mid in (scr.ids.mid_light, scr.ids.mid_dark)
                              for f in [mid.ids.flag_card, *mid.chips] if f.opacity > 0),
                # The note's text texture, drawn over its box, and the box.
                "note_texture_h": scr.ids.light.ids.end_note.texture_size[1],
                "note_h": scr.ids.light.ids.end_note.height}
        app.save_screenshot(SHOTS / "match-end.png")
        # A reveal press now does nothing but say how to go on.
        key("a")
        held["press_hint"] = hint(0)
        yield 1.5
        held["still"] = app.sm.current
        out["held"] = held
        touch(pos=(Window.width / 2, Window.height * 0.3))
        yield 0.2
        out["after_tap"] = app.sm.current
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("MOMENTS-RESULT " + json.dumps(out), flush=True)
