"""The real Kivy app (offscreen), a whole solo tournament driven by taps and keys only: with the
player's name typed on the name keyboard, a pick taken back in the Deck Phase, and the rules
reference and the match log opened during a match."""

import json
import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, run_script

pytestmark = pytest.mark.slow   # a whole solo tournament in the real app


def test_whole_solo_tournament_by_taps_and_keys(tmp_path):
    out = artifacts_dir() / "solo"
    p = run_script("drive_solo.py", tmp_path / "data", out, timeout=300)
    line = [l for l in p.stdout.splitlines() if l.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["done"] and r["rc"] == 0
    assert r["winner"] in (0, 1) and r["end_reason"] in ("lead", "most-fans")
    assert r["db_actions"] == r["actions"]           # every action persisted
    assert {"home", "deck", "match", "result"} <= set(r["screens"])
    assert r["taps"] > 0 and r["keys"] > 0
    # The name typed on the keyboard is the player's in the tournament.
    assert r["name"] == {"opened": True, "typed": "Zoe", "closed": True}
    assert r["players"][0] == "Zoe"
    # A pick taken back: the drawn cards and the picks left are as before, and both the pick and
    # its undo were stored like any action.
    u = r["undo"]
    assert u["picked"]["picks_left"] == u["before"]["picks_left"] - 1
    assert u["after"]["drawn"] == u["before"]["drawn"] and u["after"]["picks_left"] == u["before"]["picks_left"]
    assert u["stored"] == u["actions"]
    # The player's "?" opened Challengers!' rules facing them, and their "Log" the match so far.
    assert r["rules"] == {"shown": True, "game": "challengers", "turned": False, "blocks": r["rules"]["blocks"],
                          "actions_while_open": 0, "closed": True}
    assert r["rules"]["blocks"] > 5
    assert r["log"]["shown"] and r["log"]["lines"] > 0 and not r["log"]["turned"] and r["log"]["closed"]
    for name in ("home", "deck-phase", "match", "result", "final"):
        assert (out / f"{name}.png").stat().st_size > 5000, name
    # The README's screenshots are refreshed on request only, so a test run leaves the checkout clean.
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        docs.mkdir(parents=True, exist_ok=True)
        for name in ("home", "deck-phase", "match", "result"):
            shutil.copy(out / f"{name}.png", docs / f"{name}.png")
