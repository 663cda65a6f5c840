"""systemd/install.sh in a fresh Debian 12 chroot, then --uninstall.

A minimal Debian bookworm made with ``debootstrap --variant=minbase`` stands in
for Raspberry Pi OS Lite (same Debian release; the Pi specific files such as
/boot/firmware/cmdline.txt are created by the test). The checkout is copied to
/src in the chroot and the installer runs there as root, exactly as the
documented ``sudo bash tablecup/systemd/install.sh``. systemd is not running
inside the chroot, so this also covers the offline path (image builds).

Slow (a few minutes, mostly downloads): marked ``slow``; skipped unless root
with ``debootstrap`` and ``chroot`` available. Optional caches, never required:

* ``$TABLECUP_INSTALL_CACHE`` (default /tmp/tablecup-install-cache) keeps the
  debootstrapped tree as a tar, the .deb files and a pip cache across runs;
  ``TABLECUP_INSTALL_CACHE=off`` disables it.
* ``$TABLECUP_TEST_PIP_ARGS`` is passed to the installer as TABLECUP_PIP_ARGS
  (e.g. ``--no-deps`` to skip Kivy & co.; default: full install).

Two things keep it short without changing what it checks: the chroot lives on a
tmpfs of its own (dpkg's unpacking and syncing of 150 packages and pip's writes
go to memory, and the teardown is an unmount instead of deleting a gigabyte of
files), and the C compiler builds the engine unoptimised (``CFLAGS=-O0``
in the installer's environment): the installer still compiles every module,
in a third of gcc's time at -O2, and how fast the test's build runs is not
something the test looks at.
"""

import contextlib
import fcntl
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SUITE = "bookworm"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
CACHE_ENV = "TABLECUP_INSTALL_CACHE"
PACKAGES = [
    "python3-venv", "python3-dev", "build-essential", "libegl1", "libgles2", "libegl-mesa0",
    "libgl1-mesa-dri", "libgbm1", "libdrm2", "libmtdev1", "gpiod", "sqlite3", "systemd", "fonts-dejavu-core",
]
GROUPS = {"video", "render", "input", "gpio", "dialout"}
UNITS = ["tablecup-kiosk.service", "tablecup-coordinator.service",
         "tablecup-backup.service", "tablecup-backup.timer"]
HOST_CA = os.environ.get("PIP_CERT") or os.environ.get("SSL_CERT_FILE") or "/etc/ssl/certs/ca-certificates.crt"
CHROOT_CA = "/etc/host-ca-bundle.crt"
# Room for the Debian tree, the packages the installer adds and the venv (about 1.5 GB).
TMPFS_SIZE = "6G"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234abcd-02 rootfstype=ext4 fsck.repair=yes rootwait\n"

pytestmark = pytest.mark.slow


def apt_mirror():
    """The Debian mirror this machine's apt uses (deb822 or one-line format)."""
    candidates = []
    for path in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]:
        if not path.is_file() or not (path.suffix in (".list", ".sources") or path.name == "sources.list"):
            continue
        text = path.read_text(errors="replace")
        if path.suffix == ".sources":
            for stanza in re.split(r"\n\s*\n", text):
                fields = {}
                for line in stanza.splitlines():
                    if ":" in line and not line.lstrip().startswith("#"):
                        k, _, v = line.partition(":")
                        fields[k.strip().lower()] = v.strip()
                if fields.get("enabled", "yes").lower() == "no":
                    continue
                if "deb" in fields.get("types", "").split() and SUITE in fields.get("suites", "").split():
                    candidates += fields.get("uris", "").split()
        else:
            for line in text.splitlines():
                m = re.match(r"\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)", line)
                if m and m.group(2) == SUITE:
                    candidates.append(m.group(1))
    for uri in candidates:
        if uri.startswith(("http://", "https://")) and "security" not in uri:
            return uri.rstrip("/")
    return DEFAULT_MIRROR


def run(cmd, timeout=900, check=True, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    if check and proc.returncode != 0:
        raise AssertionError(f"{cmd} failed ({proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-6000:]}")
    return proc


def mounts_under(root):
    root = os.path.realpath(root)
    found = []
    with open("/proc/self/mounts") as fh:
        for line in fh:
            target = line.split()[1].replace("\\040", " ")
            if target == root or target.startswith(root + "/"):
                found.append(target)
    return found


class Chroot:
    def __init__(self, root, cache):
        self.root = Path(root)
        self.cache = cache
        self.mounts = []
        self.timings = {}

    def path(self, p):
        return self.root / str(p).lstrip("/")

    def mount(self, args, target):
        target = self.path(target)
        target.mkdir(parents=True, exist_ok=True)
        run(["mount", *args, str(target)], timeout=60)
        self.mounts.append(target)

    def mount_tmpfs_root(self):
        """The whole tree in memory: unmounted (first in, last out) by :meth:`teardown`."""
        run(["mount", "-t", "tmpfs", "-o", f"size={TMPFS_SIZE},mode=0755", "tablecup-chroot", str(self.root)],
            timeout=60)
        self.mounts.append(self.root)

    def bootstrap(self):
        t0 = time.monotonic()
        tarball = self.cache / f"{SUITE}-minbase-{os.uname().machine}.tar" if self.cache else None
        if tarball and tarball.is_file():
            run(["tar", "-xpf", str(tarball), "--numeric-owner", "-C", str(self.root)], timeout=600)
            self.timings["rootfs (cached)"] = time.monotonic() - t0
            return
        run(["debootstrap", "--variant=minbase", SUITE, str(self.root), apt_mirror()], timeout=1500)
        if tarball:
            partial = tarball.with_suffix(".partial")
            run(["tar", "-cpf", str(partial), "--numeric-owner", "-C", str(self.root), "."], timeout=600)
            partial.rename(tarball)
        self.timings["debootstrap"] = time.monotonic() - t0

    def prepare(self):
        shutil.copy("/etc/resolv.conf", self.path("/etc/resolv.conf"), follow_symlinks=True)
        # This machine may reach PyPI through a TLS proxy with its own CA: give
        # pip in the chroot the host's trusted roots (a real Pi needs nothing).
        if os.path.isfile(HOST_CA):
            shutil.copy(HOST_CA, self.path(CHROOT_CA))
        policy = self.path("/usr/sbin/policy-rc.d")  # no service starts in the chroot
        policy.write_text("#!/bin/sh\nexit 101\n")
        policy.chmod(0o755)
        self.path("/boot/firmware").mkdir(parents=True, exist_ok=True)
        self.path("/boot/firmware/cmdline.txt").write_text(CMDLINE)
        self.path("/boot/firmware/config.txt").write_text("[all]\ndtoverlay=vc4-kms-v3d\n")
        src = self.path("/src")
        # (Not what a clone lacks: the test language's catalogues, compiled here for the tests.)
        shutil.copytree(REPO, src, symlinks=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "__pycache__", "*.egg-info", ".pytest_cache", "build", "qps"))
        # /proc only. No bind mount of the host's /dev: debootstrap made the
        # few device nodes apt and pip need, and a tree without host mounts in
        # it can never take the host's /dev down with it when deleted.
        self.mount(["-t", "proc", "proc"], "/proc")
        if self.cache:
            apt_cache = self.cache / "apt-archives"
            (apt_cache / "partial").mkdir(parents=True, exist_ok=True)
            self.mount(["--bind", str(apt_cache)], "/var/cache/apt/archives")
            pip_cache = self.cache / "pip"
            pip_cache.mkdir(parents=True, exist_ok=True)
            self.mount(["--bind", str(pip_cache)], "/var/cache/pip-cache")

    def env(self, **extra):
        env = {
            "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            "HOME": "/root", "LANG": "C.UTF-8", "TERM": "dumb",
            "PIP_CACHE_DIR": "/var/cache/pip-cache", "PIP_ROOT_USER_ACTION": "ignore",
            "TABLECUP_PIP_ARGS": os.environ.get("TABLECUP_TEST_PIP_ARGS", ""),
            "CFLAGS": "-O0",    # after the interpreter's -O2, so it wins (see the module's docstring)
        }
        if self.path(CHROOT_CA).is_file():
            env["PIP_CERT"] = env["SSL_CERT_FILE"] = CHROOT_CA
        env.update(extra)
        return [f"{k}={v}" for k, v in env.items()]

    def sh(self, command, timeout=120, check=True, **env):
        return run(["chroot", str(self.root), "/usr/bin/env", "-i", *self.env(**env),
                    "bash", "-c", command], timeout=timeout, check=check)

    def install(self, *args, label, **env):
        t0 = time.monotonic()
        proc = self.sh("cd / && bash /src/systemd/install.sh " + " ".join(args),
                       timeout=1500, check=False, **env)
        self.timings[label] = time.monotonic() - t0
        log = self.cache or Path("/tmp")
        (Path(log) / f"{label.replace(' ', '-')}.log").write_text(proc.stdout + proc.stderr)
        assert proc.returncode == 0, f"install.sh {' '.join(args)} failed:\n{proc.stdout[-8000:]}\n{proc.stderr[-8000:]}"
        return proc

    def teardown(self):
        for target in reversed(self.mounts):
            if subprocess.run(["umount", str(target)], capture_output=True).returncode != 0:
                subprocess.run(["umount", "-l", str(target)], capture_output=True)
        left = mounts_under(self.root)
        if left:
            # Never rm -rf a tree with /dev bound into it.
            raise RuntimeError(f"still mounted, not deleting {self.root}: {left}")
        shutil.rmtree(self.root, ignore_errors=True)


def remove_stale_chroots():
    """Unmount and delete chroots left by test runs that were killed."""
    for root in Path("/tmp").glob("tablecup-chroot-*"):
        try:
            pid = int((root / ".test-owner-pid").read_text())
            os.kill(pid, 0)
            continue  # its test is still running
        except (OSError, ValueError):
            pass
        for target in sorted(mounts_under(root), reverse=True):
            subprocess.run(["umount", "-l", target], capture_output=True)
        if not mounts_under(root):
            shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def exclusive(lock_path, timeout=1800):
    """One chroot test at a time on this machine (they share the caches)."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as fh:
        end = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > end:
                    pytest.skip(f"another install test held {lock_path} for {timeout} s")
                time.sleep(2)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


@pytest.fixture
def chroot():
    if os.geteuid() != 0:
        pytest.skip("needs root (debootstrap, chroot, mount)")
    for tool in ("debootstrap", "chroot", "mount", "tar"):
        if not shutil.which(tool):
            pytest.skip(f"{tool} not available (apt-get install debootstrap)")
    cache_setting = os.environ.get(CACHE_ENV, "/tmp/tablecup-install-cache")
    cache = None if cache_setting == "off" else Path(cache_setting)
    lock = (cache or Path("/tmp")) / "tablecup-install-test.lock"
    t_lock = time.monotonic()
    with exclusive(lock):
        waited = time.monotonic() - t_lock
        remove_stale_chroots()
        root = Path(tempfile.mkdtemp(prefix="tablecup-chroot-", dir="/tmp"))
        ch = Chroot(root, cache)
        ch.mount_tmpfs_root()
        (root / ".test-owner-pid").write_text(str(os.getpid()))
        ch.timings["waiting for lock"] = waited
        try:
            ch.bootstrap()
            (root / ".test-owner-pid").write_text(str(os.getpid()))
            t0 = time.monotonic()
            ch.prepare()
            ch.timings["prepare"] = time.monotonic() - t0
            yield ch
        finally:
            t0 = time.monotonic()
            ch.teardown()
            ch.timings["teardown"] = time.monotonic() - t0
            print("timings:", {k: f"{v:.0f}s" for k, v in ch.timings.items()})


def tablecup_paths(ch):
    """Every path on the chroot's disk with 'tablecup' in its name (not /src, caches)."""
    skip = {"src", "proc", "sys"}
    found = set()
    for top in ch.root.iterdir():
        if top.name in skip:
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames
                           if os.path.join(dirpath, d) not in {str(m) for m in ch.mounts}]
            for name in dirnames + filenames:
                if "tablecup" in name:
                    found.add("/" + os.path.relpath(os.path.join(dirpath, name), ch.root))
    return found


def test_install_then_uninstall_in_a_debian_chroot(chroot):
    ch = chroot
    before = tablecup_paths(ch)
    assert before == set(), before

    # --- first install: a table --------------------------------------------
    ch.install(label="install")

    status = ch.sh("dpkg-query -W -f '${Package} ${Status}\\n' " + " ".join(PACKAGES)).stdout
    for pkg in PACKAGES:
        assert f"{pkg} install ok installed" in status, status

    ident = ch.sh("id tablecup").stdout
    groups = set(re.findall(r"\d+\(([^)]+)\)", ident.split("groups=", 1)[1]))
    assert GROUPS <= groups, ident
    passwd = ch.sh("getent passwd tablecup").stdout.strip().split(":")
    assert passwd[5] == "/var/lib/tablecup" and passwd[6] == "/usr/sbin/nologin", passwd
    assert int(passwd[2]) < 1000  # a system user
    assert ch.sh("stat -c %U:%G /var/lib/tablecup").stdout.strip() == "tablecup:tablecup"

    script = ch.path("/opt/tablecup/venv/bin/tablecup")
    assert script.is_file() and os.access(script, os.X_OK)
    assert script.read_text().startswith("#!/opt/tablecup/venv/bin/python")
    assert "tablecup.cli" in script.read_text()
    versions = ch.sh(
        "/opt/tablecup/venv/bin/python -c 'import importlib.metadata as m, appliance.sdnotify; "
        "print(m.version(\"tablecup\"), m.version(\"lgpio\"))'").stdout
    assert versions.split()[0] and versions.split()[1], versions
    if "--no-deps" not in os.environ.get("TABLECUP_TEST_PIP_ARGS", ""):
        ch.sh("/opt/tablecup/venv/bin/python -c 'import importlib.metadata as m; "
              "[m.version(p) for p in (\"kivy\", \"gpiozero\", \"pyserial\", \"aiohttp\", \"pydantic\")]'")

    wrapper = ch.path("/usr/local/bin/tablecup")
    assert os.access(wrapper, os.X_OK)
    assert "exec /opt/tablecup/venv/bin/tablecup" in wrapper.read_text()
    ch.sh("sh -n /usr/local/bin/tablecup")
    # The wrapper gives a shell the services' folders (checked without cli.py).
    env_seen = ch.sh("sed 's#^exec .*#env#' /usr/local/bin/tablecup > /tmp/w && sh /tmp/w").stdout
    assert "TABLECUP_DATA=/var/lib/tablecup" in env_seen.splitlines()
    assert "TABLECUP_CONFIG=/etc/tablecup" in env_seen.splitlines()

    etc = ch.path("/etc/systemd/system")
    for unit in UNITS:
        assert (etc / unit).read_text() == (REPO / "systemd" / unit).read_text()
    kiosk_link = etc / "multi-user.target.wants" / "tablecup-kiosk.service"
    assert kiosk_link.is_symlink()
    assert os.readlink(kiosk_link).endswith("/tablecup-kiosk.service")
    assert (etc / "timers.target.wants" / "tablecup-backup.timer").is_symlink()
    assert not (etc / "multi-user.target.wants" / "tablecup-coordinator.service").exists()
    assert not (etc / "getty.target.wants" / "getty@tty1.service").exists()

    # The players' settings folder: the service's user writes it, and the unit lets it.
    assert ch.sh("stat -c %U:%G:%a /etc/tablecup/settings").stdout.strip() == "tablecup:tablecup:750"
    env_file = ch.path("/etc/tablecup/tablecup.env")
    assert env_file.read_text() == (REPO / "systemd" / "tablecup.env").read_text()
    assert ch.path("/etc/udev/rules.d/60-tablecup-gpio.rules").is_file()
    cmdline = ch.path("/boot/firmware/cmdline.txt").read_text()
    assert cmdline == CMDLINE.rstrip("\n") + " consoleblank=0\n", cmdline

    # --- second run (idempotent), now also the coordinator --------------------
    env_file.write_text(env_file.read_text() + "GPIOZERO_PIN_FACTORY=mock\n")
    data_file = ch.path("/var/lib/tablecup/tournament.db")
    data_file.write_bytes(b"SQLite format 3\0 pretend")
    # The same files: the venv's build is kept (no second compilation of the engine).
    again = ch.install("--coordinator", label="reinstall", TABLECUP_SKIP_APT="1").stdout
    assert "already built from these files" in again and "installing Tablecup" not in again, again
    assert ch.timings["reinstall"] < 60, ch.timings
    assert env_file.read_text().endswith("GPIOZERO_PIN_FACTORY=mock\n"), "env file overwritten"
    assert ch.path("/boot/firmware/cmdline.txt").read_text() == cmdline
    assert (etc / "multi-user.target.wants" / "tablecup-coordinator.service").is_symlink()
    assert kiosk_link.is_symlink()
    assert ch.sh("id -u tablecup").stdout.strip() == passwd[2]

    # --- an updated checkout: built and installed again ---------------------------
    # (pure Python this time: the build switch is part of what a build depends on, and the
    # engine need not be compiled a second time to show it.)
    changed = ch.path("/src/kiosk/__init__.py")
    changed.write_text(changed.read_text() + "# updated checkout\n")
    update = ch.install("--coordinator", label="update", TABLECUP_SKIP_APT="1",
                        TABLECUP_PURE_PYTHON="1").stdout
    assert "installing Tablecup" in update, update
    installed = list(ch.root.glob("opt/tablecup/venv/lib/python3*/site-packages/kiosk/__init__.py"))
    assert len(installed) == 1 and installed[0].read_text().endswith("# updated checkout\n")
    assert not list(ch.root.glob("opt/tablecup/venv/lib/python3*/site-packages/engine/challengers/*.so"))
    # The programs' words: the compiled catalogues are package data (not their sources, nor the
    # pseudo-locale), and the coordinator's pages read theirs from the installed package.
    site = installed[0].parent.parent
    for folder, domain in (("kiosk/locale", "tablecup"), ("coordinator/locale", "coordinator")):
        assert sorted(p.relative_to(site / folder).as_posix() for p in (site / folder).rglob(f"{domain}.mo")) == [
            f"en/LC_MESSAGES/{domain}.mo", f"fr/LC_MESSAGES/{domain}.mo"]
        assert not list((site / folder).rglob("*.po"))
    said = ch.sh("cd / && /opt/tablecup/venv/bin/python -c 'import json; from coordinator import pagewords; "
                 "print(json.loads(pagewords.page_words(\"fr\")[0])[\"words\"][\"org_loginbtn\"])'").stdout
    assert said.strip() == "Se connecter", said

    # --- uninstall: only the data stays ------------------------------------------
    ch.install("--uninstall", label="uninstall")
    assert ch.sh("getent passwd tablecup", check=False).returncode != 0
    assert ch.sh("getent group tablecup", check=False).returncode != 0
    assert not ch.path("/opt/tablecup").exists()
    assert not ch.path("/etc/tablecup").exists()
    for unit in UNITS:
        assert not (etc / unit).exists()
    assert (etc / "getty.target.wants" / "getty@tty1.service").is_symlink()
    assert data_file.read_bytes() == b"SQLite format 3\0 pretend"
    left = tablecup_paths(ch)
    assert left == {"/var/lib/tablecup"}, left  # (tournament.db is checked above)
