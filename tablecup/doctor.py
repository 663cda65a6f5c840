"""``tablecup doctor``: the facts a support call needs, on one screen.

:func:`report` gathers them as ``(key, value)`` pairs; :func:`format_report`
turns them into aligned text. Nothing here opens a window, touches GPIO or
imports Kivy (its version comes from the package metadata), so the doctor
still works when the kiosk itself is broken — which is when it is needed.
"""

from __future__ import annotations

import glob
import os
import platform
import shlex
import shutil
import socket
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path

from appliance import dbcheck, paths, storage
from appliance.config import COORDINATOR_FILE, coordinator_address

__all__ = [
    "KEYS",
    "coordinator_address",
    "dir_size",
    "format_report",
    "is_reachable",
    "report",
]

# Keys of report(), in order. Tests and the CLI may rely on these names.
K_VERSION = "tablecup version"
K_PYTHON = "python"
K_KIVY = "kivy version"
K_PLATFORM = "platform"
K_MODEL = "pi model"
K_SETTINGS = "settings from"
K_SDL = "SDL_VIDEODRIVER"
K_KIVY_WINDOW = "KIVY_WINDOW"
K_KIVY_GL = "KIVY_GL_BACKEND"
K_DRM = "drm devices"
K_DATA = "data folder"
K_DATA_SIZE = "data size"
K_DATA_KEPT = "data kept at power-off"
K_DISK_FREE = "disk free"
K_DATABASES = "databases"
K_DB_HEALTH = "database health"
K_ORGANISER_PIN = "organiser PIN"
K_CONFIG = "config folder"
K_PIN_FACTORY = "GPIOZERO_PIN_FACTORY"
K_COORDINATOR = "coordinator"
K_COORDINATOR_REACHABLE = "coordinator reachable"
K_SERVICE = "kiosk service"
K_KIOSK_ENV = "kiosk service settings"
K_COORDINATOR_ENV = "coordinator service settings"
K_ERRORS = "last errors"

KEYS = (
    K_VERSION, K_PYTHON, K_KIVY, K_PLATFORM, K_MODEL, K_SETTINGS, K_SDL, K_KIVY_WINDOW,
    K_KIVY_GL, K_DRM, K_DATA, K_DATA_KEPT, K_DATA_SIZE, K_DISK_FREE, K_DATABASES, K_DB_HEALTH, K_ORGANISER_PIN,
    K_CONFIG, K_PIN_FACTORY, K_COORDINATOR, K_COORDINATOR_REACHABLE, K_SERVICE, K_KIOSK_ENV, K_COORDINATOR_ENV,
    K_ERRORS,
)

#: Overridable in tests.
DEVICE_TREE_MODEL = Path("/proc/device-tree/model")
DRM_GLOB = "/dev/dri/card*"
KIOSK_UNIT = "tablecup-kiosk"
COORDINATOR_UNIT = "tablecup-coordinator"
#: Present when systemd is the running init (sd_booted); overridable in tests.
SYSTEMD_RUN_DIR = Path("/run/systemd/system")
#: The settings the kiosk's unit sets that say how it draws and reads its buttons (shown one a line).
UNIT_SETTINGS = ("SDL_VIDEODRIVER", "KIVY_WINDOW", "KIVY_GL_BACKEND", "GPIOZERO_PIN_FACTORY")
CONNECT_TIMEOUT = 1.0
JOURNAL_LINES = 10

NOT_SET = "(not set)"


def _human(n: int) -> str:
    size = float(n)
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{n} bytes" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} bytes"  # pragma: no cover


def _size_text(n: int) -> str:
    return f"{n} bytes" if n < 1024 else f"{n} bytes ({_human(n)})"


def dir_size(path: os.PathLike[str] | str) -> tuple[int, int]:
    """Total size in bytes and number of regular files under ``path``.

    Symbolic links are not followed; unreadable entries are skipped.
    """
    total = 0
    count = 0
    for root, dirs, files in os.walk(path, onerror=lambda _e: None):
        for name in files:
            try:
                st = os.lstat(os.path.join(root, name))
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                total += st.st_size
                count += 1
    return total, count


def _dist_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def _tablecup_version() -> str:
    version = _dist_version("tablecup")
    if version:
        return version
    return getattr(sys.modules.get("tablecup"), "__version__", None) or "unknown (not installed as a package)"


def _pi_model() -> str:
    try:
        raw = DEVICE_TREE_MODEL.read_bytes()
    except OSError:
        return "not a Raspberry Pi (no /proc/device-tree/model)"
    return raw.rstrip(b"\0\n").decode("utf-8", "replace") or "unknown"


def _drm_devices() -> str:
    cards = sorted(glob.glob(DRM_GLOB))
    if cards:
        return "yes: " + ", ".join(cards)
    return "no (no /dev/dri/card*: is dtoverlay=vc4-kms-v3d in config.txt?)"


def _env(name: str) -> str:
    value = os.environ.get(name)
    return value if value else NOT_SET


def is_reachable(host: str, port: int, timeout: float = CONNECT_TIMEOUT) -> tuple[bool, str]:
    """Try a TCP connection; returns (ok, short explanation)."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True, "yes"
    except TimeoutError:
        return False, f"no (no answer within {timeout:g} s)"
    except OSError as exc:
        return False, f"no ({exc.strerror or exc})"


def _systemd_running() -> bool:
    return SYSTEMD_RUN_DIR.is_dir()


class UnitSettings:
    """The environment a systemd service runs with: its unit's ``Environment=`` lines, drop-ins
    included (``systemctl show -p Environment``), then its ``EnvironmentFile=`` files, which win,
    as systemd applies them.  ``env`` is None where it cannot be known, and ``why`` says why in a
    few words (systemd not running, the unit not installed)."""

    def __init__(self, unit: str, env: dict[str, str] | None, why: str = "", files: tuple[str, ...] = (),
                 no_systemd: bool = False):
        self.unit, self.env, self.why, self.files, self.no_systemd = unit, env, why, files, no_systemd

    def text(self) -> str:
        """``VAR=value`` pairs, sorted, as one line (quoted where a value has a space)."""
        if self.no_systemd:
            return "n/a (see settings from)"
        if self.env is None:
            return self.why
        return " ".join(shlex.quote(f"{k}={v}") for k, v in sorted(self.env.items())) or "(none)"


def parse_environment(value: str) -> dict[str, str]:
    """The value of ``systemctl show -p Environment``: ``A=1 "B=two words"`` -> {"A": "1", "B": "two words"}."""
    try:
        words = shlex.split(value)
    except ValueError:                      # an unbalanced quote: take the words as they are
        words = value.split()
    return dict(w.split("=", 1) for w in words if "=" in w)


def read_environment_file(path: str) -> dict[str, str] | None:
    """An ``EnvironmentFile=``: ``VAR=value`` lines, comments and blank lines skipped, a value's
    surrounding quotes removed; None when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    env = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;" or "=" not in line:
            continue
        key, value = (x.strip() for x in line.split("=", 1))
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        env[key] = value
    return env


def unit_settings(unit: str) -> UnitSettings:
    """What ``unit`` (e.g. ``tablecup-kiosk``) runs with, from systemd itself."""
    name = unit + ".service"
    systemctl = shutil.which("systemctl")
    if not systemctl:
        return UnitSettings(name, None, "there is no systemctl here", no_systemd=True)
    if not _systemd_running():
        return UnitSettings(name, None, "systemd is not running here", no_systemd=True)
    try:
        out = subprocess.run([systemctl, "show", name, "--no-pager", "-p", "LoadState", "-p", "Environment",
                              "-p", "EnvironmentFiles"], check=False, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError) as exc:
        return UnitSettings(name, None, f"unknown ({exc})")
    lines = [ln.split("=", 1) for ln in out.stdout.splitlines() if "=" in ln]
    if out.returncode != 0 or not lines:
        first = (out.stderr.strip().splitlines() or [f"systemctl exited with {out.returncode}"])[0]
        return UnitSettings(name, None, f"unknown ({first})")
    props = dict(lines)
    if props.get("LoadState") == "not-found":
        return UnitSettings(name, None, "not installed")
    env = parse_environment(props.get("Environment", ""))
    files = []
    for key, value in lines:
        if key != "EnvironmentFiles" or not value.strip():
            continue
        # "/etc/tablecup/tablecup.env (ignore_errors=yes)"; a leading "-" in the unit means the same.
        path = value.rsplit(" (ignore_errors=", 1)[0].strip()
        found = read_environment_file(path)
        files.append(path if found is not None else f"{path} (unreadable)")
        env.update(found or {})
    return UnitSettings(name, env, files=tuple(files))


def _settings_source(kiosk: UnitSettings) -> str:
    if kiosk.env is not None:
        return f"{kiosk.unit} (systemctl show" + "".join(f", {f}" for f in kiosk.files) + ")"
    why = kiosk.why if kiosk.no_systemd else f"{kiosk.unit}: {kiosk.why}"
    return f"this shell's environment ({why})"


def _kiosk_service() -> str:
    systemctl = shutil.which("systemctl")
    if not systemctl or not _systemd_running():
        return "systemd not running"
    try:
        out = subprocess.run(
            [systemctl, "show", KIOSK_UNIT + ".service", "--no-pager",
             "-p", "ActiveState", "-p", "SubState", "-p", "NRestarts", "-p", "LoadState"],
            check=False, capture_output=True, text=True, timeout=5,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"unknown ({exc})"
    props = dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)
    if props.get("LoadState") == "not-found":
        return "not installed"
    text = f"{props.get('ActiveState', '?')} ({props.get('SubState', '?')})"
    restarts = props.get("NRestarts")
    if restarts and restarts != "0":
        text += f", restarted {restarts} times since boot"
    return text


def _last_errors() -> str:
    journalctl = shutil.which("journalctl")
    if not journalctl:
        return "journal not available"
    cmd = [journalctl, "-u", KIOSK_UNIT, "-p", "err", "-n", str(JOURNAL_LINES),
           "--no-pager", "-o", "short-iso"]
    try:
        out = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"journal not available ({exc})"
    lines = [ln for ln in out.stdout.splitlines() if ln.strip() and not ln.startswith("-- ")]
    if out.returncode != 0 and not lines:
        first = (out.stderr.strip().splitlines() or ["journalctl failed"])[0]
        return f"journal not readable ({first}); try: sudo tablecup doctor"
    if not lines:
        return "none"
    return "\n".join(lines[-JOURNAL_LINES:])


def database_health(data: Path) -> str:
    """One line per database (ok, or damaged: why and which backup to restore), and one per
    damaged database the kiosk set aside."""
    lines = []
    for db in paths.database_files(data):
        why = dbcheck.problem(db)
        lines.append(f"{db.name}: ok" if why is None else
                     f"{db.name}: DAMAGED ({why}); {dbcheck.restore_advice(db, data)}")
    for aside in dbcheck.set_aside_files(data):
        lines.append(f"{aside.name}: a damaged database the kiosk set aside (it started a fresh one)")
    return "\n".join(lines) or "no databases"


def organiser_pin_where(data: Path) -> str:
    """Where the coordinator's organiser PIN is, never the PIN itself (a report is shared with
    whoever helps): kept in the data folder's coordinator.db, and the command that prints it."""
    from coordinator.store import DB_NAME, stored_organiser_pin
    if not (data / DB_NAME).is_file():
        return f"no coordinator here (no {DB_NAME})"
    try:
        pin = stored_organiser_pin(data)
    except sqlite3.Error as exc:
        return f"{DB_NAME} unreadable by this user ({exc})"
    if pin is None:
        return "none yet (the coordinator makes one at its first start)"
    return f"kept in {DB_NAME}; `tablecup coordinator --show-pin` prints it (as the coordinator's user)"


def data_kept(data: Path) -> str:
    """One line: "yes (ext4 on /)", or "NO: " and why the data folder is lost at power-off (a
    tmpfs, Raspberry Pi OS's overlay file system) and where to read what to do."""
    why = storage.warning(data)
    return f"NO: {why}" if why else f"yes ({storage.describe(data)})"


def report(extra: Mapping[str, object] | None = None) -> list[tuple[str, str]]:
    """Collect the support facts as ``(key, value)`` pairs (keys: :data:`KEYS`).

    ``extra`` adds lines (e.g. ``{"hardware": "lgpio, 4 buttons"}``); a key that
    is already present replaces its value in place.
    """
    lines: list[tuple[str, str]] = []
    add = lambda k, v: lines.append((k, str(v)))

    add(K_VERSION, _tablecup_version())
    add(K_PYTHON, f"{platform.python_version()} ({sys.executable})")
    add(K_KIVY, _dist_version("kivy") or "not installed")
    add(K_PLATFORM, f"{platform.platform()} {platform.machine()}")
    add(K_MODEL, _pi_model())
    # The kiosk's settings as its service has them (sudo tablecup doctor runs with root's own
    # environment); this shell's where systemd cannot say.
    kiosk = unit_settings(KIOSK_UNIT)
    setting = (lambda name: kiosk.env.get(name) or NOT_SET) if kiosk.env is not None else _env
    add(K_SETTINGS, _settings_source(kiosk))
    add(K_SDL, setting("SDL_VIDEODRIVER"))
    add(K_KIVY_WINDOW, setting("KIVY_WINDOW"))
    add(K_KIVY_GL, setting("KIVY_GL_BACKEND"))
    add(K_DRM, _drm_devices())

    data = paths.data_dir(create=False)
    unit_data = (kiosk.env or {}).get(paths.DATA_ENV)
    elsewhere = f" (the kiosk service's is {unit_data})" if unit_data and Path(unit_data) != data else ""
    add(K_DATA, (str(data) if data.is_dir() else f"{data} (missing)") + elsewhere)
    add(K_DATA_KEPT, data_kept(data))
    if data.is_dir():
        size, count = dir_size(data)
        add(K_DATA_SIZE, f"{_size_text(size)} in {count} files")
        try:
            usage = shutil.disk_usage(data)
            add(K_DISK_FREE, f"{_human(usage.free)} of {_human(usage.total)}")
        except OSError as exc:
            add(K_DISK_FREE, f"unknown ({exc})")
        dbs = paths.database_files(data)
        add(K_DATABASES, ", ".join(
            f"{p.name} ({_human(p.stat().st_size)})" for p in dbs) or "none")
        add(K_DB_HEALTH, database_health(data))
        add(K_ORGANISER_PIN, organiser_pin_where(data))
    else:
        add(K_DATA_SIZE, "0 bytes in 0 files")
        add(K_DISK_FREE, "unknown")
        add(K_DATABASES, "none")
        add(K_DB_HEALTH, "no databases")
        add(K_ORGANISER_PIN, "no coordinator here (no data folder)")

    config = paths.config_dir(create=False)
    add(K_CONFIG, str(config) if config.is_dir() else f"{config} (missing)")
    add(K_PIN_FACTORY, setting("GPIOZERO_PIN_FACTORY"))

    try:
        address = coordinator_address(config)
    except ValueError as exc:
        add(K_COORDINATOR, f"invalid config: {exc}")
        add(K_COORDINATOR_REACHABLE, "no")
    else:
        if address is None:
            add(K_COORDINATOR, f"not configured (no {config / COORDINATOR_FILE})")
            add(K_COORDINATOR_REACHABLE, "n/a")
        else:
            host, port = address
            add(K_COORDINATOR, f"{host}:{port}")
            add(K_COORDINATOR_REACHABLE, is_reachable(host, port)[1])

    add(K_SERVICE, _kiosk_service())
    add(K_KIOSK_ENV, kiosk.text())
    add(K_COORDINATOR_ENV, unit_settings(COORDINATOR_UNIT).text())
    add(K_ERRORS, _last_errors())

    for key, value in (extra or {}).items():
        for i, (k, _v) in enumerate(lines):
            if k == key:
                lines[i] = (key, str(value))
                break
        else:
            lines.append((str(key), str(value)))
    return lines


def format_report(lines: Iterable[tuple[str, str]]) -> str:
    """Aligned ``key: value`` text; multi-line values are indented under the key."""
    lines = list(lines)
    width = max((len(k) for k, _ in lines), default=0)
    out = []
    for key, value in lines:
        first, *rest = str(value).splitlines() or [""]
        out.append(f"{key + ':':<{width + 1}} {first}".rstrip())
        out.extend(" " * (width + 2) + ln for ln in rest)
    return "\n".join(out) + "\n"
