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

    def close(self):
        self.db.conn.close()
