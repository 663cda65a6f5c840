"""Wacky Challenge engine speed: whole 4-player games per second between random bots.

    python bench/wacky.py [--runs 5] [--seconds 2] [--players 4]

* rollouts: set-up to final count, each seat's action drawn uniformly from its
  legal actions by one seeded generator (the lowest acting seat first), as a
  search bot's rollout plays: no observation is built; every action returns
  its events as usual.
* with observations: the same games through ``engine.game.play_out`` with
  the registered random bot, which builds each decider's observation first
  (what the kiosk and a phone do on every action); for information.

One core: rates are per second of this process's CPU time (time.process_time),
so other work on the machine slows the figures less; the median of several
timed runs. Target on a 2-core x86 VM: 5,000 whole 4-player games/s.
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
from engine import registry
from engine.game import GameSetup, play_out

TARGET = 5_000


def rollouts(game, data, players: int, seconds: float) -> float:
    names = tuple(f"P{i + 1}" for i in range(players))
    draw = random.Random(1).random
    n = 0
    start = time.process_time()
    while True:
        for _ in range(100):
            state = game.new(data, GameSetup(game.name, names, n))
            while True:
                acting = state.to_act()
                if not acting:
                    break
                legal = state.legal_actions(min(acting))
                state.apply(legal[int(draw() * len(legal))])
            n += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed


def with_observations(game, data, players: int, seconds: float) -> float:
    names = tuple(f"P{i + 1}" for i in range(players))
    n = 0
    start = time.process_time()
    while True:
        for _ in range(50):
            state = game.new(data, GameSetup(game.name, names, n))
            play_out(state, {p: game.policies["random"](data, p, n * 10 + p) for p in range(players)})
            n += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    game = registry.get("wacky")
    data = game.load(cards)
    print(f"Wacky Challenge engine, {args.players} players -- {platform.python_implementation()} "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    fast = [rollouts(game, data, args.players, args.seconds) for _ in range(args.runs)]
    slow = [with_observations(game, data, args.players, args.seconds) for _ in range(max(1, args.runs // 2))]
    med = statistics.median(fast)
    print(f"  rollouts (random bots):          {med:8,.0f} games/s  (runs {min(fast):,.0f}-{max(fast):,.0f})"
          f"   target {TARGET:,}/s  {'met' if med >= TARGET else 'NOT met'}")
    print(f"  with observations (play_out):    {statistics.median(slow):8,.0f} games/s  (for information)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
