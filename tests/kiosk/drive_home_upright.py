"""Home on an upright screen (the Pi Touch Display 2 held upright, 720x1280), each game chosen:
where the set-up, the players and the finished games are, and what does not fit.

Run as a subprocess:  python drive_home_upright.py DATA_DIR ARTIFACTS_DIR WxH LANG
Prints "UPRIGHT-RESULT {json}": per game, the window boxes of the set-up's big buttons and of the
players' column, and the fit check's faults (tests/kiosk/fit_check.py); a screenshot per game.
"""

from __future__ import annotations

from app_driver import Driver, arguments, run_app

DATA, ART, SIZE, LANG = arguments()
out: dict = {"error": None, "games": {}}


def box(w) -> list[float]:
    (x0, y0), (x1, y1) = w.to_window(w.x, w.y), w.to_window(w.right, w.top)
    return [x0, y0, x1, y1]


def hook(app):
    d = Driver(app, out, ART)

    def script():
        from fit_check import black_bands, text_faults
        from kivy.core.window import Window
        yield 0.5
        app.set_setting("lang", LANG)
        home = app.sm.get_screen("home")
        out["portrait"] = home.portrait
        for game in ("challengers", "between", "wacky", "cosplay"):
            home.choose_game(game)
            yield 0.4
            ids = home.ids
            solo = ids.solo if game == "challengers" else ids.tsolo
            players = ids.name1.parent.parent
            path = d.shot(f"home-upright-{game}-{SIZE}-{LANG}")
            from PIL import Image
            rgba = Image.open(path).convert("RGBA")
            out["games"][game] = {"solo": box(solo), "players": box(players), "tab": box(ids["game_" + game]),
                                  "faults": text_faults(home, Window.size),
                                  "bands": black_bands(rgba.tobytes(), rgba.width, rgba.height)}
        d.finish()

    d.follow(script())


if __name__ == "__main__":
    run_app(["--data", str(DATA), "--window", SIZE], hook, out, "UPRIGHT-RESULT")
