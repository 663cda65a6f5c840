"""The coordinator's state: live tournaments in memory (rebuilt by replay), finished ones as their
final records, kiosks, pairing, and the one path that changes a tournament: :meth:`Coordinator.act`.

A tournament is a contract :class:`~engine.game.GameState` and the name of its game.  The game is
found through :mod:`engine.registry`; what a café needs of it beyond the contract (the set-up as
the organiser gives it, the park of an action, the views, its bot entrants) is its café module
(``Game.cafe``, :func:`engine.registry.cafe`), imported when a tournament of that game is first
created or loaded.  No module here imports a game's package.

Every write: validate the body (``api.py``; the action decoded once by the contract's codec,
``Action.from_json``) -> check the token / organiser PIN / park ownership -> the action among
the state's ``legal_actions`` -> ``GameState.apply`` (``IllegalAction`` -> 409, state unchanged) ->
persist the action (the contract's JSON) and its request id in one transaction -> answer.  Nothing here awaits between the checks and
the apply, so an apply is atomic on the event loop; the per-tournament lock only orders the
rare long operations (changing the Final's park replays the tournament).

A tournament's last action is stored with its final record (views, snapshot, digest) in the same
transaction; from then on it is a :class:`Finished`: the engine state is dropped, the views are
read from the store, and a restart does not replay it.  Start-up time and memory depend on the
live tournaments only.

Guesses (the pairing code, the organiser PIN) are limited per client address
(:class:`limits.Backoff`): a stranger's wrong guesses slow down only that stranger, and never
change the code or lock anyone else out.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field

from typing import Any

import cards
from engine import IllegalAction, registry
from engine.game import Action, GameSetup

from . import bots as botplay
from . import store
from .actions import check_form, decode_stored
from .limits import Backoff
from .views import plain, public_view, park_view, snapshot_digest

log = logging.getLogger("tablecup.coordinator")

#: The game of a tournament created without naming one, and of every tournament stored before
#: tournaments named their game.
DEFAULT_GAME = "challengers"
#: The options of ``POST /api/tournaments`` that are Challengers!', and those of a café format
#: (every other game: :mod:`engine.cafe`).
CHALLENGERS_OPTIONS = ("box", "sets", "robot_level", "solo_cards", "final_park")
FORMAT_OPTIONS = ("format", "rounds", "table_size", "seeding")
PAIRING_DIGITS = 12          # 10^12 codes: out of reach of guessing at a few checks per address per hour
ORGANISER_DIGITS = 10


class ApiError(Exception):
    """An answer other than 200: ``status`` and a human-readable reason (``headers``: extra headers)."""

    def __init__(self, status: int, error: str, headers=None, **extra):
        super().__init__(error)
        self.status = status
        self.error = error
        self.headers = headers or {}
        self.extra = extra


def too_many(what: str, wait: float) -> ApiError:
    secs = max(1, int(wait + 0.999))
    return ApiError(429, f"too many wrong {what} from this address: wait {secs} s", headers={"Retry-After": str(secs)})


def new_code(digits: int) -> str:
    return f"{secrets.randbelow(10 ** digits):0{digits}d}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Kiosk:
    id: int
    name: str
    token_hash: str
    revoked: bool = False


def cafe_of(game: str) -> Any:
    """The café module of ``game`` (:func:`engine.registry.cafe`); ``ApiError(409)`` saying why."""
    try:
        return registry.cafe(game)
    except KeyError as exc:
        raise ApiError(409, str(exc.args[0])) from None


@dataclass
class Entry:
    """One tournament held in memory: its game's state and what the coordinator keeps beside it."""

    id: int
    name: str
    game: str
    setup: GameSetup
    state: Any                                        # the tournament: a contract GameState
    cafe: Any                                         # its game's café module (engine.registry.cafe)
    kiosks: dict = field(default_factory=dict)        # park -> kiosk id
    rows: list = field(default_factory=list)          # per applied action: (request_id, kiosk_id, match_seq)
    actions: list = field(default_factory=list)       # the contract actions applied, in order
    cur: dict = field(default_factory=dict)           # park -> (its table game, [indexes in actions])
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set = field(default_factory=set)     # asyncio.Queue per WebSocket
    created: float = 0.0
    cache: dict = field(default_factory=dict)         # the café module's derived views, each with its key
    bots: dict = field(default_factory=dict)          # player index -> level (bot entrants: bots.py)

    def table_entries(self, park):
        """The indexes (in :attr:`actions`) of the actions applied to the park's current table game
        (a Challengers! match), or None when the park has none."""
        m = self.cafe.table_game(self.state, park)
        if m is None:
            return None
        got = self.cur.get(park)
        if got is None or got[0] is not m:
            got = self.cur[park] = (m, [])
        return got[1]

    match_entries = table_entries

    @property
    def version(self) -> int:
        return len(self.actions)

    @property
    def over(self) -> bool:
        return self.state.outcome() is not None

    finished = False

    def summary(self) -> dict:
        return self.cafe.summary(self)


@dataclass
class Finished:
    """A finished tournament: its summary in memory, its views and record in the store."""

    id: int
    name: str
    created: float
    info: dict                                        # the summary (GET /api/tournaments)
    kiosks: dict = field(default_factory=dict)        # park -> kiosk id (fixed once over)
    subscribers: set = field(default_factory=set)
    finished = True

    @property
    def version(self) -> int:
        return self.info["version"]

    @property
    def game(self) -> str:
        return self.info["game"]

    def summary(self) -> dict:
        return self.info

    def __post_init__(self):
        # A summary kept by a coordinator before summaries named their game and whether it was over.
        self.info.setdefault("game", DEFAULT_GAME)
        self.info.setdefault("over", True)


class Coordinator:
    """``library``: the data of the default game (:data:`DEFAULT_GAME`: the café's house sets
    added); other games' data is loaded from the bundled cards when first needed."""

    def __init__(self, data_dir, organiser_pin: str | None = None, library=None):
        self.data_dir = data_dir
        self.data: dict[str, Any] = {}
        if library is not None:
            self.data[DEFAULT_GAME] = library
        self.db = store.open_db(data_dir)
        self.reader = store.open_reader(data_dir)
        self.writer = store.Writer(self.db)
        self.tournaments: dict[int, Entry | Finished] = {}
        self.kiosks: dict[int, Kiosk] = {}
        self.by_token: dict[str, Kiosk] = {}        # SHA-256 of the token -> kiosk (what the store holds)
        self.verified: dict[str, Kiosk] = {}        # token -> kiosk, for tokens already checked once
        # request id -> {"tid", "kiosk", "body", "response", "fut"}: the live tournaments' requests
        # (a finished tournament's are looked up in the store).
        self.requests: dict[str, dict] = {}
        self.pairing_guesses = Backoff()
        self.organiser_guesses = Backoff()
        self._to_finish: list[int] = []
        self._bot_tasks: dict[int, asyncio.Task] = {}     # tournament id -> its bots' player (bots.py)
        self._bot_wake: dict[int, asyncio.Event] = {}
        self._bot_executor = None
        self.bot_decisions = 0
        self._load_meta(organiser_pin)
        self._load()

    def data_of(self, game: str) -> Any:
        """The data (cards) tournaments of ``game`` are played with."""
        got = self.data.get(game)
        if got is None:
            got = self.data[game] = registry.get(game).load(cards)
        return got

    @property
    def lib(self) -> Any:
        """The default game's data (the café's house sets added)."""
        return self.data_of(DEFAULT_GAME)

    def new_entry(self, tid: int, name: str, game: str, setup: GameSetup, **kw) -> Entry:
        """A tournament of ``game`` as ``setup`` starts it (``ValueError`` saying why the rules refuse it)."""
        cafe = cafe_of(game)
        return Entry(tid, name, game, setup, cafe.new_state(self.data_of(game), setup), cafe, **kw)

    @staticmethod
    def stored_action(e: Entry, text: str) -> Action:
        """An action as the store keeps it: the contract's JSON, or (written before the contract
        wire) the game's own tuple, read against the tournament as it stands before it is applied."""
        value = decode_stored(text)
        if isinstance(value, dict):
            return Action.from_json(value)
        return e.cafe.legacy_action(e.state, value)

    # ------------------------------------------------------------------ start-up
    def _load_meta(self, organiser_pin):
        meta = dict(self.db.conn.execute("SELECT key, value FROM meta"))
        if organiser_pin:
            self.organiser_pin = organiser_pin
            self.organiser_pin_source = "--organiser-pin"
        elif "organiser_pin" in meta:
            self.organiser_pin = meta["organiser_pin"]
            self.organiser_pin_source = "stored"
        else:
            self.organiser_pin = new_code(ORGANISER_DIGITS)
            self.organiser_pin_source = "generated"
            self.db.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('organiser_pin', ?)",
                                 (self.organiser_pin,))
        pins = self.db.conn.execute("SELECT id, pin FROM pairing_pins WHERE used_by IS NULL "
                                    "ORDER BY id DESC LIMIT 1").fetchall()
        if pins:
            self.pairing_pin_id, self.pairing_pin = pins[0]
        else:
            self.pairing_pin_id, self.pairing_pin = None, None

    def _load(self):
        conn = self.db.conn
        for kid, name, th, revoked in conn.execute("SELECT id, name, token_hash, revoked FROM kiosks"):
            k = Kiosk(kid, name, th, bool(revoked))
            self.kiosks[k.id] = k
            self.by_token[k.token_hash] = k
        parks: dict[int, dict] = {}
        for tid, park, kid in conn.execute("SELECT tournament_id, park, kiosk_id FROM parks"):
            parks.setdefault(tid, {})[park] = kid
        finished = 0
        for tid, name, created, summary in conn.execute(
                "SELECT t.id, t.name, t.created, f.summary FROM tournaments t JOIN finished f "
                "ON f.tournament_id = t.id ORDER BY t.id"):
            self.tournaments[tid] = Finished(tid, name, created, json.loads(summary), kiosks=parks.get(tid, {}))
            finished += 1
        settings = {tid: json.loads(text or "{}")
                    for tid, text in conn.execute("SELECT id, settings FROM tournaments WHERE id NOT IN "
                                                  "(SELECT tournament_id FROM finished)")}
        live = conn.execute("SELECT id, name, setup, created FROM tournaments WHERE id NOT IN "
                            "(SELECT tournament_id FROM finished) ORDER BY id").fetchall()
        for tid, name, setup_text, created in live:
            game = settings[tid].get("game", DEFAULT_GAME)
            setup = cafe_of(game).setup_from_stored(json.loads(setup_text))
            e = self.new_entry(tid, name, game, setup, created=created,
                               bots=botplay.settings_from_json(settings[tid]))
            for action, rid, kid, ms in conn.execute("SELECT action, request_id, kiosk_id, match_seq FROM actions "
                                                     "WHERE tournament_id = ? ORDER BY seq", (tid,)):
                self._apply_tracked(e, self.stored_action(e, action), (rid, kid, ms))
            e.kiosks = parks.get(tid, {})
            self.tournaments[tid] = e
            for rid, kid, seq, body, response in conn.execute("SELECT request_id, kiosk_id, seq, body, response "
                                                              "FROM requests WHERE tournament_id = ?", (tid,)):
                self.requests[rid] = {"tid": tid, "kiosk": kid, "body": body, "response": response, "fut": None,
                                      "action": _kept_action(e, seq)}
            if e.over:
                # Over, but without its final record: written by a coordinator that kept none.
                self._to_finish.append(tid)
            s = e.summary()
            log.info("tournament %d (%s) resumed: %d actions replayed, round %s, phase %s",
                     e.id, e.name, len(e.actions), s.get("round"), s.get("phase"))
        if finished:
            log.info("%d finished tournaments kept as records (not replayed)", finished)

    @staticmethod
    def _apply_tracked(e: Entry, action: Action, row, table=None):
        """Apply an action through the state and keep the per-park table bookkeeping (match_seq).
        ``table``: the park whose table game it belongs to, when the caller found it already."""
        if table is None:
            table = e.cafe.table_of(e.state, action)
        entries = e.table_entries(table) if table is not None else None
        events = e.state.apply(action)
        e.actions.append(action)
        e.rows.append(row)
        if entries is not None:
            entries.append(len(e.actions) - 1)
        return events

    async def start(self):
        self.writer.start()
        for tid in self._to_finish:
            e = self.tournaments[tid]
            await self.writer.write(self._finish_fn(e, final_record(e)))
            self._finished(e)
            log.info("tournament %d (%s) is over: kept as its final record from now on", e.id, e.name)
        self._to_finish = []
        for e in list(self.tournaments.values()):
            if not e.finished and e.bots:
                self.kick_bots(e.id)
        if self.pairing_pin is None:
            await self.new_pairing_pin()
        log.info("organiser PIN (%s): %s", self.organiser_pin_source, self.organiser_pin)
        if len(self.organiser_pin) < 8:
            log.warning("the organiser PIN has %d characters: anyone on the LAN gets a few guesses per address "
                        "per hour; 8 or more are advised", len(self.organiser_pin))
        log.info("pairing code: %s", self.pairing_pin)

    async def stop(self):
        tasks = list(self._bot_tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._bot_tasks.clear()
        if self._bot_executor is not None:
            self._bot_executor.shutdown(wait=True, cancel_futures=True)
            self._bot_executor = None
        await self.writer.stop()
        self.reader.close()
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

    def check_organiser(self, pin: str | None, client: str):
        """The organiser PIN, limited per client address: after a few wrong ones that address waits
        (429) -- and only that address."""
        if not pin:
            raise ApiError(401, "missing X-Organiser-Pin header (the organiser PIN)")
        wait = self.organiser_guesses.wait(client)
        if wait > 0:
            raise too_many("organiser PINs", wait)
        if not hmac.compare_digest(pin.encode("utf-8", "replace"), self.organiser_pin.encode()):
            pause = self.organiser_guesses.failed(client)
            log.warning("wrong organiser PIN from %s%s", client, f" (it waits {pause:.0f} s)" if pause else "")
            raise ApiError(403, "wrong organiser PIN")
        self.organiser_guesses.succeeded(client)

    def entry(self, tid: int) -> Entry | Finished:
        e = self.tournaments.get(tid)
        if e is None:
            raise ApiError(404, f"no tournament {tid}")
        return e

    def live(self, tid: int) -> Entry:
        """A tournament that can still change (409 once it is over)."""
        e = self.entry(tid)
        if e.finished:
            raise ApiError(409, f"tournament {tid} is over")
        return e

    @staticmethod
    def check_park(e: Entry, park: int):
        parks = e.cafe.parks(e.state)
        if not 1 <= park <= parks:
            raise ApiError(404, f"tournament {e.id} has parks 1 to {parks}, not {park}")

    @staticmethod
    def check_park_number(e: Entry | Finished, park: int):
        parks = e.summary()["parks"]
        if not 1 <= park <= parks:
            raise ApiError(404, f"tournament {e.id} has parks 1 to {parks}, not {park}")

    # ------------------------------------------------------------------ pairing & kiosks
    async def new_pairing_pin(self):
        pin = new_code(PAIRING_DIGITS)
        created = store.now()

        def write(conn):
            return conn.execute("INSERT INTO pairing_pins(pin, created, used_by, failures) VALUES (?, ?, NULL, ?)",
                                (pin, created, 0)).lastrowid
        self.pairing_pin = pin
        self.pairing_pin_id = await self.writer.write(write)
        log.info("new pairing code: %s", pin)

    async def pair(self, pin: str, name: str, client: str) -> dict:
        """Pair a kiosk with the pairing code.  Wrong codes are limited per client address; they
        never change the code, so a stranger cannot keep the tables from pairing."""
        wait = self.pairing_guesses.wait(client)
        if wait > 0:
            raise too_many("pairing codes", wait)
        if self.pairing_pin is None or not hmac.compare_digest(pin.encode(), self.pairing_pin.encode()):
            pause = self.pairing_guesses.failed(client)
            log.warning("wrong pairing code from %s%s", client, f" (it waits {pause:.0f} s)" if pause else "")
            raise ApiError(403, "wrong pairing code (see the organiser page or the coordinator's log)")
        self.pairing_guesses.succeeded(client)
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
    async def create(self, body) -> dict:
        """``body``: an ``api.CreateTournament``.  Its shape is checked; what the rules refuse
        (the same name twice, 'Robot', the engine's own checks) is a 409 with the reason."""
        people = [p.strip() for p in body.players]
        bot_names = [b.name.strip() for b in body.bots]
        players = people + bot_names
        if not 1 <= len(players) <= 8:
            raise ApiError(409, f"a tournament has 1 to 8 players, people and bots together, not {len(players)}")
        if len({n.casefold() for n in people}) != len(people):
            raise ApiError(409, "'players' holds the same name twice")
        if len({n.casefold() for n in players}) != len(players):
            raise ApiError(409, "a bot entrant has the name of another player")
        if any(n.casefold() == "robot" for n in players):
            raise ApiError(409, "'Robot' is the name of the Robot player")
        bots = {len(people) + i: b.level for i, b in enumerate(body.bots)}
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        game = body.game
        cafe = cafe_of(game)
        given = body.model_fields_set
        if hasattr(cafe, "setup_from_options"):
            # A café format of a game of the table: Challengers!' own options do not apply.
            theirs = sorted(given & set(CHALLENGERS_OPTIONS))
            if theirs:
                raise ApiError(409, f"{', '.join(theirs)}: Challengers! options; a tournament of {game} takes "
                                    f"{', '.join(FORMAT_OPTIONS)}")
            setup = cafe.setup_from_options(players, seed, {k: getattr(body, k) for k in FORMAT_OPTIONS})
        else:
            theirs = sorted(given & set(FORMAT_OPTIONS))
            if theirs:
                raise ApiError(409, f"{', '.join(theirs)}: options of a café format; {game} is played by its "
                                    f"own printed plans")
            setup = cafe.setup_from_request(players, seed, body.box, body.sets, body.robot_level, body.solo_cards,
                                            body.final_park)
        name = (body.name or "").strip() or "Tournament"
        created = store.now()
        try:
            e = self.new_entry(0, name, game, setup, created=created, bots=bots)
        except ValueError as exc:
            raise ApiError(409, str(exc).strip("'\"")) from None
        setup_json = store.dumps(cafe.setup_to_stored(setup))
        settings_json = store.dumps({"game": game, **botplay.settings_to_json(bots)})

        def write(conn):
            return conn.execute("INSERT INTO tournaments(name, setup, settings, status, created) VALUES (?,?,?,?,?)",
                                (name, setup_json, settings_json, "running", created)).lastrowid
        e.id = tid = await self.writer.write(write)
        self.tournaments[tid] = e
        log.info("tournament %d (%s) created: %s, %d players (%d bots), %d parks", tid, name, game,
                 len(setup.players), len(bots), cafe.parks(e.state))
        if bots:
            self.kick_bots(tid)
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
            try:
                setup = e.cafe.final_park_setup(e.state, e.setup, e.actions, park)
            except IllegalAction as exc:
                raise ApiError(409, str(exc)) from None
            if setup != e.setup:
                # The rules read the Final's park only when the Final is seated; replaying the
                # same actions with the new set-up gives the same state with the new Final park.
                fresh = self.new_entry(e.id, e.name, e.game, setup, kiosks=e.kiosks, lock=e.lock,
                                       subscribers=e.subscribers, created=e.created, bots=e.bots)
                for action, row in zip(e.actions, e.rows):
                    self._apply_tracked(fresh, action, row)
                setup_json = store.dumps(e.cafe.setup_to_stored(setup))
                await self.writer.write(lambda conn: conn.execute(
                    "UPDATE tournaments SET setup = ? WHERE id = ?", (setup_json, e.id)))
                self.tournaments[e.id] = fresh
                e = fresh
                log.info("tournament %d: the Final will be played at park %d", e.id, park)
        self.notify(e, "final-park")
        return {"tournament": e.id, "final_park": park}

    # ------------------------------------------------------------------ the write path
    async def act(self, e: Entry | Finished, kiosk: Kiosk, request, raw_body: str) -> tuple[str, bool]:
        """Apply one action (``request``: an ``api.ActionRequest``, its action already decoded by
        the contract's codec) for ``kiosk``; returns (response JSON text, duplicate)."""
        rid = request.request_id
        action: Action = request.action
        cafe = e.cafe if not e.finished else cafe_of(e.game)
        try:
            check_form(cafe, action)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        table_kind = action.kind in cafe.TABLE_KINDS
        if table_kind and request.match_seq is None:
            raise ApiError(400, "a match action needs 'match_seq' (its index within the park's match; "
                                "in a café tournament of another game, every action: its index in the park's table game)")
        if not table_kind and request.match_seq is not None:
            raise ApiError(400, "'match_seq' belongs to match actions only")
        body = {"request_id": rid, "action": action.to_json(), "match_seq": request.match_seq}
        over = False
        known = self.requests.get(rid) or self._stored_request(rid)
        if known is not None:
            return await self._duplicate(e, kiosk, rid, known, body), True
        if e.finished:
            raise ApiError(409, f"illegal action: tournament {e.id} is over", code="over")
        async with e.lock:
            known = self.requests.get(rid)       # arrived while we waited for the lock
            if known is None:
                state = e.state
                try:
                    park = cafe.park_of(state, action)
                    table = cafe.table_of(state, action)
                except IllegalAction as exc:
                    raise ApiError(409, f"illegal action: {exc}", code="illegal") from None
                owner = e.kiosks.get(park)
                if owner is None:
                    raise ApiError(403, f"no kiosk is assigned to park {park} of tournament {e.id}")
                if owner != kiosk.id:
                    raise ApiError(403, f"kiosk {kiosk.id} ({kiosk.name}) is not park {park}'s kiosk")
                why = cafe.coordinator_plays(state, e.bots, action)
                if why is not None:
                    raise ApiError(409, why, code="bot-seat")
                match_seq = None
                if table is not None:
                    entries = e.table_entries(table)
                    if entries is None:
                        raise ApiError(409, f"no match at park {table} now", code="illegal")
                    match_seq = request.match_seq
                    expected = len(entries)
                    if match_seq < expected:
                        held = e.actions[entries[match_seq]]
                        earlier = e.rows[entries[match_seq]][0]
                        prev = self.requests.get(earlier)
                        if prev is None or held != action:
                            raise ApiError(409, f"match_seq {match_seq} at park {table} already holds "
                                                f"{held.to_json()}; expected {expected}", expected=expected,
                                           code="stale")
                        known = prev
                        rid = earlier
                    elif match_seq > expected:
                        raise ApiError(409, f"out of order: expected match_seq {expected}", expected=expected,
                                       code="out-of-order")
                if known is None:
                    if action not in state.legal_actions(action.player):
                        raise ApiError(409, f"illegal action: {_not_legal(state, action)}", code="illegal")
                    m = cafe.table_game(state, table) if table is not None else None
                    try:
                        events = self._apply_tracked(e, action, (rid, kiosk.id, match_seq), table)
                    except IllegalAction as exc:
                        raise ApiError(409, f"illegal action: {exc}", code="illegal") from None
                    seq = len(e.actions)
                    response = self._response(e, action, seq, table, match_seq, events, m)
                    resp_json = store.dumps(response)
                    write = self._persist_fn(e.id, seq, action, rid, kiosk.id, match_seq, raw_body, resp_json)
                    over = e.over
                    if over:        # the last action and the final record: one transaction
                        write = _both(write, self._finish_fn(e, final_record(e)))
                    fut = self.writer.submit(write)
                    self.requests[rid] = {"tid": e.id, "kiosk": kiosk.id, "body": raw_body,
                                          "response": resp_json, "fut": fut, "action": action.to_json()}
        if known is not None:
            return await self._duplicate(e, kiosk, rid, known, body), True
        try:
            await fut
        except store.StoreError as exc:
            await self._reload_after_failure(e)
            raise ApiError(503, f"the coordinator could not store the action ({exc}); send it again") from None
        self.requests[rid]["fut"] = None
        self.notify(e, cafe.news(events))
        if over:
            self._finished(e)
        elif e.bots:
            self.kick_bots(e.id)
        return resp_json, False

    # ------------------------------------------------------------------ bot entrants (bots.py)
    def kick_bots(self, tid: int):
        """Something changed in tournament ``tid``: its bots' player looks for a move."""
        wake = self._bot_wake.get(tid)
        if wake is None:
            wake = self._bot_wake[tid] = asyncio.Event()
        wake.set()
        task = self._bot_tasks.get(tid)
        if task is None or task.done():
            self._bot_tasks[tid] = asyncio.get_running_loop().create_task(self._play_bots(tid),
                                                                         name=f"bots-{tid}")

    async def _play_bots(self, tid: int):
        """The bots' player of one tournament: while the coordinator has a seat to play (a bot's
        Deck Phase, a match with nobody in it), the seat's bot decides in the worker process and
        its action is applied and stored like a kiosk's; then it waits to be woken."""
        wake = self._bot_wake[tid]
        loop = asyncio.get_running_loop()
        while True:
            wake.clear()
            e = self.tournaments.get(tid)
            if e is None or e.finished:
                return
            seat = e.cafe.bot_turn(e.state, e.bots)
            if seat is None:
                await wake.wait()
                continue
            version = e.version
            observation, legal = botplay.question(e.state, seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                kind = e.cafe.bot_kind(e.state, e.bots, seat)
                key = (tid, seat, kind)
                seed = (e.setup.seed * 31 + seat) % (2 ** 63)
                if self._bot_executor is None:
                    self._bot_executor = botplay.new_executor(e.game)
                try:
                    action = await loop.run_in_executor(self._bot_executor, botplay.decide, key, e.game, kind, seat,
                                                        seed, observation, legal)
                except asyncio.CancelledError:
                    raise
                except BrokenExecutor:
                    # The worker process died (killed, out of memory): a new one next time; the
                    # bots it held start again with no memory of the cards they saw.
                    log.error("tournament %d: the bots' worker process died; starting a new one", tid)
                    if self._bot_executor is not None:
                        self._bot_executor.shutdown(wait=False, cancel_futures=True)
                    self._bot_executor = None
                    await asyncio.sleep(1.0)
                    continue
                except Exception:
                    log.exception("tournament %d: the bot of player %d failed; it tries again", tid, seat)
                    await asyncio.sleep(1.0)
                    continue
                self.bot_decisions += 1
            await self._apply_bot(tid, seat, version, action)

    async def _apply_bot(self, tid: int, seat: int, version: int, action: Action):
        """Apply a bot's decision, if the tournament is where the bot saw it (else it asks again),
        and store it as a kiosk's action is stored (request id ``bot-<tournament>-<seq>``, kiosk 0)."""
        e = self.tournaments.get(tid)
        if e is None or e.finished:
            return
        async with e.lock:
            e = self.tournaments[tid]          # the Final's park may have made a new entry
            state, cafe = e.state, e.cafe
            if e.version != version and action not in state.legal_actions(seat):
                return
            try:
                table = cafe.table_of(state, action)
            except IllegalAction as exc:
                log.warning("tournament %d: player %d's bot played %s: %s", tid, seat, action, exc)
                return
            match_seq = len(e.table_entries(table)) if table is not None else None
            m = cafe.table_game(state, table) if table is not None else None
            rid = f"bot-{tid}-{len(e.actions) + 1}"
            try:
                events = self._apply_tracked(e, action, (rid, 0, match_seq), table)
            except IllegalAction as exc:
                log.warning("tournament %d: player %d's bot played %s: %s", tid, seat, action, exc)
                return
            seq = len(e.actions)
            resp_json = store.dumps(self._response(e, action, seq, table, match_seq, events, m))
            body = store.dumps({"request_id": rid, "action": action.to_json(), "match_seq": match_seq})
            write = self._persist_fn(e.id, seq, action, rid, 0, match_seq, body, resp_json)
            over = e.over
            if over:
                write = _both(write, self._finish_fn(e, final_record(e)))
            fut = self.writer.submit(write)
            self.requests[rid] = {"tid": e.id, "kiosk": 0, "body": body, "response": resp_json, "fut": fut,
                                  "action": action.to_json()}
        try:
            await fut
        except store.StoreError:
            await self._reload_after_failure(e)
            await asyncio.sleep(1.0)          # the disk refused it: the bot tries again in a while
            return
        self.requests[rid]["fut"] = None
        self.notify(e, cafe.news(events))
        if over:
            self._finished(e)
        else:
            self.kick_bots(tid)

    def _stored_request(self, rid: str) -> dict | None:
        """A request id of a finished tournament (they are not kept in memory)."""
        row = self.reader.execute("SELECT tournament_id, kiosk_id, seq, body, response FROM requests "
                                  "WHERE request_id = ?", (rid,)).fetchone()
        if row is None:
            return None
        return {"tid": row[0], "kiosk": row[1], "seq": row[2], "body": row[3], "response": row[4], "fut": None}

    @staticmethod
    def _finish_fn(e: Entry, rec: dict):
        summary, public, parks = store.dumps(rec["summary"]), store.dumps(rec["public"]), store.dumps(rec["parks"])
        snapshot, digest, finished = store.dumps(rec["snapshot"]), rec["digest"], store.now()

        def write(conn):
            conn.execute("INSERT OR REPLACE INTO finished(tournament_id, summary, public, parks, snapshot, digest, "
                         "finished) VALUES (?,?,?,?,?,?,?)", (e.id, summary, public, parks, snapshot, digest, finished))
            conn.execute("UPDATE tournaments SET status = 'over' WHERE id = ?", (e.id,))
        return write

    def _finished(self, e: Entry):
        """The final record is stored: keep only the summary in memory from now on."""
        done = Finished(e.id, e.name, e.created, e.summary(), kiosks=dict(e.kiosks), subscribers=e.subscribers)
        self.tournaments[e.id] = done
        for rid in [rid for rid, r in self.requests.items() if r["tid"] == e.id and r.get("fut") is None]:
            del self.requests[rid]

    def _kept_request_action(self, e: Entry | Finished, known: dict):
        """The action (contract JSON) of a request kept before: its body's, or -- a body of the
        wire before the contract -- the action stored at its place in the tournament."""
        if known.get("action") is not None:
            return known["action"]
        stored = json.loads(known["body"]).get("action")
        if isinstance(stored, dict):
            return stored
        seq = known.get("seq")
        actions = self.record(e)["actions"] if e.finished else [a.to_json() for a in e.actions]
        return actions[seq - 1] if isinstance(seq, int) and 0 < seq <= len(actions) else stored

    async def _duplicate(self, e, kiosk, rid, known, body):
        if known["tid"] != e.id:
            raise ApiError(409, f"request id {rid!r} was used in tournament {known['tid']}")
        if known["kiosk"] != kiosk.id:
            raise ApiError(403, f"request id {rid!r} belongs to another kiosk")
        held = self._kept_request_action(e, known)
        if held != body["action"]:
            raise ApiError(409, f"request id {rid!r} was already used for the action {held}")
        if known.get("fut") is not None:
            try:
                await asyncio.shield(known["fut"])
            except store.StoreError:
                raise ApiError(503, "the original request could not be stored; send it again") from None
        return known["response"]

    @staticmethod
    def _persist_fn(tid, seq, action: Action, rid, kid, match_seq, raw_body, resp_json):
        action_json = store.dumps(action.to_json())
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
            rows = self.db.conn.execute("SELECT action, request_id, kiosk_id, match_seq FROM actions "
                                        "WHERE tournament_id = ? ORDER BY seq", (e.id,)).fetchall()
            fresh = self.new_entry(e.id, e.name, e.game, e.setup, kiosks=e.kiosks, lock=e.lock,
                                   subscribers=e.subscribers, created=e.created, bots=e.bots)
            for action, rid, kid, ms in rows:
                self._apply_tracked(fresh, self.stored_action(fresh, action), (rid, kid, ms))
            self.tournaments[e.id] = fresh

    @staticmethod
    def _response(e: Entry, action: Action, seq, table, match_seq, events, m) -> dict:
        return {"ok": True, "tournament": e.id, "seq": seq, "action": action.to_json(),
                "events": e.cafe.events_json(e.state, events), **e.cafe.answer(e, action, table, match_seq, m)}

    # ------------------------------------------------------------------ reads
    def record(self, e: Entry | Finished) -> dict:
        """Set-up, every action (the contract's JSON) with its request, snapshot and digest."""
        if not e.finished:
            return {"tournament": e.id, "game": e.game, "setup": e.cafe.setup_to_stored(e.setup),
                    "actions": [a.to_json() for a in e.actions],
                    "meta": [{"seq": i + 1, "request_id": rid, "kiosk_id": kid, "match_seq": ms}
                             for i, (rid, kid, ms) in enumerate(e.rows)],
                    "snapshot": e.cafe.snapshot(e.state), "digest": snapshot_digest(e)}
        r = self.reader
        setup = json.loads(r.execute("SELECT setup FROM tournaments WHERE id = ?", (e.id,)).fetchone()[0])
        texts, meta = [], []
        for seq, action, rid, kid, ms in r.execute("SELECT seq, action, request_id, kiosk_id, match_seq FROM actions "
                                                   "WHERE tournament_id = ? ORDER BY seq", (e.id,)):
            texts.append(action)
            meta.append({"seq": seq, "request_id": rid, "kiosk_id": kid, "match_seq": ms})
        snapshot, digest = r.execute("SELECT snapshot, digest FROM finished WHERE tournament_id = ?", (e.id,)).fetchone()
        return {"tournament": e.id, "game": e.game, "setup": setup, "actions": self._finished_actions(e, setup, texts),
                "meta": meta, "snapshot": json.loads(snapshot), "digest": digest}

    def _finished_actions(self, e: Finished, setup: dict, texts: list[str]) -> list:
        """A finished tournament's stored actions as contract JSON; one stored before the contract
        wire (its actions the game's tuples) is replayed once to read them."""
        values = [decode_stored(text) for text in texts]
        if all(isinstance(v, dict) for v in values):
            return values
        cafe = cafe_of(e.game)
        replayed = self.new_entry(e.id, e.name, e.game, cafe.setup_from_stored(setup))
        out = []
        for text in texts:
            action = self.stored_action(replayed, text)
            replayed.state.apply(action)
            out.append(action.to_json())
        return out

    def public(self, e: Entry | Finished) -> dict:
        """The public view (what the TV shows)."""
        if not e.finished:
            return public_view(e)
        return _with_game(json.loads(self.reader.execute("SELECT public FROM finished WHERE tournament_id = ?",
                                                         (e.id,)).fetchone()[0]), e.game)

    def park(self, e: Entry | Finished, park: int, private: bool) -> dict:
        if not e.finished:
            return park_view(e, park, private)
        parks = json.loads(self.reader.execute("SELECT parks FROM finished WHERE tournament_id = ?",
                                               (e.id,)).fetchone()[0])
        got = parks[str(park)]
        view = _with_game(got["view"], e.game)
        view["private"] = got["private"] if private else None
        return view

    def summaries(self) -> list:
        return [e.summary() for e in sorted(self.tournaments.values(), key=lambda e: e.id)]

    def me(self, k: Kiosk) -> dict:
        """What a kiosk token may know about itself: its id, name and park assignments."""
        parks = []
        for e in sorted(self.tournaments.values(), key=lambda e: e.id):
            for park, kid in sorted(e.kiosks.items()):
                if kid == k.id:
                    s = e.summary()
                    parks.append({"tournament": e.id, "park": park, "name": e.name, "game": s["game"],
                                  "phase": s["phase"], "round": s["round"], "over": s["over"]})
        return {"kiosk_id": k.id, "name": k.name, "revoked": k.revoked, "parks": parks}

    def catalogue(self) -> dict:
        """Boxes and playable sets of the default game, for a set-up form (``GET /api/catalogue/sets``)."""
        return cafe_of(DEFAULT_GAME).catalogue(self.lib)

    # ------------------------------------------------------------------ live updates
    def notify(self, e: Entry, what):
        if not e.subscribers:
            return
        s = e.summary()
        msg = json.dumps({"type": "update", "tournament": e.id, "version": e.version, "round": s["round"],
                          "phase": s["phase"], "what": what})
        for q in list(e.subscribers):
            if q.qsize() < 100:
                q.put_nowait(msg)


def _kept_action(e: Entry, seq) -> dict | None:
    """The contract JSON of the action applied at ``seq`` (1-based), for a request kept with it."""
    return e.actions[seq - 1].to_json() if isinstance(seq, int) and 0 < seq <= len(e.actions) else None


def _not_legal(state, action: Action) -> str:
    """Why ``action`` is refused: it is not among its player's legal actions now (which are said)."""
    if not 0 <= action.player < state.num_players:
        return f"there is no player {action.player}"
    legal = state.legal_actions(action.player)
    if not legal:
        return f"player {action.player} has nothing to do now"
    kinds = sorted({a.kind for a in legal})
    return f"{action.to_text()} is not a legal action of player {action.player} now (legal: {', '.join(kinds)})"


def _with_game(view: dict, game: str) -> dict:
    """A view kept by a coordinator before views named their game and whether it was over."""
    view.setdefault("game", game)
    view.setdefault("over", True)
    return view


def _both(first, second):
    def write(conn):
        result = first(conn)
        second(conn)
        return result
    return write


def final_record(e: Entry) -> dict:
    """What is kept of a finished tournament: its summary, public view, every park's view (with
    the private part, given only to that park's kiosk), the engine's snapshot and its digest."""
    parks = {}
    for park in range(1, e.cafe.parks(e.state) + 1):
        view = park_view(e, park, private=True)
        private = view.pop("private")
        parks[str(park)] = {"view": plain(view), "private": plain(private)}
    return {"summary": e.summary(), "public": plain(public_view(e)), "parks": parks,
            "snapshot": e.cafe.snapshot(e.state), "digest": snapshot_digest(e)}
