"""The command line, run as a real process: `tablecup match`, `simulate`, `cards list`."""

import json
import subprocess
import sys

import pytest


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120)


def json_lines(stdout):
    """``--json`` of a command that plays: the events, and the last line."""
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert all(set(x) == {"event"} for x in lines[:-1]) and set(lines[-1]) == {"outcome", "winners", "summary"}
    return [x["event"] for x in lines[:-1]], lines[-1]


def test_match_prints_every_event_and_the_winner_as_json():
    r = tablecup("match", "--deck-a", "champion,dog", "--deck-b", "newcomer,talent,lion", "--first", "a",
                 "--no-shuffle", "--json")
    assert r.returncode == 0, r.stderr
    events, last = json_lines(r.stdout)
    # Champion 4 holds; Newcomer 1 + Talent 2 = 3 < 4; Lion: 8 >= 4 takes it; Dog 3 < 5; a is out of cards.
    assert (last["winners"], last["outcome"]["reason"]) == (["b"], "out-of-cards")
    assert last["summary"] == {"reveals": 5, "fans": {"a": 0, "b": 0}}
    reveals = [(e["player"], e["card"]) for e in events if e["kind"] == "reveal"]
    assert reveals == [("a", "champion"), ("b", "newcomer"), ("b", "talent"), ("b", "lion"), ("a", "dog")]


def test_match_text_output_ends_with_the_winner():
    r = tablecup("match", "--deck-a", "lion", "--deck-b", "newcomer", "--first", "a", "--no-shuffle")
    assert r.returncode == 0
    assert r.stdout.strip().splitlines()[-1] == "winner: a (out-of-cards)"


@pytest.mark.parametrize("args,needle", [
    (("match", "--deck-a", "champion,nope", "--deck-b", "dog"), "unknown card id 'nope'"),
    (("match", "--deck-a", "dog", "--deck-b", "dog", "--round", "9"), "--round"),
    (("match", "--deck-a", "dog", "--deck-b", "dog", "--first", "c"), "--first"),
    (("simulate", "--players", "0"), "--players"),
    (("simulate", "--players", "3", "--robot-level", "5"), "solo"),
    (("simulate", "--players", "2", "--box", "moon"), "--box"),
    (("simulate", "--players", "x"), "--players"),
    (("simulate", "--players", "4", "--sets", "city,atlantis"), "unknown set 'atlantis'"),
])
def test_bad_values_print_one_clear_line_and_exit_2(args, needle):
    r = tablecup(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], r.stderr
    assert r.stdout == ""


@pytest.mark.parametrize("players", [8, 5, 2, 1])
@pytest.mark.slow
def test_simulate_runs_to_a_winner_and_the_same_seed_prints_the_same_tournament(players):
    a = tablecup("simulate", "--players", str(players), "--seed", "7", "--json")
    b = tablecup("simulate", "--players", str(players), "--seed", "7", "--json")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    events, last = json_lines(a.stdout)
    out = last["summary"]
    assert events and last["winners"] == [out["winner"]]
    assert out["winner"] in {s["name"] for s in out["standings"]} | {"Robot"}
    if players >= 3:
        assert out["final"] is not None and out["end"] == "final"
    else:
        assert out["final"] is None and out["end"] in ("lead", "most-fans")
    assert out["robot"] == (players % 2 == 1)
    c = tablecup("simulate", "--players", str(players), "--seed", "8", "--json")
    assert c.stdout != a.stdout


def test_simulate_text_names_rounds_final_and_winner():
    r = tablecup("simulate", "--players", "4", "--seed", "3")
    assert r.returncode == 0
    assert "Round 1" in r.stdout and "Round 7" in r.stdout and "Final at park" in r.stdout
    assert r.stdout.strip().splitlines()[-1].startswith("Winner: ")


def test_cards_list_shows_stable_ids():
    r = tablecup("cards", "list", "--json")
    assert r.returncode == 0
    cards = {c["id"]: c for c in json.loads(r.stdout)}
    for plain in ("newcomer", "talent", "dog", "champion"):
        assert cards[plain]["level"] == "S"
    assert cards["bard"]["name"] == "Bard" and cards["rubber-duck"]["power"] == 5
    assert cards["cyborg"]["power"] == "round"
