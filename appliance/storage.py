"""Whether a folder survives a power-off: the file system it is on, from the kernel's mount table.

Raspberry Pi OS's "overlay file system" (raspi-config, Performance Options) mounts ``/`` as an
``overlay`` whose writable layer is a ``tmpfs``: everything written after boot, the data folder's
databases included, is in RAM and gone at the next power-off.  A data folder on a ``tmpfs`` (or
``ramfs``) itself is the same.  :func:`volatile` finds the mount that holds a folder (the longest
mount point containing it, in ``/proc/self/mountinfo``) and says whether it is one of those;
:func:`warning` turns that into the one line ``tablecup doctor``, the installer and the kiosk's
operator screen show.

``python -m appliance.storage FOLDER`` prints that line (nothing when the folder survives); the
installer runs it.  Standard library only, like the rest of :mod:`appliance`.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MOUNTINFO", "PROC_MOUNTS", "Loss", "Mount", "describe", "mount_of", "read_mounts", "volatile", "warning"]

#: The kernel's mount table (overridable in tests); ``/proc/mounts`` is the fallback.
MOUNTINFO = Path("/proc/self/mountinfo")
PROC_MOUNTS = Path("/proc/mounts")

#: File systems kept in RAM only.
RAM_TYPES = frozenset({"tmpfs", "ramfs"})
#: Overlay file systems (``overlayfs`` is the name older kernels gave it).
OVERLAY_TYPES = frozenset({"overlay", "overlayfs"})

#: Where the owner reads what to do (docs/raspberry-pi.md).
ADVICE = "see docs/raspberry-pi.md, 'Data that survives a reboot'"


@dataclass(frozen=True)
class Mount:
    """One line of the mount table: where, which file system, and its own options."""

    point: str
    fstype: str
    options: tuple[str, ...] = ()

    def option(self, name: str) -> str | None:
        """The value of ``name=value`` among the options (e.g. an overlay's ``upperdir``)."""
        prefix = name + "="
        return next((o[len(prefix):] for o in self.options if o.startswith(prefix)), None)


def _unescape(field: str) -> str:
    """The kernel writes a space, tab, newline or backslash in a path as an octal escape."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def parse_mountinfo(text: str) -> list[Mount]:
    """``/proc/self/mountinfo`` lines, in order (a later mount on the same point hides an earlier)."""
    mounts = []
    for line in text.splitlines():
        before, sep, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if not sep or len(fields) < 5 or not tail:
            continue
        options = tuple(tail[2].split(",")) if len(tail) > 2 else ()
        mounts.append(Mount(_unescape(fields[4]), tail[0], options))
    return mounts


def parse_proc_mounts(text: str) -> list[Mount]:
    """``/proc/mounts`` lines (source, point, type, options, ...), in order."""
    mounts = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) >= 3:
            options = tuple(fields[3].split(",")) if len(fields) > 3 else ()
            mounts.append(Mount(_unescape(fields[1]), fields[2], options))
    return mounts


def read_mounts() -> list[Mount]:
    """This process's mount table; empty where neither file can be read (not Linux)."""
    for path, parse in ((MOUNTINFO, parse_mountinfo), (PROC_MOUNTS, parse_proc_mounts)):
        try:
            return parse(path.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    return []


def _contains(point: str, path: str) -> bool:
    return point == "/" or path == point or path.startswith(point.rstrip("/") + "/")


def mount_of(path: os.PathLike[str] | str, mounts: list[Mount]) -> Mount | None:
    """The mount that holds ``path``: the longest mount point containing it (the last mounted
    when several share the point, as that one hides the others)."""
    # Links resolved as far as the path exists (a folder not made yet lands where its parent is).
    where = os.path.realpath(path)
    best: Mount | None = None
    for m in mounts:
        if _contains(m.point, where) and (best is None or len(m.point) >= len(best.point)):
            best = m
    return best


def describe(path: os.PathLike[str] | str, mounts: list[Mount] | None = None) -> str:
    """The file system holding ``path`` in a few words (``ext4 on /``), for the doctor."""
    m = mount_of(path, read_mounts() if mounts is None else mounts)
    return "unknown (no mount table)" if m is None else f"{m.fstype} on {m.point}"


@dataclass(frozen=True)
class Loss:
    """Why a folder's data is lost at power-off: the file system holding it, and why in words."""

    fstype: str
    point: str
    why: str


def volatile(path: os.PathLike[str] | str, mounts: list[Mount] | None = None) -> Loss | None:
    """Why what is written under ``path`` is lost at power-off, or None when it is kept (or the
    mount table cannot be read).

    A ``tmpfs``/``ramfs`` is in RAM.  An overlay is lost when its writable layer (``upperdir``)
    is in RAM, as with Raspberry Pi OS's overlay file system; an overlay whose layer is on a disk
    keeps its data, and one whose layer this process cannot see (a container's) is reported as
    possibly lost.
    """
    table = read_mounts() if mounts is None else mounts
    m = mount_of(path, table)
    if m is None:
        return None
    if m.fstype in RAM_TYPES:
        return Loss(m.fstype, m.point, f"it is on a {m.fstype} (in RAM) mounted on {m.point}")
    if m.fstype in OVERLAY_TYPES:
        upper = m.option("upperdir")
        layer = mount_of(upper, table) if upper and os.path.isabs(upper) else None
        if layer is None or layer.point == m.point:     # a layer outside this system's view
            return Loss(m.fstype, m.point,
                        f"it is on an overlay file system mounted on {m.point} whose writable layer cannot be "
                        f"seen from here (it may be in RAM, as with Raspberry Pi OS's overlay file system)")
        if layer.fstype in RAM_TYPES:
            return Loss(m.fstype, m.point,
                        f"it is on an overlay file system mounted on {m.point} whose writable layer is in RAM "
                        f"(Raspberry Pi OS's overlay file system)")
    return None


def warning(path: os.PathLike[str] | str, mounts: list[Mount] | None = None) -> str | None:
    """One line for a person: the folder, why its data is lost at power-off, where to read what
    to do; None when the folder survives."""
    loss = volatile(path, mounts)
    if loss is None:
        return None
    return f"{path} is lost at every power-off: {loss.why}; {ADVICE}"


def main(argv: list[str] | None = None) -> int:
    """``python -m appliance.storage FOLDER``: the warning for FOLDER, or nothing; exit 0 either way."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m appliance.storage FOLDER", file=sys.stderr)
        return 2
    line = warning(args[0])
    if line:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
