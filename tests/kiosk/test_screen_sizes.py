"""Every screen at every size the kiosk supports, in the real app (offscreen), EN and FR:
every label's text fits its widget, no band of the window is left black, the "?" covers
nothing a person reads or touches, and no centred label's texture is taller than its text.

One app process per size (tests/kiosk/drive_sizes.py), a few at a time.  With
TABLECUP_SCREENSHOTS=1 the 800x480 and 1920x1080 pictures are copied to docs/screenshots/.
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, drive_at_sizes
from registered import kiosk_games

pytestmark = pytest.mark.slow   # every screen walked at six window sizes

SIZES = ["800x480", "1024x600", "1280x720", "1280x800", "1920x1080", "720x1280"]
SCREENS = {"home", "operator", "operator-new-pin", "operator-settings", "settings", "names", "join", "park",
           "deck-option", "deck-pick", "deck-undo", "deck-remove", "match-choice", "match-log", "match-end",
           "result"} | {f"rules-{game}" for game in kiosk_games()}
DOCS_SIZES = ("800x480", "1920x1080")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    got = drive_at_sizes(Path(__file__).parent / "drive_sizes.py", SIZES, tmp_path_factory.mktemp("sizes"),
                         artifacts_dir() / "sizes", "SIZES-RESULT")
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        docs.mkdir(parents=True, exist_ok=True)
        for png in (artifacts_dir() / "sizes").glob("*.png"):
            if any(f"-{s}-" in png.name for s in DOCS_SIZES):
                shutil.copy(png, docs / png.name)
    return got


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_fits(results, size):
    r = results[size]
    assert r["error"] is None, r["error"]
    assert r["window"] == r["size"]                      # --window WxH gave that window
    assert r["choice"], "the match never opened a choice panel"
    assert r["deck_stages"] == ["option", "pick", "remove"]
    assert r["logged_errors"] == []
    assert {f"{s}-{lang}" for s in SCREENS for lang in ("en", "fr")} <= set(r["screens"])
    assert "home-colour-blind-en" in r["screens"]
    bad = {name: s for name, s in r["screens"].items() if s["faults"] or s["bands"] or s["covers"] or s["tall"]}
    assert bad == {}, json.dumps(bad, indent=1, ensure_ascii=False)[:4000]
