"""Challengers! started in English, then the table speaks French: the kiosk's own seat names
("Light", "Dark", "Player") are said in French on every screen of the game (the real app).

Run as a subprocess by test_names_app.py:  python drive_names.py DATA_DIR ARTIFACTS_DIR
Plays a two-player game's first Deck Phase, its match to its end and the result, then a solo
game's Deck Phase, taking every screen's texts after the switch (:func:`kiosk_hook.widget_texts`).
Prints "NAMES-RESULT {json}".
"""

from app_driver import Driver, arguments, run_app

DATA, ART, _, _ = arguments()
out = {"error": None, "texts": {}, "names": {}}


def hook(app):
    from kiosk_hook import widget_texts

    d = Driver(app, out, ART)

    def texts(stage):
        app.sync()
        out["texts"][stage] = widget_texts(app.root)
        d.shot(f"names-{stage}")

    def script():
        c = app.controller
        yield 0.3
        app.start_table("challengers", "two", seed=7)            # in English: "Light" and "Dark"
        out["names"]["two"] = [p.name for p in c.t.players]
        app.set_setting("lang", "fr")
        yield 0.2
        texts("deck")
        while c.match is None:
            s = c.active_deck_side()
            dp = c.deck_phase_at(s)
            {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
             "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
        yield 0.2
        c.submit(None, "match.toss")
        yield 0.2
        texts("match")
        m = c.match
        while c.result is None:
            kind, side = m.expect
            if kind == "reveal":
                c.submit(c.half_of(side), "match.reveal")
            elif kind == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
        yield 0.3
        texts("match-end")
        app.sm.get_screen("match").dismiss_end()
        yield 0.2
        texts("result")
        c.ack_result()
        c.close_game()
        yield 0.2
        app.set_setting("lang", "en")
        app.start_table("challengers", "solo", level=0, seed=8)    # "Player" against the "Robot"
        out["names"]["solo"] = [p.name for p in c.t.players]
        app.set_setting("lang", "fr")
        yield 0.2
        texts("solo-deck")
        d.finish()

    d.follow(script())


run_app(["--data", str(DATA), "--windowed"], hook, out, "NAMES-RESULT")
