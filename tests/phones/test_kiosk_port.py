"""`tablecup kiosk --phone-port P`: the real app (offscreen) starts its phone server when asked;
with the port taken it says so once, on the home screen and in the log, and plays on."""

import json
import socket
import subprocess
import sys
from pathlib import Path

from kiosk_helpers import ROOT, kiosk_env

from kiosk.main import parse

HERE = Path(__file__).parent


def _drive(data, port):
    p = subprocess.run([sys.executable, str(HERE / "drive_phone_port.py"), str(data), str(port)],
                       env=kiosk_env(), capture_output=True, text=True, timeout=90, cwd=ROOT)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    return json.loads(line[-1][len("DRIVE-RESULT "):]), p


def test_a_taken_phone_port_is_said_once_and_the_kiosk_plays_on(tmp_path):
    holder = socket.socket()
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        r, p = _drive(tmp_path / "data", port)
    finally:
        holder.close()
    assert r["error"] is None and r["rc"] == 0, r
    assert r["running"] == [False, False]
    assert r["alert"].count(f"port {port} is in use") == 1            # said once on screen
    assert f"port {port} is in use" in r["unavailable"]
    assert (p.stdout + p.stderr).count("phone seats are off") <= 1    # and at most once in the log


def test_a_free_phone_port_serves_and_refuses_a_stranger(tmp_path):
    s = socket.socket()
    s.bind(("0.0.0.0", 0))
    port = s.getsockname()[1]
    s.close()
    r, _ = _drive(tmp_path / "data", port)
    assert r["error"] is None and r["rc"] == 0, r
    assert r["running"] == [True, True] and r["alert"] == "" and r["stranger"] == 401


def test_the_phone_port_option():
    assert parse([]).phone_port == 8471
    assert parse(["--phone-port", "9000"]).phone_port == 9000
