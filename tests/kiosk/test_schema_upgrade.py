"""kiosk.db has a schema version; a database written by the first kiosk store plays on.

``fixtures/kiosk-v0.db`` was written by the kiosk store of commit 7add352 (before schema
versions): the operator settings (French, Robot level 2), a finished solo game, and an
unfinished 2-player game in round 2's match.  Made with that commit's code:

    git archive 7add352 | tar -x -C /tmp/old
    # then, with /tmp/old first on sys.path: Store(path), TableController(...).new_game(...),
    # played by tests/kiosk/test_controller.py's play_until, store.close()
"""

import json
import shutil
import sqlite3
from pathlib import Path

from kiosk.store import SCHEMA_VERSION, Store
from kiosk_helpers import artifacts_dir, run_script

FIXTURE = Path(__file__).parent / "fixtures" / "kiosk-v0.db"


def test_the_old_database_is_migrated_in_place(tmp_path):
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    conn = sqlite3.connect(db)
    assert conn.execute("pragma user_version").fetchone()[0] == 0
    before = {t: conn.execute(f"select * from {t} order by 1, 2").fetchall() for t in ("games", "actions", "settings")}
    conn.close()
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION == 2
    # Version 2's tables for the contract's games are there, empty; Challengers!' are as they were.
    assert store.db.conn.execute("select count(*) from table_games").fetchone()[0] == 0
    assert store.unfinished_table_game() is None
    assert store.get("lang") == "fr" and store.get("robot_level") == 2
    rows = store.db.conn.execute("select id, setup_json, started, finished, winner, note from games order by id").fetchall()
    assert [r[:5] for r in rows] == before["games"] and all(r[5] is None for r in rows)
    assert store.db.conn.execute("select * from actions order by 1, 2").fetchall() == before["actions"]
    store.close()
    assert Store(db).schema_version == SCHEMA_VERSION          # opening again changes nothing


def test_a_database_from_a_newer_tablecup_is_refused(tmp_path):
    import pytest
    from kiosk.store import NewerDatabase
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    conn = sqlite3.connect(db)
    conn.execute(f"pragma user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(NewerDatabase, match="update Tablecup"):
        Store(db)


def test_the_app_resumes_the_old_saved_game_and_plays_on(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(FIXTURE, data / "kiosk.db")
    p = run_script("drive_table.py", data, artifacts_dir() / "table", "resume", 0, timeout=180,
                   TABLECUP_TEST_STOP_ROUND=4)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["resumed"] and r["resumed_actions"] == 37
    assert r["rc"] == 0 and r["stopped_in_round"] == 4, "round 2 and round 3 were played on"
    assert r["db_actions"] == r["actions"] > 37 and r["replays_equal"]
    assert r["schema"] == SCHEMA_VERSION and r["lang"] == "fr"


def test_the_kiosk_started_on_a_newer_database_says_so_in_one_line(tmp_path):
    import subprocess
    import sys
    from kiosk_helpers import ROOT, kiosk_env
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(FIXTURE, data / "kiosk.db")
    conn = sqlite3.connect(data / "kiosk.db")
    conn.execute(f"pragma user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    p = subprocess.run([sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed"], env=kiosk_env(),
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert lines == [f"tablecup kiosk: {data / 'kiosk.db'} has schema version {SCHEMA_VERSION + 1}; this Tablecup "
                     f"knows up to {SCHEMA_VERSION}: update Tablecup"]
    assert sqlite3.connect(data / "kiosk.db").execute("pragma user_version").fetchone()[0] == SCHEMA_VERSION + 1
