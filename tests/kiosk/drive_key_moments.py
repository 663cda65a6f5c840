"""Every key and every button at moments that cover or hold the game, in the real app (offscreen).

    python drive_key_moments.py DATA_DIR ARTIFACTS_DIR   ->   "KEY-MOMENTS-RESULT {...}"

At each moment, every key the table gives a meaning to (:data:`kiosk.keymap.TABLE_KEYS`, pressed
and let go through the window) and both buttons of both halves and the shared toss button
(through the app's one door, as the hardware comes) are pressed -- all but the one the moment
offers -- and the engine's state is read before and after: it must not change, and the screen
must stay.  Then the offered key is pressed and what it did is recorded.

Challengers! (two people): a choice in a match (a digit answers it: one action), the end of a
match held on screen (Enter goes on; the next round's Deck Phase must not be touched), the result
between rounds (Enter: the next round), the match log open (Escape closes it, the game stays),
the rules reference open (the same).  Between Battle, Wacky Challenge and Cosplay Team Battle
(two people): the rules reference open over a game in progress, and the game's end.
"""

import json
import random

from app_driver import Driver, arguments, play_deck_phase, run_app
from registered import table_games

from kiosk.keymap import TABLE_KEYS

DATA, ART, _, _ = arguments()
out = {"error": None, "moments": {}}
SEED = 7
#: Key codes of the named keys, as the window reports them.
CODES = {" ": 32, "enter": 13, "escape": 27}


def hook(app):
    from kivy.core.window import Window

    def key(name):
        code = CODES.get(name, ord(name[0]))
        text = None if name in ("enter", "escape") else name
        Window.dispatch("on_key_down", code, 0, text, [])
        Window.dispatch("on_key_up", code, 0)

    def buttons():
        for half in (0, 1):
            for which in ("primary", "secondary"):
                app.side_button(half, which, True)
                app.side_button(half, which, False)

    def engine_state():
        """The whole game as the engine holds it, and how many actions were played."""
        t = app.table
        c = app.controller
        dump = c.dump() if t.game is not None and t.game.name == "challengers" else t.dump()
        return json.dumps([dump, len(t.actions)], sort_keys=True, default=str)

    def moment(name, offered, covered=lambda: True):
        """Press everything but ``offered`` (keys; "toss" the toss button): nothing may change.
        ``covered()``: the moment is still on screen (an overlay still open...)."""
        before, screen = engine_state(), app.sm.current
        for k in TABLE_KEYS:
            if k not in offered and k != "escape":
                key(k)
        buttons()
        if "toss" not in offered:
            app.side_button(None, "toss", True)
        out["moments"][name] = {"unchanged": engine_state() == before, "screen": [screen, app.sm.current],
                                "still": bool(covered()), "hints": [app.hints.labels[h].text for h in (0, 1)]}
        return before

    def covered(name, is_open):
        """An overlay open over the game: every key and button but Escape changes nothing;
        Escape closes it and the game stays on screen."""
        moment(name, ("escape",), is_open)
        key("escape")
        out["moments"][name]["offered"] = {"open": bool(is_open()), "screen": app.sm.current}

    def script():
        t = app.table
        # ---------------------------------------------------------------- Challengers!
        app.start_table("challengers", "two", seed=SEED)
        c = app.controller
        yield 0.2
        # The Deck Phase by keys, as taps would: the bottom half drafts to its removals, then
        # "1" again and again removes deck cards down to the smallest deck, and then asks.
        deck = app.sm.get_screen("deck")
        for _ in range(40):
            dp = c.deck_phase_at(0)
            if dp is None or dp.stage in ("remove", "done"):
                break
            key("1")
            yield 0.05
        sizes = []
        for _ in range(15):
            key("1")
            yield 0.05
            sizes.append(len(c.deck_phase_at(0).deck))
        out["moments"]["challengers-deck"] = {"unchanged": True, "screen": ["deck", app.sm.current], "still": True,
                                              "stage": c.deck_phase_at(0).stage, "sizes": sizes,
                                              "asked": deck.ids.light._confirm is not None}
        chose = ended = False
        for _ in range(12):                       # rounds, until a choice and an end were seen
            while app.sm.current == "deck":
                play_deck_phase(c)
                yield 0.1
            m = c.match
            for _ in range(400):
                if m is None or m.winner is not None:
                    break
                kind, side = m.expect
                if kind == "toss":
                    c.submit(None, "match.toss")
                elif kind == "reveal":
                    c.submit(c.half_of(side), "match.reveal")
                elif kind == "choose":
                    yield 0.1
                    if not chose:
                        # Each digit answers the choice with its option: "1" is pressed alone.
                        before = moment("challengers-choice", tuple("123456789"))
                        n = len(t.actions)
                        key("1")
                        out["moments"]["challengers-choice"]["offered"] = {
                            "actions": len(t.actions) - n, "last": str(t.actions[-1]) if len(t.actions) > n else None,
                            "changed": engine_state() != before}
                        chose = True
                    else:
                        c.submit(c.half_of(m.pending.player), "match.choose", 0)
            yield 0.3
            match_screen = app.sm.get_screen("match")
            if app.sm.current == "match" and match_screen.end_shown:
                if not ended:
                    before = moment("challengers-end", (" ", "enter", "toss"), lambda screen=match_screen: screen.end_shown)
                    yield 0.1                     # the hints drawn
                    app.save_screenshot(ART / "key-moments-end.png")
                    key("enter")
                    yield 0.2
                    out["moments"]["challengers-end"]["offered"] = {"screen": app.sm.current,
                                                                    "changed": engine_state() != before}
                    ended = True
                else:
                    match_screen.dismiss_end()
                yield 0.2
            if app.sm.current == "result":
                if "challengers-result" not in out["moments"] and not c.tournament_view.over:
                    before = moment("challengers-result", (" ", "enter", "toss"))
                    key("enter")
                    yield 0.2
                    out["moments"]["challengers-result"]["offered"] = {"screen": app.sm.current,
                                                                       "changed": engine_state() != before}
                else:
                    app.sm.get_screen("result").next()
                yield 0.2
            if chose and ended and "challengers-result" in out["moments"]:
                break
        # The match log, then the rules reference, over the next match (of a new tournament if
        # this one is over).
        if c.t is None or c.tournament_view.over:
            app.leave_table()
            app.start_table("challengers", "two", seed=SEED + 1)
            yield 0.2
        while app.sm.current == "deck":
            play_deck_phase(c)
            yield 0.1
        match_screen = app.sm.get_screen("match")
        match_screen.open_log()
        yield 0.2
        covered("challengers-log", lambda: match_screen.ids.log_page.shown)
        # A game left with its log open, then resumed: the log is not open over it again.
        match_screen.open_log()
        app.leave_table()
        yield 0.2
        c.resume()
        yield 0.2
        out["moments"]["challengers-log"]["resumed"] = {"screen": app.sm.current,
                                                        "log_open": match_screen.ids.log_page.shown}
        app.chrome.help.open()
        yield 0.2
        covered("challengers-rules", lambda: app.chrome.help.shown)
        app.leave_table()
        yield 0.3
        # ---------------------------------------------------------------- the other games
        rng = random.Random(SEED)
        for game in table_games():
            app.start_table(game, "two", seed=SEED)
            yield 0.3
            # Play a few moves, so that the bottom half's person has something to do.
            for _ in range(6):
                acting = sorted(t.to_act())
                if not acting:
                    break
                t.act(rng.choice(t.legal(acting[0])))
            yield 0.2
            app.chrome.help.open()
            yield 0.2
            covered(f"{game}-rules", lambda: app.chrome.help.shown)
            for _ in range(3000):
                if t.over:
                    break
                acting = sorted(t.to_act())
                t.act(rng.choice(t.legal(acting[0])))
            yield 0.3
            moment(f"{game}-over", ())
            app.leave_table()
            yield 0.3
        app.stop()

    Driver(app, out).follow(script(), 0.5)


run_app(["--data", str(DATA), "--window", "800x480"], hook, out, "KEY-MOMENTS-RESULT")
