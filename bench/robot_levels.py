"""How strong is the Robot?  The greedy bot's win rate against it, level by level.

    python bench/robot_levels.py [--games 2000]

Solo tournaments (one greedy player against the Robot), fixed seeds 0..N-1,
for each level 1-5, without and with the SOLO cards shuffled into the R
cards.  The rate should fall as the level rises.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards  # noqa: E402
from engine.challengers.library import load  # noqa: E402
from engine.challengers.policies import make_policy, run_tournament  # noqa: E402
from engine.challengers.tournament import Setup, Tournament  # noqa: E402


def win_rate(lib, level, solo_cards, games, box="base"):
    wins = 0
    for seed in range(games):
        t = Tournament(lib, Setup(players=("Greedy",), box=box, robot_level=level, solo_cards=solo_cards,
                                  seed=seed), record=False)
        run_tournament(t, {0: make_policy("greedy", seed), 1: make_policy("robot", seed)})
        wins += t.winner == 0
    return wins / games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--box", default="base")
    args = ap.parse_args(argv)
    lib = load(cards)
    start = time.perf_counter()
    print(f"greedy bot vs the Robot, {args.games} solo tournaments per cell, box {args.box}, seeds 0..{args.games - 1}")
    print(f"{'level':>5} {'win rate':>10} {'with SOLO cards':>16}")
    for level in range(1, 6):
        plain = win_rate(lib, level, False, args.games, args.box)
        solo = win_rate(lib, level, True, args.games, args.box) if level > 1 else plain
        print(f"{level:>5} {plain:>10.1%} {solo:>16.1%}")
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
