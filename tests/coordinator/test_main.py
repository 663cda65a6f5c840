"""The appliance entry point: READY=1 once listening, watchdog pings, PINs in the log, clean stop."""

import os
import re
import socket
import subprocess
import time
import urllib.request

import coordbots as cb


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
