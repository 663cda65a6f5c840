"""Every moment of every game at one window size, in the real app (offscreen): English and
French, normal and "Large" text, the players named with the longest names the name entry takes.

    python drive_fit_walk.py DATA_DIR ARTIFACTS_DIR WxH   ->   "FITWALK-RESULT {...}"

The two players' names are typed at :data:`kiosk.name_entry.MAX_NAME` characters, wide letters
first.  Then, once at normal text and once at "Large" (set as the settings screen sets it, applied
at once): Between Battle and Cosplay Team Battle for two people, Wacky Challenge for one person
against three bots, and a Challengers! tournament for two people (its Deck Phase's stages, a match
with its choice panel and its log, the match's last state, the result) are played to their end,
or, for Cosplay, to its seventh turn (its moments have all come by then).  The person to act
plays through the table by the same choice each time.  Animations are off (the settings'
choice): the walk checks where things come to rest.

Every time a person is to act, the whole screen goes through :func:`fit_check.text_faults` and
:func:`fit_check.text_overlaps`, in one language, then the other at the next decision (a
language change applies at once): the first time a moment is seen it is checked in both, and
each moment up to :data:`LOOKS` times.  Faults
are kept once each under ``TEXT:RUN:MOMENT:LANG`` (``faults``); the moments seen under
``moments[TEXT][RUN]``; the first picture of each moment at normal text in English is saved as
``walk-RUN-MOMENT-WxH.png``.  One app for the whole walk: a table game is started from Home as a
player would, so what the walk sees is what a table shows.
"""

from __future__ import annotations

import sys
from pathlib import Path

from app_driver import Driver, run_app, walk

DATA, ART, SIZE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out: dict = {"error": None, "faults": {}, "moments": {}, "size": SIZE, "names": [], "fontscale": {}}
#: (game, how it is started, bots): two people at Between and Cosplay (both halves show a long
#: name), one person against three bots at Wacky (four route rows, several cards to a line).
TABLE_RUNS = (("between", "two", 0), ("wacky", "solo", 3), ("cosplay", "two", 0))
LANGS = ("en", "fr")
#: How many times one moment of one game is checked at one text size (three in each language).
LOOKS = 6


def long_names(max_name: int) -> list[str]:
    """Two names as long as the name entry takes, of wide letters (a fit that holds for these
    holds for any name typed there)."""
    return [("Wilhelmina-Mae " * 3)[:max_name].strip().ljust(max_name, "W"),
            ("Maximilien WOW " * 3)[:max_name].strip().ljust(max_name, "M")]


def table_moment(game: str, t) -> str:
    """The moment of a table game a person is at: its phase, and the crowded ones named."""
    pub = t.observation(None)
    if t.over:
        return "over"
    if game == "wacky":
        if pub["phase"] == "boost":
            return "booster"
        data = t.data
        per_line: dict = {}
        for c in (c for c in pub["played"] if c):
            v = data.vehicle[data.index[c]]
            per_line[v] = per_line.get(v, 0) + 1
        return "crowded-line" if per_line and max(per_line.values()) >= 3 else pub["phase"]
    if game == "cosplay":
        return "assist-full" if len(pub["seats"][0]["assist"]) >= 4 else pub["phase"]
    return str(pub.get("phase", "play"))


def hook(app):
    from fit_check import text_faults, text_overlaps
    from kivy.core.window import Window
    from kivy.metrics import Metrics

    from kiosk.name_entry import MAX_NAME
    from kiosk.widgets import ModalLayer

    d = Driver(app, out, ART)
    state = {"text": "normal", "turn": 0}
    looks: dict = {}

    def check(run: str, name: str):
        """The screen now, in the language shown; its faults kept under the moment.  A page
        open over the screen (a log) hides what is under it: its texts are checked for
        overlaps among themselves."""
        scr = d.screen()
        page = next((w for w in walk(scr) if isinstance(w, ModalLayer) and w.shown), None)
        faults = text_faults(scr, Window.size) + text_overlaps(page if page is not None else scr)
        into = out["faults"].setdefault(f"{state['text']}:{run}:{name}:{app.lang}", [])
        into.extend(f for f in faults if f not in into)

    def switch_language():
        app.set_setting("lang", LANGS[(LANGS.index(app.lang) + 1) % len(LANGS)])
        yield 0.15

    def look(run: str, name: str):
        """Check this moment: in both languages the first time it is seen, else in the language
        shown, and the next check in the other, up to :data:`LOOKS` times (the same moment later
        in a game shows the same parts)."""
        seen = out["moments"].setdefault(state["text"], {}).setdefault(run, [])
        key = (state["text"], run, name)
        looks[key] = looks.get(key, 0) + 1
        if looks[key] > LOOKS:
            return
        check(run, name)
        if name not in seen:
            seen.append(name)
            if state["text"] == "normal" and app.lang == "en":
                d.shot(f"walk-{run}-{name}-{SIZE}")
            yield from switch_language()
            check(run, name)
            if state["text"] == "normal" and app.lang == "en":
                d.shot(f"walk-{run}-{name}-{SIZE}")
        else:
            yield from switch_language()

    def settled(t):
        """Until the table has not changed for a few frames (the bots' moves shown, the layout done)."""
        seen = None
        while seen != len(t.actions):
            seen = len(t.actions)
            yield 0.1

    def table_game(game: str, mode: str, bots: int):
        run = f"{game}{mode}{bots + (2 if mode == 'two' else 1)}"
        home = app.sm.get_screen("home")
        if home.game != game:
            d.tap(home.ids[f"game_{game}"])
            yield 0.3
        app.table.seed_games(4)
        app.start_table(game, mode, level=1, seed=4, bots=bots or None)
        yield 0.4
        t = app.table
        held = False
        for _ in range(900):
            if t.over:
                break
            people = [s for s in t.to_act() if not t.is_bot(s)]
            if not people:
                yield 0.05
                continue
            yield from settled(t)
            seat = people[0]
            half = t.half_of(seat)
            if not held:
                # a person holds their half's button: their hand face up, each card framed
                held = True
                key = "a" if half == 0 else "l"
                d.key_down(key)
                yield 0.3
                yield from look(run, "hand")
                d.key_up(key)
                yield from settled(t)
                continue
            yield from look(run, table_moment(game, t))
            legal = t.legal(seat)
            t.act(choose(game, t, legal))
            if game == "cosplay" and t.observation(None)["turns"][0] >= 7:
                break
        yield 0.3
        yield from look(run, table_moment(game, t))
        app.leave_table()
        yield 0.3

    def choose(game, t, legal):
        if game == "cosplay":
            # Lay out what may be laid out, then pay for what may be paid, then end the turn.
            for kind in ("place", "attach", "ready", "recruit", "complete"):
                got = [a for a in legal if a.kind == kind]
                if got:
                    return got[0]
            return next((a for a in legal if a.kind == "end"), legal[0])
        return legal[len(t.actions) % len(legal)]

    def challengers():
        run = "challengers"
        app.start_table("challengers", "two", seed=7)
        c = app.controller
        yield 0.4
        seen_stages: set = set()
        for _ in range(200):
            dp = c.deck_phase_at(0)
            stage = dp.stage if dp is not None else None
            if stage in ("option", "pick", "remove") and stage not in seen_stages:
                seen_stages.add(stage)
                yield 0.05
                yield from look(run, "deck-" + stage)
            if not deck_step(c):
                break
        choices = 0
        for _ in range(3000):
            if c.result is not None or c.t.over:
                break
            m = c.match
            if m is None:
                break
            kind, side = m.expect
            if kind == "choose":
                if choices < 3:
                    choices += 1
                    yield 0.05
                    yield from look(run, "match-choice")
                    if choices == 1:
                        scr = app.sm.get_screen("match")
                        scr.open_log()
                        yield 0.05
                        yield from look(run, "match-log")
                        scr.ids.log_page.close()
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
            elif kind == "toss":
                c.submit(None, "match.toss")
            elif kind == "reveal":
                if "match-reveal" not in out["moments"].get(state["text"], {}).get(run, []):
                    yield 0.05
                    yield from look(run, "match-reveal")
                c.submit(c.half_of(side), "match.reveal")
            else:
                break
        yield 0.3
        yield from look(run, "match-end")
        if app.sm.current == "match":
            app.sm.get_screen("match").dismiss_end()
            yield 0.2
        yield from look(run, "result")

    def deck_step(c):
        for half in (0, 1):
            dp = c.deck_phase_at(half)
            if dp is None or dp.stage == "done":
                continue
            act = {"option": "deck.option", "pick": "deck.pick", "choose": "deck.choose"}.get(dp.stage)
            c.submit(half, act, 0) if act is not None else c.submit(half, "deck.done")
            return True
        return False

    def script():
        yield 1.0
        names = long_names(MAX_NAME)
        entry = app.chrome.names_entry
        for seat, name in enumerate(names):
            # typed on the name grid, key by key, as a player would
            entry.open(seat)
            while entry.text:
                entry.backspace()
            for ch in name:
                entry.type(ch)
            entry.ok()
            yield 0.05
        out["names"] = list(app.chrome.names)
        # Animations off (a setting of the settings screen): what is checked is where things come
        # to rest, and a software renderer draws every frame of a motion at this size.
        app.chrome.change(animations="off")
        for text in ("normal", "large"):
            state["text"] = text
            if text == "large":
                app.chrome.change(text_size="large")     # what the settings screen's "Large" does
                yield 0.4
            out["fontscale"][text] = Metrics.fontscale
            for game, mode, bots in TABLE_RUNS:
                yield from table_game(game, mode, bots)
            yield from challengers()
            app.go_back()
            yield 0.3
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", SIZE, "--lang", "en"], hook, out, "FITWALK-RESULT")
