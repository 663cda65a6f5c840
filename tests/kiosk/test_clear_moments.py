"""Clear moments in the real app: a press at the wrong moment says why on that half; the end of
a match stays on screen, its deciding cards framed and who won and why said, until a tap."""

import json

import pytest

from kiosk_helpers import artifacts_dir, run_script

pytestmark = pytest.mark.slow   # a long walk of the real app through its wrong moments


def test_wrong_presses_hint_and_the_end_of_a_match_holds_until_a_tap(tmp_path):
    p = run_script("drive_moments.py", tmp_path / "data", artifacts_dir() / "moments", timeout=150)
    line = [x for x in p.stdout.splitlines() if x.startswith("MOMENTS-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("MOMENTS-RESULT "):])
    assert r["error"] is None, r["error"]
    # A touch on the REVEAL of the half that must wait: nothing played, a hint on that half only.
    w = r["wrong_touch"]
    assert r["before"]["opacity"] == 0
    assert w["actions_added"] == 0
    assert w["hint"]["opacity"] == 1 and w["hint"]["text"] == f"Wait: {w['expect_who']} reveals now"
    assert w["other"]["opacity"] == 0
    assert r["hint_later"]["opacity"] == 0                  # it goes by itself
    assert r["wrong_key"]["actions_added"] == 0 and r["wrong_key"]["hint"]["opacity"] == 1
    # The finished match stays, with the deciding cards framed and the reason in words, on both halves.
    h = r["held"]
    assert h["screen"] == "match" and h["end_shown"] and h["still"] == "match"
    assert h["note"] == h["note_top"]
    assert f"{h['winner']} wins the match" in h["note"]
    assert h["loser"] in h["note"].split("\n")[0]
    assert h["framed"] >= 1
    # Its text is a texture of the text's own height, centred on the note, not one as tall as the
    # note and mostly empty (every pixel of it was paid for at every frame in software rendering).
    assert 0 < h["note_texture_h"] < h["note_h"] - 8, h
    assert h["press_hint"]["text"] == "The match is over: tap the screen to go on"
    assert r["after_tap"] == "result"
