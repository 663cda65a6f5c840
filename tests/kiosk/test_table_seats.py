"""At one table people keep their seats for the whole tournament (the real app, offscreen).

The 2-slot plan swaps its light and dark sides in rounds 3, 4 and 7; that decides which engine
side each player plays, never where they sit.  Driven by keys and taps: a player reveals with the
key of the half that shows their name, so a half showing the wrong player gets the game stuck.
"""

import json

import pytest

from kiosk_helpers import artifacts_dir, run_script


def drive(tmp_path, mode, seed, *extra):
    p = run_script("drive_table.py", tmp_path / "data", artifacts_dir() / "table", mode, seed, *extra, timeout=180)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["done"] and r["rc"] == 0
    return r


@pytest.mark.parametrize("mode,seed,names", [("solo", 7, ("Player", "Robot")), ("two", 5, ("Light", "Dark"))])
def test_each_player_keeps_their_half_in_every_round(tmp_path, mode, seed, names):
    r = drive(tmp_path, mode, seed)
    assert r["rounds"] >= 5, "the tournament reaches the rounds where the plan swaps sides"
    swapped = [row for row in r["seats"] if row[1] == [1, 0]]
    assert swapped, "the plan put player 0 on the dark side in some round"
    for rnd, players, bottom, top in r["seats"]:
        assert f"[b]{names[0]}[/b]" in bottom and f"[b]{names[1]}[/b]" in top, (rnd, players, bottom, top)
    assert {row[0] for row in r["seats"]} >= {1, 2, 3, 4, 5}
    assert r["db_actions"] == r["actions"] and r["finished"]
