"""``tablecup kiosk``: start the table's touchscreen app.

    tablecup kiosk [--data DIR] [--fullscreen | --windowed] [--size 800x480] [--lang en|fr]
                   [--coordinator URL] [--name "Table 1"]

Without a display it prints one line naming the alternatives and returns 2.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path

NO_DISPLAY = ("No display found: run on the Pi's console (KMS/DRM) or a desktop session, "
              "set SDL_VIDEODRIVER=offscreen for tests, or use `tablecup simulate`.")


def default_data_dir() -> Path:
    """The data folder every program uses (:func:`appliance.paths.data_dir`)."""
    from appliance.paths import data_dir
    return data_dir(create=False)


def display_available(environ=None) -> bool:
    """Can SDL open a screen here?  SDL itself falls back silently to an
    invisible offscreen window, so decide before Kivy starts:
    an explicit SDL_VIDEODRIVER is trusted; else X11/Wayland; else a DRM card
    (the Pi's console) or a framebuffer."""
    env = os.environ if environ is None else environ
    if env.get("SDL_VIDEODRIVER"):
        return True
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return True
    return bool(glob.glob("/dev/dri/card*") or os.path.exists("/dev/fb0"))


def parse(argv):
    ap = argparse.ArgumentParser(prog="tablecup kiosk", description="The Tablecup touchscreen table.")
    from appliance.paths import DATA_RULE
    ap.add_argument("--data", type=Path, default=None, help=f"data folder (default: {DATA_RULE})")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None)
    g.add_argument("--windowed", dest="fullscreen", action="store_false")
    ap.add_argument("--size", default="800x480", help="window size WxH (default 800x480)")
    ap.add_argument("--lang", choices=("en", "fr"), default=None)
    ap.add_argument("--coordinator", default=None, metavar="URL",
                    help="the coordinator's address, e.g. http://192.168.1.20:8470 (default: coordinator.toml "
                         "in the config folder, else mDNS _tablecup._tcp)")
    ap.add_argument("--name", default=None, help="this table's name when pairing (default: Table)")
    return ap.parse_args(argv)


def run(argv: list[str], app_hook=None) -> int:
    """``app_hook(app)``, for tests, runs before the app starts."""
    args = parse(argv)
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WxH such as 800x480, not {args.size!r}", file=sys.stderr)
        return 2
    if not display_available():
        print(NO_DISPLAY)
        return 2
    data = (args.data or default_data_dir()).expanduser()
    data.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("KIVY_HOME", str(data / "kivy"))
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    # The interrupt clock wakes up as soon as another thread schedules something (a GPIO
    # button, the network): with the default clock a press waits for the end of the frame
    # sleep (up to 1/60 s).  Caveat: it never sleeps while an event with timeout <= 0 is
    # pending, so nothing may stay scheduled like that (see kiosk.widgets.FRAME).
    # KIVY_CLOCK=default still picks Kivy's default clock.
    os.environ.setdefault("KIVY_CLOCK", "interrupt")
    from kivy.config import Config
    fullscreen = args.fullscreen
    if fullscreen is None:
        fullscreen = os.environ.get("SDL_VIDEODRIVER") not in ("offscreen", "dummy") and not os.environ.get("DISPLAY")
    Config.set("graphics", "width", str(w))
    Config.set("graphics", "height", str(h))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "0")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,disable_multitouch")
    from kivy.core.window import Window  # noqa: F401  (creates the window with the config above)
    from kiosk.app import TablecupApp
    app = TablecupApp(data, lang=args.lang, coordinator=args.coordinator, name=args.name)
    if app_hook is not None:
        app_hook(app)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
