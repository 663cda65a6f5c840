"""What just happened on the Deck Phase screen (drive_deck_happened.py): after a match in which
the Robot moved, the next round's Deck Phase says on the person's half the Robot's last moves
(the sentence the match screen said), and on the Robot's half the person's; nothing takes room
before anything has happened."""

from kiosk_helpers import artifacts_dir, run_script, script_result


def test_the_deck_phase_says_the_other_players_last_moves(tmp_path):
    art = artifacts_dir() / "deck-happened"
    p = run_script("drive_deck_happened.py", tmp_path / "data", art, "en", timeout=240, TABLECUP_ROBOT_DELAY=0.05)
    r = script_result(p, "DECKHAPPENED-RESULT ")
    assert r["error"] is None, r
    first = r["round1"]
    assert all(not s["texts"] and not s["said"] and s["height"] == 0 for s in first.values()), first
    assert r["robot_moves"] > 0 and r["ended"] and r["after_tap"] == "result", r
    assert r["screen"] == "deck", r
    person, robot = r["deck"]["0"], r["deck"]["1"]
    expected = r["expected"]
    assert expected["0"] and "Robot" in expected["0"][0], expected      # the Robot's last moves, by name
    assert person["texts"] == expected["0"][:len(person["texts"])] and person["texts"], person
    assert person["said"] and person["height"] > 0, person
    assert robot["texts"] and robot["texts"] == expected["1"][:len(robot["texts"])], robot
