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
