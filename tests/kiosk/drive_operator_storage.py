"""The operator screen on a data folder lost at power-off.   python drive_operator_storage.py DATA LANG
Opens the operator screen twice in one run (the real app, 800x480): the warning the first time
only.  Prints "STORAGE-RESULT {...}".
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run  # noqa: E402

DATA, LANG = Path(sys.argv[1]), sys.argv[2]
out = {"error": None}


def hook(app):
    from kivy.clock import Clock

    def seen():
        op = app.sm.get_screen("operator")
        label = op.ids.message
        label.update()
        return {"screen": app.sm.current, "message": op.message,
                "text_width": label.texture_size[0], "label_width": label.width}

    def first(dt):
        try:
            app.handle_key("escape")                 # home -> operator
            Clock.schedule_once(second, 0.2)         # after a layout pass: the label's real width
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()

    def second(dt):
        try:
            out["first"] = seen()
            app.handle_key("escape")                 # operator -> home
            out["between"] = app.sm.current
            app.handle_key("escape")                 # home -> operator, again
            out["second"] = seen()
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
        app.stop()

    Clock.schedule_once(first, 0.2)


run(["--data", str(DATA), "--window", "800x480", "--lang", LANG], app_hook=hook)
print("STORAGE-RESULT " + json.dumps(out), flush=True)
