"""The match screen's two moving moments: the flag toss and a capture.

* **Flag toss**: the flag spins up from the middle of the table and lands on the flag's place
  in front of the player who begins.
* **Capture** (the flag taken): the card that takes it comes from the attack row onto the
  flag's place, the flag flips over from the old holder's side to the new holder's, and the
  card that lost it (with every card under it) flies to its owner's bench, to the seat it takes.

Both are only pictures of a change that has already happened: the engine applied it, the store
wrote it, and every widget of the screen already shows the state after it.  The moving cards
are *ghosts* drawn over the screen by this layer; the widgets they land on are kept see-through
until they land.  So a press during a motion is handled at once, as it would be without one;
any change of the match, any touch and any key end the motion where it would end (:meth:`finish`),
and the screen then is exactly what it is with animations off.

Cheap on a Pi: the ghosts are a few card faces and one flag made once; a motion sets their
faces once, then one :class:`~kivy.animation.Animation` moves a single number from 0 to 1,
and each step only changes a translation and a scale on each ghost's canvas (no layout, no
new widget, no offscreen buffer).  The animation steps once per frame (``step=FRAME``) and
nothing stays scheduled when it ends, so the kiosk's interrupt clock goes back to sleep.
Lengths are the designed ones times the settings' animation speed (:data:`kiosk.widgets.SPEED`):
"off" is no motion at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kivy.animation import Animation
from kivy.core.window import Window
from kivy.graphics import Color, PopMatrix, PushMatrix, Rectangle, Rotate, Scale, SmoothTriangle, Translate
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from kiosk import widgets
from kiosk.widgets import CardFace

#: Designed lengths, in seconds (times the animation speed; both stay under half a second).
TOSS_SECONDS = 0.45
CAPTURE_SECONDS = 0.4
#: How many half-turns the flag makes: a toss spins, a capture flips it over once.
TOSS_TURNS = 4
CAPTURE_TURNS = 2
GHOSTS = 8          # one per landing bench seat (6) and the card taking the flag on each middle line
FLAG_YELLOW = (1, 0.847, 0.29, 1)


@dataclass(frozen=True)
class Box:
    """A widget's rectangle in the motion layer's coordinates, and whether it faces the top half."""

    x: float
    y: float
    w: float
    h: float
    top: bool = False

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


def box_of(layer: Widget, w: Widget) -> Box:
    """Where ``w`` is drawn, in ``layer``'s coordinates (through turned halves)."""
    x1, y1 = layer.to_widget(*w.to_window(w.x, w.y))
    x2, y2 = layer.to_widget(*w.to_window(w.right, w.top))
    return Box(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1), top=x2 < x1)


class _Moving:
    """A transform around a widget's canvas: turned 180° to face the top half, scaled about its
    centre, moved by an offset.  A motion's progress only changes these instructions."""

    def _make_transform(self, canvas_before, canvas_after):
        with canvas_before:
            PushMatrix()
            self._move = Translate(0, 0)
            self._turn = Rotate(angle=0, origin=(0, 0))
            self._scale = Scale(1, 1, 1, origin=(0, 0))
        with canvas_after:
            PopMatrix()

    def _place(self, box: Box) -> None:
        self.pos, self.size = (box.x, box.y), (box.w, box.h)
        self._turn.origin = self._scale.origin = box.center
        self._turn.angle = 180 if box.top else 0
        self._move.xy = (0, 0)
        self._scale.xyz = (1, 1, 1)


class Ghost(CardFace, _Moving):
    """A card face flying from one place to another (never touched: its layer passes touches)."""

    def __init__(self, **kw):
        super().__init__(compact=True, name_size=sp(11), holdable=False, **kw)
        self._make_transform(self.canvas.before, self.canvas.after)
        self.opacity = 0
        self.flight: tuple[float, float, float] | None = None    # (dx, dy, final scale)

    def fly(self, ct, lang, round_no, src: Box, dst: Box) -> None:
        self.show(ct, lang, round_no=round_no)
        self._place(src)
        scale = min(dst.w / src.w, dst.h / src.h) if src.w and src.h else 1
        self.flight = (dst.center[0] - src.center[0], dst.center[1] - src.center[1], scale)
        self.opacity = 1
        self.update()                       # drawn once, here; the flight only moves it

    def step(self, t: float) -> None:
        if self.flight is None:
            return
        dx, dy, s = self.flight
        self._move.xy = (dx * t, dy * t)
        k = 1 + (s - 1) * t
        self._scale.xyz = (k, k, 1)

    def land(self) -> None:
        self.flight = None
        self.opacity = 0
        self.show(None, "en")               # no card left in the widget tree once landed


class Flag(Widget, _Moving):
    """The flag: a pole and a yellow pennant, spun about its pole as it travels."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self._make_transform(self.canvas.before, self.canvas.after)
        with self.canvas:
            Color(0.12, 0.12, 0.14, 1)
            self._pole = Rectangle()
            Color(*FLAG_YELLOW)
            self._cloth = SmoothTriangle()
        self.opacity = 0
        self.flight: tuple[float, float, int] | None = None      # (dx, dy, half-turns)

    def fly(self, src: Box, dst: Box, turns: int) -> None:
        size = dp(40)
        (sx, sy), (tx, ty) = src.center, dst.center
        self._place(Box(sx - size / 2, sy - size / 2, size, size, dst.top))
        x, y = self.pos
        self._pole.pos, self._pole.size = (x + size * 0.2, y), (size * 0.09, size)
        self._cloth.points = [x + size * 0.29, y + size, x + size * 0.29, y + size * 0.45, x + size * 0.95, y + size * 0.72]
        self.flight = (tx - sx, ty - sy, turns)
        self.opacity = 1

    def step(self, t: float) -> None:
        if self.flight is None:
            return
        dx, dy, turns = self.flight
        lift = 1 + 0.5 * math.sin(math.pi * t)          # up in the air, and down again
        self._move.xy = (dx * t, dy * t)
        self._scale.xyz = (lift * math.cos(math.pi * turns * t), lift, 1)

    def land(self) -> None:
        self.flight = None
        self.opacity = 0


class MotionLayer(Widget):
    """Over the match screen: runs one motion at a time, ended at once by :meth:`finish`."""

    progress = NumericProperty(0.0)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.ghosts = [Ghost() for _ in range(GHOSTS)]
        for g in self.ghosts:
            self.add_widget(g)
        self.flag = Flag()
        self.add_widget(self.flag)
        self.kind: str | None = None        # "toss" or "capture" while one runs
        self.duration = 0.0                 # the running motion's length (s)
        self.started = 0                    # motions started (tests, bench)
        self.listening = False              # bound to the window's keys (only while one runs)
        self._flying: list = []
        self._hidden: list[Widget] = []     # real widgets that show once the ghosts land
        self._anim: Animation | None = None
        self.fbind("progress", self._step)

    # ------------------------------------------------------------------ running
    @property
    def running(self) -> bool:
        return self.kind is not None

    def _begin(self, kind: str, seconds: float) -> bool:
        """Ready for a new motion (the last one ended); False when animations are off."""
        self.finish()
        d = seconds * widgets.SPEED
        if d <= 0:
            return False
        self.kind, self.duration = kind, d
        return True

    def _go(self) -> None:
        self.started += 1
        self.progress = 0
        self._step()
        Window.fbind("on_key_down", self._key)
        self.listening = True
        self._anim = Animation(progress=1, d=self.duration, t="in_out_quad", step=widgets.FRAME)
        self._anim.bind(on_complete=lambda *_: self.finish())
        self._anim.start(self)

    def _step(self, *_):
        t = self.progress
        for g in self._flying:
            g.step(t)

    def _key(self, *_):
        self.finish()                       # a key ends the motion, and goes on to the app

    def finish(self) -> None:
        """End the running motion now, as it would end: ghosts gone, the real widgets shown."""
        if self.kind is None:
            return
        self.kind = None
        Window.funbind("on_key_down", self._key)
        self.listening = False
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.cancel(self)
        for g in self._flying:
            g.land()
        self._flying = []
        for w in self._hidden:
            w.opacity = 1
        self._hidden = []

    def on_touch_down(self, touch):
        self.finish()                       # a tap ends it, and still reaches what it touched
        return False

    def _hide_until_landed(self, w: Widget) -> None:
        Animation.cancel_all(w, "opacity")  # its own fade-in is the landing now
        w.opacity = 0
        self._hidden.append(w)

    # ------------------------------------------------------------------ the two moments
    def toss(self, src: Widget, dst: Widget) -> bool:
        """The flag tossed from ``src`` (the middle) to ``dst`` (the beginner's flag place)."""
        if not self._begin("toss", TOSS_SECONDS):
            return False
        self.flag.fly(box_of(self, src), box_of(self, dst), TOSS_TURNS)
        self._flying = [self.flag]
        self._go()
        return True

    def capture(self, lang, round_no, taker, lost_flag, benched) -> bool:
        """The flag taken.  ``taker``: (card type, [(from widget, to widget)] on each middle
        line); ``lost_flag``: (flag place the flag leaves, flag place it goes to);
        ``benched``: [(card type, from widget, to bench face, hide the face until it lands)]."""
        if not self._begin("capture", CAPTURE_SECONDS):
            return False
        free = iter(self.ghosts)
        flying: list = []
        ct, paths = taker
        for src, dst in paths:
            g = next(free)
            g.fly(ct, lang, round_no, box_of(self, src), box_of(self, dst))
            self._hide_until_landed(dst)
            flying.append(g)
        for bct, src, face, hide in benched[:GHOSTS - len(flying)]:
            g = next(free)
            g.fly(bct, lang, round_no, box_of(self, src), box_of(self, face))
            if hide:
                self._hide_until_landed(face)
            flying.append(g)
        if lost_flag is not None:
            self.flag.fly(box_of(self, lost_flag[0]), box_of(self, lost_flag[1]), CAPTURE_TURNS)
            flying.append(self.flag)
        self._flying = flying
        self._go()
        return True
