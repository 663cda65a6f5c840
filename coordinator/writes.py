"""The one path that changes a tournament: a kiosk's action (:meth:`Writes.act`) or a bot
entrant's (:meth:`Writes.apply_bot`), applied, stored, answered -- exactly once per request id.

Every write: validate the body (``api.py``; the action decoded once by the contract's codec,
``Action.from_json``) -> check the token (``access.py``) and the park's ownership -> the action
among the state's ``legal_actions`` -> ``GameState.apply`` (``IllegalAction`` -> 409, state
unchanged) -> persist the action (the contract's JSON) and its request id in one transaction ->
answer.  Nothing here awaits between the checks and the apply, so an apply is atomic on the event
loop; the per-tournament lock only orders the rare long operations (changing the Final's park
replays the tournament).  A commit that fails rebuilds the tournament from the store (the memory
ran ahead of the disk) and the kiosk is told to send the action again (503).

A tournament's last action is stored with its final record (views, snapshot, digest) in the same
transaction; from then on it is a :class:`~coordinator.tournaments.Finished`: the engine state is
dropped, the views are read from the store, and a restart does not replay it.

A request id seen before is answered with the answer it got (a duplicate), whether it is still in
memory (live tournaments) or in the store (finished ones); the same id with another action, from
another kiosk or in another tournament is refused.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import IllegalAction
from engine.events import Event
from engine.game import Action, GameState

from . import store
from .access import Kiosk
from .actions import check_form
from .errors import ApiError
from .store import WriteFn
from .tournaments import Entry, Finished, Games, Tournament, cafe_of
from .views import Records, final_record

if TYPE_CHECKING:
    from .api import ActionRequest

log = logging.getLogger("tablecup.coordinator")

#: Kiosk id of the actions the coordinator plays itself (bot entrants).
BOT_KIOSK = 0
#: How long a bot waits before trying again after the disk refused its action.
BOT_RETRY_SECONDS = 1.0


@dataclass
class KeptRequest:
    """A request id already used: where, by whom, its body and the answer it got.  ``fut`` is the
    commit still under way (None once stored); ``action`` the contract JSON of its action, when
    known; ``seq`` its place in the tournament (requests read back from the store)."""

    tid: int
    kiosk: int
    body: str
    response: str
    fut: asyncio.Future[Any] | None = None
    action: dict[str, Any] | None = None
    seq: int | None = None


def not_legal(state: GameState, action: Action) -> str:
    """Why ``action`` is refused: it is not among its player's legal actions now (which are said)."""
    if not 0 <= action.player < state.num_players:
        return f"there is no player {action.player}"
    legal = state.legal_actions(action.player)
    if not legal:
        return f"player {action.player} has nothing to do now"
    kinds = sorted({a.kind for a in legal})
    return f"{action.to_text()} is not a legal action of player {action.player} now (legal: {', '.join(kinds)})"


def both(first: WriteFn, second: WriteFn) -> WriteFn:
    """One transaction's statements: ``first``'s then ``second``'s (``first``'s result)."""
    def write(conn: sqlite3.Connection) -> Any:
        result = first(conn)
        second(conn)
        return result
    return write


def persist_fn(tid: int, seq: int, action: Action, rid: str, kid: int, match_seq: int | None, raw_body: str,
               resp_json: str) -> WriteFn:
    """The statements that store one applied action and its request (with the answer it got)."""
    action_json = store.dumps(action.to_json())
    created = store.now()

    def write(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO actions(tournament_id, seq, action, request_id, kiosk_id, match_seq, created) "
                     "VALUES (?,?,?,?,?,?,?)", (tid, seq, action_json, rid, kid, match_seq, created))
        conn.execute("INSERT INTO requests(request_id, tournament_id, seq, kiosk_id, body, response) "
                     "VALUES (?,?,?,?,?,?)", (rid, tid, seq, kid, raw_body, resp_json))
    return write


def finish_fn(tid: int, rec: dict[str, Any]) -> WriteFn:
    """The statements that store a tournament's final record (:func:`views.final_record`)."""
    summary, public, parks = store.dumps(rec["summary"]), store.dumps(rec["public"]), store.dumps(rec["parks"])
    snapshot, digest, finished = store.dumps(rec["snapshot"]), rec["digest"], store.now()

    def write(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT OR REPLACE INTO finished(tournament_id, summary, public, parks, snapshot, digest, "
                     "finished) VALUES (?,?,?,?,?,?,?)", (tid, summary, public, parks, snapshot, digest, finished))
        conn.execute("UPDATE tournaments SET status = 'over' WHERE id = ?", (tid,))
    return write


def response(e: Entry, action: Action, seq: int, table: int | None, match_seq: int | None, events: list[Event],
             m: Any) -> dict[str, Any]:
    """The answer to an applied action: its place, its events (hidden values blanked) and the
    game's word on the park's table game (``m``: that game as it was before the action)."""
    return {"ok": True, "tournament": e.id, "seq": seq, "action": action.to_json(),
            "events": e.cafe.events_json(e.state, events), **e.cafe.answer(e, action, table, match_seq, m)}


class Writes:
    """The write path of one coordinator.

    ``tournaments``: the coordinator's (an entry is replaced when rebuilt, by a :class:`Finished`
    once over); ``notify(entry, what)`` tells the subscribers of a change; ``kick_bots(id)`` wakes
    the tournament's bot entrants after a kiosk's action."""

    def __init__(self, games: Games, writer: store.Writer, records: Records, tournaments: dict[int, Tournament],
                 notify: Callable[[Tournament, Any], None], kick_bots: Callable[[int], None]) -> None:
        self.games, self.writer, self.records, self.tournaments = games, writer, records, tournaments
        self.notify, self.kick_bots = notify, kick_bots
        # request id -> the request: the live tournaments' (a finished tournament's are looked up
        # in the store).
        self.requests: dict[str, KeptRequest] = {}

    def load_requests(self, conn: sqlite3.Connection, e: Entry) -> None:
        """Keep in memory the request ids of a live tournament read back at start-up."""
        for rid, kid, seq, body, answer in conn.execute("SELECT request_id, kiosk_id, seq, body, response "
                                                        "FROM requests WHERE tournament_id = ?", (e.id,)):
            self.requests[rid] = KeptRequest(e.id, kid, body, answer, action=e.action_at(seq))

    # ------------------------------------------------------------------ a kiosk's action
    async def act(self, e: Tournament, kiosk: Kiosk, request: ActionRequest, raw_body: str) -> tuple[str, bool]:
        """Apply one action (``request``: an ``api.ActionRequest``, its action already decoded by
        the contract's codec) for ``kiosk``; returns (response JSON text, duplicate)."""
        rid = request.request_id
        action: Action = request.action
        cafe = e.cafe if isinstance(e, Entry) else cafe_of(e.game)
        try:
            check_form(cafe, action)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        table_kind = action.kind in cafe.TABLE_KINDS
        if table_kind and request.match_seq is None:
            raise ApiError(400, "a match action needs 'match_seq' (its index within the park's match; in a café "
                                "tournament of another game, every action: its index in the park's table game)")
        if not table_kind and request.match_seq is not None:
            raise ApiError(400, "'match_seq' belongs to match actions only")
        body = {"request_id": rid, "action": action.to_json(), "match_seq": request.match_seq}
        known = self.requests.get(rid) or self.stored_request(rid)
        if known is not None:
            return await self.duplicate(e, kiosk, rid, known, body), True
        if isinstance(e, Finished):
            raise ApiError(409, f"illegal action: tournament {e.id} is over", code="over")
        async with e.lock:
            known = self.requests.get(rid)       # arrived while we waited for the lock
            if known is None:
                table, match_seq, kept = self._check_seat(e, kiosk, action, request.match_seq)
                if kept is not None:
                    rid, known = kept
                else:
                    fut, resp_json, events, over = self._apply(e, kiosk, action, rid, table, match_seq, raw_body)
        if known is not None:
            return await self.duplicate(e, kiosk, rid, known, body), True
        try:
            await fut
        except store.StoreError as exc:
            await self.reload_after_failure(e)
            raise ApiError(503, f"the coordinator could not store the action ({exc}); send it again") from None
        self.requests[rid].fut = None
        self.notify(e, cafe.news(events))
        if over:
            self.finished(e)
        elif e.bots:
            self.kick_bots(e.id)
        return resp_json, False

    def _check_seat(self, e: Entry, kiosk: Kiosk, action: Action, match_seq: int | None
                    ) -> tuple[int | None, int | None, tuple[str, KeptRequest] | None]:
        """Check the action may be played by ``kiosk`` now (its park, a seat the coordinator does
        not play, its place in the park's table game); ``ApiError`` saying why not.  Returns the
        park of its table game (None: not a table game's), its match_seq there, and the request
        already holding it -- the same action sent again under a new id -- if any."""
        cafe, state = e.cafe, e.state
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
        if table is None:
            return None, None, None
        entries = e.table_entries(table)
        if entries is None:
            raise ApiError(409, f"no match at park {table} now", code="illegal")
        assert match_seq is not None        # act() refuses a table game's action without one
        expected = len(entries)
        if match_seq > expected:
            raise ApiError(409, f"out of order: expected match_seq {expected}", expected=expected, code="out-of-order")
        if match_seq == expected:
            return table, match_seq, None
        held = e.actions[entries[match_seq]]
        earlier = e.rows[entries[match_seq]][0]
        prev = self.requests.get(earlier)
        if prev is None or held != action:
            raise ApiError(409, f"match_seq {match_seq} at park {table} already holds {held.to_json()}; "
                                f"expected {expected}", expected=expected, code="stale")
        return table, match_seq, (earlier, prev)

    def _apply(self, e: Entry, kiosk: Kiosk, action: Action, rid: str, table: int | None, match_seq: int | None,
               raw_body: str) -> tuple[asyncio.Future[Any], str, list[Event], bool]:
        """Apply a checked action and queue its storing (with the final record when it ends the
        tournament): (the commit's future, the answer's JSON, the events, over)."""
        state, cafe = e.state, e.cafe
        if action not in state.legal_actions(action.player):
            raise ApiError(409, f"illegal action: {not_legal(state, action)}", code="illegal")
        m = cafe.table_game(state, table) if table is not None else None
        try:
            events = e.apply(action, (rid, kiosk.id, match_seq), table)
        except IllegalAction as exc:
            raise ApiError(409, f"illegal action: {exc}", code="illegal") from None
        seq = len(e.actions)
        resp_json = store.dumps(response(e, action, seq, table, match_seq, events, m))
        write = persist_fn(e.id, seq, action, rid, kiosk.id, match_seq, raw_body, resp_json)
        over = e.over
        if over:        # the last action and the final record: one transaction
            write = both(write, finish_fn(e.id, final_record(e)))
        fut = self.writer.submit(write)
        self.requests[rid] = KeptRequest(e.id, kiosk.id, raw_body, resp_json, fut, action.to_json())
        return fut, resp_json, events, over

    # ------------------------------------------------------------------ a bot's action
    async def apply_bot(self, tid: int, seat: int, version: int, action: Action) -> None:
        """Apply a bot's decision, if the tournament is where the bot saw it (else it asks again),
        and store it as a kiosk's action is stored (request id ``bot-<tournament>-<seq>``, kiosk 0)."""
        e = self.tournaments.get(tid)
        if not isinstance(e, Entry):
            return
        async with e.lock:
            e = self.tournaments[tid]          # the Final's park may have made a new entry
            if not isinstance(e, Entry):
                return
            state, cafe = e.state, e.cafe
            if e.version != version and action not in state.legal_actions(seat):
                return
            try:
                table = cafe.table_of(state, action)
            except IllegalAction as exc:
                log.warning("tournament %d: player %d's bot played %s: %s", tid, seat, action, exc)
                return
            entries = e.table_entries(table) if table is not None else None
            match_seq = len(entries) if entries is not None else None
            m = cafe.table_game(state, table) if table is not None else None
            rid = f"bot-{tid}-{len(e.actions) + 1}"
            try:
                events = e.apply(action, (rid, BOT_KIOSK, match_seq), table)
            except IllegalAction as exc:
                log.warning("tournament %d: player %d's bot played %s: %s", tid, seat, action, exc)
                return
            seq = len(e.actions)
            resp_json = store.dumps(response(e, action, seq, table, match_seq, events, m))
            body = store.dumps({"request_id": rid, "action": action.to_json(), "match_seq": match_seq})
            write = persist_fn(e.id, seq, action, rid, BOT_KIOSK, match_seq, body, resp_json)
            over = e.over
            if over:
                write = both(write, finish_fn(e.id, final_record(e)))
            fut = self.writer.submit(write)
            self.requests[rid] = KeptRequest(e.id, BOT_KIOSK, body, resp_json, fut, action.to_json())
        try:
            await fut
        except store.StoreError:
            await self.reload_after_failure(e)
            await asyncio.sleep(BOT_RETRY_SECONDS)          # the disk refused it: the bot tries again in a while
            return
        self.requests[rid].fut = None
        self.notify(e, cafe.news(events))
        if over:
            self.finished(e)
        else:
            self.kick_bots(tid)

    # ------------------------------------------------------------------ request ids seen before
    def stored_request(self, rid: str) -> KeptRequest | None:
        """A request id of a finished tournament (they are not kept in memory)."""
        row = self.records.reader.execute("SELECT tournament_id, kiosk_id, seq, body, response FROM requests "
                                          "WHERE request_id = ?", (rid,)).fetchone()
        if row is None:
            return None
        return KeptRequest(row[0], row[1], row[3], row[4], seq=row[2])

    def kept_request_action(self, e: Tournament, known: KeptRequest) -> Any:
        """The action (contract JSON) of a request kept before: its body's, or -- a body of the
        wire before the contract -- the action stored at its place in the tournament."""
        if known.action is not None:
            return known.action
        stored = json.loads(known.body).get("action")
        if isinstance(stored, dict):
            return stored
        seq = known.seq
        if isinstance(e, Finished):
            actions = self.records.record(e)["actions"]
        else:
            actions = [a.to_json() for a in e.actions]
        return actions[seq - 1] if isinstance(seq, int) and 0 < seq <= len(actions) else stored

    async def duplicate(self, e: Tournament, kiosk: Kiosk, rid: str, known: KeptRequest,
                        body: dict[str, Any]) -> str:
        """The answer a request id got before, if this is the same request again; 409/403 if the id
        was used for another action, tournament or kiosk; 503 if its first storing failed."""
        if known.tid != e.id:
            raise ApiError(409, f"request id {rid!r} was used in tournament {known.tid}")
        if known.kiosk != kiosk.id:
            raise ApiError(403, f"request id {rid!r} belongs to another kiosk")
        held = self.kept_request_action(e, known)
        if held != body["action"]:
            raise ApiError(409, f"request id {rid!r} was already used for the action {held}")
        if known.fut is not None:
            try:
                await asyncio.shield(known.fut)
            except store.StoreError:
                raise ApiError(503, "the original request could not be stored; send it again") from None
        return known.response

    # ------------------------------------------------------------------ the end, and failures
    async def finish(self, e: Entry) -> None:
        """Store the final record of a tournament that is over without one (kept by a coordinator
        that kept none), then hold it as :class:`Finished`."""
        await self.writer.write(finish_fn(e.id, final_record(e)))
        self.finished(e)

    def finished(self, e: Entry) -> None:
        """The final record is stored: keep only the summary in memory from now on."""
        done = Finished(e.id, e.name, e.created, e.summary(), kiosks=dict(e.kiosks), subscribers=e.subscribers)
        self.tournaments[e.id] = done
        for rid in [rid for rid, r in self.requests.items() if r.tid == e.id and r.fut is None]:
            del self.requests[rid]

    async def reload_after_failure(self, e: Entry) -> None:
        """A commit failed: the memory ran ahead of the disk.  Rebuild from the store."""
        async with e.lock:
            lost = [rid for rid, r in self.requests.items() if r.tid == e.id and r.fut is not None]
            for rid in lost:
                self.requests.pop(rid, None)
            rows = self.writer.db.conn.execute("SELECT action, request_id, kiosk_id, match_seq FROM actions "
                                               "WHERE tournament_id = ? ORDER BY seq", (e.id,)).fetchall()
            fresh = self.games.new_entry(e.id, e.name, e.game, e.setup, kiosks=e.kiosks, lock=e.lock,
                                         subscribers=e.subscribers, created=e.created, bots=e.bots)
            for action, rid, kid, ms in rows:
                fresh.apply(self.games.stored_action(fresh, action), (rid, kid, ms))
            self.tournaments[e.id] = fresh
