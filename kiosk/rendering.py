"""What the kiosk asks of OpenGL, chosen for a screen filled on the CPU.

Without a GPU driver (a desktop or a VM with Mesa's llvmpipe; a Pi whose GPU driver is
missing) every pixel of every frame is computed by the processor, so what costs nothing on a
GPU costs frames there.  Three of Kivy's defaults cost most, and none of them is seen:

* **Multisampling.**  Kivy asks for a 2-sample window; llvmpipe gives 4 samples, so every
  pixel is stored, blended and cleared four times and the window's buffers take four times
  the memory (about 80 MB more at 1920x1080).  The kiosk draws rectangles and text textures,
  whose edges lie on pixels; its few slanted or rounded edges (flags, rounded corners) are
  Kivy's ``Smooth`` shapes, which smooth their own edges.  :func:`configure` asks for no
  multisampling.
* **Stencil clears.**  The first ``StencilPush`` of a frame clears the whole stencil buffer;
  llvmpipe does that with a masked loop over the packed depth-stencil buffer, on one thread
  (about 13 ms a frame at 1920x1080 each time, and every scroll view begins a frame's stencil
  anew).  The window's first clear zeroes the stencil and Kivy's pushes and pops leave it
  as they found it, so :func:`install` makes the kv language's ``StencilPush`` keep the
  buffer (Kivy's ``clear_stencil=False``).
* **The screen manager's clip.**  Kivy's ``ScreenManager`` clips its screens with the
  stencil: two extra passes over its whole area and a stencil test on every pixel drawn in
  it.  The kiosk's screens fill the window, so :class:`Screens` draws them unclipped.

Smaller savings, each leaving the picture as it was:

* untextured shapes sample a white texture; sampled ``nearest`` it gives the same white
  for less work;
* the window's clear leaves the depth buffer (never used) and the stencil buffer (zeroed on
  the first frame and after a resize; each push is popped) alone: a colour clear is a third
  of a full one;
* a background of one opaque colour that never fades (the match screen's halves and middle
  lines) is a clear of the widget's box (:class:`ClearedBackground`), not a rectangle: the
  fragment shader runs for every pixel of a shape, blended or not.  llvmpipe clears a box by
  drawing it, with a simpler shader; only a clear of the whole window is almost free, so the
  window's clear paints the largest such background when the others paint the rest.

A text's texture is also drawn into between frames (:func:`fill_now`), and Kivy's texts let
go of the surface they were drawn on.  :func:`save_screenshot` draws the screen into a PNG.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from kivy.factory import Factory
from kivy.graphics import Callback
from kivy.lang import Builder
from kivy.uix.screenmanager import ScreenManager

from kiosk.unseen import seen

_installed = [False]


def configure(config) -> None:
    """Window settings, before Kivy creates the window (``config``: ``kivy.config.Config``)."""
    config.set("graphics", "multisamples", "0")


class Screens(ScreenManager):
    """The kiosk's screens: a ``ScreenManager`` that does not clip them (each fills the window
    it is shown in).  Its kv rule (``<-Screens>``) replaces Kivy's, which drew the clip."""


Builder.load_string("<-Screens>:\n    size_hint: 1, 1\n", filename="kiosk-rendering.kv")


class ClearedBackground(Callback):
    """kv, first in a widget's ``canvas.before``: the widget's box filled with the opaque colour
    ``rgba`` by clearing that box (a scissored ``glClear``) rather than drawing a rectangle.

    llvmpipe clears a box for a fraction of what a rectangle over it costs (each pixel of a
    shape runs the fragment shader): the match screen's halves and middle lines, the whole
    window, were about a fifth of a 1920x1080 frame's rasterising as rectangles.  Only for an
    opaque colour on a widget never faded, under everything the widget draws (what was drawn
    before in its box is covered, as by any opaque panel) and in no stencil's clip
    (``StencilView``, ``ScrollView``): a clear knows no blending, opacity, transformation or
    stencil.  The box is found in window coordinates as the frame is drawn (so it follows a
    widget turned by a :class:`~kiosk.widgets.Flip`: a half turn keeps a box a box), then in
    the window's pixels (turned by the operator's screen rotation, a quarter turn at a time).
    Drawn into an ``Fbo`` (Kivy's ``export_to_png`` of the whole window, for screenshots) the
    box is turned upside down as that export turns the picture.

    A widget not seen (:func:`kiosk.unseen.seen`: it or a parent at opacity 0, whose drawing
    :mod:`kiosk.unseen` moves out of sight but not its box) clears nothing.

    ``window_may_paint``: the rest of the window is painted by other backgrounds whenever this
    one is shown, so the window's own clear, which fills the whole window almost for free, may
    paint this colour instead of its own.  Of the backgrounds that say so and are shown as a
    frame begins, the largest is painted that way, and its box is not cleared again.
    """

    def __init__(self, **kw):
        self._rgba = (0.0, 0.0, 0.0, 1.0)
        self.widget = None
        super().__init__(self._clear, **kw)

    @property
    def window_may_paint(self):
        return self in _window_paintable

    @window_may_paint.setter
    def window_may_paint(self, value):
        if value:
            _window_paintable.add(self)
        else:
            _window_paintable.discard(self)

    @property
    def rgba(self):
        return self._rgba

    @rgba.setter
    def rgba(self, value):
        self._rgba = tuple(value)
        self.ask_update()

    def _clear(self, _instruction):
        w = self.widget
        if w is None or w.width < 1 or w.height < 1 or not seen(w):
            return
        from kivy.graphics import opengl as gl
        on_window = gl.glGetIntegerv(gl.GL_FRAMEBUFFER_BINDING)[0] == _window_framebuffer[0]
        if on_window and _painted_by_window[0] is self:
            return                           # the window's clear painted it (its colour, everywhere)
        (x0, y0), (x1, y1) = w.to_window(w.x, w.y), w.to_window(w.right, w.top)
        turn = _window_turn[0]
        if on_window and turn is not None:
            # The window's pixels: turned as the window is (the operator's screen rotation).
            (x0, y0, _), (x1, y1, _) = turn.transform_point(x0, y0, 0), turn.transform_point(x1, y1, 0)
        x, y = round(min(x0, x1)), round(min(y0, y1))
        width, height = round(max(x0, x1)) - x, round(max(y0, y1)) - y
        if not on_window:
            y = gl.glGetIntegerv(gl.GL_VIEWPORT)[3] - y - height
        clipped = gl.glIsEnabled(gl.GL_SCISSOR_TEST)
        if clipped:                          # inside a ScissorPush: clear no more than it shows
            cx, cy, cw, ch = gl.glGetIntegerv(gl.GL_SCISSOR_BOX)[:4]
            x, y, right, top = max(x, cx), max(y, cy), min(x + width, cx + cw), min(y + height, cy + ch)
            width, height = max(0, right - x), max(0, top - y)
        else:
            gl.glEnable(gl.GL_SCISSOR_TEST)
        gl.glScissor(x, y, width, height)
        gl.glClearColor(*self._rgba)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        if clipped:
            gl.glScissor(cx, cy, cw, ch)
        else:
            gl.glDisable(gl.GL_SCISSOR_TEST)


#: The framebuffer the window draws into (read when the window's first frame is drawn), and
#: the window's own turn of its coordinates into its pixels (read as each frame begins: while
#: widgets are drawn, the context's matrix holds their transformations too).
_window_framebuffer = [0]
_window_turn = [None]
#: Backgrounds the window's clear may paint (``window_may_paint``), and the one it painted as
#: the frame being drawn began (None: the window's own colour).
_window_paintable: weakref.WeakSet = weakref.WeakSet()
_painted_by_window = [None]


def painted_by_window():
    """The background the window's clear painted for the last frame (None: none)."""
    return _painted_by_window[0]


def _background_to_paint():
    """The largest shown background the window's clear may paint, or None."""
    best, area = None, 0.0
    for bg in list(_window_paintable):
        w = bg.widget
        if w is not None and w.width * w.height > area and seen(w):
            best, area = bg, w.width * w.height
    return best


Factory.register("ClearedBackground", cls=ClearedBackground)


def _clear_colour_only(window) -> None:
    """The window's clear: colour only, but all three buffers on the first frame and after a
    resize (new buffers hold anything)."""
    from kivy.graphics import opengl as gl

    whole = [True]

    def clear():
        _window_turn[0] = window.render_context["modelview_mat"]
        painted = _painted_by_window[0] = _background_to_paint()
        gl.glClearColor(*(painted.rgba if painted is not None else window.clearcolor))
        if whole[0]:
            _window_framebuffer[0] = gl.glGetIntegerv(gl.GL_FRAMEBUFFER_BINDING)[0]
            gl.glClear(gl.GL_COLOR_BUFFER_BIT | gl.GL_DEPTH_BUFFER_BIT | gl.GL_STENCIL_BUFFER_BIT)
            whole[0] = False
        else:
            gl.glClear(gl.GL_COLOR_BUFFER_BIT)

    window.clear = clear
    window.bind(size=lambda *_: whole.__setitem__(0, True))


def _default_texture():
    """The white texture Kivy's shapes sample when they have no texture of their own."""
    from kivy import kivy_shader_dir
    from kivy.core.image import Image
    return Image(os.path.join(kivy_shader_dir, "default.png")).texture


def _release_text_surfaces() -> None:
    """A text, once drawn into its texture, lets its pixels go.

    Kivy's SDL2 text keeps the surface it drew a text on until the text is drawn again: every
    label on every screen held its pixels twice, once in the texture and once there (at
    1920x1080, where a text's texture is five times its 800x480 size, tens of megabytes)."""
    try:
        from kivy.core.text.text_sdl2 import LabelSDL2
    except ImportError:                       # another text provider: nothing kept
        return

    def _render_end(self):
        data = self._surface.get_data()       # a copy of the pixels, for the texture
        self._surface = None
        return data

    LabelSDL2._render_end = _render_end


def fill_now(texture) -> None:
    """Draw a text into its texture now, between frames, rather than when a frame first draws it.

    In llvmpipe, writing a texture while a frame is half drawn makes the driver finish that
    half frame first (the texture is bound, so the frame may use it): each new or changed text
    cost a frame's drawing (about 15 ms at 1920x1080), and a reveal changes several texts."""
    if texture is not None:
        texture.bind()                         # runs Kivy's fill (nothing to do if done)


def save_screenshot(root, path):
    """A PNG at ``path`` of ``root`` (the whole screen) as drawn now, its folder made; returns ``path``.

    Drawn again into an offscreen buffer (``export_to_png``): the window's own picture
    (``Window.screenshot``) comes out black without a display (``SDL_VIDEODRIVER=offscreen``)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    root.export_to_png(str(path))
    return path


def _fill_shown_labels_at_once() -> None:
    """A label in the window fills its texture as soon as its text is laid out
    (:func:`fill_now`); one on a screen not shown waits until it is drawn, as before.

    A label is drawn again only when a property it is drawn from changed since it was last
    drawn.  Kivy draws it at every call: a label fitted to its place (``fit_font``, ``fit_face``,
    :class:`~kiosk.games.cardframe.MarkupFace`) is drawn by the fit, then once more, the same,
    by the update Kivy planned for the next frame when the fit set its size and text."""
    from kivy.uix.label import Label

    update = Label.texture_update
    changed = Label._trigger_texture_update

    # Named as the methods they replace: Kivy's weak method references find them by name.
    def _trigger_texture_update(self, name=None, source=None, value=None):
        self.__dict__["_drawn_stale"] = True
        changed(self, name, source, value)

    def texture_update(self, *args):
        if self.texture is None or self.__dict__.get("_drawn_stale", True):
            self.__dict__["_drawn_stale"] = False
            update(self, *args)
        if self.get_root_window() is not None:      # (drawn off screen, then shown: filled now)
            fill_now(self.texture)

    Label._trigger_texture_update = _trigger_texture_update
    Label.texture_update = texture_update


def install() -> None:
    """Once, after the window exists and before any widget is built."""
    if _installed[0]:
        return
    from kivy.core.window import Window
    from kivy.graphics.stencil_instructions import StencilPush

    class StencilPushKeepingBuffer(StencilPush):
        """A ``StencilPush`` that does not clear the stencil buffer (zero since the first clear)."""

        def __init__(self, **kw):
            kw.setdefault("clear_stencil", False)
            super().__init__(**kw)

    _release_text_surfaces()
    _fill_shown_labels_at_once()
    Factory.unregister("StencilPush")
    Factory.register("StencilPush", cls=StencilPushKeepingBuffer)
    _clear_colour_only(Window)
    texture = _default_texture()
    texture.mag_filter = texture.min_filter = "nearest"
    _installed[0] = True
