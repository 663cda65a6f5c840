"""The coordinator's state: tournaments in memory (rebuilt by replay), kiosks, pairing, and the
one path that changes a tournament: :meth:`Coordinator.act`.

Every write: validate the body (``validate.py``) -> check the token / organiser PIN / park
ownership -> ``Tournament.apply`` (``IllegalAction`` -> 409, state unchanged) -> persist the action
and its request id in one transaction -> answer.  Nothing here awaits between the checks and
the apply, so an apply is atomic on the event loop; the per-tournament lock only orders the
rare long operations (changing the Final's park replays the tournament).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass, field, replace

import cards
from engine import IllegalAction
from engine.challengers.library import load
from engine.challengers.tournament import Setup, Tournament, OVER, FINAL, FINAL_DECK, DECK

from . import store
from .views import plain, public_view, deck_state, scrub_events, snapshot_digest

log = logging.getLogger("tablecup.coordinator")

SIDES = ("light", "dark")


class ApiError(Exception):
    """An answer other than 200: ``status`` and a human-readable reason."""

    def __init__(self, status: int, error: str, **extra):
        super().__init__(error)
        self.status = status
        self.error = error
        self.extra = extra


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Kiosk:
    id: int
    name: str
    token_hash: str
    revoked: bool = False


@dataclass
class Entry:
    """One tournament held in memory."""

    id: int
    name: str
    setup: Setup
    t: Tournament
    kiosks: dict = field(default_factory=dict)        # park -> kiosk id
    rows: list = field(default_factory=list)          # per applied action: (request_id, kiosk_id, match_seq)
    cur: dict = field(default_factory=dict)           # park -> (Match, [global seq index of its actions])
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set = field(default_factory=set)     # asyncio.Queue per WebSocket
    created: float = 0.0
    cache: dict = field(default_factory=dict)         # views.py: derived views, each with its validity key

    def match_entries(self, park):
        """The global indexes of the actions applied to the park's current match."""
        m = self.t.matches.get(park)
        if m is None:
            return None
        got = self.cur.get(park)
        if got is None or got[0] is not m:
            got = self.cur[park] = (m, [])
        return got[1]

    @property
    def version(self) -> int:
        return len(self.t.actions)


class Coordinator:
    def __init__(self, data_dir, organiser_pin: str | None = None, library=None):
        self.data_dir = data_dir
        self.lib = library or load(cards)
        self.db = store.open_db(data_dir)
        self.writer = store.Writer(self.db)
        self.tournaments: dict[int, Entry] = {}
        self.kiosks: dict[int, Kiosk] = {}
        self.by_token: dict[str, Kiosk] = {}        # SHA-256 of the token -> kiosk (what the store holds)
        self.verified: dict[str, Kiosk] = {}        # token -> kiosk, for tokens already checked once
        self.requests: dict[str, dict] = {}   # request id -> {"tid", "kiosk", "body", "response", "fut"}
        self.pin_failures: list[float] = []
        self._load_meta(organiser_pin)
        self._load()

    # ------------------------------------------------------------------ start-up
    def _load_meta(self, organiser_pin):
        meta = {r["key"]: r["value"] for r in self.db["meta"].rows}
        if organiser_pin:
            self.organiser_pin = organiser_pin
            self.organiser_pin_source = "--organiser-pin"
        elif "organiser_pin" in meta:
            self.organiser_pin = meta["organiser_pin"]
            self.organiser_pin_source = "stored"
        else:
            self.organiser_pin = f"{secrets.randbelow(10**6):06d}"
            self.organiser_pin_source = "generated"
            self.db.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('organiser_pin', ?)",
                                 (self.organiser_pin,))
        pins = list(self.db["pairing_pins"].rows_where("used_by IS NULL", order_by="id desc", limit=1))
        if pins:
            self.pairing_pin_id, self.pairing_pin = pins[0]["id"], pins[0]["pin"]
            self.pairing_failures = pins[0]["failures"] or 0
        else:
            self.pairing_pin_id, self.pairing_pin = None, None
            self.pairing_failures = 0

    def _load(self):
        for r in self.db["kiosks"].rows:
            k = Kiosk(r["id"], r["name"], r["token_hash"], bool(r["revoked"]))
            self.kiosks[k.id] = k
            self.by_token[k.token_hash] = k
        for r in self.db["tournaments"].rows_where(order_by="id"):
            setup = setup_from_json(json.loads(r["setup"]))
            t = Tournament(self.lib, setup)
            e = Entry(r["id"], r["name"], setup, t, created=r["created"])
            for a in self.db["actions"].rows_where("tournament_id = ?", [r["id"]], order_by="seq"):
                action = tuple(json.loads(a["action"]))
                self._apply_tracked(e, action, (a["request_id"], a["kiosk_id"], a["match_seq"]))
            e.kiosks = {p["park"]: p["kiosk_id"] for p in self.db["parks"].rows_where("tournament_id = ?", [r["id"]])}
            self.tournaments[e.id] = e
            log.info("tournament %d (%s) resumed: %d actions replayed, round %s, phase %s",
                     e.id, e.name, len(e.t.actions), e.t.round, e.t.phase)
        for r in self.db["requests"].rows:
            self.requests[r["request_id"]] = {"tid": r["tournament_id"], "kiosk": r["kiosk_id"],
                                              "body": r["body"], "response": r["response"], "fut": None}

    @staticmethod
    def _apply_tracked(e: Entry, action, row):
        """Apply an action and keep the per-park match bookkeeping (match_seq)."""
        entries = e.match_entries(action[1]) if action[0] == "match" else None
        events = e.t.apply(action)
        e.rows.append(row)
        if entries is not None:
            entries.append(len(e.t.actions) - 1)
        return events

    async def start(self):
        self.writer.start()
        if self.pairing_pin is None:
            await self.new_pairing_pin()
        log.info("organiser PIN (%s): %s", self.organiser_pin_source, self.organiser_pin)
        log.info("pairing PIN: %s", self.pairing_pin)

    async def stop(self):
        await self.writer.stop()
        self.db.conn.close()

    # ------------------------------------------------------------------ auth
    def kiosk_from(self, authorization: str | None, required=True) -> Kiosk | None:
        if not authorization:
            if required:
                raise ApiError(401, "missing 'Authorization: Bearer <token>' header")
            return None
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise ApiError(401, "the Authorization header must be 'Bearer <token>'")
        k = self.verified.get(token)
        if k is None:
            k = self.by_token.get(token_hash(token))
            if k is None:
                raise ApiError(401, "unknown token: pair this kiosk again (POST /api/pair)")
            self.verified[token] = k     # only known tokens: one entry per paired kiosk at most
        if k.revoked:
            raise ApiError(403, f"the token of kiosk {k.id} ({k.name}) was revoked")
        return k

    def check_organiser(self, pin: str | None):
        now = time.monotonic()
        self.pin_failures = [x for x in self.pin_failures if now - x < 60]
        if len(self.pin_failures) >= 10:
            raise ApiError(429, "too many wrong organiser PINs: wait a minute")
        if not pin:
            raise ApiError(401, "missing X-Organiser-Pin header (the organiser PIN)")
        if not hmac.compare_digest(pin.encode("utf-8", "replace"), self.organiser_pin.encode()):
            self.pin_failures.append(now)
            raise ApiError(403, "wrong organiser PIN")

    def entry(self, tid: int) -> Entry:
        e = self.tournaments.get(tid)
        if e is None:
            raise ApiError(404, f"no tournament {tid}")
        return e

    @staticmethod
    def check_park(e: Entry, park: int):
        if not 1 <= park <= e.t.parks:
            raise ApiError(404, f"tournament {e.id} has parks 1 to {e.t.parks}, not {park}")

    # ------------------------------------------------------------------ pairing & kiosks
    async def new_pairing_pin(self, failures=0):
        pin = f"{secrets.randbelow(10**6):06d}"
        created = store.now()

        def write(conn):
            return conn.execute("INSERT INTO pairing_pins(pin, created, used_by, failures) VALUES (?, ?, NULL, ?)",
                                (pin, created, 0)).lastrowid
        self.pairing_pin = pin
        self.pairing_failures = 0
        self.pairing_pin_id = await self.writer.write(write)
        log.info("new pairing PIN: %s", pin)

    async def pair(self, pin: str, name: str) -> dict:
        if self.pairing_pin is None or not hmac.compare_digest(pin.encode(), self.pairing_pin.encode()):
            self.pairing_failures += 1
            if self.pairing_failures >= 5:
                log.warning("5 wrong pairing PINs: the pairing PIN changes")
                await self.new_pairing_pin()
            raise ApiError(403, "wrong pairing PIN (see the coordinator's console or organiser page)")
        token = secrets.token_urlsafe(32)
        h = token_hash(token)
        pin_id = self.pairing_pin_id
        self.pairing_pin = None        # one PIN pairs one kiosk
        created = store.now()

        def write(conn):
            kid = conn.execute("INSERT INTO kiosks(name, token_hash, revoked, created) VALUES (?, ?, 0, ?)",
                               (name, h, created)).lastrowid
            conn.execute("UPDATE pairing_pins SET used_by = ? WHERE id = ?", (kid, pin_id))
            return kid
        kid = await self.writer.write(write)
        k = Kiosk(kid, name, h)
        self.kiosks[kid] = k
        self.by_token[h] = k
        log.info("kiosk %d (%s) paired", kid, name)
        await self.new_pairing_pin()
        return {"kiosk_id": kid, "name": name, "token": token}

    async def revoke(self, kid: int) -> dict:
        k = self.kiosks.get(kid)
        if k is None:
            raise ApiError(404, f"no kiosk {kid}")
        if not k.revoked:
            await self.writer.write(lambda conn: conn.execute("UPDATE kiosks SET revoked = 1 WHERE id = ?", (kid,)))
            k.revoked = True
            log.info("kiosk %d (%s) revoked", kid, k.name)
        return {"kiosk_id": kid, "name": k.name, "revoked": True}

    def kiosk_list(self) -> list:
        parks = {}
        for e in self.tournaments.values():
            for park, kid in e.kiosks.items():
                parks.setdefault(kid, []).append({"tournament": e.id, "park": park})
        return [{"kiosk_id": k.id, "name": k.name, "revoked": k.revoked, "parks": parks.get(k.id, [])}
                for k in self.kiosks.values()]

    # ------------------------------------------------------------------ organiser actions
    async def create(self, body: dict) -> dict:
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(63)
        setup = Setup(players=tuple(body["players"]), box=body.get("box", "base"),
                      sets=tuple(body["sets"]) if body.get("sets") else None,
                      robot_level=body.get("robot_level", 1), solo_cards=body.get("solo_cards", False),
                      seed=seed, final_park=body.get("final_park", 1))
        try:
            t = Tournament(self.lib, setup)
        except (ValueError, KeyError) as exc:
            raise ApiError(400, str(exc).strip("'\"")) from None
        name = body.get("name") or "Tournament"
        created = store.now()
        setup_json = store.dumps(setup_to_json(setup))

        def write(conn):
            return conn.execute("INSERT INTO tournaments(name, setup, settings, status, created) VALUES (?,?,?,?,?)",
                                (name, setup_json, "{}", "running", created)).lastrowid
        tid = await self.writer.write(write)
        e = Entry(tid, name, setup, t, created=created)
        self.tournaments[tid] = e
        log.info("tournament %d (%s) created: %d players, %d parks", tid, name, len(setup.players), t.parks)
        return public_view(e)

    async def assign(self, e: Entry, park: int, kid: int) -> dict:
        self.check_park(e, park)
        k = self.kiosks.get(kid)
        if k is None:
            raise ApiError(404, f"no kiosk {kid}")
        if k.revoked:
            raise ApiError(409, f"kiosk {kid} is revoked")
        async with e.lock:
            old = [p for p, x in e.kiosks.items() if x == kid and p != park]

            def write(conn):
                for p in old:
                    conn.execute("DELETE FROM parks WHERE tournament_id = ? AND park = ?", (e.id, p))
                conn.execute("INSERT OR REPLACE INTO parks(tournament_id, park, kiosk_id) VALUES (?,?,?)",
                             (e.id, park, kid))
            await self.writer.write(write)
            for p in old:
                del e.kiosks[p]
            e.kiosks[park] = kid
        self.notify(e, "kiosks")
        return {"tournament": e.id, "park": park, "kiosk_id": kid, "kiosks": {str(p): x for p, x in sorted(e.kiosks.items())}}

    async def set_final_park(self, e: Entry, park: int) -> dict:
        self.check_park(e, park)
        async with e.lock:
            t = e.t
            if t.phase in (FINAL, OVER):
                raise ApiError(409, "the Final has started: its park can no longer change")
            if t.phase == FINAL_DECK and any(a[0] == "deck" for a in t.actions[self._final_deck_start(e):]):
                raise ApiError(409, "the finalists have begun their last Deck Phase: the Final's park can no longer change")
            if park != e.setup.final_park:
                # Setup.final_park is read only when the Final is seated; replaying the same
                # actions with the new set-up gives the same state with the new Final park.
                setup = replace(e.setup, final_park=park)
                fresh = Entry(e.id, e.name, setup, Tournament(self.lib, setup), kiosks=e.kiosks,
                              lock=e.lock, subscribers=e.subscribers, created=e.created)
                for action, row in zip(t.actions, e.rows):
                    self._apply_tracked(fresh, action, row)
                setup_json = store.dumps(setup_to_json(setup))
                await self.writer.write(lambda conn: conn.execute(
                    "UPDATE tournaments SET setup = ? WHERE id = ?", (setup_json, e.id)))
                self.tournaments[e.id] = fresh
                e = fresh
                log.info("tournament %d: the Final will be played at park %d", e.id, park)
        self.notify(e, "final-park")
        return {"tournament": e.id, "final_park": park}

    @staticmethod
    def _final_deck_start(e: Entry) -> int:
        # The last match action ends round 7; the final Deck Phase's actions follow it.
        for i in range(len(e.t.actions) - 1, -1, -1):
            if e.t.actions[i][0] == "match":
                return i + 1
        return 0

    # ------------------------------------------------------------------ the write path
    async def act(self, e: Entry, kiosk: Kiosk, body: dict, raw_body: str) -> tuple[str, bool]:
        """Apply one action for ``kiosk``; returns (response JSON text, duplicate)."""
        rid = body["request_id"]
        known = self.requests.get(rid)
        if known is not None:
            return await self._duplicate(e, kiosk, rid, known, body), True
        action = tuple(body["action"])
        t = e.t
        async with e.lock:
            known = self.requests.get(rid)       # arrived while we waited for the lock
            if known is None:
                park = self._owner_park(e, action)
                owner = e.kiosks.get(park)
                if owner is None:
                    raise ApiError(403, f"no kiosk is assigned to park {park} of tournament {e.id}")
                if owner != kiosk.id:
                    raise ApiError(403, f"kiosk {kiosk.id} ({kiosk.name}) is not park {park}'s kiosk")
                match_seq = None
                if action[0] == "match":
                    entries = e.match_entries(park)
                    if entries is None:
                        raise ApiError(409, f"no match at park {park} now (phase: {t.phase})")
                    match_seq = body["match_seq"]
                    expected = len(entries)
                    if match_seq < expected:
                        earlier = e.rows[entries[match_seq]][0]
                        prev = self.requests.get(earlier)
                        if prev is None or list(t.actions[entries[match_seq]]) != list(action):
                            raise ApiError(409, f"match_seq {match_seq} at park {park} already holds "
                                                f"{list(t.actions[entries[match_seq]])}; expected {expected}",
                                           expected=expected)
                        known = prev
                        rid = earlier
                    elif match_seq > expected:
                        raise ApiError(409, f"out of order: expected match_seq {expected}", expected=expected)
                if known is None:
                    m = t.matches.get(park) if action[0] == "match" else None
                    try:
                        events = self._apply_tracked(e, action, (rid, kiosk.id, match_seq))
                    except IllegalAction as exc:
                        raise ApiError(409, f"illegal action: {exc}") from None
                    seq = len(t.actions)
                    response = self._response(e, action, seq, match_seq, events, m)
                    resp_json = store.dumps(response)
                    fut = self.writer.submit(self._persist_fn(e.id, seq, action, rid, kiosk.id, match_seq,
                                                              raw_body, resp_json))
                    self.requests[rid] = {"tid": e.id, "kiosk": kiosk.id, "body": raw_body,
                                          "response": resp_json, "fut": fut}
        if known is not None:
            return await self._duplicate(e, kiosk, rid, known, body), True
        try:
            await fut
        except store.StoreError as exc:
            await self._reload_after_failure(e)
            raise ApiError(503, f"the coordinator could not store the action ({exc}); send it again") from None
        self.requests[rid]["fut"] = None
        self.notify(e, _what(action, events))
        return resp_json, False

    async def _duplicate(self, e, kiosk, rid, known, body):
        if known["tid"] != e.id:
            raise ApiError(409, f"request id {rid!r} was used in tournament {known['tid']}")
        if known["kiosk"] != kiosk.id:
            raise ApiError(403, f"request id {rid!r} belongs to another kiosk")
        stored = json.loads(known["body"])
        if stored.get("action") != body["action"]:
            raise ApiError(409, f"request id {rid!r} was already used for the action {stored.get('action')}")
        if known.get("fut") is not None:
            try:
                await asyncio.shield(known["fut"])
            except store.StoreError:
                raise ApiError(503, "the original request could not be stored; send it again") from None
        return known["response"]

    @staticmethod
    def _persist_fn(tid, seq, action, rid, kid, match_seq, raw_body, resp_json):
        action_json = store.dumps(list(action))
        created = store.now()

        def write(conn):
            conn.execute("INSERT INTO actions(tournament_id, seq, action, request_id, kiosk_id, match_seq, created) "
                         "VALUES (?,?,?,?,?,?,?)", (tid, seq, action_json, rid, kid, match_seq, created))
            conn.execute("INSERT INTO requests(request_id, tournament_id, seq, kiosk_id, body, response) "
                         "VALUES (?,?,?,?,?,?)", (rid, tid, seq, kid, raw_body, resp_json))
        return write

    async def _reload_after_failure(self, e: Entry):
        """A commit failed: the memory ran ahead of the disk.  Rebuild from the store."""
        async with e.lock:
            lost = [rid for rid, r in self.requests.items() if r["tid"] == e.id and r.get("fut") is not None]
            for rid in lost:
                self.requests.pop(rid, None)
            rows = list(self.db["actions"].rows_where("tournament_id = ?", [e.id], order_by="seq"))
            fresh = Entry(e.id, e.name, e.setup, Tournament(self.lib, e.setup), kiosks=e.kiosks, lock=e.lock,
                          subscribers=e.subscribers, created=e.created)
            for a in rows:
                self._apply_tracked(fresh, tuple(json.loads(a["action"])), (a["request_id"], a["kiosk_id"], a["match_seq"]))
            self.tournaments[e.id] = fresh

    def _owner_park(self, e: Entry, action) -> int:
        t = e.t
        if action[0] == "match":
            park = action[1]
            self.check_park(e, park)
            return park
        player = action[1]
        if not 0 <= player < len(t.players):
            raise ApiError(409, f"illegal action: tournament {e.id} has players 0 to {len(t.players) - 1}")
        if t.phase not in (DECK, FINAL_DECK) or player not in t.deck_phases:
            raise ApiError(409, f"illegal action: player {player} ({t.players[player].name}) has no Deck Phase now")
        return t.seat_of(player)[0]

    def _response(self, e, action, seq, match_seq, events, m) -> dict:
        t = e.t
        resp = {"ok": True, "tournament": e.id, "seq": seq, "action": list(action), "round": t.round,
                "phase": t.phase, "events": scrub_events(t, events)}
        if action[0] == "deck":
            resp["deck_phase"] = deck_state(t, action[1])
        else:
            resp["match_seq"] = match_seq
            resp["next_match_seq"] = match_seq + 1
            resp["match"] = {"park": action[1], "expect": plain(m.expect), "winner": m.winner,
                             "winner_player": None if m.winner is None else m.players[m.winner],
                             "reason": m.reason}
        return resp

    # ------------------------------------------------------------------ reads
    def record(self, e: Entry) -> dict:
        return {"tournament": e.id, "setup": setup_to_json(e.setup), "actions": [list(a) for a in e.t.actions],
                "meta": [{"seq": i + 1, "request_id": rid, "kiosk_id": kid, "match_seq": ms}
                         for i, (rid, kid, ms) in enumerate(e.rows)],
                "snapshot": plain(e.t.snapshot()), "digest": snapshot_digest(e.t)}

    def me(self, k: Kiosk) -> dict:
        """What a kiosk token may know about itself: its id, name and park assignments."""
        parks = []
        for e in sorted(self.tournaments.values(), key=lambda e: e.id):
            for park, kid in sorted(e.kiosks.items()):
                if kid == k.id:
                    parks.append({"tournament": e.id, "park": park, "name": e.name, "phase": e.t.phase,
                                  "round": e.t.round})
        return {"kiosk_id": k.id, "name": k.name, "revoked": k.revoked, "parks": parks}

    def catalogue(self) -> dict:
        """Boxes and playable sets, for a set-up form (``GET /api/catalogue/sets``)."""
        cat = self.lib.catalogue
        boxes = []
        for b in self.lib.boxes.values():
            boxes.append({"id": b.id, "name": b.name, "basic": b.basic, "additional": list(b.additional),
                          "first_game_out": b.first_game_out, "default_sets": list(self.lib.default_sets(b.id))})
        sets = [{"id": s.id, "name": s.name, "kind": s.kind, "box": s.box}
                for s in cat.sets.values() if s.kind in ("basic", "additional", "house")]
        multi = self.lib.rules.robot_multiplayer_max
        return {"boxes": boxes, "sets": sets,
                "robot_levels": {"multiplayer": list(range(1, multi + 1)), "solo": list(range(1, 6))},
                "players": {"min": 1, "max": 8}}

    # ------------------------------------------------------------------ live updates
    def notify(self, e: Entry, what):
        if not e.subscribers:
            return
        t = e.t
        msg = json.dumps({"type": "update", "tournament": e.id, "version": e.version, "round": t.round,
                          "phase": t.phase, "what": what})
        for q in list(e.subscribers):
            if q.qsize() < 100:
                q.put_nowait(msg)


def _what(action, events) -> list:
    kinds = []
    for ev in events:
        k = ev.kind
        if k in ("round", "match", "win", "trophy", "trophy-to-box", "round-done", "finalists", "champion",
                 "draw", "redraw", "deck-done") and k not in kinds:
            kinds.append(k)
    return kinds or ["action"]


def setup_to_json(s: Setup) -> dict:
    return {"players": list(s.players), "box": s.box, "sets": list(s.sets) if s.sets else None,
            "robot_level": s.robot_level, "solo_cards": s.solo_cards, "seed": s.seed, "final_park": s.final_park}


def setup_from_json(d: dict) -> Setup:
    return Setup(players=tuple(d["players"]), box=d["box"], sets=tuple(d["sets"]) if d["sets"] else None,
                 robot_level=d["robot_level"], solo_cards=d["solo_cards"], seed=d["seed"], final_park=d["final_park"])
