"""The real kiosk (offscreen) on a copy of the bundled data where some games' files are broken:
each broken game is started from the home screen with real taps, and the table says why it did not
start in one line; a game whose files are fine still starts.

    python drive_broken_data.py DATA_DIR ARTIFACTS_DIR GAME[,GAME...]   ->   "BROKEN-RESULT {...}"

(the test puts the copy of ``cards`` first on PYTHONPATH).
"""

from __future__ import annotations

from app_driver import Driver, arguments, run_app, start_table_game

DATA, ART, GAMES, _arg = arguments()
out: dict = {"error": None, "tries": []}


def hook(app):
    d = Driver(app, out, ART)

    def script():
        for game in GAMES.split(","):
            yield from start_table_game(d, game, 1, 7)
            out["tries"].append({"game": game, "screen": app.sm.current, "playing": app.table.game is not None,
                                 "alert": app.alert.text if app.alert.opacity else "",
                                 "data_error": app.table.data_error})
        d.shot("home-broken-game")
        # A game whose files are fine starts as ever, and the line is gone.
        yield from start_table_game(d, "between" if "between" not in GAMES else "wacky", 1, 7)
        out["then"] = {"screen": app.sm.current, "playing": app.table.game is not None,
                       "data_error": app.table.data_error}
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA)], hook, out, "BROKEN-RESULT")
