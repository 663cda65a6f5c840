"""Between Battle engine speed: whole games per second between random bots.

    python bench/between.py [--runs 5] [--seconds 2]

A game: set-up from a seed (characters drawn, decks shuffled), then random
legal actions until the end, through the engine contract (``to_act``,
``legal_actions``, ``apply``; events returned as always).  "with views"
also builds both players' observations at every step, as ``play_out`` does
for bots that look.  One core: rates per second of this process's CPU time,
the median of several timed runs.  Target on a 2-core x86 VM: 1,000 games/s.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine.between import GAME
from engine.game import GameSetup

TARGET = 1_000


def time_games(book, seconds: float, views: bool = False) -> tuple[float, float]:
    """(games per second, actions per game)."""
    games = 0
    actions = 0
    start = time.process_time()
    while True:
        for i in range(50):
            seed = games + i
            state = GAME.new(book, GameSetup("between", ("A", "B"), seed))
            rng = random.Random(seed)
            while True:
                acting = state.to_act()
                if not acting:
                    break
                (p,) = acting
                if views:
                    state.observation(0)
                    state.observation(1)
                legal = state.legal_actions(p)
                state.apply(legal[rng.randrange(len(legal))])
                actions += 1
        games += 50
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    book = GAME.load(cards)
    print(f"python {platform.python_version()} on {platform.machine()}, load average {os.getloadavg()[0]:.2f}")
    for label, views in (("random games/s", False), ("random games/s with views", True)):
        rates, lengths = zip(*(time_games(book, args.seconds, views) for _ in range(args.runs)))
        target = f"target {TARGET:,}" if not views else "(no target)"
        print(f"{label:28s} median {statistics.median(rates):8,.0f}  "
              f"(runs {min(rates):,.0f}-{max(rates):,.0f})  {target};  {statistics.mean(lengths):.1f} actions/game")


if __name__ == "__main__":
    main()
