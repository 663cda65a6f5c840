"""Engine speed: single matches per second and whole tournaments per second.

    python bench/engine.py [--runs 5] [--seconds 2]

* matches: two random round-7 decks (the 6 starter cards + 6 random Level-A
  + 6 random Level-B cards of the base box), effects on, level piles in
  play, choices by the greedy policy, events not recorded (as a Monte Carlo
  bot runs them).
* tournaments: whole 8-player base-box tournaments, greedy bots, from set-up
  to the Final's winner.
* the same tournaments through the game-neutral contract (``engine.game``):
  each greedy bot decides from its seat's observation, events recorded (what
  ``tablecup simulate`` and the contract's users pay); and the median cost of
  a ``clone()`` and of an ``observation()`` along such a tournament.

One core: the rates are per second of this process's CPU time
(time.process_time), so other work on the machine slows the figures less;
the median of several timed runs.  Targets on a
2-core x86 VM: 7,000 matches/s and 150 tournaments/s.
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

# This file is named engine.py, like the package it measures: run as a script,
# its own folder must not shadow the project, so the checkout's root goes first.
sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards  # noqa: E402
from engine.challengers.library import load
from engine.challengers.match import Match, play
from engine.challengers.piles import LevelPiles
from engine.challengers.policies import GreedyPolicy, make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament


def random_decks(lib, n, seed=1):
    cat = lib.catalogue
    box = lib.box("base")
    sets = (box.basic, *box.additional)
    level = {lv: [c for s in sets for c in cat.sets[s].cards if c.level == lv for _ in range(c.copies)]
             for lv in "AB"}
    starter = [cat.card(c) for c in box.starter]
    rng = random.Random(seed)
    return [[starter + rng.sample(level["A"], 6) + rng.sample(level["B"], 6) for _ in (0, 1)] for _ in range(n)]


def time_matches(lib, seconds):
    decks = random_decks(lib, 500)
    cat = lib.catalogue
    box = lib.box("base")
    pile_cards = [ct for s in (box.basic, *box.additional) for ct in cat.sets[s].cards if ct.level in "ABC"
                  for _ in range(ct.copies)]
    piles = LevelPiles(pile_cards, random.Random(7))
    choose = GreedyPolicy(0).choose
    n = 0
    reveals = 0
    start = time.process_time()
    while True:
        for i in range(200):
            d = decks[(n + i) % len(decks)]
            m = Match(d, rng=n + i, beginner=(n + i) & 1, round=7, piles=piles, record=False)
            play(m, choose)
            reveals += m.reveals
        n += 200
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed, reveals / n


def time_tournaments(lib, seconds):
    n = 0
    start = time.process_time()
    while True:
        t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(8)), seed=n), record=False)
        run_tournament(t, {p.index: make_policy("greedy", p.index) for p in t.players})
        n += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed


def time_contract_tournaments(lib, seconds):
    from engine.challengers import GAME
    from engine.game import GameSetup, play_out
    n = 0
    start = time.process_time()
    while True:
        state = GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(8)), n))
        play_out(state, {p: GAME.policies["greedy"](lib, p, p) for p in range(state.num_players)})
        n += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return n / elapsed


def time_clone_and_observation(lib):
    """Median seconds of one clone() and one observation(), sampled along one 8-player tournament."""
    from engine.challengers import GAME
    from engine.game import GameSetup, next_actor
    state = GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(8)), 1))
    bots = {p: GAME.policies["greedy"](lib, p, p) for p in range(state.num_players)}
    clones, views = [], []
    while (seat := next_actor(state)) is not None:
        t0 = time.perf_counter()
        state.clone()
        t1 = time.perf_counter()
        obs = state.observation(seat)
        t2 = time.perf_counter()
        clones.append(t1 - t0)
        views.append(t2 - t1)
        state.apply(bots[seat].act(obs, state.legal_actions(seat)))
    return statistics.median(clones), statistics.median(views)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    ap.add_argument("--no-contract", dest="contract", action="store_false",
                    help="skip the figures through the contract (to compare with a checkout that has none)")
    args = ap.parse_args(argv)
    lib = load(cards, boxes=("base",))
    time_matches(lib, 0.3)          # warm up
    matches = [time_matches(lib, args.seconds) for _ in range(args.runs)]
    tourneys = [time_tournaments(lib, args.seconds) for _ in range(args.runs)]
    contract = [time_contract_tournaments(lib, args.seconds) for _ in range(args.runs)] if args.contract else []
    m_med = statistics.median(r for r, _ in matches)
    t_med = statistics.median(tourneys)
    print(f"machine: {machine()}")
    print(f"{'what':<34} {'median':>10} {'min':>10} {'max':>10} {'target':>8}")
    print(f"{'matches/s (round-7 decks)':<34} {m_med:>10,.0f} {min(r for r, _ in matches):>10,.0f} "
          f"{max(r for r, _ in matches):>10,.0f} {7000:>8,}")
    print(f"{'8-player tournaments/s':<34} {t_med:>10,.1f} {min(tourneys):>10,.1f} {max(tourneys):>10,.1f} {150:>8,}")
    if contract:
        c_med = statistics.median(contract)
        print(f"{'8-player tournaments/s (contract)':<34} {c_med:>10,.1f} {min(contract):>10,.1f} "
              f"{max(contract):>10,.1f} {'':>8}")
        clone_s, view_s = time_clone_and_observation(lib)
        print(f"clone(): {clone_s * 1e6:,.0f} us, observation(): {view_s * 1e6:,.0f} us (medians, 8 players)")
    print(f"reveals per match (mean): {matches[0][1]:.1f}; runs: {args.runs} x {args.seconds:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
