"""`tablecup simulate --game between`: a whole duel between bots, every turn printed, the winner and why."""

import json
import re
import subprocess
import sys

import pytest


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_simulate_between_prints_every_turn_the_winner_and_why_and_the_same_seed_the_same_game():
    args = ("simulate", "--game", "between", "--players", "2", "--characters", "pirate,ninja", "--seed", "3")
    first = tablecup(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.strip().splitlines()
    assert lines[0].startswith("Between Battle: 2 player(s), seed 3") and "pirate" in lines[0] and "ninja" in lines[0]
    turns = [int(m.group(1)) for line in lines if (m := re.match(r"Turn (\d+): Player [12]$", line))]
    assert turns == list(range(1, len(turns) + 1)) and len(turns) >= 5      # every turn, the first included
    assert any(re.match(r"Player [12] plays (Pirate|Ninja) (\d+|Joker) on zone [AB]\.$", line) for line in lines)
    assert re.match(r"Player [12] wins: .+\.$", lines[-2])
    assert re.match(r"Winner: Player [12] \((hit-points|coup-fatal|coup-fatal-hit-points|coup-fatal-tie|no-cards)\)$",
                    lines[-1])
    assert tablecup(*args).stdout == first.stdout
    other = tablecup("simulate", "--game", "between", "--players", "2", "--characters", "pirate,ninja", "--seed", "4")
    assert other.stdout != first.stdout


def test_simulate_between_with_the_sensible_bot_as_json():
    r = tablecup("simulate", "--game", "between", "--players", "2", "--characters", "knight,cowboy", "--seed", "1",
                 "--policy", "sensible", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert rows[-1]["outcome"]["termination"] == "win" and rows[-1]["outcome"]["detail"]["characters"] == ["knight", "cowboy"]
    assert {row["event"]["kind"] for row in rows[:-1]} >= {"turn", "play", "win"}


def test_simulate_between_refuses_bad_options_in_one_line():
    same = tablecup("simulate", "--game", "between", "--players", "2", "--characters", "ninja,ninja")
    assert same.returncode == 2 and "different characters" in same.stderr and same.stdout == ""
    four = tablecup("simulate", "--game", "between", "--players", "4")
    assert four.returncode == 2 and "2 to 2 players, not 4" in four.stderr
