"""The systemd units: `systemd-analyze verify` plus checks of what matters.

`systemd-analyze verify` works without systemd as PID 1, but it insists that
ExecStart= points at an executable; the units are copied to a temporary folder
with /opt/tablecup/venv/bin/tablecup replaced by a stub script. It exits 0 even
for unknown keys or unparsable values, so any output at all counts as failure.
"""

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SYSTEMD = REPO / "systemd"
UNITS = [
    "tablecup-kiosk.service",
    "tablecup-coordinator.service",
    "tablecup-backup.service",
    "tablecup-backup.timer",
]
SERVICES = [u for u in UNITS if u.endswith(".service")]
EXEC = "/opt/tablecup/venv/bin/tablecup"
KIOSK_GROUPS = {"video", "render", "input", "gpio", "dialout"}


class _MultiDict(dict):
    """configparser storage that keeps repeated keys (Environment= etc.)."""

    def __setitem__(self, key, value):
        if key in self and isinstance(value, list):
            super().__getitem__(key).extend(value)
        else:
            super().__setitem__(key, value)


def parse_unit(name):
    parser = configparser.RawConfigParser(
        dict_type=_MultiDict, strict=False, empty_lines_in_values=False,
        interpolation=None, comment_prefixes=("#", ";"),
    )
    parser.optionxform = str  # keys are case-sensitive in systemd
    parser.read(SYSTEMD / name)
    return parser


def values(unit, section, key):
    """Every value of a possibly repeated key, each split on whitespace."""
    if not unit.has_option(section, key):
        return []
    # Repeated keys arrive joined by newlines (see _MultiDict).
    return unit.get(section, key).split()


def environment(unit):
    env = {}
    for word in values(unit, "Service", "Environment"):
        k, _, v = word.partition("=")
        env[k] = v
    return env


@pytest.fixture(scope="module")
def analyze():
    exe = shutil.which("systemd-analyze")
    if not exe:
        pytest.skip("systemd-analyze not installed (apt-get install systemd)")
    return exe


def test_all_unit_files_exist():
    for name in UNITS + ["tablecup.env", "install.sh"]:
        assert (SYSTEMD / name).is_file(), name


@pytest.mark.parametrize("name", UNITS)
def test_systemd_analyze_verify(analyze, tmp_path, name):
    stub = tmp_path / "tablecup"
    stub.write_text("#!/bin/sh\nexit 0\n")
    stub.chmod(0o755)
    for unit in UNITS:  # the timer refers to the backup service: copy all
        text = (SYSTEMD / unit).read_text().replace(EXEC, str(stub))
        (tmp_path / unit).write_text(text)
    proc = subprocess.run(
        [analyze, "verify", "--man=no", str(tmp_path / name)],
        capture_output=True, text=True, timeout=60,
    )
    output = (proc.stdout + proc.stderr).strip()
    # Lines about other units on this machine (not ours) are not our problem.
    ours = [ln for ln in output.splitlines() if "tablecup" in ln]
    assert proc.returncode == 0 and not ours, output


@pytest.mark.parametrize("name", SERVICES)
def test_services_run_the_venv_console_script(name):
    unit = parse_unit(name)
    exec_start = unit.get("Service", "ExecStart")
    assert exec_start.split()[0] == EXEC
    assert unit.get("Service", "User") == "tablecup"
    env = environment(unit)
    assert env["TABLECUP_DATA"] == "/var/lib/tablecup"
    assert env["TABLECUP_CONFIG"] == "/etc/tablecup"
    assert unit.get("Service", "EnvironmentFile") == "-/etc/tablecup/tablecup.env"
    assert unit.get("Service", "StateDirectory") == "tablecup"


@pytest.mark.parametrize("name", ["tablecup-kiosk.service", "tablecup-coordinator.service"])
def test_long_running_services_restart_and_have_a_watchdog(name):
    unit = parse_unit(name)
    assert unit.get("Service", "Restart") == "always"
    assert unit.get("Service", "RestartSec") == "2"
    assert unit.get("Service", "WatchdogSec") == "30"
    assert unit.get("Service", "Type") == "notify"
    assert unit.get("Service", "NotifyAccess") == "main"
    # No start-rate limit: a kiosk must never stay down for good.
    assert unit.get("Unit", "StartLimitIntervalSec") == "0"
    assert unit.get("Install", "WantedBy") == "multi-user.target"


def test_kiosk_owns_the_console_through_kms():
    unit = parse_unit("tablecup-kiosk.service")
    assert unit.get("Service", "ExecStart") == EXEC + " kiosk"
    assert KIOSK_GROUPS <= set(values(unit, "Service", "SupplementaryGroups"))
    env = environment(unit)
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KIVY_WINDOW"] == "sdl2"
    assert env["KIVY_GL_BACKEND"] == "sdl2"
    assert env["KIVY_HOME"] == "/var/lib/tablecup/kivy"
    assert env["GPIOZERO_PIN_FACTORY"] == "lgpio"
    assert env["KIVY_NO_ARGS"] == "1"
    assert unit.get("Service", "TTYPath") == "/dev/tty1"
    assert unit.get("Service", "StandardInput").startswith("tty")
    assert unit.get("Service", "StandardOutput") == "journal"
    assert unit.get("Service", "StandardError") == "journal"
    assert "getty@tty1.service" in values(unit, "Unit", "Conflicts")
    assert "getty@tty1.service" in values(unit, "Unit", "After")
    # lgpio needs a writable working directory for its pipes.
    assert unit.get("Service", "WorkingDirectory") == "/var/lib/tablecup"
    # The env file comes after Environment= lines are parsed: it can override.
    text = (SYSTEMD / "tablecup-kiosk.service").read_text()
    assert "PrivateDevices" not in text, "the kiosk needs /dev/dri, /dev/input, /dev/gpiochip*"


def test_coordinator_has_room_for_its_connection_caps():
    from coordinator.main import connection_cap
    unit = parse_unit("tablecup-coordinator.service")
    limit = int(unit.get("Service", "LimitNOFILE"))
    assert limit >= 4096
    assert connection_cap(limit, None) == 512      # the default cap fits well under the unit's limit
    assert connection_cap(1024, 5000) < 1024       # a low limit lowers the cap instead of running out


def test_coordinator_waits_for_the_network():
    unit = parse_unit("tablecup-coordinator.service")
    assert unit.get("Service", "ExecStart") == EXEC + " coordinator"
    assert "network-online.target" in values(unit, "Unit", "After")
    assert "network-online.target" in values(unit, "Unit", "Wants")


def test_backup_timer_is_daily_and_persistent():
    timer = parse_unit("tablecup-backup.timer")
    assert timer.get("Timer", "Persistent") == "true"
    assert re.fullmatch(r"daily|\*-\*-\* \d\d:\d\d(:\d\d)?", timer.get("Timer", "OnCalendar"))
    assert timer.get("Timer", "Unit") == "tablecup-backup.service"
    assert timer.get("Install", "WantedBy") == "timers.target"
    service = parse_unit("tablecup-backup.service")
    assert service.get("Service", "Type") == "oneshot"
    assert service.get("Service", "ExecStart") == EXEC + " backup"


def test_env_file_is_all_comments_or_assignments():
    for line in (SYSTEMD / "tablecup.env").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            assert re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", line), line


def test_install_script_is_strict_and_valid_bash():
    script = SYSTEMD / "install.sh"
    text = script.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    proc = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    if shutil.which("shellcheck"):
        proc = subprocess.run(["shellcheck", "-S", "warning", str(script)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout


def test_install_script_refuses_non_root():
    if not shutil.which("setpriv") and not shutil.which("runuser"):
        pytest.skip("needs setpriv or runuser to drop root")
    import os
    import tempfile
    # The unprivileged user must be able to read the script: a clone under a private folder
    # (mode 700, like pytest's own temporary folders) would fail for that reason instead.
    folder = Path(tempfile.mkdtemp(prefix="tablecup-install-"))
    try:
        folder.chmod(0o755)
        script = folder / "install.sh"
        shutil.copy(SYSTEMD / "install.sh", script)
        script.chmod(0o644)
        if os.geteuid() == 0:
            cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "bash", str(script)]
        else:
            cmd = ["bash", str(script)]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=30, cwd="/")
    finally:
        shutil.rmtree(folder)
    assert proc.returncode != 0
    assert "must be run as root" in proc.stderr


def test_kiosk_may_write_the_players_settings_and_nothing_else_under_etc(monkeypatch):
    """The settings screen saves under the config folder, which the unit makes read-only
    (ProtectSystem=full): its one writable folder there must be where the settings go."""
    from kiosk.settings import settings_path

    unit = parse_unit("tablecup-kiosk.service")
    env = environment(unit)
    assert unit.get("Service", "ProtectSystem") == "full"
    writable = [p.lstrip("-") for p in values(unit, "Service", "ReadWritePaths")]
    monkeypatch.setenv("TABLECUP_CONFIG", env["TABLECUP_CONFIG"])
    assert writable == [str(settings_path().parent)]
    assert "$CONF_DIR/settings" in (REPO / "systemd" / "install.sh").read_text()
