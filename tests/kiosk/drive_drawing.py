"""What a frame of the match screen draws, in the real app (offscreen), 2 players:

- every widget hidden at opacity 0 (the overlays: rules page, match log, names keyboard, hints,
  alert, the phones' QR cards, the toss button, the end-of-match note, unused attack chips) is
  drawn outside the window, and nothing shown is;
- while nobody touches the table, no frame is drawn, no animation runs at Kivy's default
  step (every turn of the loop: the scroll views' fading bars did, hidden or not), and the
  loop slows to its resting pace; a touch brings the frame's pace back (:mod:`kiosk.pace`);
- a reveal renders few new text textures;
- no shape is drawn for nothing (in a transparent colour, or of no size);
- the window is not multisampled, no stencil push clears the stencil buffer, the screens are
  not clipped by the stencil, and no text keeps the surface it was drawn on
  (:mod:`kiosk.rendering`);
- the halves and middle lines fill their boxes by clearing them, each in its colour and place,
  on the window and in a screenshot, upright and with the window turned; the window's own
  clear paints one of the halves.

    python drive_drawing.py DATA_DIR ARTIFACTS_DIR   ->   "DRAWING-RESULT {...}"
"""

from __future__ import annotations

import time

from app_driver import Driver, arguments, play_deck_phase, run_app, touch, walk

DATA, ART, _mode, _arg = arguments()
out: dict = {"error": None}


def hook(app):
    from kivy.core.window import Window

    from kiosk import unseen, widgets

    d = Driver(app, out, ART)
    # Animations that step at every turn of the loop (Kivy's default step=0): under the interrupt
    # clock they draw frames as fast as the loop turns, wanted or not.
    from kivy.animation import Animation
    spinning = out.setdefault("spinning_animations", [])
    start = Animation.start

    def start_checked(anim, widget):
        if not anim._step and anim.duration > 0:      # (a screen change's NoTransition lasts 0 s)
            spinning.append(f"{type(widget).__name__} {sorted(anim.animated_properties)}")
        return start(anim, widget)
    Animation.start = start_checked
    flips = []
    Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))
    # Turns of Kivy's loop (each polls SDL, ticks the clock, maybe draws).
    from kivy.base import EventLoop
    turns = [0]
    turn = EventLoop.idle

    def turn_counted():
        turns[0] += 1
        return turn()
    EventLoop.idle = turn_counted
    # Texts drawn into their textures while a frame is being drawn (each made llvmpipe finish
    # the half-drawn frame first), counted from the first reveal on.
    from kivy.core.text import LabelBase
    drawing = [False]
    mid_frame = out.setdefault("texts_filled_mid_frame", [])
    counting = [False]
    fill, on_draw = LabelBase._texture_fill, Window.on_draw

    def fill_counted(label, texture):
        if drawing[0] and counting[0]:
            mid_frame.append(label.text[:30])
        return fill(label, texture)

    def on_draw_marked(*args):
        drawing[0] = True
        try:
            return on_draw(*args)
        finally:
            drawing[0] = False
    LabelBase._texture_fill = fill_counted
    Window.on_draw = on_draw_marked

    def hidden_drawn():
        """Widgets at opacity 0 drawn in the window, and widgets shown but drawn away."""
        drawn, away = [], []
        for w in walk(Window):
            move = unseen.shift(w)
            if w.opacity <= 0 and (move is None or move.x != unseen.AWAY):
                drawn.append(f"{type(w).__name__} {tuple(int(v) for v in w.size)}")
            elif w.opacity > 0 and move is not None and move.x != 0:
                away.append(type(w).__name__)
        return drawn, away

    def drawn_for_nothing():
        """Shapes drawn in a shown canvas that show nothing: in a transparent colour, or of no
        size (software rendering pays for each at every frame).  Grouped by owner and shape."""
        from collections import Counter

        from kivy.graphics import Canvas, Color, InstructionGroup, Rectangle, SmoothRoundedRectangle
        from kivy.graphics.instructions import VertexInstruction

        owner = {}
        for w in walk(Window):
            for c in (w.canvas.before, w.canvas, w.canvas.after):
                owner[id(c)] = type(w).__name__
        found = Counter()
        alpha = [1.0]

        def visit(group, who):
            for ins in group.children:
                if isinstance(ins, Canvas) and ins.opacity == 0:
                    continue                       # Kivy skips a canvas at opacity 0
                if isinstance(ins, Color):
                    alpha[0] = ins.a
                elif isinstance(ins, VertexInstruction):
                    empty = isinstance(ins, (Rectangle, SmoothRoundedRectangle)) and not (ins.size[0] and ins.size[1])
                    if alpha[0] == 0 or empty:
                        found[f"{who} {type(ins).__name__}"] += 1
                if isinstance(ins, InstructionGroup):
                    visit(ins, owner.get(id(ins), who))
        visit(Window.canvas, "Window")
        return dict(found)

    def rendering_costs():
        """What kiosk.rendering turns off, found in the window as it is drawn."""
        from kivy.core.text import Label as CoreLabel
        from kivy.graphics import Canvas, InstructionGroup, StencilPush
        from kivy.graphics import opengl as gl
        from kivy.uix.label import Label

        out["window_samples"] = gl.glGetIntegerv(gl.GL_SAMPLES)[0]
        clearing, clips = [], 0

        def visit(group):
            nonlocal clips
            for ins in group.children:
                if isinstance(ins, StencilPush):
                    clips += 1
                    if ins.clear_stencil:
                        clearing.append(type(ins).__name__)
                if isinstance(ins, Canvas):
                    visit(ins.before)
                    visit(ins)
                    visit(ins.after)
                elif isinstance(ins, InstructionGroup):
                    visit(ins)
        visit(Window.canvas)
        out["stencil_pushes"] = clips
        out["drawn_for_nothing"] = drawn_for_nothing()
        out["stencil_clears"] = len(clearing)
        out["screens_clip"] = any(isinstance(i, StencilPush) for i in app.sm.canvas.before.children)
        kept = [w.text[:20] for w in walk(Window) if isinstance(w, Label)
                and isinstance(getattr(w, "_label", None), CoreLabel) and getattr(w._label, "_surface", None) is not None]
        out["labels_keeping_pixels"] = kept
        import gc
        out["frozen_objects"] = gc.get_freeze_count()

    def backgrounds(turned=""):
        """The match screen's halves and middle lines: how their backgrounds are drawn, and the
        colour at a corner of each (inside its padding, where nothing else is drawn), on the
        window as drawn and in a screenshot (an Fbo) -- the top two are turned a half turn;
        ``turned``: the window is turned too (the operator's rotation)."""
        from kivy.graphics import Rectangle
        from kivy.graphics import opengl as gl
        from PIL import Image

        from kiosk import rendering
        from kiosk.rendering import ClearedBackground
        scr = app.sm.get_screen("match")
        parts = {name: scr.ids[name] for name in ("dark", "mid_dark", "mid_light", "light")}
        out["background_rectangles"] = {
            name: sum(isinstance(i, Rectangle) for i in w.canvas.before.children) for name, w in parts.items()}
        points = {}
        for name, w in parts.items():
            clear = next(i for i in w.canvas.before.children if isinstance(i, ClearedBackground))
            want = [round(255 * v) for v in clear.rgba[:3]]
            for where, corner in (("low", (w.x + 1, w.y + 1)), ("high", (w.right - 2, w.top - 2))):
                x, y = (int(v) for v in w.to_window(*corner))
                points[f"{name} {where}"] = (x, y, want)
        # Clears in this frame: the window's own, then one per box it did not paint (a hidden
        # widget's box, such as each half's end-of-match note, clears nothing).
        clears = [0]
        gl_clear = gl.glClear

        def clear_counted(mask):
            clears[0] += 1
            return gl_clear(mask)
        gl.glClear = clear_counted
        try:
            Window.dispatch("on_draw")          # the frame, not yet shown: read from its buffer
        finally:
            gl.glClear = gl_clear
        out["clears" + turned] = clears[0]
        painted = rendering.painted_by_window()
        out["painted_by_window" + turned] = next(
            (name for name, w in parts.items() if painted is not None and painted.widget is w), repr(painted))
        turn = Window.render_context["modelview_mat"]   # window -> its pixels (the rotation)
        on_window = {}
        for k, (x, y, _want) in points.items():
            px, py, _ = turn.transform_point(x + 0.5, y + 0.5, 0)
            on_window[k] = list(gl.glReadPixels(int(px), int(py), 1, 1, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE)[:3])
        picture = Image.open(app.save_screenshot(ART / "drawing-match.png")).convert("RGB")
        in_screenshot = {k: list(picture.getpixel((x, Window.height - 1 - y)))
                         for k, (x, y, _want) in points.items()}
        out["background_colours" + turned] = {
            k: {"want": want, "window": on_window[k], "screenshot": in_screenshot[k]}
            for k, (_x, _y, want) in points.items()}

    def script():
        c = app.controller
        c.new_game(("Light", "Dark"), seed=7)
        play_deck_phase(app.controller, by_half=True)
        app.sync()
        yield 0.5
        if c.match.expect[0] == "toss":
            c.submit(None, "match.toss")
        yield 0.5
        assert app.sm.current == "match", app.sm.current
        out["hidden_drawn"], out["shown_away"] = hidden_drawn()
        rendering_costs()
        backgrounds()
        yield 0.3                  # the frame showing the toss's last changes
        # Nobody touches the table for 2 s: no frame is drawn.
        flips.clear()
        yield 2.0
        out["idle_frames"] = len(flips)
        # Still nobody: the loop turns at its resting pace.  Then a finger on the table.
        from kivy.clock import Clock
        t0, turns0 = time.perf_counter(), turns[0]
        yield 1.0
        out["rest_turns_per_s"] = (turns[0] - turns0) / (time.perf_counter() - t0)
        out["fps_at_rest"] = Clock._max_fps
        touch(pos=(Window.width / 2, Window.height / 2))
        out["fps_after_touch"] = Clock._max_fps
        yield 0.3
        # Reveals: text textures rendered for each.
        renders = []
        counting[0] = True
        for _ in range(12):
            m = c.match
            if m is None or m.winner is not None or c.result is not None:
                break
            kind, side = m.expect
            if kind == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
                yield 0.3
                continue
            if kind != "reveal":
                break
            before = widgets.stats["renders"]
            key = "a" if c.half_of(side) == 0 else "l"
            app.handle_key(key)
            app.handle_key_up(key)          # a press, then let go (a held key reveals once)
            yield 0.4
            renders.append(widgets.stats["renders"] - before)
        out["reveal_renders"] = renders
        # The operator turns the screen a quarter turn (Kivy animates its keyboard's height then,
        # at every turn of the loop: not the kiosk's, and no longer looked for).
        out["spinning_animations"] = list(spinning)
        Window.rotation = 90
        yield 0.5
        backgrounds(" turned")
        Window.rotation = 0
        yield 0.3
        d.finish()

    d.follow(script(), first=1.0)


run_app(["--data", str(DATA)], hook, out, "DRAWING-RESULT")
