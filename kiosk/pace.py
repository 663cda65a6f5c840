"""The pace of Kivy's loop: a frame's pace while anything moves, a slower one at rest.

Kivy turns its loop up to ``maxfps`` (60) times a second even when nothing changes: each turn
polls SDL for touches and keys, ticks the clock and sleeps again.  That costs about 300 µs of
CPU a turn on the development VM, a bare Kivy window idles at 3 % of a core, and a kiosk
stands idle most of its day.

At rest -- no frame drawn, no touch and no key for :data:`REST_AFTER` seconds -- the loop
turns :data:`REST_FPS` times a second instead.  Nothing scheduled waits for that: Kivy's
interrupt clock sleeps until its next event when that comes sooner, and wakes at once when
another thread (a GPIO button, the serial board, the network, a phone, a thinking bot)
schedules something.  Only a touch or key polled from SDL can wait, for at most one slow
turn (1/REST_FPS s), and only the first one after a rest: it brings back the frame's pace,
as does every frame drawn.  (Under ``KIVY_CLOCK=default``, which never wakes early, a press
from another thread can wait for one slow turn too.)

At rest the loop also sleeps until an event is due.  Kivy's interrupt clock stops sleeping once
the next event is within its resolution plus the sleep's undershoot (1.8 resolutions), but its
tick fires an event only within one resolution: a turn that wakes in between (a frame's turn
just before Kivy's cache purge, say) turned without sleeping until the event was due, up to
4.4 ms of turns, 30 or more of them on a fast machine, and about one event in ten met it.
"""

from __future__ import annotations

import time

#: Turns a second at rest; a first touch after a rest waits at most 1 / REST_FPS s.
REST_FPS = 20.0
#: Seconds without a frame, a touch or a key before the loop slows down.
REST_AFTER = 1.0


class Pace:
    """Switches ``clock``'s pace between ``busy_fps`` and :data:`REST_FPS`.

    ``window`` reports activity: every frame it draws (``on_flip``) and every touch or key it
    dispatches.  A single clock event, at most one a second while the table is busy, checks
    whether it has been at rest for :data:`REST_AFTER` seconds.
    """

    ACTIVITY = ("on_flip", "on_motion", "on_key_down", "on_key_up", "on_textinput")

    def __init__(self, clock, window, *, busy_fps: float | None = None,
                 rest_fps: float = REST_FPS, rest_after: float = REST_AFTER):
        self.clock = clock
        self.busy_fps = float(busy_fps if busy_fps is not None else clock._max_fps)
        self.rest_fps = rest_fps
        self.rest_after = rest_after
        self.last_activity = time.monotonic()
        # Kivy derives its clock's resolution from the pace unless it is set (1/(3*maxfps)):
        # the loop stops sleeping once the next event is within about two resolutions, and
        # fires it within one.  At 20 fps that is 30 ms of turning without a pause before every
        # event (a driver's step, Kivy's cache purge each second: hundreds of turns a second
        # at rest).  The busy pace's resolution is kept at rest.
        if clock.clock_resolution < 0:
            clock.clock_resolution = clock.get_resolution()
        self._check = clock.create_trigger(self._check_rest, rest_after)
        kivy_check_ready = clock._check_ready

        def check_ready(fps, resolution, undershoot, *event):
            done, sleep = kivy_check_ready(fps, resolution, undershoot, *event)
            if done and fps == self.rest_fps and sleep + undershoot > resolution:
                return False, sleep     # not due yet: sleep until it is (module docstring)
            return done, sleep
        clock._check_ready = check_ready
        for name in self.ACTIVITY:
            window.fbind(name, self.active)
        self._check()

    def active(self, *_args) -> None:
        """Something moved: back to the frame's pace (a window event's handler, never
        consuming the event)."""
        self.last_activity = time.monotonic()
        if self.clock._max_fps != self.busy_fps:
            self.clock._max_fps = self.busy_fps
            self._check()

    def _check_rest(self, _dt=None) -> None:
        quiet = time.monotonic() - self.last_activity
        if quiet >= self.rest_after:
            self.clock._max_fps = self.rest_fps      # nothing to check until the next activity
        else:
            self._check.timeout = self.rest_after - quiet
            self._check()


def install(clock=None, window=None) -> Pace | None:
    """Slow the loop at rest, unless the clock has no pace (``maxfps`` 0: it turns as fast as
    it can, which a test or a benchmark may ask for)."""
    if clock is None:
        from kivy.clock import Clock
        clock = Clock
    if window is None:
        from kivy.core.window import Window
        window = Window
    if clock._max_fps <= 0:
        return None
    return Pace(clock, window)
