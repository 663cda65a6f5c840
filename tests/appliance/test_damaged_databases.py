"""A damaged coordinator.db stops the coordinator with one line; `tablecup doctor` reports damage.

The coordinator runs as a real process: it must exit at once with status 3 (the unit's
RestartPreventExitStatus) and one line naming the file and the newest backup to restore, never
a traceback.
"""

import datetime
import socket
import sqlite3
import subprocess
import sys

import pytest

from tablecup import doctor
from tablecup.backup import backup

REPO = __import__("pathlib").Path(__file__).resolve().parents[2]
GARBAGE = b"not a database at all\n" * 300


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def malform(path):
    with open(path, "r+b") as f:
        f.seek(4096 + 100)
        f.write(b"\xff" * 8000)


def sound_db(path, rows=400):
    conn = sqlite3.connect(path)
    conn.execute("create table t (x text)")
    conn.executemany("insert into t values (?)", [("row %d " % i * 20,) for i in range(rows)])
    conn.commit()
    conn.close()


@pytest.fixture
def data(tmp_path):
    """A data folder with a sound coordinator.db backed up on two days."""
    d = tmp_path / "data"
    d.mkdir()
    sound_db(d / "coordinator.db")
    today = datetime.date.today()
    backup(d, today=today - datetime.timedelta(days=2))
    backup(d, today=today - datetime.timedelta(days=1))
    return d


@pytest.mark.parametrize("damage", ["garbage", "malformed"])
def test_the_coordinator_stops_with_one_line_naming_the_backup(data, damage):
    db = data / "coordinator.db"
    if damage == "garbage":
        db.write_bytes(GARBAGE)
    else:
        malform(db)
    p = subprocess.run([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(free_port()),
                        "--data", str(data), "--no-mdns"], cwd=REPO, capture_output=True, text=True, timeout=60)
    newest = data / "backups" / (datetime.date.today() - datetime.timedelta(days=1)).isoformat() / "coordinator.db"
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert p.returncode == 3, p.stderr
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert lines[0].startswith(f"tablecup coordinator: {db} is damaged (")
    assert f"restore the newest backup, {newest}" in lines[0]
    assert db.read_bytes()[:16] != b"SQLite format 3\x00" or damage == "malformed"   # left as it was


def test_systemd_does_not_restart_into_a_damaged_database():
    unit = (REPO / "systemd" / "tablecup-coordinator.service").read_text()
    assert "RestartPreventExitStatus=2 3" in unit.split("[Service]")[1].split("[Install]")[0]


def test_doctor_reports_each_database_and_what_the_kiosk_set_aside(data, monkeypatch):
    monkeypatch.setenv("TABLECUP_DATA", str(data))
    sound_db(data / "kiosk.db")
    health = dict(doctor.report())["database health"].splitlines()
    assert health == ["coordinator.db: ok", "kiosk.db: ok"]
    malform(data / "coordinator.db")
    (data / "kiosk.db.damaged-20261122-101500").write_bytes(GARBAGE)
    health = dict(doctor.report())["database health"].splitlines()
    newest = data / "backups" / (datetime.date.today() - datetime.timedelta(days=1)).isoformat() / "coordinator.db"
    assert health[0].startswith("coordinator.db: DAMAGED (")
    assert health[0].endswith(f"restore the newest backup, {newest}")
    assert health[1] == "kiosk.db: ok"
    assert health[2] == ("kiosk.db.damaged-20261122-101500: a damaged database the kiosk set aside "
                         "(it started a fresh one)")
