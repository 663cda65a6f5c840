"""How strong are the bots that think, and how fast is the Deck Phase hint?

    python bench/bots.py [--tournaments 1000] [--simulations N | --seconds 0.3] [--jobs 2]

1. Challengers!: the search bot (every Deck Phase decision by the hint, at
   the hint's budget) against the greedy bot, in seeded 2-player base-box
   tournaments (seeds 0..N-1, the search bot on seat ``seed % 2``): its win
   rate with a 95 % Wilson interval (target: at least 65 %).
2. The hint's time per decision, over every hint the search bot asked for:
   median and p99 of wall time and of the process's CPU time (targets:
   0.3 s here, 1 s on a Raspberry Pi 4, which runs CPython about 3x slower).
3. Every registered game that has a determinize, and the two toy games the
   tests use: the generic search bot at level "hard" against random bots.

``--seconds`` measures the rate of practice matches first and sets the
budget to ``rate x seconds``; ``--simulations`` fixes it (the default is the
search bot's own, chosen so that a hint takes about 0.3 s on an idle
development VM).

    python bench/bots.py --versus [--games 500] [--game NAME ...] [--cap 1.0] [--pi-factor 3]
                         [--simulations N] [--jobs 2] [--first-seed 0]

Every game's hard bot (its ``search`` policy) against its sensible bot (Challengers!: the greedy
bot), 2 players, seeds ``--first-seed`` onwards, the hard bot on seat ``seed % 2``, the games
shared out in chunks of ``--chunk`` among ``--jobs`` worker processes.  Time is read on this
process's CPU clock times ``--pi-factor`` (a Raspberry Pi 4 runs CPython about 3x slower than a
core of the development VM): the bots' time cap (``--cap``, in a Pi's seconds: the table's 1 s)
is read on that clock, and each decision among several actions is timed on it.  It prints, per
game, the hard bot's share of wins (a draw counts half) with a 95 % Wilson interval, and the
median and p99 of its decision times, and the median and tenth percentile of the simulations its search
played a decision (targets, issue 34: >= 70 % with the interval's lower bound
>= 65 % over >= 500 games; p99 <= 1 s).  ``--cap 0`` lifts the time cap: the seeds alone then
decide every game (the same figures on any machine, but for the times).  Ctrl-C or a kill prints
the table of the chunks finished so far (a long run cut short still gives its figures).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])
sys.path.insert(1, str(Path(__file__).resolve().parents[1] / "tests" / "support"))

import cards
from bench.runs import p99, stop_on_signals, wilson, worker_signals
from engine import registry
from engine.challengers.hint import MATCH_COST_PER_ROUND, HintSearchPolicy, hint, matches_for, view_for
from engine.challengers.hint import LegacyHintSearchPolicy as ChallengersSearch
from engine.challengers.library import load
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament
from engine.game import GameSetup, RandomPolicy, Termination, play_out
from engine.search import LEVELS, SearchPolicy, rewards

_LIB = None


def lib():
    global _LIB
    if _LIB is None:
        _LIB = load(cards, boxes=("base",))
    return _LIB


class TimedSearch(ChallengersSearch):
    """The Challengers search bot, timing each decision it took by a hint (wall and CPU
    seconds, from its observation to its answer, and the round it was for)."""

    def __init__(self, seed, simulations, prior=True):
        super().__init__(seed, simulations, prior)
        self.times: list[tuple[float, float, int]] = []

    def act(self, t, who):
        w, c = time.perf_counter(), time.process_time()
        before = len(self.bot.hints) if self.bot is not None else 0
        action = super().act(t, who)
        if len(self.bot.hints) > before:
            self.times.append((time.perf_counter() - w, time.process_time() - c, t.round))
        return action


def play_chunk(job):
    """Tournaments ``seeds``; (wins of the search bot, tournaments, hint times)."""
    seeds, simulations, prior = job
    wins, times = 0, []
    for seed in seeds:
        seat = seed % 2
        t = Tournament(lib(), Setup(players=("Search", "Greedy") if seat == 0 else ("Greedy", "Search"), seed=seed),
                       record=False)
        bot = TimedSearch(seed, simulations, prior)
        run_tournament(t, {seat: bot, 1 - seat: make_policy("greedy", seed)})
        wins += t.winner == seat
        times.extend(bot.times)
    return wins, len(seeds), times


def practice_rate(seconds=2.0) -> float:
    """Practice matches per CPU second, over the hints of greedy-played tournaments."""
    done, spent, seed = 0, 0.0, 10_000
    while spent < seconds:
        t = Tournament(lib(), Setup(players=("A", "B"), seed=seed), record=False)
        pol = {0: make_policy("greedy", 1), 1: make_policy("greedy", 2)}
        while not t.over:
            who = t.next_waiting()
            if who[0] == "deck" and who[1] == 0:
                view = view_for(t, 0)
                if view is not None:
                    c = time.process_time()
                    h = hint(view, 200, seed)
                    if h is not None:
                        spent += time.process_time() - c
                        done += sum(n for _, _, n in h.records)
            actor = who[1] if who[0] == "deck" else who[2]
            t.apply(pol[actor].act(t, who))
        seed += 1
    return done / spent






def generic(toy_games: int, registered_games: int) -> list[tuple[str, float, float, int, float]]:
    """(game, search(hard) mean reward, a random seat's share, games, seconds per game) for each
    registered game that has a determinize, and the two toy games of the tests.  The hard
    level's time cap holds, on this process's CPU clock."""
    import auction
    import toygame
    found = [(g, g.load(cards), registered_games) for g in registry.games() if g.determinize is not None]
    found += [(auction.GAME, None, toy_games), (toygame.GAME, None, toy_games)]
    out = []
    level = LEVELS["hard"]
    for game, data, games in found:
        if games < 1:
            continue
        n = max(2, game.min_players)
        total = 0.0
        start = time.perf_counter()
        for seed in range(games):
            state = game.new(data, GameSetup(game.name, tuple(f"P{i + 1}" for i in range(n)), seed))
            seat = seed % n
            pols = {q: RandomPolicy(1000 * seed + q) for q in range(n)}
            pols[seat] = SearchPolicy(game, data, seat, simulations=level.simulations, seconds=level.seconds,
                                      clock=time.process_time, noise=level.noise, seed=seed)
            play_out(state, pols)
            total += rewards(state.outcome(), n)[seat]
        out.append((game.name, total / games, 1 / n, games, (time.perf_counter() - start) / games))
    return out


def challengers(args) -> None:
    rate = practice_rate(args.rate_seconds)
    print(f"practice matches: {rate:,.0f} per CPU second (load average {' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())})")
    sims = args.simulations or HintSearchPolicy.simulations
    if args.seconds is not None:
        sims = int(rate * args.seconds)
    print(f"hint budget: {sims} round-1 practice matches (~{sims / rate:.2f} CPU s at that rate); round r plays "
          f"{sims} / (1 + {MATCH_COST_PER_ROUND:g} (r - 1)): {', '.join(str(matches_for(sims, r)) for r in range(1, 8))}")

    seeds = list(range(args.first_seed, args.first_seed + args.tournaments))
    parts = max(1, len(seeds) // 10)
    chunks = [(seeds[i::parts], sims, not args.no_prior) for i in range(parts)]
    start = time.perf_counter()
    wins = n = 0
    times: list = []
    stopped = ""
    with multiprocessing.Pool(args.jobs, initializer=worker_signals) as pool:
        results = pool.imap_unordered(play_chunk, [c for c in chunks if c[0]])
        try:
            while True:
                try:
                    # With a timeout, so that Ctrl-C reaches this loop (a bare wait would not wake).
                    w, k, ts = results.next(timeout=1.0)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    break
                wins, n = wins + w, n + k
                times.extend(ts)
                print(f"  ... {n} tournaments: search bot wins {wins / n:.1%}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:          # Ctrl-C: the figures so far
            pool.terminate()
            stopped = " (stopped early: the finished chunks of ten)"
    if n == 0:
        print(f"\nsearch bot vs greedy bot: no chunk of tournaments finished{stopped}")
        return
    lo, hi = wilson(wins, n)
    print(f"\nsearch bot vs greedy bot, {n} 2-player tournaments (seeds {seeds[0]}..{seeds[-1]}){stopped}, "
          f"{time.perf_counter() - start:.0f} s on {args.jobs} process(es)")
    print(f"{'':<24} {'value':>10} {'95 % interval':>18} {'target':>8}")
    print(f"{'search bot wins':<24} {wins / n:>10.1%} {f'{lo:.1%} - {hi:.1%}':>18} {'>= 65%':>8}")
    wall = [w for w, _, _ in times]
    cpu = [c for _, c, _ in times]
    print(f"\nDeck Phase hint, {len(times)} hints at a budget of {sims} round-1 practice matches")
    print(f"{'':<24} {'median':>10} {'p99':>10} {'target':>8}")
    print(f"{'wall time (s)':<24} {statistics.median(wall):>10.3f} {p99(wall):>10.3f} {'<= 0.3':>8}")
    print(f"{'CPU time (s)':<24} {statistics.median(cpu):>10.3f} {p99(cpu):>10.3f} {'<= 0.3':>8}")
    print(f"{'Pi 4 estimate (3x CPU)':<24} {3 * statistics.median(cpu):>10.3f} {3 * p99(cpu):>10.3f} {'<= 1.0':>8}")
    print(f"\n{'round':<6} {'hints':>6} {'wall median':>12} {'wall p99':>9} {'CPU median':>11} {'CPU p99':>8}")
    for r in sorted({r for _, _, r in times}):
        w = [x for x, _, q in times if q == r]
        c = [x for _, x, q in times if q == r]
        print(f"{r:<6} {len(w):>6} {statistics.median(w):>12.3f} {p99(w):>9.3f} {statistics.median(c):>11.3f} "
              f"{p99(c):>8.3f}")


#: How much slower a Raspberry Pi 4 runs CPython than one core of the development VM: decision
#: times are this VM's CPU time times this factor (``--pi-factor``), and the bots' time cap is
#: read on that scaled clock, so a bot thinks here for what a Pi would let it think.
PI4_FACTOR = 3.0

#: The hard bot's opponent in each game: its sensible bot, or Challengers!' greedy bot.
SENSIBLE = ("sensible", "greedy")

_DATA: dict = {}


def _data(game):
    if game.name not in _DATA:
        _DATA[game.name] = game.load(cards)
    return _DATA[game.name]


class PiClock:
    """This process's CPU time, times ``factor``: a Pi 4's seconds for the work done here."""

    def __init__(self, factor: float) -> None:
        self.factor = factor

    def __call__(self) -> float:
        return time.process_time() * self.factor


class TimedBot:
    """A bot whose decisions among several actions are timed on ``clock`` (each a Pi's seconds)."""

    def __init__(self, bot, clock) -> None:
        self.bot, self.clock = bot, clock
        self.times: list[float] = []
        self.simulations: list[int] = []      # the search's simulations at each of those decisions

    def act(self, observation, legal):
        if len(legal) < 2:
            return self.bot.act(observation, legal)
        start = self.clock()
        action = self.bot.act(observation, legal)
        self.times.append(self.clock() - start)
        self.simulations.append(getattr(self.bot, "last_simulations", 0))
        return action


def versus_chunk(job):
    """Games ``seeds`` of ``name``: the hard bot against the sensible one, 2 players, the hard bot on
    seat ``seed % 2``.  (name, points of the hard bot (a win 1, a draw 1/2), draws, games, its
    decision times in a Pi's seconds, the simulations its search played at each)."""
    name, seeds, simulations, seconds, factor = job
    game = registry.get(name)
    data = _data(game)
    sensible = next(p for p in SENSIBLE if p in game.policies)
    clock = PiClock(factor)
    points, draws, times, played = 0.0, 0, [], []
    for seed in seeds:
        seat = seed % 2
        hard = game.policies["search"](data, seat, seed)
        if simulations is not None:
            hard.simulations = simulations
        # The table's budget, on a Pi's clock; no time cap at all: the seed alone decides.
        hard.clock, hard.seconds = (clock, seconds) if seconds else (None, None)
        timed = TimedBot(hard, clock)
        state = game.new(data, GameSetup(name, ("P1", "P2"), seed))
        play_out(state, {seat: timed, 1 - seat: game.policies[sensible](data, 1 - seat, seed + 1)})
        outcome = state.outcome()
        if outcome is not None and outcome.termination == Termination.WIN and outcome.winners:
            points += seat in outcome.winners
        else:
            points += 0.5
            draws += 1
        times.extend(timed.times)
        played.extend(timed.simulations)
    return name, points, draws, len(seeds), times, played


def versus(args) -> None:
    """``--versus``: every game's hard bot against its sensible bot (see the module's docstring)."""
    names = [g.name for g in registry.games() if "search" in g.policies and any(p in g.policies for p in SENSIBLE)]
    if args.game:
        unknown = sorted(set(args.game) - set(names))
        if unknown:
            raise SystemExit(f"no hard and sensible bots for {', '.join(unknown)} (games: {', '.join(names)})")
        names = [n for n in names if n in args.game]
    seeds = list(range(args.first_seed, args.first_seed + args.games))
    chunk = max(1, args.chunk)
    jobs = [(name, seeds[i:i + chunk], args.simulations, args.cap, args.pi_factor)
            for name in names for i in range(0, len(seeds), chunk)]
    got: dict[str, list] = {name: [0.0, 0, 0, [], []] for name in names}
    start = time.perf_counter()
    stopped = ""
    with multiprocessing.Pool(args.jobs, initializer=worker_signals) as pool:
        results = pool.imap_unordered(versus_chunk, jobs)
        try:
            while True:
                try:
                    # With a timeout, so that Ctrl-C or a kill reaches this loop (a bare wait would not wake).
                    name, points, draws, games, times, simulations = results.next(timeout=1.0)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    break
                g = got[name]
                g[0] += points
                g[1] += draws
                g[2] += games
                g[3].extend(times)
                g[4].extend(simulations)
                slow = f", p99 {p99(g[3]):.3f} s" if g[3] else ""
                print(f"  ... {name}: {g[2]} games, hard bot {g[0] / g[2]:.1%}{slow}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:          # Ctrl-C or a kill: the figures of the finished chunks
            pool.terminate()
            stopped = f" (stopped early: the finished chunks of {chunk} games)"
    names = [n for n in names if got[n][2]]
    budget = (f"{args.simulations} simulations" if args.simulations is not None else "each game's hard level") + (
        f", at most {args.cap:g} s a decision on a Pi 4's clock" if args.cap else ", no time cap")
    print(f"hard bot vs sensible bot, 2 players, {args.games} games a game (seeds {seeds[0]}..{seeds[-1]}, the hard "
          f"bot on seat seed % 2); {budget}; times are CPU time x {args.pi_factor:g} (a Pi 4); "
          f"{time.perf_counter() - start:.0f} s on {args.jobs} process(es){stopped}")
    print(f"{'game':<12} {'games':>6} {'hard bot wins':>14} {'95 % interval':>16} {'draws':>6} {'decisions':>10} "
          f"{'median s':>9} {'p99 s':>8} {'simulations median':>19} {'p10':>5}")
    for name in names:
        points, draws, games, times, simulations = got[name]
        lo, hi = wilson(points, games)
        median = f"{statistics.median(times):.3f}" if times else "-"
        slow = f"{p99(times):.3f}" if times else "-"
        sims = sorted(simulations)
        sims_median = f"{statistics.median(sims):.0f}" if sims else "-"
        sims_p10 = f"{sims[len(sims) // 10]}" if sims else "-"
        print(f"{name:<12} {games:>6} {points / games:>14.1%} {f'{lo:.1%} - {hi:.1%}':>16} {draws:>6} "
              f"{len(times):>10} {median:>9} {slow:>8} {sims_median:>19} {sims_p10:>5}")






def main(argv=None) -> int:
    stop_on_signals()      # Ctrl-C or a plain kill prints the figures so far
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=1000)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--simulations", type=int, default=None, help="practice matches per hint (with --versus: the hard bots' simulations)")
    ap.add_argument("--seconds", type=float, default=None, help="set the budget from a measured rate instead")
    ap.add_argument("--rate-seconds", type=float, default=2.0, help="CPU seconds spent measuring the rate")
    ap.add_argument("--no-prior", action="store_true", help="the hint alone, without the greedy choice as default")
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default 1; 2 with --versus)")
    ap.add_argument("--toy-games", type=int, default=100, help="games of each toy game (generic search bot)")
    ap.add_argument("--registered-games", type=int, default=4, help="games of each registered game (generic bot)")
    ap.add_argument("--skip-challengers", action="store_true", help="only the generic search bot")
    ap.add_argument("--versus", action="store_true",
                    help="only every game's hard bot against its sensible bot, on a Pi 4's clock")
    ap.add_argument("--games", type=int, default=500, help="with --versus: games a game")
    ap.add_argument("--game", action="append", default=[], help="with --versus: only this game (repeatable)")
    ap.add_argument("--cap", type=float, default=1.0,
                    help="with --versus: a decision's time cap in a Pi 4's seconds (0: none, the seed decides)")
    ap.add_argument("--pi-factor", type=float, default=PI4_FACTOR,
                    help=f"with --versus: a Pi 4's CPU time per CPU second here (default {PI4_FACTOR:g})")
    ap.add_argument("--chunk", type=int, default=5, help="with --versus: games a worker plays at a time")
    args = ap.parse_args(argv)
    if args.jobs is None:
        args.jobs = 2 if args.versus else 1
    if args.versus:
        versus(args)
        return 0

    if not args.skip_challengers:
        challengers(args)

    print(f"\ngeneric search bot (level hard: {LEVELS['hard'].simulations} simulations or "
          f"{LEVELS['hard'].seconds:g} CPU s per decision) vs random bots, 2 players")
    print(f"{'game':<16} {'mean reward':>12} {'a random seat':>14} {'games':>6} {'s/game':>8}")
    for name, mean, chance, games, secs in generic(args.toy_games, args.registered_games):
        print(f"{name:<16} {mean:>12.2f} {chance:>14.2f} {games:>6} {secs:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
