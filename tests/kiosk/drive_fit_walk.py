"""Every moment of every game at one window size, in the real app (offscreen): English and
French, normal and "Large" text, the players named with the longest names the name entry takes.

    python drive_fit_walk.py DATA_DIR ARTIFACTS_DIR WxH   ->   "FITWALK-RESULT {...}"

The two players' names are typed at :data:`kiosk.name_entry.MAX_NAME` characters, wide letters
first.  Then, once at normal text and once at "Large" (set as the settings screen sets it, applied
at once): Between Battle and Cosplay Team Battle for two people, Wacky Challenge for one person
against three bots, at the sizes of :data:`SEVEN_AT_WACKY` Wacky Challenge against six bots,
and a Challengers! tournament for two people (its Deck Phase's stages, a match with its choice
panel and its log, the match's last state, the result) are played to their end, or, for
Cosplay, to its seventh turn (its moments have all come by then).  The person to act plays
through the table by the same choice each time.  Animations are off (the settings' choice): the
walk checks where things come to rest.

Every time a person is to act, the whole screen goes through :func:`fit_check.text_faults` and
:func:`fit_check.text_overlaps`, in one language, then the other at the next decision (a
language change applies at once): the first time a moment is seen it is checked in both, and
each moment up to :data:`LOOKS` times; against six bots at Wacky, every decision in the
languages of :data:`SEVEN_AT_WACKY`.  Faults are kept once each under ``TEXT:RUN:MOMENT:LANG`` (``faults``); the moments
seen under ``moments[TEXT][RUN]``; the checks made under ``checked["TEXT:RUN"][LANG]`` (and the
decisions looked at against six bots under ``["decisions"]``); this process's CPU seconds by
phase under ``cpu`` (``start``: up to the first step, ``check``, ``pictures``, ``language``,
``text-size``, each game ``TEXT:RUN`` with its checks, ``total``; and ``draw``, the window's
drawing whatever the phase).  A picture of a moment is
saved the first time it shows a fault (``fault-TEXT-RUN-MOMENT-WxH-LANG.png``), and with
``TABLECUP_SCREENSHOTS=1`` the first of each moment at normal text in English
(``walk-RUN-MOMENT-WxH.png``).  One app for the whole walk: a table game is started from Home
as a player would, so what the walk sees is what a table shows.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from app_driver import Driver, run_app, start_table_game, walk

DATA, ART, SIZE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out: dict = {"error": None, "faults": {}, "moments": {}, "size": SIZE, "names": [], "fontscale": {},
             "checked": {}, "cpu": {}}
#: (game, how it is started, bots): two people at Between and Cosplay (both halves show a long
#: name), one person against three bots at Wacky (four route rows, several cards to a line).
TABLE_RUNS = (("between", "two", 0), ("wacky", "solo", 3), ("cosplay", "two", 0))
LANGS = ("en", "fr")
#: How many times one moment of one game is checked at one text size (three in each language).
LOOKS = 6
#: Wacky Challenge against six bots, the most crowded table (seven names on the hierarchy, eight
#: places on the draft row, seven route rows, three cards to a line), started from Home's
#: buttons: {size: {text size: the languages every decision is checked in}} (each moment is
#: checked in both the first time it is seen, as everywhere).
SEVEN_AT_WACKY = {"800x480": {"normal": ("en", "fr"), "large": ("en", "fr")}, "1920x1080": {"large": ("en",)}}
#: Pictures: with TABLECUP_SCREENSHOTS=1 the first of each moment (normal text, English), else
#: only a moment that shows a fault (no test reads the others; each is drawn again and encoded).
PICTURES = os.environ.get("TABLECUP_SCREENSHOTS") == "1"


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
    pictured: set = set()

    def spent(phase: str, since: float) -> None:
        """CPU time of this process since ``since`` added to ``out["cpu"][phase]``."""
        out["cpu"][phase] = round(out["cpu"].get(phase, 0.0) + time.process_time() - since, 3)

    # The window's drawing (on_draw to on_flip), whatever phase it falls in.
    drawing: dict = {"since": None}

    def drawn(*_):
        if drawing["since"] is not None:
            spent("draw", drawing["since"])
            drawing["since"] = None

    Window.bind(on_draw=lambda *_: drawing.__setitem__("since", time.process_time()), on_flip=drawn)

    def check(run: str, name: str, first: bool = False):
        """The screen now, in the language shown; its faults kept under the moment.  A page
        open over the screen (a log) hides what is under it: its texts are checked for
        overlaps among themselves.  A picture of it (:data:`PICTURES`): the first time a moment
        is seen, or the first time it shows a fault."""
        since = time.process_time()
        scr = d.screen()
        page = next((w for w in walk(scr) if isinstance(w, ModalLayer) and w.shown), None)
        faults = text_faults(scr, Window.size) + text_overlaps(page if page is not None else scr)
        key = f"{state['text']}:{run}:{name}:{app.lang}"
        into = out["faults"].setdefault(key, [])
        new = [f for f in faults if f not in into]
        into.extend(new)
        counted = out["checked"].setdefault(f"{state['text']}:{run}", {})
        counted[app.lang] = counted.get(app.lang, 0) + 1
        spent("check", since)
        since = time.process_time()
        if PICTURES and first and state["text"] == "normal" and app.lang == "en":
            d.shot(f"walk-{run}-{name}-{SIZE}")
        elif new and key not in pictured:
            pictured.add(key)
            d.shot(f"fault-{state['text']}-{run}-{name}-{SIZE}-{app.lang}")
        spent("pictures", since)

    def switch_language():
        since = time.process_time()
        app.set_setting("lang", LANGS[(LANGS.index(app.lang) + 1) % len(LANGS)])
        spent("language", since)
        yield 0.15

    def look(run: str, name: str, every: tuple = ()):
        """Check this moment: in both languages the first time it is seen, else in the language
        shown, and the next check in the other, up to :data:`LOOKS` times (the same moment later
        in a game shows the same parts); with ``every`` (languages, :data:`SEVEN_AT_WACKY`), in
        each of them every time, with no limit."""
        seen = out["moments"].setdefault(state["text"], {}).setdefault(run, [])
        key = (state["text"], run, name)
        looks[key] = looks.get(key, 0) + 1
        if looks[key] > LOOKS and not every:
            return
        first = name not in seen
        if first:
            seen.append(name)
        if every:
            counted = out["checked"].setdefault(f"{state['text']}:{run}", {})
            counted["decisions"] = counted.get("decisions", 0) + 1
            if len(every) == 1 and app.lang != every[0]:
                yield from switch_language()
        check(run, name, first)
        if len(every) == 1 and not first:
            return
        yield from switch_language()
        if first or every:
            check(run, name, first)

    def settled(t):
        """Until the table has not changed for a few frames (the bots' moves shown, the layout done)."""
        seen = None
        while seen != len(t.actions):
            seen = len(t.actions)
            yield 0.1

    def table_game(game: str, mode: str, bots: int, every: tuple = ()):
        """One game of ``game`` at the table, each person's decision looked at; with ``every``
        (Wacky against six bots), every decision in those languages, the game started with
        Home's buttons (its bots, level 1, "Solo") as a player would."""
        since = time.process_time()
        run = f"{game}{mode}{bots + (2 if mode == 'two' else 1)}"
        home = app.sm.get_screen("home")
        if home.game != game:
            d.tap(home.ids[f"game_{game}"])
            yield 0.3
        if every:
            d.tap(home.ids[f"tbots{bots}"])
            yield 0.1
            yield from start_table_game(d, game, 1, 4)
        else:
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
            if bots or not held or looks.get((state["text"], run, table_moment(game, t)), 0) < LOOKS:
                yield from settled(t)
            # else: a moment looked at LOOKS times already, at a table of people only (no bot
            # moves to wait for, so the same game): the person acts at once, and the screen is
            # laid out and drawn once the next moment to look at has come, not after each move
            seat = people[0]
            half = t.half_of(seat)
            if not held:
                # a person holds their half's button: their hand face up, each card framed
                held = True
                key = "a" if half == 0 else "l"
                d.key_down(key)
                yield 0.3
                yield from look(run, "hand", every)
                d.key_up(key)
                yield from settled(t)
                continue
            yield from look(run, table_moment(game, t), every)
            legal = t.legal(seat)
            t.act(choose(game, t, legal))
            if game == "cosplay" and t.observation(None)["turns"][0] >= 7:
                break
        yield 0.3
        yield from look(run, table_moment(game, t), every)
        app.leave_table()
        yield 0.3
        spent(f"{state['text']}:{run}", since)

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
        since = time.process_time()
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
        spent(f"{state['text']}:{run}", since)

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
        out["cpu"]["start"] = round(time.process_time(), 3)
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
                since = time.process_time()
                app.chrome.change(text_size="large")     # what the settings screen's "Large" does
                spent("text-size", since)
                yield 0.4
            out["fontscale"][text] = Metrics.fontscale
            for game, mode, bots in TABLE_RUNS:
                yield from table_game(game, mode, bots)
            if text in SEVEN_AT_WACKY.get(SIZE, {}):
                yield from table_game("wacky", "solo", 6, every=SEVEN_AT_WACKY[SIZE][text])
            yield from challengers()
            app.go_back()
            yield 0.3
        out["cpu"]["total"] = round(time.process_time(), 3)
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", SIZE, "--lang", "en"], hook, out, "FITWALK-RESULT")
