"""The real kiosk app (offscreen) asks for its phone server, as a game offering phone seats does.

Run as a subprocess:  python drive_phone_port.py DATA_DIR PORT
Twice on the Kivy thread: ``app.phones.server()``; then reads the home screen's alert, asks a
seat's URL when the server runs, and quits.  Prints "DRIVE-RESULT {json}".
"""

import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run  # noqa: E402

DATA, PORT = Path(sys.argv[1]), sys.argv[2]
out = {"error": None}


def hook(app):
    from kivy.clock import Clock

    def step(_dt):
        try:
            got = [app.phones.server(), app.phones.server()]
            out["running"] = [s is not None and s.running for s in got]
            out["alert"] = app.alert.text if app.alert.opacity else ""
            out["unavailable"] = app.phones.unavailable
            if got[0] is not None:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{got[0].port}/", timeout=5)
                except urllib.error.HTTPError as exc:
                    out["stranger"] = exc.code
        except Exception as exc:  # noqa: BLE001 - reported to the test
            out["error"] = repr(exc)
        app.stop()

    Clock.schedule_once(step, 0.5)


rc = run(["--data", str(DATA), "--windowed", "--phone-port", PORT], app_hook=hook)
out["rc"] = rc
print("DRIVE-RESULT " + json.dumps(out), flush=True)
