"""Debounce and hold handling shared by the gpio and serial backends.

:class:`PressFilter` is pure logic: it is fed raw edges (pressed / released,
with timestamps) and returns the :class:`ButtonEvent` objects to deliver.  It
never looks at a clock itself, so it can be tested with made-up times.

Rules (``debounce`` and ``hold`` are in seconds here):

* An edge that does not change the accepted level is ignored (a held button
  can never produce a repeat, a board re-sending "down" does nothing).
* An edge within ``debounce`` of the last *accepted* edge is ignored, but the
  raw level is remembered: if the line settled at a different level, that
  level is accepted once the debounce window ends (``poll``).  This way a
  glitch can never leave the filter stuck in the wrong state.
* Side buttons (primary, secondary) emit ``*_press`` at the accepted press
  edge and ``*_release`` at the accepted release edge, so a game can act on a
  press (Challengers' reveal) or on a hold (look at a hidden hand while the
  button is down).  A release is only reported after a reported press.
* The toss button (a filter with ``long_kind``) emits nothing at press.  If it
  is released before ``hold`` has passed, ``toss`` is emitted at the release.
  If it is still held when ``hold`` elapses, ``toss_long`` is emitted at that
  moment (the player gets feedback without letting go) and the release emits
  nothing.
* ``ButtonEvent.at`` is the time of the accepted press edge, except for a
  release: the time of the accepted release edge (``held`` says how long the
  button was down).

:class:`FilteredButton` wraps a filter for use from hardware callback threads:
it locks, sends events to the sink and runs a timer for the filter's next
deadline (end of a debounce window or of the hold time).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from .events import TOSS, TOSS_LONG, ButtonEvent, Sink, press_kind, release_kind

log = logging.getLogger(__name__)


class PressFilter:
    """Debounce for one button; see the module docstring for the rules.

    ``kind`` is the event of the accepted press edge for a side button
    (``primary_press``, ``secondary_press``) and of a short press for the toss
    button (``toss``, which then has ``long_kind="toss_long"``).  A side button
    with ``release_kind`` also reports its release.  :meth:`side_button` and
    :meth:`toss` build the two usual filters.
    """

    def __init__(
        self,
        kind: str,
        side: str | None,
        *,
        debounce_ms: float = 30,
        hold_ms: float = 1500,
        long_kind: str | None = None,
        release_kind: str | None = None,
        source: str = "",
        initial_pressed: bool = False,
    ) -> None:
        # Validates kind/side combinations early.
        ButtonEvent(kind, side, 0.0, source)
        if long_kind is not None:
            ButtonEvent(long_kind, side, 0.0, source)
        if release_kind is not None:
            ButtonEvent(release_kind, side, 0.0, source)
            if long_kind is not None:
                raise ValueError("a button reports either its release or a long press, not both")
        self.kind = kind
        self.side = side
        self.long_kind = long_kind
        self.release_kind = release_kind
        self.source = source
        self.debounce = debounce_ms / 1000.0
        self.hold = hold_ms / 1000.0
        self._accepted = initial_pressed
        self._raw = initial_pressed
        self._last_accept: float | None = None
        # None while released, and for a button already held at start-up: its
        # release is not reported (nobody saw it being pressed).
        self._pressed_at: float | None = None
        # A button held at start-up must not fire toss_long later on.
        self._long_done = initial_pressed

    @classmethod
    def side_button(cls, button: str, side: str, **kwargs) -> PressFilter:
        """A primary or secondary button: press and release events."""
        return cls(press_kind(button), side, release_kind=release_kind(button), **kwargs)

    @classmethod
    def toss(cls, **kwargs) -> PressFilter:
        """The shared toss button: ``toss`` at a short release, ``toss_long`` when held."""
        return cls(TOSS, None, long_kind=TOSS_LONG, **kwargs)

    @property
    def pressed(self) -> bool:
        """The accepted (debounced) level."""
        return self._accepted

    def edge(self, pressed: bool, at: float) -> list[ButtonEvent]:
        """Feed one raw edge; returns the events it causes (0, 1 or 2)."""
        events = self.poll(at)
        pressed = bool(pressed)
        self._raw = pressed
        if pressed == self._accepted:
            return events
        if self._last_accept is not None and at - self._last_accept < self.debounce:
            return events  # bounce; settled later by poll() if still different
        events.extend(self._accept(pressed, at))
        return events

    def poll(self, now: float) -> list[ButtonEvent]:
        """Handle deadlines that are due at ``now``."""
        events: list[ButtonEvent] = []
        if self._raw != self._accepted and self._last_accept is not None:
            settle_at = self._last_accept + self.debounce
            if now >= settle_at:
                events.extend(self._accept(self._raw, settle_at))
        due = self._long_due()
        if due is not None and now >= due and self.long_kind is not None:   # a due time means a long kind
            self._long_done = True
            events.append(self._event(self.long_kind, held=self.hold))
        return events

    def reset(self, at: float | None = None) -> list[ButtonEvent]:
        """Forget everything and assume the button is released (used when a
        serial board reconnects: its buttons' levels are unknown, and a
        release we never see must not leave the filter stuck in "pressed").

        A side button that was reported pressed is reported released at
        ``at`` (when given): a game that shows a hand while a button is held
        must hide it when the board is lost.  The toss button says nothing."""
        events: list[ButtonEvent] = []
        if at is not None and self.release_kind is not None and self._accepted and self._pressed_at is not None:
            events.append(self._event(self.release_kind, at=at, held=max(0.0, at - self._pressed_at)))
        self._accepted = self._raw = False
        self._last_accept = None
        self._pressed_at = None
        self._long_done = False
        return events

    def next_deadline(self) -> float | None:
        """When :meth:`poll` has something to do next, or ``None``."""
        deadlines = []
        if self._raw != self._accepted and self._last_accept is not None:
            deadlines.append(self._last_accept + self.debounce)
        due = self._long_due()
        if due is not None:
            deadlines.append(due)
        return min(deadlines) if deadlines else None

    # -- internals -------------------------------------------------------
    def _long_due(self) -> float | None:
        if self.long_kind and self._accepted and not self._long_done and self._pressed_at is not None:
            return self._pressed_at + self.hold
        return None

    def _event(self, kind: str, *, at: float | None = None, held: float = 0.0) -> ButtonEvent:
        assert self._pressed_at is not None
        return ButtonEvent(kind, self.side, self._pressed_at if at is None else at, self.source, held)

    def _accept(self, pressed: bool, at: float) -> list[ButtonEvent]:
        self._accepted = pressed
        self._last_accept = at
        if pressed:
            self._pressed_at = at
            self._long_done = False
            if self.long_kind is None:
                return [self._event(self.kind)]
            return []
        # released
        if self._pressed_at is None:
            return []  # held since start-up, or forgotten by reset(): nobody saw the press
        held = max(0.0, at - self._pressed_at)
        events: list[ButtonEvent] = []
        if self.release_kind is not None:
            events.append(self._event(self.release_kind, at=at, held=held))
        elif self.long_kind is not None and not self._long_done:
            self._long_done = True
            if held >= self.hold:  # settled after the hold time with nobody polling in between
                events.append(self._event(self.long_kind, held=self.hold))
            else:
                events.append(self._event(self.kind, held=held))
        self._pressed_at = None
        return events


class FilteredButton:
    """Thread-safe driver: raw edges in, events out to the sink.

    ``edge()`` may be called from any thread (gpiozero callback thread, serial
    reader thread).  A ``threading.Timer`` handles the filter's deadlines.
    """

    def __init__(
        self,
        press_filter: PressFilter,
        sink: Sink,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.filter = press_filter
        self._sink = sink
        self._clock = clock
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None
        self._closed = False

    @classmethod
    def for_config(
        cls,
        config,
        button: str,
        side: str | None,
        sink: Sink,
        *,
        source: str = "",
        initial_pressed: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> FilteredButton:
        """``button`` (``"primary"``, ``"secondary"`` or ``"toss"``) filtered with the
        configuration's ``debounce_ms`` and ``hold_ms`` (every backend builds its
        buttons this way)."""
        timing = {"debounce_ms": config.debounce_ms, "hold_ms": config.hold_ms, "source": source,
                  "initial_pressed": initial_pressed}
        if button == TOSS:
            if side is not None:
                raise ValueError(f"the toss button has no side, got {side!r}")
            press_filter = PressFilter.toss(**timing)
        elif side is None:
            raise ValueError(f"the {button} button needs a side, light or dark")
        else:
            press_filter = PressFilter.side_button(button, side, **timing)
        return cls(press_filter, sink, clock=clock)

    def edge(self, pressed: bool, at: float | None = None) -> None:
        with self._lock:
            if self._closed:
                return
            when = self._clock() if at is None else at
            self._deliver(self.filter.edge(pressed, when))
            self._schedule()

    def poll(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._deliver(self.filter.poll(self._clock()))
            self._schedule()

    def reset(self) -> None:
        """Assume the button is released; a side button reported pressed is
        reported released now."""
        with self._lock:
            if self._closed:
                return
            self._deliver(self.filter.reset(self._clock()))
            self._schedule()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    def _deliver(self, events: list[ButtonEvent]) -> None:
        for event in events:
            try:
                self._sink(event)
            except Exception:  # a broken sink must not kill the input thread
                log.exception("hardware event sink failed for %s", event)

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deadline = self.filter.next_deadline()
        if deadline is None:
            return
        delay = max(0.0, deadline - self._clock()) + 0.0005
        self._timer = threading.Timer(delay, self.poll)
        self._timer.daemon = True
        self._timer.start()
