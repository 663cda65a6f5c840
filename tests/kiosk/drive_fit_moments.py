"""The table games' crowded moments, in the real app (offscreen), checked by the fit check.

    python drive_fit_moments.py DATA_DIR ARTIFACTS_DIR WxH LANG [normal|large] [GAME:BOTS,...]
        ->   "FITMOMENTS-RESULT {...}"

By default Wacky Challenge solo against three bots (four cards revealed a turn, several on one
line of the hierarchy; the booster offered to the person when they pick last), then against six
(seven names on the hierarchy and seven route rows), and Cosplay Team Battle solo against one bot
(the person lays out every card they may, so their assistance zone fills; "End turn" in French);
``GAME:BOTS,...`` names other games and bot counts (``between:1``).  With ``large`` the text
size is set to "Large" on the settings before the first game, as a player would (it applies at
once).  The person plays through the table, by the same choice each time; after every change the
whole screen goes through :func:`fit_check.text_faults` and :func:`fit_check.text_overlaps` (and
once while the person holds their button, their hand face up: moment ``hand``), each
fault kept once with the moment it was seen (``faults``, keyed ``GAMEPLAYERS:MOMENT``), and the
first picture of each moment is saved (``fit-GAMEPLAYERS-MOMENT-WxH-LANG[-large].png``).
"""

import sys
from pathlib import Path

from app_driver import Driver, run_app, start_table_game

DATA, ART = Path(sys.argv[1]), Path(sys.argv[2])
SIZE, LANG = sys.argv[3], sys.argv[4]
LARGE = len(sys.argv) > 5 and sys.argv[5] == "large"
RUNS = [(g, int(n)) for g, n in (x.split(":") for x in sys.argv[6].split(","))] if len(sys.argv) > 6 else [
    ("wacky", 3), ("wacky", 6), ("cosplay", 1)]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "faults": {}, "moments": {}, "size": SIZE, "lang": LANG, "large": LARGE}


def moment(game, t) -> str:
    pub = t.observation(None)
    if t.over:
        return "over"
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
    if game == "cosplay":
        seat = pub["seats"][0]
        return "assist-full" if len(seat["assist"]) >= 4 else pub["phase"]
    return str(pub.get("phase", "play"))


def hook(app):
    from fit_check import text_faults, text_overlaps
    from kivy.core.window import Window
    from kivy.metrics import Metrics

    from kiosk.games import registry as kiosk_games

    d = Driver(app, out, ART)

    def look(run, name=None):
        game = run.rstrip("0123456789")
        name = name or moment(game, app.table)
        seen = out["moments"].setdefault(run, {})
        scr = d.screen()
        faults = text_faults(scr, Window.size) + text_overlaps(scr)
        into = out["faults"].setdefault(f"{run}:{name}", [])
        into.extend(f for f in faults if f not in into)
        if name not in seen:
            seen[name] = len(faults)
            d.shot(f"fit-{run}-{name}-{SIZE}-{LANG}{'-large' if LARGE else ''}")
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

    def settled(t):
        """Wait until the table has not changed for a few frames (the bots' moves shown, the
        layout done): what a person would look at."""
        seen = None
        while seen != len(t.actions):
            seen = len(t.actions)
            yield 0.1

    def script():
        yield 1.0
        if app.lang != LANG:
            app.set_setting("lang", LANG)
            yield 0.2
        if LARGE:
            app.chrome.change(text_size="large")     # what the settings screen's "Large" does
            yield 0.3
            out["fontscale"] = Metrics.fontscale
        for game, bots in RUNS:
            run = f"{game}{bots + 1}"
            home = app.sm.get_screen("home")
            if home.game != game:
                d.tap(home.ids[f"game_{game}"])
                yield 0.3
            if bots != kiosk_games.get(game).solo_bots[0]:
                d.tap(home.ids[f"tbots{bots}"])
                yield 0.1
            yield from start_table_game(d, game, 1, 4)
            t = app.table
            hand_seen = False
            for _ in range(900):
                if t.over:
                    break
                if 0 not in t.to_act():
                    yield 0.05
                    continue
                yield from settled(t)
                look(run)
                if not hand_seen:
                    # the person holds their button: their hand face up, each card framed
                    hand_seen = True
                    d.key_down("a")
                    yield 0.3
                    look(run, "hand")
                    d.key_up("a")
                    yield from settled(t)
                    if 0 not in t.to_act():
                        continue
                t.act(choose(game, t, t.legal(0)))
                if game == "cosplay" and t.observation(None)["turns"][0] >= 7:
                    break
            yield 0.3
            look(run)
            Window.dispatch("on_key_down", 27, 0, None, [])
            yield 0.5
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", SIZE, "--lang", "en"], hook, out, "FITMOMENTS-RESULT")
