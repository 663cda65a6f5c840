"""`tablecup simulate --game wacky`: Wacky Challenge played by bots from the command line."""

import json
import subprocess
import sys

import pytest


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.slow
def test_simulate_wacky_five_players_seed_three():
    r = tablecup("simulate", "--game", "wacky", "--players", "5", "--seed", "3")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "Wacky Challenge: 5 player(s), seed 3"
    assert [x for x in lines if x.startswith("Turn ")] == ["Turn 2.", "Turn 3.", "Turn 4.", "Turn 5."]
    assert sum(1 for x in lines if x.endswith("chooses a card, face down.")) == 25
    assert sum(1 for x in lines if " takes " in x) == 25
    assert sum(1 for x in lines if x.startswith("Player ") and " stages (" in x) == 5
    assert lines[-1].startswith("Winner: Player ")
    assert tablecup("simulate", "--game", "wacky", "--players", "5", "--seed", "3").stdout == r.stdout
    assert tablecup("simulate", "--game", "wacky", "--players", "5", "--seed", "4").stdout != r.stdout


def test_simulate_wacky_json_lines_and_chosen_pilots():
    r = tablecup("simulate", "--game", "wacky", "--players", "3", "--seed", "3", "--pilots", "violet,red,blue",
                 "--policy", "sensible", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows[0]["event"] == {"kind": "choose", "player": 0}
    final = rows[-1]
    assert final["outcome"]["termination"] == "win" and len(final["outcome"]["scores"]) == 3
    assert [len(x) for x in (final["outcome"]["detail"]["routes"],)] == [3]


def test_simulate_wacky_refuses_bad_input_in_one_line():
    r = tablecup("simulate", "--game", "wacky", "--players", "3", "--pilots", "violet,pink,red")
    assert r.returncode == 2 and r.stdout == ""
    assert "unknown pilot 'pink'" in r.stderr
    r = tablecup("simulate", "--game", "wacky", "--players", "8")
    assert r.returncode == 2 and "2 to 7 players, not 8" in r.stderr
