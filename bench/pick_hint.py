"""How long the kiosk's Deck Phase pick hint takes, as the table gets it: question to answer.

    python bench/pick_hint.py [--tournaments 10] [--first-seed 0]

Seeded solo tournaments against the Robot (the person's seat played by the greedy bot); at each
of the person's Deck Phase decisions with a choice, the kiosk's hint
(:class:`kiosk.games.challengers.pick_hint.PickHints`: the search bot on a worker thread, its
time cap included) is asked and waited for, the answer coming back through ``post`` as it comes
to the UI thread.  Printed: the median and p99 of the seconds from question to answer, and of the
worker's own seconds, beside the target (0.3 s on the development VM; a Raspberry Pi 4 runs
CPython about 3x slower and the cap then answers from fewer practice matches), and how many
hints the cap cut short.  No Kivy: the question is asked exactly as the Deck Phase screen asks it.
"""

from __future__ import annotations

import argparse
import math
import queue
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine import registry
from engine.challengers.hint import HintSearchPolicy, matches_for
from engine.game import GameSetup
from kiosk.games.challengers.pick_hint import SECONDS, PickHints, question_key

TARGET = 0.3


def p99(values):
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args(argv)
    game = registry.get("challengers")
    lib = game.load(cards)
    posted: queue.Queue = queue.Queue()
    hints = PickHints(lib, post=posted.put)
    waits, worker, cut = [], [], 0
    for seed in range(args.first_seed, args.first_seed + args.tournaments):
        st = game.new(lib, GameSetup("challengers", ("P",), seed, {"box": "base", "robot_level": 1, "solo_cards": False}))
        person = game.policies["greedy"](lib, 0, seed)
        robot = game.policies["robot"](lib, 1, seed)
        while st.outcome() is None:
            seat = min(st.to_act())
            obs, legal = st.observation(seat), st.legal_actions(seat)
            if seat == 0:
                hints.watch(1, 0, obs)
                key = question_key((seed,), obs)
                if key is not None and len(legal) > 1:
                    asked = time.perf_counter()
                    hints.ask(0, key, obs, legal, seed=seed)
                    while hints.answer(0, key) is None:
                        posted.get(timeout=30)()
                    a = hints.answer(0, key)
                    waits.append(time.perf_counter() - asked)
                    worker.append(a.seconds)
                    budget = matches_for(HintSearchPolicy.simulations, obs["round"])
                    cut += sum(n for _, _, n in a.records) < 0.9 * budget
            st.apply((person if seat == 0 else robot).act(obs, legal))
    print(f"kiosk pick hint: {len(waits)} hints over {args.tournaments} solo tournaments "
          f"(worker thread, cap {SECONDS} s, budget {HintSearchPolicy.simulations} round-1 practice matches)")
    print(f"{'':<28} {'median':>8} {'p99':>8} {'target':>8}")
    print(f"{'question to answer (s)':<28} {statistics.median(waits):>8.3f} {p99(waits):>8.3f} {'<= ' + str(TARGET):>8}")
    print(f"{'worker thinking (s)':<28} {statistics.median(worker):>8.3f} {p99(worker):>8.3f} {'':>8}")
    print(f"cut short by the cap (under 90 % of the budget played): {cut} of {len(waits)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
