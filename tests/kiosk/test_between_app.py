"""Between Battle in the real kiosk app (offscreen), by taps and keys only.

A solo game against the sensible bot is started from the home screen, killed with SIGKILL in the
middle, resumed from the home screen (the state is identical) and played to its end; holding the
bottom side's key shows its hand, releasing hides it; the bot's cards are never in the widget
tree, nor drawn face up on the screenshots.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from kiosk_helpers import ROOT, artifacts_dir, kiosk_env, run_script
from PIL import Image

import cards
from engine import registry
from engine.game import Action, GameSetup, replay

HERE = Path(__file__).parent
FACES = ((245, 240, 224), (158, 156, 148))   # a face-up card, playable or not (kiosk.hand.FACE, FACE_DIM)


def _result(p, tag="BETWEEN-RESULT "):
    line = [l for l in p.stdout.splitlines() if l.startswith(tag)]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len(tag):])
    assert r["error"] is None, r["error"]
    return r


def _faces(png, box):
    """How many pixels of ``box`` (left, top, right, bottom) are the colour of a face-up card."""
    img = Image.open(png).convert("RGB").crop(box)
    return sum(1 for px in img.getdata() if any(all(abs(a - b) <= 6 for a, b in zip(px, face)) for face in FACES))


def test_solo_game_killed_mid_game_resumes_identically_and_ends(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "between"
    shutil.rmtree(art, ignore_errors=True)
    first = subprocess.Popen([sys.executable, str(HERE / "drive_between.py"), str(data), str(art), "first", "6"],
                             env=kiosk_env(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.time() + 90
        while not (art / "before.json").exists():
            assert first.poll() is None, first.communicate()[0][-3000:]
            assert time.time() < end, "no before.json"
            time.sleep(0.05)
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.communicate()
    before = json.loads((art / "before.json").read_text())["table"]
    assert len(before["actions"]) >= 6 and before["spectator"]["outcome"] is None

    p = run_script("drive_between.py", data, art, "resume", timeout=150)
    r = _result(p)
    after = json.loads((art / "after.json").read_text())["table"]
    assert r["resume_visible"] is True
    assert after == before                                   # set-up, actions, every view, the generator

    # ... then played to its end by taps and keys, everything stored, the game closed.
    assert r["done"] and r["home_after"]
    assert r["leaks"] == [] and r["checks"] > 50
    assert ["on", "off"] in r["leds"] and ["off", "on"] in r["leds"]   # the LEDs follow the turn
    assert r["shown_ok"] >= 3 and r["hidden_ok"] >= 2         # hold shows the hand, release hides it
    out = r["outcome"]
    assert out["termination"] == "win" and out["reason"]
    assert r["stored"] == r["actions"] and r["finished_row"][0] == 1
    assert json.loads(r["finished_row"][1]) == out
    winner = before["game"]["players"][out["winners"][0]]
    assert r["end_text"].startswith(winner + " ")
    # The stored game replays, by the engine alone, to the same end.
    final = json.loads((art / "end.json").read_text())["table"]
    assert final["actions"][:len(before["actions"])] == before["actions"]
    game = registry.get("between")
    state, _ = replay(game, game.load(cards), GameSetup.from_json(before["game"]),
                      [Action.from_json(a) for a in final["actions"]])
    assert state.observation(None) == final["spectator"]

    # The screenshots: the bottom player looking shows their cards; the bot's half shows none.
    look = art / "between-look.png"
    assert _faces(look, (300, 380, 660, 480)) > 5000         # the bottom hand, face up (so the check can see)
    assert _faces(look, (0, 0, 500, 175)) == 0               # the top half: backs only
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for name in ("between-home", "between-look", "between-confirm", "between-end"):
            shutil.copy(art / f"{name}.png", docs / f"{name}.png")


def test_two_players_each_hand_shows_only_while_its_side_holds(tmp_path):
    art = artifacts_dir() / "between-two"
    p = run_script("drive_between.py", tmp_path / "data", art, "shots", timeout=120)
    r = _result(p)
    assert r["done"] and r["leaks"] == [] and r["checks"] > 20
    assert r["shuffle_orders"] >= 15 and r["stable_while_looking"]
    assert r["finger_shown"] == 2 and r["finger_hidden"] == 2   # a finger held on either half's hand, then lifted
    for lang in ("en", "fr"):
        hidden, bottom, top = (art / f"between-{name}-{lang}.png" for name in ("two", "look0", "look1"))
        assert _faces(hidden, (0, 0, 500, 170)) == 0 and _faces(hidden, (300, 390, 660, 480)) == 0
        assert _faces(bottom, (300, 390, 660, 480)) > 3000 and _faces(bottom, (0, 0, 500, 170)) == 0
        assert _faces(top, (0, 0, 500, 100)) > 3000 and _faces(top, (300, 390, 660, 480)) == 0
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for lang in ("en", "fr"):
            for name in ("two", "look0", "look1"):
                shutil.copy(art / f"between-{name}-{lang}.png", docs / f"between-{name}-{lang}.png")
