"""Every moment of every game fits at every window size the kiosk supports (drive_fit_walk.py):
800x480, 1024x600, 1920x1080 and the Pi Touch Display 2 held upright (720x1280), in English and
French, at normal and "Large" text, with both players' names as long as the name entry takes.

One app process per size (two at a time), each playing Between Battle, Wacky Challenge, Cosplay
Team Battle and a Challengers! tournament to their ends (Cosplay to its seventh turn) twice, once
per text size, and checking every screen a person acts on with the fit check of
tests/kiosk/fit_check.py (texts cut, off their box or the window, words broken across lines,
texts printed over each other).  With TABLECUP_SCREENSHOTS=1 one upright picture per game is
copied to docs/screenshots/ (``upright-GAME-720x1280-en.png``).

Before: at 720x1280 the game screens were the landscape layout stretched (each half three times
the height its parts used); the walk reached only the table games' crowded moments at 800x480,
and Large text at two sizes.
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, drive_at_sizes

pytestmark = pytest.mark.slow   # four games played twice at each of four window sizes

#: The window sizes walked.  (In landscape, with the longest names and Large text, the names of
#: Between, Wacky and Cosplay, Between's hit points, Cosplay's La Passion card and a long card
#: name of the last move were cut: their lines now shrink their type to fit, a short name keeps it.)
SIZES = ["800x480", "1024x600", "1920x1080", "720x1280"]
RUNS = {"betweentwo2": {"hand", "play", "over"},
        "wackysolo4": {"hand", "choose", "pick", "booster", "over"},
        "cosplaytwo2": {"hand", "main", "assist-full"},
        "challengers": {"deck-option", "deck-pick", "deck-remove", "match-reveal", "match-choice", "match-log",
                        "match-end", "result"}}
#: The upright picture of each game that docs/screenshots/ keeps.
UPRIGHT_DOCS = {"between": "walk-betweentwo2-play-720x1280", "wacky": "walk-wackysolo4-booster-720x1280",
                "cosplay": "walk-cosplaytwo2-assist-full-720x1280", "challengers": "walk-challengers-match-choice-720x1280"}


@pytest.fixture(scope="module")
def walks(tmp_path_factory):
    shots = artifacts_dir() / "fit-walk"
    got = drive_at_sizes(Path(__file__).parent / "drive_fit_walk.py", SIZES, tmp_path_factory.mktemp("walk"),
                         shots, "FITWALK-RESULT", workers=2, timeout=900)
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        docs.mkdir(parents=True, exist_ok=True)
        for game, name in UPRIGHT_DOCS.items():
            if (shots / f"{name}.png").exists():
                shutil.copy(shots / f"{name}.png", docs / f"upright-{game}-720x1280-en.png")
    return got


@pytest.mark.parametrize("size", SIZES)
def test_every_moment_fits(walks, size):
    r = walks[size]
    assert r["error"] is None, r["error"]
    assert all(len(n) == 14 for n in r["names"]), r["names"]          # kiosk.name_entry.MAX_NAME
    assert r["fontscale"]["large"] == pytest.approx(1.12) and r["fontscale"]["normal"] == pytest.approx(1.0)
    for text in ("normal", "large"):
        for run, moments in RUNS.items():
            assert moments <= set(r["moments"][text][run]), (text, run, r["moments"][text][run])
    # every moment seen was checked in both languages
    checked = {k.rsplit(":", 1)[0] for k in r["faults"] if k.endswith(":fr")}
    assert checked == {k.rsplit(":", 1)[0] for k in r["faults"] if k.endswith(":en")}
    bad = {k: f for k, f in r["faults"].items() if f}
    assert bad == {}, json.dumps(bad, indent=1, ensure_ascii=False)[:4000]
