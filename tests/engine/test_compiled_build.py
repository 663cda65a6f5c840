"""The compiled engine runs whole or not at all: a stale or partial build makes the whole
package run pure Python, with one warning line, and never breaks the import.

The compiled modules ``cimport`` each other's extension types: one module falling back to
its ``.py`` beside compiled neighbours fails to import (Cython refuses a type whose size
changed).  These tests copy this checkout's real build into a scratch directory, make it
stale or partial there the way an edit or an interrupted build does, and import the package
in a fresh interpreter.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHALLENGERS = Path("engine") / "challengers"

# Imports the package and every compiled module, plays a short tournament between greedy bots,
# and prints the modules running compiled, then a digest of the events.
SCRIPT = """
import hashlib
import cards
import engine.challengers as c
from engine.challengers.library import load
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament
import engine.challengers.deckphase, engine.challengers.piles, engine.challengers.shuffling
t = Tournament(load(cards), Setup(players=("a", "b", "c"), seed=5))
run_tournament(t, {p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players})
print(",".join(c.compiled_modules()) or "-")
print(hashlib.sha256(repr([tuple(e) for e in t.log]).encode()).hexdigest())
"""


def _env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("TABLECUP_PURE_PYTHON", "TABLECUP_REQUIRE_COMPILED", "PYTHONPATH")}
    env.update(extra)
    return env


def _run(root: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SCRIPT], cwd=root, env=_env(PYTHONPATH=str(root), **env),
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A scratch copy of this checkout's engine and card data with its build (file times
    kept), and what the untouched copy prints: (root, output)."""
    root = tmp_path_factory.mktemp("built")
    shutil.copytree(REPO / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    shutil.copytree(REPO / "cards", root / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    # The card data reads its files through appliance.config (a venv without the project
    # installed, as the version-floor test's, has nothing else to import it from).
    shutil.copytree(REPO / "appliance", root / "appliance", ignore=shutil.ignore_patterns("__pycache__"))
    whole = _run(root)
    assert whole.returncode == 0, whole.stderr
    compiled, _ = whole.stdout.split()
    if compiled == "-":
        if os.environ.get("TABLECUP_REQUIRE_COMPILED"):
            pytest.fail("the engine is not compiled here: rebuild it with `pip install -e .`")
        pytest.skip("needs this checkout's compiled build (pip install -e ., or python setup.py build_ext --inplace)")
    assert whole.stderr == ""
    return root, whole.stdout.split()


def _extension(folder: Path, module: str) -> Path:
    from importlib.machinery import EXTENSION_SUFFIXES
    return next(folder / (module + s) for s in EXTENSION_SUFFIXES if (folder / (module + s)).exists())


def _compiled_modules(root: Path) -> list[str]:
    return sorted(p.name.split(".")[0] for p in (root / CHALLENGERS).iterdir()
                  if p.suffix == ".so" or p.suffix == ".pyd")


def test_the_untouched_copy_runs_every_module_compiled(built):
    _, (compiled, _) = built
    from engine.challengers import COMPILED
    assert sorted(compiled.split(",")) == sorted(COMPILED)


def _assert_pure_with_one_warning(out: subprocess.CompletedProcess, digest: str, names: str):
    assert out.returncode == 0, out.stderr
    compiled, got_digest = out.stdout.split()
    assert compiled == "-"                           # the whole engine runs pure
    assert got_digest == digest                       # and plays the same events
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    assert "runs pure Python" in lines[0] and names in lines[0] and "pip install -e ." in lines[0], lines[0]


@pytest.mark.parametrize("suffix", [".py", ".pxd"])
@pytest.mark.slow
def test_a_touched_source_of_any_compiled_module_makes_the_whole_engine_run_pure(built, suffix):
    """`touch match.py` (an edit, no rebuild yet): the package imports, all of it pure."""
    root, (_, digest) = built
    folder = root / CHALLENGERS
    touched = 0
    for module in _compiled_modules(root):
        source = folder / (module + suffix)
        if not source.exists():
            continue
        before = source.stat()
        built_at = _extension(folder, module).stat().st_mtime
        os.utime(source, (built_at + 10, built_at + 10))
        try:
            _assert_pure_with_one_warning(_run(root), digest, module + suffix)
        finally:
            os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))
        touched += 1
    assert touched >= (6 if suffix == ".py" else 5)
    whole = _run(root)                                # every time put back: compiled again
    assert whole.stdout.split() == built[1] and whole.stderr == ""


def test_the_c_helper_edited_makes_the_whole_engine_run_pure(built):
    root, (_, digest) = built
    source = root / CHALLENGERS / "_twister.pyx"
    before = source.stat()
    built_at = _extension(root / CHALLENGERS, "_twister").stat().st_mtime
    os.utime(source, (built_at + 10, built_at + 10))
    try:
        _assert_pure_with_one_warning(_run(root), digest, "_twister.pyx")
    finally:
        os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_a_partial_build_makes_the_whole_engine_run_pure(built, tmp_path):
    """A compiled module missing (an interrupted build, a file deleted): pure, and it says which."""
    root, (_, digest) = built
    for module in ("piles", "policies"):
        path = _extension(root / CHALLENGERS, module)
        aside = tmp_path / path.name
        shutil.move(path, aside)
        try:
            _assert_pure_with_one_warning(_run(root), digest, module)
        finally:
            shutil.move(aside, path)


def test_a_stale_build_fails_loudly_when_the_compiled_engine_is_required(built):
    root, _ = built
    source = root / CHALLENGERS / "tournament.py"
    before = source.stat()
    built_at = _extension(root / CHALLENGERS, "tournament").stat().st_mtime
    os.utime(source, (built_at + 10, built_at + 10))
    try:
        out = _run(root, TABLECUP_REQUIRE_COMPILED="1")
        assert out.returncode != 0
        assert "CompiledBuildError" in out.stderr and "tournament.py" in out.stderr and "pip install -e ." in out.stderr
        # Asked for pure Python, it runs pure without a word.
        pure = _run(root, TABLECUP_REQUIRE_COMPILED="1", TABLECUP_PURE_PYTHON="1")
        assert pure.returncode == 0 and pure.stdout.split()[0] == "-" and pure.stderr == ""
    finally:
        os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_nothing_compiled_runs_pure_quietly_and_fails_when_the_build_is_required(tmp_path):
    """A checkout never built (a worktree, a pure install) runs pure without a warning."""
    shutil.copytree(REPO / "engine", tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.so", "*.pyd"))
    shutil.copytree(REPO / "cards", tmp_path / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "appliance", tmp_path / "appliance", ignore=shutil.ignore_patterns("__pycache__"))
    out = _run(tmp_path)
    assert out.returncode == 0 and out.stdout.split()[0] == "-" and out.stderr == "", out.stderr
    required = _run(tmp_path, TABLECUP_REQUIRE_COMPILED="1")
    assert required.returncode != 0 and "CompiledBuildError" in required.stderr
    assert "not compiled" in required.stderr


# Cosplay Team Battle's compiled modules share the same guard (engine/_compiled.py): its own
# fixed-seed games, run in the scratch copy, print their digests and then the modules compiled.
COSPLAY = Path("engine") / "cosplay"
COSPLAY_SCRIPT = REPO / "tests" / "support" / "cosplay_digest.py"


def _run_cosplay(root: Path, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(COSPLAY_SCRIPT)], cwd=root, env=_env(PYTHONPATH=str(root), **env),
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def cosplay_built(built):
    """What Cosplay's untouched compiled copy prints: (root, digests, modules compiled)."""
    root, _ = built
    whole = _run_cosplay(root)
    assert whole.returncode == 0 and whole.stderr == "", whole.stderr
    *digests, compiled = whole.stdout.split()
    from engine.cosplay import COMPILED
    if compiled == "-":
        pytest.skip("needs Cosplay's compiled build (python setup.py build_ext --inplace)")
    assert sorted(compiled.split(",")) == sorted(COMPILED)
    return root, digests


def _assert_cosplay_pure_with_one_warning(out: subprocess.CompletedProcess, digests: list[str], names: str):
    assert out.returncode == 0, out.stderr
    *got, compiled = out.stdout.split()
    assert compiled == "-"                           # all of Cosplay runs pure
    assert got == digests                             # and plays the same games
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    assert "engine.cosplay runs pure Python" in lines[0] and names in lines[0], lines[0]


@pytest.mark.slow
def test_a_touched_cosplay_source_makes_all_of_cosplay_run_pure(cosplay_built):
    root, digests = cosplay_built
    folder = root / COSPLAY
    from engine.cosplay import COMPILED
    for module in COMPILED:
        source = folder / (module + ".py")
        before = source.stat()
        built_at = _extension(folder, module).stat().st_mtime
        os.utime(source, (built_at + 10, built_at + 10))
        try:
            _assert_cosplay_pure_with_one_warning(_run_cosplay(root), digests, module + ".py")
        finally:
            os.utime(source, ns=(before.st_atime_ns, before.st_mtime_ns))


@pytest.mark.slow
def test_a_partial_cosplay_build_runs_pure_and_a_required_build_fails(cosplay_built, tmp_path):
    root, digests = cosplay_built
    path = _extension(root / COSPLAY, "state")
    aside = tmp_path / path.name
    shutil.move(path, aside)
    try:
        _assert_cosplay_pure_with_one_warning(_run_cosplay(root), digests, "state")
        required = _run_cosplay(root, TABLECUP_REQUIRE_COMPILED="1")
        assert required.returncode != 0 and "CompiledBuildError" in required.stderr
    finally:
        shutil.move(aside, path)
