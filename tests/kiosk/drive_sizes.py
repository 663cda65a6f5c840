"""Every screen of the real app at one window size, in English then French: every text fits
its widget and no band of the window is left black (tests/kiosk/fit_check.py).

    python drive_sizes.py DATA_DIR SHOTS_DIR WxH   ->   "SIZES-RESULT {...}"

Screens: home, operator (PIN pad, then the settings), the players' settings, the name keyboard,
the rules reference of each game, join, park (seats and standings of an
8-player tournament), the Deck Phase (option, pick, a pick to take back with Redraw asking,
removal), the match with a choice panel open, the match log, the match's last state, and the result.  A
screen's picture goes to SHOTS_DIR as NAME-WxH-LANG.png when TABLECUP_SCREENSHOTS=1 asks for
them, or when it shows a black band.
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from app_driver import Driver
from registered import kiosk_games

from kiosk.main import run

DATA, SHOTS, SIZE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
W, H = (int(x) for x in SIZE.split("x"))
out = {"size": [W, H], "window": None, "screens": {}, "error": None}
SEED = 7                 # a 2-player game whose first match asks to arrange 3 cards (6 options)


def park_view():
    """What the coordinator shows for round 3 of an 8-player tournament (for the park screen)."""
    names = ["Anne-Sophie", "Bartholomew", "Chloé", "Dimitri", "Éloïse", "François", "Gwendolyn", "Hugo"]
    seats = [{"name": n, "park": 1 + k // 2, "side": "light" if k % 2 == 0 else "dark"} for k, n in enumerate(names)]
    rows = [{"rank": k + 1, "name": n, "fan_tokens": 12 - k, "trophy_rounds": [1, 2] if k < 2 else [],
             "fans": None} for k, n in enumerate(names)]
    return {"seats": seats}, rows


class _Failures:
    """Errors logged while the screens draw (a listener that failed draws nothing)."""

    level = 40

    def __init__(self):
        import logging

        class Handler(logging.Handler):
            def emit(handler, record):
                out["logged_errors"].append(record.getMessage() + (" " + repr(record.exc_info[1])
                                                                   if record.exc_info else ""))
        logging.getLogger("tablecup").addHandler(Handler(logging.ERROR))


out["logged_errors"] = []
_Failures()


def hook(app):
    from fit_check import black_bands, box_tall_textures, covered, help_buttons, text_faults
    from kivy.core.window import Window

    from kiosk.park_screen import seats_text, standings_text

    def look(name, picture=True):
        """Check what is on screen now.  Texts are checked in both languages; the picture (read
        back from the GPU, slow in software GL) for black bands in English, and in French too
        when TABLECUP_SCREENSHOTS=1 asks for every picture (``picture=False``: texts only, for
        screens made like one already pictured).  The picture is written as a PNG when
        TABLECUP_SCREENSHOTS=1 asks, or when it shows a black band (to see why)."""
        lang = app.lang
        key = f"{name}-{lang}"
        faults = text_faults(app.root, Window.size)
        bands = []
        if picture and (lang == "en" or os.environ.get("TABLECUP_SCREENSHOTS") == "1"):
            tex = app.root.export_as_image().texture
            pixels = bytes(tex.pixels)
            bands = black_bands(pixels, tex.width, tex.height)
            if bands or os.environ.get("TABLECUP_SCREENSHOTS") == "1":
                from PIL import Image
                SHOTS.mkdir(parents=True, exist_ok=True)
                Image.frombytes("RGBA", (tex.width, tex.height), pixels).save(
                    SHOTS / f"{name}-{W}x{H}-{lang}.png", compress_level=3)
        covers = covered(help_buttons(app), app.sm.current_screen, Window.size)
        out["screens"][key] = {"faults": faults, "bands": bands, "covers": covers,
                               "tall": box_tall_textures(app.root), "screen": app.sm.current}

    def deck_step(c):
        for half in (0, 1):
            dp = c.deck_phase_at(half)
            if dp is None or dp.stage == "done":
                continue
            act = {"option": "deck.option", "pick": "deck.pick", "choose": "deck.choose"}.get(dp.stage)
            if act is not None:
                c.submit(half, act, 0)
            else:
                c.submit(half, "deck.done")
            return True
        return False

    def deck_stage(c):
        dp = c.deck_phase_at(0)
        return dp.stage if dp is not None else None

    def match_step(c):
        """One move of the match; False at a choice (left open) or once it is over."""
        m = c.match
        if m is None or c.result is not None or c.t.phase not in ("match", "final"):
            return False
        kind, side = m.expect
        if kind == "toss":
            c.submit(None, "match.toss")
        elif kind == "reveal":
            c.submit(c.half_of(side), "match.reveal")
        else:
            return False
        return True

    def script():
        out["window"] = list(Window.size)
        yield 0.4
        for lang in ("en", "fr"):
            app.set_setting("lang", lang)
            c = app.controller
            c.close_game()
            yield 0.05
            look("home")
            if lang == "en":
                from kiosk.palette import PALETTE
                PALETTE.use("colour-blind")          # the settings' other palette: every bound colour follows
                yield 0.05
                look("home-colour-blind")
                PALETTE.use("standard")
            app.show_operator()
            yield 0.05
            look("operator")
            op = app.sm.get_screen("operator")
            app.store.put("pin", "1234")     # as on first use: the default PIN asks for a new one
            op.type_pin("1234")
            yield 0.05
            look("operator-new-pin")
            op.type_pin("2468")
            yield 0.05
            look("operator-settings")
            app.leave_operator()
            app.chrome.show_settings()
            yield 0.05
            look("settings")
            app.chrome.leave_settings()
            app.chrome.names_entry.open(0)
            for ch in "Éloïse-Anne":
                app.chrome.names_entry.type(ch)
            yield 0.05
            look("names")
            app.chrome.names_entry.cancel()
            for game in kiosk_games():
                app.chrome.help.ids.page.open(game, lang)
                yield 0.05
                look(f"rules-{game}", picture=game in ("challengers", "between"))
            app.chrome.help.close()
            app.sm.current = "join"
            scr = app.sm.get_screen("join")
            scr.entered = "1234"
            scr.message = app.t("pin_six")
            scr.status = app.t("connecting")
            yield 0.05
            look("join")
            app.sm.current = "park"
            park = app.sm.get_screen("park")
            view, rows = park_view()
            park.headline = (f"Café Cup · {app.t('park_n', park=2)} · {app.t('round', round=3)}\n"
                             f"{app.t('take_seats')}")
            park.seats = seats_text(view, 2, app.tr_fn, lang)
            park.table = standings_text(rows, app.tr_fn, lang)
            park.status = f"{app.t('online')} · {app.t('outbox', n=2)} · Table 4 (kiosk 3)"
            park.can_go = True
            yield 0.05
            look("park")
            app.sm.current = "home"
            c.new_game(("Light", "Dark"), seed=SEED)
            seen = set()
            for _ in range(200):
                stage = deck_stage(c)
                if stage in ("option", "pick", "remove") and stage not in seen:
                    seen.add(stage)
                    yield 0.05
                    look("deck-" + stage)
                dp = c.deck_phase_at(0)
                if dp is not None and dp.stage == "pick" and dp.can_undo() and "undo" not in seen:
                    # A pick to take back (Undo shown) and Redraw asking on its first tap.
                    seen.add("undo")
                    half = app.sm.get_screen("deck").ids.light
                    half.redraw_armed = True
                    yield 0.05
                    look("deck-undo")
                    half.redraw_armed = False
                if not deck_step(c):
                    break
            out["deck_stages"] = sorted(seen - {"undo"})
            out["deck_undo_seen"] = "undo" in seen
            for _ in range(400):
                if not match_step(c):
                    break
            m = c.match
            out["choice"] = m is not None and m.expect[0] == "choose"
            if out["choice"]:
                yield 0.05
                look("match-choice")
            scr = app.sm.get_screen("match")
            scr.open_log()
            yield 0.05
            look("match-log")
            scr.ids.log_page.close()
            # Play on (first options) to the match's end.
            for _ in range(2000):
                if c.result is not None or c.t.over:
                    break
                m = c.match
                if m is not None and m.expect[0] == "choose":
                    c.submit(c.half_of(m.pending.player), "match.choose", 0)
                elif not match_step(c):
                    break
            yield 0.05
            look("match-end")
            if app.sm.current == "match" and hasattr(app.sm.get_screen("match"), "dismiss_end"):
                app.sm.get_screen("match").dismiss_end()
                yield 0.05
            look("result")
        app.stop()

    Driver(app, out).follow(script(), 0.2)


run(["--data", str(DATA), "--window", SIZE], app_hook=hook)
print("SIZES-RESULT " + json.dumps(out), flush=True)
