"""A tap during an animation is not lost (the real app, offscreen)."""

import json

import pytest

from kiosk_helpers import run_script

pytestmark = pytest.mark.slow   # a whole match of taps in the real app


def test_reveal_taps_during_a_reveal_animation_all_count(tmp_path):
    p = run_script("drive_animation.py", tmp_path / "data", timeout=120)
    line = [l for l in p.stdout.splitlines() if l.startswith("ANIM-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("ANIM-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["double_taps"] >= 10
    assert r["taps_during_animation"] >= 10          # the second tap really fell inside an animation
    assert r["legal_taps"] > r["double_taps"]        # some second taps were legal (the attack went on)
    assert r["reveals"] == r["legal_taps"]           # and every legal tap revealed a card
    assert r["real_touches"] >= 10                    # light-side taps went through real touch events
