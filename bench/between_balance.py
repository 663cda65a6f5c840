"""Between Battle balance: bot-vs-bot games over every pairing of characters.

    python bench/between_balance.py [--games 200] [--bots sensible,sensible] [--vs-random 1000]
                                    [--decks FILE.toml]

For every ordered pair of different characters (seat 0, seat 1: 12 pairs, so
both seat orders of the 6 pairings) it plays ``--games`` games, the first
player alternating, and prints: the mean game length in turns (and minutes
at ``--seconds-per-turn``), the first player's win rate, each character's win
rate against the field and each pairing's, and how games end.  The spec's
targets: first player 45-55 %, no character above 55 % against the field, a
café's 15 minutes.  ``--vs-random N`` also plays N games of the sensible bot
against the random bot (seats alternating; target: the sensible bot wins 80 %).
``--decks`` plays another character file (to try a tuning before editing
``cards/between/``).  Seeds are fixed: the same command prints the same figures.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import statistics
import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from engine.between import GAME
from engine.between.cards import parse
from engine.game import GameSetup, play_out


def play(book, chars, seed, first, bots):
    setup = GameSetup("between", ("A", "B"), seed, {"characters": list(chars), "first": first})
    state = GAME.new(book, setup)
    play_out(state, {p: GAME.policies[bots[p]](book, p, seed * 2 + p) for p in (0, 1)})
    return state


def balance(book, games: int, bots, seconds_per_turn: float) -> dict:
    ids = sorted(book.characters)
    wins = collections.Counter()
    played = collections.Counter()
    pair_wins = collections.Counter()
    first_wins = 0
    turns = []
    reasons = collections.Counter()
    total = 0
    for a, b in itertools.permutations(ids, 2):
        for i in range(games):
            first = i % 2
            state = play(book, (a, b), 1_000 * i + 7, first, bots)
            o = state.outcome()
            (w,) = o.winners
            winner, loser = ((a, b) if w == 0 else (b, a))
            wins[winner] += 1
            played[a] += 1
            played[b] += 1
            pair_wins[(winner, loser)] += 1
            first_wins += w == first
            turns.append(state.turn)
            reasons[o.reason] += 1
            total += 1
    print(f"{total} games, {bots[0]} vs {bots[1]}, {games} per ordered pair of characters, first player alternating")
    mean = statistics.mean(turns)
    print(f"game length: mean {mean:.1f} turns (median {statistics.median(turns):.0f}, "
          f"10-90 % {sorted(turns)[total // 10]}-{sorted(turns)[total * 9 // 10]}); "
          f"at {seconds_per_turn:.0f} s a turn: {mean * seconds_per_turn / 60:.1f} min (target ~15)")
    print(f"first player wins {100 * first_wins / total:.1f} %  (target 45-55 %)")
    print("against the field (target <= 55 %):")
    for c in ids:
        print(f"  {c:8s} {100 * wins[c] / played[c]:5.1f} %")
    print("pairings (row beats column, both seat orders):")
    print("          " + "".join(f"{c:>9s}" for c in ids))
    for r in ids:
        cells = []
        for c in ids:
            n = pair_wins[(r, c)] + pair_wins[(c, r)]
            cells.append(f"{100 * pair_wins[(r, c)] / n:8.1f}%" if n else "        -")
        print(f"  {r:8s}" + "".join(cells))
    print("endings: " + ", ".join(f"{k} {100 * v / total:.1f} %" for k, v in reasons.most_common()))
    return {"first": first_wins / total, "turns": mean, "field": {c: wins[c] / played[c] for c in ids}}


def versus_random(book, games: int) -> float:
    ids = sorted(book.characters)
    won = 0
    for seed in range(games):
        seat = seed % 2
        bots = ("sensible", "random") if seat == 0 else ("random", "sensible")
        pair = list(itertools.permutations(ids, 2))[seed % 12]
        state = play(book, pair, 50_000 + seed, (seed // 2) % 2, bots)
        won += state.outcome().winners == (seat,)
    rate = won / games
    print(f"sensible vs random: the sensible bot wins {100 * rate:.1f} % of {games} games (target >= 80 %)")
    return rate


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per ordered pair of characters")
    ap.add_argument("--bots", default="sensible,sensible")
    ap.add_argument("--seconds-per-turn", type=float, default=25.0,
                    help="human pace assumed (default 25 s: people learning the game)")
    ap.add_argument("--vs-random", type=int, default=0, metavar="N")
    ap.add_argument("--decks", help="a character file to play instead of the bundled one")
    args = ap.parse_args(argv)
    if args.decks:
        book = parse([(args.decks, Path(args.decks).read_text(encoding="utf-8"))])
    else:
        book = GAME.load(cards)
    bots = tuple(args.bots.split(","))
    if args.games:
        balance(book, args.games, bots, args.seconds_per_turn)
    if args.vs_random:
        versus_random(book, args.vs_random)


if __name__ == "__main__":
    main()
