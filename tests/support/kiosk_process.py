"""The real kiosk in a process of its own (offscreen), driven through its test hook file: for tests
that kill it with SIGKILL and start it again on the same data folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kiosk_helpers import ROOT, kiosk_env


class Kiosk:
    """The real kiosk in a process of its own, driven through its test hook file."""

    def __init__(self, data: Path, port: int, hook: Path) -> None:
        self.hook, self.data, self.n = hook, data, 0
        hook.write_text("")
        # The kiosk's log goes to a file beside its hook: a pipe nobody reads until the end fills
        # up (64 KiB) and the kiosk's next log line blocks it, the whole app with it.
        self.log = hook.with_suffix(".log")
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed", "--phone-port", str(port)],
                env=kiosk_env(TABLECUP_KIOSK_HOOK=hook, TABLECUP_ROBOT_DELAY="0.01"), cwd=ROOT,
                stdout=subprocess.DEVNULL, stderr=log, text=True)

    def log_tail(self, chars: int = 3000) -> str:
        """The end of what the kiosk has logged so far."""
        return self.log.read_text(errors="replace")[-chars:]

    def send(self, line: str) -> None:
        with open(self.hook, "a") as f:
            f.write(line + "\n")

    def ask(self, cmd: str, *args: str, timeout: float = 60.0) -> dict:
        """``cmd PATH [ARGS]`` (dump, seats, texts, props): the JSON the kiosk writes there."""
        self.n += 1
        path = self.data.parent / f"{cmd}-{os.getpid()}-{id(self)}-{self.n}.json"
        self.send(" ".join([cmd, str(path), *args]))
        end = time.time() + timeout
        while not path.exists():
            assert self.proc.poll() is None, self.log_tail()
            assert time.time() < end, f"the kiosk did not answer {cmd}"
            time.sleep(0.05)
        return json.loads(path.read_text())

    def table(self) -> dict:
        return self.ask("dump")["table"]

    def wait(self, test, what: str, timeout: float = 60.0) -> dict:
        end = time.time() + timeout
        while True:
            t = self.table()
            if test(t):
                return t
            assert time.time() < end, f"timed out waiting for {what}"
            time.sleep(0.1)

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.send("quit")
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


