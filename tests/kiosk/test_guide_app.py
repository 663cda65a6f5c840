"""The guided first match in the real app (offscreen, real taps and keys): started from home,
played to its end by doing what the hints say, a hint on the player's half at every step that
follows the match's state, EN and FR, every text fitting at 800x480 and 1920x1080; killed with
SIGKILL mid-match, it resumes as it was, hint included.  With TABLECUP_SCREENSHOTS=1 the moments
go to docs/screenshots/ as guide-MOMENT-WxH-LANG.png (English 800x480 always to the artifacts)."""

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kiosk_helpers import ROOT, artifacts_dir, kill_when_written, kiosk_env, script_result

pytestmark = pytest.mark.slow   # the whole guided first match in the real app, twice

SCRIPT = Path(__file__).parent / "drive_guide.py"
SHOTS = os.environ.get("TABLECUP_SCREENSHOTS") == "1"
#: (language, size) of each run: both languages, both ends of the sizes; all four for the pictures.
RUNS = [("en", "800x480"), ("fr", "1920x1080")] + ([("fr", "800x480"), ("en", "1920x1080")] if SHOTS else [])


def _play(tmp_path, lang, size):
    art = artifacts_dir() / "guide" / f"{lang}-{size}"
    shutil.rmtree(art, ignore_errors=True)
    # Animations off (the settings file): the script need not wait for them, at 1920x1080 in
    # software GL a long wait; the Robot pauses long enough for the script to see its attacks.
    config = tmp_path / f"config-{lang}-{size}"
    (config / "settings").mkdir(parents=True)
    (config / "settings" / "kiosk.toml").write_text('[kiosk]\nanimations = "off"\n')
    p = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / f"{lang}-{size}"), str(art), "play", lang, size],
                       env=kiosk_env(TABLECUP_ROBOT_DELAY=0.3, TABLECUP_CONFIG=config), capture_output=True, text=True, check=False,
                       timeout=240, cwd=ROOT)
    return art, script_result(p, "GUIDE-RESULT")


def test_guided_first_match_from_home_to_home(tmp_path):
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda run: _play(tmp_path, *run), RUNS))
    for (lang, size), (art, r) in zip(RUNS, results):
        where = f"{lang} {size}"
        assert r["lesson_button"] == ("First game? Learn by playing" if lang == "en" else
                                      "Première partie ? Apprenez en jouant"), where
        assert r["home_after"], where                                  # the result's tap leads home
        # Listed among the finished games as the guided match it was, not as a tournament.
        assert ("First match" if lang == "en" else "Premier match") in r["history"], (where, r["history"])
        # Every look at the match while it was on: a hint on the player's half; none over the held
        # end (the screen's own sentence says who won and why there).
        on = [s for s in r["steps_seen"] if s["screen"] == "match" and s["state"]["winner"] is None]
        assert len(on) >= 6 and all(s["guide"] for s in on), (where, on)
        # The result: the match won (a lesson is no tournament) and what a whole game adds.
        assert not any(s["guide"] for s in r["steps_seen"] if s["screen"] in ("result", "home")), where
        headline, detail = r["result"]
        assert headline == ("Player wins the match" if lang == "en" else "Joueur gagne le match"), (where, headline)
        assert ("seven rounds" if lang == "en" else "sept manches") in detail, (where, detail)
        assert r["end_note"], where
        # The hint follows the state: each change of the match's moment changes the sentence.
        guides = [g for g in r["guides"] if g["screen"] == "match" and g["state"] and g["state"]["winner"] is None]
        texts = [g["guide"] for g in guides]
        assert len(set(texts)) >= 6, (where, texts)
        words = {"en": ["Flag toss", "You begin", "took your flag", "of 6 seats", "attacks", "not enough yet"],
                 "fr": ["Tirage du drapeau", "Vous commencez", "a pris votre drapeau", "places sur 6", "attaque",
                        "pas encore assez"]}[lang]
        for w in words:
            assert any(w in t for t in texts), (where, w, texts)
        # After a capture (the Robot took the flag: the player's bench grew), the sentence is
        # about winning it back and names the seats used, as many as the bench shows.
        captured = [g for g in guides if g["state"]["holder"] == 1 and g["state"]["expect"] == ["reveal", 0]
                    and g["state"]["attack"] == 0 and 0 < g["state"]["bench"][0] < 5]
        assert captured, where
        for g in captured:
            assert f"{g['state']['bench'][0]} " in g["guide"], g
        # A bench of 5 or 6 seats: the hint says what a 7th name does.
        assert any(g["state"]["bench"][0] >= 5 and ("7" in g["guide"] or "plein" in g["guide"] or "full" in g["guide"])
                   for g in guides), where
        assert r["reveals"] >= 5, where
        for moment, faults in r["faults"].items():
            assert faults == [], (where, moment, faults)
        for moment, bands in r["bands"].items():
            assert bands == [], (where, moment, bands)
        pictured = {"home", "toss", "begin", "capture", "bench", "end", "result"} if SHOTS or size == "800x480" else {"capture"}
        assert pictured <= set(r["shots"]) and pictured <= set(r["faults"]), (where, r["shots"])
        assert {"home", "toss", "begin", "capture", "bench", "end", "result"} <= set(r["faults"]), where
        if SHOTS:
            for png in art.glob("guide-*.png"):
                shutil.copy(png, ROOT / "docs" / "screenshots" / png.name)


def test_guided_match_killed_mid_match_resumes_with_its_hint(tmp_path):
    data, art = tmp_path / "data", tmp_path / "art"
    before = kill_when_written("drive_guide.py", data, art, "first", "en", "800x480", timeout=120)
    assert before["screen"] == "match" and before["guide"]
    assert before["state"]["phase"] == "match" and before["state"]["n_actions"] >= 5
    p = subprocess.run([sys.executable, str(SCRIPT), str(data), str(art), "resume", "en", "800x480"],
                       env=kiosk_env(), capture_output=True, text=True, timeout=180, cwd=ROOT, check=False)
    r = script_result(p, "GUIDE-RESULT")
    import json
    after = json.loads((art / "after.json").read_text())
    assert r["resume_visible"]
    asking, question, screen, saved = r["lesson_asks"]
    assert asking and screen == "home" and saved
    assert question.startswith("A new game ends the saved game: Challengers! with Player, round 1"), question
    assert r["faults"]["lesson-asks"] == []
    assert after["screen"] == "match" and after["lesson"] == "first-match"
    assert after["state"] == before["state"]
    assert after["guide"] == before["guide"]
    assert r["after_reveal"]["actions"] > before["state"]["n_actions"] and r["after_reveal"]["guide"]
