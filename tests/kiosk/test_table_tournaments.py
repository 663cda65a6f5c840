"""Whole tournaments at one table in the real app (offscreen), by keys and taps only.

One solo and one 2-player tournament, each played once by ``drive_table.py`` with player 0
tapping every card of their deck away in round 2:

* Seats: the 2-slot plan swaps its light and dark sides in rounds 3, 4 and 7; that decides which
  engine side each player plays, never where they sit.  A player reveals with the key of the half
  that shows their name, so a half showing the wrong player would get the game stuck.
* An empty deck: the removal screen asks once before the deck drops below 6 cards; at the
  round-2 match the player who must reveal with no card left loses (out of cards), and the
  tournament goes on to its end.
"""

import json

import pytest

from kiosk_helpers import artifacts_dir, run_script

pytestmark = pytest.mark.slow   # whole table tournaments in the real app

NAMES = {"solo": ("Player", "Robot"), "two": ("Light", "Dark")}
SEEDS = {"solo": 7, "two": 5}


@pytest.fixture(scope="module", params=["solo", "two"])
def played(request, tmp_path_factory):
    mode = request.param
    data = tmp_path_factory.mktemp(mode) / "data"
    p = run_script("drive_table.py", data, artifacts_dir() / "table", mode, SEEDS[mode], 2, timeout=180)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    return mode, r


def test_the_tournament_ends_with_every_action_saved(played):
    _, r = played
    assert r["done"] and r["rc"] == 0
    assert r["db_actions"] == r["actions"] and r["finished"]


def test_each_player_keeps_their_half_in_every_round(played):
    mode, r = played
    names = NAMES[mode]
    assert {row[0] for row in r["seats"]} >= {1, 2, 3, 4}, "the rounds where the plan swaps sides were played"
    assert any(row[1] == [1, 0] for row in r["seats"]), "the plan put player 0 on the dark side in some round"
    for rnd, players, bottom, top in r["seats"]:
        assert f"[b]{names[0]}[/b]" in bottom and f"[b]{names[1]}[/b]" in top, (rnd, players, bottom, top)


def test_a_player_who_removed_every_card_loses_out_of_cards(played):
    _, r = played
    assert r["removed"] >= 6, "every card of the deck was removed"
    assert r["confirm_asked"] == 1, "asked once, when the deck would drop below 6 cards"
    assert "confirm-remove" in r["shots"]
    assert [x for x in r["results"] if x[0] == 2] == [[2, 1, 1, 0, "out-of-cards"]], r["results"]
