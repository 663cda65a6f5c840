"""Folders on a real tmpfs, for the checks that data kept in RAM is reported.

The file system type comes from ``stat -f`` (the kernel's statfs), not from the mount table the
code under test reads, so a test cannot agree with the code by sharing its mistake.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

SHM = Path("/dev/shm")


def statfs_type(path: Path) -> str | None:
    """The file system type of ``path`` as statfs names it (``tmpfs``, ``ext2/ext3``...)."""
    stat = shutil.which("stat")
    if stat is None:
        return None
    p = subprocess.run([stat, "-f", "-c", "%T", str(path)], capture_output=True, text=True, check=False)
    return p.stdout.strip() if p.returncode == 0 else None


def shm_folder() -> Path:
    """A fresh folder under /dev/shm, after checking that /dev/shm really is a tmpfs (else skip);
    the caller removes it (:func:`remove`)."""
    if not SHM.is_dir() or statfs_type(SHM) != "tmpfs":
        pytest.skip(f"{SHM} is not a tmpfs here (stat -f says {statfs_type(SHM) if SHM.is_dir() else 'missing'})")
    return Path(tempfile.mkdtemp(prefix="tablecup-test-", dir=SHM))


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def in_new_tmpfs(folder: Path, argv: list[str]) -> list[str]:
    """``argv`` run in a mount namespace of its own where ``folder`` is a fresh tmpfs (needs root
    and unshare; skips otherwise).  Nothing outside that process sees the mount."""
    unshare = shutil.which("unshare")
    if os.geteuid() != 0 or unshare is None:
        pytest.skip("mounting a tmpfs needs root and unshare (util-linux)")
    probe = subprocess.run([unshare, "-m", "sh", "-c", f"mount -t tmpfs tmpfs '{folder}'"],
                           capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs in a new mount namespace here: {probe.stderr.strip()}")
    # Mount, then hand over to the program (exec: its exit code is the test's).
    return [unshare, "-m", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', str(folder), *argv]
