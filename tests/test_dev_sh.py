"""``./dev.sh test`` reinstalls the package only when something its install builds from has changed.

dev.sh keeps the hash of what the install builds from (:func:`build_inputs_hash` in dev.sh) in the
virtual environment; the fast lane skips ``pip install -e .`` when the hash is the same.  Here the
real function runs on a copy of the files it reads: a test or the pytest options changing keeps the
hash (no reinstall), a compiled module, a .pxd, the build script or the dependencies changing does
not.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
READS = ["dev.sh", "pyproject.toml", "setup.py", "kiosk/sound.py", "tools/catalogues.py", "tests/test_plans.py"]


def build_inputs_hash(checkout: Path) -> str:
    """dev.sh's own function (with the package list it hashes), run in ``checkout``."""
    script = ('set -euo pipefail; source <(sed -n "/^APT_PACKAGES=(/,/^)/p;/^build_inputs_hash()/,/^}/p" dev.sh); '
              "build_inputs_hash")
    r = subprocess.run(["bash", "-c", script], cwd=checkout, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and len(r.stdout.strip()) == 64, r.stdout + r.stderr
    return r.stdout.strip()


@pytest.fixture
def checkout(tmp_path):
    """The files dev.sh hashes, copied, and a .venv/bin/python that is this interpreter."""
    for rel in READS + [str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*")
                        if p.suffix in (".py", ".pxd", ".pyx") and "__pycache__" not in p.parts]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    os.symlink(sys.executable, tmp_path / ".venv" / "bin" / "python")
    return tmp_path


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text() + text)


def test_the_stamp_changes_with_what_the_install_builds_from_and_only_with_that(checkout):
    before = build_inputs_hash(checkout)
    assert build_inputs_hash(checkout) == before

    # Tests and the pytest, ruff and mypy options: the fast lane runs without reinstalling.
    append(checkout / "tests" / "test_plans.py", "# a test changed\n")
    pyproject = checkout / "pyproject.toml"
    text = pyproject.read_text()
    assert '[tool.pytest.ini_options]\n' in text
    pyproject.write_text(text.replace('[tool.pytest.ini_options]\n', '[tool.pytest.ini_options]\n# changed\n'))
    assert build_inputs_hash(checkout) == before

    # What the install compiles or declares: built again.
    changed = set()
    for rel, text in [("engine/challengers/match.py", "# compiled\n"), ("engine/challengers/match.pxd", "# decl\n"),
                      ("setup.py", "# build\n")]:
        append(checkout / rel, text)
        changed.add(build_inputs_hash(checkout))
    pyproject.write_text(pyproject.read_text().replace("[project]\n", "[project]\n# dependencies changed\n", 1))
    changed.add(build_inputs_hash(checkout))
    assert before not in changed and len(changed) == 4
