"""``tablecup kiosk``: start the table's touchscreen app.

    tablecup kiosk [--data DIR] [--window WxH] [--lang en|fr] [--coordinator URL] [--name "Table 1"]
                   [--phone-port P]

Full-screen by default, at whatever size the screen has; ``--window 1280x720`` opens a window
instead (offscreen, with no screen to fill, the default is an 800x480 window; on X11 the window is
made at the screen's size, :func:`x11_screen_size`).  Every size the
screens use is in dp/sp, and one dp is scaled so that the 800x480 design fills the screen
(:func:`kiosk.scale.ui_scale`).  Without a display it prints one line naming the alternatives and returns 2;
a data folder it cannot write in, or a broken bundled Challengers! file, one line and
:data:`EXIT_DATA_FOLDER` or :data:`EXIT_BAD_DATA` (statuses the systemd unit does not restart on).
Scripts that drive the real app from outside name their modules in ``TABLECUP_KIOSK_PLUGINS``
(:mod:`kiosk.plugins`; ``TABLECUP_KIOSK_HOOK=FILE`` from a checkout).
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from pathlib import Path

from kiosk.scale import DESIGN_SIZE, ui_scale

NO_DISPLAY = ("No display found: run on the Pi's console (KMS/DRM) or a desktop session, "
              "set SDL_VIDEODRIVER=offscreen for tests, or use `tablecup simulate`.")


def default_data_dir() -> Path:
    """The data folder every program uses (:func:`appliance.paths.data_dir`)."""
    from appliance.paths import data_dir
    return data_dir(create=False)


#: Exit status for "the data folder cannot be written" (read-only, not a folder, not this user's):
#: the unit's RestartPreventExitStatus, since a restart two seconds later meets the same folder.
EXIT_DATA_FOLDER = 3


def data_folder_line(data: Path, exc: OSError) -> str:
    """The one line a data folder the kiosk cannot write in gets: the folder, and why."""
    why = exc.strerror or str(exc)
    if exc.filename is not None and Path(exc.filename) != data:
        why = f"{why}: {exc.filename}"
    return (f"tablecup kiosk: cannot use the data folder {data} ({why}); make it writable for this user, "
            "or give another with --data or TABLECUP_DATA")


#: Exit status for "a bundled Challengers! file is broken": the table cannot work without its
#: cards, and a restart reads the same file (the unit does not restart on it either).  The other
#: games' files are read when one of them starts; a broken one is named on the home screen.
EXIT_BAD_DATA = 4


def bad_data_line(exc: Exception) -> str:
    """The one line a broken bundled file gets: the file, the card and the field (the error says them)."""
    return f"tablecup kiosk: the game data is broken, fix or reinstall it: {exc}"


LOCK_NAME = "kiosk.lock"
_lock_fd: int | None = None      # held open (and locked) for the life of the process


def lock_data_folder(data: Path):
    """Take the data folder for this kiosk: None, or who holds it already.

    Two kiosks on one kiosk.db (the systemd service plus a manual start) would both write the
    same game.  An advisory lock (``flock``) on ``kiosk.lock`` in the data folder is held for the
    life of the process; the kernel drops it when the process ends, however it ends, so a
    crash never leaves a stale lock behind."""
    global _lock_fd
    import fcntl
    fd = os.open(data / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        return f"pid {holder}" if holder.isdigit() else "its lock file is held"
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode("ascii"))
    _lock_fd = fd
    return None


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


def x11_screen_size(environ=None) -> tuple[int, int] | None:
    """The size in pixels of the X server's screen the kiosk will open on, or None when SDL will
    not use X11 here (offscreen, KMS/DRM, Wayland) or the server cannot be asked.

    Full screen on X11 is a request to the window manager (``_NET_WM_STATE_FULLSCREEN``).  Under
    a bare X server (``xinit`` with no window manager, the common kiosk set-up) nobody answers:
    the window stays at the size it was created with while SDL reports the screen's size, so the
    layout was built for 1920x1080 in an 800x480 window.  Creating the window at the screen's
    size, at its top left corner, makes it fill the screen with or without a window manager."""
    env = os.environ if environ is None else environ
    driver = env.get("SDL_VIDEODRIVER", "")
    if driver not in ("", "x11") or not env.get("DISPLAY"):
        return None
    if not driver and env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return None
    import ctypes
    import ctypes.util
    try:
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    except OSError:
        return None
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    for name in ("XDefaultScreen", "XDisplayWidth", "XDisplayHeight", "XCloseDisplay"):
        getattr(xlib, name).argtypes = [ctypes.c_void_p] + ([ctypes.c_int] if name.startswith("XDisplay") else [])
    display = xlib.XOpenDisplay(env["DISPLAY"].encode())
    if not display:
        return None
    try:
        screen = xlib.XDefaultScreen(display)
        size = (int(xlib.XDisplayWidth(display, screen)), int(xlib.XDisplayHeight(display, screen)))
    finally:
        xlib.XCloseDisplay(display)
    return size if min(size) > 0 else None


#: Blocks at least this big (bytes) get pages of their own from the system (glibc's
#: M_MMAP_THRESHOLD), given back when freed.  Just above 64 KB: Mesa's software renderer
#: (llvmpipe) keeps each frame's drawing commands in blocks of 64 KB and a few bytes, about 40
#: of them for a 1920x1080 frame, freed when the frame is drawn; with pages of their own they
#: were mapped, faulted in page by page and unmapped again at every frame.
OWN_PAGES_FROM = 72 * 1024
#: Free memory at the top of the heap kept for the next frame (glibc's M_TRIM_THRESHOLD;
#: 128 KB once the threshold above is set): the next frame's blocks take it again (about
#: 2.6 MB at 1920x1080).
KEEP_HEAP_TOP = 4 * 2**20


def give_back_large_blocks() -> bool:
    """Text textures and the surfaces they are drawn on (50 KB to 1 MB at 1920x1080, of every
    size) come and go at each reveal.  In the shared heap their freed space was left in pieces
    that later blocks of other sizes could not use: the heap grew by about 30 MB in a few
    matches.  With pages of their own they go back to the system when freed.  Blocks that come
    and go at every frame stay in the heap, and so does the free space they leave at its top
    (:data:`OWN_PAGES_FROM`, :data:`KEEP_HEAP_TOP`).  False where the C library is not glibc
    (nothing changes there)."""
    import ctypes
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
    return bool(mallopt(M_MMAP_THRESHOLD, OWN_PAGES_FROM)) and bool(mallopt(M_TRIM_THRESHOLD, KEEP_HEAP_TOP))


def parse_size(text: str) -> tuple[int, int]:
    """"1280x720" -> (1280, 720); ValueError with the reason otherwise."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"expected WxH such as 1280x720, not {text!r}") from None
    if not (200 <= w <= 10000 and 200 <= h <= 10000):
        raise ValueError(f"{text!r}: each side must be 200 to 10000 pixels")
    return w, h


def parse(argv):
    ap = argparse.ArgumentParser(prog="tablecup kiosk", description="The Tablecup touchscreen table.")
    from appliance.paths import DATA_RULE
    ap.add_argument("--data", type=Path, default=None, help=f"data folder (default: {DATA_RULE})")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--window", metavar="WxH", default=None,
                   help="open a window of this size (e.g. 1280x720) instead of filling the screen")
    g.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None,
                   help="fill the screen (the default, except offscreen)")
    # Older spellings, kept for scripts: --windowed [--size WxH] is --window WxH.
    g.add_argument("--windowed", dest="fullscreen", action="store_false", help=argparse.SUPPRESS)
    ap.add_argument("--size", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--lang", type=_lang, default=None, metavar="en|fr",
                    help="the language at start (any language with compiled catalogues: the pseudo-locale "
                         "qps too)")
    ap.add_argument("--coordinator", default=None, metavar="URL",
                    help="the coordinator's address, e.g. http://192.168.1.20:8470 (default: coordinator.toml "
                         "in the config folder, else mDNS _tablecup._tcp)")
    ap.add_argument("--name", default=None, help="this table's name when pairing (default: Table)")
    ap.add_argument("--phone-port", type=_port, default=8471, metavar="P",
                    help="the TCP port phones taking seats connect to (default 8471; in use: no phone seats)")
    return ap.parse_args(argv)


def _lang(text: str) -> str:
    from kiosk import i18n
    if text not in i18n.known():
        raise argparse.ArgumentTypeError(f"no compiled catalogues for language {text!r}: "
                                         f"one of {', '.join(sorted(i18n.known()))}")
    return text


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a TCP port is a number from 1 to 65535, not {text!r}")
    return int(text)


def run(argv: list[str], app_hook=None) -> int:
    """``app_hook(app)``, for in-process drivers, runs before the app starts; the plugins
    named in the environment (:mod:`kiosk.plugins`) are attached once it is built."""
    args = parse(argv)
    size_arg = args.window or args.size
    try:
        w, h = parse_size(size_arg) if size_arg else DESIGN_SIZE
    except ValueError as exc:
        print(f"tablecup kiosk: {'--window' if args.window else '--size'}: {exc}", file=sys.stderr)
        return 2
    if not display_available():
        print(NO_DISPLAY)
        return 2
    from kiosk import fonts
    try:
        font_paths = fonts.find()
    except fonts.FontMissing as exc:
        print(f"tablecup kiosk: {exc}", file=sys.stderr)
        return 1
    data = (args.data or default_data_dir()).expanduser()
    try:
        data.mkdir(parents=True, exist_ok=True)
        other = lock_data_folder(data)
    except OSError as exc:
        print(data_folder_line(data, exc), file=sys.stderr)
        return EXIT_DATA_FOLDER
    if other is not None:
        print(f"tablecup kiosk: another kiosk is already running on {data} ({other}); "
              "stop it first (e.g. sudo systemctl stop tablecup-kiosk)", file=sys.stderr)
        return 1
    # The table's database, before any window: a damaged file is set aside (the home screen
    # says so); one that cannot be used as it is gets one line, not a traceback.
    from appliance.config import DataFileError
    from engine.errors import GameDataError
    from kiosk.store import NewerDatabase, StorageError, open_store
    try:
        store, set_aside = open_store(data / "kiosk.db")
    except (NewerDatabase, StorageError, OSError) as exc:
        print(f"tablecup kiosk: {exc}", file=sys.stderr)
        return 1
    except (GameDataError, DataFileError) as exc:     # an old database's migration reads the cards
        print(bad_data_line(exc), file=sys.stderr)
        return EXIT_BAD_DATA
    give_back_large_blocks()
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
    if args.window:
        fullscreen = False
    elif fullscreen is None:
        # A table's screen is the kiosk's alone, on the Pi's console as on a desktop; offscreen
        # (tests) there is no screen to fill.
        fullscreen = os.environ.get("SDL_VIDEODRIVER") not in ("offscreen", "dummy")
    screen = x11_screen_size() if fullscreen else None
    if screen is not None:
        # Made at the screen's size, in its corner, without a frame: full screen even when no
        # window manager answers the request (x11_screen_size).
        w, h = screen
        Config.set("graphics", "position", "custom")
        Config.set("graphics", "left", "0")
        Config.set("graphics", "top", "0")
        Config.set("graphics", "borderless", "1")
    Config.set("graphics", "width", str(w))
    Config.set("graphics", "height", str(h))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "0")
    Config.set("kivy", "exit_on_escape", "0")
    from kiosk import touch
    try:
        touch.configure(Config, os.environ)     # one road for a finger: before the window exists
    except touch.TouchSettingError as exc:
        print(f"tablecup kiosk: {exc}", file=sys.stderr)
        return 2
    from kiosk import rendering
    rendering.configure(Config)
    from kivy.core.window import Window  # creates the window with the config above
    fonts.use(font_paths)
    if not os.environ.get("KIVY_METRICS_DENSITY"):
        from kivy.metrics import Metrics
        # Before any widget exists: every dp()/sp() in the screens is read when they are built.
        Metrics.density = ui_scale(*Window.size)
    from kiosk import unseen
    unseen.install()                     # before any widget: hidden overlays cost no drawing
    rendering.install()                  # before any widget too: no stencil clears
    from kiosk import pace
    pace.install()                       # the loop slows down while the table is at rest
    from kiosk import plugins
    from kiosk.app import TablecupApp
    try:
        # Imported last, like any module that draws: every start-up setting above is in place.
        extensions = plugins.load(os.environ)
    except plugins.PluginError as exc:
        # Kivy's logger holds sys.stderr by now (and drops it without a console log).
        print(f"tablecup kiosk: {exc}", file=sys.__stderr__)
        return 2
    app = TablecupApp(data, lang=args.lang, coordinator=args.coordinator, name=args.name, store=store,
                      set_aside=set_aside, phone_port=args.phone_port)
    plugins.attach_on_start(app, extensions)
    if app_hook is not None:
        app_hook(app)
    try:
        app.run()
    except (GameDataError, DataFileError) as exc:     # Challengers!' cards, loaded as the app builds
        # Kivy has taken sys.stderr over for its log by now: the line goes to the real one.
        print(bad_data_line(exc), file=sys.__stderr__ or sys.stderr, flush=True)
        return EXIT_BAD_DATA
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
