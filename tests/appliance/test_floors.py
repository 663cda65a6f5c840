"""The oldest versions the package allows are releases that exist and work.

``pyproject.toml`` says ``>=FLOOR`` for every dependency, and the installer says the same of lgpio.
The slow test makes a fresh virtual environment, installs every dependency at exactly its floor
from PyPI (``pip install NAME==FLOOR``; what those need comes at the versions pip picks), with
the test tools the checks use at their own floors, and runs the hardware tests there against this
checkout.  (Not the engine's: it imports no dependency, so its tests would pass or fail there as they
do in the suite's own run.)  Skipped with the reason when PyPI cannot be reached.
"""

import os
import re
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PYPI = "https://pypi.org/simple/"
#: The test tools the checks below need, from the ``test`` extra (at their floors too).
TEST_TOOLS = ("pytest", "hypothesis")
#: What the floors must run: the tests of the parts the floors matter most to (gpiozero, pyserial,
#: and hypothesis, which these tests use).
CHECKS = ("tests/hardware",)
INSTALL_TIMEOUT = 900
TESTS_TIMEOUT = 900

REQUIREMENT = re.compile(r"^\s*(?P<name>[A-Za-z0-9_.\-]+)(?P<extras>\[[^\]]*\])?\s*(?P<spec>[^;]*)")


def floor(requirement: str) -> tuple[str, str]:
    """``"kivy[base]>=2.3,<2.4"`` -> ``("kivy[base]", "2.3")``; a requirement without ``>=`` fails."""
    m = REQUIREMENT.match(requirement)
    assert m, requirement
    floors = [part.strip()[2:].strip() for part in m["spec"].split(",") if part.strip().startswith(">=")]
    assert len(floors) == 1, f"{requirement!r}: every dependency names its oldest version with '>='"
    return m["name"] + (m["extras"] or ""), floors[0]


def project():
    with open(REPO / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def lgpio_requirement() -> str:
    """The installer's lgpio requirement (it installs lgpio beside the package on a Pi)."""
    m = re.search(r'^LGPIO_REQUIREMENT="([^"]+)"$', (REPO / "systemd" / "install.sh").read_text(), re.M)
    assert m, "install.sh names lgpio's requirement in LGPIO_REQUIREMENT"
    return m[1]


def floor_requirements() -> list[str]:
    """``NAME==FLOOR`` for every dependency, lgpio, and the test tools the checks need."""
    info = project()
    tools = [r for r in info["optional-dependencies"]["test"] if floor(r)[0] in TEST_TOOLS]
    assert len(tools) == len(TEST_TOOLS), tools
    return ["{}=={}".format(*floor(r)) for r in [*info["dependencies"], lgpio_requirement(), *tools]]


def test_every_dependency_has_a_floor_and_the_pi_ones_are_safe():
    deps = dict(floor(r) for r in project()["dependencies"])
    assert deps["gpiozero"] == "2.0.1.post3"        # 2.0 and 2.0.1 open gpiochip4 unconditionally on a Pi 5
    assert floor(lgpio_requirement()) == ("lgpio", "0.2.2")   # the release before is an empty module
    assert "sqlite-utils" not in deps                # nothing imports it (the kiosk reads with sqlite3)
    assert all(r.count("==") == 1 for r in floor_requirements())


def pypi_unreachable() -> str | None:
    try:
        with urllib.request.urlopen(PYPI + "gpiozero/", timeout=15) as r:
            r.read(1)
    except (urllib.error.URLError, OSError) as exc:
        return f"PyPI ({PYPI}) cannot be reached: {exc}"
    return None


@pytest.mark.slow
def test_the_floors_install_and_the_hardware_tests_pass_on_them(tmp_path):
    why = pypi_unreachable()
    if why:
        pytest.skip(why)
    venv = tmp_path / "floors"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    wanted = floor_requirements()
    install = subprocess.run([python, "-m", "pip", "install", "--no-input", "--disable-pip-version-check",
                              *wanted], capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    assert install.returncode == 0, f"pip install {' '.join(wanted)}:\n{install.stdout[-3000:]}{install.stderr[-3000:]}"
    check = subprocess.run([python, "-m", "pip", "check"], capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    # Exactly the floors, not something newer that pip preferred.
    names = [re.split(r"[\[=]", w)[0] for w in wanted]
    got = subprocess.run([python, "-c", "import sys, importlib.metadata as m; "
                          "print('\\n'.join(m.version(n) for n in sys.argv[1:]))", *names],
                         capture_output=True, text=True, check=True, timeout=60).stdout.split()
    for want, name, version in zip(wanted, names, got, strict=True):
        floor_version = want.split("==")[1]
        assert version == floor_version or version == floor_version + ".0", (name, version, want)

    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("TABLECUP_REQUIRE_COMPILED", None)      # this checkout's engine, compiled or not
    tests = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *CHECKS],
                           cwd=REPO, env=env, capture_output=True, text=True, timeout=TESTS_TIMEOUT)
    assert tests.returncode == 0, tests.stdout[-5000:] + tests.stderr[-3000:]
    assert " passed" in tests.stdout.splitlines()[-1], tests.stdout[-2000:]
