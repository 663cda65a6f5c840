"""What just happened at a Challengers! table, in the real app (offscreen, real taps): a solo
match against the Robot, played by tapping the bottom half's REVEAL (and the toss button); after
each of the Robot's moves the bottom half's strip says it and names no card the table may not
see; each half's "Log" opens the match log facing that half.

    python drive_challengers_lastmove.py DATA_DIR ART_DIR LANG   ->   "CHLASTMOVE-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, play_deck_phase, touch  # noqa: E402

from engine.challengers.game import observe  # noqa: E402
from kiosk.main import run  # noqa: E402

DATA, ART, LANG = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "robot_moves": [], "faults": [], "log": {}}
SEED = 11


def hook(app):
    def public_ids(c):
        """Every card id the public view shows (straight from the engine's observer)."""
        obs = observe(c.t, None)
        seen = {x for m in obs["matches"] for x in m["cards"] if x is not None}
        ended = c.table.observation(None).get("ended") or ()
        return seen | {x for m in ended for x in m["cards"] if x is not None}

    def script():
        app.set_setting("lang", LANG)
        c = app.controller
        c.new_game(("Ann",), seed=SEED, robot_level=1)
        play_deck_phase(c)
        yield 0.5
        scr = app.sm.get_screen("match")
        strip = scr.ids.light.ids.happened
        robot = "Robot"
        seen_moves = 0
        for _ in range(200):
            if c.t is None or c.t.over or len(out["robot_moves"]) >= 4:
                break
            if c.result is not None:                      # a match ended: on to the next one
                c.ack_result()
                play_deck_phase(c)
                yield 0.4
                continue
            m = c.match
            if m is None:
                yield 0.3
                continue
            kind, side = m.expect
            if kind == "toss":
                touch(scr.ids.toss)
            elif kind == "reveal" and c.half_of(side) == 0:
                before = len(c.table.actions)
                touch(scr.ids.light.ids.reveal)
                yield 0.2
                if len(c.table.actions) == before:
                    out["faults"].append("a tap on REVEAL did nothing")
            elif kind == "choose" and c.half_of(m.pending.player) == 0:
                touch(scr.ids.light._buttons[0])
            else:
                yield 0.1                                 # the Robot's move
            yield 0.3
            moves = c.table.history.moves
            robot_moved = [k for k in range(seen_moves, len(moves)) if moves[k].seat == 1]
            seen_moves = len(moves)
            if robot_moved and c.match is not None:
                texts = strip.said_texts()
                drawn = [x[0].id if isinstance(x, tuple) else getattr(x, "id", x) for x in strip.drawn_cards()]
                visible = public_ids(c)
                last = moves[robot_moved[-1]]
                hidden_named = sorted(cid for cid in {e.card for e in last.events if e.card} - visible
                                      if any(c.lib.catalogue.card(cid).name in t for t in texts))
                out["robot_moves"].append({"texts": texts, "drawn": drawn, "robot_named": robot in " ".join(texts),
                                           "drawn_visible": all(x in visible for x in drawn),
                                           "hidden_named": hidden_named})
                if len(out["robot_moves"]) == 2:
                    app.save_screenshot(ART / f"ch-lastmove-{LANG}.png")
            yield 0.2
        app.save_screenshot(ART / f"ch-lastmove-last-{LANG}.png")
        page = scr.ids.log_page
        for half, side in (("0", scr.ids.light), ("1", scr.ids.dark)):
            touch(side.ids.happened.ids.log_button)
            yield 0.3
            out["log"][half] = {"shown": page.shown, "turned": page.turned, "lines": len(page.shown_lines())}
            if half == "1":
                app.save_screenshot(ART / f"ch-lastmove-log-top-{LANG}.png")
            touch(page.ids.close)
            yield 0.3
            out["log"][half]["closed"] = not page.shown
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("CHLASTMOVE-RESULT " + json.dumps(out, ensure_ascii=False, default=repr), flush=True)
