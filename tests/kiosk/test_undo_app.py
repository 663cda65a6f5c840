"""Taking back Deck Phase decisions in the real app (offscreen, real touches): Undo after a pick and
after a removal, Redraw asking first, and an undo surviving SIGKILL and Resume."""

import json
import os
import shutil

import pytest

from kiosk_helpers import ROOT, artifacts_dir, kill_when_written, run_script, script_result

pytestmark = pytest.mark.slow   # a Deck Phase undone, killed and resumed in the real app


def test_undo_in_the_deck_phase_by_touch_then_killed_and_resumed(tmp_path):
    data, art = tmp_path / "data", artifacts_dir() / "undo"
    shutil.rmtree(art, ignore_errors=True)
    before = kill_when_written("drive_undo.py", data, art, "first", timeout=90)
    first = before["table"]
    kinds = [a["kind"] for a in first["actions"]]
    r = before["record"]                              # what the screen showed at each touch
    drawn, picked, undone = r["drawn"], r["picked"], r["undone"]
    assert r["screen"] == "deck"
    assert drawn["picks_left"] == 2 and not drawn["undo_shown"] and drawn["undo_width"] == 0
    # A pick: one card fewer on show, one more in the deck, the Undo button there.
    assert picked["picks_left"] == 1 and picked["undo_shown"] and len(picked["faces"]) == 4
    assert picked["deck"] == drawn["deck"] + [drawn["drawn"][1]]
    # Undo: the card back where it was, the pick count restored, the button gone.
    assert undone == drawn
    # Redraw asks first: the first touch changes no card, the second draws new ones.
    asked = r["redraw_asked"]
    assert asked["after"]["drawn"] == asked["before"]["drawn"] and asked["armed"]
    assert asked["after"]["redraw_text"] != asked["before"]["redraw_text"]
    assert r["redrawn"]["redraw_used"] and r["redrawn"]["after"]["drawn"] != asked["before"]["drawn"]
    assert not r["redrawn"]["after"]["undo_shown"]
    # The removal step's faces carry their effect text, as the pick step's do ("No effect." too).
    for step in ("drawn", "removing"):
        assert len(r[step]["face_texts"]) == len(r[step]["faces"]) and all(r[step]["face_texts"]), (step, r[step])
    # A removal taken back: the deck as it was before it.
    assert len(r["removed"]["deck"]) == len(r["removing"]["deck"]) - 1
    assert r["removal_undone"] == r["removing"]
    assert r["second_pick_undone"]["stage"] == "pick" and r["second_pick_undone"]["picks_left"] == 1
    for step in ("drawn", "picked", "undone", "removing", "removed", "removal_undone", "second_pick_undone"):
        assert r[step]["faces"] == r[step]["names"], step
    # Every decision and every undo went to kiosk.db through the action codec.
    stored = [(a["player"], a["kind"]) for a in r["stored"]]
    assert stored.count((0, "deck.undo")) == 3 and (1, "deck.redraw") in stored
    assert [a["kind"] for a in r["stored"]] == kinds

    p = run_script("drive_undo.py", data, art, "resume", timeout=90)
    r = script_result(p, "UNDO-RESULT ")
    after = json.loads((art / "after.json").read_text())
    assert r["resume_visible"] is True and r["screen"] == "deck"
    assert after["table"] == first                     # set-up, actions (the undos too), every view, generator
    assert after["seen"] == before["seen"]
    assert before["seen"]["undo_shown"] and before["seen"]["picks_left"] == 1

    # After the restart the last pick left can still be taken back: both picks to make again.
    again = r["after_undo"]
    assert again["picks_left"] == 2 and len(again["drawn"]) == 5 and not again["undo_shown"]
    assert again["faces"] == again["names"]            # the screen shows the cards the player has
    assert [a["kind"] for a in r["stored"]] == kinds + ["deck.undo"]
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for name in ("deck-undo", "deck-redraw-confirm"):
            shutil.copy(art / f"{name}.png", docs / f"{name}.png")
