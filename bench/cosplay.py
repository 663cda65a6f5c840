"""Cosplay Team Battle engine speed: whole games per second, and the payment helper's time.

    python bench/cosplay.py [--runs 5] [--seconds 2] [--positions 300]

* games: whole 2-player games between random bots (each picks uniformly among
  the legal actions from its own seeded generator; a random bot reads no
  observation, so none is built), set-up to the final score.  One core: games
  per second of this process's CPU time (time.process_time), median of
  ``--runs`` runs of ``--seconds``.  Target: 200 games/s on the development VM.
* payment helper: positions from sensible-bot games at 2 to 4 players; in
  each, :meth:`CosplayState.propose_payment` for every target on the table
  (recruitment zones, objectives, Drama); CPU time per call
  (time.thread_time: the machine is shared, and a call preempted by another
  process is not the helper's time), p50 / p99 / max.  Then the same on
  crowded positions: a hand of five starters and fifteen face-up characters
  in the assistance zone, six of them equipped (twenty units to choose
  from).  Target: p99 <= 5 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards  # noqa: E402
from engine.cosplay import GAME  # noqa: E402
from engine.cosplay.policies import SensiblePolicy  # noqa: E402
from engine.cosplay.state import MAIN  # noqa: E402
from engine.game import GameSetup  # noqa: E402


def random_game(data, seed: int) -> int:
    state = GAME.new(data, GameSetup("cosplay", ("P1", "P2"), seed))
    bots = [random.Random(seed * 2), random.Random(seed * 2 + 1)]
    moves = 0
    while not state.over:
        p = state.current
        legal = state.legal_actions(p)
        state.apply(legal[bots[p].randrange(len(legal))])
        moves += 1
    return moves


def time_games(data, seconds: float) -> tuple[float, float]:
    n = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        moves += random_game(data, n)
        n += 1
    return n / (time.process_time() - start), moves / n


def positions(data, count: int):
    """Positions in the recruitment phase, from sensible-bot games at 2, 3 and 4 players."""
    out = []
    seed = 0
    while len(out) < count:
        n = 2 + seed % 3
        state = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(n)), seed))
        bots = {p: SensiblePolicy(data, p, seed) for p in range(n)}
        step = 0
        while not state.over and len(out) < count:
            p = state.current
            if state.phase == MAIN and state.choice is None and step % 5 == 0:
                out.append(state.clone())
            state.apply(bots[p].act(state.observation(p), state.legal_actions(p)))
            step += 1
        seed += 1
    return out


def crowded(data, count: int):
    """Positions where seat 0 holds twenty units: five starters in hand, fifteen face-up
    characters in the assistance zone, six of them equipped."""
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        s = GAME.new(data, GameSetup("cosplay", ("P1", "P2"), seed))
        types = s.inst.types
        free = [c for c in s.library if types[c].type == "character"]
        gear = [c for c in s.library if types[c].type == "equipment"]
        chars = rng.sample(free, 15)
        equip = rng.sample(gear, 6)
        s.library = [c for c in s.library if c not in chars and c not in equip]
        s.assist[0] = chars + equip
        for e, c in zip(equip, chars):
            s.attached[e] = c
        s.reserve[0] += s.hand[0]
        s.hand[0] = [c for c in s.reserve[0] if types[c].type == "starter" and types[c].ability is None][:5]
        s.reserve[0] = [c for c in s.reserve[0] if c not in s.hand[0]]
        out.append(s)
    return out


def time_helper(states) -> tuple[list[float], int, int]:
    times = []
    found = none = 0
    for s in states:
        targets = [("recruit", z + 1) for z, c in enumerate(s.zones) if c >= 0]
        targets += [("complete", z + 1) for z, c in enumerate(s.obj_zones) if c >= 0]
        targets += [("drama", (k, *[q] * k)) for q in range(s.n) if q != s.current for k in (1, 3)]
        for what, target in targets:
            t = time.thread_time()
            plan = s.propose_payment(what, target)
            times.append(time.thread_time() - t)
            if plan is None:
                none += 1
            else:
                found += 1
    return times, found, none


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--positions", type=int, default=300)
    args = ap.parse_args(argv)
    data = GAME.load(cards)
    rates, lengths = [], []
    for _ in range(args.runs):
        r, m = time_games(data, args.seconds)
        rates.append(r)
        lengths.append(m)
    print(f"2-player games between random bots: {statistics.median(rates):,.0f} games/s "
          f"(runs {min(rates):,.0f}-{max(rates):,.0f}; {statistics.mean(lengths):.0f} actions a game)"
          f"   target >= 200 games/s")
    for label, states in (("game positions", positions(data, args.positions)),
                          ("crowded positions (20 units)", crowded(data, max(20, args.positions // 10)))):
        times, found, none = time_helper(states)
        times.sort()
        ms = [t * 1000 for t in times]
        p99 = ms[int(len(ms) * 0.99)]
        print(f"payment helper, {label}: {len(ms)} calls ({found} payments proposed, {none} 'cannot pay'), "
              f"p50 {statistics.median(ms):.3f} ms, p99 {p99:.3f} ms, max {ms[-1]:.3f} ms   target p99 <= 5 ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
