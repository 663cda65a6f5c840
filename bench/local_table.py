"""The local table's cost per action: the engine's check, the fsync'd write to kiosk.db, the apply.

    .venv/bin/python bench/local_table.py [--games 20]

Plays whole Between Battle games between the sensible bot and the random bot through
:class:`kiosk.table.LocalTable` (a real SQLite store in a temporary folder, WAL,
``synchronous=FULL``) and, side by side in the same run, the same games by the engine alone.
Prints the median and p99 of one action through the table and through the engine, next to the
target (an action through the table well under a frame at 60 Hz, 16 ms, on this VM; a Pi's SD
card is slower to fsync).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import registry
from engine.game import GameSetup
from kiosk.store import Store
from kiosk.table import LocalTable, Seat, game_data

TARGET_P99_MS = 16.0


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    game = registry.get("between")
    data = game_data(game)
    table_ms, engine_ms = [], []
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "kiosk.db")
        for seed in range(args.games):
            table = LocalTable(store)                     # no clock: the bench asks the bots itself
            table.new_game("between", (Seat.bot("sensible", 0), Seat.bot("random", 1)), seed=seed)
            played = []
            while not table.over:
                action = table.bot_action()          # decided outside the timing: bots are not the table's cost
                t0 = time.perf_counter()
                table.act(action)
                table_ms.append((time.perf_counter() - t0) * 1000)
                played.append(action)
            state = game.new(data, GameSetup.from_json(table.setup.to_json()))
            for action in played:                     # the same actions, the engine alone
                t0 = time.perf_counter()
                if action in state.legal_actions(action.player):
                    state.apply(action)
                engine_ms.append((time.perf_counter() - t0) * 1000)
            assert state.observation(None) == table.observation(None)
        store.close()
    print(f"between: {args.games} games, {len(table_ms)} actions")
    print(f"  through the table (check + fsync'd write + apply): median {statistics.median(table_ms):.2f} ms, "
          f"p99 {pct(table_ms, 99):.2f} ms   (target p99 <= {TARGET_P99_MS:.0f} ms)")
    print(f"  the engine alone (check + apply):                  median {statistics.median(engine_ms):.3f} ms, "
          f"p99 {pct(engine_ms, 99):.3f} ms")
    print(f"  ratio of medians: {statistics.median(table_ms) / statistics.median(engine_ms):.0f}x")


if __name__ == "__main__":
    main()
