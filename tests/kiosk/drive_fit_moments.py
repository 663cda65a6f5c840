"""The table games' crowded moments, in the real app (offscreen), checked by the fit check.

    python drive_fit_moments.py DATA_DIR ARTIFACTS_DIR WxH LANG [large]   ->   "FITMOMENTS-RESULT {...}"

Wacky Challenge solo against three bots (four cards revealed a turn, several on one line of
the hierarchy; the booster offered to the person when they pick last) and Cosplay Team Battle
solo against one bot (the person lays out every card they may, so their assistance zone fills;
"End turn" in French).  The person plays through the table, by the same choice each time; after
every change the whole screen goes through :func:`fit_check.text_faults`, each fault kept once with
the moment it was seen (``faults``; ``known``: the route rows' cards of Wacky Challenge, which do
not fit yet at four players and 800x480), and the first picture of each moment is saved
(``fit-GAME-MOMENT-WxH-LANG.png``).  With ``large`` the text size setting is "large".
"""

import os
import sys
from pathlib import Path

from app_driver import Driver, run_app, start_table_game, walk

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
SIZE, LANG = sys.argv[3], sys.argv[4]
LARGE = len(sys.argv) > 5 and sys.argv[5] == "large"
ART.mkdir(parents=True, exist_ok=True)
if LARGE:
    os.environ["KIVY_METRICS_FONTSCALE"] = "1.12"
out = {"error": None, "faults": {}, "known": {}, "moments": {}, "size": SIZE, "lang": LANG}


def moment(game, t) -> str:
    pub = t.observation(None)
    if game == "wacky":
        if pub["phase"] == "boost":
            return "booster"
        played = [c for c in pub["played"] if c]
        data = t.data
        per_line = {}
        for c in played:
            v = data.vehicle[data.index[c]]
            per_line[v] = per_line.get(v, 0) + 1
        return "crowded-line" if per_line and max(per_line.values()) >= 3 else pub["phase"]
    seat = pub["seats"][0]
    return "assist-full" if len(seat["assist"]) >= 4 else pub["phase"]


def hook(app):
    from fit_check import text_faults
    from kivy.core.window import Window

    from kiosk.games import registry as kiosk_games

    d = Driver(app, out, ART)

    def look(game):
        t = app.table
        name = moment(game, t)
        seen = out["moments"].setdefault(game, {})
        scr = d.screen()
        faults = text_faults(scr, Window.size)
        # The route rows' cards (Wacky): known not to fit yet at four players and 800x480.
        routes = {w.text[:60] for w in walk(scr.ids.routes) if getattr(w, "card", None)} if game == "wacky" else set()
        for f in faults:
            known = "RouteRow" in f or any(f"{text!r}:" in f for text in routes)
            into = out["known" if known else "faults"].setdefault(f"{game}:{name}", [])
            if f not in into:
                into.append(f)
        if name not in seen:
            seen[name] = len(faults)
            d.shot(f"fit-{game}-{name}-{SIZE}-{LANG}{'-large' if LARGE else ''}")
        else:
            seen[name] = max(seen[name], len(faults))

    def choose(game, t, legal):
        if game == "cosplay":
            # Lay out what may be laid out, then pay for what may be paid, then end the turn.
            for kind in ("place", "attach", "ready", "recruit", "complete"):
                got = [a for a in legal if a.kind == kind]
                if got:
                    return got[0]
            return next((a for a in legal if a.kind == "end"), legal[0])
        return legal[len(t.actions) % len(legal)]

    def script():
        yield 1.0
        if app.lang != LANG:
            app.set_setting("lang", LANG)
            yield 0.2
        for game, bots in (("wacky", 3), ("cosplay", 1)):
            home = app.sm.get_screen("home")
            if home.game != game:
                d.tap(home.ids[f"game_{game}"])
                yield 0.3
            if bots != kiosk_games.get(game).solo_bots[0]:
                d.tap(home.ids[f"tbots{bots}"])
                yield 0.1
            yield from start_table_game(d, game, 1, 4)
            t = app.table
            for _ in range(600):
                if t.over:
                    break
                if 0 not in t.to_act():
                    yield 0.05
                    continue
                yield 0.1
                look(game)
                t.act(choose(game, t, t.legal(0)))
                if game == "cosplay" and t.observation(None)["turns"][0] >= 7:
                    break
            yield 0.3
            look(game)
            Window.dispatch("on_key_down", 27, 0, None, [])
            yield 0.5
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", SIZE, "--lang", "en"], hook, out, "FITMOMENTS-RESULT")
