"""The flag toss and a capture move on Challengers!' match screen (the real app, offscreen, real
touches and keys): each lasts at most half a second, a touch ends it, a reveal pressed during it
is played at once, the screen after it is the screen with animations off, and "off" moves
nothing (the cards that land as they fade in included).  With TABLECUP_SCREENSHOTS=1 the two
moments, caught a third of the way, go to docs/screenshots/ (match-toss-800x480-en.png,
match-capture-800x480-en.png)."""

import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, run_script, script_result

LONGEST = 0.5       # seconds, at the "normal" speed


@pytest.mark.slow
def test_toss_and_capture_move_briefly_never_wait_and_end_as_with_animations_off(tmp_path):
    from PIL import Image, ImageChops

    art = artifacts_dir() / "motion"
    p = run_script("drive_motion.py", tmp_path / "data", art, timeout=150,
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "MOTION-RESULT ")
    normal, off = r["runs"]["normal"], r["runs"]["off"]

    # The toss: the flag flies (one Animation, under half a second), a touch elsewhere ends it.
    toss = normal["toss"]
    assert toss["kind"] == "toss" and toss["flag"]
    assert toss["durations"] and all(0 < d <= LONGEST for d in toss["durations"])
    assert normal["toss_mid"]["kind"] == "toss" and 0 < normal["toss_mid"]["progress"] < 1
    skipped = normal["after_skip_tap"]
    assert skipped["kind"] is None and skipped["anims"] == 0 and not skipped["flag"]

    # The capture: the card taking the flag (on both middle lines), the card that lost it on
    # its way to the bench, and the flag.
    cap = normal["capture"]
    assert normal["capture_started"] == 1
    assert cap["kind"] == "capture" and cap["flag"] and len(cap["ghosts"]) >= 3
    assert all(cap["ghosts"])
    assert cap["durations"] and all(0 < d <= LONGEST for d in cap["durations"])
    assert normal["capture_mid"]["kind"] == "capture" and 0 < normal["capture_mid"]["progress"] < 1
    # A reveal pressed in the middle of it: played at once (stored and applied), the motion over.
    assert normal["press_applied"] == [1, 1]
    assert normal["after_press"]["kind"] is None and normal["after_press"]["ghosts"] == []
    # A key that means nothing, pressed in the middle of the next capture, ends it (nothing played).
    assert normal["capture2"]["kind"] == "capture"
    assert normal["capture2_mid"]["kind"] == "capture" and 0 < normal["capture2_mid"]["progress"] < 1
    assert normal["after_key"]["kind"] is None and normal["after_key"]["actions_added"] == 0
    assert normal["idle"] == {"anims": 0, "spinning": 0, "key_bound": False}
    # Every card that faded in (a reveal, a card benched, the flag's card) also landed.
    assert normal["landed"] > 0

    # Animations "off" (the settings screen): the same inputs, nothing moves ...
    assert r["speed_off"] == 0
    assert off["inputs"] == normal["inputs"]
    assert off["toss"]["kind"] is None and not off["toss"]["flag"]
    assert off["capture_started"] == 0 and off["capture"]["ghosts"] == []
    assert off["landed"] == 0
    assert off["press_applied"] == [1, 1]
    # ... and the screen ends exactly as it did with the motions: widget by widget, pixel by pixel.
    assert normal["looks"] == off["looks"]
    a = Image.open(art / "normal-after.png").convert("RGB")
    b = Image.open(art / "off-after.png").convert("RGB")
    assert ImageChops.difference(a, b).getbbox() is None
    assert off["capture2"]["kind"] is None and off["after_key"]["actions_added"] == 0
    # The mid-motion screenshots show something the end state does not (the flying cards).
    mid = Image.open(art / "normal-capture.png").convert("RGB")
    assert ImageChops.difference(mid, a).getbbox() is not None
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        shutil.copy(art / "normal-toss.png", docs / "match-toss-800x480-en.png")
        shutil.copy(art / "normal-capture.png", docs / "match-capture-800x480-en.png")
