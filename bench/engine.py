"""Engine speed: single matches per second and whole tournaments per second.

    python bench/engine.py [--runs 5] [--seconds 2] [--json] [--between] [--no-contract]
                           [--peer-matches N --peer-tournaments M | --peer peer.json]

* matches: two random round-7 decks (the 6 starter cards + 6 random Level-A
  + 6 random Level-B cards of the base box), effects on, choices by the
  greedy policy, events not recorded (as a Monte Carlo bot runs them).  Each
  match gets fresh level piles (a copy of one of 64 shuffled full sets of
  piles, the copy timed with the match), so the Villain, the UFO and the
  Hologram always find cards to draw, as in a tournament.
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

Another engine's figures, measured in the same run on the same machine (per
CPU second too), give the ratios: ``--peer-matches`` and
``--peer-tournaments``, or ``--peer`` naming a JSON file with
``{"matches_per_s": N, "tournaments_per_s": M}``.  The target ratio is 1.5.
``--json`` prints one JSON object instead of the table.
"""

from __future__ import annotations

import argparse
import json
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

import cards
import engine.challengers
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
    # Fresh piles for every match: a copy of a full, shuffled set (as a rollout
    # copies the tournament's), never piles an earlier match drew dry.
    fresh = [LevelPiles(pile_cards, random.Random(k)) for k in range(64)]
    choose = GreedyPolicy(0).choose
    n = 0
    reveals = 0
    start = time.process_time()
    while True:
        for i in range(200):
            d = decks[(n + i) % len(decks)]
            piles = fresh[(n + i) & 63].copy()
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


PEER_TARGET = 1.5       # this engine's rate over the peer's, both figures


def peer_figures(args):
    """(matches/s, tournaments/s) of the other engine, or (None, None)."""
    m, t = args.peer_matches, args.peer_tournaments
    if args.peer:
        try:
            with open(args.peer) as f:
                data = json.load(f)
            m = m if m is not None else float(data["matches_per_s"])
            t = t if t is not None else float(data["tournaments_per_s"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"bench/engine.py: --peer {args.peer}: needs matches_per_s and "
                             f"tournaments_per_s ({e.__class__.__name__}: {e})") from None
    for name, v in (("matches", m), ("tournaments", t)):
        if v is not None and not v > 0:
            raise SystemExit(f"bench/engine.py: the peer's {name}/s must be a positive number, not {v}")
    return m, t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    ap.add_argument("--no-contract", dest="contract", action="store_false",
                    help="skip the figures through the contract (to compare with a checkout that has none)")
    ap.add_argument("--between", action="store_true",
                    help="also whole Between Battle games between random bots (bench/between.py), in the same run")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--peer", help="JSON file with the other engine's matches_per_s and tournaments_per_s")
    ap.add_argument("--peer-matches", type=float, help="the other engine's matches per CPU second")
    ap.add_argument("--peer-tournaments", type=float, help="the other engine's 8-player tournaments per CPU second")
    args = ap.parse_args(argv)
    peer_m, peer_t = peer_figures(args)
    lib = load(cards, boxes=("base",))
    time_matches(lib, 0.3)          # warm up
    matches = [time_matches(lib, args.seconds) for _ in range(args.runs)]
    tourneys = [time_tournaments(lib, args.seconds) for _ in range(args.runs)]
    contract = [time_contract_tournaments(lib, args.seconds) for _ in range(args.runs)] if args.contract else []
    m_med = statistics.median(r for r, _ in matches)
    t_med = statistics.median(tourneys)
    compiled = engine.challengers.compiled_modules()
    result = {
        "machine": machine(), "compiled": compiled, "runs": args.runs, "seconds": args.seconds,
        "matches_per_s": round(m_med, 1), "tournaments_per_s": round(t_med, 2),
        "matches_per_s_runs": [round(r, 1) for r, _ in matches],
        "tournaments_per_s_runs": [round(r, 2) for r in tourneys],
        "reveals_per_match": round(matches[0][1], 2),
    }
    if peer_m is not None:
        result["peer_matches_per_s"], result["matches_ratio"] = peer_m, round(m_med / peer_m, 3)
    if peer_t is not None:
        result["peer_tournaments_per_s"], result["tournaments_ratio"] = peer_t, round(t_med / peer_t, 3)
    if contract:
        result["contract_tournaments_per_s"] = round(statistics.median(contract), 2)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"machine: {machine()}; compiled: {', '.join(compiled) or 'nothing (pure Python)'}")
    print(f"{'what':<34} {'median':>10} {'min':>10} {'max':>10} {'target':>8}")
    print(f"{'matches/s (round-7 decks)':<34} {m_med:>10,.0f} {min(r for r, _ in matches):>10,.0f} "
          f"{max(r for r, _ in matches):>10,.0f} {7000:>8,}")
    print(f"{'8-player tournaments/s':<34} {t_med:>10,.1f} {min(tourneys):>10,.1f} {max(tourneys):>10,.1f} {150:>8,}")
    if peer_m is not None:
        print(f"{'matches: ours / peer':<34} {m_med / peer_m:>10.2f} {'':>10} {'':>10} {PEER_TARGET:>8}")
    if peer_t is not None:
        print(f"{'tournaments: ours / peer':<34} {t_med / peer_t:>10.2f} {'':>10} {'':>10} {PEER_TARGET:>8}")
    if contract:
        c_med = statistics.median(contract)
        print(f"{'8-player tournaments/s (contract)':<34} {c_med:>10,.1f} {min(contract):>10,.1f} "
              f"{max(contract):>10,.1f} {'':>8}")
        clone_s, view_s = time_clone_and_observation(lib)
        print(f"clone(): {clone_s * 1e6:,.0f} us, observation(): {view_s * 1e6:,.0f} us (medians, 8 players)")
    if args.between:
        from bench.between import TARGET, time_games
        from engine.between import GAME as BETWEEN
        book = BETWEEN.load(cards)
        games = [time_games(book, args.seconds)[0] for _ in range(args.runs)]
        print(f"{'Between Battle random games/s':<34} {statistics.median(games):>10,.0f} {min(games):>10,.0f} "
              f"{max(games):>10,.0f} {TARGET:>8,}")
    print(f"reveals per match (mean): {matches[0][1]:.1f}; runs: {args.runs} x {args.seconds:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
