"""A data folder the kiosk cannot write in: one line naming the folder and why, and an exit status
the systemd unit does not restart on (a restart two seconds later meets the same folder).
Real kiosk processes, offscreen."""

import configparser
import shutil
import subprocess
import sys

import pytest
from kiosk_helpers import ROOT, kiosk_env

from kiosk.main import EXIT_DATA_FOLDER

KIOSK = [sys.executable, "-m", "tablecup.cli", "kiosk", "--window", "800x480"]


def one_line(p):
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in p.stderr and len(lines) == 1, p.stderr
    return lines[0]


def test_the_unit_does_not_restart_on_that_status():
    unit = configparser.RawConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(ROOT / "systemd" / "tablecup-kiosk.service")
    assert unit.get("Service", "Restart") == "always"
    assert str(EXIT_DATA_FOLDER) in unit.get("Service", "RestartPreventExitStatus").split()


def test_a_data_folder_under_a_regular_file(tmp_path):
    """Works as any user, root included: the folder can never be made."""
    (tmp_path / "file").write_text("not a folder\n")
    data = tmp_path / "file" / "data"
    p = subprocess.run([*KIOSK, "--data", str(data)], env=kiosk_env(), cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == EXIT_DATA_FOLDER, p.stderr
    assert one_line(p) == (f"tablecup kiosk: cannot use the data folder {data} (Not a directory); make it "
                           "writable for this user, or give another with --data or TABLECUP_DATA")


def _read_only_mount_works(folder) -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c",
                            f"mount -t tmpfs -o ro tmpfs '{folder}' && ! touch '{folder}/x' 2>/dev/null"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


def test_a_read_only_data_folder(tmp_path):
    """A read-only file system (an SD card the kernel remounted read-only): writes fail with
    EROFS even as root.  The kiosk runs in its own mount namespace, over a read-only tmpfs."""
    data = tmp_path / "data"
    data.mkdir()
    if not _read_only_mount_works(data):
        pytest.skip("no user and mount namespaces here (unshare) to mount a read-only file system")
    p = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c",
                        f"mount -t tmpfs -o ro tmpfs '{data}' && exec \"$@\"", "kiosk", *KIOSK, "--data", str(data)],
                       env=kiosk_env(), cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert p.returncode == EXIT_DATA_FOLDER, p.stderr
    assert one_line(p) == (f"tablecup kiosk: cannot use the data folder {data} (Read-only file system: "
                           f"{data / 'kiosk.lock'}); make it writable for this user, or give another with --data "
                           "or TABLECUP_DATA")
