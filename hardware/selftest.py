"""Wiring self-test for café owners (``tablecup hardware test``).

:func:`run_selftest` works with any backend.  It talks through ``say`` and
reads button events through ``wait_event(timeout) -> ButtonEvent | None``;
the usual way to get such a function is an :class:`EventQueue` that is also
the backend's sink::

    events = EventQueue()
    backend = open_backend(config, events.put)
    ok = run_selftest(backend, print, events.get)
    backend.close()

or simply ``selftest_from_config(config)``.

Steps: each button is asked for in turn -- each side's primary and secondary
button must be pressed *and released* (a game may act while a button is held),
the toss button briefly and then held; the answer names the pin or serial
input that reported it, so swapped wires are obvious.  A secondary button
that is not wired is skipped.  Then each LED is lit on its own and the owner
presses any button to confirm they see it.  Every
step times out.  A summary follows; the result is True only if every step
passed.
"""

from __future__ import annotations

import argparse
import logging
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from .base import Backend
from .events import (
    PRIMARY,
    PRIMARY_PRESS,
    SECONDARY,
    SECONDARY_PRESS,
    TOSS,
    TOSS_LONG,
    ButtonEvent,
    press_kind,
    release_kind,
)

Say = Callable[[str], None]
WaitEvent = Callable[[float], ButtonEvent | None]


class EventQueue:
    """A thread-safe sink whose ``get(timeout)`` suits ``wait_event``."""

    def __init__(self) -> None:
        self._queue: queue.Queue[ButtonEvent] = queue.Queue()

    def put(self, event: ButtonEvent) -> None:
        self._queue.put(event)

    __call__ = put

    def get(self, timeout: float) -> ButtonEvent | None:
        try:
            if timeout <= 0:
                return self._queue.get_nowait()
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None


@dataclass
class CheckResult:
    name: str
    ok: bool
    detail: str


def _hint(event: ButtonEvent, expect_kind: str, expect_side: str | None) -> str:
    if event.kind in (PRIMARY_PRESS, SECONDARY_PRESS) and expect_kind in (PRIMARY_PRESS, SECONDARY_PRESS):
        if event.kind == expect_kind:
            return f" -- are the two {event.button} buttons swapped?"
        if event.side == expect_side:
            return " -- are this side's primary and secondary buttons swapped?"
    elif event.kind == TOSS_LONG and expect_kind == TOSS:
        return " -- that was held too long, press briefly"
    elif event.kind == TOSS and expect_kind == TOSS_LONG:
        return " -- released too early, keep holding"
    return ""


def _wait_for(
    expect_kind: str,
    expect_side: str | None,
    name: str,
    say: Say,
    wait_event: WaitEvent,
    timeout: float,
    clock: Callable[[], float],
    *,
    quiet: bool = False,
) -> CheckResult:
    """Wait for one event; other presses are reported, other releases ignored
    (they are the end of a press already reported)."""
    deadline = clock() + timeout
    others: list[str] = []
    while True:
        remaining = deadline - clock()
        if remaining <= 0:
            break
        event = wait_event(remaining)
        if event is None:
            continue  # re-check the deadline
        if event.kind == expect_kind and event.side == expect_side:
            if not quiet:
                say(f"  OK: {name} answered on {event.source}")
            return CheckResult(name, True, f"OK ({event.source})")
        if event.is_release:
            continue
        wrong = f"{event.describe()} ({event.source})"
        others.append(wrong)
        say(f"  Got the {wrong} instead{_hint(event, expect_kind, expect_side)}. Still waiting for the {name}...")
    detail = f"FAILED: no answer within {_secs(timeout)}"
    if others:
        detail += f" (got instead: {', '.join(others)})"
    say(f"  {detail}")
    return CheckResult(name, False, detail)


def _press_and_release(button: str, side: str, say: Say, wait_event: WaitEvent, timeout: float,
                       clock: Callable[[], float]) -> CheckResult:
    """A side button must report its press and then its release."""
    name = f"{side.upper()} side {button} button"
    pressed = _wait_for(press_kind(button), side, name, say, wait_event, timeout, clock, quiet=True)
    if not pressed.ok:
        return pressed
    source = pressed.detail[len("OK ("):-1]
    released = _wait_for(release_kind(button), side, f"release of the {name}", say, wait_event, timeout,
                         clock, quiet=True)
    if not released.ok:
        detail = f"FAILED: pressed on {source} but no release within {_secs(timeout)} (stuck button?)"
        say(f"  {detail}")
        return CheckResult(name, False, detail)
    say(f"  OK: {name} pressed and released on {source}")
    return CheckResult(name, True, f"OK ({source}, pressed and released)")


def _wait_for_a_press(wait_event: WaitEvent, timeout: float, clock: Callable[[], float]) -> ButtonEvent | None:
    deadline = clock() + timeout
    while (remaining := deadline - clock()) > 0:
        event = wait_event(remaining)
        if event is not None and not event.is_release:
            return event
    return None


def _secs(seconds: float) -> str:
    return f"{round(seconds, 1):g} s"


def _drain(wait_event: WaitEvent) -> None:
    for _ in range(100):
        if wait_event(0.0) is None:
            return


def run_selftest(
    backend: Backend,
    say: Say,
    wait_event: WaitEvent,
    *,
    step_timeout: float = 20.0,
    led_timeout: float = 15.0,
    clock: Callable[[], float] = time.monotonic,
) -> bool:
    """Walk the owner through every button and LED; True if all passed."""
    ready = True
    if backend.has_hardware and not backend.wait_ready(0):
        say(f"Waiting for the hardware: {backend.describe()}...")
        ready = backend.wait_ready(step_timeout)
    say(f"Tablecup hardware self-test: {backend.describe()}")
    if not backend.has_hardware:
        say(
            "Nothing to test: no buttons or LEDs are in use. If they are wired, check "
            "hardware.backend / hardware.device in the configuration (see docs/wiring.md)."
        )
        return False
    if not ready:
        say(f"FAILED: the hardware did not become ready within {_secs(step_timeout)}.")
        return False

    config = getattr(backend, "config", None)
    hold_s = (config.hold_ms if config is not None else 1500) / 1000.0
    results: list[CheckResult] = []

    backend.all_off()
    _drain(wait_event)
    side_steps = (
        (PRIMARY, "light", "(Challengers: reveal)"),
        (PRIMARY, "dark", "(Challengers: reveal)"),
        (SECONDARY, "light", ""),
        (SECONDARY, "dark", ""),
    )
    for button, side, note in side_steps:
        name = f"{side.upper()} side {button} button"
        why_not = backend.unwired(button, side) if hasattr(backend, "unwired") else None
        if why_not:
            say(f"{name}: skipped, not wired ({why_not})")
            continue
        prompt = f"Press and release the {name}{' ' + note if note else ''}..."
        say(f"{prompt} (waiting up to {_secs(step_timeout)})")
        results.append(_press_and_release(button, side, say, wait_event, step_timeout, clock))
    toss_steps = (
        (TOSS, "flag toss button (short press)",
         f"Press the flag toss button briefly (release within {_secs(hold_s)})..."),
        (TOSS_LONG, "flag toss button (long press)",
         f"Press and HOLD the flag toss button for {_secs(hold_s + 0.5)}, then release..."),
    )
    for kind, name, prompt in toss_steps:
        say(f"{prompt} (waiting up to {_secs(step_timeout)})")
        results.append(_wait_for(kind, None, name, say, wait_event, step_timeout, clock))

    for side in ("light", "dark"):
        backend.set_leds({side: "on"})
        _drain(wait_event)
        name = f"{side.upper()} side LED"
        say(
            f"The {name} should now be ON and the other LED off. If you can see it lit, "
            f"press any button; if not, wait {_secs(led_timeout)}..."
        )
        event = _wait_for_a_press(wait_event, led_timeout, clock)
        if event is not None:
            say(f"  OK: {name} confirmed")
            results.append(CheckResult(name, True, "OK (confirmed by a button press)"))
        else:
            say(f"  NOT CONFIRMED: {name} (check its resistor, polarity and pin)")
            results.append(CheckResult(name, False, "NOT CONFIRMED: no button pressed"))
    backend.all_off()

    say("Summary:")
    for result in results:
        say(f"  {result.name}: {result.detail}")
    failed = [r for r in results if not r.ok]
    if failed:
        say(f"{len(failed)} of {len(results)} checks failed; see docs/wiring.md.")
    else:
        say(f"All {len(results)} checks passed.")
    return not failed


def selftest_from_config(config, say: Say = print, **kwargs) -> bool:
    """Open the configured backend, run the self-test, close the backend.
    Raises HardwareError if the backend cannot be opened."""
    from .backend import open_backend

    events = EventQueue()
    backend = open_backend(config, events.put)
    try:
        return run_selftest(backend, say, events.get, **kwargs)
    finally:
        backend.close()


def main(argv: list[str] | None = None) -> int:
    """Command line entry (``python -m hardware [config.toml]``); returns the
    exit status: 0 all checks passed, 1 some failed, 2 cannot open hardware."""
    from .config import load_config
    from .errors import HardwareError

    parser = argparse.ArgumentParser(prog="python -m hardware", description="Tablecup wiring self-test")
    parser.add_argument("config", nargs="?", help="TOML file with a [hardware] table")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        ok = selftest_from_config(load_config(args.config), lambda line: print(line, flush=True))
    except HardwareError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0 if ok else 1

