"""Cosplay Team Battle balance: game length, first player's win rate, score spread.

    python bench/cosplay_balance.py [--games 300] [--seed 1] [--versus 1000]

Sensible bots play every seat of ``--games`` games at 2, 3 and 4 players
(seeds ``seed``, ``seed + 1``, ...).  Printed per player count: turns per game
(all players together) and the minutes that makes at a human pace of
``--turn-seconds`` a turn (90 s: lay cards, two or three payments, an ability),
the first player's win rate beside fair share (a shared win counts as a share),
and the scores (mean winner's score, mean gap between the best and the worst).

Targets (the spec): a 2-player game of 30-45 minutes; the first player wins
45-55 % at 2 players, and within 1.3x fair share at 3 and 4.

``--versus N`` also plays N 2-player games of the sensible bot against the
random bot (seats alternating; seeds 0..N-1) and prints the sensible bot's win
rate beside its target, 80 %.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine.cosplay import GAME
from engine.cosplay.policies import SensiblePolicy
from engine.game import GameSetup, RandomPolicy, play_out


def play(data, n: int, seed: int):
    state = GAME.new(data, GameSetup("cosplay", tuple(f"P{i + 1}" for i in range(n)), seed))
    play_out(state, {p: SensiblePolicy(data, p, seed * 10 + p) for p in range(n)})
    return state


def measure(data, n: int, games: int, seed: int) -> dict:
    turns, first, gaps, winners_score, by_seat = [], 0.0, [], [], [0.0] * n
    ends = {"library": 0, "objectives": 0}
    for g in range(games):
        s = play(data, n, seed + g)
        o = s.outcome()
        turns.append(sum(s.turns))
        share = o.winners or tuple(range(n))
        for w in share:
            by_seat[w] += 1 / len(share)
        first += (1 / len(share)) if 0 in share else 0
        sc = o.scores
        winners_score.append(max(sc))
        gaps.append(max(sc) - min(sc))
        ends["library" if not s.library else "objectives"] += 1
    return {"turns": turns, "first": first / games, "seats": [x / games for x in by_seat],
            "winner": statistics.mean(winners_score), "gap": statistics.mean(gaps), "ends": ends}


def versus(data, games: int) -> float:
    wins = 0.0
    for seed in range(games):
        state = GAME.new(data, GameSetup("cosplay", ("P1", "P2"), seed))
        me = seed % 2
        play_out(state, {me: SensiblePolicy(data, me, seed), 1 - me: RandomPolicy(seed)})
        w = state.outcome().winners
        wins += (1 / len(w)) if me in w else 0
    return wins / games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turn-seconds", type=float, default=90.0)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    ap.add_argument("--versus", type=int, default=0, help="also N games sensible vs random")
    args = ap.parse_args(argv)
    data = GAME.load(cards)
    print(f"Cosplay Team Battle balance: {args.games} games per player count, sensible bots, "
          f"{args.turn_seconds:.0f} s a turn at human pace")
    print(f"{'players':>7} {'turns (med, p10-p90)':>22} {'minutes':>8} {'first wins':>11} {'fair':>6} "
          f"{'target':>12} {'seats':>24} {'winner pts':>10} {'best-worst':>10}  ends (library/objectives)")
    for n in args.players:
        t0 = time.process_time()
        m = measure(data, n, args.games, args.seed)
        ts = sorted(m["turns"])
        med = statistics.median(ts)
        p10, p90 = ts[len(ts) // 10], ts[(len(ts) * 9) // 10]
        fair = 1 / n
        target = "45-55 %" if n == 2 else f"<= {130 * fair:.0f} %"
        seats = " ".join(f"{x * 100:.0f}" for x in m["seats"])
        print(f"{n:>7} {med:>8.0f} ({p10}-{p90}){'':>6} {med * args.turn_seconds / 60:>8.0f} "
              f"{m['first'] * 100:>10.1f}% {fair * 100:>5.0f}% {target:>12} {seats:>24} {m['winner']:>10.1f} "
              f"{m['gap']:>10.1f}  {m['ends']['library']}/{m['ends']['objectives']}"
              f"   ({time.process_time() - t0:.0f} s)")
    print("target: a 2-player game of 30-45 minutes at human pace")
    if args.versus:
        t0 = time.process_time()
        rate = versus(data, args.versus)
        print(f"sensible bot against the random bot, {args.versus} 2-player games: wins {rate * 100:.1f} %"
              f"   target >= 80 %   ({time.process_time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
