"""A damaged coordinator.db stops the coordinator with one line; `tablecup doctor` reports damage.

The coordinator runs as a real process: it must exit at once with status 3 (the unit's
RestartPreventExitStatus) and one line naming the file and the newest backup to restore, never
a traceback.
"""

import datetime
import sqlite3
import subprocess
import sys

import pytest
from ports import reserved_port

from tablecup import doctor
from tablecup.backup import backup

REPO = __import__("pathlib").Path(__file__).resolve().parents[2]
GARBAGE = b"not a database at all\n" * 300



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
@pytest.mark.slow
def test_the_coordinator_stops_with_one_line_naming_the_backup(data, damage):
    db = data / "coordinator.db"
    if damage == "garbage":
        db.write_bytes(GARBAGE)
    else:
        malform(db)
    p = subprocess.run([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(reserved_port()),
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


def coordinator_db_with_damaged_log(data, rows=3000):
    """A coordinator.db made by the coordinator's own schema code, its action log holding ``rows``
    rows, with one leaf page of that log overwritten; every other table is sound."""
    from coordinator.store import open_db
    db = open_db(data)
    db.conn.execute("BEGIN")
    db.conn.executemany("INSERT INTO actions(tournament_id, seq, action, request_id, kiosk_id, match_seq, created) "
                        "VALUES (?, ?, ?, ?, 1, 0, 0)",
                        [(1 + i // 900, i % 900, '["match", 1, "reveal"]', f"k1-{i}") for i in range(rows)])
    db.conn.execute("COMMIT")
    db.conn.close()
    path = data / "coordinator.db"
    conn = sqlite3.connect(path)
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    leaves = [n for (n,) in conn.execute("SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' "
                                         "ORDER BY pageno")]
    conn.close()
    with open(path, "r+b") as f:
        f.seek((leaves[len(leaves) // 2] - 1) * page_size)
        f.write(b"\xff" * page_size)
    return path


def test_the_start_checks_what_it_reads_and_leaves_the_logs_to_the_full_check(tmp_path):
    from appliance import dbcheck
    from coordinator.store import LOG_TABLES
    path = coordinator_db_with_damaged_log(tmp_path)
    assert dbcheck.problem(path, skip=LOG_TABLES) is None                  # start-up: the logs are not read
    assert dbcheck.problem(path) is not None                                 # the full check finds it
    assert dbcheck.problem(path, skip=["requests"]) is not None
    stopped = __import__("threading").Event()
    stopped.set()
    assert dbcheck.problem(path, cancel=stopped) is None                    # a cancelled check answers nothing


@pytest.mark.slow
def test_damage_in_the_action_log_stops_the_service_after_it_listens(data):
    """A restart does not read the whole action log before serving (it would cost as much as every
    tournament ever played); the full check that follows still stops the service, with the same one
    line and status as a damaged start."""
    db = coordinator_db_with_damaged_log(data)
    p = subprocess.run([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(reserved_port()),
                        "--data", str(data), "--no-mdns", "--organiser-pin", "424242"],
                       cwd=REPO, capture_output=True, text=True, timeout=60)
    newest = data / "backups" / (datetime.date.today() - datetime.timedelta(days=1)).isoformat() / "coordinator.db"
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert p.returncode == 3, p.stderr
    assert "Traceback" not in p.stderr, p.stderr
    assert any("coordinator listening on http://127.0.0.1:" in ln for ln in lines[:-1]), p.stderr
    assert lines[-1].startswith(f"tablecup coordinator: {db} is damaged ("), p.stderr
    assert f"restore the newest backup, {newest}" in lines[-1]
    assert not any("is damaged" in ln for ln in lines[:-1]), p.stderr
