"""bench/bots.py --versus, run tiny: every game's hard bot against its sensible bot over two seeded
games each, on worker processes; the table it prints, and the same games however the work is shared
out (without a time cap the seeds alone decide them)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from registered import engine_games

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^(\w+) +(\d+) +(\d+\.\d)% +(\d+\.\d)% - (\d+\.\d)% +(\d+) +(\d+) +(\d+\.\d{3}) +(\d+\.\d{3}) +(\d+) +(\d+)$")


def table(*options):
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bots.py"), "--versus", "--games", "2",
                          "--simulations", "2", "--cap", "0", *options],
                         cwd=ROOT, capture_output=True, text=True, timeout=300, check=True).stdout.splitlines()
    assert out[0].startswith("hard bot vs sensible bot, 2 players, 2 games a game (seeds 0..1")
    assert "no time cap" in out[0] and "CPU time x 3 (a Pi 4)" in out[0]
    assert out[1].split() == ["game", "games", "hard", "bot", "wins", "95", "%", "interval", "draws", "decisions",
                              "median", "s", "p99", "s", "simulations", "median", "p10"]
    rows = {}
    for line in out[2:]:
        m = ROW.match(line)
        assert m, line
        rows[m[1]] = m.groups()
    return rows


@pytest.mark.slow
def test_the_versus_bench_plays_every_game_the_same_however_shared_out():
    two = table("--jobs", "2", "--chunk", "1")
    one = table("--jobs", "1", "--chunk", "2")
    assert set(two) == set(engine_games(hidden=True))    # every game with hidden information has both bots
    for name, row in two.items():
        assert row[1] == "2"
        lo, share, hi = float(row[3]), float(row[2]), float(row[4])
        assert lo <= share <= hi
        assert int(row[6]) > 0                       # the hard bot made decisions, each timed
        assert int(row[10]) <= int(row[9]) <= 2      # simulations a decision: at most the 2 it may play
        assert row[:7] == one[name][:7]              # wins, interval, draws, decisions: the seeds decide


def test_a_stopped_versus_run_prints_the_games_it_finished():
    """A long run stopped by a kill (or Ctrl-C) prints the table of the chunks it finished, so a
    run that a deadline cuts short still gives its figures."""
    run = subprocess.Popen([sys.executable, str(ROOT / "bench" / "bots.py"), "--versus", "--game", "between",
                            "--games", "100000", "--simulations", "2", "--cap", "0", "--jobs", "1", "--chunk", "1"],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stderr is not None
        for line in run.stderr:                 # the first finished chunk's progress line
            if line.startswith("  ... between: "):
                break
        run.terminate()
        out, _ = run.communicate(timeout=120)
    finally:
        run.kill()
    lines = out.splitlines()
    assert "(stopped early: the finished chunks of 1 games)" in lines[0]
    m = ROW.match(lines[2])
    assert m and m[1] == "between" and 1 <= int(m[2]) < 100000
