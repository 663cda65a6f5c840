"""`tablecup simulate --game cosplay`: Cosplay Team Battle played by bots from the command line."""

import json
import subprocess
import sys


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120)


def test_simulate_cosplay_three_players_seed_3():
    r = tablecup("simulate", "--game", "cosplay", "--players", "3", "--seed", "3")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "Cosplay Team Battle: 3 player(s), seed 3"
    assert "P2's turn 1." in lines and "P3's turn 1." in lines and "P1's turn 2." in lines
    assert any(line.startswith("Last round: ") for line in lines)
    assert lines[-2].startswith("Game over, ")
    assert lines[-1].startswith("Winner: Player ") or lines[-1].startswith("No winner: draw")
    again = tablecup("simulate", "--game", "cosplay", "--players", "3", "--seed", "3")
    assert again.stdout == r.stdout                                  # the same seed, the same game


def test_simulate_cosplay_json_with_the_sensible_bots():
    r = tablecup("simulate", "--game", "cosplay", "--players", "3", "--seed", "3", "--policy", "sensible", "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.strip().splitlines()]
    events, last = rows[:-1], rows[-1]
    kinds = {x["event"]["kind"] for x in events}
    assert {"turn", "recruit", "complete", "conveyor", "game-over"} <= kinds
    out = last["outcome"]
    assert len(out["scores"]) == 3 and out["detail"]["turns"][0] == out["detail"]["turns"][2]
    assert max(out["scores"]) > 0
    if out["termination"] == "win":
        assert last["winners"] == [f"Player {w + 1}" for w in out["winners"]]


def test_simulate_cosplay_refuses_five_players():
    r = tablecup("simulate", "--game", "cosplay", "--players", "5")
    assert r.returncode == 2
    assert "Cosplay Team Battle is for 2 to 4 players, not 5" in r.stderr
