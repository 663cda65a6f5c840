"""The operator screen, driven on the real app: PIN, language, Robot level, rotation, persistence."""

import json

import pytest

from kiosk_helpers import run_script


def _drive(data, phase):
    p = run_script("drive_operator.py", data, phase, timeout=60)
    line = [l for l in p.stdout.splitlines() if l.startswith("OPERATOR-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-3000:]
    r = json.loads(line[-1][len("OPERATOR-RESULT "):])
    assert r["error"] is None, r["error"]
    return r


@pytest.mark.slow
def test_operator_pin_language_rotation_persist(tmp_path):
    data = tmp_path / "data"
    r = _drive(data, "1")
    assert r["start"] == {"lang": "en", "rotation": 0, "window_rotation": 0, "robot_level": 1, "home_level": 1}
    assert r["screen"] == "operator"
    assert r["wrong"] == {"unlocked": False, "message": "Wrong PIN"}
    assert r["lang_while_locked"] == "en"
    assert r["first_use"] == {"mode": "newpin", "unlocked": False,
                              "message": "First use: choose your own PIN (4 to 8 digits), then OK"}
    assert r["default_again"] == {"mode": "newpin", "message": "Choose a PIN other than 1234"}
    assert r["unlocked"] is True
    assert r["before"]["two"] == "2 players" and r["before"]["back"] == "Back"
    assert r["after"]["two"] == "2 joueurs" and r["after"]["back"] == "Retour"
    assert r["after"]["solo"].startswith("Solo contre le Robot")
    assert r["after"]["op_title"] == "Opérateur"
    assert r["short_pin"] == "4 à 8 chiffres"
    assert r["after_pin"] == {"unlocked": True, "message": "Code enregistré"}
    assert r["end"] == {"lang": "fr", "rotation": 180, "window_rotation": 180, "robot_level": 3}
    assert r["screen_end"] == "home"

    r2 = _drive(data, "2")                               # a restart: everything persisted
    assert r2["start"] == {"lang": "fr", "rotation": 180, "window_rotation": 180, "robot_level": 3,
                           "home_level": 3}
    assert r2["old_pin_unlocked"] is False and r2["unlocked"] is True
    assert r2["before"]["two"] == "2 joueurs"
    assert r2["after"]["two"] == "2 players"
    assert r2["end"]["rotation"] == 0 and r2["end"]["window_rotation"] == 0


@pytest.mark.slow
def test_operator_screen_warns_once_when_the_data_folder_is_in_ram(tmp_path):
    """A data folder on a real tmpfs: the first visit to the operator screen says so, in a line that
    fits an 800x480 screen in either language; the second visit in the same run does not."""
    import pytest
    from ram_folder import remove, shm_folder

    from kiosk_helpers import ROOT, script_result
    drive = lambda data, lang: script_result(
        run_script("drive_operator_storage.py", data, lang, timeout=60, PYTHONPATH=ROOT), "STORAGE-RESULT ")
    for lang, said in (("en", "is in RAM (tmpfs): games are lost at power-off"),
                       ("fr", ": en mémoire vive (tmpfs), parties perdues à l'arrêt")):
        data = shm_folder()
        try:
            r = drive(data, lang)
        finally:
            remove(data)
        assert r["first"]["screen"] == "operator"
        assert r["first"]["message"] == f"{data} {said}"
        assert r["first"]["text_width"] <= r["first"]["label_width"], r["first"]
        assert r["between"] == "home"
        assert r["second"]["screen"] == "operator" and r["second"]["message"] == "", r["second"]
    on_disk = tmp_path / "data"
    r = drive(on_disk, "en")
    if r["first"]["message"]:
        pytest.fail(f"a data folder on a disk was reported: {r['first']['message']}")


def test_a_table_that_runs_the_coordinator_shows_its_organiser_pin_to_the_operator(tmp_path):
    """On a Pi set up with the coordinator (the kiosk and the coordinator share the data folder),
    the coordinator started for the first time makes the organiser PIN; the operator screen,
    unlocked, shows it with the organiser page's address, in a line that fits 800x480 in either
    language -- not only the service's log.  Locked, or on a table without a coordinator, no line."""
    import re
    import subprocess
    import sys
    import time
    import urllib.request

    from kiosk_helpers import ROOT, script_result
    data = tmp_path / "data"
    data.mkdir()
    from ports import reserved_port
    port = reserved_port()
    started = subprocess.Popen([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                                "--data", str(data), "--no-mdns"], cwd=str(ROOT), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert started.poll() is None and time.monotonic() < deadline, "the coordinator did not start"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        lines = []
        while not any("Organiser PIN:" in x for x in lines):
            lines.append(started.stdout.readline())
        pin = re.search(r"Organiser PIN:\s+(\d+)", "".join(lines)).group(1)
        drive = lambda lang: script_result(run_script("drive_operator_organiser.py", data, lang, timeout=60,
                                                      PYTHONPATH=ROOT), "ORGANISER-RESULT ")
        for lang, words in (("en", "organiser PIN: "), ("fr", "code organisateur : ")):
            r = drive(lang)
            assert r["screen"] == "operator" and r["locked"] == "" and r["unlocked"] is True, r
            assert words + pin in r["line"] and "/organiser" in r["line"], r
            assert r["shown"] and r["fits"], r
    finally:
        started.terminate()
        started.wait(10)
    r = script_result(run_script("drive_operator_organiser.py", tmp_path / "kiosk-only", "en", timeout=60,
                                 PYTHONPATH=ROOT), "ORGANISER-RESULT ")
    assert r["unlocked"] is True and r["line"] == "" and not r["shown"], r
