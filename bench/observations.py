"""What an observation costs a bot: Challengers!' ``observation()`` and ``determinize()``.

    python bench/observations.py [--seconds 1] [--rounds 5] [--against OTHER_CHECKOUT] [--json]

The search bot builds an observation at every decision and determinizes one for every
simulation, so their cost is its budget.  The states are taken along seeded tournaments played
through the contract by greedy bots (8 players, base box; 2 players, the Beach Cup box; solo),
one every few actions, with the seat to act; each figure is CPU time (time.process_time) per
call, the best of ten batches over about ``--seconds`` of calls, the median of ``--rounds`` rounds.

``--against`` measures another checkout of the project in the same run (each round runs both,
alternately, each in its own process) and prints the ratio, this one over the other; both run
the pure-Python engine (``TABLECUP_PURE_PYTHON=1``), so a build present in one only does not
count.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

#: (people, box, seed) of the tournaments the states are taken from.
GAMES = ((8, "base", 1), (2, "beach", 2), (1, "base", 3))
EVERY = 5


def states():
    """(library, [(state, seat, observation)]) along the seeded tournaments."""
    import cards
    from engine.challengers import GAME
    from engine.game import GameSetup, next_actor
    lib = GAME.load(cards)
    out = []
    for people, box, seed in GAMES:
        state = GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(people)), seed, {"box": box}))
        bots = {p: GAME.policies["greedy"](lib, p, p) for p in range(state.num_players)}
        step = 0
        while (seat := next_actor(state)) is not None:
            obs = state.observation(seat)
            if step % EVERY == 0:
                out.append((state.clone(), seat, json.loads(json.dumps(obs))))
            state.apply(bots[seat].act(obs, state.legal_actions(seat)))
            step += 1
    return lib, out


def per_call(fn, items, seconds: float, batches: int = 10) -> float:
    """CPU seconds per call of ``fn(item)``, cycling through ``items`` for about ``seconds``: the
    best of ``batches`` batches (on a shared machine the others' work only ever adds time)."""
    best = float("inf")
    for _ in range(batches):
        n, start = 0, time.process_time()
        while True:
            for item in items:
                fn(item)
            n += len(items)
            elapsed = time.process_time() - start
            if elapsed >= seconds / batches:
                break
        best = min(best, elapsed / n)
    return best


def measure(seconds: float) -> dict:
    from engine.challengers import GAME
    lib, taken = states()
    rng = random.Random(0)
    observe = per_call(lambda x: x[0].observation(x[1]), taken, seconds)
    determinize = per_call(lambda x: GAME.determinize(lib, x[2], x[1], rng), taken, seconds)
    return {"states": len(taken), "observation_us": observe * 1e6, "determinize_us": determinize * 1e6}


def run_in(root: Path, seconds: float) -> dict:
    env = dict(os.environ, TABLECUP_PURE_PYTHON="1", PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", "--root", str(root),
                          "--seconds", str(seconds)], env=env, cwd=root, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--against", type=Path, help="another checkout, measured alternately in the same run")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--root", type=Path, default=HERE, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        sys.path.insert(0, str(args.root))
        print(json.dumps(measure(args.seconds)))
        return
    roots = {"this": HERE} | ({"other": args.against.resolve()} if args.against else {})
    runs: dict[str, list[dict]] = {name: [] for name in roots}
    for r in range(args.rounds):
        order = list(roots.items()) if r % 2 == 0 else list(reversed(roots.items()))
        for name, root in order:
            runs[name].append(run_in(root, args.seconds))
    result = {name: {key: statistics.median(run[key] for run in got) for key in ("observation_us", "determinize_us")}
              | {"states": got[0]["states"]} for name, got in runs.items()}
    if args.against:
        result["ratio"] = {key: result["this"][key] / result["other"][key] for key in ("observation_us", "determinize_us")}
    if args.json:
        print(json.dumps(result))
        return
    for name, figures in result.items():
        print(name, " ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
