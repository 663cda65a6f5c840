"""How strong is the Robot?  A bot's win rate against it, level by level.

    python bench/robot_levels.py [--games 2000] [--player greedy|search] [--simulations N] [--jobs 2]
                                 [--levels 3,4] [--solo both|without|with] [--outcomes FILE]

Solo tournaments (one player against the Robot), fixed seeds 0..N-1, for
each level 1-5, without and with the SOLO cards shuffled into the R cards.
The rate should fall as the level rises, for the greedy bot (a simple
player) and for the search bot (``--player search``: every Deck Phase
decision by the hint, at the hint's budget unless ``--simulations`` says
otherwise), which plays more like a careful person.  Each rate comes with its
95 % Wilson interval.

Every cell plays the same seeds, so two levels can be compared seed by seed
(a paired comparison: on how many seeds does the player win at one level and
lose at the next, and the other way round?), which tells the levels apart with
far fewer games than two independent rates.  The cells are played seed chunk
by seed chunk, so a run stopped early still has every cell on the same seeds;
``--outcomes`` writes each tournament's result (one JSON line: level, SOLO
cards, seed, won) for that comparison.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from bench.runs import stop_on_signals, wilson, worker_signals
from engine.challengers.hint import LegacyHintSearchPolicy
from engine.challengers.library import load
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament

_LIB = None


def _cell(job):
    """Wins of ``player`` in the solo tournaments ``seeds`` at one level."""
    global _LIB
    level, solo_cards, seeds, box, player, simulations = job
    if _LIB is None:
        _LIB = load(cards)
    won = []
    for seed in seeds:
        t = Tournament(_LIB, Setup(players=(player.title(),), box=box, robot_level=level, solo_cards=solo_cards,
                                   seed=seed), record=False)
        me = LegacyHintSearchPolicy(seed, simulations) if player == "search" else make_policy("greedy", seed)
        run_tournament(t, {0: me, 1: make_policy("robot", seed)})
        won.append((seed, t.winner == 0))
    return (level, solo_cards), won




def paired(lower: dict[int, bool], higher: dict[int, bool]) -> tuple[int, int, int]:
    """On the seeds both levels played: (seeds won at the lower level and lost at the higher,
    seeds lost at the lower and won at the higher, seeds in common)."""
    common = lower.keys() & higher.keys()
    down = sum(lower[s] and not higher[s] for s in common)
    up = sum(higher[s] and not lower[s] for s in common)
    return down, up, len(common)


def sign_test(down: int, up: int) -> float:
    """Two-sided exact sign test (McNemar's test on the discordant seeds): the chance of a split
    at least this uneven if each discordant seed were a coin toss between the two levels."""
    n = down + up
    if n == 0:
        return 1.0
    k = min(down, up)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def print_paired(results: dict[tuple, dict[int, bool]], levels: list[int]) -> None:
    """Each level against the next on the same seeds (without and with the SOLO cards)."""
    print("paired, each level against the next on the same seeds:")
    for solo in (False, True):
        for low, high in itertools.pairwise(levels):
            a, b = results.get((low, solo and low > 1)), results.get((high, solo))
            if not a or not b:
                continue
            down, up, n = paired(a, b)
            print(f"  level {low}->{high}{' SOLO' if solo else '     '}: {n} seeds, won only at {low}: {down}, "
                  f"won only at {high}: {up}, sign test p = {sign_test(down, up):.3g}")






def main(argv=None) -> int:
    stop_on_signals()      # Ctrl-C or a plain kill prints the figures so far
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--box", default="base")
    ap.add_argument("--player", choices=("greedy", "search"), default="greedy")
    ap.add_argument("--simulations", type=int, default=None, help="the search bot's budget (default: the hint's)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--levels", default="1,2,3,4,5", help="the levels to play, e.g. 3,4")
    ap.add_argument("--solo", choices=("both", "without", "with"), default="both",
                    help="the cells without the SOLO cards, with them, or both")
    ap.add_argument("--outcomes", type=Path, default=None, help="write each tournament's result here (JSON lines)")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    print(f"{args.player} bot vs the Robot, {args.games} solo tournaments per cell, box {args.box}, "
          f"seeds 0..{args.games - 1}")
    levels = sorted({int(x) for x in args.levels.split(",")})
    solos = {"both": (False, True), "without": (False,), "with": (True,)}[args.solo]
    cells = [(level, solo) for level in levels for solo in (solos if level > 1 else (False,))]
    size = 5 if args.player == "search" else 500
    jobs = [(level, solo, range(a, min(a + size, args.games)), args.box, args.player, args.simulations)
            for a in range(0, args.games, size) for level, solo in cells]
    won = {c: [0, 0] for c in cells}
    results: dict[tuple, dict[int, bool]] = {c: {} for c in cells}
    stopped = ""
    outcomes = args.outcomes.open("w") if args.outcomes else None
    with multiprocessing.Pool(args.jobs, initializer=worker_signals) as pool:
        try:
            for cell, games in pool.imap_unordered(_cell, jobs):
                for seed, w in games:
                    results[cell][seed] = w
                    if outcomes:
                        print(json.dumps({"level": cell[0], "solo": cell[1], "seed": seed, "won": w}),
                              file=outcomes, flush=True)
                won[cell][0] += sum(w for _, w in games)
                won[cell][1] += len(games)
                print(f"  ... level {cell[0]}{' SOLO' if cell[1] else ''}: {won[cell][0]}/{won[cell][1]}",
                      file=sys.stderr, flush=True)
        except KeyboardInterrupt:          # Ctrl-C or a kill: the figures so far
            pool.terminate()
            stopped = " (stopped early: the finished chunks only)"
    print(f"games per cell: {', '.join(str(won[c][1]) for c in cells)}{stopped}")
    print(f"{'level':>5} {'win rate':>10} {'95 % interval':>15} {'with SOLO cards':>16} {'95 % interval':>15}")
    for level in levels:
        parts = []
        for solo in (False, True):
            w, n = won.get((level, solo if level > 1 else False), (0, 0))
            if n == 0:
                parts.append(f"{'-':>{10 if not solo else 16}} {'':>15}")
                continue
            lo, hi = (max(0.0, x) for x in wilson(w, n))
            parts.append(f"{w / n:>{10 if not solo else 16}.1%} {f'{lo:.1%}-{hi:.1%}':>15}")
        print(f"{level:>5} " + " ".join(parts))
    if outcomes:
        outcomes.close()
    print_paired(results, levels)
    print(f"({time.perf_counter() - start:.0f} s on {args.jobs} process(es))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
