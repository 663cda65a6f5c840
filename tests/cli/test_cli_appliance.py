"""`tablecup doctor`, `backup` and `hardware test`, run as real processes."""

import os
import sqlite3
import subprocess
import sys


def tablecup(*args, data):
    env = dict(os.environ, TABLECUP_DATA=str(data), TABLECUP_CONFIG=str(data / "config"))
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True,
                          timeout=120, env=env)


def test_doctor_reports_versions_folders_and_the_hardware_backend(tmp_path):
    (tmp_path / "kiosk.db").write_bytes(b"")
    r = tablecup("doctor", data=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = dict(line.split(":", 1) for line in r.stdout.splitlines() if ":" in line)
    assert lines["data folder"].strip().startswith(str(tmp_path))
    assert "kiosk.db" in lines["databases"]
    assert "keyboard and touch only" in lines["hardware backend chosen"]


def test_backup_copies_databases_into_a_dated_folder(tmp_path):
    db = sqlite3.connect(tmp_path / "kiosk.db")
    db.execute("create table t (x)")
    db.execute("insert into t values (42)")
    db.commit()
    db.close()
    r = tablecup("backup", data=tmp_path)
    assert r.returncode == 0, r.stderr
    (copy,) = (tmp_path / "backups").glob("*/kiosk.db")
    assert sqlite3.connect(copy).execute("select x from t").fetchone() == (42,)


def test_hardware_test_says_there_is_nothing_to_test_without_hardware(tmp_path):
    r = tablecup("hardware", "test", data=tmp_path)
    assert r.returncode == 1
    assert "keyboard and touch only" in r.stdout and "Nothing to test" in r.stdout
