"""Is a SQLite database sound, and which backup would replace it?

Standard library only (like ``tablecup doctor`` and ``tablecup backup``): these answers are
needed exactly when the rest is broken.  :func:`problem` opens a database read-only and runs
SQLite's ``quick_check`` on the whole file, or on every table but the ones named in ``skip`` (a
program's start checks what it reads and leaves its big logs to a full check later); :func:`newest_backup` finds the latest copy ``tablecup backup`` made
(``<data>/backups/YYYY-MM-DD/<name>``); :func:`set_aside_files` lists what the kiosk renamed
after finding its database damaged.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path

from appliance import paths

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def problem(path: os.PathLike[str] | str, skip: Iterable[str] = (),
            cancel: threading.Event | None = None) -> str | None:
    """None if ``path`` is missing or a sound SQLite database, else what is wrong (one line).

    With ``skip``, every table except those (and their indexes) is checked, one by one, and the
    pages the skipped tables own are not read: the check costs what the other tables weigh.
    Without it, the whole file is checked, page accounting included.  Setting ``cancel`` (from
    another thread) ends the check within a moment, answering None: a program stopping does not
    wait for a check of a big file."""
    path = Path(path)
    if not path.exists():
        return None
    if not path.is_file():
        return "not a file"
    if not os.access(path, os.R_OK):
        return "not readable by this user"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error as exc:
        return str(exc)
    if cancel is not None:
        conn.set_progress_handler(cancel.is_set, 10_000)     # a true answer interrupts the statement
    skip = {name.lower() for name in skip}
    try:
        if skip:
            tables = [name for (name,) in conn.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY rootpage")]
            rows = [conn.execute(f"PRAGMA quick_check([{name}])").fetchone()
                    for name in tables if name.lower() not in skip]
        else:
            rows = [conn.execute("PRAGMA quick_check").fetchone()]
    except sqlite3.OperationalError as exc:
        if cancel is not None and cancel.is_set():
            return None                      # stopped on request: no answer, not a damage
        if "locked" in str(exc) or "busy" in str(exc):
            return None                      # in use by its program right now: not a damage
        return str(exc)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()
    for row in rows:
        if not row or row[0] != "ok":
            return f"integrity check failed: {row[0] if row else 'no answer'}"
    return None


def newest_backup(name: str, data_dir: os.PathLike[str] | str | None = None) -> Path | None:
    """The newest ``backups/YYYY-MM-DD/<name>`` under the data folder, or None."""
    folder = paths.backups_dir(data_dir)
    if not folder.is_dir():
        return None
    days = sorted((d for d in folder.iterdir() if d.is_dir() and _DAY.match(d.name)), reverse=True)
    for day in days:
        if (day / name).is_file():
            return day / name
    return None


def set_aside_files(data_dir: os.PathLike[str] | str | None = None) -> list[Path]:
    """Damaged databases renamed ``<name>.damaged-<time>`` in the data folder, oldest first."""
    folder = Path(data_dir) if data_dir is not None else paths.data_dir(create=False)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if ".db.damaged-" in p.name and not p.name.endswith(("-wal", "-shm")))


def restore_advice(path: os.PathLike[str] | str, data_dir: os.PathLike[str] | str | None = None) -> str:
    """'restore <backup>' or 'no backup found in <folder>' for a damaged database."""
    path = Path(path)
    backup = newest_backup(path.name, data_dir if data_dir is not None else path.parent)
    if backup is None:
        return f"no backup found in {paths.backups_dir(data_dir if data_dir is not None else path.parent)}"
    return f"restore the newest backup, {backup}"
