"""Two kiosks on one data folder: the second refuses to start, with one line (real processes)."""

import subprocess
import sys
import time

import pytest

from kiosk_helpers import ROOT, kiosk_env


def kiosk(data, hook=None, **kw):
    env = kiosk_env(**({"TABLECUP_KIOSK_HOOK": hook} if hook else {}))
    return subprocess.Popen([sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed"], env=env,
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.slow
def test_a_second_kiosk_on_the_same_folder_refuses_to_start(tmp_path):
    data = tmp_path / "data"
    hook = tmp_path / "hook.txt"
    hook.write_text("")
    first = kiosk(data, hook)
    try:
        # Wait for the first kiosk's first frame: it holds the folder by then.
        deadline = time.monotonic() + 60
        line = ""
        while "KIOSK-FIRST-FRAME" not in line:
            assert time.monotonic() < deadline and first.poll() is None, first.stderr.read()[-3000:]
            line = first.stdout.readline()
        second = subprocess.run([sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed"],
                                env=kiosk_env(), cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        lines = [ln for ln in second.stderr.splitlines() if ln.strip()]
        assert lines == [f"tablecup kiosk: another kiosk is already running on {data} (pid {first.pid}); "
                         "stop it first (e.g. sudo systemctl stop tablecup-kiosk)"], second.stderr
        assert first.poll() is None, "the first kiosk runs on"
        hook.write_text("quit\n")
        assert first.wait(timeout=30) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    # Once the first is gone (the kernel drops its lock), a kiosk starts again on that folder.
    hook.write_text("quit\n")
    third = kiosk(data, hook)
    out, err = third.communicate(timeout=60)
    assert third.returncode == 0 and "another kiosk" not in err, err[-3000:]
