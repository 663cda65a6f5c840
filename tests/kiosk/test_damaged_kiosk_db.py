"""A damaged kiosk.db is set aside and the table starts fresh (the real app, offscreen)."""

import json
import sqlite3

import pytest

from kiosk.store import DamagedDatabase, Store, open_store
from kiosk_helpers import artifacts_dir, run_script

GARBAGE = b"this is not a SQLite database\n" * 200


def malformed(path):
    """A real database whose pages after the first were overwritten: the header still reads."""
    conn = sqlite3.connect(path)
    conn.execute("create table t (x text)")
    conn.executemany("insert into t values (?)", [("row %d " % i * 20,) for i in range(400)])
    conn.commit()
    conn.close()
    with open(path, "r+b") as f:
        f.seek(4096 + 100)
        f.write(b"\xff" * 8000)


@pytest.mark.slow
def test_the_app_sets_a_damaged_database_aside_and_says_so(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "kiosk.db").write_bytes(GARBAGE)
    p = run_script("drive_home.py", data, artifacts_dir() / "home", "start", timeout=90)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None and r["rc"] == 0, r["error"]
    start, solo = r["stages"][0], r["stages"][-1]
    aside = [f for f in data.iterdir() if f.name.startswith("kiosk.db.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == GARBAGE        # kept, byte for byte
    assert start["screen"] == "home"
    assert start["alert"] == (f"The table's database was damaged: it was set aside as {aside[0].name} "
                              "and a fresh one was started.")
    assert solo["screen"] == "deck" and solo["alert"] == ""             # a new game in the fresh database
    store = Store(data / "kiosk.db")
    assert store.unfinished_table_game()[0] == solo["game"]
    store.close()


@pytest.mark.parametrize("damage", ["garbage", "malformed", "directory"])
def test_open_store_sets_aside_every_kind_of_damage(tmp_path, damage):
    path = tmp_path / "kiosk.db"
    if damage == "garbage":
        path.write_bytes(GARBAGE)
    elif damage == "malformed":
        malformed(path)
    else:
        (path / "x").mkdir(parents=True)
    with pytest.raises(DamagedDatabase, match="kiosk.db"):
        Store(path)
    store, aside = open_store(path)
    assert aside is not None and aside.name.startswith("kiosk.db.damaged-") and aside.exists()
    assert store.schema_version >= 1 and store.unfinished_table_game() is None
    store.close()
    store, aside = open_store(path)                      # sound now: nothing more set aside
    assert aside is None
    store.close()
