"""The event logs of the fixed-seed tournaments the project compares, as digests.

    python bench/event_logs.py [--seeds 8] [--path direct|contract] [--each]

Plays whole Challengers! tournaments with today's bots (the greedy bot for every
person, the Robot's policy for the Robot) for 8, 5, 2 players and solo, in both
boxes, seeds 0 to N-1, recording every event, and prints one SHA-256 digest of
each tournament's log (``--each``) and one of them all.  Run it on two commits
(or with ``--path direct`` and ``--path contract``: the tournament driven
directly, or through the game-neutral contract of :mod:`engine.game`): equal
digests mean byte-identical event logs.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

# Run as a script: the checkout's root goes first (this folder holds engine.py).
sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine.challengers.library import load
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament

PLAYER_COUNTS = (8, 5, 2, 1)
BOXES = ("base", "beach")


def cases(seeds: int):
    """(players, box, seed) of every compared tournament."""
    return [(n, box, seed) for n in PLAYER_COUNTS for box in BOXES for seed in range(seeds)]


def direct_log(lib, n: int, box: str, seed: int) -> list:
    t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(n)), box=box, seed=seed))
    run_tournament(t, {p.index: make_policy("robot" if p.robot else "greedy", seed * 31 + p.index)
                       for p in t.players})
    return t.log


def contract_log(lib, n: int, box: str, seed: int) -> list:
    from engine.challengers import GAME
    from engine.game import GameSetup, play_out
    state = GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(n)), seed, {"box": box}))
    play_out(state, {p: GAME.policies["greedy"](lib, p, seed * 31 + p) for p in range(state.num_players)})
    return state.tournament.log


def digest(log) -> str:
    return hashlib.sha256(repr(list(log)).encode()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--path", choices=("direct", "contract"), default="direct")
    ap.add_argument("--each", action="store_true", help="one digest per tournament")
    args = ap.parse_args(argv)
    lib = load(cards)
    play = direct_log if args.path == "direct" else contract_log
    total = hashlib.sha256()
    for n, box, seed in cases(args.seeds):
        d = digest(play(lib, n, box, seed))
        total.update(d.encode())
        if args.each:
            print(f"{n} players  {box:<6} seed {seed:<3} {d}")
    print(f"{len(cases(args.seeds))} tournaments ({args.path}): {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
