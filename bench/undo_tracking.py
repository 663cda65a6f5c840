"""What keeping Challengers!' Deck Phase decisions ready to take back costs the bots.

    python bench/undo_tracking.py [--seeds 24]

Whole 4-player tournaments between greedy bots through the contract (``play_out``: an
observation, the legal actions and ``apply`` at every decision), once as
:class:`engine.challengers.game.ChallengersState` plays them (every pick, choice and removal
recorded for ``deck.undo``, each seat's entries in its observation) and once with that
bookkeeping left out, seed by seed, the two alternating so the machine's load falls on both.
Printed: the medians and the median of the per-seed ratios, beside the target (bots never
undo; what they pay for the option must stay within 5 %: about 12 µs per Deck Phase
decision, for the entry that would restore it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine.challengers import GAME
from engine.challengers.game import ChallengersState, observe, to_tuple
from engine.game import GameSetup, play_out

TARGET = 1.05


class WithoutUndo(ChallengersState):
    """The same state with no undo bookkeeping: apply and observe as they were before it."""

    def apply(self, action):
        t = self.tournament
        return t.apply(to_tuple(t, action))

    def observation(self, player):
        return observe(self.tournament, player)


def one(lib, cls, seed: int) -> float:
    state = cls.new(lib, GameSetup("challengers", ("a", "b", "c", "d"), seed))
    bots = {p: GAME.policies["greedy"](lib, p, seed * 31 + p) for p in range(state.num_players)}
    start = time.process_time()
    play_out(state, bots)
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=24)
    args = ap.parse_args()
    lib = GAME.load(cards)
    plain, tracked = [], []
    for seed in range(args.seeds):
        order = ((WithoutUndo, plain), (ChallengersState, tracked))
        for cls, times in (order if seed % 2 else order[::-1]):
            times.append(one(lib, cls, seed))
    ratio = statistics.median(b / a for a, b in zip(plain, tracked))
    print(f"greedy 4-player tournament, {args.seeds} seeds: {statistics.median(plain) * 1000:.0f} ms without undo "
          f"bookkeeping, {statistics.median(tracked) * 1000:.0f} ms with (median per-seed ratio {ratio:.3f}, "
          f"target <= {TARGET:.2f}) {'OK' if ratio <= TARGET else 'OVER'}")


if __name__ == "__main__":
    main()
