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
import signal
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

import cards
from engine import registry
from engine.game import Action, GameSetup, replay
from kiosk_helpers import ROOT, artifacts_dir, kiosk_env, run_script

HERE = Path(__file__).parent
FACES = ((245, 240, 224), (158, 156, 148))   # a face-up card, lit or not (kiosk.hand.FACE, FACE_DIM)


def _result(p, tag="WACKY-RESULT "):
    line = [x for x in p.stdout.splitlines() if x.startswith(tag)]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len(tag):])
    assert r["error"] is None, r["error"]
    return r


def _faces(png, box):
    """How many pixels of ``box`` (left, top, right, bottom) are the colour of a face-up card."""
    img = Image.open(png).convert("RGB").crop(box)
    return sum(1 for px in img.getdata() if any(all(abs(a - b) <= 6 for a, b in zip(px, face)) for face in FACES))


TOP_HALF = (0, 0, 800, 106)          # the top half (turned for its player)
BOTTOM_HAND = (470, 380, 800, 480)   # the bottom half's hand strip
TOP_HAND = (0, 0, 330, 100)          # the top half's hand strip (its player's edge)
REVEALED = (92, 110, 240, 372)       # the hierarchy column's lines, where revealed cards go


def test_solo_game_against_three_bots_killed_mid_game_resumes_identically_and_ends(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "wacky"
    shutil.rmtree(art, ignore_errors=True)
    first = subprocess.Popen([sys.executable, str(HERE / "drive_wacky.py"), str(data), str(art), "first", "5"],
                             env=kiosk_env(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.time() + 60
        while not (art / "before.json").exists():
            assert first.poll() is None, first.communicate()[0][-3000:]
            assert time.time() < end, "no before.json"
            time.sleep(0.05)
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.communicate()
    before = json.loads((art / "before.json").read_text())["table"]
    assert len(before["seats"]) == 4 and [s["kind"] for s in before["seats"]] == ["person", "bot", "bot", "bot"]
    assert before["spectator"]["phase"] == "choose" and 2 <= before["spectator"]["turn"] <= 4

    p = run_script("drive_wacky.py", data, art, "resume", timeout=120)
    r = _result(p)
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
    assert _faces(look, BOTTOM_HAND) > 3000
    assert _faces(look, TOP_HALF) == 0 and _faces(look, REVEALED) == 0
    assert _faces(art / "wacky-end.png", REVEALED) > 1000      # the check does see revealed cards
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        for name in ("wacky-home", "wacky-look", "wacky-end"):
            shutil.copy(art / f"{name}.png", ROOT / "docs" / "screenshots" / f"{name}.png")


def test_two_players_each_hand_shows_only_while_its_side_holds_then_all_revealed_at_once(tmp_path):
    art = artifacts_dir() / "wacky-two"
    p = run_script("drive_wacky.py", tmp_path / "data", art, "shots", timeout=120)
    r = _result(p)
    assert r["done"] and r["leaks"] == [] and r["checks"] > 20
    assert r["led_after_lock"] == ["on", "off"]           # the bottom side locked, the top still choosing
    assert r["after_reveal"] == "pick" and "blink" in r["leds_pick"]
    assert r["phones_chosen"][:3] == [False, True, True] and r["phones_routes"] == 4
    # The booster is offered on its owner's half only, and its button plays it.
    assert r["boosts"] and all(len(names) >= 2 and others == 0 for _, _, names, others in r["boosts"])
    assert _faces(art / "wacky-phones-en.png", TOP_HALF) == 0
    # A finger held on the hand (instead of the key): the hand shows, a tap chooses, lifting locks.
    assert r["finger"] == {"played": True, "hidden": True, "led": ["on", "off"]}
    for lang in ("en", "fr"):
        hidden, bottom, top, reveal = (art / f"wacky-{n}-{lang}.png" for n in ("two", "look0", "look1", "reveal"))
        assert _faces(hidden, TOP_HAND) == 0 and _faces(hidden, BOTTOM_HAND) == 0
        assert _faces(bottom, BOTTOM_HAND) > 3000 and _faces(bottom, TOP_HAND) == 0
        assert _faces(top, TOP_HAND) > 3000 and _faces(top, BOTTOM_HAND) == 0
        assert _faces(top, REVEALED) == 0 and _faces(reveal, REVEALED) > 500   # both choices revealed together
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for lang in ("en", "fr"):
            for name in ("two", "look0", "look1", "reveal", "end"):
                shutil.copy(art / f"wacky-{name}-{lang}.png", docs / f"wacky-{name}-{lang}.png")
        shutil.copy(art / "wacky-phones-en.png", docs / "wacky-phones-en.png")
