"""Start the kiosk as a real process, play through the test hook, SIGKILL it mid-match,
restart, resume: the engine state equals the state before the kill."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from kiosk_helpers import ROOT, kiosk_env


def _start(data, hook):
    return subprocess.Popen([sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed"],
                            env=kiosk_env(TABLECUP_KIOSK_HOOK=hook), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait_for(path, proc, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if path.exists():
            return json.loads(path.read_text())
        assert proc.poll() is None, "the kiosk died"
        time.sleep(0.05)
    raise AssertionError(f"no {path.name} within {timeout} s")


@pytest.mark.slow
def test_sigkill_mid_match_then_resume(tmp_path):
    data = tmp_path / "data"
    hook = tmp_path / "hook1.txt"
    cmds = ["two 4242"]
    for side in (0, 1):
        cmds += [f"deck {side} option 0", f"deck {side} pick 0", f"deck {side} choose 0",
                 f"deck {side} pick 0", f"deck {side} choose 0", f"deck {side} done"]
    cmds.append("toss")
    for _ in range(7):
        cmds += ["reveal 0", "reveal 1", "choose 0 0", "choose 1 0"]
    cmds.append(f"dump {tmp_path / 'before.json'}")
    hook.write_text("\n".join(cmds) + "\n")
    p = _start(data, hook)
    try:
        before = _wait_for(tmp_path / "before.json", p)
    finally:
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    assert before["screen"] == "match"
    st = before["state"]
    assert st["phase"] == "match" and st["matches"]["1"]["winner"] is None
    assert st["n_actions"] > 12
    sides = st["matches"]["1"]["sides"]
    assert any(s["bench"] for s in sides) or st["matches"]["1"]["holder"] is not None

    hook2 = tmp_path / "hook2.txt"
    hook2.write_text(f"dump {tmp_path / 'home.json'}\nresume\ndump {tmp_path / 'after.json'}\nquit\n")
    p2 = _start(data, hook2)
    try:
        home = _wait_for(tmp_path / "home.json", p2)
        after = _wait_for(tmp_path / "after.json", p2)
        p2.wait(timeout=20)
    finally:
        if p2.poll() is None:
            os.kill(p2.pid, signal.SIGKILL)
    assert home["screen"] == "home"
    assert after["screen"] == "match"
    assert after["state"] == before["state"]
