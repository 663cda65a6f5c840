"""The real kiosk app (offscreen) whose window changes size after start: the layout follows.

Run as a subprocess:  python drive_resize.py DATA_DIR ARTIFACTS_DIR FROMxTO   (e.g. 800x480:1920x1080)
Starts in a window of the first size, makes it the second (as a window system answering late
does), and once the screens are rebuilt writes the scale, Home's operator button's size and the window boxes
of what is drawn outside the window; prints "RESIZE-RESULT {json}".
"""

from __future__ import annotations

from app_driver import Driver, arguments, run_app, walk

DATA, ART, SIZES, _arg = arguments()
FIRST, SECOND = SIZES.split(":")
out: dict = {"error": None, "looks": []}


def hook(app):
    d = Driver(app, out, ART)

    def look(name):
        from fit_check import text_faults
        from kivy.core.window import Window
        from kivy.metrics import Metrics
        home = app.sm.get_screen("home")
        W, H = Window.size
        outside = []
        for w in walk(home):
            if w.width < 1 or w.height < 1 or getattr(w, "opacity", 1) <= 0.01:
                continue
            xs, ys = zip(*(w.to_window(px, py) for px, py in ((w.x, w.y), (w.right, w.top))))
            if min(xs) < -1 or min(ys) < -1 or max(xs) > W + 1 or max(ys) > H + 1:
                outside.append(f"{type(w).__name__} {min(xs):.0f},{min(ys):.0f}-{max(xs):.0f},{max(ys):.0f}")
        out["looks"].append({"name": name, "window": [W, H], "density": Metrics.density,
                             "button_height": home.ids.operator.height, "operator_font": home.ids.operator.font_size,
                             "help_height": app.chrome.help.height, "outside": outside[:10],
                             "faults": text_faults(home, (W, H))[:10]})
        d.shot(f"resize-{name}-{W}x{H}")

    def script():
        from kivy.core.window import Window
        yield 0.5
        look("before")
        first_home = app.sm.get_screen("home")
        w, h = (int(x) for x in SECOND.split("x"))
        Window.size = (w, h)
        yield 1.0
        look("after")
        out["looks"][-1]["home_is_new"] = app.sm.get_screen("home") is not first_home
        d.finish()

    d.follow(script())


if __name__ == "__main__":
    run_app(["--data", str(DATA), "--window", FIRST], hook, out, "RESIZE-RESULT")
