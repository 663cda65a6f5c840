"""A coordinator.toml that cannot be used: one line naming the file, the key and what is wrong,
wherever it is read (`tablecup doctor`, a real process; the kiosk's link, which looks for the
coordinator by mDNS instead and says so in its log)."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.config import coordinator_address

REPO = Path(__file__).resolve().parents[2]

#: (the file's text, what the line says after "<file>: ")
BAD = [
    ('url = "http://[::1"\n', '\'url\' = "http://[::1" is not an address (Invalid IPv6 URL)'),
    ('url = "http://10.0.0.1:99999"\n',
     '\'url\' = "http://10.0.0.1:99999": the port must be a number from 1 to 65535'),
    ('address = "10.0.0.1:abc"\n', '\'address\' = "10.0.0.1:abc": the port must be a number from 1 to 65535'),
    ('host = "10.0.0.1"\nport = 99999\n', "'port' must be a number from 1 to 65535, not 99999"),
    ('host = "10.0.0.1"\nport = "8470"\n', "'port' must be a number from 1 to 65535, not \"8470\""),
    ('host = "10.0.0.1"\n', '\'host\' = "10.0.0.1" has no port: add \':PORT\', or give \'port\''),
    ("url = 5\n", "'url' must be text such as \"http://192.168.1.20:8470\", not 5"),
    ("[coordinator]\nurl = true\n", "'coordinator.url' must be text such as \"http://192.168.1.20:8470\", not true"),
    ("host = 192\nport = 8470\n", "'host' must be text such as \"192.168.1.20\", not 192"),
    ('url = "http://:8470"\n', '\'url\' = "http://:8470" names no host'),
    ("coordinator = 3\n", "'coordinator' must be a table ([coordinator]), not 3"),
    ("port = 8470\n", "no coordinator named: give 'url' (such as \"http://192.168.1.20:8470\"), or 'host' and 'port'"),
    ("url = [\n", "not valid TOML: Invalid value (at end of document)"),
]


@pytest.mark.parametrize(("text", "why"), BAD, ids=[b[0].strip() for b in BAD])
def test_each_mistake_is_one_line_naming_the_file_and_the_key(tmp_path, text, why):
    (tmp_path / "coordinator.toml").write_text(text)
    with pytest.raises(ValueError) as err:
        coordinator_address(tmp_path)
    assert str(err.value) == f"{tmp_path / 'coordinator.toml'}: {why}"


@pytest.mark.parametrize(("text", "address"), [
    ('url = "http://192.168.1.20:8470/"\n', ("192.168.1.20", 8470)),
    ('url = "http://192.168.1.20"\n', ("192.168.1.20", 80)),
    ('[coordinator]\naddress = "192.168.1.20:8470"\n', ("192.168.1.20", 8470)),
    ('host = "192.168.1.20"\nport = 8470\n', ("192.168.1.20", 8470)),
    ('url = "http://[fe80::1]:8470"\n', ("fe80::1", 8470)),
])
def test_the_forms_that_work(tmp_path, text, address):
    (tmp_path / "coordinator.toml").write_text(text)
    assert coordinator_address(tmp_path) == address


def test_doctor_says_it_in_one_line(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "coordinator.toml").write_text('url = "http://[::1"\n')
    env = dict(os.environ, TABLECUP_DATA=str(tmp_path / "data"), TABLECUP_CONFIG=str(config))
    p = subprocess.run([sys.executable, "-m", "tablecup.cli", "doctor"], cwd=REPO, env=env, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("coordinator:")][0]
    assert line.split(":", 1)[1].strip() == (f"invalid config: {config / 'coordinator.toml'}: "
                                              '\'url\' = "http://[::1" is not an address (Invalid IPv6 URL)')


def test_the_kiosk_logs_one_line_and_looks_by_mdns(tmp_path, monkeypatch, caplog):
    from kiosk.network import configured_url
    monkeypatch.setenv("TABLECUP_CONFIG", str(tmp_path))
    (tmp_path / "coordinator.toml").write_text("url = 5\n")
    with caplog.at_level(logging.WARNING, logger="tablecup.kiosk.net"):
        assert configured_url() is None
    assert [r.getMessage() for r in caplog.records] == [
        f"{tmp_path / 'coordinator.toml'}: 'url' must be text such as \"http://192.168.1.20:8470\", not 5; "
        "looking for the coordinator by mDNS instead"]


def test_the_kiosk_reaches_an_ipv6_coordinator_in_brackets(tmp_path, monkeypatch):
    from kiosk.network import configured_url
    monkeypatch.setenv("TABLECUP_CONFIG", str(tmp_path))
    (tmp_path / "coordinator.toml").write_text('url = "http://[::1]:8470"\n')
    assert configured_url() == "http://[::1]:8470"
