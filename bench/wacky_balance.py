"""Wacky Challenge balance: each pilot's win rate at 2, 4 and 7 players, the score
spread, and how much stronger the sensible bot is than the random one.

    python bench/wacky_balance.py [--games 2000] [--bot-games 1000]

* pilots: games between casual bots (the sensible bot misjudging each
  estimate by a normal error of about a stage, as people do: identical
  flawless bots make a 7-player game nearly a function of the starters'
  shuffle), the pilots drawn by each game's seed (as the engine does when no
  one chooses). A pilot's win rate is its wins
  (a shared win split between the winners) over the games it played; its
  fair share is 1/players. Target (shared/spec/wacky-challenge.md): no pilot
  above 1.3x its fair share.
* spread: the final scores of those games (mean, standard deviation,
  quartiles) and the winner's lead over the runner-up.
* bots: 4-player games, one sensible bot against three random bots, the
  sensible seat turning round the table; target: the sensible bot's win rate
  at least 2x a random bot's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine import registry
from engine.game import GameSetup, play_out

FAIRNESS = 1.3
STRENGTH = 2.0


def play(game, data, n: int, seed: int, bots: list[str]):
    state = game.new(data, GameSetup(game.name, tuple(f"P{i + 1}" for i in range(n)), seed))
    play_out(state, {p: game.policies[bots[p]](data, p, seed * 10 + p) for p in range(n)})
    return state


def pilot_rates(game, data, n: int, games: int, first_seed: int = 0, bot: str = "casual"):
    pilots = [p.id for p in data.pilots]
    played = dict.fromkeys(pilots, 0)
    won = dict.fromkeys(pilots, 0.0)
    scores: list[int] = []
    leads: list[int] = []
    for seed in range(first_seed, first_seed + games):
        state = play(game, data, n, seed, [bot] * n)
        outcome = state.outcome()
        for q in range(n):
            played[pilots[state.pilot[q]]] += 1
        for w in outcome.winners:
            won[pilots[state.pilot[w]]] += 1 / len(outcome.winners)
        ranked = sorted(outcome.scores, reverse=True)
        scores.extend(outcome.scores)
        leads.append(ranked[0] - ranked[1])
    rates = {p: won[p] / played[p] if played[p] else 0.0 for p in pilots}
    return rates, played, scores, leads


def bot_strength(game, data, games: int):
    sensible = others = 0.0
    for seed in range(games):
        seat = seed % 4
        bots = ["random"] * 4
        bots[seat] = "sensible"
        outcome = play(game, data, 4, seed, bots).outcome()
        for w in outcome.winners:
            if w == seat:
                sensible += 1 / len(outcome.winners)
            else:
                others += 1 / len(outcome.winners) / 3
    return sensible / games, others / games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per player count")
    ap.add_argument("--bot-games", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="*", default=[2, 4, 7])
    args = ap.parse_args(argv)
    game = registry.get("wacky")
    data = game.load(cards)
    ok = True
    for n in args.players:
        rates, played, scores, leads = pilot_rates(game, data, n, args.games)
        fair = 1 / n
        worst = max(rates.values()) / fair
        ok &= worst <= FAIRNESS
        print(f"{n} players, {args.games} games between casual bots (fair share {fair:.1%}):")
        for p, r in rates.items():
            print(f"  {p:8} {r:6.1%}  ({r / fair:4.2f}x fair, {played[p]} games)")
        q = statistics.quantiles(scores, n=4)
        print(f"  highest {worst:.2f}x fair share   target <= {FAIRNESS}x  {'met' if worst <= FAIRNESS else 'NOT met'}")
        print(f"  scores: mean {statistics.mean(scores):.1f}, sd {statistics.pstdev(scores):.1f}, "
              f"quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, range {min(scores)}-{max(scores)}; "
              f"winner's lead mean {statistics.mean(leads):.2f}, ties on stages {sum(1 for x in leads if x == 0) / len(leads):.1%}")
    if args.bot_games:
        s, r = bot_strength(game, data, args.bot_games)
        ratio = s / r if r else float("inf")
        ok &= ratio >= STRENGTH
        print(f"sensible bot vs 3 random bots, {args.bot_games} 4-player games: sensible wins {s:.1%}, "
              f"a random bot {r:.1%}: {ratio:.1f}x   target >= {STRENGTH}x  {'met' if ratio >= STRENGTH else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
