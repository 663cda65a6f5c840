"""Drive the real kiosk app through Cosplay Team Battle with taps and keys only.

    python drive_cosplay.py DATA_DIR ARTIFACTS_DIR first N   -> home, solo vs the sensible bot, N of the
        person's decisions, then writes ARTIFACTS_DIR/before.json and waits (the test kills it -9)
    python drive_cosplay.py DATA_DIR ARTIFACTS_DIR resume    -> home, Resume, writes after.json, plays
        to the end (screenshot of the score), back home
    python drive_cosplay.py DATA_DIR ARTIFACTS_DIR shots     -> 2 players at the table: screenshots with
        both hands hidden and the bottom side looking, in English and French

The person plays by taps: a lit objective or zone, then "Pay" (the engine's proposed payment);
in preparation they hold their key ("a") to look and tap a lit card to lay it out, or tap
"Recruit"; with nothing lit they end the turn with the secondary key ("s": ask, confirm) or a
long press on "End turn" then "Yes".  At every step the driver checks that no card of a hand
whose owner is not looking is in the widget tree.  Prints "COSPLAY-RESULT {...}".
"""

from app_driver import Driver, arguments, run_app, walk
from leaks import screen_leaks

DATA, ART, MODE, ARG = arguments()
LIMIT = int(ARG or 0)
out = {"mode": MODE, "error": None, "done": False, "decisions": 0, "taps": 0, "keys": 0, "checks": 0,
       "leaks": [], "shown_ok": 0, "recruits": 0, "completes": 0, "ends_by_key": 0, "ends_by_press": 0,
       "shots": []}


def hook(app):
    from kivy.tests.common import UnitTestTouch

    d = Driver(app, out, ART)
    st = d.st
    st["end_by_key"] = True
    key_down, key_up, tap, screen, shot = d.key_down, d.key_up, d.tap, d.screen, d.shot

    def check():
        """No card of a hand whose owner is not looking is anywhere in the screen's widgets."""
        t = app.table
        if t.state is None or not app.sm.current.startswith("cosplay"):
            return
        scr = screen()
        out["leaks"] += screen_leaks(t, walk(scr))
        for seat in range(len(t.seats)):
            if t.may_show(seat):
                continue
            out["checks"] += 1
            half = t.half_of(seat)
            if half is not None:
                strip = scr.half_widget(half).ids.hand
                if strip.shown or strip.faces():
                    out["leaks"].append([seat, "strip shown", half])

    def start(home):
        tap(home.ids.tlv2)                 # the sensible bot
        tap(home.ids.tsolo)

    def summary(out):
        t = app.table
        out["outcome"] = t.outcome.to_json()
        out["end_text"] = screen().end_text
        out["scores"] = [t.state.score(q) for q in range(len(t.seats))]

    def step():
        if MODE == "shots":
            return shots_step()
        if d.solo_game("cosplay", MODE, start, summary):
            return
        t = app.table
        if 0 not in t.to_act():
            return                                   # the bot's move is on the clock
        if MODE == "first" and d.hold_mid_game(LIMIT):
            return
        decide()

    def decide():
        """One of the person's decisions, a phase per step (the screen redraws in between)."""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        pub = t.observation(None)
        phase = st["phase"]
        n = len(t.actions)
        if phase == "start":
            if pub["choice"] is not None:
                tap(bottom.ids.choice0)
                if len(t.actions) == n:
                    raise AssertionError("the choice row played nothing")
                out["decisions"] += 1
                return
            if pub["phase"] == "prepare":
                key_down("a")
                st["phase"] = "looking"
                return
            tiles = [scr.ids[f"objective{z + 1}"] for z in range(len(pub["objectives"]))]
            tiles += [scr.ids[f"zone{z}"] for z in range(6, 0, -1)]
            lit = [w for w in tiles if w.lit]
            if lit:
                tap(lit[0])
                st["phase"] = "pay"
                st["target"] = lit[0]
                return
            if st["end_by_key"]:
                key_down("s")
                key_up("s")
                st["phase"] = "end-confirm-key"
            else:
                x, y = bottom.ids.end_turn.to_window(*bottom.ids.end_turn.center)
                st["touch"] = UnitTestTouch(x, y)
                st["touch"].touch_down()
                st["phase"] = "end-hold"
                st["wait"] = 30                  # 0.9 s at 30 ms a step: longer than the long press
            return
        if phase == "looking":
            strip = bottom.ids.hand
            hand = sorted(str(c) for c in t.state.hand[0])
            if not strip.shown or sorted(f.card for f in strip.faces()) != hand:
                raise AssertionError(f"holding 'a' did not show the hand: {[f.card for f in strip.faces()]} vs {hand}")
            out["shown_ok"] += 1
            if "cosplay-look" not in out["shots"] and MODE == "first":
                shot("cosplay-look")
            lit = [f for f in strip.faces() if f.lit]
            if lit:
                tap(lit[0])
                if len(t.actions) != n + 1 or t.actions[-1].kind != "place":
                    raise AssertionError("tapping a lit card laid nothing out")
            st["phase"] = "release"
            return
        if phase == "release":
            key_up("a")
            if bottom.ids.hand.shown or bottom.ids.hand.faces():
                raise AssertionError("releasing 'a' did not hide the hand")
            if t.observation(None)["phase"] == "prepare" and not any(
                    a.kind == "place" for a in t.legal(0)):
                last = max(int(k[6:]) for k in bottom.ids if k.startswith("choice") and k != "choices")
                tap(bottom.ids[f"choice{last}"])      # "Recruit"
                if t.actions[-1].kind != "ready":
                    raise AssertionError("'Recruit' did not end the preparation")
            out["decisions"] += 1
            st["phase"] = "start"
            return
        if phase == "pay":
            if not st["target"].picked or "choice0" not in bottom.ids:
                raise AssertionError("tapping a lit tile proposed no payment")
            if MODE == "first" and "cosplay-pay" not in out["shots"]:
                shot("cosplay-pay")
            if "other_paid_as_shown" not in out and "choice1" in bottom.ids and bottom.ids.choice1.what == ("other",):
                first = list(scr.proposal(0).payers)
                tap(bottom.ids.choice1)              # "Other payment": the next payment the engine offers
                expected = list(scr.proposal(0).payers)
                out["other_payers"] = [first, expected, scr.skip]
                tap(bottom.ids.choice0)
                done = t.actions[n:]
                paid = list(done[0].args[1:]) if len(done) >= 1 else None
                out["other_paid_as_shown"] = paid == expected and first != expected
                out["one_action_per_payment"] = out.get("one_action_per_payment", True) and \
                    not any(a.kind == "pay" for a in done) and done[0].player == 0
                out["recruits" if t.actions[n].kind == "recruit" else "completes"] += 1
                out["decisions"] += 1
                st["phase"] = "start"
                return
            what = "complete" if st["target"] in [scr.ids.get(f"objective{z + 1}") for z in range(4)] else "recruit"
            tap(bottom.ids.choice0)
            kinds = [a.kind for a in t.actions[n:]]
            if not kinds or kinds[0] != what or "pay" in kinds:
                raise AssertionError(f"'Pay' did not {what}: {kinds}")
            out["recruits" if what == "recruit" else "completes"] += 1
            out["decisions"] += 1
            st["phase"] = "start"
            return
        if phase == "end-confirm-key":
            if not bottom.confirming:
                raise AssertionError("the secondary key did not ask for a confirmation")
            if "cosplay-confirm" not in out["shots"]:
                shot("cosplay-confirm")
            key_down("s")
            key_up("s")
            if t.actions[n:] and t.actions[n].kind == "end":
                out["ends_by_key"] += 1
            else:
                raise AssertionError("confirming did not end the turn")
            st["end_by_key"] = False
            out["decisions"] += 1
            st["phase"] = "start"
            return
        if phase == "end-hold":
            st.pop("touch").touch_up()
            if not bottom.confirming:
                raise AssertionError("a long press on 'End turn' did not ask for a confirmation")
            tap(bottom.ids.choice0)
            if not (t.actions[n:] and t.actions[n].kind == "end"):
                raise AssertionError("'Yes' did not end the turn")
            out["ends_by_press"] += 1
            st["end_by_key"] = True
            out["decisions"] += 1
            st["phase"] = "start"

    plan = []

    def shots_step():
        t = app.table
        if not plan:
            plan.extend(["new", "wait", "prep", "wait", "hidden", "look0", "wait", "look0-shot", "unlook0",
                         "fr", "wait", "hidden", "look0", "wait", "look0-shot", "unlook0", "end"])
        if app.sm.current == "home" and st["steps"] < 8:
            return
        what = plan.pop(0)
        lang = app.lang
        if what == "new":
            t.seed_games(7)
            home = screen()
            tap(home.ids.game_cosplay)
            tap(home.ids.ttwo)
        elif what == "prep":
            # a few turns by the engine's own sensible choices, so the table has recruits
            from engine import registry
            game = registry.get("cosplay")
            bots = [game.policies["sensible"](t.data, s, 1) for s in range(2)]
            while not t.over and not (len(t.actions) >= 50 and t.actions[-1].player == 1
                                      and t.actions[-1].kind == "end"):
                seat = min(t.to_act())
                t.act(bots[seat].act(t.state.observation(seat), t.legal(seat)))
            if t.state.phase == "prepare":
                t.submit(0, "ready")
            drama, bottom = screen().ids.drama, screen().ids.bottom
            if drama.lit:                     # Drama: each tap asks one more card, as far as the points go
                most = max(a.args[0] for a in t.legal(0) if a.kind == "drama")
                seen = []
                for _ in range(most + 1):
                    tap(drama)
                    seen.append(screen().target)
                    if screen().target is not None and not bottom.ids.choice0.text.startswith("Pay"):
                        raise AssertionError("no payment proposed for the Drama")
                out["drama_targets"] = seen
                out["drama_most"] = most
            lit = [z for z in range(1, 7) if screen().ids[f"zone{z}"].lit]
            if lit:
                tap(screen().ids[f"zone{lit[-1]}"])
        elif what == "wait":
            st["wait"] = 4
        elif what == "hidden":
            shot(f"cosplay-two-{lang}")
        elif what == "look0":
            key_down("a")
        elif what.endswith("-shot"):
            shot(f"cosplay-{what[:-5]}-{lang}")
        elif what == "unlook0":
            key_up("a")
        elif what == "fr":
            app.set_setting("lang", "fr")
            app.sync()
        elif what == "end":
            d.finish()

    d.every(0.03, step, check)


run_app(["--data", str(DATA), "--windowed"], hook, out, "COSPLAY-RESULT")
