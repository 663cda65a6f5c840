"""The operator screen of a table that may run the café coordinator.
    python drive_operator_organiser.py DATA LANG
Opens the operator screen (the real app, 800x480), looks at its organiser line while locked, then
unlocks it (first use: 1234, then a PIN of the operator's own) and reads the line again once laid
out.  Prints "ORGANISER-RESULT {...}".
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

    def first(dt):
        try:
            app.handle_key("escape")                 # home -> operator
            op = app.sm.get_screen("operator")
            out["screen"] = app.sm.current
            out["locked"] = op.ids.organiser.text
            op.type_pin("1234")                      # first use: a PIN of the operator's own
            op.type_pin("2468")
            out["unlocked"] = op.unlocked
            Clock.schedule_once(second, 0.2)         # after a layout pass: the label's real size
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()

    def second(dt):
        try:
            label = app.sm.get_screen("operator").ids.organiser
            label.texture_update()
            out["line"] = label.text
            out["fits"] = label.texture_size[1] <= label.height and label.texture_size[0] <= label.width
            out["shown"] = label.opacity == 1 and label.height > 0
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
        app.stop()

    Clock.schedule_once(first, 0.2)


run(["--data", str(DATA), "--window", "800x480", "--lang", LANG], app_hook=hook)
print("ORGANISER-RESULT " + json.dumps(out), flush=True)
