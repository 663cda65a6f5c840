"""Nothing of one side's Deck Phase hand is drawn on the other side's half."""

import json

from kiosk_helpers import run_script


def test_deck_phase_hands_stay_on_their_half(tmp_path):
    p = run_script("drive_hidden.py", tmp_path / "data", timeout=90)
    line = [l for l in p.stdout.splitlines() if l.startswith("HIDDEN-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-3000:]
    r = json.loads(line[-1][len("HIDDEN-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["checks"] >= 10
    assert r["leaks"] == []
    assert r["own_seen"] >= r["checks"]      # the walk does see the cards on their own half
