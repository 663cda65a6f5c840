"""Wacky Challenge in the real kiosk app (offscreen), by taps and keys only.

A solo game against three sensible bots is started from the home screen, killed with SIGKILL in
the middle, resumed from the home screen (the state is identical) and played to its end.  Holding
the bottom side's key shows its hand, a tap chooses, letting go locks the choice (the LED lights);
the next picker's LED blinks.  No other seat's hand or secret choice is ever in the widget tree
before the reveal, nor drawn face up on the screenshots.
"""

import json
import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, face_pixels, kill_when_written, run_script, script_result

import cards
from engine import registry
from engine.game import Action, GameSetup, replay

pytestmark = pytest.mark.slow   # whole Wacky Challenge games in the real app

TOP_HALF = (0, 0, 800, 106)          # the top half (turned for its player)
BOTTOM_HAND = (470, 380, 800, 480)   # the bottom half's hand strip
TOP_HAND = (0, 0, 330, 100)          # the top half's hand strip (its player's edge)
REVEALED = (92, 110, 240, 372)       # the hierarchy column's lines, where revealed cards go


def test_solo_game_against_three_bots_killed_mid_game_resumes_identically_and_ends(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "wacky"
    shutil.rmtree(art, ignore_errors=True)
    before = kill_when_written("drive_wacky.py", data, art, "first", 5, timeout=60)["table"]
    assert len(before["seats"]) == 4 and [s["kind"] for s in before["seats"]] == ["person", "bot", "bot", "bot"]
    assert before["spectator"]["phase"] == "choose" and 2 <= before["spectator"]["turn"] <= 4

    p = run_script("drive_wacky.py", data, art, "resume", timeout=120)
    r = script_result(p, "WACKY-RESULT ")
    after = json.loads((art / "after.json").read_text())["table"]
    assert r["resume_visible"] is True
    assert after == before                                   # set-up, actions, every view, the generator

    # ... then played to its end by keys and taps, everything stored, the game closed.
    assert r["done"] and r["home_after"]
    assert r["leaks"] == [] and r["checks"] > 50 and r["secret_checks"] > 10
    assert r["shown_ok"] >= 1 and r["pick_blink"] >= 1
    out = r["outcome"]
    assert out["termination"] == "win" and r["stored"] == r["actions"] and r["finished_row"][0] == 1
    assert json.loads(r["finished_row"][1]) == out
    # The final scoring, route by route: each total and how it adds up.
    for q, text in enumerate(r["route_totals"]):
        s = out["detail"]["routes"][q]
        assert text.startswith(f"[b]{s['total']}[/b] = {s['stages']}+{s['pairs']}+{s['own']}+{s['bonus']}")
    winner = before["game"]["players"][out["winners"][0]]
    assert winner in r["end_text"]
    final = json.loads((art / "end.json").read_text())["table"]
    game = registry.get("wacky")
    state, _ = replay(game, game.load(cards), GameSetup.from_json(before["game"]),
                      [Action.from_json(a) for a in final["actions"]])
    assert state.observation(None) == final["spectator"]

    # The screenshot before the reveal: the person looks (their hand face up on their edge), the
    # bots have locked their choices, and neither a bot's hand nor any choice is drawn.
    look = art / "wacky-look.png"
    assert face_pixels(look, BOTTOM_HAND) > 3000
    assert face_pixels(look, TOP_HALF) == 0 and face_pixels(look, REVEALED) == 0
    assert face_pixels(art / "wacky-end.png", REVEALED) > 1000      # the check does see revealed cards
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        for name in ("wacky-home", "wacky-look", "wacky-end"):
            shutil.copy(art / f"{name}.png", ROOT / "docs" / "screenshots" / f"{name}.png")


def test_two_players_each_hand_shows_only_while_its_side_holds_then_all_revealed_at_once(tmp_path):
    art = artifacts_dir() / "wacky-two"
    p = run_script("drive_wacky.py", tmp_path / "data", art, "shots", timeout=120)
    r = script_result(p, "WACKY-RESULT ")
    assert r["done"] and r["leaks"] == [] and r["checks"] > 20
    assert r["led_after_lock"] == ["on", "off"]           # the bottom side locked, the top still choosing
    assert r["after_reveal"] == "pick" and "blink" in r["leds_pick"]
    assert r["phones_chosen"][:3] == [False, True, True] and r["phones_routes"] == 4
    # The booster is offered on its owner's half only, and its button plays it.
    assert r["boosts"] and all(len(names) >= 2 and others == 0 for _, _, names, others in r["boosts"])
    assert face_pixels(art / "wacky-phones-en.png", TOP_HALF) == 0
    # A finger held on the hand (instead of the key): the hand shows, a tap chooses, lifting locks.
    assert r["finger"] == {"played": True, "hidden": True, "led": ["on", "off"]}
    for lang in ("en", "fr"):
        hidden, bottom, top, reveal = (art / f"wacky-{n}-{lang}.png" for n in ("two", "look0", "look1", "reveal"))
        assert face_pixels(hidden, TOP_HAND) == 0 and face_pixels(hidden, BOTTOM_HAND) == 0
        assert face_pixels(bottom, BOTTOM_HAND) > 3000 and face_pixels(bottom, TOP_HAND) == 0
        assert face_pixels(top, TOP_HAND) > 3000 and face_pixels(top, BOTTOM_HAND) == 0
        # Both choices are revealed together.
        assert face_pixels(top, REVEALED) == 0 and face_pixels(reveal, REVEALED) > 500
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for lang in ("en", "fr"):
            for name in ("two", "look0", "look1", "reveal", "end"):
                shutil.copy(art / f"wacky-{name}-{lang}.png", docs / f"wacky-{name}-{lang}.png")
        shutil.copy(art / "wacky-phones-en.png", docs / "wacky-phones-en.png")
