"""Between Battle, Wacky Challenge and Cosplay Team Battle in the real app (offscreen): the search
bot thinking while the screen keeps drawing, a press at the wrong moment, the palette switched.

    python drive_table_moments.py DATA_DIR ARTIFACTS_DIR   ->   "MOMENTS-RESULT {...}"

Run with TABLECUP_CONFIG pointing at an empty folder (the palette setting is saved there) and
TABLECUP_SOUND=record.  For each game: a solo game at its hardest level (the search bot), seeded so
that a bot acts first, started by taps on the home screen.  While the bot thinks, the frames are
timed and the person presses their side's secondary button (key "s") and taps the middle of the
table (a zone, the draft row) or a card of their hand, in English, then again in French (the
language switched mid-game): the hints on each half and the sounds asked for are recorded.
Then the palette is switched to the colour-blind one and back, as the settings screen does, and
the colours drawn on the game's screen are read each time.  "moments-GAME-fr.png": a hint
shown, in French, in the colour-blind palette.  Escape leaves each game.
"""

import random
import time

from app_driver import Driver, FrameTimes, arguments, run_app, start_table_game

DATA, ART, _, _ = arguments()
#: Each game and what the person taps at the wrong moment: a place in its middle, or (None) a card
#: of their own hand while they look at it.
GAMES = {"between": None, "wacky": "row0", "cosplay": "zone1"}
out = {"error": None, "games": {}}
T0 = time.perf_counter()


def seed_with_bot_first(game: str) -> int:
    """A seed for the table's games (``LocalTable.seed_games``) whose first game, solo at the
    default seating, starts with a bot's move (seat 0 is the person); Cosplay Team Battle always
    starts with the person's turn (the driver ends it), so any seed."""
    import cards
    from engine import registry
    from engine.game import GameSetup
    from kiosk.games import registry as kiosk_games
    g, kg = registry.get(game), kiosk_games.get(game)
    data = g.load(cards)
    n = 1 + kg.solo_bots[0]
    if game == "cosplay":
        return 1
    for seed in range(1000):
        setup = GameSetup(game, tuple(str(i) for i in range(n)), random.Random(seed).getrandbits(48),
                          dict(kg.options("solo")))
        if any(s != 0 for s in g.new(data, setup).to_act()):
            return seed
    raise AssertionError(f"{game}: no seed where a bot starts")


def colours(scr, game: str) -> dict:
    """The palette-bound colours drawn on the game's screen now, by what they mean."""
    def first_colour(w):
        from kivy.graphics import Color
        return [round(c, 3) for c in next(i for i in w.canvas.before.children if isinstance(i, Color)).rgba]

    got = {}
    for half, w in (("bottom", scr.ids.bottom), ("top", scr.ids.top)):
        got[half] = {"active": w.active, "background": first_colour(w)}
    got["again"] = [round(c, 3) for c in scr.ids.again.background_color]
    if game == "between":
        got["damage"] = [round(c, 3) for c in scr.ids.bottom.ids.damage.background_color]
    if game == "cosplay":
        got["end_turn"] = [round(c, 3) for c in scr.ids.bottom.ids.end_turn.background_color]
    return got


def hook(app):
    import threading

    from kivy.core.window import Window

    from kiosk.chrome import ONE_PRESS_S

    d = Driver(app, out, ART)
    frames = FrameTimes(during=lambda: app.table._bot_thinking, waited_on=("tablecup-bot",))
    # The bot's decision is held on the worker until the presses in both languages are made: a
    # bot that decides fast (or a loaded machine that is slow) must not end the moment under test.
    held = threading.Event()

    def hold_the_bot():
        think = app.table.think            # the table is built with the app, after this hook

        def think_held(decide, done):
            think(lambda: (held.wait(30), decide())[1], done)

        app.table.think = think_held
    every_frame = FrameTimes()

    def hints():
        return {h: (lab.text if lab.opacity > 0 else "") for h, lab in app.hints.labels.items()}

    def script():
        from kiosk.games import registry as kiosk_games
        from kiosk.palette import PALETTE, PALETTES
        yield 1.0
        hold_the_bot()
        # The same measure over a quiet moment on the home screen (nothing thinks): what the
        # shared machine alone does to the frames.
        start = time.perf_counter()
        yield 1.0
        out["quiet_frames"], out["quiet_max_stall_ms"] = every_frame.longest_stall_ms(start, time.perf_counter())
        out["quiet_stalls"] = every_frame.last_stalls
        for game, middle in GAMES.items():
            res = out["games"][game] = {"t0": round(time.perf_counter() - T0, 2)}
            held.clear()
            kg_levels = len(kiosk_games.get(game).levels)
            yield from start_table_game(d, game, kg_levels, seed_with_bot_first(game))
            t = app.table
            res["screen"] = app.sm.current
            res["policies"] = sorted({s.policy for s in t.seats if s.is_bot})
            waited = 0.0
            while not app.table._bot_thinking and waited < 5:
                yield 0.02
                waited += 0.02
            if game == "cosplay" and not app.table._bot_thinking:
                # The person plays first: they end their turn with their secondary button (ask, confirm).
                for _ in range(2):
                    d.key_down("s")
                    d.key_up("s")
                    yield 0.1
                waited = 0.0
                while not app.table._bot_thinking and waited < 5:
                    yield 0.02
                    waited += 0.02
            res["bot_thinking"] = app.table._bot_thinking
            think_seen = time.perf_counter()
            res["worker"] = [th.name for th in threading.enumerate() if th.name == "tablecup-bot"]
            yield 0.15
            # Wrong moments while the bot thinks: the side's secondary button, a tap in the middle
            # (or on a card of the hand), in English, then in French (the setting switched mid-game).
            for lang in ("en", "fr"):
                if app.lang != lang:
                    app.set_setting("lang", lang)
                    yield 0.05
                said = res[lang] = {"bot_thinking": app.table._bot_thinking}
                # A press of its own, not the last one's: the hints shown within ONE_PRESS_S of
                # the last make no sound (the French button came 0.1 s after the English tap, and
                # on a quick machine it was silent).
                yield ONE_PRESS_S + 0.05
                # the cues from here on (the kiosk keeps its last 100: an index into a full list
                # would read nothing new)
                app.chrome.sound.asked.clear()
                app.hints.clear()
                d.key_down("s")
                said["after_button"] = hints()      # said at once (the driver waits for animations after a step)
                d.key_up("s")
                yield 0.05
                said["button_ignored"] = t.ignored[-1][1] if t.ignored else None
                app.hints.clear()
                scr = d.screen()
                before = len(t.ignored)
                if middle is not None:
                    d.tap(scr.ids[middle])
                    said["after_tap"] = hints()
                else:
                    d.key_down("a")                 # look at the hand, tap a card, let go
                    yield 0.05
                    d.tap(scr.ids.bottom.ids.hand.faces()[0])
                    said["after_tap"] = hints()
                    d.key_up("a")
                yield 0.05
                said["tap_ignored"] = t.ignored[-1][1] if len(t.ignored) > before else None
                said["bot_still_thinking"] = app.table._bot_thinking
                said["sounds"] = list(app.chrome.sound.asked)
            held.set()                              # the bot may play now
            # The frames while the bot thought: all of them from its start (the presses included),
            # and the longest gap after the presses, with their redrawing left out (None when the bot
            # was done by then).  Only frames while it still thinks count (FrameTimes' during).
            after = time.perf_counter() + 0.1
            yield 1.2
            res["frames"], _ = frames.longest_stall_ms(think_seen, time.perf_counter())
            n, stall = frames.longest_stall_ms(after, time.perf_counter())
            res["max_stall_ms"] = stall if n >= 3 else None
            res["stalls"] = frames.last_stalls
            # The palette, switched as the settings screen does, and back.
            res["palettes"] = {}
            for name in ("colour-blind", "standard"):
                app.chrome.change(palette=name)
                yield 0.1
                res["palettes"][name] = {"drawn": colours(d.screen(), game),
                                         "expected": {k: [round(c, 3) for c in v] for k, v in PALETTES[name].items()}}
                if name == "colour-blind":
                    d.key_down("s")
                    d.key_up("s")
                    yield 0.3
                    d.shot(f"moments-{game}-fr")
            res["palette_now"] = PALETTE.name
            app.set_setting("lang", "en")
            Window.dispatch("on_key_down", 27, 0, None, [])          # Escape: leave the game
            yield 0.3
            res["home_after"] = app.sm.current
            res["t1"] = round(time.perf_counter() - T0, 2)
        d.finish()

    d.follow(script(), first=0.5, settle=False)       # a hint fades while the bot thinks: no waiting for it


run_app(["--data", str(DATA), "--window", "800x480", "--lang", "en"], hook, out, "MOMENTS-RESULT")
