"""The real kiosk app on a real X server (DISPLAY set, not offscreen), full screen as a kiosk
starts: what the window system made of the window, and Home in it.

Run as a subprocess:  python drive_x11.py DATA_DIR ARTIFACTS_DIR
Once Home has been drawn (and a moment more for the window system to answer), writes the window's
geometry as the X server has it (``xwininfo``), the screen's root picture (``xwd``, as RGBA
bytes in ``root.rgba``), Kivy's own view of the window and the window boxes of Home's widgets;
prints "X11-RESULT {json}".
"""

from __future__ import annotations

import re
import struct
import subprocess

from app_driver import Driver, arguments, run_app, walk

DATA, ART, _mode, _arg = arguments()
out: dict = {"error": None}


def x_window_geometry(title: str) -> dict:
    """The top-level window called ``title`` as the X server has it: {"size": [w, h], "pos": [x, y]}."""
    tree = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True, check=True).stdout
    m = re.search(r'"' + re.escape(title) + r'".*?(\d+)x(\d+)\+(-?\d+)\+(-?\d+)', tree)
    if m is None:
        raise RuntimeError(f"no window {title!r} on the X server:\n{tree}")
    w, h, x, y = map(int, m.groups())
    return {"size": [w, h], "pos": [x, y]}


def xwd_to_rgba(data: bytes) -> tuple[int, int, bytes]:
    """An ``xwd`` picture of a TrueColor screen (24 or 32 bits a pixel) as (width, height, RGBA
    rows, top row first)."""
    header = struct.unpack(">25I", data[:100])
    header_size, width, height = header[0], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = header[7], header[11], header[12], header[19]
    n = bits_per_pixel // 8
    if n not in (3, 4):
        raise RuntimeError(f"xwd: {bits_per_pixel} bits per pixel, this reader knows 24 and 32")
    start = header_size + 12 * ncolors
    rows = []
    for y in range(height):
        line = data[start + y * bytes_per_line:start + y * bytes_per_line + width * n]
        if byte_order == 0:           # LSBFirst: B, G, R (, X)
            b, g, r = line[0::n], line[1::n], line[2::n]
        else:                         # MSBFirst: (X,) R, G, B
            r, g, b = line[n - 3::n], line[n - 2::n], line[n - 1::n]
        px = bytearray(width * 4)
        px[0::4], px[1::4], px[2::4], px[3::4] = r, g, b, b"\xff" * width
        rows.append(bytes(px))
    return width, height, b"".join(rows)


def outside(screen, width: int, height: int) -> list[str]:
    """The visible widgets of ``screen`` that reach out of a ``width`` x ``height`` window."""
    found = []
    for w in walk(screen):
        if w.width < 1 or w.height < 1 or getattr(w, "opacity", 1) <= 0.01:
            continue
        xs, ys = zip(*(w.to_window(px, py) for px, py in ((w.x, w.y), (w.right, w.top))))
        if min(xs) < -1 or min(ys) < -1 or max(xs) > width + 1 or max(ys) > height + 1:
            found.append(f"{type(w).__name__} {min(xs):.0f},{min(ys):.0f}-{max(xs):.0f},{max(ys):.0f}")
    return found


def root_picture(name: str) -> None:
    """The X screen's picture now (``xwd``): ``NAME.rgba`` (raw RGBA) and ``x11-NAME-root.png``."""
    from PIL import Image
    raw = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    width, height, rgba = xwd_to_rgba(raw)
    (ART / f"{name}.rgba").write_bytes(rgba)
    out["root_size"] = [width, height]
    Image.frombytes("RGBA", (width, height), rgba).save(ART / f"x11-{name}-root.png")


def hook(app):
    d = Driver(app, out, ART)

    def script():
        yield 1.5                    # the first frames drawn, the window system's answers read
        from kivy.core.window import Window
        from kivy.metrics import Metrics
        out["screen"] = app.sm.current
        out["kivy_size"] = list(Window.size)
        out["density"] = Metrics.density
        out["x_window"] = x_window_geometry(app.title)
        out["home_outside"] = outside(app.sm.get_screen("home"), *out["x_window"]["size"])
        out["home_widgets"] = sum(1 for _ in walk(app.sm.get_screen("home")))
        d.shot("x11-home-kivy")
        root_picture("home")
        # A game on the table: Between Battle against a bot, its screen in the same window.
        app.start_table("between", "solo", seed=3)
        yield 1.5
        out["game_screen"] = app.sm.current
        out["game_outside"] = outside(app.sm.current_screen, *out["x_window"]["size"])
        d.shot("x11-between-kivy")
        root_picture("between")
        d.finish()

    d.follow(script(), first=0.5)


if __name__ == "__main__":
    run_app(["--data", str(DATA)], hook, out, "X11-RESULT")
