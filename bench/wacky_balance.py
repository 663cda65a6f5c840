"""Wacky Challenge balance: each pilot's win rate at every player count for each bot
at every seat, the score spread, and how much stronger the sensible bot is than the
random one.

    python bench/wacky_balance.py [--bot casual|sensible|search|all ...] [--games 500]
        [--players 2 3 4 5 6 7] [--simulations 50] [--jobs 2] [--bot-games 1000] [--data FILE]

* pilots: games with the same bot at every seat, the pilots drawn by each
  game's seed (as the engine does when no one chooses). ``casual`` is the
  sensible bot misjudging each estimate by a normal error of about a stage, as
  people do; ``sensible`` judges exactly; ``search`` is the search bot
  (engine/search.py) at ``--simulations`` simulations a move. A pilot's win
  rate is its wins (a shared win split between the winners) over the games it
  played; its share is that rate over the fair 1/players, printed with a 95 %
  interval (normal approximation on the win indicator). Target
  (shared/spec/wacky-challenge.md): every share within 0.7-1.3x.
* spread: the final scores of those games (mean, standard deviation,
  quartiles) and the winner's lead over the runner-up.
* bots: 4-player games, one sensible bot against three random bots, the
  sensible seat turning round the table; target: the sensible bot's win rate
  at least 2x a random bot's.

Games are seeded by their number, so the figures are the same whatever
``--jobs``. The exit status is 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine import registry
from engine.game import GameSetup, play_out
from engine.search import SearchPolicy
from engine.wacky import data as wacky_data
from engine.wacky.policies import playout

LOW, HIGH = 0.7, 1.3
STRENGTH = 2.0
BOTS = ("casual", "sensible", "search")


def load_data(path: str | None):
    """The card data: the project's file, or the file at ``path`` (checked the same way)."""
    if path is None:
        return registry.get("wacky").load(cards)
    return wacky_data.parse(path, Path(path).read_text(encoding="utf-8"))


def make_policy(game, data, bot: str, seat: int, seed: int, simulations: int):
    if bot == "search":
        return SearchPolicy(game, data, seat, simulations=simulations, seed=seed, playout=playout)
    return game.policies[bot](data, seat, seed)


def play(game, data, n: int, seed: int, bots: list[str], simulations: int = 50):
    state = game.new(data, GameSetup(game.name, tuple(f"P{i + 1}" for i in range(n)), seed))
    play_out(state, {p: make_policy(game, data, bots[p], p, seed * 10 + p, simulations) for p in range(n)})
    return state


def _one_game(job: tuple) -> tuple[list[int], list[float], list[int]]:
    """One game: the pilot index of each seat, each seat's share of the win, the scores."""
    data_path, n, seed, bot, simulations = job
    game = registry.get("wacky")
    data = load_data(data_path)
    state = play(game, data, n, seed, [bot] * n, simulations)
    outcome = state.outcome()
    wins = [0.0] * n
    for w in outcome.winners:
        wins[w] = 1 / len(outcome.winners)
    return [state.pilot[q] for q in range(n)], wins, list(outcome.scores)


def pilot_rates(data_path: str | None, n: int, games: int, bot: str = "casual", simulations: int = 50,
                jobs: int = 1, first_seed: int = 0):
    """Per pilot: win rate, games played and the 95 % half-width of the rate; the scores and leads.
    The games' results are summed in seed order, so ``jobs`` does not change a figure."""
    pilots = [p.id for p in load_data(data_path).pilots]
    todo = [(data_path, n, seed, bot, simulations) for seed in range(first_seed, first_seed + games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_one_game, todo, chunksize=max(1, len(todo) // (jobs * 8))))
    else:
        results = [_one_game(job) for job in todo]
    played = dict.fromkeys(pilots, 0)
    won = dict.fromkeys(pilots, 0.0)
    won_sq = dict.fromkeys(pilots, 0.0)
    scores: list[int] = []
    leads: list[int] = []
    for seat_pilots, wins, game_scores in results:
        for q, pi in enumerate(seat_pilots):
            played[pilots[pi]] += 1
            won[pilots[pi]] += wins[q]
            won_sq[pilots[pi]] += wins[q] ** 2
        ranked = sorted(game_scores, reverse=True)
        scores.extend(game_scores)
        leads.append(ranked[0] - ranked[1])
    rates, half = {}, {}
    for p in pilots:
        k = played[p]
        rates[p] = won[p] / k if k else 0.0
        var = won_sq[p] / k - rates[p] ** 2 if k else 0.0
        half[p] = 1.96 * math.sqrt(max(var, 0.0) / k) if k > 1 else float("inf")
    return rates, played, half, scores, leads


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
    ap.add_argument("--bot", action="append", choices=(*BOTS, "all"),
                    help="bot at every seat (repeatable; 'all' for the three); default casual")
    ap.add_argument("--games", type=int, default=500, help="games per player count and bot")
    ap.add_argument("--simulations", type=int, default=50, help="the search bot's simulations a move")
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6, 7])
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not depend on it)")
    ap.add_argument("--bot-games", type=int, default=1000, help="games of the bot-strength measure (0: skip)")
    ap.add_argument("--data", help="another Wacky data file to measure instead of cards/wacky/wacky.toml")
    args = ap.parse_args(argv)
    bots = args.bot or ["casual"]
    bots = list(BOTS) if "all" in bots else list(dict.fromkeys(bots))
    if args.jobs < 1 or args.games < 1:
        ap.error("--jobs and --games must be at least 1")
    bad = [n for n in args.players if not 2 <= n <= 7]
    if bad:
        ap.error(f"--players: Wacky Challenge takes 2 to 7 players, not {bad}")
    game = registry.get("wacky")
    data = load_data(args.data)
    ok = True
    for bot in bots:
        for n in args.players:
            rates, played, half, scores, leads = pilot_rates(args.data, n, args.games, bot, args.simulations,
                                                             args.jobs)
            fair = 1 / n
            shares = [r / fair for p, r in rates.items() if played[p]]
            met = all(LOW <= s <= HIGH for s in shares)
            ok &= met
            what = f"search bots ({args.simulations} simulations)" if bot == "search" else f"{bot} bots"
            print(f"{n} players, {args.games} games between {what} (fair share {fair:.1%}):")
            for p, r in rates.items():
                if played[p]:
                    print(f"  {p:8} {r:6.1%}  {r / fair:4.2f}x fair (95% {(r - half[p]) / fair:4.2f}-"
                          f"{(r + half[p]) / fair:4.2f}), {played[p]} games")
            q = statistics.quantiles(scores, n=4)
            print(f"  shares {min(shares):.2f}-{max(shares):.2f}x   target {LOW}-{HIGH}x  "
                  f"{'met' if met else 'NOT met'}")
            print(f"  scores: mean {statistics.mean(scores):.1f}, sd {statistics.pstdev(scores):.1f}, "
                  f"quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, range {min(scores)}-{max(scores)}; "
                  f"winner's lead mean {statistics.mean(leads):.2f}, "
                  f"ties on stages {sum(1 for x in leads if x == 0) / len(leads):.1%}", flush=True)
    if args.bot_games:
        s, r = bot_strength(game, data, args.bot_games)
        ratio = s / r if r else float("inf")
        ok &= ratio >= STRENGTH
        print(f"sensible bot vs 3 random bots, {args.bot_games} 4-player games: sensible wins {s:.1%}, "
              f"a random bot {r:.1%}: {ratio:.1f}x   target >= {STRENGTH}x  {'met' if ratio >= STRENGTH else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
