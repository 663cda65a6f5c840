"""The table's SQLite store: every game's setup and every action, in order.

``games(id, setup_json, started, finished, winner, note)`` and
``actions(game_id, seq, action_json)``; a ``settings(key, value)`` table
holds the operator settings.  WAL journal with ``synchronous=FULL``: an action
is on disk before :meth:`Store.add_action` returns, so a power cut loses at
most the press being made.  Resume = ``replay(setup, actions)``.

The schema has a version (``PRAGMA user_version``, :data:`SCHEMA_VERSION`); opening an older
database migrates it step by step (:data:`MIGRATIONS`), in one transaction.  A file that is
not a sound SQLite database raises :class:`DamagedDatabase`; :func:`open_store` then sets it
aside (renamed with a timestamp) and starts a fresh one.  A failed write raises
:class:`StorageError` and leaves the database as it was.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from engine.challengers.tournament import Setup

log = logging.getLogger("tablecup.kiosk.store")

#: Version 0: the first kiosk.db (no user_version).  1: ``games.note`` says why a game was
#: closed without a result (e.g. it could not be resumed).  2: ``table_games`` and
#: ``table_actions``, the games of every registered game played at this table through the
#: engine contract (:mod:`kiosk.table`); Challengers!' own ``games``/``actions`` are untouched.
#: 3: Challengers! is played at the table too: its unfinished game moves from ``games``/``actions``
#: to ``table_games``/``table_actions`` (:func:`move_unfinished_challengers`); the old tables keep
#: the finished games (the home screen's history) and the moved game's record, closed with a note.
SCHEMA_VERSION = 3

#: winner value of a game closed because it could not be resumed (its record is kept).
UNRESUMABLE = -2


class StorageError(Exception):
    """A write failed (disk full, read-only folder, I/O error): nothing of it was stored."""


class DamagedDatabase(Exception):
    """The file is not a sound SQLite database (or cannot be read as one)."""


class NewerDatabase(Exception):
    """The database was written by a newer Tablecup (a schema version this one does not know)."""


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


def _create_v0(conn) -> None:
    """The tables as the first kiosk.db had them (later versions migrate from here)."""
    for statement in V0_TABLES + PARK_TABLES:
        conn.execute(statement)


V0_TABLES = [
    ("create table if not exists games (id integer primary key, setup_json text, started float, finished float, "
     "winner integer)"),
    ("create table if not exists actions (game_id integer references games(id), seq integer, action_json text, "
     "primary key (game_id, seq))"),
    "create table if not exists settings (key text primary key, value text)",
]


#: MIGRATIONS[v] takes a database from version v to v + 1.
MIGRATIONS: dict[int, list[str | Callable[[sqlite3.Connection, Path], None]]] = {
    0: ["alter table games add column note text"],
    1: [
        # One row per game of the engine contract played here: its set-up and seating as JSON
        # (engine.game.GameSetup.to_json, kiosk.table.Seat.to_json), closed with its outcome.
        ("create table if not exists table_games (id integer primary key, game text not null, "
         "setup_json text not null, seats_json text not null, started real, finished real, "
         "outcome_json text, note text)"),
        # Every action in order, in the contract's JSON codec (engine.game.Action.to_json).
        ("create table if not exists table_actions (table_id integer not null references table_games(id), "
         "seq integer not null, action_json text not null, primary key (table_id, seq))"),
    ],
    2: [lambda conn, data_dir: move_unfinished_challengers(conn, data_dir)],
}


def move_unfinished_challengers(conn, data_dir) -> None:
    """Version 2 -> 3: the latest unfinished game of ``games`` becomes a table game of
    Challengers! with the same set-up and the same actions, spelled as contract actions (replayed
    through the tournament to know who played each match action, with the bundled cards and the
    house sets of ``data_dir``, as the app plays); its old record is closed with a note naming
    the new one.  A game that cannot be replayed (a house set since removed) is closed with the
    reason instead, as a resume would have."""
    row = conn.execute("select id, setup_json, started from games where finished is null order by id desc limit 1"
                       ).fetchone()
    if row is None:
        return
    gid, setup_json, started = row
    texts = [r[0] for r in conn.execute("select action_json from actions where game_id = ? order by seq", (gid,))]
    try:
        setup_json_new, seats_json, actions = _challengers_as_table_game(setup_json, texts, data_dir)
    except Exception as exc:  # any fault: the game is closed, its record kept, the table usable
        why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        log.exception("unfinished game %s not moved to the table's games", gid)
        conn.execute("update games set finished = ?, winner = ?, note = ? where id = ?",
                     (time.time(), UNRESUMABLE, f"could not be moved: {why}", gid))
        return
    tid = conn.execute("insert into table_games(game, setup_json, seats_json, started) values (?,?,?,?)",
                       ("challengers", setup_json_new, seats_json, started)).lastrowid
    conn.executemany("insert into table_actions(table_id, seq, action_json) values (?,?,?)",
                     [(tid, seq, a) for seq, a in enumerate(actions)])
    conn.execute("update games set finished = ?, note = ? where id = ?",
                 (time.time(), f"moved to table game {tid}", gid))


def _challengers_as_table_game(setup_json: str, action_texts: list[str], data_dir) -> tuple[str, str, list[str]]:
    """(set-up JSON, seats JSON, [action JSON]) of a saved Challengers! game, in the table's form."""
    from engine.challengers.game import from_tuple
    from engine.challengers.house import library_with_house_sets
    from engine.challengers.tournament import Tournament
    from engine.game import GameSetup
    from kiosk.games.challengers.board import seating
    from kiosk.table.seats import seats_to_json

    def text(value) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))

    setup = setup_from_json(setup_json)
    options = {"box": setup.box, "robot_level": setup.robot_level, "solo_cards": setup.solo_cards,
               "final_park": setup.final_park}
    if setup.sets is not None:
        options["sets"] = list(setup.sets)
    t = Tournament(library_with_house_sets(data_dir), setup)
    actions = []
    for a in action_texts:
        tup = action_from_json(a)
        actions.append(text(from_tuple(t, tup).to_json()))
        t.apply(tup)
    seats = seating("solo" if len(setup.players) == 1 else "two")
    game_setup = GameSetup("challengers", tuple(setup.players), setup.seed, options)
    return text(game_setup.to_json()), text(seats_to_json(seats)), actions


def _writing(fn):
    """A write that fails raises StorageError (and SQLite has rolled it back)."""
    def wrapper(self, *a, **kw):
        try:
            return fn(self, *a, **kw)
        except (sqlite3.OperationalError, sqlite3.DatabaseError, OSError) as exc:
            raise StorageError(f"{self.path}: {exc}") from exc
    wrapper.__name__, wrapper.__doc__ = fn.__name__, fn.__doc__
    return wrapper


class _Database:
    """The open connection (``conn``), and query rows as dicts of column name to value.

    Plain :mod:`sqlite3`: the kiosk opens its store before its first frame, and a wrapper
    library's import (about 0.1 s here, more on a Pi) would be paid at every start."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def query(self, sql: str, params=()) -> list[dict]:
        cursor = self.conn.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row)) for row in cursor]


class Store:
    def __init__(self, path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and (not self.path.is_file() or not os.access(self.path, os.R_OK | os.W_OK)):
            raise DamagedDatabase(f"{self.path}: not a file this user can read and write")
        try:
            conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise DamagedDatabase(f"{self.path}: {exc}") from exc
        try:
            conn.execute("PRAGMA busy_timeout=10000")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                raise DamagedDatabase(f"{self.path}: integrity check failed: {ok[0] if ok else 'no answer'}")
            self._upgrade(conn)
        except sqlite3.OperationalError as exc:      # locked, read-only, disk full: not the file's fault
            conn.close()
            raise StorageError(f"{self.path}: {exc}") from exc
        except sqlite3.DatabaseError as exc:         # not a database, malformed
            conn.close()
            raise DamagedDatabase(f"{self.path}: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        self.db = _Database(conn)

    def _upgrade(self, conn) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerDatabase(f"{self.path} has schema version {version}; this Tablecup knows up to "
                                f"{SCHEMA_VERSION}: update Tablecup")
        if version == SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            _create_v0(conn)
            for v in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[v]:
                    if callable(statement):
                        statement(conn, self.path.parent)     # the data folder (its house sets)
                    else:
                        conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        if version:
            log.info("%s: schema %d -> %d", self.path, version, SCHEMA_VERSION)

    @property
    def schema_version(self) -> int:
        return self.db.conn.execute("PRAGMA user_version").fetchone()[0]

    # ------------------------------------------------------------------ Challengers! games from before schema 3 (read: the history)
    def actions(self, game_id: int) -> list:
        rows = self.db.query("select action_json from actions where game_id = ? order by seq", [game_id])
        return [action_from_json(r["action_json"]) for r in rows]

    def game(self, game_id: int) -> dict | None:
        rows = self.db.query("select * from games where id = ?", [game_id])
        return rows[0] if rows else None

    def history(self, limit=20) -> list:
        return self.db.query(
            "select * from games where finished is not null and winner >= 0 order by id desc limit ?", [limit])

    # ------------------------------------------------------------------ contract games (kiosk.table)
    @_writing
    def new_table_game(self, game: str, setup_json: str, seats_json: str) -> int:
        """A new table game of ``game``; the unfinished game of the same game, if any, is closed as
        abandoned in the same transaction.  One game of each game is kept to resume: a game of
        another game saved meanwhile stays resumable."""
        with self._txn() as c:
            c.execute("update table_games set finished = ?, note = 'abandoned' where finished is null and game = ?",
                      (time.time(), game))
            return c.execute("insert into table_games(game, setup_json, seats_json, started) values (?,?,?,?)",
                             (game, setup_json, seats_json, time.time())).lastrowid

    @_writing
    def add_table_action(self, table_id: int, seq: int, action_json: str) -> None:
        """Action number ``seq`` of a table game, on disk when this returns."""
        with self._txn() as c:
            c.execute("insert into table_actions(table_id, seq, action_json) values (?,?,?)",
                      (table_id, seq, action_json))

    @_writing
    def replace_table_actions(self, table_id: int, action_jsons: list[str]) -> None:
        """All of a table game's actions at once, in one transaction (a game's old actions in
        today's vocabulary: :meth:`kiosk.table.LocalTable.resume`)."""
        with self._txn() as c:
            c.execute("delete from table_actions where table_id = ?", (table_id,))
            c.executemany("insert into table_actions(table_id, seq, action_json) values (?,?,?)",
                          [(table_id, seq, text) for seq, text in enumerate(action_jsons)])

    @_writing
    def drop_table_action(self, table_id: int, seq: int) -> None:
        """Take back an action that was stored but that the engine then refused (it must not replay)."""
        with self._txn() as c:
            c.execute("delete from table_actions where table_id = ? and seq = ?", (table_id, seq))

    @_writing
    def finish_table_game(self, table_id: int, outcome_json: str | None, note: str | None = None) -> None:
        """Close a table game: with its outcome, or without one (abandoned; ``note`` says why)."""
        with self._txn() as c:
            c.execute("update table_games set finished = ?, outcome_json = ?, note = ? where id = ?",
                      (time.time(), outcome_json, note, table_id))

    def table_actions(self, table_id: int) -> list[str]:
        """The action JSON texts of a table game, in order."""
        return [r[0] for r in self.db.conn.execute(
            "select action_json from table_actions where table_id = ? order by seq", (table_id,))]

    def unfinished_table_game(self, game: str | None = None, table_id: int | None = None):
        """(id, game, setup JSON, seats JSON, [action JSON]) of the latest unfinished table game (of
        ``game``, or the one numbered ``table_id``, when given), or None."""
        where = "finished is null"
        args: list[object] = []
        if game is not None:
            where, args = where + " and game = ?", args + [game]
        if table_id is not None:
            where, args = where + " and id = ?", args + [table_id]
        r = self.db.conn.execute(f"select id, game, setup_json, seats_json from table_games where {where} "
                                 "order by id desc limit 1", args).fetchone()
        if r is None:
            return None
        return r[0], r[1], r[2], r[3], self.table_actions(r[0])

    def unfinished_table_games(self) -> list[tuple[int, str, str, str, int, float]]:
        """Every saved game to resume, the latest of each game, latest first: (id, game, setup
        JSON, seats JSON, number of actions, started)."""
        return list(self.db.conn.execute(
            "select g.id, g.game, g.setup_json, g.seats_json, "
            "(select count(*) from table_actions a where a.table_id = g.id), g.started from table_games g "
            "where g.finished is null and g.id = (select max(id) from table_games h where h.finished is null "
            "and h.game = g.game) order by g.id desc"))

    def table_history(self, limit=20, game: str | None = None) -> list:
        """Finished table games with an outcome (of ``game``, when given), latest first: (id, game,
        setup JSON, outcome JSON, finished)."""
        if game is None:
            return list(self.db.conn.execute(
                "select id, game, setup_json, outcome_json, finished from table_games where finished is not null "
                "and outcome_json is not null order by id desc limit ?", (limit,)))
        return list(self.db.conn.execute(
            "select id, game, setup_json, outcome_json, finished from table_games where finished is not null "
            "and outcome_json is not null and game = ? order by id desc limit ?", (game, limit)))

    def table_game(self, table_id: int) -> dict | None:
        """Everything kept of table game ``table_id`` (its row, and ``actions``: the action JSON
        texts in order), or None."""
        rows = self.db.query("select * from table_games where id = ?", [table_id])
        if not rows:
            return None
        return rows[0] | {"actions": self.table_actions(table_id)}

    # ------------------------------------------------------------------ settings
    def get(self, key, default=None):
        rows = self.db.query("select value from settings where key = ?", [key])
        return json.loads(rows[0]["value"]) if rows else default

    @_writing
    def put(self, key, value):
        with self._txn() as c:
            c.execute("insert into settings(key, value) values (?, ?) on conflict(key) do update set value = "
                      "excluded.value", (key, json.dumps(value)))

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

    @_writing
    def new_park_match(self, tournament, round_no, park, spec, actions=()) -> int:
        """The local copy of a match, with the actions the coordinator already holds (not sent again)."""
        with self._txn() as c:
            mid = c.execute("insert into park_matches(tournament, round, park, spec_json, created, acked) "
                            "values (?,?,?,?,?,0)", (tournament, round_no, park, json.dumps(spec), time.time())).lastrowid
            for i, a in enumerate(actions):
                c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,NULL)",
                          (mid, i, _action_text(a)))
        return mid

    def park_actions(self, match_id) -> list:
        """The match's local log: each action as kept (the contract's JSON; a list: the old wire's
        tuple, from a kiosk before the contract wire)."""
        return [json.loads(r[0]) for r in self.db.conn.execute(
            "select action_json from park_actions where match_id = ? order by seq", (match_id,))]

    @_writing
    def park_play(self, tournament, match_id, seq, action, request_id, body) -> None:
        """One match action played here: the local log AND the outbox, in one transaction."""
        with self._txn() as c:
            c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,?)",
                      (match_id, seq, _action_text(action), request_id))
            c.execute("insert into outbox(tournament, kind, match_id, match_seq, request_id, body_json, created) "
                      "values (?, 'match', ?, ?, ?, ?, ?)", (tournament, match_id, seq, request_id, json.dumps(body),
                                                            time.time()))

    @_writing
    def park_reset_match(self, match_id, actions) -> None:
        """The coordinator's actions win: the local log becomes exactly them; nothing of it is left to send."""
        with self._txn() as c:
            c.execute("delete from outbox where match_id = ?", (match_id,))
            c.execute("delete from park_actions where match_id = ?", (match_id,))
            for i, a in enumerate(actions):
                c.execute("insert into park_actions(match_id, seq, action_json, request_id) values (?,?,?,NULL)",
                          (match_id, i, _action_text(a)))

    @_writing
    def park_unplay(self, match_id, seq) -> None:
        """Take back a match action stored but refused by the rules: its log row and its outbox entry."""
        with self._txn() as c:
            c.execute("delete from outbox where match_id = ? and match_seq = ?", (match_id, seq))
            c.execute("delete from park_actions where match_id = ? and seq = ?", (match_id, seq))

    @_writing
    def park_ack(self, match_id) -> None:
        with self._txn() as c:
            c.execute("update park_matches set acked = 1 where id = ?", (match_id,))

    @_writing
    def outbox_deck(self, tournament, request_id, body) -> None:
        with self._txn() as c:
            c.execute("insert into outbox(tournament, kind, match_id, match_seq, request_id, body_json, created) "
                      "values (?, 'deck', NULL, NULL, ?, ?, ?)", (tournament, request_id, json.dumps(body), time.time()))

    def outbox_rows(self, tournament=None) -> list:
        q = "select id, tournament, kind, match_id, match_seq, request_id, body_json from outbox"
        args: tuple[object, ...] = ()
        if tournament is not None:
            q += " where tournament = ?"
            args = (tournament,)
        return [dict(zip(("id", "tournament", "kind", "match_id", "match_seq", "request_id", "body"), r))
                for r in self.db.conn.execute(q + " order by id", args)]

    def close(self):
        self.db.conn.close()


class _Txn:
    """``with`` block = one IMMEDIATE transaction on an autocommit connection.  If anything fails
    (the block, or the COMMIT itself: a full disk shows there) nothing of it stays."""

    def __init__(self, conn):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type, *_):
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
                return False
            except BaseException:
                self._rollback()
                raise
        self._rollback()
        return False

    def _rollback(self):
        if self.conn.in_transaction:
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("rollback failed")


PARK_TABLES = [
    ("create table if not exists park_matches (id integer primary key, tournament integer, round integer, "
     "park integer, spec_json text, created real, acked integer default 0, unique(tournament, round, park))"),
    ("create table if not exists park_actions (match_id integer, seq integer, action_json text, request_id text, "
     "primary key (match_id, seq))"),
    ("create table if not exists outbox (id integer primary key autoincrement, tournament integer, kind text, "
     "match_id integer, match_seq integer, request_id text unique, body_json text, created real)"),
    ("create table if not exists sent_log (request_id text primary key, tournament integer, kind text, "
     "action_json text, seq integer, duplicate_checks integer default 0, created real)"),
]


def _action_text(action) -> str:
    """A park's action as ``park_actions`` keeps it: the contract's JSON (a dict), else a list."""
    return json.dumps(action if isinstance(action, dict) else list(action))


def create_park_tables(conn) -> None:
    """Tournament play at a park: the local copy of each match (its spec and every action in
    order), the outbox of actions still to deliver, and the log of what the coordinator acknowledged."""
    for statement in PARK_TABLES:
        conn.execute(statement)


def set_aside(path) -> Path:
    """Rename a damaged database (and its -wal/-shm files) to ``NAME.damaged-YYYYmmdd-HHMMSS``;
    nothing is deleted, so staff can still send it in or try to recover it."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    for side in ("-wal", "-shm"):
        extra = path.with_name(path.name + side)
        if extra.exists():
            os.replace(extra, target.with_name(target.name + side))
    return target


def open_store(path):
    """(store, None), or (a fresh store, the path the damaged file was moved to)."""
    try:
        return Store(path), None
    except DamagedDatabase as exc:
        aside = set_aside(path)
        log.error("%s; set aside as %s, starting a fresh database", exc, aside.name)
        return Store(path), aside
