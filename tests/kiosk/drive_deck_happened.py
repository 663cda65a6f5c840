"""What just happened, on the Deck Phase (real app, offscreen): a solo tournament against the
Robot is played to the end of its first match (the person's moves submitted as the screen
would, the Robot's played by the table itself), the players tap on to the next round's Deck
Phase; each half's line there says the other player's last moves, as the match screen did.

    python drive_deck_happened.py DATA_DIR ART_DIR LANG   ->   "DECKHAPPENED-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, play_deck_phase, touch  # noqa: E402

from kiosk.games.challengers import KIOSK  # noqa: E402
from kiosk.games.challengers.happened import SayingWords  # noqa: E402
from kiosk.main import run  # noqa: E402
from kiosk.table.happened import said_to  # noqa: E402

DATA, ART, LANG = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "round1": {}, "deck": {}}
SEED = 11


def hook(app):
    def strips(scr):
        return {half: {"texts": w.ids.happened.said_texts(), "said": w.said, "height": w.ids.happened.height}
                for half, w in ((0, scr.ids.light), (1, scr.ids.dark))}

    def script():
        app.set_setting("lang", LANG)
        c = app.controller
        c.new_game(("Ann",), seed=SEED, robot_level=1)
        yield 0.4
        out["round1"] = strips(app.sm.get_screen("deck"))         # nothing has happened yet
        play_deck_phase(c)
        yield 0.4
        for _ in range(400):
            if c.result is not None:
                break
            m = c.match
            if m is None:
                yield 0.1
                continue
            kind, side = m.expect
            if kind == "toss":
                c.submit(None, "match.toss")
            elif kind == "reveal" and c.half_of(side) == 0:
                c.submit(0, "match.reveal")
            elif kind == "choose" and c.half_of(m.pending.player) == 0:
                c.submit(0, "match.choose", 0)
            else:
                yield 0.15                                # the Robot's move, played by the table
            yield 0.05
        out["robot_moves"] = sum(mv.seat == 1 for mv in c.table.history.moves)
        out["ended"] = c.result is not None and app.sm.current == "match"
        touch(app.sm.get_screen("match"))                 # the held end: a tap goes on to the result
        yield 0.3
        out["after_tap"] = app.sm.current
        app.sm.get_screen("result").next()                # the next round
        yield 0.5
        out["screen"] = app.sm.current
        scr = app.sm.current_screen
        out["deck"] = strips(scr)
        moves = c.table.history.moves
        out["last_robot_move"] = max((k for k, mv in enumerate(moves) if mv.seat == 1), default=None)
        out["expected"] = {half: [s.text for s in said_to(moves, half, KIOSK.say, SayingWords(c, LANG))]
                           for half in (0, 1)}
        app.save_screenshot(ART / f"deck-happened-{LANG}.png")
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("DECKHAPPENED-RESULT " + json.dumps(out, ensure_ascii=False, default=repr), flush=True)
