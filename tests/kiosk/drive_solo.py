"""Drive the real kiosk app through a whole solo tournament with taps and keys.

On the way, as a new player would: the player types their name on the name keyboard (touches on
its keys), picks a card in the first Deck Phase and takes it back with Undo, and at their first
reveal opens the rules reference with their "?" and the match log with their "Log", and closes
both.  Everything else: the first button or card, the player's key for REVEAL.

Run as a subprocess by test_solo_app.py:  python drive_solo.py DATA_DIR ARTIFACTS_DIR
Prints one JSON line "DRIVE-RESULT {...}" at the end.
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("TABLECUP_ROBOT_DELAY", "0.01")

from app_driver import touch as finger  # noqa: E402

from kiosk.main import run  # noqa: E402

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
shots = {}
state = {"steps": 0, "taps": 0, "keys": 0, "done": False, "error": None, "screens": set()}
NAME_KEYS = "zoe"              # typed on the name keyboard: "Zoe" (the first letter a capital)


def hook(app):
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kiosk.widgets import CardFace
    from kivy.uix.button import Button

    def shot(name):
        """Let animations (<= 250 ms) finish, then save; stepping pauses meanwhile."""
        if name not in shots and not state.get("pending"):
            state["pending"] = name
            def later(dt):
                shots[name] = str(app.save_screenshot(ART / f"{name}.png"))
                state["pending"] = None
            Clock.schedule_once(later, 0.3)
            return True
        return False

    def key(ch):
        state["keys"] += 1
        code = {" ": 32}.get(ch, ord(ch))
        Window.dispatch("on_key_down", code, 0, ch, [])
        Window.dispatch("on_key_up", code, 0)

    def tap(w):
        state["taps"] += 1
        w.trigger_action(0)

    def touch(w):
        state["taps"] += 1
        finger(w)

    def type_name():
        """The bottom player's name: their name button opens the on-screen keyboard (laid out by
        the next step), where it is typed and kept with OK."""
        entry = app.chrome.names_entry
        if not entry.shown:
            touch(app.sm.get_screen("home").ids.name1)
            state["keyboard_opened"] = entry.shown
            return
        for ch in NAME_KEYS:
            touch(entry.ids["key_" + ch])
        touch(entry.ids.ok)
        state["name"] = {"opened": state.pop("keyboard_opened"), "typed": app.chrome.names[0],
                         "closed": not entry.shown}

    def pick_and_undo(half, card):
        """Pick ``card`` on ``half`` of the Deck Phase, then (the next step) take it back with that
        half's Undo."""
        c = app.controller

        def seen():
            dp = c.deck_phase_at(half.side)
            return {"drawn": [x.id for x in dp.drawn], "picks_left": dp.picks_left, "deck": len(dp.deck)}
        if "picked" not in state:              # the Undo button shows with the next frame
            state["before"] = seen()
            touch(card)
            state["picked"] = seen()
            return
        touch(half.ids.undo)
        state["undo"] = {"before": state.pop("before"), "picked": state.pop("picked"), "after": seen(),
                         "stored": len(c.store.table_actions(c.game_id)), "actions": len(c.t.actions)}

    def open_rules_and_log():
        """The bottom player's "?" and "Log" (at their right hand, in the middle line)."""
        from kiosk.widgets import HelpTab
        c = app.controller
        tools = app.sm.get_screen("match").ids.mid_light.ids.tools
        help_tab = next(w for w in tools.children if isinstance(w, HelpTab))
        rules = app.chrome.help.ids.page
        touch(help_tab)
        opened = {"shown": rules.shown, "game": rules.game, "turned": rules.turned,
                  "blocks": len(rules.ids.text.children)}
        n = len(c.t.actions)
        key("a")                                     # the page covers the table: nothing happens
        opened["actions_while_open"] = len(c.t.actions) - n
        touch(rules.ids.close)
        opened["closed"] = not rules.shown
        log = app.sm.get_screen("match").ids.log_page
        touch(app.sm.get_screen("match").ids.mid_light.ids.log_button)
        logged = {"shown": log.shown, "lines": len(log.lines), "turned": log.turned}
        touch(log.ids.close)
        logged["closed"] = not log.shown
        state["rules"], state["log"] = opened, logged

    def step(dt):
        try:
            _step()
        except Exception as exc:  # report, then stop
            import traceback
            state["error"] = traceback.format_exc()
            app.stop()

    def _step():
        if state.get("pending"):
            return
        state["steps"] += 1
        if state["steps"] > 6000:
            state["error"] = "too many steps"
            app.stop()
            return
        c = app.controller
        cur = app.sm.current
        state["screens"].add(cur)
        if cur == "home":
            if state["steps"] < 10:      # let the first frames draw
                return
            if shot("home"):
                return
            if "name" not in state:
                type_name()
                return
            app.table.seed_games(20261123)     # the same games, and screenshots, at every run
            tap(app.sm.get_screen("home").ids.solo)
            state["players"] = [p.name for p in app.controller.t.players]
            return
        if cur == "deck":
            scr = app.sm.get_screen("deck")
            for half in (scr.ids.light, scr.ids.dark):
                dp = c.deck_phase_at(half.side)
                if dp is None or dp.stage == "done":
                    continue
                body = half.ids.body
                kids = list(reversed(body.children))
                if dp.stage == "pick":
                    if shot("deck-phase"):
                        return
                    cards = [k for k in kids if isinstance(k, CardFace)]
                    if "undo" not in state:
                        pick_and_undo(half, cards[0])
                        return
                    tap(cards[0])
                elif dp.stage in ("option", "choose"):
                    tap([k for k in kids if isinstance(k, Button)][0])
                elif dp.stage == "remove":
                    shot("deck-remove")
                    tap(half.ids.done)
                return
            return
        if cur == "match" and app.sm.get_screen("match").end_shown:
            if shot("match-end"):            # the last state, held until a player taps
                return
            key(" ")
            return
        if cur == "match":
            m = c.match
            kind, side = m.expect
            # Mid-attack with a bench: cards on at least two seats, an attack with a running total.
            if (kind == "reveal" and m.attack and m.flag_card is not None
                    and any(len(s.bench) >= 2 for s in m.sides) and t_round(c) >= 2):
                if shot("match"):
                    return
            if kind == "toss":
                shot("match-toss")
                key(" ")
            elif kind == "reveal" and not c.is_robot(c.half_of(side)):
                if "rules" not in state and m.flag_card is not None:
                    open_rules_and_log()
                    return
                key("a" if c.half_of(side) == 0 else "l")
            elif kind == "choose" and not c.is_robot(c.half_of(m.pending.player)):
                shot("match-choice")
                key("1")
            return
        if cur == "result":
            t = c.t
            if t.over:
                if "final" not in shots:
                    shot("final")
                    return
                state["done"] = True
                state["winner"] = t.winner
                state["end_reason"] = t.end_reason
                state["rounds"] = t.round
                state["actions"] = len(t.actions)
                state["db_actions"] = len(c.store.table_actions(c.game_id))
                state["ignored"] = len(c.ignored)
                tap(app.sm.get_screen("result").ids.next)
                Clock.schedule_once(lambda dt: (shot("home-after"), Clock.schedule_once(lambda dt: app.stop(), 0.5)), 0.2)
                ev.cancel()
                return
            if shot("result"):
                return
            if c.t.round >= 3 and shot("standings"):
                return
            tap(app.sm.get_screen("result").ids.next)

    def t_round(c):
        return c.t.round

    ev = Clock.schedule_interval(step, 0.02)


rc = run(["--data", str(DATA), "--windowed"], app_hook=hook)
state["screens"] = sorted(state["screens"])
print("DRIVE-RESULT " + json.dumps({"rc": rc, "shots": shots, **state}), flush=True)
