"""The coordinator's SQLite store: schema and its version, migrations, and a group-committing writer.

One file, ``<data>/coordinator.db``, WAL journal, ``synchronous=FULL``.  ``PRAGMA user_version``
says which schema the file holds; :func:`open_db` brings an older file up to
:data:`SCHEMA_VERSION` in one transaction (and refuses a file written by a newer coordinator).  Every write the
service makes is a small function of the connection; :class:`Writer` runs the functions
queued while the previous commit was on disk in ONE transaction (group commit) -- the statements
on the loop's thread, the COMMIT and its fsync on a worker thread -- then resolves their futures.  A request is answered only after its rows are
committed, so an acknowledged action survives ``kill -9`` and power loss, and a burst of
actions from several parks costs one fsync instead of one each.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger("tablecup.coordinator")

DB_NAME = "coordinator.db"

#: A write: statements run on the connection inside the writer's transaction; its result is the
#: result of the write (e.g. a new row's id).
WriteFn = Callable[[sqlite3.Connection], Any]
T = TypeVar("T")

#: Each table: its columns (name -> Python type) and its primary key (a column or several).
TABLES: dict[str, tuple[dict[str, type], str | tuple[str, ...]]] = {
    "meta": ({"key": str, "value": str}, "key"),
    "tournaments": ({"id": int, "name": str, "setup": str, "settings": str, "status": str, "created": float}, "id"),
    "actions": ({"tournament_id": int, "seq": int, "action": str, "request_id": str, "kiosk_id": int,
                 "match_seq": int, "created": float}, ("tournament_id", "seq")),
    "requests": ({"request_id": str, "tournament_id": int, "seq": int, "kiosk_id": int, "body": str,
                  "response": str}, "request_id"),
    "kiosks": ({"id": int, "name": str, "token_hash": str, "revoked": int, "created": float}, "id"),
    "parks": ({"tournament_id": int, "park": int, "kiosk_id": int}, ("tournament_id", "park")),
    "pairing_pins": ({"id": int, "pin": str, "created": float, "used_by": int, "failures": int}, "id"),
    # A finished tournament's final record, written in the same transaction as its last action:
    # what the views show from then on (the engine state is not rebuilt at start any more).
    "finished": ({"tournament_id": int, "summary": str, "public": str, "parks": str, "snapshot": str,
                  "digest": str, "finished": float}, "tournament_id"),
}

#: The two logs that keep every action and request of every tournament ever played (for replay
#: and audit).  They grow with the event, and the start reads only the live tournaments' rows of
#: them (by index), so the start-up integrity check leaves them to the full check that runs once
#: the coordinator listens (coordinator/main.py).
LOG_TABLES = ("actions", "requests")

#: 0: the first schema (no version).  1: finished tournaments kept as records (``finished``),
#: 12-digit pairing codes (the unused 6-digit PIN is retired), requests indexed by tournament.
#: 2: the stored answers' Deck Phases are observations of schema 1 (:func:`_migrate_1_to_2`).
SCHEMA_VERSION = 2


class SchemaError(RuntimeError):
    """The database was written by a newer coordinator."""


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    # A 6-digit pairing PIN is too easy to guess: retire the unused one (a new code is made at start).
    conn.execute("UPDATE pairing_pins SET used_by = 0 WHERE used_by IS NULL")


def _migrate_1_to_2(conn: sqlite3.Connection) -> int:
    """The answers kept for repeated request ids: a Deck Phase action's answer carries the player's
    observation of their Deck Phase (``deck_phase``), whose pending choice's ``context`` named the
    rules' steps by the engine's methods (observation schema 0).  Rewritten as today's coordinator
    answers (schema 1: the steps by :class:`engine.challengers.steps.Step`, the schema key), so a
    repeated request gets the same form as a new one.  Only answers with a Deck Phase are read."""
    from engine.challengers.steps import upgrade_observation
    rows = conn.execute("SELECT request_id, response FROM requests WHERE response LIKE '%\"deck\\_phase\":{%' "
                        "ESCAPE '\\'").fetchall()
    for request_id, text in rows:
        answer = json.loads(text)
        answer["deck_phase"] = upgrade_observation(answer["deck_phase"])
        conn.execute("UPDATE requests SET response = ? WHERE request_id = ?", (dumps(answer), request_id))
    return len(rows)


_ENCODE = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


def dumps(value: Any) -> str:
    """Compact, sorted-key JSON (what json.dumps(value, separators=(",", ":"), sort_keys=True) gives,
    without building a new encoder on every call)."""
    return _ENCODE(value)


_TYPES = {int: "INTEGER", str: "TEXT", float: "REAL"}


def _create_table(name: str, columns: dict[str, type], pk: str | tuple[str, ...]) -> str:
    """CREATE TABLE IF NOT EXISTS, written as the first coordinator's (sqlite-utils) made them."""
    pks = (pk,) if isinstance(pk, str) else tuple(pk)
    cols = [f"[{c}] {_TYPES[t]}" + (" PRIMARY KEY" if len(pks) == 1 and c == pks[0] else "")
            for c, t in columns.items()]
    if len(pks) > 1:
        cols.append("PRIMARY KEY (" + ", ".join(f"[{c}]" for c in pks) + ")")
    return f"CREATE TABLE IF NOT EXISTS [{name}] (\n   " + ",\n   ".join(cols) + "\n)"


INDEXES = (  # (table, column, unique): named as the first coordinator named them
    ("actions", "request_id", False), ("kiosks", "token_hash", True), ("requests", "tournament_id", False))


class Database:
    """The coordinator's connection (``conn``); the rest is plain SQL."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn


def open_db(data_dir: Path) -> Database:
    data_dir.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a batch is exactly one
    # transaction (sqlite3's implicit transactions would not nest the way we need).
    conn = sqlite3.connect(str(data_dir / DB_NAME), isolation_level=None, check_same_thread=False)
    db = Database(conn)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        conn.close()
        raise SchemaError(f"{data_dir / DB_NAME} has schema version {version}; this coordinator knows "
                          f"{SCHEMA_VERSION} at most (it was written by a newer one)")
    fresh = not conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
    conn.execute("BEGIN IMMEDIATE")
    try:
        for name, (columns, pk) in TABLES.items():
            conn.execute(_create_table(name, columns, pk))
        for table, column, unique in INDEXES:
            conn.execute(f"CREATE {'UNIQUE ' if unique else ''}INDEX IF NOT EXISTS [idx_{table}_{column}] "
                         f"ON [{table}] ([{column}])")
        if not fresh and version < 1:
            _migrate_0_to_1(conn)
            log.info("store: %s migrated from schema 0 to 1", data_dir / DB_NAME)
        if not fresh and version < 2:
            n = _migrate_1_to_2(conn)
            log.info("store: %s migrated to schema 2 (%d stored answers in today's observation form)",
                     data_dir / DB_NAME, n)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return db


def open_reader(data_dir: Path) -> sqlite3.Connection:
    """A second, read-only connection for look-ups on the event loop's thread (finished tournaments,
    old request ids): in WAL mode it never waits for the writer's commit."""
    conn = sqlite3.connect(f"file:{data_dir / DB_NAME}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    return conn


def stored_organiser_pin(data_dir: Path) -> str | None:
    """The organiser PIN kept in ``<data>/coordinator.db`` (None: no database there, or none kept
    yet), read through a read-only connection: nothing is written, the service may be running.
    Raises ``sqlite3.Error`` when the file cannot be read (e.g. not this user's)."""
    path = Path(data_dir) / DB_NAME
    if not path.is_file():
        return None
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    try:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = conn.execute("SELECT value FROM meta WHERE key = 'organiser_pin'").fetchone()
    finally:
        conn.close()
    return None if row is None else str(row[0])


def row_counts(path: Path) -> dict:
    """Rows per table (a separate read-only connection; tests compare these)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return {t: conn.execute(f"SELECT count(*) FROM [{t}]").fetchone()[0] for t in TABLES}
    finally:
        conn.close()


class Writer:
    """Runs queued write functions in group-committed transactions.

    The statements of a batch (``BEGIN IMMEDIATE``, each ``fn(conn)``: a few small INSERTs) run
    on the event loop's thread: they touch only SQLite's page cache and take microseconds.  Only
    the ``COMMIT`` -- the WAL write and its fsync, the part that waits on the disk -- runs on a
    worker thread, so the loop keeps serving (and queueing the next batch) while it is on disk.
    One hand-off per batch: running every statement on the worker thread made it take the GIL
    back from a busy loop after each one (up to ``sys.getswitchinterval()`` each), and a batch's
    commit took 2.5 ms median / 12.5 ms p99 for a 0.2 ms fsync (64 parks, saturated).
    """

    def __init__(self, db: Database):
        self.db = db
        self.queue: asyncio.Queue[tuple[WriteFn, asyncio.Future[Any]] | None] | None = None
        self.task: asyncio.Task[None] | None = None
        self._lock = threading.Lock()
        self.batches = 0
        self.writes = 0
        self.pending = 0            # submitted, not yet committed (or failed)
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None

    def start(self) -> None:
        self.queue = asyncio.Queue()
        self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="coordinator-commit")
        self.task = asyncio.get_running_loop().create_task(self._run(), name="coordinator-writer")

    async def stop(self) -> None:
        if self.task is not None and self.queue is not None:
            await self.queue.put(None)
            await self.task
            self.task = None
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None

    def submit(self, fn: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Queue ``fn(conn)``; the future resolves once it is committed (or fails)."""
        if self.queue is None:
            raise RuntimeError("the store's writer is not started: call Writer.start() on the event loop first")
        fut: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.pending += 1
        self.queue.put_nowait((fn, fut))
        return fut

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await self.submit(fn)

    def _begin(self, fns: list[WriteFn]) -> list[Any]:
        """BEGIN and the batch's statements, on the loop thread (no disk wait)."""
        conn = self.db.conn
        self._lock.acquire()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                return [fn(conn) for fn in fns]
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        except BaseException:
            self._lock.release()
            raise

    def _commit(self) -> None:
        """COMMIT (WAL write + fsync), on the worker thread; releases the lock taken by _begin."""
        conn = self.db.conn
        try:
            try:
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        finally:
            self._lock.release()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        queue = self.queue
        if queue is None:
            raise RuntimeError("the store's writer runs only once started (Writer.start)")
        stopping = False
        while not stopping:
            item = await queue.get()
            if item is None:
                break
            batch = [item]
            while not queue.empty():
                nxt = queue.get_nowait()
                if nxt is None:
                    stopping = True
                    break
                batch.append(nxt)
            fns = [fn for fn, _ in batch]
            try:
                results = self._begin(fns)
                await loop.run_in_executor(self._executor, self._commit)
            except Exception as exc:  # disk full, I/O error: every request of the batch fails
                log.exception("store: a write batch of %d failed", len(batch))
                self.pending -= len(batch)
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(StoreError(str(exc)))
                continue
            self.batches += 1
            self.writes += len(batch)
            self.pending -= len(batch)
            for (_, fut), res in zip(batch, results, strict=True):
                if not fut.done():
                    fut.set_result(res)


class StoreError(RuntimeError):
    """A write could not be committed."""


def now() -> float:
    """The wall clock, for the dates records keep (when a tournament was created or finished);
    intervals are measured on monotonic clocks instead (tickets, back-offs, deadlines)."""
    return time.time()
