"""`tablecup games` and `tablecup simulate --game`: every registered game, played by bots through the contract."""

import dataclasses
import json
import subprocess
import sys

import pytest

import toygame
from engine import registry
from engine.events import Event
from engine.game import About
from tablecup.cli import main


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], capture_output=True, text=True, timeout=120)


def test_games_lists_the_registry_as_text_and_json():
    r = tablecup("games")
    assert r.returncode == 0, r.stderr
    assert any(line.split()[0] == "challengers" and "1-8 players" in line and "greedy" in line
               for line in r.stdout.splitlines())
    rows = json.loads(tablecup("games", "--json").stdout)
    names = [row["name"] for row in rows]
    assert names == sorted(names) and "challengers" in names
    ch = rows[names.index("challengers")]
    assert (ch["title"], ch["min_players"], ch["max_players"], ch["bots"]) == ("Challengers!", 1, 8, True)
    assert ch["titles"]["fr"] == "Challengers !" and "robot_level" in ch["options"]


def test_simulate_game_challengers_is_todays_simulate():
    a = tablecup("simulate", "--players", "5", "--seed", "1")
    b = tablecup("simulate", "--game", "challengers", "--players", "5", "--seed", "1")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert a.stdout.strip().splitlines()[-1].startswith("Winner: ")


def test_simulate_names_an_unknown_game_in_one_line():
    r = tablecup("simulate", "--game", "chess", "--players", "2")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == ["tablecup: --game: unknown game 'chess' (one of "
                                             + ", ".join(g.name for g in registry.games()) + ") (see `tablecup games`)"]


# --- a game that is not bundled, registered for the test: the command line knows nothing of it.

def _described(e: Event, lang: str) -> str:
    if e.kind == "point":
        return f"seat {e.player} scores ({e.value})"
    return f"{e.kind} {e.player}"


seen_options = []


def _new(data, setup):
    seen_options.append(dict(setup.options))
    return toygame.HighCard(setup)


HIGHCARD = dataclasses.replace(toygame.GAME, options={"deck": "card values, comma-separated", "style": "a word"},
                               describe_event=_described, new=_new)
SILENT = dataclasses.replace(toygame.GAME, name="silent", titles={"en": "Silent"}, policies={})


@pytest.fixture
def more_games(monkeypatch):
    real, real_abouts = registry._games(), registry._abouts()
    monkeypatch.setattr(registry, "_games", lambda: {**real, "highcard": HIGHCARD, "silent": SILENT})
    monkeypatch.setattr(registry, "_abouts", lambda: {**real_abouts, "highcard": About.of(HIGHCARD),
                                                      "silent": About.of(SILENT)})
    seen_options.clear()


def test_simulate_plays_any_registered_game_and_says_every_event(more_games, capsys):
    assert main(["simulate", "--game", "highcard", "--players", "3", "--seed", "4", "--deck", "1,5,9",
                 "--style", "loud"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0] == "High Card: 3 player(s), seed 4, deck ['1', '5', '9'], style loud"
    assert seen_options == [{"deck": ["1", "5", "9"], "style": "loud"}]
    assert sum(line.startswith("choose ") for line in out) == 9        # three tricks, three players
    assert out[-1].startswith("Winner: Player ") or out[-1].startswith("No winner: draw")
    main(["simulate", "--game", "highcard", "--players", "3", "--seed", "4", "--deck", "1,5,9", "--style", "loud"])
    assert capsys.readouterr().out.strip().splitlines() == out       # the same seed, the same game


def test_simulate_json_prints_one_event_per_line_then_the_outcome(more_games, capsys):
    assert main(["simulate", "--game", "highcard", "--players", "2", "--seed", "1", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]
    events, last = lines[:-1], lines[-1]
    assert events and all(set(x) == {"event"} for x in events)
    assert sum(x["event"]["kind"] == "choose" for x in events) == 6
    assert last["outcome"]["termination"] in ("win", "draw")
    points = {}
    for x in events:
        if x["event"]["kind"] == "point":
            points[x["event"]["player"]] = x["event"]["value"]
    assert last["outcome"]["scores"] == [points.get(0, 0), points.get(1, 0)]
    if last["outcome"]["termination"] == "win":
        assert last["winners"] == [f"Player {w + 1}" for w in last["outcome"]["winners"]]


def test_games_says_which_games_bots_can_play(more_games, capsys):
    assert main(["games"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["silent"].endswith("no bots") and "bots: random" in lines["highcard"]


@pytest.mark.parametrize("args,needle", [
    (["--game", "highcard", "--players", "7"], "--players: High Card is for 2 to 4 players, not 7"),
    (["--game", "highcard", "--players", "2", "--policy", "genius"], "--policy must be one of random"),
    (["--game", "silent", "--players", "2"], "--policy must be one of nothing: no bots"),
    (["--game", "highcard", "--players", "2", "--robot-level", "3"], "unrecognized arguments: --robot-level 3"),
])
def test_simulate_refuses_bad_values_in_one_line(more_games, capsys, args, needle):
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and needle in err[0], err
