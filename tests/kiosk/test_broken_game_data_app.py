"""A broken bundled game file in the real kiosk (offscreen): starting that game says one line on
the home screen naming the file, the card and the field (not a crash, and the table stays usable);
a broken Challengers! file, which the table cannot work without, is one line and exit status 4,
which the systemd unit does not restart on."""

import configparser
import subprocess
import sys

import pytest

from broken_data import BYTE_BREAKS, FIELD_BREAKS, broken_cards, env_with
from kiosk_helpers import ROOT, artifacts_dir, kiosk_env, script_result

from kiosk.main import EXIT_BAD_DATA

TITLES = {"between": "Between Battle", "wacky": "Wacky Challenge", "cosplay": "Cosplay Team Battle"}


@pytest.mark.slow
def test_starting_a_game_whose_file_is_broken_says_so_in_one_line(tmp_path):
    breaks = [FIELD_BREAKS["cosplay"], BYTE_BREAKS["wacky"]]
    copy = broken_cards(tmp_path / "copy", *breaks)
    env = env_with(copy, **{k: v for k, v in kiosk_env().items() if k != "PYTHONPATH"})
    p = subprocess.run([sys.executable, str(ROOT / "tests" / "kiosk" / "drive_broken_data.py"), str(tmp_path / "data"),
                        str(artifacts_dir() / "broken-data"), "cosplay,wacky"], env=env, cwd=copy,
                       capture_output=True, text=True, timeout=120)
    r = script_result(p, "BROKEN-RESULT")
    assert r["rc"] == 0
    for brk, tried in zip(breaks, r["tries"], strict=True):
        why = f"{TITLES[brk.game]}: {brk.line(copy)}"
        assert tried == {"game": brk.game, "screen": "home", "playing": False,
                         "alert": f"A game's data file is broken; fix or reinstall it: {why}", "data_error": why}
    assert r["then"] == {"screen": "between.play", "playing": True, "data_error": None}


def test_a_broken_challengers_file_stops_the_kiosk_with_one_line(tmp_path):
    brk = BYTE_BREAKS["challengers"]
    copy = broken_cards(tmp_path / "copy", brk)
    env = env_with(copy, **{k: v for k, v in kiosk_env().items() if k != "PYTHONPATH"})
    p = subprocess.run([sys.executable, "-m", "tablecup.cli", "kiosk", "--data", str(tmp_path / "data"),
                        "--window", "800x480"], env=env, cwd=copy, capture_output=True, text=True, timeout=120)
    assert p.returncode == EXIT_BAD_DATA
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in p.stderr and lines == [
        f"tablecup kiosk: the game data is broken, fix or reinstall it: {brk.line(copy)}"], p.stderr
    unit = configparser.RawConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(ROOT / "systemd" / "tablecup-kiosk.service")
    assert str(EXIT_BAD_DATA) in unit.get("Service", "RestartPreventExitStatus").split()
