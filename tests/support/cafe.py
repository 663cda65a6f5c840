"""A café on 127.0.0.1 for the end-to-end tests: a real coordinator process and real kiosk
processes (offscreen Kivy, each with its own data folder), driven only the way a café is:
pairing PINs typed on the kiosks (through the test hook), organiser requests over HTTP,
bot players pressing the kiosks' inputs (the kiosk plugin ``tests/kiosk/kiosk_bot.py``)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from ports import reserved_port

import cards
from engine import registry
from engine.cafe import tournament_game
from engine.challengers.cafe import wire_action
from engine.game import Action

ROOT = Path(__file__).resolve().parents[2]
PY = str(ROOT / ".venv" / "bin" / "python")
if not os.path.exists(PY):
    PY = sys.executable
ORG_PIN = "424242"


def free_port() -> int:
    """A port for a coordinator started later, held until then (see ``ports.reserved_port``)."""
    return reserved_port()


def http(method, url, body=None, headers=None, timeout=5):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json",
                                                                        **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def wait_until(fn, timeout, what, step=0.1, procs=()):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = fn()
        if got:
            return got
        for p in procs:
            p.check()
        time.sleep(step)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def wait_over(coord, kiosks, tid, timeout, during=None):
    """The tournament ``tid``'s public view once it is over (``during(view)`` at every poll),
    every process checked alive meanwhile; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for k in kiosks:
            k.check()
        coord.check()
        pub = coord.public(tid)
        if during is not None:
            during(pub)
        if pub["phase"] == "over":
            return pub
        time.sleep(0.3)
    raise AssertionError(f"the tournament did not finish in {timeout} s: round {pub['round']} {pub['phase']}")


class Coordinator:
    def __init__(self, tmp, port=None):
        self.data = Path(tmp) / "coordinator"
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = Path(tmp) / "coordinator.log"
        self.proc = None
        self.token = None

    def start(self, timeout=20):
        with open(self.log, "ab") as log:      # the process writes on through its own copy
            self.proc = subprocess.Popen([PY, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(self.port),
                                          "--data", str(self.data), "--organiser-pin", ORG_PIN, "--no-mdns"],
                                         cwd=str(ROOT), stdout=log, stderr=subprocess.STDOUT)

        def up():
            try:
                return http("GET", self.base + "/api/health", timeout=1)[0] == 200
            except OSError:
                return False
        wait_until(up, timeout, "the coordinator", procs=[self])
        return self

    def check(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"coordinator exited {self.proc.returncode}: {self.log.read_text()[-2000:]}")

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # organiser side
    def org(self):
        h = {"X-Organiser-Pin": ORG_PIN}
        if self.token:
            h["Authorization"] = f"Bearer {self.token}"
        return h

    def pairing_pin(self):
        st, j = http("GET", self.base + "/api/pairing-pin", headers={"X-Organiser-Pin": ORG_PIN})
        assert st == 200, j
        return j["pin"]

    def pair_organiser(self):
        st, j = http("POST", self.base + "/api/pair", {"pin": self.pairing_pin(), "name": "Organiser"})
        assert st == 200, j
        self.token = j["token"]

    def kiosks(self):
        st, j = http("GET", self.base + "/api/kiosks", headers={"X-Organiser-Pin": ORG_PIN})
        assert st == 200, j
        return j["kiosks"]

    def create(self, players, seed, **extra):
        st, j = http("POST", self.base + "/api/tournaments", {"players": players, "seed": seed, "name": "Café cup",
                                                              **extra}, headers=self.org())
        assert st == 201, j
        return j["id"]

    def assign(self, tid, park, kid):
        st, j = http("POST", f"{self.base}/api/tournaments/{tid}/parks/{park}/kiosk", {"kiosk_id": kid},
                     headers=self.org())
        assert st == 200, j

    def public(self, tid):
        st, j = http("GET", f"{self.base}/api/tournaments/{tid}", timeout=3)
        assert st == 200, j
        return j

    def record(self, tid):
        st, j = http("GET", f"{self.base}/api/tournaments/{tid}/record", headers=self.org(), timeout=10)
        assert st == 200, j
        return j


def kiosk_env(**extra):
    env = dict(os.environ)
    env.update({"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                "TABLECUP_ROBOT_DELAY": "0.02", "TABLECUP_BOT_DELAY": "0.03",
                # The bot players (tests/kiosk/kiosk_bot.py), a kiosk plugin; TABLECUP_KIOSK_BOT="" sends none.
                "TABLECUP_KIOSK_PLUGINS": "tests.kiosk.kiosk_bot", "TABLECUP_KIOSK_BOT": "greedy",
                "TABLECUP_POLL": "0.5", "TABLECUP_BACKOFF_MAX": "2", "PYTHONUNBUFFERED": "1"})
    env.pop("TABLECUP_CONFIG", None)
    env["TABLECUP_CONFIG"] = "/nonexistent-tablecup-config"
    env.update({k: str(v) for k, v in extra.items()})
    return env


class Kiosk:
    def __init__(self, tmp, n, coordinator_url, **env):
        self.n = n
        self.name = f"Table {n}"
        self.dir = Path(tmp) / f"kiosk{n}"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.hook = self.dir / "hook.txt"
        self.log = self.dir / "kiosk.log"
        self.url = coordinator_url
        self.env = env
        self.proc = None
        self.kid = None
        self.dumps = 0

    def start(self):
        self.hook.write_text("")
        with open(self.log, "ab") as log:      # the process writes on through its own copy
            self.proc = subprocess.Popen([PY, "-m", "kiosk.main", "--data", str(self.dir / "data"), "--windowed",
                                          "--size", "800x480", "--coordinator", self.url, "--name", self.name],
                                         env=kiosk_env(TABLECUP_KIOSK_HOOK=self.hook, **self.env), cwd=str(ROOT),
                                         stdout=log, stderr=subprocess.STDOUT)
        return self

    def check(self):
        if self.proc.poll() is not None:
            raise AssertionError(f"kiosk {self.n} exited {self.proc.returncode}: {self.log.read_text()[-3000:]}")

    def send(self, *lines):
        with open(self.hook, "a") as f:
            f.writelines(line + "\n" for line in lines)

    def dump(self, timeout=20):
        self.dumps += 1
        path = self.dir / f"dump{self.dumps}.json"
        self.send(f"dump {path}")
        return wait_until(lambda: path.exists() and json.loads(path.read_text()), timeout, f"kiosk {self.n} dump",
                          procs=[self])

    def pair(self, coord):
        pin = coord.pairing_pin()
        self.send("join", f"pair {pin} {self.name}")

        def paired():
            for k in coord.kiosks():
                if k["name"] == self.name and not k["revoked"]:
                    return k["kiosk_id"]
            return None
        self.kid = wait_until(paired, 40, f"kiosk {self.n} to pair", procs=[self])
        return self.kid

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        self.send("quit")
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    # what the kiosk played, from its own SQLite
    def db(self):
        return sqlite3.connect(str(self.dir / "data" / "kiosk.db"))

    def local_matches(self, tid):
        """{(round, park): [actions]} of every match this kiosk played."""
        out = {}
        with self.db() as c:
            for mid, rnd, park, spec in c.execute("select id, round, park, spec_json from park_matches "
                                                  "where tournament = ?", (tid,)):
                players = json.loads(spec)["players"]
                out[(rnd, park)] = [wire_action(json.loads(a), players).to_json() for (a,) in c.execute(
                    "select action_json from park_actions where match_id = ? order by seq", (mid,))]
        return out

    def sent(self, tid):
        with self.db() as c:
            return [(k, json.loads(a), d) for k, a, d in c.execute(
                "select kind, action_json, duplicate_checks from sent_log where tournament = ? order by seq", (tid,))]

    def outbox_len(self):
        with self.db() as c:
            return c.execute("select count(*) from outbox").fetchone()[0]


def record_matches(lib, setup_json, actions):
    """(set-up, the replayed tournament, {(round, park): [match actions, the contract's JSON]}) from the
    coordinator's record (round 8 = the Final)."""
    from engine import registry
    from engine.challengers import cafe
    from engine.game import Action
    setup = cafe.setup_from_stored(setup_json)
    state = registry.get("challengers").new(lib, setup)
    out = {}
    for a in actions:
        action = Action.from_json(a)
        park = cafe.table_of(state, action)
        if park is not None:
            out.setdefault((state.tournament.round, park), []).append(action.to_json())
        state.apply(action)
    return setup, state.tournament, out


def record_tuples(lib, rec):
    """The record's actions as the tournament's own tuples (what its rules applied), for the tests
    that read them so."""
    from engine import registry
    from engine.challengers.cafe import setup_from_stored
    from engine.game import Action
    state = registry.get("challengers").new(lib, setup_from_stored(rec["setup"]))
    for a in rec["actions"]:
        state.apply(Action.from_json(a))
    return [list(t) for t in state.tournament.actions]


def fresh_tournament(lib, rec):
    """The tournament of a record's set-up, before any action (the rules' own object)."""
    from engine import registry
    from engine.challengers.cafe import setup_from_stored
    return registry.get("challengers").new(lib, setup_from_stored(rec["setup"])).tournament


def replay_record(lib, rec):
    """The tournament a record replays to (its set-up and contract actions, through the contract)."""
    from engine import registry
    from engine.challengers.cafe import setup_from_stored
    from engine.game import Action, replay
    state, _ = replay(registry.get("challengers"), lib, setup_from_stored(rec["setup"]),
                      [Action.from_json(a) for a in rec["actions"]])
    return state.tournament


def start_cafe(tmp, n_kiosks, players, seed, kiosk_env=None, **create):
    """Coordinator + kiosks, paired with real PINs, the tournament created and the parks assigned."""
    coord = Coordinator(tmp).start()
    coord.pair_organiser()
    kiosks = [Kiosk(tmp, i + 1, coord.base, **(kiosk_env or {})).start() for i in range(n_kiosks)]
    for k in kiosks:
        k.pair(coord)
    tid = coord.create(players, seed, **create)
    for park, k in enumerate(kiosks, 1):
        coord.assign(tid, park, k.kid)
    return coord, kiosks, tid


def tables_of_the_record(rec: dict, finished: bool = False) -> dict:
    """{(round, park): [actions]} of a tournament's record, replayed by the engine alone (with
    ``finished``, the replay must end the tournament)."""
    host = registry.cafe(rec["game"])
    setup = host.setup_from_stored(rec["setup"])
    state = tournament_game(setup).new(registry.get(rec["game"]).load(cards), setup)
    out: dict = {}
    for a in rec["actions"]:
        action = Action.from_json(a)
        park, _ = state.seat_action(action)
        out.setdefault((state.round, park), []).append(action.to_json())
        state.apply(action)
    assert not finished or state.outcome() is not None
    return out
