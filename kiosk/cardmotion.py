"""Motion for the moments that matter at a table game: a card played, damage taken, a reveal of
secret choices, a recruit.

A game screen says which of its widgets a change touched (``moments(events)``: a list of
(kind, widget)); :func:`play` then moves that widget for a moment:

* ``"played"``: a card landing on its place -- it comes down from a little larger;
* ``"damage"``: what counts the damage shakes from side to side, less and less;
* ``"reveal"``: a card shown that was secret turns over (it widens from its edge);
* ``"recruit"``: a card taken swells and settles.

Like the flag's motions of Challengers! (:mod:`kiosk.games.challengers.motion`), a moment is only
a picture of a change already made: the widget shows the state after it from the start, touches
reach it as usual (only its drawing is moved, never its place), and the screen at the end is
exactly the screen with animations off.  Cheap on a Pi: a moment puts a translation and a scale
around the widget's drawing, one :class:`~kivy.animation.Animation` moves one number from 0 to
1 at most once per frame (:data:`kiosk.widgets.FRAME`), and at the end both instructions leave
the canvas and nothing stays scheduled.  Lengths are the designed ones times the settings'
animation speed (:data:`kiosk.widgets.SPEED`, which the callers pass: this module is below
:mod:`kiosk.widgets`, whose card faces land through it): "off" moves nothing.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable

from kivy.animation import Animation
from kivy.event import EventDispatcher
from kivy.graphics import InstructionGroup, PopMatrix, PushMatrix, Scale, Translate
from kivy.metrics import dp
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

#: Designed lengths, in seconds (times the animation speed; each under half a second).
SECONDS = {"played": 0.25, "damage": 0.4, "reveal": 0.35, "recruit": 0.4}

#: Moments running now, by widget uid (a new moment on a widget ends its last one first).
RUNNING: dict[int, Moment] = {}
#: The last moments started: (kind, widget class) -- what the tests read (a kiosk runs for days:
#: only the last few are kept; :func:`started_since` counts them all).
STARTED: deque[tuple[str, str]] = deque(maxlen=256)
_count = [0]


def started_count() -> int:
    """How many moments have started since the app started."""
    return _count[0]


def started_since(count: int) -> list[tuple[str, str]]:
    """The moments started since :func:`started_count` was ``count`` (the last 256 at most)."""
    new = _count[0] - count
    return list(STARTED)[-new:] if new > 0 else []


def _pose(kind: str, t: float) -> tuple[float, float, float]:
    """(dx, scale x, scale y) of a moment of ``kind`` at progress ``t`` (0 to 1; 1 is at rest)."""
    if kind == "played":
        k = 1 + 0.22 * (1 - t) ** 2
        return 0.0, k, k
    if kind == "damage":
        return dp(7) * math.sin(6 * math.pi * t) * (1 - t), 1.0, 1.0
    if kind == "reveal":
        return 0.0, max(0.04, math.sin(math.pi * t / 2)), 1.0
    k = 1 + 0.18 * math.sin(math.pi * t)       # recruit
    return 0.0, k, k


class Moment(EventDispatcher):
    """One widget moving for one moment (see the module); ended by :meth:`finish`."""

    progress = NumericProperty(0.0)

    def __init__(self, kind: str, widget: Widget, seconds: float, frame: float):
        super().__init__()
        self.kind, self.widget, self.seconds = kind, widget, seconds
        self._push = InstructionGroup()
        self._push.add(PushMatrix())
        self._move = Translate(0, 0)
        self._scale = Scale(1, 1, 1, origin=widget.center)
        self._push.add(self._move)
        self._push.add(self._scale)
        self._pop = PopMatrix()
        widget.canvas.before.insert(0, self._push)
        widget.canvas.after.add(self._pop)
        self.fbind("progress", self._step)
        self._anim = Animation(progress=1, d=seconds, t="out_quad", step=frame)
        self._anim.bind(on_complete=lambda *_: self.finish())

    def start(self) -> None:
        self._step()
        self._anim.start(self)

    def _step(self, *_):
        dx, sx, sy = _pose(self.kind, self.progress)
        self._move.xy = (dx, 0)
        self._scale.origin = self.widget.center
        self._scale.xyz = (sx, sy, 1)

    def finish(self) -> None:
        """End now, as it would end: the widget drawn at rest, the instructions gone."""
        if RUNNING.get(self.widget.uid) is self:
            del RUNNING[self.widget.uid]
        self._anim.cancel(self)
        before, after = self.widget.canvas.before, self.widget.canvas.after
        if self._push in before.children:       # (a canvas cleared meanwhile holds neither)
            before.remove(self._push)
        if self._pop in after.children:
            after.remove(self._pop)


def play(kind: str, widget: Widget | None, speed: float, frame: float) -> bool:
    """Move ``widget`` for a moment of ``kind`` (a key of :data:`SECONDS`) at the animation
    speed ``speed`` (0: none), stepping at most every ``frame`` seconds (never 0: see
    :data:`kiosk.widgets.FRAME`); False when animations are off or the widget is not drawn."""
    seconds = SECONDS[kind] * speed
    if seconds <= 0 or widget is None or widget.width <= 0 or widget.height <= 0:
        return False
    old = RUNNING.get(widget.uid)
    if old is not None:
        old.finish()
    moment = RUNNING[widget.uid] = Moment(kind, widget, seconds, frame)
    STARTED.append((kind, widget.__class__.__name__))     # (through an ids proxy too)
    _count[0] += 1
    moment.start()
    return True


def play_all(moments: Iterable[tuple[str, Widget | None]], speed: float, frame: float) -> int:
    """:func:`play` each (kind, widget) once (the first of a widget's moments in one change wins);
    how many started."""
    seen: set[int] = set()
    started = 0
    for kind, widget in moments:
        if widget is None or widget.uid in seen:
            continue
        seen.add(widget.uid)
        started += play(kind, widget, speed, frame)
    return started


def cards_in(widget: Widget, cards: Iterable[str]) -> list[Widget]:
    """The widgets under ``widget`` that draw one of ``cards`` (their ``card``)."""
    wanted = {str(c) for c in cards}
    return [w for w in widget.walk(restrict=True) if w is not widget and getattr(w, "card", None) in wanted]


__all__ = ["RUNNING", "SECONDS", "STARTED", "Moment", "cards_in", "play", "play_all", "started_count",
           "started_since"]
