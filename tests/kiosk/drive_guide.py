"""The guided first match in the real app (offscreen), played the way a new player would: from
home's "First game? Learn by playing", doing what each hint says, to the result and back home.

    python drive_guide.py DATA_DIR ARTIFACTS_DIR MODE [LANG] [WxH]   ->   "GUIDE-RESULT {...}"

MODE "play": the whole match.  At every step the bottom half's guide line is recorded with
what the match shows then (who is expected, who holds the flag, the bench, the attack);
the person acts only through real widgets and keys: the flag toss button, the REVEAL button of
their half, a tap on the held end (space), the result screen's key.  Each screen's texts are
checked to fit (``fit_check.text_faults``) and its bands for black; pictures of the moments go to
ARTIFACTS_DIR as ``guide-MOMENT-WxH-LANG.png``.
MODE "first": the same until the player's fourth REVEAL, then ``before.json`` (the screen, the
engine's state, the guide line) and nothing more: the test kills the app with SIGKILL.
MODE "resume": one tap on "First game?" (it only asks, over the saved game), then home's Resume,
then ``after.json`` (the same facts) and one more REVEAL.
"""

import os
import sys

from app_driver import Driver, arguments, run_app
from engine.challengers.game import tournament_dump

DATA, ART, MODE, LANG = arguments()
LANG = LANG or "en"
SIZE = sys.argv[5] if len(sys.argv) > 5 else "800x480"
out = {"error": None, "mode": MODE, "lang": LANG, "size": SIZE, "steps_seen": [], "faults": {}, "bands": {}}
#: Every moment pictured (else only the capture's, for its bands): always at 800x480, at every
#: size when TABLECUP_SCREENSHOTS=1 asks for the pictures.
PICTURE_ALL = SIZE == "800x480" or os.environ.get("TABLECUP_SCREENSHOTS") == "1"
#: The moments pictured (the first time each is seen).
MOMENTS = ("home", "toss", "begin", "attack", "defend", "capture", "bench", "end", "result")


def hook(app):
    from fit_check import black_bands, text_faults
    from kivy.core.window import Window

    d = Driver(app, out, ART)
    seen: set = set()

    def guide_text():
        g = app.hints.guides[0]
        return g.text if g.opacity > 0 else ""

    def look(moment):
        """Check the screen's texts; picture the moment the first time it comes."""
        if moment in seen:
            return
        seen.add(moment)
        for g in app.hints.guides.values():
            g.texture_update()      # a sentence set this frame is drawn at its end: check it now
        out["faults"][moment] = text_faults(app.root, Window.size)
        if not (PICTURE_ALL or moment == "capture"):
            return                  # a big window's picture is slow to read back in software GL
        tex = app.root.export_as_image().texture
        pixels = bytes(tex.pixels)
        out["bands"][moment] = black_bands(pixels, tex.width, tex.height)
        from PIL import Image
        Image.frombytes("RGBA", (tex.width, tex.height), pixels).save(
            ART / f"guide-{moment}-{SIZE}-{LANG}.png")
        out.setdefault("shots", []).append(moment)

    def state():
        """What the match shows now, as the test reads it (from the controller's views)."""
        c = app.controller
        m = c.match_view()
        if m is None:
            return None
        return {"expect": list(m.expect), "holder": m.holder, "attack": len(m.attack),
                "bench": [s.seats_used() for s in m.sides], "flag": m.flag_card, "winner": m.winner,
                "players": m.players}

    reveals = {"n": 0}
    # Every sentence the guide line takes, with what the match showed when it changed (the
    # Robot's turns too, which pass between two of the script's looks).
    out["guides"] = []

    def heard(w, v):
        out["guides"].append({"guide": v, "screen": app.sm.current,
                              "state": state() if app.sm.current == "match" else None})

    def script():
        yield 1.0
        app.hints.guides[0].bind(text=heard)
        home = app.sm.get_screen("home")
        if MODE == "resume":
            # "First game?" over the saved game: it asks first, saying what would end; "Keep it".
            d.tap(home.ids.lesson)
            yield 0.3
            out["lesson_asks"] = [home.asking, home.ids.ask_text.text, app.sm.current,
                                  app.table.unfinished() is not None]
            home.ids.ask_text.texture_update()
            out["faults"]["lesson-asks"] = text_faults(app.root, Window.size)
            d.tap(home.ids.ask_keep)
            yield 0.2
            out["resume_visible"] = home.can_resume
            d.tap(home.ids.resume)
            yield 0.5
            d.write("after.json", {"screen": app.sm.current, "state": tournament_dump(app.controller.t),
                                   "guide": guide_text(), "lesson": app.controller.t.lesson.id})
            # Then one more REVEAL by its button: the resumed match plays on, its hint with it.
            d.tap(app.sm.current_screen.ids.light.ids.reveal)
            yield 0.4
            out["after_reveal"] = {"guide": guide_text(), "actions": app.controller.dump()["n_actions"]}
            d.finish()
            return
        else:
            out["lesson_button"] = home.ids.lesson.text
            look("home")
            d.tap(home.ids.lesson)
            yield 0.5
        for _ in range(400):
            cur = app.sm.current
            c = app.controller
            text = guide_text()
            st = state() if cur == "match" else None
            out["steps_seen"].append({"screen": cur, "guide": text, "state": st})
            if cur == "home":
                out["home_after"] = True
                yield 0.3
                out["history"] = "\n".join(w.text for w in reversed(app.sm.get_screen("home").ids.history.children))
                break
            if cur == "result":
                look("result")
                scr = app.sm.current_screen
                out["result"] = [scr.headline, scr.detail]
                d.key_down(" ")
                yield 0.4
                continue
            scr = app.sm.current_screen
            if scr.end_shown:
                look("end")
                out["end_note"] = scr.ids.light.ids.end_note.text
                d.key_down(" ")
                yield 0.4
                continue
            exp, who = st["expect"]
            side = st["players"].index(0)
            if exp == "toss":
                look("toss")
                d.tap(scr.ids.toss)
            elif exp == "reveal" and who == side:
                if st["flag"] is None:
                    look("begin")
                elif st["bench"][side] >= 5:
                    look("bench")
                elif st["holder"] != side and st["bench"][side] > 0 and st["attack"] == 0:
                    look("capture")
                else:
                    look("attack")
                if MODE == "first" and reveals["n"] == 4:
                    d.write("before.json", {"screen": cur, "state": tournament_dump(c.t), "guide": text})
                    print("BEFORE-READY", flush=True)
                    while True:
                        yield 1.0              # killed here
                reveals["n"] += 1
                d.tap(scr.ids.light.ids.reveal)
            elif exp == "reveal" and st["flag"] is not None and st["attack"] > 0:
                look("defend")
            yield 0.15
        out["reveals"] = reveals["n"]
        d.finish()

    d.follow(script())


args = ["--data", str(DATA), "--window", SIZE, "--lang", LANG]
run_app(args, hook, out, "GUIDE-RESULT")
