"""Readable cards in the real app (offscreen, real touches), 2 players:

- a finger held on a card of the Deck Phase's draw enlarges it on that half, facing that
  half's player, with the card's whole text at 14 sp or more, and picks nothing; lifted, the
  enlarged card goes; a tap on that half while it shows hides it; a short tap still picks;
- the same on the top half (turned 180°), and in the match on a bench seat and on the flag
  card (a small chip that shows no text: the enlarged card has it);
- every card face shows its set's band and symbol.

    python drive_card_hold.py DATA_DIR SHOTS_DIR WxH LANG   ->   "HOLD-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(0, str(Path(__file__).parent))

from app_driver import Driver  # noqa: E402

from kiosk.main import run  # noqa: E402

DATA, SHOTS, SIZE, LANG = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
W, H = (int(x) for x in SIZE.split("x"))
out = {"error": None, "size": [W, H], "lang": LANG}
SEED = 7
HOLD = 0.7            # seconds a finger stays (the card enlarges after kiosk.widgets.HOLD_SECONDS)


def hook(app):
    from kivy.core.window import Window
    from kivy.metrics import Metrics
    from kivy.tests.common import UnitTestTouch

    from kiosk import widgets
    from kiosk.cardtext import card_text
    from kiosk.widgets import CardFace

    def down(face):
        x, y = face.to_window(*face.center)
        t = UnitTestTouch(x, y)
        t.touch_down()
        return t

    def zoom_state(half):
        """What the enlarged card on ``half`` shows, measured on the widget."""
        z = widgets.card_zoom()
        face, holder = z.faces[half], z.holders[half]
        x0, y0 = face.to_window(face.x, face.y)
        x1, y1 = face.to_window(face.right, face.top)
        return {"shown": z.shown[half] is not None, "opacity": holder.opacity, "flipped": holder.flipped,
                "name": face.name, "text": face._body.shown, "want": face.text,
                "text_px": face._body.font, "text_sp": round(face._body.font / (Metrics.density * Metrics.fontscale), 2),
                "faults": face.overflows(),
                "window_box": [round(min(x0, x1)), round(min(y0, y1)), round(max(x0, x1)), round(max(y0, y1))],
                "other_shown": z.shown[1 - half] is not None}

    def bench_faces(scr):
        return [(h, f) for h, side in ((0, scr.ids.light), (1, scr.ids.dark)) for f in side.ids.bench.faces
                if not f.empty and f.width > 8]

    def faces_of(w):
        return [f for f in w.walk(restrict=True) if isinstance(f, CardFace) and not f.empty and f.opacity > 0]

    def script():
        out["px_per_sp"] = Metrics.density * Metrics.fontscale
        app.set_setting("lang", LANG)
        yield 0.1
        c = app.controller
        c.new_game(("Light", "Dark"), seed=SEED)
        yield 0.2
        for half in (0, 1):
            c.submit(half, "deck.option", 0)
        yield 0.3
        deck = app.sm.get_screen(app.sm.current)
        out["screen"] = app.sm.current
        for half, name in ((0, "light"), (1, "dark")):
            dp = c.deck_phase_at(half)
            faces = faces_of(deck.ids[name].ids.body)
            face = max(faces, key=lambda f: len(f.text))       # the longest text of the draw
            before = (len(dp.deck), dp.picks_left)
            ct = face.card[0]
            res = {"face_name": face.name, "card_text": card_text(ct, app.lang), "face_cut": face.text_cut(),
                   "marks": sorted({f.mark().symbol for f in faces if f.mark() is not None}),
                   "face_text_px": [f._body.font for f in faces if f._body.shown]}
            t = down(face)
            yield 0.15
            res["early"] = zoom_state(half)["shown"]          # not yet: a tap may still be a tap
            yield HOLD
            res["held"] = zoom_state(half)
            app.save_screenshot(SHOTS / f"card-hold-{name}-{W}x{H}-{app.lang}.png")
            t.touch_up()
            yield 0.1
            res["released"] = zoom_state(half)
            res["picked_by_hold"] = (len(dp.deck), dp.picks_left) != before
            # Held again, and a second finger taps that half: it goes at once.
            t = down(face)
            yield HOLD
            res["held_again"] = zoom_state(half)["shown"]
            hx, hy = face.to_window(face.x + 2, face.y + 2)
            other = UnitTestTouch(hx, hy)
            other.touch_down()
            other.touch_up()
            yield 0.1
            res["after_tap"] = zoom_state(half)["shown"]
            t.touch_up()
            yield 0.1
            res["picked_after_tap"] = (len(dp.deck), dp.picks_left) != before
            # A short tap still picks.
            t = down(face)
            yield 0.05
            t.touch_up()
            yield 0.2
            dp = c.deck_phase_at(half)
            res["short_tap_picked"] = dp is not None and (len(dp.deck), dp.picks_left) != before
            res["short_tap_zoom"] = zoom_state(half)["shown"]
            out[name] = res
        # On to the match: a bench card and the flag card, held.
        for _ in range(300):
            moved = False
            for half in (0, 1):
                dp = c.deck_phase_at(half)
                if dp is None or dp.stage == "done":
                    continue
                if dp.stage == "pick":          # the longest texts: a bench seat will shorten one
                    c.submit(half, "deck.pick", max(range(len(dp.drawn)), key=lambda i: len(card_text(dp.drawn[i], app.lang))))
                    moved = True
                    break
                act = {"option": "deck.option", "choose": "deck.choose"}.get(dp.stage)
                c.submit(half, act, 0) if act else c.submit(half, "deck.done")
                moved = True
                break
            if not moved:
                break
        yield 0.3
        m = c.match
        scr = app.sm.get_screen("match")
        for _ in range(400):
            if c.result is not None or m is None:
                break
            # Until a bench card shows its text shortened (too long for its seat at 14 sp), once a
            # choice's panel has been held (French texts are cut sooner than the first choice).
            if "panel" in out and m.flag_card is not None and m.expect[0] == "reveal" and bench_faces(scr) and (
                    any(f.text_cut() for _, f in bench_faces(scr)) or min(len(s.deck) for s in m.sides) <= 1):
                break
            kind, side = m.expect
            if kind == "toss":
                c.submit(None, "match.toss")
            elif kind == "reveal":
                c.submit(c.half_of(side), "match.reveal")
            elif kind == "choose":
                half = c.half_of(m.pending.player)
                side = scr.ids.light if half == 0 else scr.ids.dark
                seated = [f for f in side.ids.bench.faces if not f.empty and f.width > 8]
                if "panel" not in out and seated:
                    # A finger held on the open choice panel (its title row), over a bench
                    # card: no enlargement.
                    yield 0.3
                    title = side.ids.choice_title
                    cx, cy = seated[0].center_x, title.center_y
                    under = [f.name for f in side.ids.bench.faces if not f.empty and f.collide_point(cx, cy)]
                    t = UnitTestTouch(*title.to_window(cx, cy))
                    t.touch_down()
                    yield HOLD
                    out["panel"] = {"under": under, "zoom": zoom_state(half)["shown"],
                                    "panel_open": side._panel_on}
                    t.touch_up()
                    yield 0.1
                    out["panel"]["choice_still"] = c.match.expect[0] == "choose"
                c.submit(half, "match.choose", 0)
        yield 0.4
        out["match_screen"] = app.sm.current
        for what, half, face in (
                ("bench", *max(bench_faces(scr), key=lambda hf: (hf[1].text_cut(), len(hf[1].text)))),
                ("flag", 0, scr.ids.mid_light.ids.flag_card)):
            n = len(c.t.actions)
            t = down(face)
            yield HOLD
            st = zoom_state(half)
            st["face_text"] = face.text
            st["face_shown"] = face._body.shown
            st["face_cut"] = face.text_cut()
            st["compact"] = face.compact
            st["card_text"] = card_text(face.card[0], app.lang)
            st["power"] = (face.power, widgets.card_zoom().faces[half].power)
            app.save_screenshot(SHOTS / f"card-hold-{what}-{W}x{H}-{app.lang}.png")
            t.touch_up()
            yield 0.1
            st["released"] = zoom_state(half)["shown"]
            st["actions_added"] = len(c.t.actions) - n
            out[what] = st
        # Every face on the match screen carries its set's band.
        out["match_marks"] = sorted({f.mark().symbol for f in faces_of(scr) if f.mark() is not None})
        out["match_unmarked"] = [f.name for f in faces_of(scr) if f.mark() is None]
        app.save_screenshot(SHOTS / f"card-sets-{W}x{H}-{app.lang}.png")
        from kiosk.palette import PALETTE
        def bands():
            """[(drawn band colour, the mark's colour in the palette now)] of the match's faces."""
            return [(list(map(lambda v: round(v, 3), f._stripes[0][0].rgba)),
                     list(map(lambda v: round(v, 3), f.mark().band(PALETTE.name)[0])))
                    for f in faces_of(scr) if f.mark() is not None]
        out["bands_standard"] = bands()
        PALETTE.use("colour-blind")
        yield 0.1
        out["bands_colour_blind"] = bands()
        app.save_screenshot(SHOTS / f"card-sets-colour-blind-{W}x{H}-{app.lang}.png")
        PALETTE.use("standard")
        app.stop()

    Driver(app, out).follow(script(), 0.4)


run(["--data", str(DATA), "--window", SIZE], app_hook=hook)
print("HOLD-RESULT " + json.dumps(out, ensure_ascii=False), flush=True)
