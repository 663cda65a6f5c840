"""The table's SQLite store: every game's setup and every action, in order.

``games(id, setup_json, started, finished, winner)`` and
``actions(game_id, seq, action_json)``; a ``settings(key, value)`` table
holds the operator settings.  WAL journal with ``synchronous=FULL``: an action
is on disk before :meth:`Store.add_action` returns, so a power cut loses at
most the press being made.  Resume = ``replay(setup, actions)``.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sqlite3
import time
from pathlib import Path

import sqlite_utils

from engine.challengers.tournament import Setup

log = logging.getLogger("tablecup.kiosk.store")


def setup_to_json(setup: Setup) -> str:
    return json.dumps(dataclasses.asdict(setup), sort_keys=True)


def setup_from_json(text: str) -> Setup:
    d = json.loads(text)
    for k in ("players", "sets"):
        if d.get(k) is not None:
            d[k] = tuple(d[k])
    return Setup(**d)


def action_from_json(text: str) -> tuple:
    return tuple(json.loads(text))


class Store:
    def __init__(self, path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        self.db = sqlite_utils.Database(conn)
        if "games" not in self.db.table_names():
            self.db["games"].create({"id": int, "setup_json": str, "started": float, "finished": float,
                                     "winner": int}, pk="id")
        if "actions" not in self.db.table_names():
            self.db["actions"].create({"game_id": int, "seq": int, "action_json": str},
                                      pk=("game_id", "seq"), foreign_keys=[("game_id", "games", "id")])
        if "settings" not in self.db.table_names():
            self.db["settings"].create({"key": str, "value": str}, pk="key")
        conn.execute("PRAGMA busy_timeout=10000")
        create_park_tables(conn)

    # ------------------------------------------------------------------ games
    def new_game(self, setup: Setup) -> int:
        with self.db.conn:
            return self.db["games"].insert({"setup_json": setup_to_json(setup), "started": time.time(),
                                            "finished": None, "winner": None}).last_pk

    def add_action(self, game_id: int, seq: int, action) -> None:
        with self.db.conn:
            self.db["actions"].insert({"game_id": game_id, "seq": seq, "action_json": json.dumps(list(action))})

    def finish(self, game_id: int, winner) -> None:
        with self.db.conn:
            self.db["games"].update(game_id, {"finished": time.time(), "winner": winner})

    def abandon(self, game_id: int) -> None:
        """An unfinished game the players chose not to resume: closed without a winner."""
        with self.db.conn:
            self.db["games"].update(game_id, {"finished": time.time(), "winner": -1})

    def actions(self, game_id: int) -> list:
        rows = self.db.query("select action_json from actions where game_id = ? order by seq", [game_id])
        return [action_from_json(r["action_json"]) for r in rows]

    def game(self, game_id: int):
        row = self.db["games"].get(game_id)
        return row

    def unfinished(self):
        """(game id, setup, actions) of the latest unfinished game, or None."""
        rows = list(self.db.query("select * from games where finished is null order by id desc limit 1"))
        if not rows:
            return None
        r = rows[0]
        return r["id"], setup_from_json(r["setup_json"]), self.actions(r["id"])

    def history(self, limit=20) -> list:
        return list(self.db.query(
            "select * from games where finished is not null and winner >= 0 order by id desc limit ?", [limit]))

    # ------------------------------------------------------------------ settings
    def get(self, key, default=None):
        rows = list(self.db.query("select value from settings where key = ?", [key]))
        return json.loads(rows[0]["value"]) if rows else default

    def put(self, key, value):
        with self.db.conn:
            self.db["settings"].upsert({"key": key, "value": json.dumps(value)}, pk="key")

    # ------------------------------------------------------------------ tournaments (park play)
    def _txn(self):
        return _Txn(self.db.conn)

    def park_match(self, tournament, round_no, park):
        """(id, spec, acked) of the local copy of a park's match, or None."""
        r = self.db.conn.execute("select id, spec_json, acked from park_matches where tournament = ? and round = ? "
                                 "and park = ?", (tournament, round_no, park)).fetchone()
        return None if r is None else (r[0], json.loads(r[1]), bool(r[2]))

    def latest_park_match(self, tournament, park):
        r = self.db.conn.execute("select id, round, spec_json, acked from park_matches where tournament = ? and park = ? "
                                 "order by round desc limit 1", (tournament, park)).fetchone()
        return None if r is None else (r[0], r[1], json.loads(r[2]), bool(r[3]))

    def new_park_match(self, tournament, round_no, park, spec, actions=()) -> int:
        """The local copy of a match, with the actions the coordinator already holds (not sent again)."""
        with self._txn() as c:
            mid = c.execute("insert into park_matches(tournament, round, park, spec_json, created, acked) "
                            "values (?,?,?,?,?,0)", (tournament, round_no, park, json.dumps(spec), time.time())).lastrowid
            for i, a in enumerate(actions):
                c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,NULL)",
                          (mid, i, json.dumps(list(a))))
        return mid

    def park_actions(self, match_id) -> list:
        return [tuple(json.loads(r[0])) for r in self.db.conn.execute(
            "select action_json from park_actions where match_id = ? order by seq", (match_id,))]

    def park_play(self, tournament, match_id, seq, action, request_id, body) -> None:
        """One match action played here: the local log AND the outbox, in one transaction."""
        with self._txn() as c:
            c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,?)",
                      (match_id, seq, json.dumps(list(action)), request_id))
            c.execute("insert into outbox(tournament, kind, match_id, match_seq, request_id, body_json, created) "
                      "values (?, 'match', ?, ?, ?, ?, ?)", (tournament, match_id, seq, request_id, json.dumps(body),
                                                            time.time()))

    def park_reset_match(self, match_id, actions) -> None:
        """The coordinator's actions win: the local log becomes exactly them; nothing of it is left to send."""
        with self._txn() as c:
            c.execute("delete from outbox where match_id = ?", (match_id,))
            c.execute("delete from park_actions where match_id = ?", (match_id,))
            for i, a in enumerate(actions):
                c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,NULL)",
                          (match_id, i, json.dumps(list(a))))

    def park_ack(self, match_id) -> None:
        with self._txn() as c:
            c.execute("update park_matches set acked = 1 where id = ?", (match_id,))

    def outbox_deck(self, tournament, request_id, body) -> None:
        with self._txn() as c:
            c.execute("insert into outbox(tournament, kind, match_id, match_seq, request_id, body_json, created) "
                      "values (?, 'deck', NULL, NULL, ?, ?, ?)", (tournament, request_id, json.dumps(body), time.time()))

    def outbox_rows(self, tournament=None) -> list:
        q = "select id, tournament, kind, match_id, match_seq, request_id, body_json from outbox"
        args = ()
        if tournament is not None:
            q += " where tournament = ?"
            args = (tournament,)
        return [dict(zip(("id", "tournament", "kind", "match_id", "match_seq", "request_id", "body"), r))
                for r in self.db.conn.execute(q + " order by id", args)]

    def close(self):
        self.db.conn.close()


class _Txn:
    """``with`` block = one IMMEDIATE transaction on an autocommit connection."""

    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, *_):
        self.conn.execute("COMMIT" if exc_type is None else "ROLLBACK")
        return False


def create_park_tables(conn) -> None:
    """Tournament play at a park: the local copy of each match (its spec and every action in
    order), the outbox of actions still to deliver, and the log of what the coordinator acknowledged."""
    conn.executescript("""
        create table if not exists park_matches (id integer primary key, tournament integer, round integer,
            park integer, spec_json text, created real, acked integer default 0, unique(tournament, round, park));
        create table if not exists park_actions (match_id integer, seq integer, action_json text, request_id text,
            primary key (match_id, seq));
        create table if not exists outbox (id integer primary key autoincrement, tournament integer, kind text,
            match_id integer, match_seq integer, request_id text unique, body_json text, created real);
        create table if not exists sent_log (request_id text primary key, tournament integer, kind text,
            action_json text, seq integer, duplicate_checks integer default 0, created real);
    """)
