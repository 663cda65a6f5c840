"""Coordinator load test: simulated parks on loopback.

    .venv/bin/python bench/coordinator.py [--seconds 10] [--sizes 4,16,64] [--mode both|saturate|human]
                                          [--game challengers|wacky|both] [--human-seconds 20]
                                          [--client-procs 1] [--profile DIR] [--quick]

For each size (number of parks) it starts a fresh coordinator process (``python -m
coordinator.main`` on 127.0.0.1, a temporary data folder, WAL + synchronous=FULL: exactly as in
production) and runs size/4 tournaments of 8 players (4 parks each).  The simulated parks run in
the bench process (or ``--client-procs`` processes), never in the coordinator's process, so the
two do not share an event loop or a GIL.  Every park is one client (its own paired token) that
plays its park one request at a time like a kiosk: Deck Phase draws (``option``/``redraw``: pile
draws), picks, removals, and every match action (with ``match_seq``); a finished tournament is
replaced by a new one.

``--game wacky`` plays a Wacky Challenge night instead: per 2 parks one café tournament of 8
people in the ``tables`` format (2 tables of 4, 3 rounds, no bot entrant: the coordinator takes at
most 8 entrants a tournament), the tables seated by the coordinator from the standings.  Each park's kiosk reads its park's private view, rebuilds
its table's game from the set-up and the actions (as a kiosk does), and posts its people's moves
one at a time with their ``match_seq`` (a random legal move of the first seat to act: a person's
choice costs the coordinator what any other does).  ``--game both`` runs the two nights one after
the other.

Two load modes:

* ``saturate`` -- every park sends its next request as soon as the previous one is answered
  (closed loop, no think time).  This measures the coordinator's capacity (requests/s); the
  latency here is mostly queueing: with N parks each keeping one request in flight,
  latency ~= N / throughput (Little's law), whatever the server does.
* ``human`` -- what a real event sends: each park waits 0.5-1.0 s (uniform jitter) between two
  actions (a person tapping), and now and then (5 % of actions) flushes a burst of 2-5 actions
  back to back (a kiosk's outbox after a Wi-Fi drop-out).  Waiting kiosks re-read their park view
  every 0.5 s.  This is the load the latency target is about.

``--restart`` measures what a restart costs once an event has played many tournaments: for 1,
100 and 1,000 finished 8-player tournaments in the database (one played through the
coordinator's own write path, then copied row for row under new ids), the time from starting the
process to its first answer, and its resident memory then; and, with the 1,000, the live-request
latency of 64 parks in human mode.  Targets: with 1,000 finished, restart <= 1 s and RSS <= 100 MB;
p99 <= 20 ms.  ``--before-tree DIR`` (a checkout of an older commit, e.g. made with
``git worktree add /tmp/before <commit>``) runs the same restarts with that tree's coordinator,
side by side.

For each size and mode it prints requests/s, the median and p99 latency of match-action posts
("result posts"), of pile draws, of the other Deck Phase posts and of park-view reads, the errors
(any answer other than 200, any exception) and the CPU used by the coordinator process and by the
client process(es), in % of one core.  The target (docs/protocol.md, "Performance"): at 64 parks,
p99 <= 20 ms for match actions and pile draws, no errors.  Traffic goes to 127.0.0.1 only, and
every run is bounded in time.

The coordinator's CPU is read from ``/proc/<pid>/stat`` (user + system time of its process, all
threads: the event loop, SQLite's writer thread) at the start and the end of the measured window,
after pairing and the first tournaments' creation; "CPU/req" is that CPU time divided by the
requests answered in the window (posts and park views together).  It counts the coordinator's own
work only, so a busy machine inflates it less than latency (a core shared with other processes
still costs some cache misses).

``--quick`` is the smoke test: 8 parks, 2 s per mode, both games (about 20 s in all).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing as mp
import os
import random
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path
from types import SimpleNamespace

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cards
from engine import registry
from engine.challengers.cafe import ParkMatch, match_action
from engine.challengers.game import from_tuple
from engine.challengers.library import load
from engine.challengers.policies import make_policy
from engine.game import Action, GameSetup
from kiosk.games.challengers.view import DeckView

PIN = "9753108642"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
LIB = load(cards)
KINDS = ("match action", "pile draw", "deck other", "table action", "park GET")
#: The posts whose p99 is held to the target: a Challengers! night's results and pile draws, a
#: Wacky night's table moves.  ("deck other": picks and removals, reported on their own.)
TARGET_KINDS = ("match action", "pile draw", "table action")
#: What a load client meets from the network and the server's answers, counted as errors; anything
#: else is a fault of the benchmark itself and stops the run with its traceback.
CLIENT_FAILURES = (aiohttp.ClientError, OSError, ValueError)
# A coordinator's tournament has at most 8 entrants: a Wacky tournament of 8 people sits at 2
# tables of 4, so 2 parks per tournament.
WACKY_PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
WACKY_RULES = {"format": "tables", "rounds": 3, "table_size": 4}
#: Parks per tournament, by game.
PARKS_PER = {"challengers": 4, "wacky": 2}
_WACKY = None


def wacky_data():
    global _WACKY
    if _WACKY is None:
        _WACKY = registry.get("wacky").load(cards)
    return _WACKY
TARGET_MS = 20.0

# human mode
THINK = (0.5, 1.0)          # seconds between two taps
BURST_P = 0.05              # chance that an action starts an outbox burst
BURST_N = (2, 5)            # actions sent back to back in a burst
POLL = 0.5                  # a waiting kiosk re-reads its park view this often


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_cpu(pid) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def self_cpu() -> float:
    t = os.times()
    return t.user + t.system


class Stats:
    def __init__(self):
        self.lat = {k: [] for k in KINDS}
        self.errors = []

    def add(self, kind, dt):
        self.lat[kind].append(dt)


class Group:
    """One tournament (4 parks of a Challengers! night, 2 of a Wacky night); replaced by a new one when it ends."""

    def __init__(self, s, base, tokens, kids, seed0, game="challengers"):
        self.s, self.base, self.tokens, self.kids, self.game = s, base, tokens, kids, game
        self.tid = None
        self.ready = asyncio.Event()
        self.seed = seed0

    async def new(self):
        self.ready.clear()
        self.seed += 1
        h = {"Authorization": f"Bearer {self.tokens[1]}", "X-Organiser-Pin": PIN}
        body = ({"players": PLAYERS} if self.game == "challengers"
                else {"game": "wacky", "players": WACKY_PLAYERS, **WACKY_RULES})
        async with self.s.post(self.base + "/api/tournaments", headers=h,
                               json={**body, "seed": self.seed * 7919 + self.kids[1]}) as r:
            assert r.status == 201, await r.text()
            tid = (await r.json())["id"]
        for park, kid in self.kids.items():
            async with self.s.post(f"{self.base}/api/tournaments/{tid}/parks/{park}/kiosk", headers=h,
                                   json={"kiosk_id": kid}) as r:
                assert r.status == 200, await r.text()
        self.tid = tid
        self.ready.set()


class Park:
    def __init__(self, group: Group, park: int, stats: Stats, deadline: float, human: bool, rng: random.Random):
        self.g, self.park, self.stats, self.deadline = group, park, stats, deadline
        self.human, self.rng = human, rng
        self.policy = make_policy("greedy", park)
        self.h = {"Authorization": f"Bearer {group.tokens[park]}"}
        self.burst = 0
        self.sent = 0
        self.rid_prefix = f"k{group.kids[park]}-{uuid.uuid4().hex[:8]}-"    # kiosk id + counter (protocol)

    async def think(self):
        """Human mode: the pause before the next tap (none inside an outbox burst)."""
        if not self.human:
            return
        if self.burst > 0:
            self.burst -= 1
            return
        if self.rng.random() < BURST_P:
            self.burst = self.rng.randint(*BURST_N) - 1
        pause = self.rng.uniform(*THINK)
        await asyncio.sleep(min(pause, max(0.0, self.deadline - time.monotonic())))

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
        await self.think()
        if time.monotonic() >= self.deadline:
            raise TimeoutError("bench over")
        self.sent += 1
        body["request_id"] = f"{self.rid_prefix}{self.sent}"
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
        dp = DeckView(d, d["player"], LIB.catalogue.card)      # the player's observation, as a kiosk reads it
        return self.policy.deck_action(SimpleNamespace(round=rnd), dp)

    async def run(self):
        if self.human:      # kiosks do not all start on the same millisecond
            await asyncio.sleep(self.rng.uniform(0, THINK[1]))
        while time.monotonic() < self.deadline:
            await self.g.ready.wait()
            tid = self.g.tid
            try:
                v = await self.get()
            except CLIENT_FAILURES as exc:
                self.stats.errors.append(("GET", "exception", repr(exc)))
                return
            if v["phase"] == "over":
                if self.park == 1 and self.g.tid == tid:
                    await self.g.new()
                else:
                    await asyncio.sleep(0.02)
                continue
            acted = False
            try:
                if v["phase"] in ("deck", "final-deck"):
                    for d in v["private"]["deck_phases"]:
                        while d and d["stage"] != "done" and time.monotonic() < self.deadline:
                            a = self.deck_action(v["round"], d)
                            kind = "pile draw" if a[0] in ("option", "redraw") else "deck other"
                            wire = Action(d["player"], "deck." + a[0], tuple(a[1:])).to_json()
                            d = (await self.post(kind, {"action": wire}))["deck_phase"]
                            acted = True
                elif v["private"]["match"] and v["match"]["state"] == "playing":
                    m = v["private"]["match"]
                    game = ParkMatch(LIB, m["spec"], record=False)
                    for a in m["actions"]:
                        game.apply(Action.from_json(a))
                    match = game.match
                    seq = m["match_seq"]
                    t = SimpleNamespace(matches={self.park: match})
                    while match.winner is None and time.monotonic() < self.deadline:
                        action = match_action(game.players, self.policy.act(t, ("match", self.park, None))[2:])
                        await self.post("match action", {"action": action.to_json(), "match_seq": seq})
                        game.apply(action)
                        seq += 1
                        acted = True
            except TimeoutError:
                return
            except RuntimeError:
                return                          # already counted as an error
            except CLIENT_FAILURES as exc:
                self.stats.errors.append(("POST", "exception", repr(exc)))
                return
            if not acted:
                await asyncio.sleep(POLL if self.human else 0.02)      # waiting for the other parks


class TablePark(Park):
    """A park of a Wacky Challenge night: the kiosk of one table of the ``tables`` format."""

    async def run(self):
        if self.human:
            await asyncio.sleep(self.rng.uniform(0, THINK[1]))
        game = registry.get("wacky")
        while time.monotonic() < self.deadline:
            await self.g.ready.wait()
            tid = self.g.tid
            try:
                v = await self.get()
            except CLIENT_FAILURES as exc:
                self.stats.errors.append(("GET", "exception", repr(exc)))
                return
            if v["over"]:
                if self.park == 1 and self.g.tid == tid:
                    await self.g.new()
                else:
                    await asyncio.sleep(0.02)
                continue
            acted = False
            table = v["private"]["table"] if v["private"] else None
            if table is not None and not v["table"]["over"]:
                s = table["setup"]
                state = game.new(wacky_data(), GameSetup(s["game"], tuple(s["players"]), s["seed"], s["options"]))
                for a in table["actions"]:
                    state.apply(Action.from_json(a))
                seq = table["match_seq"]
                try:
                    while state.to_act() and time.monotonic() < self.deadline:
                        seat = min(state.to_act())
                        move = self.rng.choice(state.legal_actions(seat))
                        wire = Action(table["seats"][seat], move.kind, move.args).to_json()
                        await self.post("table action", {"action": wire, "match_seq": seq})
                        state.apply(move)
                        seq += 1
                        acted = True
                except TimeoutError:
                    return
                except RuntimeError:
                    return
                except CLIENT_FAILURES as exc:
                    self.stats.errors.append(("POST", "exception", repr(exc)))
                    return
            if not acted:
                await asyncio.sleep(POLL if self.human else 0.02)      # the other tables are still playing


async def _gc_keeper():
    """The simulated kiosks' own gen-2 GC pauses would count as coordinator latency: freeze the
    survivors every second, as the coordinator does (coordinator/main.py)."""
    while True:
        await asyncio.sleep(1.0)
        gc.freeze()


async def _clients(base, groups, seconds, human, seed, game="challengers") -> dict:
    """Play ``groups`` ([(tokens, kids)]) for ``seconds``; returns latencies, errors, CPU."""
    # Each group of 4 parks connects from its own loopback address, as tables on a LAN have their
    # own addresses (the coordinator limits connections per client address).
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0, local_addr=(f"127.0.{seed}.{i + 1}", 0)),
                                      timeout=aiohttp.ClientTimeout(total=30)) for i in range(len(groups))]
    try:
        gs = []
        for i, (tokens, kids) in enumerate(groups):
            g = Group(sessions[i], base, {int(k): v for k, v in tokens.items()}, {int(k): v for k, v in kids.items()},
                      seed0=seed * 1000 + i * 100, game=game)
            await g.new()
            gs.append(g)
        stats = Stats()
        rng = random.Random(seed)
        gc.collect()
        gc.freeze()
        keeper = asyncio.create_task(_gc_keeper())
        cpu0, start = self_cpu(), time.monotonic()
        deadline = start + seconds
        park = Park if game == "challengers" else TablePark
        await asyncio.gather(*(park(g, p, stats, deadline, human, random.Random(rng.random())).run()
                               for g in gs for p in range(1, PARKS_PER[game] + 1)))
        elapsed = time.monotonic() - start
        keeper.cancel()
        cpu = self_cpu() - cpu0
    finally:
        for session in sessions:
            await session.close()
    return {"lat": stats.lat, "errors": [repr(e)[:300] for e in stats.errors], "elapsed": elapsed, "cpu": cpu}


def _client_proc(q, base, groups, seconds, human, seed, start_at, game):
    time.sleep(max(0.0, start_at - time.time()))
    outcome = {"lat": {k: [] for k in KINDS}, "errors": ["client process failed (its traceback is above)"],
               "elapsed": seconds, "cpu": 0.0}
    try:
        outcome = asyncio.run(_clients(base, groups, seconds, human, seed, game))
    finally:
        q.put(outcome)          # whatever happened, the parent hears from every client process


async def _setup(base, parks, per=4) -> list:
    """Wait for the coordinator, pair one kiosk per park; returns [(tokens, kids)] per group of
    ``per`` parks (one tournament's)."""
    async with aiohttp.ClientSession() as s:
        for _ in range(400):
            try:
                async with s.get(base + "/api/health") as r:
                    if r.status == 200:
                        break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.05)
        groups = []
        for g in range(parks // per):
            tokens, kids = {}, {}
            for park in range(1, per + 1):
                async with s.get(base + "/api/pairing-pin", headers={"X-Organiser-Pin": PIN}) as r:
                    pin = (await r.json())["pin"]
                async with s.post(base + "/api/pair", json={"pin": pin, "name": f"g{g}p{park}"}) as r:
                    j = await r.json()
                tokens[park], kids[park] = j["token"], j["kiosk_id"]
            groups.append((tokens, kids))
        return groups


def bench(parks: int, seconds: float, data: Path, human: bool, procs: int, profile: Path | None,
          db: Path | None = None, tree: Path = ROOT, game: str = "challengers") -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tag = f"{game}-{parks}-{'human' if human else 'saturate'}-{'after' if tree == ROOT else 'before'}"
    cmd = [sys.executable]
    if profile is not None:
        cmd += ["-m", "cProfile", "-o", str(profile / f"coordinator-{tag}.pstats")]
    cmd += ["-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port), "--data", str(db or data / f"db-{tag}"),
            "--organiser-pin", PIN, "--no-mdns", "--log-level", "WARNING"]
    with open(data / f"coordinator-{tag}.log", "wb") as log:     # the server writes on through its own copy
        proc = subprocess.Popen(cmd, cwd=str(tree), stdout=log, stderr=log,
                                env={**os.environ, "PYTHONPATH": str(tree)})
    try:
        groups = asyncio.run(_setup(base, parks, PARKS_PER[game]))
        procs = max(1, min(procs, len(groups)))
        server_cpu0 = proc_cpu(proc.pid)
        if procs == 1:
            results = [asyncio.run(_clients(base, groups, seconds, human, seed=1, game=game))]
        else:
            ctx = mp.get_context("fork")
            q = ctx.Queue()
            start_at = time.time() + 0.3
            ps = [ctx.Process(target=_client_proc, args=(q, base, groups[i::procs], seconds, human, i + 1, start_at, game))
                  for i in range(procs)]
            for p in ps:
                p.start()
            results = [q.get(timeout=seconds + 120) for _ in ps]
            for p in ps:
                p.join(10)
        server_cpu = proc_cpu(proc.pid) - server_cpu0
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    lat = {k: [x for r in results for x in r["lat"][k]] for k in KINDS}
    elapsed = max(r["elapsed"] for r in results)
    requests = sum(len(v) for v in lat.values())
    return {"parks": parks, "elapsed": elapsed, "lat": lat, "errors": [e for r in results for e in r["errors"]],
            "server_cpu": server_cpu / elapsed * 100, "client_cpu": sum(r["cpu"] for r in results) / elapsed * 100,
            "cpu_per_request_ms": server_cpu / requests * 1000 if requests else float("nan"), "game": game}


def ms(xs, q):
    if not xs:
        return float("nan")
    xs = sorted(xs)
    if q == 50:
        return statistics.median(xs) * 1000
    return xs[min(len(xs) - 1, round(q / 100 * (len(xs) - 1)))] * 1000


HEADER = (f"{'game':<11} {'mode':<15} {'parks':>5} {'req/s':>8} {'srv CPU':>7} {'CPU/req':>8} {'cli CPU':>7} "
          f"{'kind':<13} {'count':>7} {'median ms':>9} {'p99 ms':>8} {'max ms':>8}  errors")


def report(mode, r) -> bool:
    """Print one run's rows (the kinds of request it sent) and its summary line: the p99 of the
    posts held to the target, and of every post."""
    lat, n = r["lat"], r["parks"]
    total = sum(len(v) for v in lat.values())
    p99 = ms([x for k in TARGET_KINDS for x in lat[k]], 99)
    every_post = ms([x for k in KINDS if k != "park GET" for x in lat[k]], 99)
    ok = not r["errors"] and p99 <= TARGET_MS
    first = True
    for kind in KINDS:
        xs = lat[kind]
        if not xs:
            continue
        head = (f"{r.get('game', 'challengers'):<11} {mode:<15} {n:>5} {total / r['elapsed']:>8.0f} "
                f"{r['server_cpu']:>6.0f}% {r['cpu_per_request_ms']:>5.2f} ms {r['client_cpu']:>6.0f}%"
                if first else f"{'':<11} {'':<15} {'':>5} {'':>8} {'':>7} {'':>8} {'':>7}")
        print(f"{head} {kind:<13} {len(xs):>7} {ms(xs, 50):>9.2f} {ms(xs, 99):>8.2f} {max(xs) * 1000:>8.2f}"
              f"  {len(r['errors']) if first else ''}")
        first = False
    print(f"{'':<11} {'':<15} {'':>5} {'':>8} {'':>7} {'':>8} {'':>7} {'posts p99':<13} {p99:>8.2f} ms "
          f"(every post {every_post:.2f} ms)  {'meets' if ok else 'misses'} p99 <= {TARGET_MS:g} ms, no errors")
    for e in r["errors"][:3]:
        print("                error:", e)
    sys.stdout.flush()
    return ok


# ---------------------------------------------------------------------- --restart
RESTART_COUNTS = (1, 100, 1000)
RESTART_TARGET_S = 1.0
RSS_TARGET_MB = 100.0


async def _one_finished(data: Path):
    """Play one 8-player tournament to its end through the coordinator's own write path (no HTTP)."""
    from coordinator import api
    from coordinator.service import Coordinator
    c = Coordinator(data, organiser_pin=PIN, library=LIB)
    await c.start()
    try:
        kids = []
        for park in range(1, 5):
            kids.append((await c.pair(c.pairing_pin, f"Table {park}", "127.0.0.1"))["kiosk_id"])
        body = api.CreateTournament(players=PLAYERS, seed=4242)
        tid = (await c.create(body))["id"]
        e = c.entry(tid)
        for park, kid in enumerate(kids, start=1):
            await c.assign(e, park, kid)
        policies = [make_policy("greedy", i) for i in range(8)]
        n = 0
        while not c.entry(tid).finished:
            e = c.entry(tid)
            t = e.state.tournament
            who = t.next_waiting()
            actor = who[1] if who[0] == "deck" else who[2]
            action = policies[actor].act(t, who)
            park = action[1] if action[0] == "match" else t.seat_of(action[1])[0]
            seq = len(e.match_entries(park)) if action[0] == "match" else None
            wire = from_tuple(t, action).to_json()
            n += 1
            req = api.ActionRequest(request_id=f"k{kids[park - 1]}-{n}", action=wire, match_seq=seq)
            await c.act(e, c.kiosks[kids[park - 1]], req, json.dumps(
                {"request_id": req.request_id, "action": wire, "match_seq": seq}))
    finally:
        await c.stop()
    return n


def _copy_finished(db: Path, copies: int):
    """Tournament 1 and its rows, copied ``copies - 1`` times under new ids (request ids made unique)."""
    conn = sqlite3.connect(db)
    with conn:
        for new in range(2, copies + 1):
            conn.execute("INSERT INTO tournaments(id, name, setup, settings, status, created) "
                         "SELECT ?, name || ' ' || ?, setup, settings, status, created FROM tournaments WHERE id = 1",
                         (new, new))
            conn.execute("INSERT INTO actions(tournament_id, seq, action, request_id, kiosk_id, match_seq, created) "
                         "SELECT ?, seq, action, request_id || '.' || ?, kiosk_id, match_seq, created FROM actions "
                         "WHERE tournament_id = 1", (new, new))
            conn.execute("INSERT INTO requests(request_id, tournament_id, seq, kiosk_id, body, response) "
                         "SELECT request_id || '.' || ?, ?, seq, kiosk_id, body, response FROM requests "
                         "WHERE tournament_id = 1", (new, new))
            conn.execute("INSERT INTO parks(tournament_id, park, kiosk_id) SELECT ?, park, kiosk_id FROM parks "
                         "WHERE tournament_id = 1", (new,))
            conn.execute("INSERT INTO finished(tournament_id, summary, public, parks, snapshot, digest, finished) "
                         "SELECT ?, replace(summary, '\"id\":1,', '\"id\":' || ? || ','), public, parks, snapshot, "
                         "digest, finished FROM finished WHERE tournament_id = 1", (new, new))
    conn.close()


def _restart_once(tree: Path, db: Path) -> tuple[float, float, float]:
    """Start the coordinator of ``tree`` on ``db``: seconds to its first answer, the CPU seconds it
    used until then (what a busy machine does not inflate), and its RSS then (MB)."""
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(db), "--organiser-pin", PIN, "--no-mdns", "--log-level", "WARNING"],
                            cwd=str(tree), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(tree)})
    try:
        deadline = t0 + 600
        while time.perf_counter() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"the coordinator of {tree} exited with {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.005)
        ready = time.perf_counter() - t0
        cpu = proc_cpu(proc.pid)
        with open(f"/proc/{proc.pid}/status") as f:
            rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
        return ready, cpu, rss
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def restart_bench(tmp: Path, before: Path | None, live_seconds: float, repeats: int = 3) -> bool:
    base = tmp / "restart"
    (base / "one").mkdir(parents=True)
    actions = asyncio.run(_one_finished(base / "one"))
    db_one = base / "one" / "coordinator.db"
    sqlite3.connect(db_one).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    print(f"restart: one finished 8-player tournament = {actions} actions; copies of it below")
    trees = [("after", ROOT)] + ([("before", before)] if before else [])
    print(f"{'tree':<7} {'finished':>8} {'db MB':>7} {'restart s':>10} {'CPU s':>7} {'RSS MB':>7}  "
          f"target (after: median of {repeats} starts)")
    ok = True
    empty = base / "empty"
    empty.mkdir()
    dbs = {0: empty}
    for n in RESTART_COUNTS:
        d = base / f"n{n}"
        d.mkdir()
        shutil.copy(db_one, d / "coordinator.db")
        _copy_finished(d / "coordinator.db", n)
        dbs[n] = d
    for name, tree in trees:
        for n, d in dbs.items():
            runs = [_restart_once(tree, d) for _ in range(repeats if name == "after" else 1)]   # (before: slow)
            ready = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            rss = statistics.median(r[2] for r in runs)
            size = sum(f.stat().st_size for f in d.glob("coordinator.db*")) / 2**20
            target = ""
            if n == max(RESTART_COUNTS) and name == "after":
                met = ready <= RESTART_TARGET_S and rss <= RSS_TARGET_MB
                ok &= met
                target = f"{'meets' if met else 'misses'} <= {RESTART_TARGET_S:g} s, <= {RSS_TARGET_MB:g} MB"
            print(f"{name:<7} {n:>8} {size:>7.1f} {ready:>10.3f} {cpu:>7.2f} {rss:>7.1f}  {target}")
            sys.stdout.flush()
    # the live load, with the 1,000 finished tournaments in the database
    print(f"live requests with {max(RESTART_COUNTS)} finished tournaments in the database (human mode, 64 parks):")
    print(HEADER)
    r = bench(64, live_seconds, tmp, True, 1, None, db=dbs[max(RESTART_COUNTS)])
    ok &= report("human", r)
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10, help="seconds per size, saturate mode")
    ap.add_argument("--human-seconds", type=float, default=20, help="seconds per size, human mode")
    ap.add_argument("--sizes", default="4,16,64")
    ap.add_argument("--mode", choices=("both", "saturate", "human"), default="both")
    ap.add_argument("--game", choices=("challengers", "wacky", "both"), default="challengers",
                    help="a Challengers! night (8-player tournaments), a Wacky Challenge night (tables of 5), or both")
    ap.add_argument("--quick", action="store_true",
                    help="smoke test: 8 parks, 2 s per mode, both games (overrides --sizes, --seconds, --game)")
    ap.add_argument("--client-procs", type=int, default=1, help="client processes (each plays a share of the parks)")
    ap.add_argument("--profile", type=Path, default=None, help="run the coordinator under cProfile, stats into DIR")
    ap.add_argument("--restart", action="store_true",
                    help="restart time and RSS with 1, 100 and 1,000 finished tournaments, then live p99 at 64 parks")
    ap.add_argument("--before-tree", type=Path, default=None,
                    help="also run the coordinator of this (older) source tree, side by side")
    args = ap.parse_args(argv)
    if args.restart:
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
            return 0 if restart_bench(Path(tmp), args.before_tree, args.human_seconds) else 1
    if args.quick:
        args.sizes, args.seconds, args.human_seconds, args.game = "8", 2, 2, "both"
    sizes = [int(x) for x in args.sizes.split(",")]
    if any(n % 4 for n in sizes):
        ap.error("sizes are multiples of 4 parks (tournaments of 8 players, or of 4 Wacky tables)")
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    modes = ["saturate", "human"] if args.mode == "both" else [args.mode]
    games = ["challengers", "wacky"] if args.game == "both" else [args.game]
    print(f"coordinator bench: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, coordinator in its own "
          f"process, {args.client_procs} client process(es), all on 127.0.0.1; saturate {args.seconds:g} s, human "
          f"{args.human_seconds:g} s per size; CPU/req = the coordinator's CPU time per request answered")
    print(HEADER)
    errors = 0
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
        for game in games:
            for mode in modes:
                for n in sizes:
                    trees = [("", ROOT)] + ([("/before", args.before_tree)] if args.before_tree else [])
                    for label, tree in trees:
                        r = bench(n, args.human_seconds if mode == "human" else args.seconds, Path(tmp),
                                  mode == "human", args.client_procs, args.profile, tree=tree, game=game)
                        report(mode + label, r)
                        errors += len(r["errors"])
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
