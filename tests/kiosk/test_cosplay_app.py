"""Cosplay Team Battle in the real kiosk app (offscreen), by taps and keys only.

A solo game against the sensible bot is started from the home screen, killed with SIGKILL in the
middle, resumed from the home screen (the state is identical) and played to its end: targets
tapped and paid as the engine proposes (one stored action each), the turn ended by the secondary key and by a long press,
each confirmed; the bot's hand is never in the widget tree, nor drawn face up on a screenshot.
"""

import json
import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, face_pixels, kill_when_written, run_script, script_result

import cards
from engine import registry
from engine.game import Action, GameSetup, replay

TOP_HAND, BOTTOM_HAND = (100, 0, 420, 80), (380, 395, 720, 480)   # where each half's hand is drawn (800x480)


@pytest.mark.slow   # a whole game, killed and resumed
def test_solo_game_killed_mid_game_resumes_identically_and_ends(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "cosplay"
    shutil.rmtree(art, ignore_errors=True)
    before = kill_when_written("drive_cosplay.py", data, art, "first", 6, timeout=120)["table"]
    assert len(before["actions"]) >= 6 and before["spectator"]["over"] is False

    p = run_script("drive_cosplay.py", data, art, "resume", timeout=400)
    r = script_result(p, "COSPLAY-RESULT ")
    after = json.loads((art / "after.json").read_text())["table"]
    assert r["resume_visible"] is True
    assert after == before                                   # set-up, actions, every view, the generator

    # ... then played to its end by taps and keys, everything stored, the game closed.
    assert r["done"] and r["home_after"]
    assert r["leaks"] == [] and r["checks"] > 100
    assert r["recruits"] + r["completes"] >= 3               # targets tapped, then paid as proposed
    assert r["other_paid_as_shown"] is True                  # "Other payment", then paid exactly as shown
    first, other, skipped = r["other_payers"]
    assert first != other and skipped == 1                   # the engine's next offered payment
    assert r["one_action_per_payment"] is True               # a payment is one stored action
    assert r["ends_by_key"] >= 1 and r["ends_by_press"] >= 1  # both ways of ending a turn, confirmed
    out = r["outcome"]
    assert out["termination"] in ("win", "draw")
    assert r["stored"] == r["actions"] and r["finished_row"][0] == 1
    assert json.loads(r["finished_row"][1]) == out
    # The final score, line by line: one line per player with their total, then the winner.
    lines = r["end_text"].splitlines()
    names = before["game"]["players"]
    for seat, name in enumerate(names):
        assert lines[seat].startswith(name + ":") and lines[seat].endswith(f"[b]{r['scores'][seat]}[/b]")
    if out["winners"]:
        assert names[out["winners"][0]] in lines[-1]
    # The stored game replays, by the engine alone, to the same end.
    final = json.loads((art / "end.json").read_text())["table"]
    assert final["actions"][:len(before["actions"])] == before["actions"]
    game = registry.get("cosplay")
    state, _ = replay(game, game.load(cards), GameSetup.from_json(before["game"]),
                      [Action.from_json(a) for a in final["actions"]])
    assert state.observation(None) == final["spectator"]
    # The screenshots of the solo game: the bot's hand (top edge) is backs only, at every moment shot.
    for name in ("cosplay-pay", "cosplay-confirm", "cosplay-end"):
        assert face_pixels(art / f"{name}.png", TOP_HAND) == 0, name
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for name in ("cosplay-pay", "cosplay-confirm", "cosplay-end"):
            shutil.copy(art / f"{name}.png", docs / f"{name}.png")


@pytest.mark.slow
def test_two_players_the_other_hand_never_shows(tmp_path):
    art = artifacts_dir() / "cosplay-two"
    p = run_script("drive_cosplay.py", tmp_path / "data", art, "shots", timeout=150)
    r = script_result(p, "COSPLAY-RESULT ")
    assert r["done"] and r["leaks"] == [] and r["checks"] > 20
    # Tapping the Drama pile: one card to the other player, one more per tap, then dropped.
    most = r["drama_most"]
    assert most >= 1 and r["drama_targets"] == [["drama", [k] + [1] * k] for k in range(1, most + 1)] + [None]
    for lang in ("en", "fr"):
        hidden, bottom = (art / f"cosplay-{name}-{lang}.png" for name in ("two", "look0"))
        top_hand, bottom_hand = TOP_HAND, BOTTOM_HAND
        assert face_pixels(hidden, top_hand) == 0 and face_pixels(hidden, bottom_hand) == 0
        assert face_pixels(bottom, bottom_hand) > 2000 and face_pixels(bottom, top_hand) == 0
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for lang in ("en", "fr"):
            for name in ("two", "look0"):
                shutil.copy(art / f"cosplay-{name}-{lang}.png", docs / f"cosplay-{name}-{lang}.png")
