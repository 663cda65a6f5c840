"""How long the kiosk's Deck Phase pick hint takes, as the table gets it: question to answer.

    python bench/pick_hint.py [--tournaments 10] [--first-seed 0] [--workers 0,1]

Seeded solo tournaments against the Robot (the person's seat played by the greedy bot); at each
of the person's Deck Phase decisions with a choice, the kiosk's hint
(:class:`kiosk.games.challengers.pick_hint.PickHints`, its time cap included) is asked and
waited for, the answer coming back through ``post`` as it comes to the UI thread.  Each number in
``--workers`` is one way of thinking, all asked the same questions in turn (interleaved, as the
machine is shared): 0 is the worker thread thinking itself (the one-process hint, its budget
scaled by the round), N > 0 the practice matches played by N worker processes
(:class:`engine.challengers.hint_pool.HintPool`, started before the first question; the default
is 0 and the kiosk's own count, a worker per core).

Printed per way: practice matches per hint (median and lowest), the median and p99 of the wall
seconds from question to answer beside the target (0.3 s on the development VM; a Raspberry Pi 4
runs CPython about 3x slower and the cap then answers from fewer practice matches), the CPU
seconds per hint (this process and the workers, read from /proc) and of it this process's (the
kiosk's, where the UI runs), how many hints the cap cut short, and the machine's load average (the VM is shared: read the figures beside it).
No Kivy: the question is asked exactly as the Deck Phase screen asks it.
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cards
from bench.runs import p99
from engine import registry
from engine.challengers.hint import HintSearchPolicy, matches_for
from engine.challengers.hint_pool import spare_cores
from engine.game import GameSetup
from kiosk.games.challengers.pick_hint import POOL_MATCHES, POOL_SECONDS, SECONDS, PickHints, question_key

TARGET = 0.3
MATCHES_TARGET = 3000




def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Way:
    """One way of thinking: its PickHints and what its answers measured."""

    def __init__(self, lib, workers: int) -> None:
        self.workers = workers
        self.posted: queue.Queue = queue.Queue()
        self.hints = PickHints(lib, post=self.posted.put, workers=workers)
        if self.hints.pool is not None:
            self.hints.pool.start()
        self.waits: list[float] = []
        self.matches: list[int] = []
        self.cpu: list[float] = []
        self.own_cpu: list[float] = []
        self.cut = 0
        self.pooled = 0

    def pids(self) -> list[int]:
        pool = self.hints.pool
        return [os.getpid(), *(pool.pids if pool is not None else ())]

    def ask(self, seed: int, half: int, key, obs, legal) -> None:
        cpu_before = sum(cpu_of(p) for p in self.pids())
        own_before = time.process_time()
        asked = time.perf_counter()
        self.hints.ask(half, key, obs, legal, seed=seed)
        while self.hints.answer(half, key) is None:
            self.posted.get(timeout=30)()
        a = self.hints.answer(half, key)
        self.waits.append(time.perf_counter() - asked)
        self.cpu.append(sum(cpu_of(p) for p in self.pids()) - cpu_before)
        self.own_cpu.append(time.process_time() - own_before)
        played = sum(n for _, _, n in a.records)
        self.matches.append(played)
        self.pooled += a.workers > 0
        budget = POOL_MATCHES if a.workers else matches_for(HintSearchPolicy.simulations, obs["round"])
        self.cut += played < 0.9 * budget


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", default=f"0,{spare_cores()}",
                    help="comma-separated worker process counts; 0: the one-process hint (default: 0 and the kiosk's)")
    args = ap.parse_args(argv)
    game = registry.get("challengers")
    lib = game.load(cards)
    ways = [Way(lib, int(w)) for w in args.workers.split(",")]
    loads = [os.getloadavg()[0]]
    for seed in range(args.first_seed, args.first_seed + args.tournaments):
        st = game.new(lib, GameSetup("challengers", ("P",), seed, {"box": "base", "robot_level": 1, "solo_cards": False}))
        person = game.policies["greedy"](lib, 0, seed)
        robot = game.policies["robot"](lib, 1, seed)
        while st.outcome() is None:
            seat = min(st.to_act())
            obs, legal = st.observation(seat), st.legal_actions(seat)
            if seat == 0:
                for way in ways:
                    way.hints.watch(1, 0, obs)
                key = question_key((seed,), obs)
                if key is not None and len(legal) > 1:
                    for way in ways:
                        way.ask(seed, 0, key, obs, legal)
            st.apply((person if seat == 0 else robot).act(obs, legal))
        loads.append(os.getloadavg()[0])
    for way in ways:
        way.hints.stop()
    compiled = "compiled" if "cpython" in Path(sys.modules["engine.challengers.match"].__file__ or "").name else "pure Python"
    print(f"kiosk pick hint: {len(ways[0].waits)} hints over {args.tournaments} solo tournaments, {compiled} engine, "
          f"{os.cpu_count()} cores; 1-minute load average {min(loads):.1f}-{max(loads):.1f} during the run")
    print(f"  workers 0: the hint thread thinks itself, cap {SECONDS} s, budget {HintSearchPolicy.simulations} "
          f"round-1 practice matches; workers N: N processes, cap {POOL_SECONDS} s, {POOL_MATCHES} practice matches")
    print(f"{'workers':>7} {'matches/hint':>12} {'lowest':>7} {'wall p50':>9} {'wall p99':>9} {'CPU s/hint':>10} "
          f"{'of it here':>10} {'cut short':>9} {'pooled':>7}")
    for way in ways:
        print(f"{way.workers:>7} {statistics.median(way.matches):>12.0f} {min(way.matches):>7} "
              f"{statistics.median(way.waits):>9.3f} {p99(way.waits):>9.3f} {statistics.mean(way.cpu):>10.3f} "
              f"{statistics.mean(way.own_cpu):>10.3f} {way.cut:>9} {way.pooled:>7}")
    print(f"targets: >= {MATCHES_TARGET} practice matches per hint, wall p99 <= {TARGET} s (at rest)")
    return 0

if __name__ == "__main__":
    sys.exit(main())
