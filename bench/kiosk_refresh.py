"""The table games' screens after a move: the app's CPU per move (refresh, layout, drawing).

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/kiosk_refresh.py [--moves 150] [--seed 1]
        [--games between,wacky,cosplay,challengers] [--window 800x480]

Runs the real app (offscreen, animations off) and plays one game of two people of each game
at the table, every move a seeded random choice among the legal actions of the seat to act, as
a person plays it: their half held to look, the move, the hold let go (three changes of the
table, three refreshes of the screen).  One move per frame: the bench reads the process's CPU
time (user+sys, ``time.process_time``) just before the move and again once the frame that shows
it has been drawn and swapped (``Window.on_flip``), so a move's figure holds the engine's action,
every ``app.sync`` it caused (the screen's ``refresh``), the layout and the drawing of the frame.
Challengers! shows its finished match until a tap: the tap is a move too.  Beside it, the CPU
of the app's own thread (``time.thread_time``): the rest is the renderer's threads (Mesa's
llvmpipe rasterises the frame on the processor's other cores).  Prints the median and
the 90th percentile per game, then one JSON line.

Side by side with another checkout's screens: put that checkout's ``kiosk`` folder first on
``PYTHONPATH`` (the engine and this bench stay this checkout's; that folder needs its compiled
catalogues, ``kiosk/locale/*/LC_MESSAGES/*.mo``, or every sentence is its key) and alternate the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

# A file of this folder is called kiosk.py: keep the folder from shadowing the kiosk package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [x for x in sys.path if os.path.abspath(x or ".") != _HERE]

GAMES = ("between", "wacky", "cosplay", "challengers")
WARM_UP = 3             # the first moves of a game build its screen: not counted


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--moves", type=int, default=150, help="moves per game at most (default 150)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--window", default="800x480")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    games = args.games.split(",")
    results: dict[str, list[tuple[float, float]]] = {}
    from kiosk.main import run

    def hook(app):
        from kivy.clock import Clock
        from kivy.core.window import Window

        from kiosk import widgets
        from kiosk.games.challengers.board import board_of, end_held, new_game

        widgets.SPEED = 0                    # animations off: a move's frame is the whole move
        rng = random.Random(args.seed)
        st: dict = {"game": -1, "moves": 0, "t0": None, "times": []}

        def done_move(*_):
            if st["t0"] is not None:
                t0, main0 = st["t0"]
                st["times"].append((time.process_time() - t0, time.thread_time() - main0))
                st["t0"] = None

        Window.bind(on_flip=done_move)

        def start_next():
            if st["game"] >= 0:
                results[games[st["game"]]] = st["times"][WARM_UP:]
            st["game"] += 1
            st["moves"], st["times"] = 0, []
            if st["game"] >= len(games):
                app.stop()
                return
            game = games[st["game"]]
            if game == "challengers":
                new_game(app.table, ("Light", "Dark"), seed=args.seed)
            else:
                app.start_table(game, "two", seed=args.seed)

        def step(_dt):
            done_move()                      # no frame drawn since the last move: nothing changed on screen
            t = app.table
            if st["game"] < 0 or t.state is None or t.over or st["moves"] >= args.moves:
                start_next()
                return
            game = games[st["game"]]
            if game == "challengers" and end_held(board_of(t)):
                st["t0"] = (time.process_time(), time.thread_time())
                board_of(t).ack_result()
                st["moves"] += 1
                return
            acting = sorted(t.to_act())
            if not acting:
                return
            seat = acting[0]
            half = t.half_of(seat)
            st["t0"] = (time.process_time(), time.thread_time())
            if half is not None:
                t.look(half, True)
            t.act(rng.choice(t.legal(seat)))
            if half is not None:
                t.look(half, False)
            st["moves"] += 1

        Clock.schedule_interval(step, 0)

    with tempfile.TemporaryDirectory() as data:
        run(["--data", data, "--window", args.window], app_hook=hook)
    out = {}
    for game in games:
        ms = sorted(t * 1000 for t, _ in results.get(game, []))
        main_ms = sorted(t * 1000 for _, t in results.get(game, []))
        if not ms:
            continue
        out[game] = {"moves": len(ms), "median_ms": round(statistics.median(ms), 2),
                     "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 2), "total_ms": round(sum(ms), 1),
                     "main_median_ms": round(statistics.median(main_ms), 2)}
        print(f"{game}: {len(ms)} moves, CPU per move median {out[game]['median_ms']} ms, "
              f"p90 {out[game]['p90_ms']} ms, total {out[game]['total_ms']} ms; "
              f"the app's own thread {out[game]['main_median_ms']} ms (median)")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
