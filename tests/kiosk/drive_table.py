"""Drive the real kiosk app through a whole solo or 2-player tournament, by taps and keys.

Run as a subprocess:  python drive_table.py DATA_DIR ARTIFACTS_DIR solo|two|resume SEED [REMOVE_ROUND]
("resume" taps "Resume" on the home screen and plays the saved game on.)

* Deck Phase: real taps on each half's widgets (first option, first card, first answer, Done).
  With REMOVE_ROUND, player 0 (the bottom half) taps every card of their deck away in that
  round, answering the "fewer than 6 cards" question with "Remove".
* Match: the flag toss by the space bar; a person reveals with the key of the half *where their
  name is shown* ("a" bottom, "l" top); a choice by a tap on the panel of its owner's half.
* Records, at every match step, which names the two halves show, so a test can check that
  everybody keeps their seat.

Prints one line "DRIVE-RESULT {json}" at the end.
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

DATA, ART, MODE, SEED = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
REMOVE_ROUND = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[5] != "-" else None
# Storage faults (drive_table.py ... - FAULT): "fill" fills the data folder's (small) file system
# with a filler file, "inject" makes the store's connection raise sqlite3.OperationalError at
# the action's write.  Twice in round 1's match: once when the person must reveal, once when
# the Robot must; each time the space comes back (or the injection stops) 1.5 s later.
FAULT = sys.argv[6] if len(sys.argv) > 6 else None
# TABLECUP_TEST_STOP_ROUND=N: stop once round N begins (what is saved is checked as after the faults).
STOP_ROUND = int(os.environ.get("TABLECUP_TEST_STOP_ROUND", "0"))
out = {"faults": [], "error": None, "done": False, "steps": 0, "keys": 0, "taps": 0, "seats": [], "confirm_asked": 0,
       "removed": 0, "shots": []}
state = {"pending": None, "started": False}
PER_FRAME = 4


def hook(app):
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.button import Button
    from kiosk.i18n import display_name
    from kiosk.widgets import CardFace

    def shot(name):
        """Save a screenshot once, after animations settle; stepping pauses meanwhile."""
        if name in out["shots"] or state["pending"]:
            return False
        state["pending"] = name

        def later(dt):
            app.save_screenshot(ART / f"{name}.png")
            out["shots"].append(name)
            state["pending"] = None
        Clock.schedule_once(later, 0.6)     # animations end within 250 ms, but a loaded machine draws late
        return True

    def key(ch):
        out["keys"] += 1
        Window.dispatch("on_key_down", {" ": 32}.get(ch, ord(ch)), 0, ch, [])
        Window.dispatch("on_key_up", {" ": 32}.get(ch, ord(ch)), 0)

    def tap(w):
        out["taps"] += 1
        w.trigger_action(0)

    def step(dt):
        try:
            for _ in range(PER_FRAME):            # a few presses per frame: a quicker test, same path
                if state["pending"] or not ev.is_triggered:
                    break
                _step()
        except Exception:
            import traceback
            out["error"] = traceback.format_exc()
            ev.cancel()
            app.stop()

    def _step():
        if state["pending"]:
            return
        out["steps"] += 1
        if out["steps"] > 8000:
            out["error"] = "too many steps (stuck on the %s screen)" % app.sm.current
            ev.cancel()
            app.stop()
            return
        c = app.controller
        cur = app.sm.current
        if c.t is not None and c.t.phase in ("match", "deck") and (
                (FAULT and fault["done"] >= 2 and c.t.round >= 2 and c.t.phase == "match")
                or (STOP_ROUND and c.t.round >= STOP_ROUND)):
            # Play went on after both faults, into the next round's match: what is saved replays
            # to exactly the state on the table.
            from kiosk.games.challengers.board import state_dump
            from kiosk_helpers import replay_saved, saved_actions
            saved = saved_actions(c.store, c.game_id)
            t = replay_saved(c.lib, c.store, c.game_id).tournament
            out.update(stopped_in_round=c.t.round, actions=len(c.t.actions), db_actions=len(saved),
                       replays_equal=state_dump(t) == state_dump(c.t), schema=c.store.schema_version, lang=app.lang)
            ev.cancel()
            app.stop()
            return
        if cur == "home":
            if not state["started"] and out["steps"] > 5:
                state["started"] = True
                if MODE == "resume":                 # the saved game, by a tap on "Resume"
                    out["resumed_actions"] = c.unfinished()[2]
                    tap(app.sm.get_screen("home").ids.resume)
                    out["resumed"] = c.t is not None and len(c.t.actions) == out["resumed_actions"]
                    return
                names = (app.t("player_name"),) if MODE == "solo" else (app.t("light"), app.t("dark"))
                c.new_game(names, seed=SEED)
            return
        t = c.t
        if cur == "deck":
            scr = app.sm.get_screen("deck")
            for half in (scr.ids.light, scr.ids.dark):
                dp = c.deck_phase_at(half.side)
                if dp is None or dp.stage == "done":
                    continue
                kids = list(reversed(half.ids.body.children))
                if dp.stage == "pick":
                    tap([k for k in kids if isinstance(k, CardFace)][0])
                elif dp.stage in ("option", "choose"):
                    tap([k for k in kids if isinstance(k, Button)][0])
                elif dp.stage == "remove":
                    if REMOVE_ROUND == t.round and half.side == 0 and dp.deck:
                        if half.confirm_buttons and half.confirm_buttons[0].parent is not None:
                            if shot("confirm-remove"):
                                return
                            out["confirm_asked"] += 1
                            tap(half.confirm_buttons[0])          # "Remove"
                        else:
                            faces = [k for k in kids if isinstance(k, CardFace)]
                            n = len(dp.deck)
                            tap(faces[0])
                            out["removed"] += n - len(c.deck_phase_at(half.side).deck)   # a view: read anew
                    else:
                        tap(half.ids.done)
                return
            return
        if FAULT and cur == "match" and fault_step(c):
            return
        if cur == "match" and app.sm.get_screen("match").end_shown:
            key(" ")                         # the match's last state, held until a tap
            return
        if cur == "match":
            m = c.match
            scr = app.sm.get_screen("match")
            bottom, top = scr.ids.light.ids.who.text, scr.ids.dark.ids.who.text
            out["seats"].append([t.round, list(m.players), bottom, top])
            if t.round == 3 and shot(f"match-round3-{MODE}"):
                return
            kind, side = m.expect
            if kind == "toss":
                key(" ")
            elif kind == "reveal":
                name = display_name(t.players[m.players[side]].name, app.lang)     # as the screen says it
                if t.players[m.players[side]].robot:
                    return
                # The key of the half that shows the revealing player's name.
                if f"[b]{name}[/b]" in bottom:
                    key("a")
                elif f"[b]{name}[/b]" in top:
                    key("l")
                else:
                    raise AssertionError(f"{name} is on neither half: {bottom!r} / {top!r}")
            elif kind == "choose":
                who = m.players[m.pending.player]
                if t.players[who].robot:
                    return
                half = scr.ids.light if f"[b]{display_name(t.players[who].name, app.lang)}[/b]" in bottom else scr.ids.dark
                buttons = [b for b in half._buttons if b.option == 0] if half._panel_on else []
                if not buttons:
                    raise AssertionError(f"the choice of {t.players[who].name} is not on their half")
                tap(buttons[0])
            return
        if cur == "result":
            if t.over:
                out.update(done=True, winner=t.winner, end_reason=t.end_reason, rounds=t.round,
                           results=[list(r) for r in t.results], actions=len(t.actions),
                           db_actions=len(c.store.table_actions(c.game_id)),
                           finished=c.store.unfinished_table_game() is None,
                           schema=c.store.schema_version, lang=app.lang)
                if shot(f"final-{MODE}"):
                    return
                ev.cancel()
                Clock.schedule_once(lambda dt: app.stop(), 0.3)
                return
            if c.result and c.result["round"] == REMOVE_ROUND and shot(f"out-of-cards-{MODE}"):
                return
            tap(app.sm.get_screen("result").ids.next)

    import time
    fault = {"on": None, "done": 0, "injected": False}
    filler = DATA / "filler.bin"

    def storage_fails(on):
        if FAULT == "fill":
            if on:
                fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                try:
                    for size in (1 << 16, 1 << 12, 1 << 9, 1):
                        try:
                            while os.write(fd, b"\0" * size):
                                pass
                        except OSError:
                            pass
                finally:
                    os.close(fd)
            else:
                filler.unlink()
        else:
            fault["injected"] = on

    class FailingConnection:
        """The store's connection, failing the action writes while asked to (the "inject" mode)."""

        def __init__(self, conn):
            self._conn = conn

        def execute(self, sql, *a):
            import sqlite3
            if fault["injected"] and sql.startswith("insert into actions"):
                raise sqlite3.OperationalError("database or disk is full")
            return self._conn.execute(sql, *a)

        def __getattr__(self, name):
            return getattr(self._conn, name)

    def fault_step(c):
        """True while a fault is being set up or checked (the normal play waits)."""
        m = c.match
        if FAULT == "inject" and not isinstance(c.store.db.conn, FailingConnection):
            c.store.db.conn = FailingConnection(c.store.db.conn)
        if fault["on"] is None:
            if fault["done"] >= 2 or m is None or c.t.round != 1 or m.reveals < 3 or m.expect[0] != "reveal":
                return False
            robot_turn = c.is_robot(c.half_of(m.expect[1]))
            if robot_turn != (fault["done"] == 1):        # first a person's reveal, then the Robot's
                return False
            fault["on"] = {"at": time.monotonic(), "n": len(c.t.actions), "robot": robot_turn,
                           "dump": json.dumps(c.dump(), sort_keys=True), "checked": False}
            storage_fails(True)
            return False                                   # the person presses now (or the Robot acts)
        f = fault["on"]
        if time.monotonic() - f["at"] < 1.5:
            return f["robot"] is False and c.storage_error is not None   # no more presses meanwhile
        if not f["checked"]:
            f["checked"] = True
            f.update(actions=len(c.t.actions), saved=len(c.store.table_actions(c.game_id)),
                     error=c.storage_error, alert=app.alert.text if app.alert.opacity else "",
                     alert_lets_touches_through=app.alert.passive,
                     same_state=json.dumps(c.dump(), sort_keys=True) == f["dump"], screen=app.sm.current)
            if shot("storage-full-" + ("robot" if f["robot"] else "person")):
                return True
        storage_fails(False)
        out["faults"].append({k: v for k, v in f.items() if k not in ("dump", "at")})
        fault["on"] = None
        fault["done"] += 1
        return False

    ev = Clock.schedule_interval(step, 0.02)


rc = run(["--data", str(DATA), "--windowed"], app_hook=hook)
print("DRIVE-RESULT " + json.dumps({"rc": rc, **out}), flush=True)
