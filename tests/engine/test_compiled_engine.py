"""The compiled engine and its pure-Python fallback play exactly the same games.

The package build compiles the engine's hot modules with Cython (setup.py);
``TABLECUP_PURE_PYTHON=1`` makes the package import the plain modules instead.
Both must record byte-identical event logs, and the same as the engine before
it was compiled (the digest below was recorded from the pure engine of that
commit): speed work may change how, never what.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine.challengers
from engine_digest import event_digest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tests" / "support" / "engine_digest.py"
# The event logs of engine_digest's fixed-seed games, as the engine recorded them
# before any of it was compiled (commit fb0abd5), recorded again when the Robot's R cards were
# recalibrated (cards/robot/robot.toml: the solo level-5 game holds R cards; the engine's code
# did not change).
RECORDED = "2cb50811a336777416dbe00f20a49671e524f5a59d9599c4eb03df053cd70956"


def run_digest(pure: bool) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TABLECUP_PURE_PYTHON"}
    if pure:
        env["TABLECUP_PURE_PYTHON"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests" / "support")])
    out = subprocess.run([sys.executable, str(SCRIPT)], cwd=REPO, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    digest, compiled = out.stdout.split()
    return digest, compiled


def test_this_process_plays_the_recorded_event_logs(lib):
    assert event_digest(lib) == RECORDED


@pytest.mark.slow
def test_pure_python_fallback_and_compiled_engine_record_identical_logs():
    pure_digest, pure_compiled = run_digest(pure=True)
    digest, compiled = run_digest(pure=False)
    assert pure_compiled == "-"                  # nothing compiled was imported
    assert pure_digest == digest == RECORDED


def assert_pure_python_passes(*tests: str) -> None:
    """The rules' tests ``tests`` pass with the compiled modules forbidden (the pure fallback)."""
    env = dict(os.environ, TABLECUP_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests, "-k", "not compiled"],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    assert " passed" in out.stdout


@pytest.mark.slow
def test_engine_rules_pass_under_the_pure_python_fallback():
    assert_pure_python_passes("tests/engine/test_match_rules.py", "tests/engine/test_match_copy.py",
                              "tests/engine/test_deckphase_rules.py", "tests/cards/test_coverage.py",
                              "tests/challengers/test_speed_shortcuts.py")


@pytest.mark.skipif(not os.environ.get("TABLECUP_REQUIRE_COMPILED"),
                    reason="set TABLECUP_REQUIRE_COMPILED=1 (./dev.sh test does) to require the compiled build")
def test_the_installed_build_runs_the_compiled_modules():
    import engine.challengers.deckphase  # noqa: F401
    import engine.challengers.match  # noqa: F401
    import engine.challengers.piles  # noqa: F401
    import engine.challengers.policies  # noqa: F401
    import engine.challengers.tournament  # noqa: F401
    assert sorted(engine.challengers.compiled_modules()) == sorted(engine.challengers.COMPILED), (
        "the engine runs pure Python: rebuild it with `pip install -e .` (./dev.sh setup)")


# Cosplay Team Battle's fixed-seed games (tests/support/cosplay_digest.py), as its pure engine
# played them before any of it was compiled.
COSPLAY_SCRIPT = REPO / "tests" / "support" / "cosplay_digest.py"
COSPLAY_RECORDED = [
    "4a03e42baa4ba82f6d82eec86f63992237c6d5765c4e19b6ce0774420d5412ad",
    "8fc87439e4dec8057c56de0af7750506e9264d98d38506b0374ae679f186249c",
    "e34f1ef683e3d412adb0460f7147bd00e7239fcab34ea68e1a62339c76b4a988",
    "14e995439aceac7d8b822f60f54c149b1d247c1bbac54cfeabff89b747d27ab8",
]


def run_cosplay_digests(pure: bool) -> tuple[list[str], str]:
    env = {k: v for k, v in os.environ.items() if k != "TABLECUP_PURE_PYTHON"}
    if pure:
        env["TABLECUP_PURE_PYTHON"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(REPO / "tests" / "support")])
    out = subprocess.run([sys.executable, str(COSPLAY_SCRIPT)], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    *digests, compiled = out.stdout.split()
    return digests, compiled


@pytest.mark.slow
def test_cosplay_pure_and_compiled_play_identical_games_for_several_seeds():
    pure_digests, pure_compiled = run_cosplay_digests(pure=True)
    digests, compiled = run_cosplay_digests(pure=False)
    assert pure_compiled == "-"                  # nothing compiled was imported
    assert pure_digests == digests == COSPLAY_RECORDED


@pytest.mark.slow
def test_cosplay_rules_pass_under_the_pure_python_fallback():
    assert_pure_python_passes("tests/cosplay")


@pytest.mark.skipif(not os.environ.get("TABLECUP_REQUIRE_COMPILED"),
                    reason="set TABLECUP_REQUIRE_COMPILED=1 (./dev.sh test does) to require the compiled build")
def test_the_installed_build_runs_cosplays_compiled_modules():
    import engine.cosplay
    import engine.cosplay.policies  # the others import payment and state
    assert sorted(engine.cosplay.compiled_modules()) == sorted(engine.cosplay.COMPILED), (
        "Cosplay runs pure Python: rebuild it with `pip install -e .` (./dev.sh setup)")
