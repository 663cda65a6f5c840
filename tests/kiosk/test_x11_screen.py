"""The kiosk full screen on a bare X server (Xvfb, no window manager: the ``xinit`` kiosk set-up).

Before: full screen was only asked of a window manager; with none the window stayed 800x480 in
the middle of a 1920x1080 screen while the layout was made for 1920x1080, so a corner of Home
showed in a black screen.  Now the window is made at the screen's size: the X server's window
is the screen, Kivy lays out for that size, every widget of Home lies in it and the screen's
own picture has no black band; a game's screen (Between Battle) too.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fit_check import black_bands
from kiosk_helpers import ROOT, artifacts_dir

XVFB = shutil.which("Xvfb")
TOOLS = all(shutil.which(t) for t in ("xwininfo", "xwd"))
pytestmark = pytest.mark.skipif(XVFB is None or not TOOLS,
                                reason="Xvfb, xwininfo or xwd is missing (apt-get install xvfb x11-utils x11-apps)")


@pytest.fixture
def bare_x_server(tmp_path):
    """An X server with a 1920x1080 screen and no window manager, black where nothing is drawn;
    its DISPLAY."""
    proc = subprocess.Popen([XVFB, "-displayfd", "1", "-screen", "0", "1920x1080x24", "-br", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        number = proc.stdout.readline().strip()       # Xvfb writes its display's number once it listens
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.slow
def test_full_screen_without_a_window_manager_is_the_whole_screen(tmp_path, bare_x_server):
    art = artifacts_dir() / "x11"
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    # SDL on X11, as with DISPLAY alone (said outright: the drive scripts default to offscreen).
    env.update({"DISPLAY": bare_x_server, "SDL_VIDEODRIVER": "x11", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                "TABLECUP_CONFIG": str(tmp_path / "config")})
    started = time.monotonic()
    p = subprocess.run([sys.executable, str(Path(__file__).parent / "drive_x11.py"), str(tmp_path / "data"), str(art)],
                       check=False, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    line = [x for x in p.stdout.splitlines() if x.startswith("X11-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-3000:]
    r = json.loads(line[-1][len("X11-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["screen"] == "home"
    # The window the X server has is the whole screen, and Kivy lays out for that same size.
    assert r["x_window"] == {"size": [1920, 1080], "pos": [0, 0]}, r["x_window"]
    assert r["kivy_size"] == [1920, 1080]
    assert r["density"] == 2.25
    # Every widget of Home, and of a game's screen, lies inside the window.
    assert r["home_outside"] == [] and r["home_widgets"] > 20, r["home_outside"][:5]
    assert r["game_screen"] != "home" and r["game_outside"] == [], (r["game_screen"], r["game_outside"][:5])
    # The screen as the X server shows it: no black band left unfilled, on Home or in the game.
    width, height = r["root_size"]
    assert (width, height) == (1920, 1080)
    for name in ("home", "between"):
        assert black_bands((art / f"{name}.rgba").read_bytes(), width, height) == [], name
    print(f"bare X server: Home full screen in {time.monotonic() - started:.1f} s")
