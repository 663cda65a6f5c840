"""The real kiosk app (offscreen) with phone seats at a Between Battle table: each half's "Phone"
button shows that half's QR code on a real touch; a phone takes the seat with the code's URL and
plays; the table has the move; leaving the game revokes the seat.  With the port in use the table
says so on its bottom half and plays on without phones."""

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, kiosk_env
from ports import reserved_port

HERE = Path(__file__).parent


def _drive(tmp_path, port, *extra):
    art = artifacts_dir() / "phones"
    p = subprocess.run([sys.executable, str(HERE / "drive_phone_table.py"), str(tmp_path / "data"), str(art),
                        str(port), *extra], check=False, env=kiosk_env(), capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None and r["rc"] == 0, r["error"]
    return r, art



@pytest.mark.slow
def test_a_phone_takes_a_seat_by_the_qr_code_of_its_half_and_plays(tmp_path):
    r, art = _drive(tmp_path, reserved_port())
    steps = {s["name"]: s for s in r["steps"]}
    assert steps["game started"]["available"] == [True, True] and steps["game started"]["texture"] == [True, True]
    assert steps["game started"]["showing"] == [False, False]
    assert steps["bottom QR shown"]["showing"] == [True, False]
    assert steps["both QR shown"]["showing"] == [True, True]          # the top one through the turned half
    assert steps["bottom QR hidden"]["showing"] == [False, True]
    phone = r["phone"]
    assert (phone["took"], phone["view"], phone["seat"], phone["played"]) == (200, 200, 0, 200)
    assert phone["secret_other"] is None                                # the other hand is not sent
    assert r["played_on_table"] == 1
    assert steps["left"]["available"] == [False, False] and r["after_leaving"] == 401
    assert r["phones_row"]                                              # Wacky at home offers phone seats
    assert (art / "table-qr.png").stat().st_size > 10_000
    if os.environ.get("TABLECUP_SCREENSHOTS"):
        shutil.copy(art / "table-qr.png", ROOT / "docs" / "screenshots" / "table-phone-qr.png")


@pytest.mark.slow   # a second whole walk of the table with phones
def test_with_the_phone_port_in_use_the_table_says_so_and_plays_on(tmp_path):
    holder = socket.socket()
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        r, _ = _drive(tmp_path, port, "taken")
    finally:
        holder.close()
    steps = {s["name"]: s for s in r["steps"]}
    assert steps["game started"]["available"] == [False, False]
    assert steps["game started"]["notice"] == f"Phones off: port {port} is in use."
    assert r["asked_again"] and f"port {port} is in use" in r["unavailable"]
    assert sum("phone seats are off" in line for line in r["log"]) == 1     # said once in the log
    assert steps["played"]["actions"] == 1
    assert steps["left"]["notice"] == ""
    assert r["phones_row"] is False                                     # nor does home offer phone seats
