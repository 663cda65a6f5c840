"""Is a SQLite database sound, and which backup would replace it?

Standard library only (like ``tablecup doctor`` and ``tablecup backup``): these answers are
needed exactly when the rest is broken.  :func:`problem` opens a database read-only and runs
SQLite's ``quick_check``; :func:`newest_backup` finds the latest copy ``tablecup backup`` made
(``<data>/backups/YYYY-MM-DD/<name>``); :func:`set_aside_files` lists what the kiosk renamed
after finding its database damaged.
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

from appliance import paths

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def problem(path: os.PathLike[str] | str) -> str | None:
    """None if ``path`` is missing or a sound SQLite database, else what is wrong (one line)."""
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
    try:
        row = conn.execute("PRAGMA quick_check").fetchone()
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return None                      # in use by its program right now: not a damage
        return str(exc)
    except sqlite3.DatabaseError as exc:
        return str(exc)
    finally:
        conn.close()
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
