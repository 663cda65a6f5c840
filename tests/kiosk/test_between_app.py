"""Between Battle in the real kiosk app (offscreen), by taps and keys only.

A solo game against the sensible bot is started from the home screen, killed with SIGKILL in the
middle, resumed from the home screen (the state is identical) and played to its end; holding the
bottom side's key shows its hand, releasing hides it; the bot's cards are never in the widget
tree, nor drawn face up on the screenshots.
"""

import json
import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, face_pixels, kill_when_written, run_script, script_result

import cards
from engine import registry
from engine.game import Action, GameSetup, replay


@pytest.mark.slow   # a whole game, killed and resumed
def test_solo_game_killed_mid_game_resumes_identically_and_ends(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "between"
    shutil.rmtree(art, ignore_errors=True)
    before = kill_when_written("drive_between.py", data, art, "first", 6, timeout=90)["table"]
    assert len(before["actions"]) >= 6 and before["spectator"]["outcome"] is None

    p = run_script("drive_between.py", data, art, "resume", timeout=150)
    r = script_result(p, "BETWEEN-RESULT ")
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
    assert face_pixels(look, (300, 380, 660, 480)) > 5000         # the bottom hand, face up (so the check can see)
    # the top half's hand and lines: backs only (the piles' band below reaches into y 160-175
    # while a played card lands on it, a public card)
    assert face_pixels(look, (0, 0, 500, 150)) == 0
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for name in ("between-home", "between-look", "between-confirm", "between-end"):
            shutil.copy(art / f"{name}.png", docs / f"{name}.png")


@pytest.mark.slow
def test_two_players_each_hand_shows_only_while_its_side_holds(tmp_path):
    art = artifacts_dir() / "between-two"
    p = run_script("drive_between.py", tmp_path / "data", art, "shots", timeout=120)
    r = script_result(p, "BETWEEN-RESULT ")
    assert r["done"] and r["leaks"] == [] and r["checks"] > 20
    assert r["shuffle_orders"] >= 15 and r["stable_while_looking"]
    assert r["finger_shown"] == 2 and r["finger_hidden"] == 2   # a finger held on either half's hand, then lifted
    for lang in ("en", "fr"):
        hidden, bottom, top = (art / f"between-{name}-{lang}.png" for name in ("two", "look0", "look1"))
        assert face_pixels(hidden, (0, 0, 500, 170)) == 0 and face_pixels(hidden, (300, 390, 660, 480)) == 0
        assert face_pixels(bottom, (300, 390, 660, 480)) > 3000 and face_pixels(bottom, (0, 0, 500, 170)) == 0
        assert face_pixels(top, (0, 0, 500, 100)) > 3000 and face_pixels(top, (300, 390, 660, 480)) == 0
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for lang in ("en", "fr"):
            for name in ("two", "look0", "look1"):
                shutil.copy(art / f"between-{name}-{lang}.png", docs / f"between-{name}-{lang}.png")
