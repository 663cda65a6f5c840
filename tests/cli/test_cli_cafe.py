"""`tablecup cafe`: a whole café tournament of any game with bot entrants, from the command line."""

import json
import subprocess
import sys

import pytest

import cards
from engine.cafe import new_setup, tournament_game
from engine.cafe.bots import play_with_bots


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120,
                          check=False)


def test_a_between_swiss_prints_its_rounds_and_standings():
    r = tablecup("cafe", "--game", "between", "--format", "swiss", "--rounds", "3", "--players", "8", "--seed", "1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Café tournament: Between Battle: swiss, 8 entrants, 3 round(s), sensible bots, seed 1"
    assert [x for x in lines if x.startswith("Round ")] == ["Round 1", "Round 2", "Round 3"]
    assert sum(1 for x in lines if x.startswith("  park ")) == 12
    assert lines[-1].startswith("Winner: Player ")


def test_the_record_is_the_same_in_a_fresh_process_as_in_this_one():
    r = tablecup("cafe", "--game", "wacky", "--players", "9", "--table-size", "4", "--rounds", "2", "--seed", "5",
                 "--bot", "random", "--json")
    assert r.returncode == 0, r.stderr
    setup = new_setup("wacky", [f"Player {i + 1}" for i in range(9)], 5, format="tables", rounds=2, table_size=4)
    here = play_with_bots(tournament_game(setup).load(cards), setup, "random").record()
    assert json.loads(r.stdout) == json.loads(json.dumps(here))
    again = tablecup("cafe", "--game", "wacky", "--players", "9", "--table-size", "4", "--rounds", "2", "--seed", "5",
                     "--bot", "random", "--json")
    assert again.stdout == r.stdout


def test_a_cosplay_cup_and_a_between_knockout_from_the_command_line():
    r = tablecup("cafe", "--game", "cosplay", "--players", "6", "--rounds", "1", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    record = json.loads(r.stdout)
    assert record["format"] == "tables" and record["rules"]["table_size"] == 4 and record["over"]
    assert [len(t["players"]) for t in record["rounds"][0]["tables"]] == [3, 3]
    r = tablecup("cafe", "--game", "between", "--format", "knockout", "--seeding", "draw", "--players", "5", "--json")
    assert r.returncode == 0, r.stderr
    record = json.loads(r.stdout)
    assert len(record["rounds"]) == 3 and record["winner"] == record["standings"][0]["name"]


@pytest.mark.parametrize("args, message", [
    (["--game", "chess", "--players", "4"], "unknown game 'chess'"),
    (["--game", "challengers", "--players", "4"], "Challengers! has no café format"),
    (["--game", "between", "--format", "tables", "--players", "4"], "its formats: swiss, knockout"),
    (["--game", "wacky", "--players", "1"], "too few entrants"),
    (["--game", "wacky", "--players", "9", "--table-size", "8"], "table_size: Wacky Challenge seats 2 to 7"),
    (["--game", "cosplay", "--players", "4", "--bot", "robot"], "bot: Cosplay Team Battle's bots are"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    r = tablecup("cafe", *args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.startswith("tablecup: ") and message in r.stderr and len(r.stderr.splitlines()) == 1
