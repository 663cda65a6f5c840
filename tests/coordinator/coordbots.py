"""Test helpers: a coordinator on 127.0.0.1 (in-process or a subprocess), pairing, and bot kiosks
that play a park over HTTP only, deciding with the engine's policies on a local mirror."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from types import SimpleNamespace

import aiohttp
from ports import reserved_port

import cards
from engine.challengers.cafe import ParkMatch, match_action
from engine.challengers.library import load
from engine.challengers.policies import make_policy
from engine.game import Action
from kiosk.games.challengers.view import DeckView

ORG_PIN = "424242"
ROOT = Path(__file__).resolve().parents[2]
PY = str(ROOT / ".venv" / "bin" / "python")
if not os.path.exists(PY):
    PY = sys.executable

_LIB = None


def lib():
    global _LIB
    if _LIB is None:
        _LIB = load(cards)
    return _LIB


def free_port() -> int:
    """A port for a coordinator started later, held until then (see ``ports.reserved_port``)."""
    return reserved_port()


@contextlib.asynccontextmanager
async def inprocess(data_dir, pin=ORG_PIN):
    """A real aiohttp server in this process; yields (base url, Coordinator)."""
    from coordinator.service import Coordinator
    from coordinator.web import serve
    c = Coordinator(Path(data_dir), organiser_pin=pin, library=lib())
    runner = await serve(c, "127.0.0.1", 0, shutdown_timeout=0.5)
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}", c
    finally:
        await runner.cleanup()


class Subprocess:
    """``python -m coordinator.main`` on a free port (for kill -9)."""

    def __init__(self, data_dir, port=None, pin=ORG_PIN):
        self.data_dir, self.port, self.pin = Path(data_dir), port or free_port(), pin
        self.proc = None
        self.base = f"http://127.0.0.1:{self.port}"

    async def start(self, timeout=20):
        log = open(self.data_dir.parent / f"coordinator-{self.port}.log", "ab")
        self.proc = subprocess.Popen([PY, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(self.port),
                                      "--data", str(self.data_dir), "--organiser-pin", self.pin, "--no-mdns"],
                                     cwd=str(ROOT), stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        async with aiohttp.ClientSession() as s:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"coordinator exited with {self.proc.returncode}")
                try:
                    async with s.get(self.base + "/api/health") as r:
                        if r.status == 200:
                            return self
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.05)
        raise RuntimeError("coordinator did not start")

    def kill9(self):
        self.proc.kill()          # SIGKILL
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def org(token=None, pin=ORG_PIN) -> dict:
    h = {"X-Organiser-Pin": pin}
    if token:
        h["Authorization"] = f"Bearer {token}"
    return h


def bearer(token) -> dict:
    return {"Authorization": f"Bearer {token}"}


async def pair(s, base, name) -> tuple[int, str]:
    async with s.get(base + "/api/pairing-pin", headers=org()) as r:
        pin = (await r.json())["pin"]
    async with s.post(base + "/api/pair", json={"pin": pin, "name": name}) as r:
        assert r.status == 200, await r.text()
        j = await r.json()
    return j["kiosk_id"], j["token"]


async def new_tournament(s, base, players, seed, final_park=1, **extra):
    """Pair one kiosk per park, create the tournament, assign the kiosks; -> (tid, {park: token}, {park: kid})."""
    n = len(players) + len(players) % 2
    parks = n // 2
    kiosks = {}
    for park in range(1, parks + 1):
        kiosks[park] = await pair(s, base, f"Table {park}")
    admin = kiosks[1][1]
    body = {"players": list(players), "seed": seed, "final_park": final_park, "name": "Test cup", **extra}
    async with s.post(base + "/api/tournaments", json=body, headers=org(admin)) as r:
        assert r.status == 201, await r.text()
        tid = (await r.json())["id"]
    for park, (kid, _) in kiosks.items():
        async with s.post(f"{base}/api/tournaments/{tid}/parks/{park}/kiosk", json={"kiosk_id": kid},
                          headers=org(admin)) as r:
            assert r.status == 200, await r.text()
    return tid, {p: tok for p, (_, tok) in kiosks.items()}, {p: kid for p, (kid, _) in kiosks.items()}


async def record(s, base, tid, token):
    async with s.get(f"{base}/api/tournaments/{tid}/record", headers=org(token)) as r:
        assert r.status == 200, await r.text()
        return await r.json()


class Bot:
    """One park's kiosk, played by the greedy policy.  It knows only what the park endpoint tells
    it (its players' Deck Phases, the match spec and the match actions so far) and rebuilds the
    match locally from its spec (``ParkMatch``); it sends contract actions.  Requests that fail on the network are resent with the
    same request id (an outbox of one)."""

    def __init__(self, session, base, tid, park, token, seed=0, policy="greedy"):
        self.s, self.base, self.tid, self.park, self.token = session, base, tid, park, token
        self.policy = make_policy(policy, seed)
        self.cat = lib().catalogue
        self.mirror = None          # (spec seed, Match)
        self.sent = 0
        self.acked = []             # actions acknowledged by the coordinator, in order
        self.paused = asyncio.Event()
        self.paused.set()
        self.stopped = False
        self.retries = 0

    def url(self, path=""):
        return f"{self.base}/api/tournaments/{self.tid}{path}"

    async def _get_park(self):
        while True:
            try:
                async with self.s.get(self.url(f"/parks/{self.park}"), headers=bearer(self.token)) as r:
                    assert r.status == 200, await r.text()
                    return await r.json()
            except (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError):
                self.retries += 1
                await asyncio.sleep(0.1)

    async def post(self, body):
        """Send until the coordinator answers (outbox semantics)."""
        while True:
            try:
                async with self.s.post(self.url("/actions"), json=body, headers=bearer(self.token)) as r:
                    j = await r.json()
                    return r.status, j
            except (aiohttp.ClientError, asyncio.TimeoutError, ConnectionError):
                self.retries += 1
                await asyncio.sleep(0.1)

    def decide(self, view):
        priv = view["private"]
        if view["phase"] in ("deck", "final-deck"):
            for d in priv["deck_phases"]:
                if d["stage"] != "done":
                    verb, *args = self.deck_action(view, d)
                    return {"action": Action(d["player"], "deck." + verb, tuple(args)).to_json()}
            return None
        m = priv and priv["match"]
        if not m or view["match"]["state"] != "playing":
            return None
        spec = m["spec"]
        if self.mirror is None or self.mirror[0] != (spec["seed"], spec["round"], spec["park"]):
            self.mirror = ((spec["seed"], spec["round"], spec["park"]), ParkMatch(lib(), spec, record=False), 0)
        key, park_match, applied = self.mirror
        for a in m["actions"][applied:]:
            park_match.apply(Action.from_json(a))
        self.mirror = (key, park_match, len(m["actions"]))
        t = SimpleNamespace(matches={self.park: park_match.match}, round=view["round"])
        action = self.policy.act(t, ("match", self.park, None))
        return {"action": match_action(park_match.players, action[2:]).to_json(), "match_seq": m["match_seq"]}

    def deck_action(self, view, d):
        """The policy's Deck Phase action, from the player's observation of it (as the kiosk reads it)."""
        dp = DeckView(d, d["player"], self.cat.card)
        return self.policy.deck_action(SimpleNamespace(round=view["round"]), dp)

    async def run(self, until=None):
        ws = None
        try:
            while not self.stopped:
                await self.paused.wait()
                view = await self._get_park()
                if view["phase"] == "over" or (until is not None and until(view)):
                    return view
                body = self.decide(view)
                if body is None:
                    await asyncio.sleep(0.01)
                    continue
                body["request_id"] = uuid.uuid4().hex
                status, j = await self.post(body)
                self.last = (body, status, j)
                if status != 200:
                    raise AssertionError(f"park {self.park}: {body} -> {status} {j}")
                self.sent += 1
                self.acked.append(Action.from_json(body["action"]))
        finally:
            if ws is not None:
                await ws.close()


def replay_record(rec):
    """The tournament a record's set-up and actions (the contract's JSON) replay to, through the
    contract (:func:`engine.game.replay`), as a local table would."""
    from engine import registry
    from engine.challengers.cafe import setup_from_stored
    from engine.game import replay
    state, _ = replay(registry.get("challengers"), lib(), setup_from_stored(rec["setup"]),
                      [Action.from_json(a) for a in rec["actions"]])
    return state.tournament
