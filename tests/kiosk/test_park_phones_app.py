"""The real app (offscreen, 800x480) at a café park of Wacky Challenge with three people, against
a real coordinator process: the third person's seat is a phone seat on no half, the seats panel
opens by itself with that player's name and QR code, and a phone bringing the code takes the
seat (the panel says so and closes).  ``TABLECUP_SCREENSHOTS=1`` copies the screenshots to
docs/screenshots/."""

import os
import shutil

import cafe
import pytest
from kiosk_helpers import ROOT, artifacts_dir, run_script, script_result

from kiosk.store import Store

pytestmark = pytest.mark.slow   # a coordinator process and the real app


def test_a_wacky_park_offers_its_third_player_a_phone_seat(tmp_path):
    coord = cafe.Coordinator(tmp_path).start()
    try:
        coord.pair_organiser()
        st, kiosk = cafe.http("POST", coord.base + "/api/pair", {"pin": coord.pairing_pin(), "name": "Table 1"})
        assert st == 200, kiosk
        tid = coord.create(["Ann", "Bob", "Cid"], 5, game="wacky", format="tables", rounds=1, table_size=3)
        coord.assign(tid, 1, kiosk["kiosk_id"])
        data = tmp_path / "data"
        data.mkdir()
        store = Store(data / "kiosk.db")
        for key, value in (("coord_kiosk_id", kiosk["kiosk_id"]), ("coord_token", kiosk["token"]),
                           ("coord_kiosk_name", "Table 1"), ("park_tournament", tid), ("park_number", 1),
                           ("park_mode", True)):
            store.put(key, value)
        store.close()
        art = artifacts_dir() / "park-phones"
        p = run_script("drive_park_phones.py", data, art, coord.base, cafe.free_port(), timeout=120)
        r = script_result(p, "PARK-PHONES-RESULT ")
    finally:
        coord.stop()
    assert r["done"] and r["game"] == "wacky" and r["seats_are_the_parks"]
    # The two halves and one phone seat, on the panel under its player's name, with its code.
    assert len(r["loose"]) == 1 and r["names"] == r["players"] and r["with_code"] == [True]
    assert sorted(r["halves"] + r["players"]) == ["Ann", "Bob", "Cid"]
    assert r["panel_open"] and r["listed"] == 1
    # The whole panel on the screen (it once stood half off its top at 800x480).
    x, y, w, h = r["panel_box"]
    assert r["window"] == [800, 480] and 0 <= x and x + w <= 800 and 0 <= y and y + h <= 480, r["panel_box"]
    # A phone brought the code: the seat is taken, the panel closed, the table said so.
    assert r["phone_status"] == 303 and r["taken"] and not r["panel_after"]
    assert r["players"][0] in r["news"]
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        for name in ("park-phones-wacky-800x480-en", "park-phones-wacky-taken-800x480-en"):
            shutil.copy(art / f"{name}.png", ROOT / "docs" / "screenshots" / f"{name}.png")
