"""No saved game may lock the table (the real app, offscreen, real taps).

A saved game that cannot be replayed (here: a recorded action the engine refuses): "Resume"
says so in one sentence on the home screen, the game's record stays in the database (setup,
every action, and why it was closed), Resume is no longer offered, and a new game starts.
"""

import json

import pytest

import cards
from engine.challengers.library import load
from kiosk.games.challengers.board import board_of
from kiosk.store import Store
from kiosk.table import LocalTable
from kiosk_helpers import artifacts_dir, run_script


def home_run(data, scenario):
    p = run_script("drive_home.py", data, artifacts_dir() / "home", scenario, timeout=90)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["rc"] == 0
    return {s["name"]: s for s in r["stages"]}, r


def saved_game(path, extra_action):
    """A 2-player game saved mid-Deck Phase, then ``extra_action`` recorded after it."""
    store = Store(path)
    lib = load(cards)
    c = board_of(LocalTable(store, data_for=lambda game: lib))
    c.new_game(("Light", "Dark"), seed=3)
    c.submit(0, "deck.option", 0)
    c.submit(0, "deck.pick", 0)
    n = len(c.t.actions)
    store.add_table_action(c.game_id, n, json.dumps(extra_action.to_json()))
    gid = c.game_id
    store.close()
    return gid, n + 1


@pytest.mark.slow
def test_a_saved_game_that_cannot_be_resumed_is_kept_and_a_new_game_starts(tmp_path):
    data = tmp_path / "data"
    from engine.game import Action
    gid, n = saved_game(data / "kiosk.db", Action(0, "match.reveal"))      # no match in a Deck Phase
    s, r = home_run(data, "resume")
    assert r["box_after_touch"] == "beach", "a touch in the middle of the screen reaches the home screen"
    assert s["start"]["can_resume"] and s["start"]["alert"] == ""
    after = s["after-resume"]
    assert after["screen"] == "home" and not after["can_resume"]
    assert after["alert"].startswith(f"The saved game #{gid} could not be resumed (IllegalAction")
    assert after["alert"].endswith("it is kept in the database: start a new game.")
    assert s["after-touching-the-alert"]["alert"] == "", "a tap on the notice puts it away"
    assert s["after-solo"]["screen"] == "deck" and s["after-solo"]["alert"] == ""
    store = Store(data / "kiosk.db")
    finished, outcome, note = store.db.conn.execute(
        "select finished, outcome_json, note from table_games where id = ?", (gid,)).fetchone()
    assert finished and outcome is None and "IllegalAction" in note
    assert len(store.table_actions(gid)) == n                # every action kept
    assert store.unfinished_table_game()[0] != gid           # the new game is the unfinished one
    store.close()
