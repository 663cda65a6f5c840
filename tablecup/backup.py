"""Daily backups of the SQLite databases in the data folder.

``tablecup backup`` (run daily by ``tablecup-backup.timer``) calls
:func:`backup`. Every ``*.db`` file directly in the data folder is copied with
SQLite's online backup API (:meth:`sqlite3.Connection.backup`), which reads a
consistent snapshot inside a read transaction. That is safe while the kiosk is
writing in WAL mode — unlike ``cp``, which can tear a database in two or leave
the last commits behind in the ``-wal`` file.

Layout::

    <data>/backups/2025-05-20/tournament.db
    <data>/backups/2025-05-21/tournament.db
    ...

Running twice on the same day replaces that day's copies (atomically, through
a temporary file), so the command is idempotent. Folders whose date is more
than ``keep_days`` days before today are deleted; folders with other names are
left alone.

Restore: stop the kiosk, copy the file back over the live one and delete the
live one's ``-wal``/``-shm`` side files (see docs/raspberry-pi.md).
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from appliance import paths

__all__ = ["DAY_FORMAT", "BackupError", "BackupResult", "backup"]

DAY_FORMAT = "%Y-%m-%d"
_DAY_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TMP_SUFFIX = ".tmp-backup"


class BackupError(RuntimeError):
    """A database could not be copied, or its copy failed the integrity check."""


@dataclass
class BackupResult:
    folder: Path
    copied: list[Path] = field(default_factory=list)
    pruned: list[Path] = field(default_factory=list)

    def summary(self) -> str:
        names = ", ".join(p.name for p in self.copied) or "no databases"
        text = f"backed up {names} to {self.folder}"
        if self.pruned:
            text += f"; removed {len(self.pruned)} old backup folder(s)"
        return text


def _copy_database(source: Path, target: Path, timeout: float) -> None:
    tmp = target.with_name(target.name + _TMP_SUFFIX)
    tmp.unlink(missing_ok=True)
    # mode=rw: never create an empty database if the file vanished meanwhile.
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True, timeout=timeout)
    try:
        dst = sqlite3.connect(str(tmp), timeout=timeout)
        try:
            # pages=-1: the whole database in one step, i.e. one read
            # transaction on the source and therefore one consistent snapshot.
            src.backup(dst, pages=-1)
            # The copy inherits WAL mode from the page header; make it a single
            # self-contained file that opens without -wal/-shm companions.
            dst.execute("PRAGMA journal_mode=DELETE")
            result = dst.execute("PRAGMA quick_check").fetchone()
            if not result or result[0] != "ok":
                raise BackupError(f"copy of {source} failed quick_check: {result!r}")
            dst.commit()
        finally:
            dst.close()
    except sqlite3.Error as exc:
        tmp.unlink(missing_ok=True)
        raise BackupError(f"could not back up {source}: {exc}") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    os.replace(tmp, target)


def _prune(backups: Path, today: _dt.date, keep_days: int) -> list[Path]:
    removed: list[Path] = []
    if not backups.is_dir():
        return removed
    for entry in sorted(backups.iterdir()):
        if not entry.is_dir() or entry.is_symlink() or not _DAY_RE.match(entry.name):
            continue
        try:
            day = _dt.datetime.strptime(entry.name, DAY_FORMAT).date()
        except ValueError:
            continue
        # Future-dated folders (a Pi without RTC booting with a wrong clock)
        # are kept: deleting on a bad clock could wipe every backup.
        if (today - day).days > keep_days:
            shutil.rmtree(entry)
            removed.append(entry)
    return removed


def backup(
    data_dir: os.PathLike | str | None = None,
    backups_dir: os.PathLike | str | None = None,
    keep_days: int = 7,
    today: _dt.date | None = None,
    timeout: float = 30.0,
) -> BackupResult:
    """Copy every database in ``data_dir`` into ``backups_dir/YYYY-MM-DD/``.

    ``data_dir`` defaults to :func:`appliance.paths.data_dir`, ``backups_dir``
    to ``<data_dir>/backups``. After copying, backup folders dated more than
    ``keep_days`` days before ``today`` are removed. Returns what was done;
    raises :class:`BackupError` if a database could not be copied (the other
    databases are still copied first, and nothing is pruned).
    """
    if keep_days < 0:
        raise ValueError("keep_days must be >= 0")
    data = Path(data_dir) if data_dir is not None else paths.data_dir()
    backups = Path(backups_dir) if backups_dir is not None else paths.backups_dir(data)
    day = today or _dt.date.today()
    folder = backups / day.strftime(DAY_FORMAT)
    folder.mkdir(parents=True, exist_ok=True)

    result = BackupResult(folder=folder)
    errors: list[str] = []
    for db in paths.database_files(data):
        target = folder / db.name
        try:
            _copy_database(db, target, timeout)
        except BackupError as exc:
            errors.append(str(exc))
            continue
        result.copied.append(target)
    # Stray temporary files from an interrupted earlier run.
    for leftover in folder.glob("*" + _TMP_SUFFIX):
        leftover.unlink(missing_ok=True)

    if errors:
        # Keep every old backup when today's copy is incomplete.
        raise BackupError("; ".join(errors))
    result.pruned = _prune(backups, day, keep_days)
    return result
