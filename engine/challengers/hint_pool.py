"""The Deck Phase hint's practice matches on worker processes: the spare cores of the table.

:func:`engine.challengers.hint.hint` plays its practice matches one halving round at a time;
given a :class:`HintPool`, each round is cut into fixed slices of :data:`SLICE` matches (the
same slices whatever the number of workers), every slice is played by whichever worker is free,
and the wins are added up per choice.  Practice match ``k`` depends only on the seed and ``k``
(:func:`engine.challengers.hint.practice`), so the pooled hint wins exactly what the
one-process hint wins, with 1, 2 or 3 workers.

* Workers are processes started once, when :meth:`HintPool.start` is first called, and kept.
  They are forked by multiprocessing's fork server (a single-threaded process of its own with
  the engine imported once: nothing inherited from a parent that runs Kivy's threads, and
  unlike ``spawn``, the parent's main script is not run again in each worker).
* A hint is cancelled by :meth:`HintPool.cancel` (or by the next hint starting): every worker
  reads the number of the hint it may play, kept in shared memory, before each choice of its
  slice, and drops a slice of a hint that is no longer current.
* A worker dies with the process that uses the pool (its owner): a thread in each worker
  checks every :data:`OWNER_CHECK_SECONDS` that the owner still runs, and ends the worker
  when not (after a ``kill -9`` of the owner; the fork server then ends too, once no worker
  holds its pipe from the owner).
* Whatever fails in the pool (a worker that cannot start or died), :meth:`HintPool.play_round`
  raises :class:`PoolBroken` and the caller thinks in its own process.
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.challengers.hint import PoolBroken, candidates, practice

__all__ = ["FIRST_SLICE", "IN_FLIGHT", "OWNER_CHECK_SECONDS", "SLICE", "HintPool", "PoolBroken", "spare_cores"]

#: Practice matches (values of ``k``) in one slice of a round, for every choice still weighed
#: (10-20 ms of a worker's time with the compiled engine).  Fixed, so that the slices are the same
#: whatever the number of workers.  Smaller slices cost this process more (each is a trip through
#: the executor: with 8, a 3,100-match hint cost this process 0.11-0.13 s of CPU, with 32 about
#: 0.04 s); a cancelled or timed-out hint does not wait for the slices being played.
SLICE = 32

#: The practice matches of a hint's first slice (every choice plays it before the clock's cap
#: may end the hint: a short one lets a busy machine answer in time).
FIRST_SLICE = 8

#: Slices sent ahead to each worker: one playing, one waiting in the pipe for it.
IN_FLIGHT = 2

#: Seconds a worker's first task waits for the others to start.
START_SECONDS = 30.0

#: Seconds between a worker's looks at whether its owner still runs.
OWNER_CHECK_SECONDS = 0.2


def spare_cores() -> int:
    """Workers for the hint: one per core this process may run on (2 on this 2-core VM, 4 on a
    Raspberry Pi 4).  While a hint thinks the UI mostly waits for its next frame: a worker fewer
    than the cores would leave that core's time unplayed.  They run at the UI's priority: below
    it, on a machine busy with other work, they would wait for a core until the hint's first
    slice is in, and the hint's clock is only looked at then."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not Linux
        return os.cpu_count() or 1


# ---------------------------------------------------------------------------- in the worker

#: A slice's answer from a worker that has not had the hint's view: sent again, with the view.
NO_VIEW = "no view"

_current: Any = None                 # the shared number of the hint the workers may play
_started: Any = None                 # the shared count of workers started
_cache: dict[str, Any] = {}          # the hint being played: its number, view, choices and trials


def _running(pid: int) -> bool:
    """Process ``pid`` still runs (not gone, not a zombie waiting to be reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:                 # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _watch_owner(owner: int) -> None:
    """End this worker once the process that uses the pool is gone."""
    while _running(owner):
        time.sleep(OWNER_CHECK_SECONDS)
    os._exit(0)


def _init_worker(current: Any, started: Any, owner: int) -> None:
    global _current, _started
    _current, _started = current, started
    threading.Thread(target=_watch_owner, args=(owner,), name="tablecup-hint-owner", daemon=True).start()
    with started.get_lock():
        started.value += 1


def _ready(workers: int) -> int:
    """A worker's first task: its pid, once all ``workers`` are up (so that each of the first
    tasks is taken by a different worker), or after :data:`START_SECONDS`."""
    give_up = time.monotonic() + START_SECONDS
    while _started.value < workers and time.monotonic() < give_up:
        time.sleep(0.005)
    return os.getpid()


def _play_slice(number: int, view_bytes: bytes | None, seed: int, choice_ids: Sequence[int], start: int,
                stop: int) -> list[int] | str | None:
    """Wins of each choice in ``choice_ids`` over practice matches ``start`` to ``stop - 1`` of
    hint ``number`` (None: that hint was cancelled meanwhile; :data:`NO_VIEW`: this worker has
    not had the hint's view, which only the hint's first slices carry)."""
    if _cache.get("number") != number:
        if view_bytes is None:
            return NO_VIEW
        view = pickle.loads(view_bytes)
        _cache.update(number=number, view=view, choices=candidates(view), trials={})
    view, choices, trials = _cache["view"], _cache["choices"], _cache["trials"]
    wins = []
    for i in choice_ids:
        if _current.value != number:
            return None
        wins.append(practice(view, choices[i][1], start, stop, seed, trials))
    return wins


# ---------------------------------------------------------------------------- in the parent

class HintPool:
    """``workers`` processes playing the hint's practice matches (default :func:`spare_cores`).

    One hint at a time: :meth:`play_round` is called from one thread (never the UI's), which
    waits for the slices; :meth:`cancel` may be called from any thread."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else spare_cores()
        self._broken = False
        try:
            self._context: Any = multiprocessing.get_context("forkserver")
            # The fork server imports the engine, not the parent's main script (the default).
            self._context.set_forkserver_preload([__name__])
        except ValueError:          # no fork server on this system (Windows): no workers
            self._context, self._broken = multiprocessing.get_context(), True
        self._current = self._context.Value("q", 0, lock=False)
        self._started = self._context.Value("i", 0)
        self._number_lock = threading.Lock()
        self._executor: cf.ProcessPoolExecutor | None = None
        self._start_lock = threading.Lock()
        self._view_for, self._views_sent = -1, 0     # the hint whose view was sent, and how often
        self.pids: tuple[int, ...] = ()

    @property
    def broken(self) -> bool:
        """The workers stopped (or never started): hints are thought in the caller's process."""
        return self._broken

    @property
    def ready(self) -> bool:
        """The workers are up and playing."""
        return self._executor is not None and not self._broken

    def start(self) -> None:
        """Start the workers (once; the first call waits until every one is up).  Raises
        :class:`PoolBroken` when they cannot start."""
        with self._start_lock:
            if self._broken:
                raise PoolBroken("the hint's workers stopped")
            if self._executor is not None:
                return
            executor = None
            try:
                executor = cf.ProcessPoolExecutor(self.workers, mp_context=self._context, initializer=_init_worker,
                                                  initargs=(self._current, self._started, os.getpid()))
                # As many first tasks as workers, each held until all are up: each starts a worker.
                firsts = [executor.submit(_ready, self.workers) for _ in range(self.workers)]
                self.pids = tuple(sorted({f.result() for f in firsts}))
            except Exception as exc:
                self._broken = True
                if executor is not None:            # the workers that did start go
                    executor.shutdown(wait=False, cancel_futures=True)
                raise PoolBroken(f"the hint's workers cannot start: {exc}") from exc
            self._executor = executor

    def begin(self) -> int:
        """A new hint: its number (any hint still running is cancelled)."""
        with self._number_lock:
            self._current.value += 1
            return int(self._current.value)

    def cancel(self) -> None:
        """Cancel the running hint: its workers drop what they are playing."""
        with self._number_lock:
            self._current.value += 1

    def play_round(self, number: int, view_bytes: bytes, seed: int, choice_ids: Sequence[int], start: int,
                   share: int, stop_now: Callable[[], bool] | None = None) -> tuple[list[int], int]:
        """Practice matches ``start`` to ``start + share - 1`` of every choice in ``choice_ids``
        (the indexes of :func:`engine.challengers.hint.candidates`) in hint ``number``, in
        slices of :data:`SLICE` played by the workers: (wins of each choice, matches each
        played).  At most :data:`IN_FLIGHT` slices per worker are sent ahead, so that the round
        stops at once when ``stop_now()`` (looked at while waiting, once the first slice is in:
        every choice gets a rate) says so, or when the hint is cancelled: the wins of the slices
        played come back."""
        self.start()
        executor = self._executor
        assert executor is not None
        # The hint's first slice is a short one: the clock's cap is looked at once it is in.
        first_cut = min(start + share, start + (FIRST_SLICE if start == 0 else SLICE))
        slices = iter(itertools.pairwise([start, *range(first_cut, start + share, SLICE), start + share]))
        if self._view_for != number:            # a new hint: its first slices carry its view
            self._view_for, self._views_sent = number, 0
        sizes: dict[cf.Future, tuple[int, int]] = {}

        def send(cut: tuple[int, int], with_view: bool = False) -> cf.Future:
            # The view (about 15 kB) goes with as many slices as the workers take at once, then
            # only to a worker that asks for it: the pipe and the pickling are this process's time.
            with_view = with_view or self._views_sent < IN_FLIGHT * self.workers
            self._views_sent += with_view
            f = executor.submit(_play_slice, number, view_bytes if with_view else None, seed, tuple(choice_ids),
                                *cut)
            sizes[f] = cut
            return f

        wins = [0] * len(choice_ids)
        played = 0
        first: cf.Future | None = None
        stopping = False
        try:
            while True:
                while not stopping and len(sizes) < IN_FLIGHT * self.workers:
                    cut = next(slices, None)
                    if cut is None or self._current.value != number:
                        stopping = True
                        break
                    f = send(cut)
                    first = first or f
                if not sizes:
                    return wins, played
                done, _ = cf.wait(sizes, timeout=0.005, return_when=cf.FIRST_COMPLETED)
                for f in done:
                    cut = sizes.pop(f)
                    result = f.result()
                    if result is None:          # the hint was cancelled
                        stopping = True
                        continue
                    if result == NO_VIEW:
                        again = send(cut, with_view=True)
                        first = again if f is first else first
                        continue
                    assert isinstance(result, list)
                    wins = [w + r for w, r in zip(wins, result, strict=True)]
                    played += cut[1] - cut[0]
                if not stopping and stop_now is not None and first is not None and first not in sizes and stop_now():
                    # The slices still being played stop at their next choice: their wins are not waited for.
                    self._drop(number)
                    return wins, played
        except Exception as exc:       # BrokenProcessPool, or the executor shut down
            self._broken = True
            raise PoolBroken(f"the hint's workers stopped: {exc}") from exc

    def _drop(self, number: int) -> None:
        """Hint ``number`` is over: its slices still running stop (nothing if another began)."""
        with self._number_lock:
            if self._current.value == number:
                self._current.value += 1

    def shutdown(self) -> None:
        """Stop the workers (what they play is dropped); the pool cannot start again."""
        self.cancel()
        with self._start_lock:
            self._broken = True
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
