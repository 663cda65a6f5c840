"""One worker thread for the table's slow thinking (a search bot's decision), off the UI thread.

    worker = Worker(post=lambda fn: Clock.schedule_once(lambda dt: fn(), 0))
    worker(decide, done)      # decide() runs on the worker, done(its result) on the UI thread

No Kivy here: ``post(fn)`` is how the app gets ``fn`` run on the UI thread.  Jobs run one at a
time, in order.  A ``decide`` that raises is logged and its ``done`` gets None (the table then
asks again).  While a job runs, the interpreter switches threads every millisecond rather than
every five, so the UI thread never waits long for its turn (see
:data:`kiosk.games.challengers.pick_hint.SWITCH_INTERVAL`).
"""

from __future__ import annotations

import functools
import logging
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger("tablecup.kiosk.worker")

SWITCH_INTERVAL = 0.001


class Worker:
    def __init__(self, post: Callable[[Callable[[], None]], None], name: str = "tablecup-bot") -> None:
        self.post = post
        self.name = name
        self._jobs: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None

    def __call__(self, decide: Callable[[], Any], done: Callable[[Any], None]) -> None:
        self._jobs.put((decide, done))
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            decide, done = self._jobs.get()
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, SWITCH_INTERVAL))
            try:
                result = decide()
            except Exception:            # a bot that fails must not stop the table
                log.exception("a bot's decision failed")
                result = None
            finally:
                sys.setswitchinterval(before)
            self.post(functools.partial(done, result))
