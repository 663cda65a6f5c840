"""Coordinator load test: simulated parks on loopback.

    .venv/bin/python bench/coordinator.py [--seconds 10] [--sizes 4,16,64]

For each size (number of parks) it starts a fresh coordinator process (``python -m
coordinator.main`` on 127.0.0.1, a temporary data folder, WAL + synchronous=FULL) and runs
size/4 tournaments of 8 players (4 parks each).  Every park is one client (its own paired token)
that plays its park as fast as it can, one request at a time like a kiosk: Deck Phase draws
(``option``/``redraw``: pile draws), picks, removals, and every match action (with
``match_seq``); a finished tournament is replaced by a new one.  It prints requests/s, the
median and p99 latency of match-action posts, of pile draws and of the other Deck Phase posts,
and the errors (any answer other than 200, any exception).  Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from types import SimpleNamespace

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cards  # noqa: E402
from engine.challengers.library import load  # noqa: E402
from engine.challengers.policies import make_policy  # noqa: E402
from engine.challengers.tournament import match_from_spec  # noqa: E402

PIN = "975310"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
LIB = load(cards)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Stats:
    def __init__(self):
        self.lat = {"match action": [], "pile draw": [], "deck other": [], "park GET": []}
        self.errors = []

    def add(self, kind, dt):
        self.lat[kind].append(dt)


class Group:
    """One tournament of 4 parks; replaced by a new one when it ends."""

    def __init__(self, s, base, tokens, kids):
        self.s, self.base, self.tokens, self.kids = s, base, tokens, kids
        self.tid = None
        self.ready = asyncio.Event()
        self.seed = 0

    async def new(self):
        self.ready.clear()
        self.seed += 1
        h = {"Authorization": f"Bearer {self.tokens[1]}", "X-Organiser-Pin": PIN}
        async with self.s.post(self.base + "/api/tournaments", headers=h,
                               json={"players": PLAYERS, "seed": self.seed * 7919 + self.kids[1]}) as r:
            assert r.status == 201, await r.text()
            tid = (await r.json())["id"]
        for park, kid in self.kids.items():
            async with self.s.post(f"{self.base}/api/tournaments/{tid}/parks/{park}/kiosk", headers=h,
                                   json={"kiosk_id": kid}) as r:
                assert r.status == 200, await r.text()
        self.tid = tid
        self.ready.set()


class Park:
    def __init__(self, group: Group, park: int, stats: Stats, deadline: float):
        self.g, self.park, self.stats, self.deadline = group, park, stats, deadline
        self.policy = make_policy("greedy", park)
        self.h = {"Authorization": f"Bearer {group.tokens[park]}"}

    async def get(self):
        t0 = time.perf_counter()
        async with self.g.s.get(f"{self.g.base}/api/tournaments/{self.g.tid}/parks/{self.park}", headers=self.h) as r:
            j = await r.json()
        self.stats.add("park GET", time.perf_counter() - t0)
        if r.status != 200:
            self.stats.errors.append(("GET", r.status, j))
            raise RuntimeError(j)
        return j

    async def post(self, kind, body):
        body["request_id"] = uuid.uuid4().hex
        t0 = time.perf_counter()
        async with self.g.s.post(f"{self.g.base}/api/tournaments/{self.g.tid}/actions", json=body,
                                 headers=self.h) as r:
            j = await r.json()
        dt = time.perf_counter() - t0
        if r.status != 200:
            self.stats.errors.append((body, r.status, j))
            raise RuntimeError(j)
        self.stats.add(kind, dt)
        return j

    def deck_action(self, rnd, d):
        card = LIB.catalogue.card
        opt = lambda o: SimpleNamespace(level=o["level"], pick=o["pick"], fans=o["fans"])  # noqa: E731
        p = d["pending"]
        dp = SimpleNamespace(stage=d["stage"], options=[opt(o) for o in d["options"]],
                             option=d["option"] and opt(d["option"]), drawn=[card(c) for c in d["drawn"]],
                             deck=[card(c) for c in d["deck"]], can_redraw=lambda: d["can_redraw"],
                             pending=p and SimpleNamespace(kind=p["kind"], options=p["options"], player=p["player"]))
        return self.policy.deck_action(SimpleNamespace(round=rnd), dp)

    async def run(self):
        while time.monotonic() < self.deadline:
            await self.g.ready.wait()
            tid = self.g.tid
            try:
                v = await self.get()
            except Exception:
                return
            if v["phase"] == "over":
                if self.park == 1 and self.g.tid == tid:
                    await self.g.new()
                else:
                    await asyncio.sleep(0.02)
                continue
            acted = False
            if v["phase"] in ("deck", "final-deck"):
                for d in v["private"]["deck_phases"]:
                    while d and d["stage"] != "done" and time.monotonic() < self.deadline:
                        a = self.deck_action(v["round"], d)
                        kind = "pile draw" if a[0] in ("option", "redraw") else "deck other"
                        try:
                            d = (await self.post(kind, {"action": ["deck", d["player"], *a]}))["deck_phase"]
                        except Exception:
                            return
                        acted = True
            elif v["private"]["match"] and v["match"]["state"] == "playing":
                m = v["private"]["match"]
                match = match_from_spec(LIB.catalogue, m["spec"], record=False)
                for a in m["actions"]:
                    match.apply(tuple(a))
                seq = m["match_seq"]
                t = SimpleNamespace(matches={self.park: match})
                while match.winner is None and time.monotonic() < self.deadline:
                    action = self.policy.act(t, ("match", self.park, None))
                    try:
                        await self.post("match action", {"action": list(action), "match_seq": seq})
                    except Exception:
                        return
                    match.apply(tuple(action[2:]))
                    seq += 1
                    acted = True
            if not acted:
                await asyncio.sleep(0.02)      # waiting for the other parks


async def bench(parks: int, seconds: float, data: Path) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(data / f"coordinator-{parks}.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data / f"db-{parks}"), "--organiser-pin", PIN, "--no-mdns",
                             "--log-level", "WARNING"], cwd=str(ROOT), stdout=log, stderr=log)
    try:
        conn = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=conn) as s:
            for _ in range(200):
                try:
                    async with s.get(base + "/api/health") as r:
                        if r.status == 200:
                            break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.05)
            groups = []
            for g in range(parks // 4):
                tokens, kids = {}, {}
                for park in range(1, 5):
                    async with s.get(base + "/api/pairing-pin", headers={"X-Organiser-Pin": PIN}) as r:
                        pin = (await r.json())["pin"]
                    async with s.post(base + "/api/pair", json={"pin": pin, "name": f"g{g}p{park}"}) as r:
                        j = await r.json()
                    tokens[park], kids[park] = j["token"], j["kiosk_id"]
                grp = Group(s, base, tokens, kids)
                await grp.new()
                groups.append(grp)
            stats = Stats()
            start = time.monotonic()
            deadline = start + seconds
            await asyncio.gather(*(Park(g, p, stats, deadline).run() for g in groups for p in range(1, 5)))
            elapsed = time.monotonic() - start
    finally:
        proc.terminate()
        proc.wait(10)
    return {"parks": parks, "elapsed": elapsed, "stats": stats}


def ms(xs, q):
    if not xs:
        return float("nan")
    xs = sorted(xs)
    if q == 50:
        return statistics.median(xs) * 1000
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))] * 1000


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--sizes", default="4,16,64")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    if any(n % 4 for n in sizes):
        ap.error("sizes are multiples of 4 parks (tournaments of 8 players)")
    print(f"coordinator bench: {args.seconds:g} s per size, {os.cpu_count()} CPUs, clients and server on 127.0.0.1")
    print(f"{'parks':>5} {'req/s':>8} {'kind':<13} {'count':>7} {'median ms':>10} {'p99 ms':>8}  errors")
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            r = asyncio.run(bench(n, args.seconds, Path(tmp)))
            st = r["stats"]
            total = sum(len(v) for v in st.lat.values())
            first = True
            for kind, xs in st.lat.items():
                print(f"{n if first else '':>5} {total / r['elapsed'] if first else '':>8.0f} {kind:<13} {len(xs):>7} "
                      f"{ms(xs, 50):>10.2f} {ms(xs, 99):>8.2f}  {len(st.errors) if first else ''}"
                      if first else f"{'':>5} {'':>8} {kind:<13} {len(xs):>7} {ms(xs, 50):>10.2f} {ms(xs, 99):>8.2f}")
                first = False
            for e in st.errors[:3]:
                print("      error:", e)
            worst = max(worst, len(st.errors))
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
