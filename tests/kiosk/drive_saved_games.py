"""Saved and finished games on the home screen, in the real app (offscreen, real touches and
real key events through the window).

Run as a subprocess by test_saved_games_app.py:  python drive_saved_games.py DATA_DIR ARTIFACTS_DIR [LANG]
The data folder's kiosk.db already holds finished games of every game (the test played them).

* A Wacky Challenge game with a phone seat is played to its second turn and left; a Between
  Battle game is started (nothing asked: no Between Battle game is saved) and left: both saved.
* "Solo" on Wacky Challenge's panel asks first, saying what would end; "Keep it" keeps both;
  asked again, "End it and start" starts a new one: only the old Wacky Challenge game is closed.
* Every game's panel: its Resume row (Challengers! and Cosplay Team Battle saved meanwhile),
  each resumed and left.
* Every game's finished games listed on home, ten at a time; a tap opens one: its result and
  its log.
* The name grid typed on with a keyboard's real events: Shift down, "a" down with its text "A".
* "Large" text on the settings screen: a label of that screen grows at once.

Prints "SAVED-RESULT {json}"; screenshots ``saved-*.png`` in ARTIFACTS_DIR.
"""

from app_driver import Driver, arguments, run_app, touch
from registered import kiosk_games

DATA, ART, LANG, _ = arguments()
LANG = LANG or "en"
out: dict = {"error": None, "asked": {}, "resume_rows": {}, "resumed": {}, "finished": {}, "opened": {}}


def hook(app):
    from kivy.core.window import Window

    d = Driver(app, out, ART)

    def home():
        return app.sm.get_screen("home")            # asked each time: a new text size makes it again

    def saved_ids():
        return {g: tid for tid, g, *_ in app.store.unfinished_table_games()}

    def escape():
        Window.dispatch("on_key_down", 27, 41, None, [])
        Window.dispatch("on_key_up", 27, 41)

    def choose(game):
        touch(home().ids[f"game_{game}"])

    def row_of(game):
        h = home()
        if game == "challengers":
            return {"shown": h.can_resume and h.ids.resume.opacity == 1 and h.ids.resume.height > 0,
                    "text": h.ids.resume.text}
        return {"shown": h.can_resume_table and h.ids.tresume.opacity == 1 and h.ids.tresume.height > 0,
                "text": h.ids.tresume.text}

    def play_people(until_turn):
        """The people's and the phone's moves (their first legal action), the bots playing theirs."""
        t = app.table
        for _ in range(400):
            if t.observation(None).get("turn", 0) >= until_turn:
                return
            for seat in sorted(t.to_act()):
                if not t.is_bot(seat):
                    t.act(t.legal(seat)[0])
            yield 0.05
        raise RuntimeError("the game did not reach its turn")

    def texts_under(w):
        from kiosk_hook import widget_texts
        return widget_texts(w)

    def script():
        yield 0.5
        if LANG != "en":
            app.set_setting("lang", LANG)
            yield 0.2
        app.table.seed_games(20261128)
        # A Wacky Challenge game: the person, a phone seat and bots, played to turn 2, left.
        choose("wacky")
        yield 0.2
        touch(home().ids.tphones1)
        yield 0.1
        touch(home().ids.tsolo)
        yield 0.5
        out["wacky_screen"] = app.sm.current
        yield from play_people(2)
        out["wacky_seats"] = [s.kind for s in app.table.seats]
        escape()
        yield 0.3
        first = saved_ids()
        # A Between Battle game: nothing asked (no Between Battle game is saved), left at once.
        choose("between")
        yield 0.2
        touch(home().ids.tsolo)
        yield 0.5
        out["between_started_at_once"] = app.sm.current.startswith("between")
        escape()
        yield 0.3
        both = saved_ids()
        out["saved_after_two"] = sorted(both)
        out["wacky_kept"] = both.get("wacky") == first.get("wacky")
        out["game_buttons"] = {b.game: b.text for b in home().ids.games.children}
        # Wacky Challenge again: the question, "Keep it", then again and "End it and start".
        choose("wacky")
        yield 0.2
        out["resume_rows"]["wacky-before"] = row_of("wacky")
        touch(home().ids.tsolo)
        yield 0.3
        h = home()
        from fit_check import text_faults
        out["asked"]["first"] = {"asking": h.asking, "text": h.ids.ask_text.text, "screen": app.sm.current,
                                 "faults": text_faults(app.root, Window.size)}
        d.shot(f"saved-question-{LANG}")
        touch(h.ids.ask_keep)
        yield 0.3
        out["asked"]["kept"] = {"asking": home().asking, "screen": app.sm.current, "saved": saved_ids() == both}
        touch(home().ids.tsolo)
        yield 0.3
        out["asked"]["again"] = home().asking
        touch(home().ids.ask_end)
        yield 0.5
        new = app.table.table_id
        out["asked"]["ended"] = {"screen": app.sm.current, "new": new,
                                 "old": app.store.db.conn.execute(
                                     "select finished is not null, note from table_games where id = ?",
                                     (both["wacky"],)).fetchone(),
                                 "between_kept": saved_ids().get("between") == both["between"]}
        escape()
        yield 0.3
        # Every other game saved too (nothing to ask), each left at once.
        for game in [g for g in kiosk_games() if g not in ("wacky", "between")]:
            choose(game)
            yield 0.2
            touch(home().ids.solo if game == "challengers" else home().ids.tsolo)
            yield 0.6
            out.setdefault("started", {})[game] = app.sm.current
            escape()
            yield 0.3
        out["saved_all"] = sorted(saved_ids())
        # Every game's Resume row, each resumed and left.
        for game in kiosk_games():
            choose(game)
            yield 0.2
            out["resume_rows"][game] = row_of(game)
            if game == "wacky":
                d.shot(f"saved-home-{LANG}")
            touch(home().ids.resume if game == "challengers" else home().ids.tresume)
            yield 0.6
            out["resumed"][game] = {"screen": app.sm.current, "id": app.table.table_id,
                                    "saved": saved_ids().get(game)}
            escape()
            yield 0.3
        # Finished games: listed per game; a tap opens the result and its log.
        for game in kiosk_games():
            choose(game)
            yield 0.2
            from kiosk.home import HistoryRow
            box = home().ids.history
            rows = [w for w in reversed(box.children) if isinstance(w, HistoryRow)]
            out["finished"][game] = [w.text for w in rows]
            more = home().ids.get("history_more")
            if more is not None:                       # ten at a time: "Show 2 more"
                out.setdefault("more", {})[game] = more.text
                d.tap(more)
                yield 0.2
                out["more"][game + "-after"] = sum(isinstance(w, HistoryRow) for w in box.children)
            touch(rows[0])
            yield 0.4
            scr = app.sm.current_screen
            out["opened"][game] = {"screen": app.sm.current, "heading": scr.heading, "result": scr.result,
                                   "players": scr.players, "log": list(scr.record.log) if scr.record else [],
                                   "shown": texts_under(scr.ids.log), "id": scr.listed.id,
                                   "faults": text_faults(app.root, Window.size)}
            d.shot(f"saved-finished-{game}-{LANG}")
            touch(scr.ids.back)
            yield 0.3
            out["opened"][game]["back"] = app.sm.current
        # The name grid, typed on with a keyboard: Shift, then "a" with the text its layout gives.
        touch(home().ids.name1)
        yield 0.2
        for code, scan, text in ((304, 225, None), (97, 4, "A"), (110, 17, "n"), (97, 4, "a")):
            mods = ["shift"] if code == 97 and text == "A" else []
            Window.dispatch("on_key_down", code, scan, chr(code), mods)     # as Kivy's SDL window reports it
            if text is not None:
                Window.dispatch("on_textinput", text)
            if code != 304:
                Window.dispatch("on_key_up", code, scan)
            if text == "A":
                Window.dispatch("on_key_up", 304, 225)
        out["typed"] = app.chrome.names_entry.text
        Window.dispatch("on_key_down", 13, 40, "\r", [])
        Window.dispatch("on_key_up", 13, 40)
        yield 0.2
        out["name"] = {"names": list(app.chrome.names), "button": home().ids.name1.text,
                       "grid_shown": app.chrome.names_entry.shown}
        # "Large" text: at once, on the screen on display.
        touch(home().ids.open_settings)
        yield 0.3
        scr = app.sm.get_screen("settings")
        before = {"title": scr.ids.title.font_size, "home_solo": home().ids.solo.font_size}
        touch(scr.ids.text_large)
        yield 0.4
        scr = app.sm.get_screen("settings")
        out["large"] = {"before": before, "screen": app.sm.current,
                        "after": {"title": scr.ids.title.font_size, "home_solo": home().ids.solo.font_size},
                        "message": scr.ids.message.text, "state": scr.ids.text_large.state,
                        "faults": text_faults(app.root, Window.size)}
        d.shot(f"saved-large-settings-{LANG}")
        touch(scr.ids.back)
        yield 0.4
        out["large"]["home"] = {"screen": app.sm.current, "faults": text_faults(app.root, Window.size),
                                "saved": sorted(saved_ids()), "game": home().game,
                                "names": list(home().player_names)}
        d.shot(f"saved-large-home-{LANG}")
        d.finish()

    d.follow(script())


run_app(["--data", str(DATA), "--windowed"], hook, out, "SAVED-RESULT")
