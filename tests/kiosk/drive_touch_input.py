"""The real kiosk (offscreen) with its real input set-up: what it configured before the window
existed, the input providers it runs with, and one finger on a button while the window system
also reports that finger as a mouse press (what SDL does with its touch-to-mouse hint on, and an
X server's pointer emulation): the button must see one press and one release.

    python drive_touch_input.py DATA_DIR ARTIFACTS_DIR   ->   "TOUCH-RESULT {...}"
"""

from __future__ import annotations

import os
import sys

from app_driver import Driver, arguments, run_app

DATA, ART, _mode, _arg = arguments()
out: dict = {"error": None}


def when_the_window_is_made(event: str, args: tuple) -> None:
    """Python's import audit event: the moment ``kivy.core.window`` (which creates the window)
    is imported, what SDL will read from the environment and what Kivy's [input] holds."""
    if event == "import" and args[0] == "kivy.core.window" and "at_window" not in out:
        from kivy.config import Config
        out["at_window"] = {"SDL_TOUCH_MOUSE_EVENTS": os.environ.get("SDL_TOUCH_MOUSE_EVENTS"),
                            "input": dict(Config.items("input"))}


sys.addaudithook(when_the_window_is_made)


def hook(app):
    d = Driver(app, out, ART)

    def script():
        from kivy.base import EventLoop
        from kivy.core.window import Window
        from kivy.tests.common import UnitTestTouch
        from kivy.uix.button import Button

        out["providers"] = sorted(
            {type(p).__name__: {"device": p.device,
                                "disable_on_activity": getattr(p, "disable_on_activity", None),
                                "disable_multitouch": getattr(p, "disable_multitouch", None)}
             for p in EventLoop.input_providers}.items())
        mice = [p for p in EventLoop.input_providers if type(p).__name__ == "MouseMotionEventProvider"]

        def dispatched():
            """Until the mouse provider has handed its queued events to the window (next frame)."""
            while any(m.waiting_event for m in mice):
                yield 0.02
            yield 0

        counts = {"press": 0, "release": 0}
        button = Button(text="tap", size_hint=(None, None), size=(200, 120), pos=(300, 180))
        button.bind(on_press=lambda b: counts.__setitem__("press", counts["press"] + 1),
                    on_release=lambda b: counts.__setitem__("release", counts["release"] + 1))
        Window.add_widget(button)
        yield 0
        x, y = button.center
        finger = UnitTestTouch(x, y)          # a touch from a touch provider (not the mouse's)
        finger.touch_down()
        # The same finger, reported by the window system as the mouse's left button.
        Window.dispatch("on_mouse_down", x, y, "left", [])
        yield from dispatched()
        Window.dispatch("on_mouse_up", x, y, "left", [])
        yield from dispatched()
        finger.touch_up()
        out["one_tap"] = dict(counts)
        # A real mouse with no finger on the screen still clicks.
        Window.dispatch("on_mouse_down", x, y, "left", [])
        yield from dispatched()
        Window.dispatch("on_mouse_up", x, y, "left", [])
        yield from dispatched()
        out["mouse_click"] = dict(counts)
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA)], hook, out, "TOUCH-RESULT")
