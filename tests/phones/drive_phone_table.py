"""The real kiosk app (offscreen) with phone seats: two people at a Between Battle table.

Run as a subprocess:  python drive_phone_table.py DATA_DIR ARTIFACTS_DIR PORT [taken]
Each half shows its "Phone" button; real touches on them show that half's QR code (the top one
through the turned half); a phone (an HTTP client on another thread, as on the LAN) takes the
bottom seat with the QR code's URL and plays a move, which the table then shows; leaving the game
hides the buttons and the phone's seat is gone.  ``taken``: PORT is in use; the table says so on
its bottom half, shows no "Phone" button, and plays on.  Prints "DRIVE-RESULT {json}"; screenshots in
ARTIFACTS_DIR.
"""

import http.cookiejar
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run

DATA, ART, PORT = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
TAKEN = sys.argv[4:] == ["taken"]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "steps": []}


class Phone:
    """A phone's browser: a cookie jar, requests on its own thread."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.open = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar)).open
        self.result = None

    def get(self, url):
        try:
            with self.open(url, timeout=5) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode()

    def post(self, url, body):
        req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        return self.get(req)


def hook(app):
    import logging

    from kivy.clock import Clock

    class Count(logging.Handler):
        def emit(self, record):
            out.setdefault("log", []).append(record.getMessage())

    logging.getLogger("tablecup.phones").addHandler(Count())
    from kivy.tests.common import UnitTestTouch

    phone = Phone()
    state = {"step": 0, "thread": None}

    def touch(w):
        x, y = w.to_window(*w.center)
        t = UnitTestTouch(x, y)
        t.touch_down()
        t.touch_up()

    def look(name):
        qr = app.seat_qr
        out["steps"].append({
            "name": name, "screen": app.sm.current,
            "available": [qr.ids.bottom.available, qr.ids.top.available],
            "showing": [qr.ids.bottom.showing, qr.ids.top.showing],
            "texture": [qr.ids.bottom.texture is not None, qr.ids.top.texture is not None],
            "actions": len(app.table.actions) if app.table.state is not None else None,
            "notice": qr.notice})

    def phone_plays(url, version):
        """On the phone's thread: take the seat, read the view (once the table's last change has
        reached the server), play its first move."""
        local = f"http://127.0.0.1:{PORT}/t/" + url.rsplit("/t/", 1)[1]
        took = phone.get(local)
        for _ in range(200):
            status, text = phone.get(f"http://127.0.0.1:{PORT}/api/view")
            view = json.loads(text) if status == 200 else {}
            if view.get("version") == version:
                break
            time.sleep(0.01)
        played = None
        if view.get("actions"):
            played = phone.post(f"http://127.0.0.1:{PORT}/api/act",
                                {"version": view["version"], "action": view["actions"][0]["action"]})[0]
        phone.result = {"took": took[0], "view": status, "seat": view.get("seat"), "played": played,
                        "secret_other": view.get("observation", {}).get("hands", [None, None])[1]}

    def step(_dt):
        try:
            s = state["step"]
            if s == 0:
                app.start_table("between", "two", seed=3)
            elif s == 1 and TAKEN:
                look("game started")
                out["asked_again"] = app.phones.server() is None     # asked again: said once only
                out["unavailable"] = app.phones.unavailable
                out["home_notices"] = list(app.notices)
                app.save_screenshot(ART / "table-phones-off.png")
                seat = min(app.table.to_act())
                app.table.act(app.table.legal(seat)[0])             # the table plays on
                look("played")
                app.leave_table(abandon=True)
                look("left")
                app.sm.get_screen("home").choose_game("wacky")
                out["phones_row"] = app.sm.get_screen("home").phone_counts   # no Phones row: no phone seats
                app.stop()
                return False
            elif s == 1:
                look("game started")
                app.save_screenshot(ART / "table-phone-buttons.png")
                touch(app.seat_qr.ids.bottom.children[-1])          # the bottom half's "Phone" button
            elif s == 2:
                look("bottom QR shown")
                touch(app.seat_qr.ids.top.children[-1])             # the top one, through the turned half
            elif s == 3:
                look("both QR shown")
                app.save_screenshot(ART / "table-qr.png")
                # The bottom seat must be the one to act for the phone to play: make it so.
                if 0 not in app.table.to_act():
                    app.table.act(app.table.legal(min(app.table.to_act()))[0])
                state["before"] = len(app.table.actions)
                url = app.seat_qr.ids.bottom.url
                state["thread"] = threading.Thread(target=phone_plays, args=(url, state["before"]), daemon=True)
                state["thread"].start()
            elif s == 4:
                if state["thread"].is_alive():
                    return                                          # the phone is still at it
                out["phone"] = phone.result
                out["played_on_table"] = len(app.table.actions) - state["before"]
                touch(app.seat_qr.ids.bottom.children[-2])          # the QR card: a tap hides it
            elif s == 5:
                look("bottom QR hidden")
                app.leave_table(abandon=True)
            elif s == 6:
                look("left")
                out["after_leaving"] = phone.get(f"http://127.0.0.1:{PORT}/api/view")[0]
                app.sm.get_screen("home").choose_game("wacky")
                out["phones_row"] = app.sm.get_screen("home").phone_counts
                app.stop()
                return False
            state["step"] += 1
        except Exception:  # noqa: BLE001 - reported to the test
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()
            return False

    Clock.schedule_interval(step, 0.3)


rc = run(["--data", str(DATA), "--windowed", "--phone-port", PORT], app_hook=hook)
out["rc"] = rc
print("DRIVE-RESULT " + json.dumps(out), flush=True)
