"""Card, house-set, hardware.toml and coordinator.toml files that are not UTF-8: one line naming
the file (and the field the byte is in, when there is one), never a traceback; and house sets load in the coordinator as in the command line.
All through real processes (the command line, the coordinator serving HTTP on 127.0.0.1)."""

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from house_set import HOUSE
from ports import reserved_port

REPO = Path(__file__).resolve().parents[2]

LATIN1 = 'set = "maison"\nname = "Caf\xe9 Crew"\n'.encode("latin-1")
WHERE = "field 'name': not UTF-8 text (byte 0xe9 at line 2, column 12); save it as UTF-8"


def run(*args, data, config=None, timeout=60):
    env = dict(os.environ, TABLECUP_DATA=str(data), TABLECUP_CONFIG=str(config or data / "config"))
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=timeout)


def one_line(p):
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in p.stderr and len(lines) == 1, p.stderr
    return lines[0]


def test_a_card_file_that_is_not_utf8(tmp_path):
    bad = tmp_path / "set.toml"
    bad.write_bytes(LATIN1)
    p = run("cards", "check", str(bad), data=tmp_path)
    assert p.returncode == 2 and one_line(p) == f"tablecup: {bad}: {WHERE}"


def test_a_house_set_that_is_not_utf8_is_left_out_in_one_line(tmp_path):
    (tmp_path / "cards").mkdir()
    bad = tmp_path / "cards" / "maison.toml"
    bad.write_bytes(LATIN1)
    (tmp_path / "cards" / "house.toml").write_text(HOUSE)
    p = run("cards", "list", "--json", data=tmp_path)
    assert p.returncode == 0 and one_line(p) == f"tablecup: house set left out: {bad}: {WHERE}"
    sets = {card["set"] for card in json.loads(p.stdout)}
    assert "house" in sets and "city" in sets          # the good house set and the bundled ones


def test_a_hardware_toml_that_is_not_utf8(tmp_path):
    bad = tmp_path / "hardware.toml"
    bad.write_bytes(b'[hardware]\nbackend = "caf\xe9"\n')
    p = run("hardware", "test", str(bad), data=tmp_path)
    assert p.returncode == 2
    assert one_line(p) == (f"error: {bad}: field 'hardware.backend': not UTF-8 text (byte 0xe9 at line 2, column 15); "
                           "save it as UTF-8")


def test_a_coordinator_toml_that_is_not_utf8(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "coordinator.toml").write_bytes(b'# caf\xe9\nurl = "http://127.0.0.1:1"\n')
    p = run("doctor", data=tmp_path, config=config, timeout=120)
    assert p.returncode == 0 and "Traceback" not in p.stderr
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("coordinator:")][0]
    assert line.split(":", 1)[1].strip() == (f"invalid config: {config / 'coordinator.toml'}: not UTF-8 text "
                                              "(byte 0xe9 at line 1, column 6); save it as UTF-8")



def coordinator(data, port):
    return subprocess.Popen([sys.executable, "-m", "coordinator.main", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(data), "--no-mdns", "--organiser-pin", "4321"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def catalogue_sets(proc, port, timeout=30):
    """The sets the coordinator started as ``proc`` serves, once it answers."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/catalogue/sets",
                                         headers={"X-Organiser-Pin": "4321"})
            with urllib.request.urlopen(req, timeout=2) as r:
                return json.loads(r.read())["sets"]
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
            time.sleep(0.2)


def sets_served(data):
    """(the sets a coordinator started on ``data`` serves, what it said on stderr until stopped)."""
    port = reserved_port()
    proc = coordinator(data, port)
    try:
        sets = catalogue_sets(proc, port)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    return sets, err


@pytest.mark.slow
def test_the_coordinator_loads_house_sets(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "house.toml").write_text(HOUSE)
    sets, _ = sets_served(tmp_path)
    house = [s for s in sets if s["id"] == "house"]
    assert house == [{"id": "house", "name": "Cafe Crew", "names": {"en": "Cafe Crew"}, "kind": "house", "box": "base"}]


@pytest.mark.parametrize("content", [LATIN1, b'set = "house"\nkind = "house"\nbox = "base"\n[[card]]\nid = 3\n'])
@pytest.mark.slow
def test_the_coordinator_leaves_out_a_house_set_it_cannot_load_and_names_it(tmp_path, content):
    (tmp_path / "cards").mkdir()
    bad = tmp_path / "cards" / "maison.toml"
    bad.write_bytes(content)
    sets, err = sets_served(tmp_path)
    assert {s["id"] for s in sets} >= {"city", "castle"} and not any(s["kind"] == "house" for s in sets)
    named = [ln for ln in err.splitlines() if "house set left out: " in ln]
    assert "Traceback" not in err and len(named) == 1 and str(bad) in named[0], err
