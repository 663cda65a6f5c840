"""A player removes every card of their deck (the real app, offscreen, taps and keys only).

The rules allow removing any number of cards; the removal screen asks once before a deck drops
below 6 cards.  At the next match the player who must reveal with no card left loses the match
(out of cards), and the tournament goes on to its end: no crash, every action saved.
"""

import json

import pytest

from kiosk_helpers import artifacts_dir, run_script


@pytest.mark.parametrize("mode,seed", [("solo", 7), ("two", 5)])
def test_a_player_removes_every_card_and_the_tournament_ends(tmp_path, mode, seed):
    p = run_script("drive_table.py", tmp_path / "data", artifacts_dir() / "table", mode, seed, 2, timeout=180)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["done"] and r["rc"] == 0, "the tournament ended"
    assert r["removed"] >= 6, "every card of the deck was removed"
    assert r["confirm_asked"] == 1, "asked once, when the deck would drop below 6 cards"
    round2 = [x for x in r["results"] if x[0] == 2]
    assert round2 == [[2, 1, 1, 0, "out-of-cards"]], r["results"]
    assert r["db_actions"] == r["actions"] and r["finished"]
    assert "confirm-remove" in r["shots"]
