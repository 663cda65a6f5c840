"""The match log in the real app (offscreen, real touches and keys), 2 players:

the match is played by REVEAL keys to a few reveals, the "Log" button is touched, and the lines
the panel shows are read back with the tournament's events of the match so far; a reveal while
the panel is open adds its line; in French the same panel speaks French; "Close" closes it.

    python drive_matchlog.py DATA_DIR ART_DIR   ->   "MATCHLOG-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, play_deck_phase, touch

from kiosk.main import run

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None}
SEED = 7


def hook(app):
    from kivy.core.window import Window

    def on_window(w):
        """Is the widget's box within the window (and the scrolled panel's view)?"""
        x0, y0 = w.to_window(w.x, w.y)
        x1, y1 = w.to_window(w.right, w.top)
        sv = w.parent.parent
        vx0, vy0 = sv.to_window(sv.x, sv.y)
        vx1, vy1 = sv.to_window(sv.right, sv.top)
        return min(y0, y1) >= min(vy0, vy1) - 1 and max(y0, y1) <= max(vy0, vy1) + 1

    def key(ch):
        Window.dispatch("on_key_down", {" ": 32}.get(ch, ord(ch)), 0, ch, [])
        Window.dispatch("on_key_up", ord(ch), 0)

    def shown_lines(page):
        """The panel's lines in the order they happened (it shows the newest at the top)."""
        return list(reversed(page.shown_lines()))

    def events_so_far(c):
        """The match's events, read straight from the tournament's log (not through the log's code)."""
        log = c.t.log
        start = max(i for i, e in enumerate(log) if e.kind == "match")
        return [[e.kind, e.player, e.card, e.value] for e in log[start + 1:]]

    def play(c, reveals, by_keys=True):
        """Play on by keys (space: toss; a / l: the bottom / top half's REVEAL) and the first
        option; without ``by_keys``, as the other half's player does while the log covers the
        match for this one (keys do not reach a match under its log)."""
        m = c.match
        for _ in range(400):
            if reveals <= 0 or c.result is not None:
                return
            kind, side = m.expect
            if kind == "toss":
                key(" ") if by_keys else c.submit(None, "match.toss")
            elif kind == "reveal":
                key("a" if c.half_of(side) == 0 else "l") if by_keys else c.submit(c.half_of(side), "match.reveal")
                reveals -= 1
            elif kind == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
            else:
                return

    def script():
        c = app.controller
        c.new_game(("Light", "Dark"), seed=SEED)
        play_deck_phase(c)
        yield 0.4
        scr = app.sm.get_screen("match")
        page = scr.ids.log_page
        button = scr.ids.mid_light.ids.log_button          # the bottom half's, at its right hand
        out["button"] = {"opacity": button.opacity, "text": button.text}
        touch(button)                                   # before the toss: nothing yet
        yield 0.3
        out["empty"] = {"shown": page.shown, "lines": shown_lines(page)}
        touch(page.ids.close)
        yield 0.3
        play(c, 9)
        yield 0.4
        n_actions = len(c.t.actions)
        touch(button)
        yield 0.4
        out["open"] = {"shown": page.shown, "lines": shown_lines(page), "events": events_so_far(c),
                       "names": [p.name for p in c.t.players],
                       "cards": {e[2]: c.lib.catalogue.card(e[2]).name for e in events_so_far(c) if e[2]}}
        app.save_screenshot(ART / "match-log.png")
        out["top_line_seen"] = on_window(page.ids.lines.children[-1])
        # Touches on the open panel do not reach the match: a touch where REVEAL is does nothing.
        touch(scr.ids.light.ids.reveal)
        touch(scr.ids.dark.ids.reveal)
        out["actions_while_open"] = len(c.t.actions) - n_actions
        play(c, 1, by_keys=False)                       # the match goes on underneath
        yield 0.4
        out["live"] = {"lines": shown_lines(page), "events": events_so_far(c)}
        app.set_setting("lang", "fr")
        yield 0.3
        scr = app.sm.get_screen("match")
        page = scr.ids.log_page
        if not page.shown:
            touch(scr.ids.mid_light.ids.log_button)
            yield 0.4
        out["french"] = {"lines": shown_lines(page), "title": page.ids.title.text}
        app.save_screenshot(ART / "match-log-fr.png")
        touch(page.ids.close)
        yield 0.3
        out["closed"] = {"shown": page.shown, "opacity": page.opacity}
        touch(scr.ids.mid_dark.ids.log_button)          # the top half's: the page faces its player
        yield 0.3
        out["top_half"] = {"shown": page.shown, "turned": page.turned}
        touch(page.ids.close)
        yield 0.3
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("MATCHLOG-RESULT " + json.dumps(out, ensure_ascii=False), flush=True)
