"""Daily SQLite backups: consistent under a writer in WAL mode, pruned, idempotent."""

import datetime as dt
import itertools
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from appliance import paths
from tablecup.backup import BackupError, backup

REPO = Path(__file__).resolve().parents[2]
DAY = dt.date(2025, 5, 20)


def make_db(path, rows=10, wal=True):
    con = sqlite3.connect(path)
    if wal:
        assert con.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    con.execute("CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, winner TEXT)")
    con.executemany("INSERT INTO games (winner) VALUES (?)", [(f"p{i}",) for i in range(rows)])
    con.commit()
    return con


def count(path, table="games"):
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        con.close()


def test_copies_every_database_including_uncheckpointed_wal(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    # Kept open: the rows live only in the -wal file, not yet in the .db file.
    writer = make_db(data / "tournament.db", rows=25)
    writer.execute("PRAGMA wal_autocheckpoint=0")
    make_db(data / "cards.db", rows=3).close()
    (data / "notes.txt").write_text("not a database")
    assert (data / "tournament.db-wal").stat().st_size > 0

    result = backup(data, today=DAY)

    folder = data / "backups" / "2025-05-20"
    assert result.folder == folder
    assert sorted(p.name for p in result.copied) == ["cards.db", "tournament.db"]
    assert sorted(p.name for p in folder.iterdir()) == ["cards.db", "tournament.db"]
    assert count(folder / "tournament.db") == 25
    assert count(folder / "cards.db") == 3
    # Self-contained copies: not in WAL mode, no side files needed.
    con = sqlite3.connect(folder / "tournament.db")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    writer.close()


def test_backup_while_another_process_keeps_writing(tmp_path):
    """A writer process commits continuously in WAL mode during the backups (until told to stop);
    each backup waits until the writer has committed since the one before."""
    data = tmp_path / "data"
    data.mkdir()
    make_db(data / "live.db", rows=1).close()
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import os, sqlite3
        con = sqlite3.connect({str(data / 'live.db')!r}, timeout=10)
        con.execute("PRAGMA journal_mode=WAL")
        n = 0
        while not os.path.exists({str(stop)!r}):
            with con:
                con.executemany("INSERT INTO games (winner) VALUES (?)",
                                [("w%d" % n, )] * 50)
            n += 1
        print(n, flush=True)
    """)], stdout=subprocess.PIPE, text=True)

    def written_since(rows):
        """Wait (a generous bound: a loaded machine is slow) until the writer has committed more than ``rows``."""
        end = time.monotonic() + 60
        while count(data / "live.db") <= rows:
            assert writer.poll() is None, "the writer stopped"
            assert time.monotonic() < end, "the writer committed nothing in 60 s"
            time.sleep(0.02)

    try:
        seen = [1]
        for i in range(5):
            written_since(seen[-1])
            day = DAY + dt.timedelta(days=i)
            result = backup(data, today=day)
            copy = result.copied[0]
            n = count(copy)
            # A consistent snapshot holds whole transactions only (1 + k*50 rows).
            assert (n - 1) % 50 == 0, n
            con = sqlite3.connect(copy)
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            con.close()
            seen.append(n)
    finally:
        stop.touch()
        out, _ = writer.communicate(timeout=60)
    assert writer.returncode == 0
    assert int(out) > 0
    assert all(a < b for a, b in itertools.pairwise(seen)), seen     # each backup has what was committed before it


def test_same_day_twice_replaces_the_copy(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    con = make_db(data / "t.db", rows=2)
    first = backup(data, today=DAY)
    con.executemany("INSERT INTO games (winner) VALUES (?)", [("x",)] * 5)
    con.commit()
    second = backup(data, today=DAY)
    con.close()
    assert first.folder == second.folder
    assert count(second.folder / "t.db") == 7
    assert sorted(p.name for p in second.folder.iterdir()) == ["t.db"]  # no temp files left
    assert [p.name for p in (data / "backups").iterdir()] == ["2025-05-20"]


def test_old_folders_are_pruned_after_keep_days(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    make_db(data / "t.db").close()
    backups = data / "backups"
    for age in (1, 6, 7, 8, 30):
        (backups / (DAY - dt.timedelta(days=age)).isoformat()).mkdir(parents=True)
    (backups / "keep-me").mkdir()  # not a date: never touched
    (backups / "2025-13-45").mkdir()  # not a real date
    (backups / (DAY + dt.timedelta(days=3)).isoformat()).mkdir()  # clock was wrong

    result = backup(data, today=DAY, keep_days=7)

    left = sorted(p.name for p in backups.iterdir())
    assert left == sorted([
        "2025-05-13", "2025-05-14", "2025-05-19", "2025-05-20",  # ages 7, 6, 1, 0
        "2025-05-23", "2025-13-45", "keep-me",
    ])
    assert sorted(p.name for p in result.pruned) == ["2025-04-20", "2025-05-12"]  # ages 30, 8


def test_prune_boundary(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    make_db(data / "t.db").close()
    backups = data / "backups"
    for age in range(0, 12):
        (backups / (DAY - dt.timedelta(days=age)).isoformat()).mkdir(parents=True, exist_ok=True)
    result = backup(data, today=DAY, keep_days=7)
    ages = sorted((DAY - dt.date.fromisoformat(p.name)).days for p in backups.iterdir())
    assert ages == list(range(0, 8))  # today and the 7 days before it
    assert sorted((DAY - dt.date.fromisoformat(p.name)).days for p in result.pruned) == [8, 9, 10, 11]


def test_separate_backups_dir_and_defaults_from_env(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    make_db(data / "t.db").close()
    target = tmp_path / "usb-stick"
    result = backup(data, backups_dir=target, today=DAY)
    assert result.folder == target / "2025-05-20"
    assert count(target / "2025-05-20" / "t.db") == 10

    monkeypatch.setenv("TABLECUP_DATA", str(data))
    result = backup(today=DAY)
    assert result.folder == data / "backups" / "2025-05-20"
    assert paths.database_files() == [data / "t.db"]  # backups/ is not scanned


def test_no_databases_is_fine(tmp_path):
    result = backup(tmp_path, today=DAY)
    assert result.copied == []
    assert result.folder.is_dir()


def test_a_broken_database_raises_but_others_are_copied(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    make_db(data / "good.db").close()
    (data / "bad.db").write_bytes(b"this is not sqlite" * 100)
    old = data / "backups" / "2025-01-01"
    old.mkdir(parents=True)
    with pytest.raises(BackupError, match="bad.db"):
        backup(data, today=DAY)
    assert count(data / "backups" / "2025-05-20" / "good.db") == 10
    assert not (data / "backups" / "2025-05-20" / "bad.db").exists()
    assert old.is_dir(), "nothing may be pruned when today's backup is incomplete"
