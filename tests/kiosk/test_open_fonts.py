"""Fonts the text renderer keeps open (``kiosk.fonts.share_open_fonts``) and font sizes tried
while fitting a line (``kiosk.widgets.largest_font``).

Kivy's SDL2 renderer opens a font at the whole pixel size and keeps up to 64 of them open, each
holding its file open: the files open in the process count the fonts.  Each script runs in a
process of its own (offscreen Kivy: the window gives TextLine its textures).
"""

import json
import subprocess
import sys

from kiosk_helpers import ROOT, kiosk_env

OPEN_FONTS = """
import json, os, sys
from kivy.core.text import Label as CoreLabel
from kiosk import fonts
paths = fonts.find()
from kivy.core.text import DEFAULT_FONT, LabelBase
LabelBase.register(DEFAULT_FONT, fn_regular=str(paths["regular"]), fn_bold=str(paths["bold"]))
if sys.argv[1] == "shared":
    assert fonts.share_open_fonts()

def open_fonts():
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            count += os.readlink(f"/proc/self/fd/{fd}").endswith("DejaVuSans.ttf")
        except OSError:                  # the listing's own descriptor, closed by now
            pass
    return count

def pixels(size):
    label = CoreLabel(text="Pony -> bottom of deck", font_size=size)
    label.resolve_font_name()
    label._size = label.render()
    label._render_begin()
    label._render_text(label.text, 0, 0)
    return label._size, bytes(label._render_end().data)

before = open_fonts()
drawn = [pixels(size) for size in (33, 33.0, 33.75, 34)]
print(json.dumps({"opened": open_fonts() - before, "same_33": drawn[0] == drawn[1] == drawn[2],
                  "differs_34": drawn[0] != drawn[3]}))
"""

FITTING = """
import json
from kivy.core.window import Window
from kiosk import fonts
fonts.use(fonts.find())
from kiosk import widgets
from kiosk.widgets import MIN_FONT, TextLine, largest_font, text_extent

agree, tries = True, []
for smallest, largest in ((7, 30), (7, 7), (10, 11), (5, 64)):
    for limit in range(smallest - 2, largest + 3):
        tried = []
        def fits(size):
            tried.append(size)
            return size <= limit
        got = largest_font(smallest, largest, fits)
        agree &= got == max(smallest, min(limit, largest))
        agree &= all(smallest <= s <= largest for s in tried)
        tries.append(len(tried))

# A line of text shrinks to the largest size whose wrapped height fits, as one pixel at a time would.
text = "Robot's bench is full: 7 names for 6 seats"
lines = {}
for height in (0, 12, 25, 40, 90):
    line = TextLine(text=text, font_size=30, size=(220, height))
    line.update()
    step = 30
    while step > MIN_FONT and text_extent(text, step, 220)[1] > height:
        step -= 1
    lines[height] = [line._t.font, step]
print(json.dumps({"agree": agree, "most_tries": max(tries), "lines": lines}))
"""


def run(script, *args):
    p = subprocess.run([sys.executable, "-c", script, *args], check=False, env={**kiosk_env(), "KIVY_NO_ARGS": "1"},
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0, (p.stdout + p.stderr)[-3000:]
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_sizes_that_open_the_same_font_share_it():
    plain = run(OPEN_FONTS, "plain")
    shared = run(OPEN_FONTS, "shared")
    # Kivy alone opens 33 px three times for 33, 33.0 and 33.75; shared, once (and 34 once).
    assert plain["opened"] == 4
    assert shared["opened"] == 2
    # The same font: the same pixels.
    assert shared["same_33"] and plain["same_33"]
    assert shared["differs_34"]


def test_a_line_shrinks_by_halving_to_the_size_one_pixel_at_a_time_finds():
    r = run(FITTING)
    assert r["agree"]
    assert r["most_tries"] <= 7            # 60 sizes from 5 to 64 px: 1 + 6 halvings
    for height, (chosen, one_at_a_time) in r["lines"].items():
        assert chosen == one_at_a_time, height
    assert r["lines"]["0"][0] == 7                        # nothing fits: the smallest size
    assert len({chosen for chosen, _ in r["lines"].values()}) >= 3   # the heights ask for different sizes
