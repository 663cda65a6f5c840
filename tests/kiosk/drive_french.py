"""Walk every kiosk screen of the real app in French and record every text in the widget tree.

Run as a subprocess by test_french_interface.py:  python drive_french.py DATA_DIR ARTIFACTS_DIR
The kiosk starts in English on a damaged database (so the home screen has a notice), the operator
switches it to French on the operator screen, then: home with the notice, a whole solo tournament
by taps and keys (every Deck Phase stage, the short-deck question, the match, results, the final),
the storage and resume alerts, "Join a tournament" (keypad, a short code) and the park screen of a
paired kiosk whose coordinator does not answer (the OFFLINE banner).  Prints "FRENCH-RESULT {json}":
per stage, the texts of every Label, Button, card face and text line then in the tree.

``WALK_LANG=qps`` walks the same screens in the pseudo-locale (tests/kiosk/test_pseudo_locale.py):
the operator screen offers no button for it, so the driver sets it as the operator's button would.
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("TABLECUP_ROBOT_DELAY", "0.01")

from kiosk.main import run  # noqa: E402
from engine_peek import install as peek_at_the_engine  # noqa: E402 - the tests' view of the engine

peek_at_the_engine()

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
LANG = os.environ.get("WALK_LANG", "fr")
# Why a saved game could not be resumed is the exception's own text (for staff), shown verbatim.
RESUME_WHY = "ValueError: cannot replay"
COORDINATOR_WHY = "unknown kiosk token"          # the coordinator's own words
out = {"error": None, "stages": {}, "lang_at": {}, "technical": [RESUME_WHY, COORDINATOR_WHY]}


def hook(app):
    from kiosk_hook import widget_texts
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.button import Button

    from kiosk.widgets import CardFace

    state = {"steps": 0, "phase": "start", "confirmed": False, "shots": set()}

    def collect(stage, shot=False):
        out["stages"].setdefault(stage, [])
        out["stages"][stage] = sorted(set(out["stages"][stage]) | set(widget_texts(app.root)))
        out["lang_at"][stage] = app.lang
        if shot and stage not in state["shots"]:
            state["shots"].add(stage)
            app.save_screenshot(ART / f"{stage}.png")

    def key(ch):
        code = {" ": 32}.get(ch, ord(ch) if len(ch) == 1 else 27)
        Window.dispatch("on_key_down", code, 0, ch if len(ch) == 1 else None, [])
        Window.dispatch("on_key_up", code, 0)

    def tap(w):
        w.trigger_action(0)

    def step(dt):
        try:
            _step()
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()

    def go(phase, wait=0):
        state["phase"], state["wait"] = phase, wait

    def _step():
        state["steps"] += 1
        if state["steps"] > 30000:
            out["error"] = f"too many steps (phase {state['phase']}, screen {app.sm.current})"
            app.stop()
            return
        if state.get("wait"):
            state["wait"] -= 1
            return
        c = app.controller
        ph = state["phase"]
        if ph == "start":                       # English first: the baseline the check must catch
            collect("home-en")
            app.handle_key("escape")
            op = app.sm.get_screen("operator")
            collect("operator-locked-en")
            op.type_pin("1234")                 # first use: the default PIN asks for a new one
            op.type_pin("2468")
            if LANG == "fr":
                tap(op.ids.lang_fr)
            else:
                op.set("lang", LANG)
            go("operator", 12)
        elif ph == "operator":
            op = app.sm.get_screen("operator")
            collect("operator-unlocked", shot=True)
            tap(op.ids.change_pin)
            collect("operator-new-pin")
            op.type_pin("12")
            collect("operator-short-pin")
            op.type_pin("1357")
            collect("operator-pin-saved")
            app.handle_key("escape")            # operator -> home
            app.handle_key("escape")            # home -> operator, locked again
            go("operator-locked", 8)
        elif ph == "operator-locked":
            op = app.sm.get_screen("operator")
            op.type_pin("9999")
            collect("operator-wrong-pin")
            app.handle_key("escape")
            go("home", 8)
        elif ph == "home":
            collect("home-notice", shot=True)
            tap(app.alert)
            collect("home")
            tap(app.sm.get_screen("home").ids.solo)
            go("play")
        elif ph == "play":
            play(c)
        elif ph == "alerts":
            collect("home-history")
            c.storage_error = "disk full"
            app.sync()
            collect("alert-storage", shot=True)
            c.storage_error = None
            c.resume_error = (7, RESUME_WHY)
            app.sync()
            collect("alert-resume")
            app.dismiss_notice()
            app.enter_tournament()
            go("join", 8)
        elif ph == "join":
            collect("join", shot=True)
            scr = app.sm.get_screen("join")
            for k in "12":
                scr.key(k)
            scr.key("OK")
            collect("join-short-code")
            app.store.put("coord_kiosk_id", 3)
            app.store.put("coord_token", "t" * 32)
            app.store.put("coord_kiosk_name", "Table 1")
            app.sync()
            go("park", 100)
        elif ph == "park":
            app.sync()
            collect("park", shot=True)
            app.park_controller.on_unauthorized(COORDINATOR_WHY)    # what the network says on a 401
            collect("park-message")
            out["park_online"] = bool(app.park_controller.online)
            # Said verbatim, as the network library said it: the check takes it out by value.
            out["technical"].append(app.park_controller.detail)
            out["banner"] = app.banner.text if app.banner.opacity else ""
            ev.cancel()
            app.stop()

    def play(c):
        cur = app.sm.current
        if cur == "deck":
            scr = app.sm.get_screen("deck")
            for half in (scr.ids.light, scr.ids.dark):
                dp = c.deck_phase_at(half.side)
                if dp is None or dp.stage == "done":
                    continue
                collect(f"deck-{dp.stage}", shot=True)
                kids = list(reversed(half.ids.body.children))
                if dp.stage == "pick":
                    tap([k for k in kids if isinstance(k, CardFace)][0])
                elif dp.stage in ("option", "choose"):
                    tap([k for k in kids if isinstance(k, Button)][0])
                elif dp.stage == "remove":
                    if not state["confirmed"] and half.confirm_buttons and half._confirm is not None:
                        collect("deck-short-deck-question", shot=True)
                        state["confirmed"] = True
                        tap(half.confirm_buttons[1])            # "keep it"
                    elif not state["confirmed"]:
                        tap([k for k in kids if isinstance(k, CardFace)][0])   # remove until it asks
                    else:
                        tap(half.ids.done)
                return
            collect("deck-waiting")
            return
        if cur == "match" and app.sm.get_screen("match").end_shown:
            collect("match-end", shot=True)     # the last state of a match, held until a tap
            key(" ")
            return
        if cur == "match":
            m = c.match
            kind, side = m.expect
            scr = app.sm.get_screen("match")
            if scr.ids.log_page.shown:
                collect("match-log", shot=True)              # the match log, opened once a few cards are out
                tap(scr.ids.log_page.ids.close)
                return
            if kind == "reveal" and m.reveals >= 6 and "match-log" not in out["stages"]:
                tap(scr.ids.mid_light.ids.log_button)
                return
            collect(f"match-{kind}", shot=kind == "reveal" and m.attack and m.flag_card is not None)
            if kind == "toss":
                key(" ")
            elif kind == "reveal" and not c.is_robot(c.half_of(side)):
                key("a" if c.half_of(side) == 0 else "l")
            elif kind == "choose" and not c.is_robot(c.half_of(m.pending.player)):
                key("1")
            return
        if cur == "result":
            t = c.t
            collect("result-final" if t.over else "result-match", shot=True)
            tap(app.sm.get_screen("result").ids.next)
            if t.over:
                go("alerts", 12)
            return

    ev = Clock.schedule_interval(step, 0.005)
    state["wait"] = 40                          # let the first frames draw


# A damaged database: the home screen says it was set aside (a notice, until tapped).
DATA.mkdir(parents=True, exist_ok=True)
(DATA / "kiosk.db").write_bytes(b"this is not a database\n" * 64)
ART.mkdir(parents=True, exist_ok=True)
rc = run(["--data", str(DATA), "--windowed", "--coordinator", "http://127.0.0.1:9"], app_hook=hook)
out["rc"] = rc
print("FRENCH-RESULT " + json.dumps(out, ensure_ascii=False), flush=True)
