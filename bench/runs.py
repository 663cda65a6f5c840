"""What the long benchmark runs share: their figures' intervals and percentiles, and stopping.

A run of hundreds of seeded games can take an hour; Ctrl-C or a plain ``kill`` stops it and the
run prints the figures of the games played so far.  The main process turns both signals into
``KeyboardInterrupt`` (:func:`stop_on_signals`; a shell's background job starts with Ctrl-C
ignored, hence both); the worker processes of its pool ignore Ctrl-C and die quietly on
``SIGTERM`` (:func:`worker_signals`, the pool's initializer), leaving the stopping to it."""

from __future__ import annotations

import math
import signal


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate of ``wins`` in ``n`` games (95 % for z = 1.96):
    unlike the normal approximation it stays inside 0-1 near a rate of 0 or 1."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def p99(values: list[float]) -> float:
    """The 99th percentile by the nearest rank (the slowest of 100 values, the 10th slowest of 1,000)."""
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def stop_on_signals() -> None:
    """Ctrl-C and ``kill`` stop the main process with ``KeyboardInterrupt``."""
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)


def worker_signals() -> None:
    """A pool worker leaves the stopping to the main process (which terminates it quietly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
