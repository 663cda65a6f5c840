"""What the kiosk's first frame waits for, in the real app (offscreen): the modules imported
before it shows, and the phone server's module, imported on a thread once it shows.

    python drive_start.py DATA_DIR ARTIFACTS_DIR   ->   "START-RESULT {...}"
"""

from __future__ import annotations

import sys

from app_driver import Driver, arguments, run_app

DATA, ART, _mode, _arg = arguments()
out: dict = {"error": None}
#: Libraries the kiosk does not need to show its first screen (each costs 0.1-0.35 s to import
#: on the development VM, about three times that on a Pi).
LATE = ("aiohttp", "kiosk.phones.server")


def hook(app):
    from kivy.core.window import Window

    d = Driver(app, out, ART)

    # When the first frame starts drawing (its flip is too late: the kiosk starts the phone
    # module's import on a thread from its own handler of that flip, which may run first).
    def first_draw(*_):
        Window.unbind(on_draw=first_draw)
        out["imported_at_first_frame"] = [m for m in LATE if m in sys.modules]

    Window.bind(on_draw=first_draw)

    def script():
        for _ in range(60):                  # the phone server's module, imported on a thread
            if "kiosk.phones.server" in sys.modules:
                break
            yield 0.1
        out["phone_server_imported"] = "kiosk.phones.server" in sys.modules
        out["phones"] = app.phones is not None
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA)], hook, out, "START-RESULT")
