"""Data that survives: the data folder on a tmpfs or under Raspberry Pi OS's overlay file system is
reported (``tablecup doctor`` in one line; ``python -m appliance.storage`` for the installer)."""

import os
import subprocess
import sys

import pytest
from ram_folder import in_new_tmpfs, remove, shm_folder

from appliance import storage

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Raspberry Pi OS Bookworm with raspi-config's overlay file system on (overlayroot): / is an
# overlay whose writable layer lives in the tmpfs on /media/root-rw; the SD card is read-only below.
PI_OVERLAY = """\
21 1 0:20 / /media/root-rw rw,relatime - tmpfs tmpfs-root rw,size=1964816k,mode=755
22 1 179:2 / /media/root-ro ro,relatime - ext4 /dev/mmcblk0p2 ro
1 0 0:21 / / rw,relatime - overlay overlayroot rw,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay,workdir=/media/root-rw/overlay-workdir
23 1 179:1 / /boot/firmware ro,relatime - vfat /dev/mmcblk0p1 ro,fmask=0022
24 1 0:22 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw
25 1 0:23 / /run rw,nosuid,nodev - tmpfs tmpfs rw,size=392964k,mode=755
"""

# The same Pi, overlay on, with the data folder moved to a writable partition (an ext4 USB stick).
PI_OVERLAY_USB = PI_OVERLAY + "30 1 8:1 / /srv/tablecup\\040data rw,noatime - ext4 /dev/sda1 rw\n"

# A Pi without the overlay: the SD card's ext4 on /.
PI_PLAIN = """\
1 0 179:2 / / rw,noatime - ext4 /dev/mmcblk0p2 rw
23 1 179:1 / /boot/firmware rw,relatime - vfat /dev/mmcblk0p1 rw
25 1 0:23 / /run rw,nosuid,nodev - tmpfs tmpfs rw,size=392964k,mode=755
"""

# A container's root: an overlay whose layer is on the host, out of sight.
CONTAINER = "300 250 0:50 / / rw,relatime - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/X,upperdir=/var/lib/docker/overlay2/abc/diff,workdir=/var/lib/docker/overlay2/abc/work\n"


def test_pi_os_overlay_is_reported():
    mounts = storage.parse_mountinfo(PI_OVERLAY)
    loss = storage.volatile("/var/lib/tablecup", mounts)
    assert loss is not None and (loss.fstype, loss.point) == ("overlay", "/")
    assert "writable layer is in RAM" in loss.why and "Raspberry Pi OS" in loss.why
    line = storage.warning("/var/lib/tablecup", mounts)
    assert line.startswith("/var/lib/tablecup is lost at every power-off: it is on an overlay")
    assert "docs/raspberry-pi.md" in line and "\n" not in line


def test_a_writable_partition_under_the_overlay_keeps_the_data():
    mounts = storage.parse_mountinfo(PI_OVERLAY_USB)
    assert mounts[-1].point == "/srv/tablecup data"            # the kernel's \040 is a space
    assert storage.volatile("/srv/tablecup data/tablecup", mounts) is None
    assert storage.describe("/srv/tablecup data/tablecup", mounts) == "ext4 on /srv/tablecup data"
    assert storage.volatile("/srv/tablecup database", mounts) is not None   # a prefix is not a folder


def test_plain_sd_card_keeps_the_data_and_run_does_not():
    mounts = storage.parse_mountinfo(PI_PLAIN)
    assert storage.volatile("/var/lib/tablecup", mounts) is None
    assert storage.describe("/var/lib/tablecup", mounts) == "ext4 on /"
    assert storage.volatile("/run/tablecup", mounts).fstype == "tmpfs"


def test_an_overlay_whose_layer_is_out_of_sight_may_lose_it():
    loss = storage.volatile("/data", storage.parse_mountinfo(CONTAINER))
    assert loss is not None and "cannot be seen from here" in loss.why


def test_the_last_mount_on_a_point_wins_and_proc_mounts_reads_the_same():
    text = "1 0 8:1 / / rw - ext4 /dev/sda1 rw\n2 1 8:2 / /data rw - ext4 /dev/sda2 rw\n" \
           "3 1 0:40 / /data rw - tmpfs tmpfs rw\n"
    assert storage.volatile("/data/tablecup", storage.parse_mountinfo(text)).fstype == "tmpfs"
    proc = "/dev/sda1 / ext4 rw 0 0\ntmpfs /data tmpfs rw,size=10k 0 0\n"
    assert storage.volatile("/data/x", storage.parse_proc_mounts(proc)).fstype == "tmpfs"
    assert storage.volatile("/x", storage.parse_proc_mounts(proc)) is None


def test_no_mount_table_says_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(storage, "MOUNTINFO", tmp_path / "none")
    monkeypatch.setattr(storage, "PROC_MOUNTS", tmp_path / "none-either")
    assert storage.read_mounts() == []
    assert storage.volatile(tmp_path) is None
    assert storage.describe(tmp_path) == "unknown (no mount table)"


def _doctor(data, config, wrap=lambda argv: argv):
    env = dict(os.environ, TABLECUP_DATA=str(data), TABLECUP_CONFIG=str(config), PYTHONPATH=REPO)
    p = subprocess.run(wrap([sys.executable, "-m", "tablecup.cli", "doctor"]), env=env, cwd=REPO,
                       capture_output=True, text=True, timeout=60, check=False)
    assert p.returncode == 0, p.stderr
    return p.stdout


def _kept_lines(out):
    return [ln for ln in out.splitlines() if ln.startswith("data kept at power-off:")]


def test_doctor_on_a_data_folder_in_dev_shm_says_so_in_one_line(tmp_path):
    data = shm_folder()
    try:
        (data / "kiosk.db").write_bytes(b"")
        lines = _kept_lines(_doctor(data, tmp_path / "config"))
    finally:
        remove(data)
    assert len(lines) == 1, lines
    assert f"NO: {data} is lost at every power-off: it is on a tmpfs (in RAM) mounted on /dev/shm" in lines[0]


def test_doctor_on_a_freshly_mounted_tmpfs_says_so(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    out = _doctor(data, tmp_path / "config", wrap=lambda argv: in_new_tmpfs(data, argv))
    lines = _kept_lines(out)
    assert len(lines) == 1 and f"NO: {data} is lost at every power-off: it is on a tmpfs" in lines[0], lines
    assert f"mounted on {data};" in lines[0]


def test_doctor_on_a_disk_says_it_is_kept(tmp_path):
    if storage.volatile(tmp_path) is not None:
        pytest.skip(f"{tmp_path} itself is on a RAM file system here")
    lines = _kept_lines(_doctor(tmp_path, tmp_path / "config"))
    assert len(lines) == 1 and lines[0].split(":", 1)[1].strip().startswith("yes ("), lines


def test_the_installers_check(tmp_path):
    """What install.sh runs with the venv's Python once Tablecup is installed."""
    env = dict(os.environ, PYTHONPATH=REPO)
    run = lambda folder: subprocess.run([sys.executable, "-m", "appliance.storage", str(folder)], env=env,
                                        capture_output=True, text=True, timeout=30, check=False)
    data = shm_folder()
    try:
        p = run(data / "not-made-yet")
    finally:
        remove(data)
    assert p.returncode == 0 and p.stdout.startswith(f"{data}/not-made-yet is lost at every power-off"), p
    if storage.volatile(tmp_path) is None:
        p = run(tmp_path)
        assert p.returncode == 0 and p.stdout == ""
    usage = subprocess.run([sys.executable, "-m", "appliance.storage"], env=env, capture_output=True, text=True,
                           timeout=30, check=False)
    assert usage.returncode == 2 and "usage" in usage.stderr
    with open(os.path.join(REPO, "systemd", "install.sh"), encoding="utf-8") as f:
        assert '-m appliance.storage "$DATA_DIR"' in f.read()
