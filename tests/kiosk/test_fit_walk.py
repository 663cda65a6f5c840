"""Every moment of every game fits at every window size the kiosk supports (drive_fit_walk.py):
800x480, 1024x600, 1920x1080 and the Pi Touch Display 2 held upright (720x1280), in English and
French, at normal and "Large" text, with both players' names as long as the name entry takes.

One app process per size (two at a time), each playing Between Battle, Wacky Challenge, Cosplay
Team Battle and a Challengers! tournament to their ends (Cosplay to its seventh turn) twice, once
per text size, and checking every screen a person acts on with the fit check of
tests/kiosk/fit_check.py (texts cut, off their box or the window, words broken across lines,
texts printed over each other).  The same processes play Wacky Challenge against six bots, the
most crowded table (seven names on the hierarchy, eight places on the draft row, seven route
rows, three cards to a line; the person's hand held face up), at 800x480 at both text sizes in
both languages and at 1920x1080 at "Large" text in English, checking every decision
(:data:`SEVEN_AT_WACKY`; five app processes of their own before), with the same long names (a
route row too narrow for one writes its first word).  With
TABLECUP_SCREENSHOTS=1 one upright picture per game is copied to docs/screenshots/
(``upright-GAME-720x1280-en.png``).

Before: at 720x1280 the game screens were the landscape layout stretched (each half three times
the height its parts used); the walk reached only the table games' crowded moments at 800x480,
and Large text at two sizes.  Against six bots at Wacky: the draft row ran off the window, the
route rows' texts were cut to 7 px high and printed over each other, and with "Large" text the
booster's line ran off its half.
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, drive_at_sizes

pytestmark = pytest.mark.slow   # four games played twice at each of four window sizes

#: The window sizes walked, the longest walks first (two run at a time).  (In landscape, with the
#: longest names and Large text, the names of Between, Wacky and Cosplay, Between's hit points,
#: Cosplay's La Passion card and a long card name of the last move were cut: their lines now
#: shrink their type to fit, a short name keeps it.)
SIZES = ["1920x1080", "800x480", "720x1280", "1024x600"]
#: Where Wacky Challenge is played against six bots: {size: {text size: the languages every
#: decision is checked in}}, as five app processes of their own checked it before.
SEVEN_AT_WACKY = {"800x480": {"normal": ("en", "fr"), "large": ("en", "fr")}, "1920x1080": {"large": ("en",)}}
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
    # The timeout guards against a hang: the 1920x1080 walk took 12 minutes beside a load of 15.
    got = drive_at_sizes(Path(__file__).parent / "drive_fit_walk.py", SIZES, tmp_path_factory.mktemp("walk"),
                         shots, "FITWALK-RESULT", workers=2, timeout=1800)
    # Each walk's CPU seconds by phase, for whoever looks at what a walk costs (docs/performance.md).
    shots.mkdir(parents=True, exist_ok=True)
    (shots / "cpu.json").write_text(json.dumps({size: r.get("cpu") for size, r in got.items()}, indent=1))
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


@pytest.mark.parametrize("size,text", [(size, text) for size, texts in SEVEN_AT_WACKY.items() for text in texts])
def test_seven_at_wacky_fit_at_every_decision(walks, size, text):
    """Against six bots: the crowded moments reached, every decision checked in the languages
    asked, nothing found (the whole walk's faults are asserted by test_every_moment_fits too)."""
    r = walks[size]
    assert r["error"] is None, r["error"]
    assert {"choose", "pick", "crowded-line"} <= set(r["moments"][text]["wackysolo7"]), r["moments"][text]
    counted = r["checked"][f"{text}:wackysolo7"]
    assert counted["decisions"] >= 10, counted
    assert all(counted[lang] == counted["decisions"] for lang in SEVEN_AT_WACKY[size][text]), counted
    bad = {k: f for k, f in r["faults"].items() if f and k.startswith(f"{text}:wackysolo7:")}
    assert bad == {}, json.dumps(bad, indent=1, ensure_ascii=False)[:4000]
