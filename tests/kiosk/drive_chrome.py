"""The shared chrome in the real app (offscreen): settings, names, the rules reference, sounds.

    python drive_chrome.py DATA_DIR ARTIFACTS_DIR   ->   "CHROME-RESULT {...}"

Run with TABLECUP_CONFIG pointing at a folder whose ``kiosk.toml`` the test wrote, and
TABLECUP_SOUND=record (the cues are remembered, not played).  Real touches through the window
(``touch``) or the widgets' own taps (``tap``), real key events through the window (``press``).
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from kiosk.main import run
from engine_peek import install as peek_at_the_engine  # noqa: E402 - the tests' view of the engine

peek_at_the_engine()

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
out = {"error": None, "stages": {}}


def hook(app):
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from kiosk import widgets
    from kiosk.palette import PALETTE

    def touch(w):
        """A real touch through the window at the centre of ``w``."""
        t = UnitTestTouch(*w.to_window(*w.center))
        t.touch_down()
        t.touch_up()

    def tap(w):
        w.trigger_action(0)

    def press(name, codepoint=None):
        """A key pressed and let go, as the window reports it: its code (the character's, or
        the named key's), then the text the keyboard's layout makes of it (``codepoint``, else
        the character), as SDL sends it after the key."""
        keycode = Window._system_keyboard.string_to_keycode(name) if len(name) > 1 else ord(name)
        Window.dispatch("on_key_down", keycode, 0, name if len(name) == 1 else None, [])
        text = codepoint if codepoint is not None else (name if len(name) == 1 else None)
        if text is not None:
            Window.dispatch("on_textinput", text)
        Window.dispatch("on_key_up", keycode, 0)

    def shot(name):
        app.save_screenshot(ART / f"chrome-{name}.png")

    def settings_file():
        p = Path(os.environ["TABLECUP_CONFIG"]) / "settings" / "kiosk.toml"
        return p.read_text(encoding="utf-8") if p.is_file() else ""

    def home():
        return app.sm.get_screen("home")

    def at_start():
        home().choose_game("challengers")
        from kivy.metrics import Metrics
        out["stages"]["start"] = {"alert": app.alert.text if app.alert.opacity else "", "palette": PALETTE.name,
                                  "fontscale": Metrics.fontscale, "solo_font": home().ids.solo.font_size,
                                  "density": Metrics.density,
                                  "go": list(PALETTE.go), "speed": widgets.SPEED,
                                  "volume": app.chrome.sound.volume, "screen": app.sm.current}
        touch(app.alert)                       # the notice goes when tapped

    def open_settings():
        touch(home().ids.open_settings)
        scr = app.sm.get_screen("settings")
        out["stages"]["settings"] = {"screen": app.sm.current, "volume": scr.volume, "palette": scr.palette}

    def change_settings():
        scr = app.sm.get_screen("settings")
        before = list(home().ids.solo.background_color)
        touch(scr.ids.palette_standard)
        after_palette = {"name": PALETTE.name, "solo_before": before, "solo_after": list(home().ids.solo.background_color),
                         "file": settings_file()}
        n = len(app.chrome.sound.sink.played)
        touch(scr.ids.volume_down)
        after_volume = {"volume": scr.volume, "file": settings_file(), "label": scr.ids.volume.text,
                        "played": app.chrome.sound.sink.played[n:]}
        touch(scr.ids.anim_off)
        after_anim = {"speed": widgets.SPEED, "file": settings_file()}
        touch(scr.ids.text_normal)
        after_text = {"message": scr.message, "file": settings_file()}
        out["stages"]["change"] = {"palette": after_palette, "volume": after_volume, "animations": after_anim,
                                   "text": after_text}
        touch(scr.ids.back)
        out["stages"]["back"] = {"screen": app.sm.current}

    def to_operator():
        app.show_operator()
        op = app.sm.get_screen("operator")
        op.type_pin("1234")
        op.type_pin("2468")          # first use: a PIN of the operator's own, then the settings

    def operator_settings():
        touch(app.sm.get_screen("operator").ids.open_settings)

    def operator_back():
        first = app.sm.current
        press("escape")
        op = app.sm.get_screen("operator")
        out["stages"]["operator"] = {"via": first, "back_to": app.sm.current, "mode": op.mode}
        app.leave_operator()

    def type_names():
        entry = app.chrome.names_entry
        opened = entry.shown
        for ch in "anne":
            tap(entry.ids["key_" + ch])
        on_grid = entry.text
        press("backspace")
        press("a")
        press("enter")
        first = {"opened": opened, "grid": on_grid, "after": app.chrome.names[0], "shown": entry.shown,
                 "button": home().ids.name1.text}
        touch(home().ids.name2)
        for ch in "Bob":
            press(ch.lower(), ch)
        for _ in range(20):
            press("x")                 # longer than a name may be: cut at the limit
        typed = entry.text
        press("escape")                # cancelled: the name stays the default
        cancelled = app.chrome.names[1]
        touch(home().ids.name2)
        for ch in "Bob":
            press(ch.lower(), ch)
        tap(entry.ids.ok)
        out["stages"]["names"] = {"first": first, "too_long": typed, "cancelled": cancelled,
                                  "names": list(app.chrome.names), "store": app.store.get("player_names")}

    def solo():
        touch(home().ids.solo)
        c = app.controller
        out["stages"]["solo"] = {"players": [p.name for p in c.t.players], "screen": app.sm.current}

    def rules():
        touch(app.chrome.help.ids.help)
        page = app.chrome.help.ids.page
        texts = [w.text for w in page.ids.text.children]
        out["stages"]["rules"] = {"shown": page.shown, "game": page.game, "title": page.ids.title.text,
                                  "blocks": len(texts), "flag": any("flag" in t for t in texts)}

    def close_rules():
        page = app.chrome.help.ids.page
        n = len(app.controller.store.history(99))
        press("a")                       # covered by the page: nothing reaches the game
        touch(page.ids.turn)
        out["stages"]["rules"]["turned"] = page.turned
        touch(page.ids.close)
        out["stages"]["rules"]["closed"] = not page.shown
        out["stages"]["rules"]["games_after"] = len(app.controller.store.history(99)) - n
        app.controller.close_game()

    def two_players():
        touch(home().ids.two)
        out["stages"]["asked_before_two"] = home().asking   # the solo game left is saved: it asks first
        touch(home().ids.ask_end)
        c = app.controller
        out["stages"]["two"] = {"players": [p.name for p in c.t.players]}

    events_seen = []

    def record(controller, events):
        events_seen.append([getattr(e, "kind", None) for e in events])

    def play_match():
        """The two-player game's deck phases, then its first match to the end: after each action,
        the events it caused and the cues it asked for."""
        c = app.controller
        c.listeners.append(record)
        sounds = app.chrome.sound
        steps = []
        for _ in range(200):
            done = True
            for half in (0, 1):
                dp = c.deck_phase_at(half)
                if dp is None or dp.stage == "done":
                    continue
                act = {"option": "deck.option", "pick": "deck.pick", "choose": "deck.choose"}.get(dp.stage)
                c.submit(half, act, 0) if act is not None else c.submit(half, "deck.done")
                done = False
                break
            if done:
                break
        wrong = None
        for _ in range(3000):
            if c.result is not None or c.t.over:
                break
            m = c.match
            if m is None:
                break
            kind, side = m.expect
            # the cues from here on (the kiosk keeps its last 100: an index into a full list reads nothing)
            sounds.asked.clear()
            n_events = len(events_seen)
            if kind == "reveal" and wrong is None:
                other = 1 - c.half_of(side)
                c.submit(other, "match.reveal")                  # the half that must wait
                wrong = {"cues": list(sounds.asked), "events": events_seen[n_events:],
                         "hint": app.hints.labels[other].text}
                sounds.asked.clear()
                n_events = len(events_seen)
            if kind == "toss":
                c.submit(None, "match.toss")
            elif kind == "reveal":
                c.submit(c.half_of(side), "match.reveal")
            elif kind == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
            else:
                break
            steps.append({"events": sorted({k for batch in events_seen[n_events:] for k in batch}),
                          "cues": list(sounds.asked)})
        out["stages"]["match"] = {"steps": steps, "wrong": wrong, "played": len(sounds.sink.played)}

    def choose_between():
        app.controller.close_game()
        home().choose_game("between")

    def table_game():
        touch(home().ids.ttwo)
        t = app.table
        out["stages"]["table"] = {"players": list(t.setup.players), "game": t.setup.game}
        # A few moves of Between Battle, taking damage when it may: its events' cues.
        sounds, steps = app.chrome.sound, []
        for _ in range(12):
            seat = sorted(t.to_act())[0]
            acts = t.state.legal_actions(seat)
            pick = next((x for x in acts if x.kind in ("damage", "give")), acts[0])
            sounds.asked.clear()
            events = t.act(pick) or []
            steps.append({"kind": pick.kind, "events": sorted({e.kind for e in events}), "cues": list(sounds.asked)})
        out["stages"]["table"]["steps"] = steps

    def table_rules():
        from kiosk.widgets import HelpTab
        tabs = {w.half: w for w in app.sm.current_screen.walk() if isinstance(w, HelpTab)}
        touch(tabs[1])                           # the top player's "?": the page faces them
        page = app.chrome.help.ids.page
        out["stages"]["table"]["rules"] = {"game": page.game, "title": page.ids.title.text,
                                           "turned": page.turned, "over_all": app.chrome.help.ids.help.opacity}

    def close_table_rules():
        page = app.chrome.help.ids.page
        press("escape")
        out["stages"]["table"]["closed_by_escape"] = not page.shown
        out["stages"]["table"]["screen"] = app.sm.current

    def to_french():
        app.leave_table()
        app.set_setting("lang", "fr")

    def french():
        touch(home().ids.name1)
        out["stages"]["fr"] = {"prompt": app.chrome.names_entry.ids.prompt.text,
                               "key_z": "key_z" in app.chrome.names_entry.ids}

    def cancel_names():
        app.chrome.names_entry.cancel()

    def later(name):
        return lambda: shot(name)

    def open_names():
        touch(home().ids.name1)

    plan = [later("home-start"), at_start, open_settings, later("settings"), change_settings, to_operator,
            operator_settings, operator_back, open_names, later("names"), type_names,
            solo, rules, later("rules-deck"), close_rules, two_players, play_match, choose_between, table_game,
            table_rules, later("rules-between"), close_table_rules, to_french, french, later("names-fr"), cancel_names, app.stop]

    def step(dt):
        try:
            plan.pop(0)()
        except Exception:  # noqa: BLE001 - reported in the result line
            import traceback
            out["error"] = traceback.format_exc()
            app.stop()
            return
        if plan:
            Clock.schedule_once(step, 0.15)

    Clock.schedule_once(step, 2.0)


rc = run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("CHROME-RESULT " + json.dumps({"rc": rc, **out}, ensure_ascii=False), flush=True)
