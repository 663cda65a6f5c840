"""What the command line prints, as a real process: one ``--json`` format for every game that
plays, a reader that stops early (``| head``) ending it quietly, and the help and the game
list coming up without any game's rules imported."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry

REPO = Path(__file__).resolve().parents[2]
GAMES = [a.name for a in registry.abouts()]


def tablecup(*args):
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, check=False)


@pytest.mark.parametrize("game", GAMES)
def test_simulate_json_is_json_lines_for_every_game(game):
    r = tablecup("simulate", "--game", game, "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    events, last = lines[:-1], lines[-1]
    assert events and all(set(x) == {"event"} and "kind" in x["event"] for x in events)
    assert set(last) == {"outcome", "winners", "summary"}
    assert last["outcome"]["termination"] in ("win", "draw", "abandoned")
    assert len(last["winners"]) == len(last["outcome"]["winners"])


def _into_a_closed_pipe(*args):
    """Run ``tablecup *args`` writing into a pipe whose reader has gone: every write fails."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], cwd=REPO, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=300, check=False)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [
    ("--help",), ("games",), ("games", "--json"), ("cards", "list"), ("cards", "list", "--json"),
    ("cards", "show", "hermit"), ("cards", "check"),
    ("match", "--deck-a", "champion,dog", "--deck-b", "newcomer,lion", "--json"),
    ("simulate", "--players", "3"), ("simulate", "--players", "3", "--json"),
    *[("simulate", "--game", g, "--json") for g in GAMES if g != "challengers"],
    *[("simulate", "--game", g) for g in GAMES if g != "challengers"],
])
def test_a_reader_that_has_gone_ends_every_printing_command_quietly(args):
    """Output into a closed pipe: no traceback, no "Exception ignored" at exit, the status of
    a process ended by SIGPIPE."""
    r = _into_a_closed_pipe(*args)
    assert r.stderr == ""
    # (argparse's help ignores a failed write itself, and exits 0.)
    assert r.returncode == (0 if args == ("--help",) else 141)


def test_simulate_into_head_prints_one_line_and_ends_quietly():
    """`tablecup simulate --game between --json | head -1`, and a long one that is still
    printing when head has gone."""
    for command, long in (("simulate --game between --json", False), ("simulate --players 8 --json", True)):
        r = subprocess.run(["bash", "-c", f"set -o pipefail; {sys.executable} -m tablecup.cli {command} | head -1"],
                           cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
        assert r.stderr == "" and len(r.stdout.splitlines()) == 1 and json.loads(r.stdout)["event"]
        # A short output may be all in the pipe before head reads it: then nothing failed.
        assert r.returncode == 141 if long else r.returncode in (0, 141)


SHOW_MODULES = """
import sys
from tablecup.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stdout.flush()
print("\\n".join(sorted(sys.modules)), file=sys.stderr)
"""


def _modules_after(*argv):
    r = subprocess.run([sys.executable, "-c", SHOW_MODULES, *argv], cwd=REPO, capture_output=True, text=True,
                       timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    return set(r.stderr.split())


def _games_rules(modules):
    """The modules of any game's package beyond its ``__init__`` (a compiled game's import
    hook, with nothing to decide yet, aside)."""
    return sorted(m for m in modules for g in GAMES
                  if m.startswith(f"engine.{g}.") and m != f"engine.{g}._compiled")


def test_importing_the_command_line_imports_no_game():
    r = subprocess.run([sys.executable, "-c", "import sys, tablecup.cli; print('\\n'.join(sys.modules))"],
                       cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr
    assert not [m for m in r.stdout.split() for g in GAMES if m == f"engine.{g}" or m.startswith(f"engine.{g}.")]


@pytest.mark.parametrize("argv", [["--help"], ["games"], ["games", "--json"], ["simulate", "--help"],
                                  ["simulate", "--game", "between", "--help"], ["cards", "--help"]])
def test_the_help_and_the_game_list_import_no_games_rules(argv):
    modules = _modules_after(*argv)
    assert _games_rules(modules) == []
    assert "engine.challengers.match" not in modules


def test_a_command_that_plays_does_import_the_rules():
    """The check above sees the rules when they are imported."""
    modules = _modules_after("simulate", "--game", "between", "--players", "2")
    assert "engine.between.state" in _games_rules(modules)
