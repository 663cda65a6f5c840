"""The appliance entry point: READY=1 once listening, watchdog pings, PINs in the log, clean stop."""

import os
import re
import socket
import subprocess
import time
import urllib.request

import pytest

import coordbots as cb


@pytest.mark.slow
def test_ready_watchdog_and_pins_logged(tmp_path):
    sock_path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(sock_path)
    sock.settimeout(15)
    port = cb.free_port()
    env = dict(os.environ, NOTIFY_SOCKET=sock_path, WATCHDOG_USEC="400000")
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen([cb.PY, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(tmp_path / "data"), "--no-mdns"], cwd=str(cb.ROOT), env=env,
                            stderr=subprocess.PIPE, text=True)
    try:
        got = []
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not (any("READY=1" in m for m in got) and
                                                     sum("WATCHDOG=1" in m for m in got) >= 2):
            got.append(sock.recv(4096).decode())
        assert any("READY=1" in m for m in got)
        assert sum("WATCHDOG=1" in m for m in got) >= 2
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as r:
            assert r.status == 200      # READY came once it was listening
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
        sock.close()
    assert proc.returncode == 0
    assert re.search(r"organiser PIN \(generated\): \d{10}\b", err)
    assert re.search(r"pairing code: \d{12}\b", err)


@pytest.mark.slow
def test_the_organiser_pin_is_printed_for_the_owner_and_shown_again_on_demand(tmp_path):
    """A first start prints the organiser page's address and the PIN on the standard output (not
    only a log line); that PIN opens the organiser's reads; ``--show-pin`` prints the same PIN
    again, while the coordinator runs and after it stopped, and says why when there is none yet;
    the doctor says where it is, never the PIN."""
    data = tmp_path / "data"
    none = subprocess.run([cb.PY, "-m", "coordinator.main", "--show-pin", "--data", str(data)], cwd=str(cb.ROOT),
                          capture_output=True, text=True, timeout=30)
    assert none.returncode == 1 and none.stdout == ""
    assert "no organiser PIN" in none.stderr and "first start" in none.stderr and not data.exists()
    port = cb.free_port()
    out = tmp_path / "stdout.txt"
    with open(out, "w") as sink:
        proc = subprocess.Popen([cb.PY, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                                 "--data", str(data), "--no-mdns"], cwd=str(cb.ROOT), stdout=sink,
                                stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 20
        while "PIN" not in out.read_text():
            assert proc.poll() is None and time.monotonic() < deadline, out.read_text()
            time.sleep(0.05)
        printed = out.read_text()
        assert f"Organiser page: http://127.0.0.1:{port}/organiser" in printed
        pin = re.search(r"Organiser PIN: +(\d{10}) +\(made at this first start", printed).group(1)
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/kiosks", headers={"X-Organiser-Pin": pin})
        with urllib.request.urlopen(req, timeout=5) as r:
            assert r.status == 200
        shown = subprocess.run([cb.PY, "-m", "coordinator.main", "--show-pin", "--data", str(data),
                                "--host", "127.0.0.1", "--port", str(port)], cwd=str(cb.ROOT),
                               capture_output=True, text=True, timeout=30)
        assert shown.returncode == 0, shown.stderr
        assert f"Organiser PIN: {pin}" in shown.stdout
        assert f"Organiser page: http://127.0.0.1:{port}/organiser" in shown.stdout
        doctor = subprocess.run([cb.PY, "-m", "tablecup.cli", "doctor"], cwd=str(cb.ROOT), capture_output=True,
                                text=True, timeout=60, env=dict(os.environ, TABLECUP_DATA=str(data)))
        assert "--show-pin" in doctor.stdout and pin not in doctor.stdout
    finally:
        proc.terminate()
        proc.wait(10)
    again = subprocess.run([cb.PY, "-m", "coordinator.main", "--show-pin", "--data", str(data)], cwd=str(cb.ROOT),
                           capture_output=True, text=True, timeout=30)
    assert again.returncode == 0 and f"Organiser PIN: {pin}" in again.stdout
