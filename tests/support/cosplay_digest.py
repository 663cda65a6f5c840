"""Plays fixed-seed Cosplay Team Battle games and prints a digest of each one's events, then the
Cosplay modules that ran compiled ("-" for none): run once compiled and once with
``TABLECUP_PURE_PYTHON=1`` to compare the two (tests/engine/test_compiled_engine.py).

The games mix the random, sensible and search bots (the search with a fixed number of
simulations and no time cap, so that it does the same work on any machine), at 2 to 4 players.
"""

from __future__ import annotations

import hashlib

import cards
import engine.cosplay
from engine.cosplay import GAME
from engine.cosplay.policies import PLAYOUT_HORIZON, SensiblePolicy, evaluation, playout
from engine.game import GameSetup, RandomPolicy, play_out, replay
from engine.search import SearchPolicy

SEEDS = (3, 17, 42, 1001)


def game_digest(data, seed: int) -> str:
    players = 2 + seed % 3
    setup = GameSetup("cosplay", tuple(f"P{i + 1}" for i in range(players)), seed)
    state = GAME.new(data, setup)
    bots = {}
    for seat in range(players):
        kind = (seat + seed) % 3
        if kind == 0:
            bots[seat] = SearchPolicy(GAME, data, seat, simulations=24, seed=seed, playout=playout,
                                      evaluation=evaluation, horizon=PLAYOUT_HORIZON)
        elif kind == 1:
            bots[seat] = SensiblePolicy(data, seat, seed)
        else:
            bots[seat] = RandomPolicy(seed + seat)
    actions = play_out(state, bots, limit=20_000)
    _, events = replay(GAME, data, setup, actions)     # the game's events, action by action
    text = repr(actions) + repr(events) + repr(state.outcome())
    return hashlib.sha256(text.encode()).hexdigest()


def main() -> None:
    data = GAME.load(cards)
    for seed in SEEDS:
        print(game_digest(data, seed))
    print(",".join(engine.cosplay.compiled_modules()) or "-")


if __name__ == "__main__":
    main()
