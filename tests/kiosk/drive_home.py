"""The real kiosk app (offscreen) at start-up: what the home screen says, then real taps.

Run as a subprocess:  python drive_home.py DATA_DIR ARTIFACTS_DIR SCENARIO
  resume    tap "Resume", then "Solo"     (a saved game that cannot be replayed)
  start     tap "Solo"                    (a damaged database was set aside at start-up)
  network   tournament mode: a coordinator update whose saving fails, then one that is saved
Prints "DRIVE-RESULT {json}": per stage, the screen, the alert shown and whether Resume is offered.
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run  # noqa: E402

DATA, ART, SCENARIO = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
out = {"error": None, "stages": []}


def hook(app):
    from kivy.clock import Clock

    def look(name, shot=None):
        home = app.sm.get_screen("home")
        out["stages"].append({"name": name, "screen": app.sm.current, "can_resume": bool(home.can_resume),
                              "alert": app.alert.text if app.alert.opacity else "",
                              "game": app.controller.game_id,
                              "house_cards": sorted(c.id for c in app.lib.catalogue.cards.values()
                                                    if c.set in app.lib.catalogue.sets
                                                    and app.lib.catalogue.sets[c.set].kind == "house")})
        if shot:
            app.save_screenshot(ART / f"{shot}.png")

    def tap(w):
        w.trigger_action(0)

    def touch(w):
        """A real touch through the window at the centre of ``w``."""
        from kivy.tests.common import UnitTestTouch
        t = UnitTestTouch(*w.to_window(*w.center))
        t.touch_down()
        t.touch_up()

    def beach():
        # A real touch in the middle of the screen, where the (hidden) alert would be.
        home = app.sm.get_screen("home")
        touch(home.ids.box_beach)
        out["box_after_touch"] = home.box
        home.box = "base"

    def touch_alert():
        touch(app.alert)
        look("after-touching-the-alert")

    def network_write(fail):
        """A coordinator update whose saving fails (the store's connection raises), then succeeds."""
        import sqlite3
        pc = app.park_controller
        real = app.store.db.conn

        class Failing:
            def execute(self, sql, *a):
                if sql.startswith("insert into settings"):
                    raise sqlite3.OperationalError("database or disk is full")
                return real.execute(sql, *a)

            def __getattr__(self, name):
                return getattr(real, name)
        if fail:
            app.store.db.conn = Failing()
        app._from_network(pc, lambda: pc.store.put("park_last_view", {"round": 1}))
        app.store.db.conn = real
        out.setdefault("network", []).append({"alert": app.alert.text if app.alert.opacity else "",
                                              "error": pc.storage_error, "screen": app.sm.current})

    plan = [lambda: look("start", "home-at-start")]
    if SCENARIO == "network":
        plan += [app.enter_tournament, lambda: network_write(True), lambda: network_write(False)]
        plan += [app.stop]
    if SCENARIO == "resume":
        plan += [beach, lambda: tap(app.sm.get_screen("home").ids.resume),
                 lambda: look("after-resume", "resume-failed"), touch_alert]
    if SCENARIO != "network":
        plan += [lambda: tap(app.sm.get_screen("home").ids.solo), lambda: look("after-solo"), app.stop]

    def step(dt):
        try:
            plan.pop(0)()
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()
            return
        if plan:
            Clock.schedule_once(step, 0.4)

    Clock.schedule_once(step, 2.0)


rc = run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("DRIVE-RESULT " + json.dumps({"rc": rc, **out}), flush=True)
