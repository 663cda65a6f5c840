"""The table's icons: each one's SVG, pictures and credit are there, and the pictures are what the
table draws (white on transparent, of their size)."""

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image

from kiosk import iconset

ROOT = Path(__file__).resolve().parents[2]


def test_every_icon_has_its_svg_its_pictures_and_its_credit():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "icons.py"), "check"], check=False, capture_output=True,
                       text=True,
                       cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=60)
    assert r.returncode == 0 and not r.stdout, r.stdout + r.stderr
    shipped = {p.stem for p in iconset.SVG.glob("*.svg")}
    assert shipped == set(iconset.ICONS)                       # nothing shipped that nothing names


def test_the_check_names_what_is_missing(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import icons as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    monkeypatch.setitem(iconset.ICONS, "vehicle-rocket", iconset.Icon("lorc", "rocket"))
    found = tool.problems()
    assert any("no kiosk/icons/svg/vehicle-rocket.svg" in line for line in found)
    assert any("CREDITS.md does not credit lorc/rocket" in line for line in found)


def test_each_svg_is_a_white_icon_without_the_collections_background():
    for name in iconset.ICONS:
        text = iconset.svg_text(name)
        root = ET.fromstring(text)
        assert root.get("viewBox") == "0 0 512 512", name
        paths = root.findall("{http://www.w3.org/2000/svg}path")
        assert paths and all(p.get("fill") == "#fff" for p in paths), name
        assert 'd="M0 0h512v512H0z"' not in text, name


def test_each_picture_is_white_on_transparent_at_its_size():
    for name in iconset.ICONS:
        for size in iconset.SIZES:
            image = Image.open(iconset.png_path(name, size)).convert("RGBA")
            assert image.size == (size, size), (name, size)
            assert image.getpixel((0, 0))[3] == 0, (name, size)          # a corner is transparent
            inked = [px for px in image.getdata() if px[3] > 200]
            assert len(inked) > size * size // 20, (name, size)           # the icon is drawn
            assert all(min(px[:3]) > 200 for px in inked), (name, size)   # in white


def test_a_picture_is_the_smallest_at_least_the_size_asked():
    assert iconset.picture("vehicle-car", 40) == iconset.png_path("vehicle-car", 48)
    assert iconset.picture("vehicle-car", 49) == iconset.png_path("vehicle-car", 96)
    assert iconset.picture("vehicle-car", 500) == iconset.png_path("vehicle-car", 192)
    assert iconset.picture("vehicle-rocket", 48) is None and iconset.svg_text("../secrets") is None
