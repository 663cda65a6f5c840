"""sd_notify client and the Kivy watchdog, against a real notify socket.

The test binds an AF_UNIX datagram socket itself and passes it to the code as
``$NOTIFY_SOCKET``, exactly as systemd does.

The Kivy tests run a real Kivy app in a subprocess with an offscreen window.
What works here (Debian 12, Kivy 2.3.1 pip wheel with its bundled SDL 2.30,
Mesa llvmpipe, no X server) is::

    KIVY_WINDOW=sdl2 SDL_VIDEODRIVER=offscreen KIVY_GL_BACKEND=sdl2

(SDL's offscreen driver makes an EGL pbuffer context; it needs libegl1 and
libegl-mesa0/libgl1-mesa-dri. SDL_VIDEODRIVER=dummy has no GL at all and
KIVY_GL_BACKEND=mock does not help there.)

``APP_COMMAND`` is the app under test. By default it is the real kiosk
(``python -m kiosk.main --data TMP/data --windowed``); ``TABLECUP_WATCHDOG_APP``
overrides it (``WATCHDOG_APP`` below is a small stand-in app that honours the
same hook). The "pings stop while the UI thread is blocked" test uses the
kiosk's test hook described in ``BLOCK_PROTOCOL``; it is skipped for any app
that did not send ``STATUS=block-hook ready``.
"""

import os
import shlex
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from appliance import sdnotify

REPO = Path(__file__).resolve().parents[2]

# Environment that makes Kivy 2.3 render with no display server here.
KIVY_HEADLESS_ENV = {
    "KIVY_WINDOW": "sdl2",
    "SDL_VIDEODRIVER": "offscreen",
    "KIVY_GL_BACKEND": "sdl2",
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_NO_CONSOLELOG": "0",
}

BLOCK_PROTOCOL = """
The kiosk's test hook: while running, the app reads new lines of the file named
by $TABLECUP_KIOSK_HOOK every 0.05 s, from Kivy's clock; the line
"block SECONDS" calls time.sleep(SECONDS) on the UI thread. It announces the
hook with STATUS=block-hook ready.
"""

WATCHDOG_APP = textwrap.dedent('''
    import os, time
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label
    from appliance import sdnotify

    HOOK = os.environ.get("TABLECUP_KIOSK_HOOK")
    RUN_SECONDS = float(os.environ.get("TABLECUP_TEST_RUN_SECONDS", "20"))

    class WatchdogTestApp(App):
        def build(self):
            return Label(text="watchdog test")

        def on_start(self):
            self.watchdog = sdnotify.KivyWatchdog().start()
            self.seen = 0
            if HOOK:
                Clock.schedule_interval(self.check_block, 0.05)
                sdnotify.status("block-hook ready")
            Clock.schedule_once(lambda dt: self.stop(), RUN_SECONDS)

        def check_block(self, dt):
            if not os.path.exists(HOOK):
                return
            lines = open(HOOK).read().splitlines()
            new, self.seen = lines[self.seen:], len(lines)
            for line in new:
                if line.startswith("block "):
                    time.sleep(float(line.split()[1]))  # the UI thread is stuck

        def on_stop(self):
            self.watchdog.stop()

    WatchdogTestApp().run()
''')


def app_command(tmp_path):
    """The command line of the app under test (one place to change)."""
    override = os.environ.get("TABLECUP_WATCHDOG_APP")
    if override == "stand-in":
        script = tmp_path / "watchdog_app.py"
        script.write_text(WATCHDOG_APP)
        return [sys.executable, str(script)]
    if override:
        return shlex.split(override)
    return [sys.executable, "-m", "kiosk.main", "--data", str(tmp_path / "data"), "--windowed"]


APP_COMMAND = app_command


class NotifyListener:
    """A NOTIFY_SOCKET like systemd's: records (time, message) of every datagram."""

    def __init__(self, path):
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.2)
        self.messages = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                data = self.sock.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                return
            now = time.monotonic()
            for line in data.decode().splitlines():
                self.messages.append((now, line))

    def times(self, line):
        return [t for t, m in list(self.messages) if m == line]

    def wait_for(self, predicate, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate():
                return True
            time.sleep(0.05)
        return predicate()

    def close(self):
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


@pytest.fixture
def listener(tmp_path):
    lst = NotifyListener(tmp_path / "notify.sock")
    yield lst
    lst.close()


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# --- the protocol -------------------------------------------------------------

def test_no_socket_means_quiet_no_ops(clean_env):
    assert sdnotify.notify("READY=1") is False
    assert sdnotify.ready() is False
    assert sdnotify.watchdog_ping() is False
    assert sdnotify.status("x") is False
    assert sdnotify.watchdog_interval() is None


def test_messages_arrive_on_a_path_socket(clean_env, listener):
    clean_env.setenv("NOTIFY_SOCKET", listener.path)
    assert sdnotify.ready() is True
    assert sdnotify.watchdog_ping() is True
    assert sdnotify.status("two\nlines") is True
    assert listener.wait_for(lambda: len(listener.messages) >= 3, 2)
    lines = [m for _, m in listener.messages]
    assert lines[0] == "READY=1"
    assert "WATCHDOG=1" in lines
    assert "STATUS=two lines" in lines


def test_messages_arrive_on_an_abstract_socket(clean_env):
    name = f"tablecup-test-{os.getpid()}-{time.monotonic_ns()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(2)
    try:
        clean_env.setenv("NOTIFY_SOCKET", "@" + name)
        assert sdnotify.watchdog_ping() is True
        assert sock.recv(100) == b"WATCHDOG=1"
    finally:
        sock.close()


def test_unreachable_socket_does_not_raise(clean_env, tmp_path):
    clean_env.setenv("NOTIFY_SOCKET", str(tmp_path / "nobody-listens"))
    assert sdnotify.ready() is False


def test_watchdog_interval(clean_env):
    clean_env.setenv("WATCHDOG_USEC", "30000000")
    assert sdnotify.watchdog_interval() == 30.0
    clean_env.setenv("WATCHDOG_PID", str(os.getpid()))
    assert sdnotify.watchdog_interval() == 30.0
    clean_env.setenv("WATCHDOG_PID", str(os.getpid() + 1))
    assert sdnotify.watchdog_interval() is None  # meant for another process
    clean_env.delenv("WATCHDOG_PID")
    for bad in ("0", "-5", "abc", ""):
        clean_env.setenv("WATCHDOG_USEC", bad)
        assert sdnotify.watchdog_interval() is None


class FakeClock:
    """Enough of kivy.clock.Clock to test scheduling without a window."""

    class Event:
        def __init__(self, clock, cb, period):
            self.clock, self.cb, self.period, self.cancelled = clock, cb, period, False

        def cancel(self):
            self.cancelled = True

    def __init__(self):
        self.once, self.intervals = [], []

    def schedule_once(self, cb, timeout=0):
        ev = self.Event(self, cb, timeout)
        self.once.append(ev)
        return ev

    def schedule_interval(self, cb, period):
        ev = self.Event(self, cb, period)
        self.intervals.append(ev)
        return ev

    def tick(self):
        pending, self.once = self.once, []
        for ev in pending:
            if not ev.cancelled:
                ev.cb(0)


def test_kivy_watchdog_schedules_on_the_clock(clean_env, listener):
    clean_env.setenv("NOTIFY_SOCKET", listener.path)
    clock = FakeClock()
    wd = sdnotify.KivyWatchdog(interval=30, clock=clock).start()
    assert [ev.period for ev in clock.intervals] == [15]
    clock.tick()  # first frame: READY is only scheduled now
    assert not wd.ready_sent
    clock.tick()
    assert wd.ready_sent
    clock.intervals[0].cb(15)
    wd.stop()
    assert clock.intervals[0].cancelled
    # Wait for the last datagram, not for a count: four had come while STOPPING=1 was on its way.
    assert listener.wait_for(lambda: "STOPPING=1" in [m for _, m in listener.messages], 2)
    lines = [m for _, m in listener.messages]
    assert lines.count("WATCHDOG=1") == 2  # one at start, one from the interval
    assert "READY=1" in lines and lines[-1] == "STOPPING=1"


def test_kivy_watchdog_without_watchdog_only_sends_ready(clean_env, listener):
    clean_env.setenv("NOTIFY_SOCKET", listener.path)
    clock = FakeClock()
    sdnotify.KivyWatchdog(clock=clock).start()
    assert clock.intervals == []
    clock.tick()
    clock.tick()
    assert listener.wait_for(lambda: listener.messages, 2)
    assert [m for _, m in listener.messages][0] == "READY=1"


def test_asyncio_watchdog_pings_from_the_loop(clean_env, listener):
    import asyncio

    clean_env.setenv("NOTIFY_SOCKET", listener.path)

    async def main():
        task = asyncio.create_task(sdnotify.asyncio_watchdog(0.2))
        await asyncio.sleep(0.35)
        task.cancel()

    asyncio.run(main())
    assert listener.wait_for(lambda: len(listener.times("WATCHDOG=1")) >= 2, 2)


# --- a real Kivy app -------------------------------------------------------------

def start_app(tmp_path, listener, watchdog_usec, extra_env=None):
    try:
        import kivy  # noqa: F401
    except ImportError:
        pytest.skip("Kivy is not installed")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(KIVY_HEADLESS_ENV)
    env.update({
        "KIVY_HOME": str(tmp_path / "kivy-home"),
        "NOTIFY_SOCKET": listener.path,
        "TABLECUP_KIOSK_HOOK": str(tmp_path / "hook.txt"),
        "WATCHDOG_USEC": str(watchdog_usec),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])),
    })
    env.pop("WATCHDOG_PID", None)  # the child's pid is not known in advance
    env.update(extra_env or {})
    log = open(tmp_path / "app.log", "w+")
    proc = subprocess.Popen(APP_COMMAND(tmp_path), env=env, stdout=log,
                            stderr=subprocess.STDOUT, cwd=tmp_path)
    return proc, log


def wait_ready_or_skip(proc, log, listener, timeout=60):
    ok = listener.wait_for(lambda: listener.times("READY=1") or proc.poll() is not None, timeout)
    if listener.times("READY=1"):
        return
    proc.kill()
    proc.wait()
    log.seek(0)
    output = log.read()
    if "Unable to get a Window" in output or "Unable to find any valuable Window" in output:
        pytest.skip("Kivy cannot open an offscreen window here (needs libegl1 + "
                    "libegl-mesa0 + libgl1-mesa-dri):\n" + output[-2000:])
    pytest.fail(f"app sent no READY=1 (finished={ok}):\n{output[-4000:]}")


def stop_app(proc, log):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    log.close()


def gaps(times):
    return [b - a for a, b in zip(times, times[1:])]


@pytest.mark.slow
def test_kivy_app_sends_ready_and_regular_pings(tmp_path, listener):
    # WATCHDOG_USEC=1 s: KivyWatchdog pings every 0.5 s from Kivy's clock.
    proc, log = start_app(tmp_path, listener, 1_000_000, {"TABLECUP_TEST_RUN_SECONDS": "4"})
    try:
        wait_ready_or_skip(proc, log, listener)
        t_ready = listener.times("READY=1")[0]
        assert listener.wait_for(
            lambda: len([t for t in listener.times("WATCHDOG=1") if t > t_ready]) >= 4, 10)
        pings = [t for t in listener.times("WATCHDOG=1") if t > t_ready]
        assert max(gaps(pings)) < 1.0, gaps(pings)  # well within the 1 s watchdog
    finally:
        stop_app(proc, log)


@pytest.mark.slow   # waits out the watchdog's silence
def test_pings_stop_while_the_ui_thread_is_blocked(tmp_path, listener):
    hook_file = tmp_path / "hook.txt"
    block_seconds = 3.0
    proc, log = start_app(tmp_path, listener, 1_000_000, {"TABLECUP_TEST_RUN_SECONDS": "30"})
    try:
        wait_ready_or_skip(proc, log, listener)
        if not listener.wait_for(lambda: listener.times("STATUS=block-hook ready"), 5):
            pytest.skip("the app under test has no block-file hook:" + BLOCK_PROTOCOL)
        # Healthy first: a few pings.
        start = time.monotonic()
        assert listener.wait_for(
            lambda: len([t for t in listener.times("WATCHDOG=1") if t > start]) >= 3, 10)
        # Block the UI thread and watch the pings.
        t_block = time.monotonic()
        with open(hook_file, "a") as f:
            f.write(f"block {block_seconds}\n")
        end = t_block + block_seconds + 3
        assert listener.wait_for(lambda: time.monotonic() > end, block_seconds + 5)
        assert proc.poll() is None, "app died"
        pings = listener.times("WATCHDOG=1")
        # The hook runs within 0.1 s + one frame; allow a ping that was already due.
        during = [t for t in pings if t_block + 0.7 < t < t_block + block_seconds - 0.3]
        assert during == [], f"pings while the UI thread slept: {[round(t - t_block, 2) for t in during]}"
        around = [t for t in pings if t > t_block - 1]
        assert max(gaps(around)) >= block_seconds - 1.0, gaps(around)
        after = [t for t in pings if t > t_block + block_seconds + 0.2]
        assert len(after) >= 2, "pings did not resume after the block"
    finally:
        stop_app(proc, log)
