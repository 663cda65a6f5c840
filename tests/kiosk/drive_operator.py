"""Drive the operator screen of the real app.   python drive_operator.py DATA_DIR PHASE
PHASE 1: wrong PIN refused, 1234 accepted, French, rotation 180°, Robot level 3, PIN -> 5678.
PHASE 2 (a restart): the settings persisted; 1234 refused, 5678 accepted; back to English.
Prints "OPERATOR-RESULT {...}".
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run  # noqa: E402

DATA, PHASE = Path(sys.argv[1]), sys.argv[2]
out = {"error": None}


def hook(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    def texts():
        """What the home and operator screens show now (after the next layout pass)."""
        home = app.sm.get_screen("home")
        op = app.sm.get_screen("operator")
        return {"solo": home.ids.solo.text, "two": home.ids.two.text, "op_title": op.ids.title.text,
                "back": op.ids.back.text}

    def go(dt):
        try:
            op = app.sm.get_screen("operator")
            out["start"] = {"lang": app.lang, "rotation": app.rotation, "window_rotation": Window.rotation,
                            "robot_level": app.robot_level, "home_level": app.sm.get_screen("home").level}
            app.handle_key("escape")                 # home -> operator
            out["screen"] = app.sm.current
            ids = op.ids
            if PHASE == "1":
                op.type_pin("9999")
                out["wrong"] = {"unlocked": op.unlocked, "message": op.message}
                ids.lang_fr.trigger_action(0)          # disabled while locked: does nothing
                out["lang_while_locked"] = app.lang
                op.type_pin("1234")
                # First use: the default PIN opens only the new-PIN pad, which refuses 1234 again.
                out["first_use"] = {"mode": op.mode, "unlocked": op.unlocked, "message": op.message}
                op.type_pin("1234")
                out["default_again"] = {"mode": op.mode, "message": op.message}
                op.type_pin("2468")
                out["unlocked"] = op.unlocked
                out["before"] = texts()
                ids.lang_fr.trigger_action(0)
                ids.rot180.trigger_action(0)
                ids.level_up.trigger_action(0)
                ids.level_up.trigger_action(0)
                ids.change_pin.trigger_action(0)
                op.type_pin("12")                    # too short: refused
                out["short_pin"] = op.message
                op.type_pin("5678")
                out["after_pin"] = {"unlocked": op.unlocked, "message": op.message}
                Clock.schedule_once(finish, 0.2)
            else:
                op.type_pin("1234")
                out["old_pin_unlocked"] = op.unlocked
                op.type_pin("5678")
                out["unlocked"] = op.unlocked
                out["before"] = texts()
                ids.lang_en.trigger_action(0)
                ids.rot0.trigger_action(0)
                Clock.schedule_once(finish, 0.2)
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()

    def finish(dt):
        try:
            out["after"] = texts()
            out["end"] = {"lang": app.lang, "rotation": app.rotation, "window_rotation": Window.rotation,
                          "robot_level": app.robot_level}
            app.handle_key("escape")                 # operator -> home
            out["screen_end"] = app.sm.current
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
        app.stop()

    Clock.schedule_once(go, 0.2)


run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("OPERATOR-RESULT " + json.dumps(out), flush=True)
