"""How strong is the Robot?  A bot's win rate against it, level by level.

    python bench/robot_levels.py [--games 2000] [--player greedy|search] [--simulations N] [--jobs 2]

Solo tournaments (one player against the Robot), fixed seeds 0..N-1, for
each level 1-5, without and with the SOLO cards shuffled into the R cards.
The rate should fall as the level rises, for the greedy bot (a simple
player) and for the search bot (``--player search``: every Deck Phase
decision by the hint, at the hint's budget unless ``--simulations`` says
otherwise), which plays more like a careful person.  Each rate comes with its
95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import signal
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards  # noqa: E402
from engine.challengers.hint import SearchPolicy  # noqa: E402
from engine.challengers.library import load  # noqa: E402
from engine.challengers.policies import make_policy, run_tournament  # noqa: E402
from engine.challengers.tournament import Setup, Tournament  # noqa: E402


_LIB = None


def _cell(job):
    """Wins of ``player`` in the solo tournaments ``seeds`` at one level."""
    global _LIB
    level, solo_cards, seeds, box, player, simulations = job
    if _LIB is None:
        _LIB = load(cards)
    wins = 0
    for seed in seeds:
        t = Tournament(_LIB, Setup(players=(player.title(),), box=box, robot_level=level, solo_cards=solo_cards,
                                   seed=seed), record=False)
        me = SearchPolicy(seed, simulations) if player == "search" else make_policy("greedy", seed)
        run_tournament(t, {0: me, 1: make_policy("robot", seed)})
        wins += t.winner == 0
    return (level, solo_cards), wins, len(seeds)


def wilson(wins, n, z=1.96):
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _stop(signum, frame):
    raise KeyboardInterrupt


def _worker_signals():
    """Workers leave the stopping to the main process (which terminates them quietly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv=None) -> int:
    # Ctrl-C or a plain kill prints the figures so far (a background job starts with Ctrl-C
    # ignored, hence both handlers).
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--box", default="base")
    ap.add_argument("--player", choices=("greedy", "search"), default="greedy")
    ap.add_argument("--simulations", type=int, default=None, help="the search bot's budget (default: the hint's)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    print(f"{args.player} bot vs the Robot, {args.games} solo tournaments per cell, box {args.box}, "
          f"seeds 0..{args.games - 1}")
    cells = [(level, solo) for level in range(1, 6) for solo in ((False, True) if level > 1 else (False,))]
    size = 10 if args.player == "search" else 500
    jobs = [(level, solo, range(a, min(a + size, args.games)), args.box, args.player, args.simulations)
            for level, solo in cells for a in range(0, args.games, size)]
    won = {c: [0, 0] for c in cells}
    stopped = ""
    with multiprocessing.Pool(args.jobs, initializer=_worker_signals) as pool:
        try:
            for cell, w, n in pool.imap_unordered(_cell, jobs):
                won[cell][0] += w
                won[cell][1] += n
                print(f"  ... level {cell[0]}{' SOLO' if cell[1] else ''}: {won[cell][0]}/{won[cell][1]}",
                      file=sys.stderr, flush=True)
        except KeyboardInterrupt:          # Ctrl-C or a kill: the figures so far
            pool.terminate()
            stopped = " (stopped early: the finished chunks only)"
    print(f"games per cell: {', '.join(str(won[c][1]) for c in cells)}{stopped}")
    print(f"{'level':>5} {'win rate':>10} {'95 % interval':>15} {'with SOLO cards':>16} {'95 % interval':>15}")
    for level in range(1, 6):
        parts = []
        for solo in (False, True):
            w, n = won[(level, solo if level > 1 else False)]
            if n == 0:
                parts.append(f"{'-':>{10 if not solo else 16}} {'':>15}")
                continue
            lo, hi = (max(0.0, x) for x in wilson(w, n))
            parts.append(f"{w / n:>{10 if not solo else 16}.1%} {f'{lo:.1%}-{hi:.1%}':>15}")
        print(f"{level:>5} " + " ".join(parts))
    print(f"({time.perf_counter() - start:.0f} s on {args.jobs} process(es))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
