"""Each game's play screen on an upright screen (the Pi Touch Display 2 held so, 720x1280), then
the same window turned landscape (1280x720): where each half's card (its player's name) and its
hand (Challengers!: its bench) are, and what does not fit.

    python drive_upright_games.py DATA_DIR ARTIFACTS_DIR WxH:WxH   ->   "UPRIGHT-GAMES-RESULT {json}"

For each game, two people at the table (Challengers!: its match, once the Deck Phase is played),
at each size: the screen's ``portrait``, the window boxes of the bottom and the top half's name
and hand, the fit check's faults (tests/kiosk/fit_check.py), what sticks out of the box layout
that placed it, a picture.
"""

from __future__ import annotations

from app_driver import Driver, arguments, play_deck_phase, run_app, walk

DATA, ART, SIZES, _arg = arguments()
FIRST, SECOND = SIZES.split(":")
out: dict = {"error": None, "sizes": {}}
#: Per game: the screen's ids of its bottom and top halves, and in a half the ids of its card
#: (what says whose half it is) and of its hand.
PARTS = {"between": ("bottom", "top", "help_card", "hand"), "wacky": ("bottom", "top", "who", "hand"),
         "cosplay": ("bottom", "top", "who", "hand"), "challengers": ("light", "dark", "who", "bench")}


def box(w) -> list[float]:
    xs, ys = zip(*(w.to_window(x, y) for x, y in ((w.x, w.y), (w.right, w.top))))
    return [min(xs), min(ys), max(xs), max(ys)]


def outside_their_box(scr) -> list[str]:
    """Every shown widget laid out by a box layout that sticks out of that box layout (a size
    hint meant for the other orientation: a part drawn over its neighbours)."""
    from kivy.uix.boxlayout import BoxLayout
    found = []
    for parent in walk(scr):
        if not isinstance(parent, BoxLayout) or parent.width < 2 or parent.height < 2 or parent.opacity <= 0.01:
            continue
        p = box(parent)
        for w in parent.children:
            if w.width < 2 or w.height < 2 or w.opacity <= 0.01:
                continue
            b = box(w)
            if b[0] < p[0] - 1 or b[1] < p[1] - 1 or b[2] > p[2] + 1 or b[3] > p[3] + 1:
                found.append(f"{type(w).__name__} {[int(v) for v in b]} outside {type(parent).__name__} "
                             f"{[int(v) for v in p]}")
    return found


def hook(app):
    from fit_check import text_faults, text_overlaps
    from kivy.core.window import Window

    d = Driver(app, out, ART)

    def look(game, size):
        scr = app.sm.current_screen
        bottom, top, card, hand = PARTS[game]
        got = {"screen": app.sm.current, "portrait": getattr(scr, "portrait", None)}
        for half in (bottom, top):
            side = scr.ids[half]
            got[half] = {"card": box(side.ids[card]), "hand": box(side.ids[hand])}
        got["faults"] = text_faults(scr, Window.size) + text_overlaps(scr)
        got["outside"] = outside_their_box(scr)
        out["sizes"].setdefault(size, {})[game] = got
        d.shot(f"upright-{game}-{size}")

    def start(game):
        if game == "challengers":
            app.start_table("challengers", "two", seed=7)
            play_deck_phase(app.controller)
        else:
            app.start_table(game, "two", seed=3)
        yield 0.6

    def script():
        yield 0.5
        for size in (FIRST, SECOND):
            if size != FIRST:
                Window.size = tuple(int(x) for x in size.split("x"))
                yield 1.0
            for game in PARTS:
                yield from start(game)
                look(game, size)
                if game != "challengers":
                    app.leave_table()
                else:
                    app.go_back()
                yield 0.3
        d.finish()

    d.follow(script())


if __name__ == "__main__":
    run_app(["--data", str(DATA), "--window", FIRST], hook, out, "UPRIGHT-GAMES-RESULT")
