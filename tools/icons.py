"""The table's icons: taken from the game-icons.net collection, drawn white on transparent.

    python tools/icons.py import CHECKOUT   # copy the icons named below from a checkout of
                                            # https://github.com/game-icons/icons into kiosk/icons/svg/
    python tools/icons.py render [NAME...]  # kiosk/icons/svg/*.svg -> kiosk/icons/png/NAME-SIZE.png
                                            # (only the icons named, when some are)
    python tools/icons.py check             # every icon has its SVG, its pictures and its credit

(with the project's Python, ``.venv/bin/python``, which imports ``kiosk``).

The kiosk draws pictures (textures), the phone page the SVGs.  The pictures are rendered here,
once, by headless Chromium (the tests' browser; Kivy's own SVG reader misdraws arcs), at the
sizes in :data:`kiosk.iconset.SIZES`, and committed: neither the kiosk nor its installation
renders anything.  ``check`` runs in the tests.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from kiosk.iconset import ICONS, PNG, SIZES, SVG, png_path

ROOT = Path(__file__).resolve().parents[1]

#: The collection's background square, left out: the table draws the icon on its own colours.
_BACKGROUND = '<path d="M0 0h512v512H0z"/>'
_CHROMIUM = ("chromium", "chromium-browser", "google-chrome")


def import_icons(checkout: Path) -> None:
    """Copy each icon of :data:`ICONS` from a game-icons checkout, background removed."""
    SVG.mkdir(parents=True, exist_ok=True)
    for name, icon in ICONS.items():
        source = checkout / icon.author / f"{icon.source}.svg"
        text = source.read_text(encoding="utf-8")
        if _BACKGROUND not in text or 'fill="#fff"' not in text:
            raise SystemExit(f"{source}: not the collection's usual form (a background square, a white path)")
        (SVG / f"{name}.svg").write_text(text.replace(_BACKGROUND, ""), encoding="utf-8")
        print(f"{name}: {icon.author}/{icon.source}.svg")


def _browser() -> str:
    for name in _CHROMIUM:
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("rendering needs Chromium (apt-get install chromium)")


def render(names: list[str] | None = None) -> None:
    """Each SVG (of ``names``, or every icon) as a PNG of every size in :data:`SIZES`, through one
    headless Chromium screenshot per picture (a page holding the icon alone, on a transparent
    background).  Naming only new icons leaves the pictures already committed as they are."""
    unknown = [n for n in names or () if n not in ICONS]
    if unknown:
        raise SystemExit(f"not icons of kiosk/iconset.py: {', '.join(unknown)}")
    browser = _browser()
    PNG.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names or ICONS:
            for size in SIZES:
                page = Path(tmp) / f"{name}-{size}.html"
                page.write_text(f'<html><body style="margin:0;background:transparent">'
                                f'<img src="{(SVG / f"{name}.svg").as_uri()}" width="{size}" height="{size}">'
                                f"</body></html>", encoding="utf-8")
                out = png_path(name, size)
                subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                "--default-background-color=00000000", f"--window-size={size},{size}",
                                f"--screenshot={out}", page.as_uri()],
                               check=True, capture_output=True, timeout=120)
                print(out.relative_to(ROOT))


def problems() -> list[str]:
    """What is missing: an SVG, a picture, a credit (one line each)."""
    out = []
    credits = (ROOT / "kiosk" / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    for name, icon in ICONS.items():
        if not (SVG / f"{name}.svg").is_file():
            out.append(f"{name}: no kiosk/icons/svg/{name}.svg (python tools/icons.py import CHECKOUT)")
        for size in SIZES:
            if not png_path(name, size).is_file():
                out.append(f"{name}: no {png_path(name, size).relative_to(ROOT)} (python tools/icons.py render)")
        if not re.search(rf"`{re.escape(name)}`.*{re.escape(icon.author)}/{re.escape(icon.source)}", credits):
            out.append(f"{name}: kiosk/icons/CREDITS.md does not credit {icon.author}/{icon.source}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("import").add_argument("checkout", type=Path)
    sub.add_parser("render").add_argument("names", nargs="*")
    sub.add_parser("check")
    args = parser.parse_args(argv)
    if args.command == "import":
        import_icons(args.checkout)
    elif args.command == "render":
        render(args.names)
    else:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
