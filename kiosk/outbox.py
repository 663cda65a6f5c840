"""The outbox's sending side: its own SQLite connection, used only by the network thread.

The UI thread writes an entry (``Store.park_play`` / ``Store.outbox_deck``) before it shows the
result of the action; this side sends the entries strictly in order, one at a time, and deletes
one only when the coordinator has answered 200 (``sent_log`` keeps what was acknowledged).
Entries survive a kill -9 of the kiosk: the next start sends them again with the same request
id and ``match_seq``, which the coordinator applies once.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
import uuid

from engine.challengers.cafe import wire_action
from kiosk.store import create_park_tables

COLS = ("id", "tournament", "kind", "match_id", "match_seq", "request_id", "body")


class Outbox:
    def __init__(self, path):
        self.conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("PRAGMA busy_timeout=10000")
        create_park_tables(self.conn)

    def first(self):
        r = self.conn.execute("select id, tournament, kind, match_id, match_seq, request_id, body_json from outbox "
                              "order by id limit 1").fetchone()
        if r is None:
            return None
        e = dict(zip(COLS, r))
        e["body"] = json.loads(e["body"])
        if not isinstance(e["body"].get("action"), dict):
            e["body"]["action"] = self._contract(e, e["body"]["action"]).to_json()
        return e

    def _contract(self, e, value):
        """An action kept in the old wire's form (before the contract's JSON): as the contract's."""
        players = None
        if e["kind"] == "match":
            row = self.conn.execute("select spec_json from park_matches where id = ?", (e["match_id"],)).fetchone()
            players = json.loads(row[0])["players"] if row is not None else None
        return wire_action(value, players)

    def count(self) -> int:
        return self.conn.execute("select count(*) from outbox").fetchone()[0]

    def delivered(self, e, answer: dict, dup_checks=0) -> None:
        """200: the entry leaves the outbox and joins the log of acknowledged actions (one transaction)."""
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute("delete from outbox where id = ?", (e["id"],))
            c.execute("insert or ignore into sent_log(request_id, tournament, kind, action_json, seq, "
                      "duplicate_checks, created) values (?,?,?,?,?,?,?)",
                      (e["request_id"], e["tournament"], e["kind"], json.dumps(e["body"]["action"]),
                       answer.get("seq"), dup_checks, time.time()))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def drop(self, e, whole_match=True) -> int:
        """Give up an entry (the coordinator refused it); with ``whole_match`` the rest of its match too."""
        if e["kind"] == "match" and whole_match:
            return self.conn.execute("delete from outbox where match_id = ?", (e["match_id"],)).rowcount
        return self.conn.execute("delete from outbox where id = ?", (e["id"],)).rowcount

    def resend_from(self, e, expected: int, kiosk_id) -> int:
        """409 out of order: the coordinator holds ``expected`` actions of this match and ours start
        later.  Queue our local actions from ``expected`` on again, in order (fresh request ids; the
        coordinator's match_seq check makes a resend harmless)."""
        c = self.conn
        mid = e["match_id"]
        rows = c.execute("select seq, action_json from park_actions where match_id = ? and seq >= ? order by seq",
                         (mid, expected)).fetchall()
        spec = c.execute("select spec_json from park_matches where id = ?", (mid,)).fetchone()
        players = json.loads(spec[0])["players"] if spec is not None else None
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute("delete from outbox where match_id = ?", (mid,))
            for seq, action_json in rows:
                rid = f"k{kiosk_id}-{uuid.uuid4().hex}"
                body = {"request_id": rid, "action": wire_action(json.loads(action_json), players).to_json(),
                        "match_seq": seq}
                c.execute("update park_actions set request_id = ? where match_id = ? and seq = ?", (rid, mid, seq))
                c.execute("insert into outbox(tournament, kind, match_id, match_seq, request_id, body_json, created) "
                          "values (?, 'match', ?, ?, ?, ?, ?)", (e["tournament"], mid, seq, rid, json.dumps(body),
                                                                time.time()))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        return len(rows)

    def close(self):
        # Closing at shutdown: a connection sqlite3 already refuses (another thread's, or broken)
        # has nothing left to flush; every row was committed when it was written.
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
