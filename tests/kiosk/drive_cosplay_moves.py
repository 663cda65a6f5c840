"""Drive the real kiosk app through Cosplay Team Battle's moves beyond recruiting, by taps.

    python drive_cosplay_moves.py DATA_DIR ARTIFACTS_DIR four LANG  -> home, solo against three bots:
        the two seats without a half in the middle, followed turn by turn; screenshot
    python drive_cosplay_moves.py DATA_DIR ARTIFACTS_DIR all LANG   -> four, then moves, in one app
    python drive_cosplay_moves.py DATA_DIR ARTIFACTS_DIR moves LANG -> two players at the table: the
        sensible bot plays both seats until the bottom seat may attach equipment, use an ability,
        play a combo, take a card with La Passion, complete an objective, recruit and send Drama;
        each is then done by taps on the screen, and the payment is changed by tapping hand cards
        (a card that pays nothing and one of the wrong resource refused); screenshots

Each step checks the engine's state and what the screen says.  At every step no card of a hand
whose owner is not looking is in the widget tree.  The text of every label on screen is
checked to fit (tests/kiosk/fit_check.py) at each screenshot.  Prints "MOVES-RESULT {...}".
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("TABLECUP_ROBOT_DELAY", "0.01")
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "support"))

from ports import reserved_port

from kiosk.main import run

DATA, ART, MODE, LANG = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
ART.mkdir(parents=True, exist_ok=True)
out = {"mode": MODE, "lang": LANG, "error": None, "done": False, "checks": 0, "leaks": [], "faults": {},
       "shots": [], "did": {}}


def hook(app):
    from fit_check import text_faults
    from kivy.clock import Clock
    from kivy.core.window import Window
    from leaks import screen_leaks

    from engine import registry
    from engine.cosplay.payment import cheapest

    def key(ch, down):
        if down:
            Window.dispatch("on_key_down", ord(ch), 0, ch, [])
        else:
            Window.dispatch("on_key_up", ord(ch), 0)

    def tap(w):
        w.trigger_action(0)

    def walk(w):
        stack = [w]
        while stack:
            x = stack.pop()
            yield x
            stack.extend(x.children)

    def screen():
        return app.sm.current_screen

    def check():
        """No card of a hand whose owner is not looking is anywhere in the screen's widgets."""
        t = app.table
        if t.state is None or not app.sm.current.startswith("cosplay"):
            return
        scr = screen()
        out["leaks"] += screen_leaks(t, walk(scr))
        out["checks"] += sum(not t.may_show(seat) for seat in range(len(t.seats)))

    def shot(name):
        app.save_screenshot(ART / f"{name}.png")
        out["shots"].append(name)
        out["faults"][name] = text_faults(screen(), Window.size)

    def choice_buttons(half=0):
        w = screen().half_widget(half)
        return [w.ids[k] for k in sorted(w.ids) if k.startswith("choice") and k != "choices"]

    def button(what_kind, half=0):
        return next((b for b in choice_buttons(half) if b.what[0] == what_kind
                     or (b.what[0] == "act" and b.what[1] == what_kind)), None)

    def bots_until(want, limit=400):
        """The sensible bot plays both seats until the bottom seat may do ``want(legal)``."""
        import time
        t0 = time.perf_counter()
        t = app.table
        game = registry.get("cosplay")
        bots = [game.policies["sensible"](t.data, s, 3) for s in range(len(t.seats))]
        for _ in range(limit):
            if t.over:
                return False
            seat = min(t.to_act())
            legal = t.legal(seat)
            if seat == 0 and want(legal, t.state):
                app.sync()
                out["hunt_s"] = out.get("hunt_s", 0) + time.perf_counter() - t0
                return True
            t.act(bots[seat].act(t.state.observation(seat), legal))
        out["hunt_s"] = out.get("hunt_s", 0) + time.perf_counter() - t0
        return False

    def scenario():
        """The steps, one per yield (the app redraws between them)."""
        while app.sm.current != "home" or st["steps"] < 8:
            yield
        if LANG == "fr":
            app.set_setting("lang", "fr")
            app.sync()
            yield
        home = screen()
        tap(home.ids.game_cosplay)
        yield
        if MODE in ("four", "all"):
            yield from four()
        if MODE == "all":
            app.leave_table()
            for _ in range(3):
                yield
            tap(screen().ids.game_cosplay)
            yield
        if MODE in ("moves", "all"):
            yield from moves()
        out["done"] = True

    def four():
        t = app.table
        t.seed_games(11)
        home = screen()
        tap(home.ids.tlv1)
        out["offered"] = sorted(int(k[5:]) for k in home.ids if k.startswith("tbots"))
        tap(home.ids.tbots3)
        tap(home.ids.tsolo)
        for _ in range(5):
            yield
        scr = screen()
        out["players"] = len(t.seats)
        out["halves"] = [t.half_of(q) for q in range(len(t.seats))]
        seen = []
        said = set()
        ends = 0
        # The person ends turns by the secondary key; the bots play; every few steps the middle
        # tiles are compared with the engine's state.
        for _ in range(400):
            yield
            pub = t.observation(None)
            tiles = [scr.ids[f"seat_tile{i}"] for i in range(2)]
            for i, q in enumerate((2, 3)):
                tile, me = tiles[i], pub["seats"][q]
                want = [t.setup.players[q], str(me["score"]), str(me["hand"]), str(me["reserve"]),
                        str(len(me["discard"]))]
                if not all(w in tile.face for w in want) or tile.lit != (pub["current"] == q):
                    raise AssertionError(f"seat {q}'s tile says {tile.face!r}, lit {tile.lit}, for {me}")
                seen.append((q, me["score"], me["hand"], me["reserve"], len(me["discard"]), len(me["assist"])))
            if pub["current"] != 0 and not t.over:        # the bottom half says what the bots just did
                strip = scr.ids.bottom.ids.happened
                for text in strip.said_texts():
                    if text not in said:
                        said.add(text)
                        out["faults"].setdefault("bots-said", []).extend(text_faults(strip, Window.size))
            if pub["current"] == 0 and not t.over:
                if pub["phase"] == "prepare":
                    t.submit(0, "ready")
                    continue
                key("s", True)
                key("s", False)
                yield
                key("s", True)
                key("s", False)
                ends += 1
            if ends >= 2 and pub["current"] == 0:
                break
        out["bots_said"] = sorted(said)[:12]
        out["tile_states"] = len(set(seen))
        out["ends"] = ends
        out["lit_seen"] = sorted({q for q, *_ in seen})
        # A richer table for the picture: everyone plays on by the bot for a few rounds.
        bots_until(lambda legal, s: s.turns[0] >= 6 and s.phase == "main")
        for _ in range(4):
            yield
        tiles = [scr.ids[f"seat_tile{i}"] for i in range(2)]
        out["tile_faces"] = [x.face for x in tiles]
        out["assist_counts"] = [len(t.state.assist[q]) for q in (2, 3)]
        shot(f"cosplay-four-{LANG}")

    def moves():
        """Two players at the table; the bot plays both seats until the bottom seat may do one of
        the moves not yet done, which is then done by taps; a new game when one ends first."""
        t = app.table
        t.seed_games(14)
        wants = {
            "attach": lambda legal, s: any(a.kind == "attach" for a in legal),
            "use": lambda legal, s: s.phase == "main" and any(a.kind == "use" for a in legal),
            "combo": lambda legal, s: any(a.kind == "combo" for a in legal),
            "steal": lambda legal, s: any(a.kind == "steal" for a in legal),
            "complete": lambda legal, s: s.phase == "main" and any(a.kind == "complete" for a in legal)
            and _has_spare_wrong_card(s, legal),
            "drama": lambda legal, s: s.phase == "main" and any(a.kind == "drama" for a in legal),
            "recruit": lambda legal, s: s.phase == "main" and _wrong_resource(s, legal) is not None,
        }
        handlers = {"attach": do_attach, "use": do_use, "combo": do_combo, "steal": do_steal,
                    "complete": do_complete, "drama": do_drama, "recruit": do_recruit}
        games = 0
        while len(out["did"]) < len(wants) and games < 6:
            if t.state is None or t.over or games == 0:
                games += 1
                app.leave_table() if games > 1 else None
                yield
                tap(screen().ids.game_cosplay)
                yield
                tap(screen().ids.ttwo)
                yield
                if getattr(screen(), "asking", False):      # the four-player game is saved: end it
                    tap(screen().ids.ask_end)
                for _ in range(4):
                    yield
            todo = [k for k in wants if k not in out["did"]]
            if games == 1 and "combo" in todo:
                todo = ["combo"]        # duos and trios are rare: this seed's first game has one, untouched
            if not bots_until(lambda legal, s: any(wants[k](legal, s) for k in todo)):
                continue
            legal = t.legal(0)
            kind = next(k for k in todo if wants[k](legal, t.state))
            yield
            yield from handlers[kind]()
        out["games"] = games

    def do_attach():
        """Attach: equipment on a character, in the preparation phase, by a tap"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        yield
        b = button("attach")
        e, c = b.what[2], b.what[3]
        n = len(t.actions)
        tap(b)
        yield
        ename = scr.card_name(e)
        did["attach"] = {"engine": t.state.attached.get(e) == c and t.actions[n].kind == "attach",
                         "screen": f"+{ename}" in bottom.assist and ename in bottom.status}
        if "cosplay-attach" not in out["shots"]:
            shot(f"cosplay-attach-{LANG}")
        yield

    def do_use():
        """Use: a Défausse or Sacrifice ability, by a tap"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        if t.state.phase == "prepare":
            t.submit(0, "ready")
        yield
        b = button("use")
        c = b.what[2]
        logo = t.state.inst.types[c].logo
        n = len(t.actions)
        cem = len(t.state.cemetery)
        tap(b)
        yield
        while t.state.choice is not None:        # an ability that asks: the first option
            tap(choice_buttons()[0])
            yield
        where = t.state.discard[0] if logo == "discard" else t.state.cemetery
        did["use"] = {"engine": t.actions[n].kind == "use" and c in where and c not in t.state.assist[0],
                      "screen": scr.card_name(c) not in bottom.assist.split("[s]")[0]
                      and (logo == "discard" or len(t.state.cemetery) == cem + 1
                           and scr.card_name(c) in scr.ids.cemetery.face),
                      "said": bottom.status, "logo": logo}
        yield

    def do_combo():
        """Combo: a duo or trio, by a tap; its cards then pay nothing this turn (struck through)"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        if t.state.phase == "prepare":
            t.submit(0, "ready")
        yield
        b = button("combo")
        c = b.what[2]
        n = len(t.actions)
        tap(b)
        yield
        while t.state.choice is not None:
            tap(choice_buttons()[0])
            yield
        did["combo"] = {"engine": t.actions[n].kind == "combo" and c in t.state.combos_used and c in t.state.used,
                        "screen": "[s]" in bottom.assist and all(k.key != c for k in t.state.units(0)),
                        "said": bottom.status}
        yield

    def do_steal():
        """La Passion: tapped in the hand, a card of the other's assistance zone, paid"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        if t.state.phase == "prepare":
            t.submit(0, "ready")
        yield
        key("a", True)
        yield
        strip = bottom.ids.hand
        passion = [f for f in strip.faces() if scr._is_passion(int(f.card))]
        lit_passion = bool(passion) and passion[0].lit
        tap(passion[0])
        yield
        options = [b.what for b in choice_buttons() if b.what[0] == "steal"]
        status = bottom.status
        shot(f"cosplay-passion-{LANG}")
        b = button("steal")
        q, c = b.what[1], b.what[2]
        tap(b)
        yield
        picked = scr.target
        tap(button("pay"))
        yield
        key("a", False)
        yield
        did["steal"] = {"engine": c in t.state.assist[0] and c not in t.state.assist[1]
                        and any(a.kind == "steal" for a in t.actions[-8:]),
                        "screen": scr.card_name(c) in bottom.assist and scr.card_name(c) not in
                        scr.ids.top.assist, "lit": lit_passion, "options": len(options),
                        "target": picked == ("steal", (q, c)), "status": status,
                        "passion_after": scr.t("cp_passion_discard") in bottom.counts}
        yield

    def do_complete():
        """Completing an objective and changing its payment by tapping hand cards"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        yield
        key("a", True)
        yield
        z = next(a.args[0] for a in t.legal(0) if a.kind == "complete")
        tap(scr.ids[f"objective{z}"])
        yield
        shown = list(scr.proposal(0).payers)
        strip = bottom.ids.hand
        ringed = sorted(f.card for f in strip.faces() if f.lit)
        # a hand card the cost has no use for: refused, said why, nothing changed
        wrong = _wrong_card(t.state, z)
        n, obs = len(t.actions), json.dumps(t.observation(None), sort_keys=True)
        tap(next(f for f in strip.faces() if f.card == str(wrong)))
        yield
        refused = {"status": bottom.status, "same_payment": list(scr.proposal(0).payers) == shown,
                   "same_state": len(t.actions) == n and json.dumps(t.observation(None), sort_keys=True) == obs}
        shot(f"cosplay-refused-{LANG}")
        # a hand card of the payment set aside: another payment without it is proposed
        units = t.state.units(0)
        cost = t.state.target_cost("complete", z)
        # a hand payer without which the cards still pay (so the change is taken), if any
        in_hand = [k for k in shown if k in t.state.hand[0]
                   and cheapest([u for u in units if u.key != k], cost) is not None] or \
                  [k for k in shown if k in t.state.hand[0]]
        changed = None
        if in_hand:
            tap(next(f for f in strip.faces() if f.card == str(in_hand[0])))
            yield
            after = scr.proposal(0)
            kind = t.state.inst.types[in_hand[0]].id

            def spent(payers):
                return sum(1 for k in payers if k in t.state.hand[0] and t.state.inst.types[k].id == kind)

            # one card fewer of that kind (alike cards are one choice: the lowest numbers are named)
            changed = {"without": after is None or spent(after.payers) < spent(shown),
                       "status": bottom.status, "payers": None if after is None else list(after.payers)}
        final = list(scr.proposal(0).payers)
        pts = t.state.obj_points[0]
        obj = t.state.obj_zones[z - 1]
        tap(button("pay"))
        yield
        key("a", False)
        yield
        paid = list(t.actions[n].args[1:]) if len(t.actions) == n + 1 else None      # one action
        did["complete"] = {"engine": t.actions[n].kind == "complete" and obj in t.state.assist[0]
                           and t.state.obj_points[0] == pts + t.state.inst.types[obj].points,
                           "paid_as_shown": paid == final, "paid": [paid, final, [a.to_text() for a in t.actions[n:]]], "ringed": ringed == sorted(
                               str(k) for k in shown if k in t.state.hand[0] or str(k) in ringed),
                           "screen": scr.card_name(obj) in bottom.assist and str(t.state.score(0)) in bottom.who,
                           "refused": refused, "changed": changed, "wrong": scr.card_name(wrong)}
        yield

    def do_recruit():
        """Recruiting with a hand card of a resource the cost does not ask: refused, said why"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        z, wrong = _wrong_resource(t.state, t.legal(0))
        key("a", True)
        yield
        tap(scr.ids[f"zone{z}"])
        yield
        shown = list(scr.proposal(0).payers)
        n, obs = len(t.actions), json.dumps(t.observation(None), sort_keys=True)
        tap(next(f for f in bottom.ids.hand.faces() if f.card == str(wrong)))
        yield
        refused = {"status": bottom.status, "same_payment": list(scr.proposal(0).payers) == shown,
                   "same_state": len(t.actions) == n and json.dumps(t.observation(None), sort_keys=True) == obs,
                   "wrong": scr.card_name(wrong)}
        # the language changed in the settings while the refusal shows: it is said again in the new one
        other = "fr" if LANG == "en" else "en"
        app.set_setting("lang", other)
        yield
        refused["other_lang"] = {"status": bottom.status, "wrong": scr.card_name(wrong)}
        app.set_setting("lang", LANG)
        yield
        card = t.state.zones[z - 1]
        tap(button("pay"))
        yield
        key("a", False)
        yield
        out["did"]["recruit"] = {"engine": t.actions[n].kind == "recruit" and card in t.state.assist[0],
                                 "screen": scr.card_name(card) in bottom.assist, "refused": refused}
        yield

    def _wrong_resource(s, legal):
        """(zone, hand card): a zone the bottom seat may recruit whose cost asks no multicolour
        part, and a hand card with points of none of the resources it asks; or None."""
        inst = s.inst
        for a in legal:
            if a.kind != "recruit":
                continue
            cost = s.recruit_cost(s.zones[a.args[0] - 1])
            if cost[3]:
                continue
            for c in s.hand[0]:
                g = inst.gives[c]
                if inst.kind[c] != "equipment" and any(g) and not any(g[i] and cost[i] for i in range(3)):
                    return a.args[0], c
        return None

    def do_drama():
        """Drama: the pile tapped, the proposed payment confirmed"""
        t = app.table
        scr = screen()
        bottom = scr.ids.bottom
        did = out["did"]
        yield
        n, before = len(t.actions), len(t.state.discard[1])
        tap(scr.ids.drama)
        yield
        tap(button("pay"))
        yield
        dramas = [c for c in t.state.discard[1] if t.state.inst.kind[c] == "drama"]
        did["drama"] = {"engine": t.actions[n].kind == "drama" and len(t.state.discard[1]) == before + 1
                        and len(dramas) >= 1,
                        "screen": f"{len(t.state.discard[1])}" in scr.ids.top.counts}
        yield

    def _wrong_card(s, z):
        cost = s.inst.cost[s.obj_zones[z - 1]]
        return next(c for c in s.hand[0] if not (s.inst.total_gives[c] and s.inst.kind[c] != "equipment")
                    or not any(g and (cost[i] or cost[3]) for i, g in enumerate(s.inst.gives[c])))

    def _has_spare_wrong_card(s, legal):
        """A hand card that cannot pay the first completable objective (La Passion, Drama...)."""
        z = next(a.args[0] for a in legal if a.kind == "complete")
        try:
            _wrong_card(s, z)
        except StopIteration:
            return False
        return True

    st = {"steps": 0}
    plan = scenario()

    def step(dt):
        st["steps"] += 1
        try:
            next(plan)
            check()
        except StopIteration:
            ev.cancel()
            Clock.schedule_once(lambda dt: app.stop(), 0.1)
        except Exception:       # noqa: BLE001 -- any failure of a step is the run's result
            import traceback
            out["error"] = traceback.format_exc()
            ev.cancel()
            app.stop()

    ev = Clock.schedule_interval(step, 0.015)


PORT = reserved_port()                          # a port of our own for phones, held until the kiosk binds it
rc = run(["--data", str(DATA), "--windowed", "--phone-port", str(PORT)], app_hook=hook)
out["rc"] = rc
print("MOVES-RESULT " + json.dumps(out), flush=True)
