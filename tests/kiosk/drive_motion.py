"""The flag toss and a capture moving on Challengers!' match screen, in the real app offscreen.

python drive_motion.py DATA_DIR ARTIFACTS_DIR [WxH]  -> prints "MOTION-RESULT {...}"

A 2-player game (no bot, so the same inputs replay the same game), played by real touches and
keys: the toss button touched (the flag toss moves; a touch elsewhere ends it at once), then
reveals until the flag is taken (the capture moves; the next reveal is pressed in the middle of
it), and on until it is taken again (a key that means nothing here, pressed in the middle of
that capture, ends it).  The same game is then played again with the settings' animations "off", by the same
inputs, and the match screen is compared with the first run's at the same point.
"""

from __future__ import annotations

import os

from app_driver import Driver, arguments, play_deck_phase, run_app, touch, walk

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

DATA, ART, SIZE, _ = arguments()
SEED = 11
out: dict = {"error": None, "runs": {}}


def hook(app):
    from kivy.animation import Animation
    from kivy.clock import Clock

    from kiosk import widgets
    from kiosk import cardmotion
    from kiosk.widgets import CardFace

    d = Driver(app, out, ART)
    c = None

    def screen():
        return app.sm.get_screen("match")

    def motion():
        return screen().ids.motion

    def key(ch):
        d.key_down(ch)
        d.key_up(ch)

    def anims_on(w):
        """The Animation objects running on ``w`` now (Kivy's own list)."""
        return [a for a in Animation._instances if w.uid in a._widgets]

    def moving():
        """What the motion layer runs now: its kind, its Animation lengths (s), its visible ghosts."""
        mo = motion()
        return {"kind": mo.kind, "started": mo.started, "durations": [a.duration for a in anims_on(mo)],
                "progress": mo.progress,
                "ghosts": [g.name for g in mo.ghosts if g.opacity > 0],
                "flag": mo.flag.opacity > 0}

    def looks():
        """Everything the match screen shows, widget by widget, in window coordinates."""
        rows = []
        for w in walk(screen()):
            seen = w.opacity
            p = w.parent
            while p is not None and p is not app.root.parent and p is not p.parent:
                seen *= getattr(p, "opacity", 1)
                p = p.parent
            if seen <= 0.01:
                continue
            x, y = w.to_window(w.x, w.y)
            r = [type(w).__name__, round(x), round(y), round(w.width), round(w.height), round(seen, 2)]
            if isinstance(w, CardFace):
                r += [w.name, w.total, w.count, w.selected, w.empty]
            elif hasattr(w, "text"):
                r.append(w.text)
            rows.append(r)
        return sorted(rows, key=repr)

    def settle(then, waited=0.0):
        """``then`` once no animation runs (motions and fades), at most 3 s later."""
        if Animation._instances and waited < 3:
            Clock.schedule_once(lambda dt: settle(then, waited + 0.02), 0.02)
        else:
            Clock.schedule_once(lambda dt: guard(then), 0.05)

    def midway(then, waited=0.0):
        """``then`` once the running motion is a third of the way (its Animation counts from
        its first frame), or at once when none runs."""
        mo = motion()
        if mo.kind is not None and mo.progress < 0.33 and waited < 3:
            Clock.schedule_once(lambda dt: midway(then, waited + 0.01), 0.01)
        else:
            guard(then)

    def guard(fn):
        try:
            fn()
        except Exception:       # noqa: BLE001 -- the run's result
            d.fail()

    def play(run, inputs):
        """One game: ``inputs`` recorded by the first run (None: record them)."""
        rec = out["runs"][run] = {"inputs": [] if inputs is None else inputs}
        state = {"i": 0}

        def next_input():
            if inputs is None:
                return None
            if state["i"] >= len(inputs):
                return "end"
            v = inputs[state["i"]]
            state["i"] += 1
            return v

        def start():
            nonlocal c
            c = app.controller
            rec["moments_from"] = cardmotion.started_count()
            c.new_game(("Light", "Dark"), seed=SEED)
            play_deck_phase(app.controller, by_half=True)
            Clock.schedule_once(lambda dt: guard(toss), 0.3)

        def toss():
            assert app.sm.current == "match" and c.match.expect[0] == "toss", (app.sm.current, c.match.expect)
            if inputs is None:
                rec["inputs"].append(("toss",))
            else:
                next_input()
            touch(screen().ids.toss)                       # a real touch on the toss button
            rec["toss"] = moving()
            rec["toss_begins"] = c.half_of(c.match.expect[1])
            midway(mid_toss)

        def mid_toss():
            rec["toss_mid"] = moving()
            if rec["toss"]["kind"]:
                d.shot(f"{run}-toss")
            # A touch on the middle line (nothing there to press) ends the motion at once.
            touch(screen().ids.mid_light.ids.turn)
            rec["after_skip_tap"] = moving()
            rec["after_skip_tap"]["anims"] = len(anims_on(motion()))
            settle(reveal)

        def reveal():
            m = c.match
            if m is None or m.winner is not None or len(rec.setdefault("moves", [])) > 120:
                raise RuntimeError(f"no second capture in the first match ({rec.get('moves')})")
            want = next_input()
            kind, side = m.expect
            if kind == "choose":
                ch = ("1",)
            else:
                assert kind == "reveal", m.expect
                ch = ("a" if c.half_of(side) == 0 else "l",)
            if want is not None:
                assert tuple(want) == ch, (want, ch)
            else:
                rec["inputs"].append(ch)
            holder = m.holder
            started = motion().started
            key(ch[0])
            rec["moves"].append(ch[0])
            m = c.match
            took = holder is not None and m.holder not in (None, holder)
            if not took:
                settle(reveal)
                return
            if "capture" in rec:                              # the second capture
                rec["capture2"] = moving()
                midway(mid_capture2)
                return
            rec["capture"] = moving()
            rec["capture_started"] = motion().started - started
            rec["capture_from"] = holder
            midway(mid_capture)

        def mid_capture():
            rec["capture_mid"] = moving()
            if rec["capture"]["kind"]:
                d.shot(f"{run}-capture")
            # The next reveal, pressed while the capture moves: played at once.
            m = c.match
            _, side = m.expect
            ch = "a" if c.half_of(side) == 0 else "l"
            if inputs is None:
                rec["inputs"].append((ch,))
            else:
                assert tuple(next_input()) == (ch,)
            before = (len(app.table.actions), m.reveals)
            key(ch)
            rec["press_applied"] = [len(app.table.actions) - before[0], c.match.reveals - before[1]]
            rec["after_press"] = moving()
            settle(reveal)

        def mid_capture2():
            # A key that means nothing here ends the motion too (and changes nothing).
            rec["capture2_mid"] = moving()
            if inputs is None:
                rec["inputs"].append(("z",))
            else:
                assert tuple(next_input()) == ("z",)
            before = len(app.table.actions)
            key("z")
            rec["after_key"] = moving()
            rec["after_key"]["actions_added"] = len(app.table.actions) - before
            settle(done)

        def done():
            rec["looks"] = looks()
            # The cards that faded in also landed (kiosk.cardmotion), as at the other games.
            rec["landed"] = sum(1 for kind, cls in cardmotion.started_since(rec.pop("moments_from"))
                                if (kind, cls) == ("played", "CardFace"))
            # Nothing left running: no Animation, no event that would keep the clock awake,
            # the motion layer no longer listening to keys.
            rec["idle"] = {"anims": len(Animation._instances),
                           "spinning": sum(1 for ev in Clock.get_events() if ev.loop and ev.timeout <= 0),
                           "key_bound": motion().listening}
            d.shot(f"{run}-after")
            assert next_input() in (None, "end")
            if run == "normal":
                # Animations off, through the settings screen's own method (a tap on "Off").
                app.sm.get_screen("settings").set("animations", "off")
                out["speed_off"] = widgets.SPEED
                play("off", rec["inputs"])
            else:
                d.finish()

        start()

    Clock.schedule_once(lambda dt: guard(lambda: play("normal", None)), 0.3)


run_app(["--data", str(DATA), "--window", SIZE or "800x480"], hook, out, "MOTION-RESULT")
