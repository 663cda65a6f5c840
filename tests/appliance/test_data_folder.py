"""One rule for the data folder, for every program: --data, else $TABLECUP_DATA, else
$XDG_DATA_HOME/tablecup, else ~/.local/share/tablecup."""

import subprocess
import sys

import pytest

from appliance import paths
from kiosk.main import default_data_dir


@pytest.fixture
def env(monkeypatch, tmp_path):
    monkeypatch.delenv("TABLECUP_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path


def test_the_kiosk_respects_xdg_data_home_like_every_program(env, monkeypatch):
    assert default_data_dir() == env / "xdg" / "tablecup" == paths.data_dir(create=False)
    monkeypatch.setenv("TABLECUP_DATA", str(env / "explicit"))
    assert default_data_dir() == env / "explicit" == paths.data_dir(create=False)
    monkeypatch.delenv("TABLECUP_DATA")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == env / "home" / ".local" / "share" / "tablecup"


@pytest.mark.parametrize("program", ["kiosk", "coordinator"])
def test_data_help_says_the_rule_the_leaf_applies(program):
    r = subprocess.run([sys.executable, "-m", "tablecup.cli", program, "--help"], capture_output=True, text=True,
                       timeout=60, env={"COLUMNS": "400", "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    assert paths.DATA_RULE in " ".join(r.stdout.split())
