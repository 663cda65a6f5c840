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

    python bench/cosplay.py --speed [--against DIR] [--rounds 3] [--engine DIR]

The engine's speed where the bots spend it, one core, CPU time (time.process_time):
random-bot games per second (3 runs of ``--seconds``); the search bot's decision at level
"easy" (its 48 simulations, no time cap: the same work in any tree; and per simulation) and at
"hard" (its time cap of 1 s on the CPU clock: how many of its 1,500 simulations fit) in 2-player
positions of sensible-bot games, with the game's own search options (its playout rule and
evaluation, as the table's bot plays); ``legal_actions`` in the crowded positions above, the first call on each
and a second on the same state.  ``--against DIR`` (a checkout of an older commit, e.g.
``git archive main | tar -x -C /tmp/before``) measures that tree's engine too, each round
running both in turn in fresh processes (the machine is shared: interleaving spreads its
load over both), and prints min / median over the rounds and new / old ratios.
``--engine DIR`` measures DIR's engine with this script (what ``--against`` runs).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def _engine_root(argv: list[str]) -> Path:
    """The checkout whose engine is measured: this one, or ``--engine DIR`` (read before the imports)."""
    if "--engine" in argv[:-1]:
        return Path(argv[argv.index("--engine") + 1]).resolve()
    return HERE


sys.path[0] = str(_engine_root(sys.argv))

import cards
from engine.cosplay import GAME
from engine.cosplay.policies import SensiblePolicy
from engine.cosplay.state import MAIN
from engine.game import GameSetup


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


def search_spots(data, count: int):
    """Decisions of 2-player sensible-bot games (seeds 0..count-1), one a game, some way in,
    where the player to act has a choice: (seat, observation, legal actions, seed)."""
    out = []
    for seed in range(count):
        state = GAME.new(data, GameSetup("cosplay", ("P1", "P2"), seed))
        bots = {p: SensiblePolicy(data, p, seed) for p in range(2)}
        step = 0
        while not state.over:
            p = state.current
            legal = state.legal_actions(p)
            if step >= 12 + 5 * seed and len(legal) > 1:
                out.append((p, state.observation(p), legal, seed))
                break
            state.apply(bots[p].act(state.observation(p), legal))
            step += 1
    return out


def time_search(data, spots, level: str) -> tuple[list[float], list[int]]:
    """The search bot's CPU ms and simulations for each decision of ``spots`` at ``level``
    ("easy": all its simulations, no clock; "hard": its time cap on the CPU clock)."""
    from engine.search import GAME_OPTIONS, LEVELS, SearchPolicy
    GAME.policies["search"](data, 0, 0)          # the game's own search options, registered on first use
    options = GAME_OPTIONS.get(GAME.name, {})     # its playout rule, its evaluation: as the table's bot
    lv = LEVELS[level]
    capped = level != "easy"
    ms, sims = [], []
    for p, obs, legal, seed in spots:
        bot = SearchPolicy(GAME, data, p, simulations=lv.simulations, seconds=lv.seconds if capped else None,
                           clock=time.process_time if capped else None, noise=lv.noise, seed=seed,
                           stop_when_decided=capped, **options)
        t = time.process_time()
        bot.act(obs, legal)
        ms.append((time.process_time() - t) * 1000)
        sims.append(bot.last_simulations)
    return ms, sims


def time_legal(states) -> tuple[list[float], list[float], list[int]]:
    """CPU ms of ``legal_actions`` on each state: the first call, then a second on the same state;
    and how many actions it lists."""
    first, again, sizes = [], [], []
    for s in states:
        t = time.process_time()
        legal = s.legal_actions(s.current)
        first.append((time.process_time() - t) * 1000)
        t = time.process_time()
        s.legal_actions(s.current)
        again.append((time.process_time() - t) * 1000)
        sizes.append(len(legal))
    return first, again, sizes


def speed_once(seconds: float) -> dict:
    """One measurement of this process's engine (see the module's docstring, ``--speed``)."""
    data = GAME.load(cards)
    rates = []
    for _ in range(3):
        rate, _moves = time_games(data, seconds)
        rates.append(rate)
    easy_ms, _ = time_search(data, search_spots(data, 8), "easy")
    hard_ms, hard_sims = time_search(data, search_spots(data, 4), "hard")
    first, again, sizes = time_legal(crowded(data, 20))
    return {"games/s": statistics.median(rates),
            "easy ms p50": statistics.median(easy_ms), "easy ms p99": percentile(easy_ms, 0.99),
            "ms a simulation": sum(easy_ms) / (48 * len(easy_ms)),
            "hard ms p50": statistics.median(hard_ms), "hard ms p99": percentile(hard_ms, 0.99),
            "hard simulations p50": statistics.median(hard_sims), "hard simulations min": min(hard_sims),
            "crowded legal ms p50": statistics.median(first), "crowded legal ms p99": percentile(first, 0.99),
            "crowded legal again ms p50": statistics.median(again), "crowded actions": statistics.median(sizes)}


def percentile(values, q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def speed(against: Path | None, rounds: int, seconds: float) -> None:
    """``--speed``: this checkout's engine, and with ``against`` that one's too, in turn."""
    trees = [("this", HERE)] + ([("other", against.resolve())] if against is not None else [])
    got: dict[str, list[dict]] = {name: [] for name, _ in trees}
    for r in range(rounds):
        for name, root in (trees if r % 2 == 0 else trees[::-1]):
            out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--speed-json", "--engine", str(root),
                                  "--seconds", str(seconds)], capture_output=True, text=True, check=True)
            got[name].append(json.loads(out.stdout.splitlines()[-1]))
            print(f"  round {r + 1} {name}: {got[name][-1]['games/s']:.0f} games/s", file=sys.stderr, flush=True)
    print(f"Cosplay engine speed, {rounds} round(s), CPU time; min / median over the rounds "
          f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    header = f"{'':<28} {'this tree':>18}"
    if against is not None:
        header += f" {'other tree':>18} {'this / other':>13}"
    print(header)
    for key in got["this"][0]:
        mine = [m[key] for m in got["this"]]
        line = f"{key:<28} {f'{min(mine):.4g} / {statistics.median(mine):.4g}':>18}"
        if against is not None:
            theirs = [m[key] for m in got["other"]]
            ratio = statistics.median(mine) / statistics.median(theirs) if statistics.median(theirs) else math.nan
            line += f" {f'{min(theirs):.4g} / {statistics.median(theirs):.4g}':>18} {ratio:>13.3g}"
        print(line)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--speed", action="store_true", help="the engine's speed where the bots spend it")
    ap.add_argument("--against", type=Path, default=None, help="with --speed: that checkout's engine too, in turn")
    ap.add_argument("--rounds", type=int, default=3, help="with --speed: rounds of measurements")
    ap.add_argument("--engine", type=Path, default=None, help="measure that checkout's engine with this script")
    ap.add_argument("--speed-json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.speed_json:
        print(json.dumps(speed_once(args.seconds)))
        return 0
    if args.speed:
        speed(args.against, args.rounds, args.seconds)
        return 0
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
