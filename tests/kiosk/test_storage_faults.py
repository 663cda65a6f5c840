"""A write that fails is never applied (the real app, offscreen, on a really full file system).

The data folder lives on a small tmpfs (or a loop-mounted file system) that the driver fills up
in the middle of a match: once when the person must reveal (they press their key), once when the
Robot must.  Each time: nothing is played, nothing is saved, the screen says "Storage full — call
staff", the Robot stops; once space is back the game goes on from the last saved action into the
next round, with every action saved in order and no gap.  Where no file system can be mounted
(not root), the store's connection raises sqlite3.OperationalError at the write instead.
"""

import json
import shutil
import subprocess

import pytest

from kiosk.store import Store
from kiosk_helpers import artifacts_dir, run_script


def _mount(target, tmp_path):
    """'fill' with a small file system mounted at ``target``, or None where mounting is not allowed."""
    target.mkdir()
    try:
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(target)], capture_output=True)
        if r.returncode == 0:
            return "tmpfs"
        image = tmp_path / "fs.img"
        with open(image, "wb") as f:
            f.truncate(24 << 20)
        if (shutil.which("mkfs.ext4") and subprocess.run(["mkfs.ext4", "-q", "-F", str(image)]).returncode == 0
                and subprocess.run(["mount", "-o", "loop", str(image), str(target)],
                                   capture_output=True).returncode == 0):
            return "loop"
    except OSError:
        pass
    return None


@pytest.fixture
def small_fs(tmp_path):
    target = tmp_path / "data"
    kind = _mount(target, tmp_path)
    yield target, kind
    if kind:
        subprocess.run(["umount", "-l", str(target)])


@pytest.mark.slow   # a long walk of the real app
def test_a_failed_write_is_not_played_and_play_goes_on(small_fs, tmp_path):
    data, kind = small_fs
    mode = "fill" if kind else "inject"
    print(f"storage fault by: {kind or 'injected sqlite3.OperationalError (no mount allowed here)'}")
    p = run_script("drive_table.py", data, artifacts_dir() / "table", "solo", 7, "-", mode, timeout=180)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert [f["robot"] for f in r["faults"]] == [False, True], r["faults"]
    for f in r["faults"]:
        assert f["error"] and ("full" in f["error"] or "disk" in f["error"]), f
        assert f["actions"] == f["n"] and f["saved"] == f["n"], f        # not played, not saved
        assert f["same_state"], "the state is exactly the last saved one"
        assert f["alert"].startswith("Storage full — call staff"), f["alert"]
        assert f["alert_lets_touches_through"], "the buttons under the message still work"
        assert f["screen"] == "match"
    assert r["rc"] == 0 and r["stopped_in_round"] == 2, "play went on into the next round"
    assert r["db_actions"] == r["actions"] and r["replays_equal"]
    # The saved game has no gap in its sequence.
    store = Store(data / "kiosk.db")
    gid = store.db.conn.execute("select max(id) from table_games").fetchone()[0]
    seqs = [row[0] for row in store.db.conn.execute("select seq from table_actions where table_id = ? order by seq",
                                                    (gid,))]
    assert seqs == list(range(r["actions"]))
    store.close()


@pytest.mark.slow
def test_a_coordinator_update_that_cannot_be_saved_is_said_not_a_crash(tmp_path):
    """Tournament mode (the real app, the coordinator at a closed port): saving an update from the
    network fails (the store's connection raises), the table says storage is full and runs on;
    the next update that is saved clears the message."""
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    config = tmp_path / "config"
    config.mkdir()
    (config / "coordinator.toml").write_text(f'url = "http://127.0.0.1:{port}"\n')
    p = run_script("drive_home.py", tmp_path / "data", artifacts_dir() / "home", "network", timeout=90,
                   TABLECUP_CONFIG=config)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None and r["rc"] == 0, r["error"]
    failed, saved = r["network"]
    assert failed["alert"].startswith("Storage full — call staff") and "full" in failed["error"]
    assert saved["alert"] == "" and saved["error"] is None
