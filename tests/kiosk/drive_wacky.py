"""Drive the real kiosk app through Wacky Challenge with taps and keys only.

    python drive_wacky.py DATA_DIR ARTIFACTS_DIR first N  -> home, solo against 3 sensible bots, N of the
        person's decisions, then writes ARTIFACTS_DIR/before.json and waits (the test kills it -9)
    python drive_wacky.py DATA_DIR ARTIFACTS_DIR resume   -> home, Resume, writes after.json, plays to
        the end, back home
    python drive_wacky.py DATA_DIR ARTIFACTS_DIR shots -> more seats than halves (phone seats), then 2
        players at the table, screenshots in English and French: both hands hidden, each side
        looking, the reveal and the draft, the end

The person chooses by holding their primary key ("a"), tapping a card of their hand and letting
go (the choice locks, the LED lights); picks by tapping a card of the draft row; answers the
booster with the buttons on their half.  At every step the driver checks that no card of the hand
of a seat whose owner is not looking -- so no secret choice either -- is in the widget tree, and
that a looking owner's cards are on their own half only.  Prints "WACKY-RESULT {...}".
"""

import os

from app_driver import Driver, arguments, run_app, walk
from leaks import screen_leaks

DATA, ART, MODE, ARG = arguments()
out = {"mode": MODE, "error": None, "done": False, "decisions": 0, "taps": 0, "keys": 0, "checks": 0,
       "leaks": [], "shown_ok": 0, "locked_on": 0, "pick_blink": 0, "boosts": [], "shots": [], "secret_checks": 0}


def hook(app):
    d = Driver(app, out, ART)
    st = d.st
    key_down, key_up, tap, screen, shot, finish = d.key_down, d.key_up, d.tap, d.screen, d.shot, d.finish

    def inside(w, root):
        root = getattr(root, "__self__", root)  # ids are weak proxies
        for _ in range(64):                   # the window is its own parent: a bounded climb
            if w is None:
                return False
            if w is root:
                return True
            w = w.parent
        return False

    def check():
        """No card of a hand whose owner is not looking -- nor a secret choice -- is in the widgets;
        a looking owner's cards are on their own half only."""
        t = app.table
        if t.state is None or not app.sm.current.startswith("wacky"):
            return
        scr = screen()
        for seat in range(len(t.seats)):
            if t.state.observation(seat)["your_choice"] is not None:
                out["secret_checks"] += 1
            out["checks"] += 1

        def own_half(w, seat):
            """A seat's cards are drawn on its own half, while its owner looks, and nowhere else."""
            half = t.half_of(seat)
            return half is not None and t.may_show(seat) and inside(w, scr.half_widget(half))

        # The rules leave the hands open; the table draws a hand to its owner only, looking.
        out["leaks"] += screen_leaks(t, walk(scr), allowed=own_half, also=lambda obs, seat: obs["hands"][seat])

    def start(home):
        shot("wacky-home")
        tap(home.ids.tbots3)
        tap(home.ids.tlv3)                  # the sensible bots
        tap(home.ids.tsolo)

    def summary(out):
        t = app.table
        out["outcome"] = t.outcome.to_json()
        out["end_text"] = screen().end_text
        out["route_totals"] = [screen().ids[f"route{q}"].total for q in range(len(t.seats))]

    def step():
        if os.environ.get("WK_DEBUG") and st["steps"] % 40 == 0 and app.table.state is not None:
            t = app.table
            print("DBG", app.sm.current, st["phase"], out["decisions"], t.observation(None)["phase"],
                  sorted(t.to_act()), len(t.actions), t.ignored[-1:], flush=True)
        if MODE == "shots":
            return shots_step()
        if d.solo_game("wacky", MODE, start, summary):
            return
        decide()

    def decide():
        """One of the person's decisions, a phase per step (the screen redraws in between)."""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        pub = t.observation(None)
        phase = st["phase"]
        if phase == "start":
            if 0 not in t.to_act():
                return                               # the bots' moves are on the clock
            if MODE == "first" and out["decisions"] >= int(ARG) and pub["phase"] == "choose":
                # Mid-game, every bot locked, the person's choice open: nothing is on the clock.
                if t.to_act() == {0}:
                    d.hold_mid_game(int(ARG))
                return
            if pub["phase"] == "choose":
                key_down("a")
                st["phase"] = "looking"
            elif pub["phase"] == "pick":
                if app.side_lights()[0] != "blink":
                    raise AssertionError(f"the next picker's LED does not blink: {app.side_lights()}")
                out["pick_blink"] += 1
                tile = scr.ids[f"row{out['decisions'] % len(pub['row'])}"]
                n, card = len(t.actions), tile.card
                tap(tile)
                if len(t.actions) != n + 1 or t.actions[n].kind != "pick" or t.actions[n].args[0] != card:
                    raise AssertionError(f"tapping a card of the draft row did not take it: {tile.card!r} "
                                         f"{tile.disabled} {t.ignored[-1:]}")
                out["decisions"] += 1
            elif pub["phase"] == "boost":
                if app.side_lights()[0] != "blink":
                    raise AssertionError("the booster's owner's LED does not blink")
                ids = sorted(k for k in bottom.ids if k.startswith("choice") and k != "choices")
                if not ids:
                    raise AssertionError("the booster is not offered on its owner's half")
                word = pub["booster"]["booster"]
                out["boosts"].append(word)
                first = len(out["boosts"]) % 2 == 1     # use one booster, pass the next
                tap(bottom.ids[ids[0] if first else ids[-1]])
                if word == "swap" and first and t.observation(None)["phase"] == "boost":
                    st["phase"] = "swap-look"
                    return
                out["decisions"] += 1
            return
        if phase == "looking":
            strip = bottom.ids.hand
            hand = t.state.observation(0)["hands"][0]
            faces = strip.faces()
            if not (strip.shown and sorted(f.card for f in faces) == sorted(hand)):
                raise AssertionError(f"holding 'a' did not show the hand: {[f.card for f in faces]} vs {hand}")
            out["shown_ok"] += 1
            lit = [f for f in faces if f.lit]
            tap(lit[out["decisions"] % len(lit)])
            st["chosen"] = t.selected[0].args[0]
            st["phase"] = "chosen"
            return
        if phase == "chosen":
            face = [f for f in bottom.ids.hand.faces() if f.lit]
            if [f.card for f in face] != [st["chosen"]]:
                raise AssertionError("the chosen card is not the only one lit")
            if MODE == "first" and "wacky-look" not in out["shots"]:
                # Before the reveal: bots locked, the person looking with a card chosen.
                shot("wacky-look")
                out["look_state"] = {"chosen": t.observation(None)["chosen"], "played": t.observation(None)["played"]}
            n = len(t.actions)
            key_up("a")
            if len(t.actions) != n + 1 or t.actions[n].kind != "choose" or t.actions[n].args[0] != st["chosen"]:
                raise AssertionError("letting go did not lock the chosen card")
            if bottom.ids.hand.faces():
                raise AssertionError("letting go did not hide the hand")
            pub = t.observation(None)
            if pub["phase"] == "choose":
                if app.side_lights()[0] != "on":
                    raise AssertionError("the LED is not lit once the choice is locked")
                out["locked_on"] += 1
            out["decisions"] += 1
            st["phase"] = "start"
            return
        if phase == "swap-look":
            key_down("a")
            st["phase"] = "swap-tap"
            return
        if phase == "swap-tap":
            lit = [f for f in bottom.ids.hand.faces() if f.lit]
            n = len(t.actions)
            tap(lit[0])
            if len(t.actions) != n + 1 or t.actions[-1].args[0] != "swap":
                raise AssertionError("the swap did not happen")
            key_up("a")
            out["decisions"] += 1
            st["phase"] = "start"

    plan = []

    def shots_step():
        t = app.table
        if app.sm.current == "home" and st["steps"] < 8:
            return
        if not plan:
            # English: the phone seats, then a whole game with its screenshots; French: the end
            # of that game, then the same new game's first turn.
            game = ["new", "wait", "hidden", "look0", "tap0", "look0-shot", "unlook0",
                    "look1", "tap1", "look1-shot", "unlook1", "wait", "reveal-shot"]
            # In French the bottom player holds a finger on their hand instead of the key.
            by_finger = [{"look0": "finger0", "unlook0": "finger-up"}.get(w, w) for w in game]
            plan.extend(["lang:en", "phones", "phones-choose", "phones-shot", "phones-leave", *game, "play", "end-shot",
                         "lang:fr", "wait", "end-shot", "leave", *by_finger, "end"])
        what = plan[0]
        if os.environ.get("WK_DEBUG"):
            print("STEP", what, st["steps"], flush=True)
        if what == "play":
            # Both people play on by the same inputs (the first card, the first row card, pass)
            # until the game is over.
            if t.over:
                plan.pop(0)
                st["wait"] = 3
                return
            pub = t.observation(None)
            seat = min(t.to_act())
            half = t.half_of(seat)
            w = screen().half_widget(half)
            if pub["phase"] == "choose":
                key = "a" if half == 0 else "l"
                key_down(key)
                tap(next(f for f in w.ids.hand.faces() if f.lit))
                key_up(key)
            elif pub["phase"] == "pick":
                tap(screen().ids.row0)
            else:
                # The booster, offered on its owner's half: used (a swap is passed: it needs a look).
                ids = sorted(k for k in w.ids if k.startswith("choice") and k != "choices")
                word = pub["booster"]["booster"]
                other = screen().half_widget(1 - half)
                out["boosts"].append([half, word, [w.ids[k].text for k in ids],
                                      len([k for k in other.ids if k.startswith("choice") and k != "choices"])])
                n = len(t.actions)
                tap(w.ids[ids[-1] if word == "swap" else ids[0]])
                if len(t.actions) != n + 1 or t.actions[n].player != seat:
                    raise AssertionError("the booster's button did nothing")
            return
        plan.pop(0)
        lang = app.lang
        if what.startswith("lang:"):
            app.set_setting("lang", what[5:])
            app.sync()
        elif what == "leave":
            app.leave_table()
            st["wait"] = 2
        elif what == "phones":
            # More seats than halves: a person below, a phone seat on the top half, a phone seat
            # and a bot on no half (the phone page is another part; here the table must show
            # only public facts for them, and not break).
            from kiosk.table import Seat
            app.table.new_game("wacky", (Seat.person(0), Seat.phone(1), Seat.phone(None), Seat.bot("random")),
                               names=("Ana", "Bo", "Cy", "Bot"), seed=3)
            st["wait"] = 3
        elif what == "phones-choose":
            for seat in (1, 2):                  # the phones choose (as the phone server would submit)
                t.submit(seat, "choose", t.legal(seat)[0].args[0])
            out["phones_routes"] = len([k for k in screen().ids if k.startswith("route") and k != "routes"])
            out["phones_chosen"] = t.observation(None)["chosen"]
            st["wait"] = 2
        elif what == "phones-shot":
            shot(f"wacky-phones-{lang}")
        elif what == "phones-leave":
            app.leave_table(abandon=True)
            st["wait"] = 2
        elif what == "new":
            app.table.seed_games(11)
            home = screen()
            tap(home.ids.game_wacky)
            tap(home.ids.ttwo)
        elif what == "wait":
            st["wait"] = 4
        elif what == "hidden":
            shot(f"wacky-two-{lang}")
        elif what in ("look0", "look1"):
            key_down("a" if what == "look0" else "l")
            st["wait"] = 2
        elif what in ("tap0", "tap1"):
            w = screen().half_widget(int(what[-1]))
            tap(w.ids.hand.faces()[1])
            st["wait"] = 2
        elif what.endswith("-shot") and what != "reveal-shot":
            shot(f"wacky-{what[:-5]}-{lang}")
        elif what == "finger0":
            from kivy.tests.common import UnitTestTouch
            strip = screen().ids.bottom.ids.hand
            x, y = strip.to_window(strip.x + 4, strip.y + 4)      # beside the cards, on the strip
            st["touch"] = UnitTestTouch(x, y)
            st["touch"].touch_down()
            st["wait"] = 2
        elif what == "finger-up":
            n = len(t.actions)
            st.pop("touch").touch_up()
            out["finger"] = {"played": len(t.actions) == n + 1 and t.actions[n].kind == "choose",
                             "hidden": not screen().ids.bottom.ids.hand.faces() and not t.looking,
                             "led": list(app.side_lights())}
        elif what in ("unlook0", "unlook1"):
            key_up("a" if what == "unlook0" else "l")
            st["wait"] = 1
            if what == "unlook0":
                out["led_after_lock"] = list(app.side_lights())
        elif what == "reveal-shot":
            out["after_reveal"] = t.observation(None)["phase"]
            out["leds_pick"] = list(app.side_lights())
            shot(f"wacky-reveal-{lang}")
        elif what == "end-shot":
            shot(f"wacky-end-{lang}")
            out["outcome"] = t.outcome.to_json()
        elif what == "end":
            finish()

    d.every(0.02, step, check, limit=3000)


run_app(["--data", str(DATA), "--windowed"], hook, out, "WACKY-RESULT")
