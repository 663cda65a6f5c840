"""The Deck Phase pick hint in the real app (offscreen): turned on in the settings, shown while the
person drafts, the screen's frames timed while it thinks.

    python drive_pick_hint.py DATA_DIR ARTIFACTS_DIR [en|fr]   ->   "HINT-RESULT {...}"

Run with TABLECUP_CONFIG pointing at an empty folder (the settings screen writes kiosk.toml there).
The person turns the bottom half's hint on with the settings screen's toggle, starts a solo game
against the Robot, and at each Deck Phase decision of round 1 (and of round 2, with what they saw
of the Robot's cards) waits for the hint, records where its mark is and what its line says, then
taps the hinted choice (the practice matches played by the kiosk's worker processes once they are
up, by its hint thread before).  Every frame's time is kept (a Clock callback at every frame); the gaps
between frames while a hint is being thought out are reported.  "pick-hint-LANG.png": a pick
with its hint shown.
"""

import copy
import itertools
import time
import zlib

from app_driver import Driver, arguments, queued_seconds, run_app
from fit_check import text_faults

DATA, ART, LANG, _ = arguments()
LANG = LANG or "en"
out = {"error": None, "hints": [], "frames_while_thinking": [], "lang": LANG}


def thinkers_queued(hints) -> dict:
    """{thinker: seconds it has waited for a core so far} of the hint's thread and of each of its
    worker processes (:func:`app_driver.queued_seconds`)."""
    import threading
    waits = {th.name: queued_seconds(th.native_id) for th in threading.enumerate()
             if th.name == "tablecup-pick-hint" and th.native_id is not None}
    pool = hints.pool
    for pid in pool.pids if pool is not None else ():
        waits[pid] = queued_seconds(process=pid)
    return waits


def hook(app):
    from kivy.clock import Clock

    from engine.challengers.hint import HintSearchPolicy
    from kiosk.games.challengers.pick_hint import question_key
    from kiosk.widgets import CardFace

    d = Driver(app, out, ART)
    from kivy.core.window import Window

    from kiosk.widgets import FRAME
    # Every Clock tick's time (a callback each frame: the interrupt clock never sleeps while a
    # zero-interval event is pending, so the interval is one frame), and each frame's drawing
    # (on_draw to on_flip: the window's own rendering, slow with a software renderer).
    frames, draws = [], []
    Clock.schedule_interval(lambda dt: frames.append(time.perf_counter()), FRAME)
    Window.bind(on_draw=lambda *a: draws.append([time.perf_counter(), None]))
    Window.bind(on_flip=lambda *a: draws[-1].__setitem__(1, time.perf_counter()) if draws and draws[-1][1] is None else None)

    def deck():
        return app.sm.get_screen("deck")

    def script():
        yield 1.0                                          # the first frames drawn
        home = app.sm.get_screen("home")
        d.tap(home.ids.open_settings)
        yield 0.3
        scr = app.sm.get_screen("settings")
        out["settings_shown"] = app.sm.current
        d.tap(scr.ids.hint_bottom)
        yield 0.2
        out["hint_setting"] = [app.chrome.settings.hint_bottom, app.chrome.settings.hint_top]
        out["toggle_state"] = scr.ids.hint_bottom.state
        d.shot(f"settings-hint-{LANG}")
        d.tap(scr.ids.back)
        yield 0.3
        app.table.seed_games(20261123)
        # English: alone against the Robot; French: alone against the search bot (its "Bot"
        # button in the Robot's levels, then Solo).
        if LANG != "en":
            d.tap(home.ids.lv_bot)
            yield 0.2
            out["solo_text"] = home.ids.solo.text
        d.tap(home.ids.solo)
        yield 0.3
        c = app.controller
        shot_taken = False
        while (len(out["hints"]) < 14 if LANG == "en" else not shot_taken or c.t.round < 2) and not c.t.over:
            if app.sm.current != "deck":
                # The matches and results between Deck Phases: played on by the keys and taps.
                m = c.match
                if app.sm.current == "match" and app.sm.get_screen("match").end_shown:
                    d.key(" ")
                elif app.sm.current == "result":
                    d.tap(app.sm.get_screen("result").ids.next)
                elif m is not None and m.winner is None:
                    kind, side = m.expect
                    if kind == "toss":
                        d.key(" ")
                    elif kind == "reveal" and c.half_of(side) == 0:
                        d.key("a")
                    elif kind == "choose" and c.half_of(m.pending.player) == 0:
                        d.key("1")
                yield 0.05
                if c.t.round > 2:
                    break
                continue
            half = deck().ids.light
            top = deck().ids.dark
            out["players"] = [p.name for p in c.tournament_view.players]
            if top._label is not None and top._label.parent is not None:
                out.setdefault("top_half_messages", []).append(top._label.text)
            dp = c.deck_phase_at(0)
            if dp is None or dp.stage == "done":
                yield 0.05
                continue
            if dp.stage == "choose":                 # a "when picked" card's choice: no hint
                d.tap(next(k for k in reversed(half.ids.body.children) if k is not half._label))
                yield 0.1
                continue
            if len(app.table.legal(0)) < 2:          # one choice (round 1's one option): no hint
                out.setdefault("no_hint_texts", []).append(half.ids.hint.text)
                d.tap(next(k for k in reversed(half.ids.body.children) if k is not half._label))
                yield 0.1
                continue
            hints = deck().pick_hints
            obs = app.table.observation(0)
            key = question_key(c.game_id, obs)
            asked = time.perf_counter()
            queued_before = thinkers_queued(hints)
            thinking_text = half.ids.hint.text
            waited = 0.0
            while hints.answer(0, key) is None:
                yield 0.01
                waited += 0.01
                assert waited < 20, "no hint after 20 s"
            answered = time.perf_counter()
            # The longest any of the hint's thinkers (its thread, each worker process) waited
            # for a core meanwhile: on a loaded machine, time the search could not use.
            queued = max((after - queued_before.get(who, after) for who, after in thinkers_queued(hints).items()),
                         default=0.0)
            yield 0.05                                     # the answer's frame drawn
            answer = hints.answer(0, key)
            # The frames while the worker thought: the largest gap between two Clock ticks, and
            # the largest with no drawing between them (the main thread's stall, the renderer's
            # time left out: a label's new text costs a software renderer tens of ms, hint or not).
            end = answer.started + answer.seconds
            during = [t for t in frames if answer.started <= t <= end]
            gaps = [(a, b) for a, b in itertools.pairwise(during)]
            drawn = [(a, b) for a, b in draws if b is not None and answer.started - 0.1 <= a <= end]
            stall = [b - a - sum(max(0.0, min(b, y) - max(a, x)) for x, y in drawn) for a, b in gaps]
            out["frames_while_thinking"].append({
                "frames": len(during), "max_gap_ms": round(1000 * max((b - a for a, b in gaps), default=0.0), 1),
                "max_stall_ms": round(1000 * max(stall, default=0.0), 1), "draws": len(drawn),
                "max_draw_ms": round(1000 * max((y - x for x, y in drawn), default=0.0), 1)})
            # The same measure over a quiet moment of the same length right after (nothing
            # thought, nothing drawn): what the shared machine alone does to the frames.
            quiet_from = time.perf_counter() + 0.1
            yield 0.1 + answer.seconds
            quiet = [t for t in frames if quiet_from <= t <= quiet_from + answer.seconds]
            out["frames_while_thinking"][-1]["quiet_max_gap_ms"] = round(
                1000 * max((b - a for a, b in itertools.pairwise(quiet)), default=0.0), 1)
            # The search bot's decision from the same observation, without a clock: the same
            # choice, and the same practice records when the kiosk's search was not cut short.
            seed = zlib.crc32(repr((app.table.setup.seed, key)).encode())
            # On the worker processes the hint plays a fixed count; in the thread, the round's budget.
            bot = HintSearchPolicy(c.lib, 0, seed, matches=hints.pool_matches if answer.workers else None)
            if 0 in hints.memories:
                bot.memory = copy.deepcopy(hints.memories[0])
            bot.act(obs, app.table.legal(0))
            target = half.mark.target
            kids = list(reversed(half.ids.body.children))
            if answer.action[0] in ("pick", "remove", "option"):
                where = kids.index(target) if target in kids else None
            else:
                where = answer.action[0] if target in (half.ids.redraw, half.ids.done) else None
            out["hints"].append({
                "round": c.t.round, "stage": dp.stage, "action": list(answer.action),
                "mark_at": where, "mark_is_face": isinstance(target, CardFace),
                "text": half.ids.hint.text, "thinking_text": thinking_text,
                "seconds": round(answer.seconds, 4), "wait": round(answered - asked, 4),
                "queued": round(queued, 4),
                "workers": answer.workers, "matches": sum(n for _, _, n in answer.records),
                "engine_action": list(bot.hints[-1].action) if bot.hints else None,
                "same_records": bot.hints[-1].records == answer.records if bot.hints else None,
                "top_half_text": deck().ids.dark.ids.hint.text, "top_half_mark": deck().ids.dark.mark.target is not None,
                # the half's header and hint line fit (with "large" text, they collided)
                "header_faults": text_faults(half.ids.header.parent, Window.size),
            })
            if answer.action[0] == "pick" and not shot_taken:        # a card marked
                shot_taken = True
                d.shot(f"pick-hint-{LANG}")
            d.tap(target)
            yield 0.15
        out["last_round"] = c.t.round
        pool = deck().pick_hints.pool
        out["pool_pids"] = list(pool.pids) if pool is not None else []
        out["bot_actions"] = sum(1 for a in app.table.actions if a.player == 1)
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", "800x480", "--lang", LANG], hook, out, "HINT-RESULT")
