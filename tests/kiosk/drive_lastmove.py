"""What just happened, in the real app (offscreen): Between Battle, Wacky Challenge and Cosplay Team
Battle, each solo against its bots, seen from the person's half.

    python drive_lastmove.py DATA_DIR ARTIFACTS_DIR LANG   ->   "LASTMOVE-RESULT {...}"

For each game (started by taps on the home screen, seeded): the person plays a legal move through
the table whenever it is their turn; after each bot's move the bottom half's strip is read (its
sentences, the cards drawn there as widgets, whether they show on the window), and right after the
person's next move it is read again (the bot's sentence stays until that bot moves again).  At
every step, on both halves: every card drawn is one the public view shows now, every card a
sentence names was shown around its move, and no seat's secret (tests/support/leaks.py) is drawn
or named.  Then the log is opened from each half's "Log" (facing that half),
a side button pressed under it (nothing happens), Escape closes it.  ``lastmove-GAME-LANG.png``:
the table after a bot's move.
"""

from app_driver import Driver, arguments, run_app, start_table_game, walk
from leaks import screen_leaks

DATA, ART, LANG, _ = arguments()
GAMES = {"between": (2, 3), "wacky": (1, 11), "cosplay": (1, 5)}     # game: (bot level, seed)


def _between_names(card):
    from engine.between.text import card_name
    return [card_name(card, LANG)] if isinstance(card, str) and "-" in card else []


#: What a game's sentences call a card (to find a hidden one named): where a name says one card.
NAMES = {"between": _between_names}
out = {"error": None, "games": {}, "faults": []}


def hook(app):
    from kivy.core.window import Window

    d = Driver(app, out, ART)

    def strips(scr):
        return [scr.ids.bottom.ids.happened, scr.ids.top.ids.happened]

    def check(game, res):
        """The rules of the strips, on both halves, now."""
        from kiosk.games import registry as kiosk_games
        from kiosk.table.happened import latest_runs
        t, scr = app.table, d.screen()
        if not app.sm.current.startswith(game) or t.state is None:
            return
        kg = kiosk_games.get(game)
        public = set(kg.public_cards(t.observation(None)))
        runs = latest_runs(t.history.moves)
        for half, strip in enumerate(strips(scr)):
            seat = t.seat_on(half)
            for said in scr.said_to(seat):
                if not set(said.cards) <= set(runs[said.seat].shown) | public:
                    out["faults"].append([game, half, "names a card not shown", said.text, list(said.cards)])
            drawn = strip.drawn_cards()
            if not set(drawn) <= public:
                out["faults"].append([game, half, "draws a card the public view does not show", drawn])
            faces = [w for w in walk(strip) if getattr(w, "card", None)]
            if sorted(w.card for w in faces) != sorted(drawn) or not all(w.seen for w in faces):
                out["faults"].append([game, half, "widgets differ from the cards drawn", drawn])
            # No seat's secret is drawn or named on a strip, looking or not (a strip draws no hand).
            leaks = screen_leaks(t, walk(strip), names=NAMES.get(game, lambda card: []),
                                 allowed=lambda widget, seat: False)
            out["faults"] += [[game, half, "shows a hidden card", leak] for leak in leaks]
        res["checks"] += 1

    def bot_cards(t, seat):
        """The cards the bot's latest run put on the table, as the game names them in widgets."""
        from kiosk.table.happened import latest_runs
        run = latest_runs(t.history.moves)[seat]
        kinds = {"between": ("play", "link"), "wacky": ("pick",), "cosplay": ("recruit", "place", "complete")}
        return [str(e.value) if t.game.name == "cosplay" else e.card
                for e in run.events if e.kind in kinds[t.game.name]]

    def on_window(w) -> bool:
        x0, y0 = w.to_window(w.x, w.y)
        x1, y1 = w.to_window(w.right, w.top)
        W, H = Window.size
        return w.width > 4 and min(x0, x1) >= -1 and max(x0, x1) <= W + 1 and min(y0, y1) >= -1 and max(y0, y1) <= H + 1

    def script():
        from kiosk.table.happened import latest_runs
        yield 1.0
        if app.lang != LANG:
            app.set_setting("lang", LANG)
            yield 0.2
        for game, (level, seed) in GAMES.items():
            res = out["games"][game] = {"checks": 0, "bot_moves": [], "kept": [], "shot": False}
            yield from start_table_game(d, game, level, seed)
            t = app.table
            scr = d.screen()
            seen_moves = 0
            for _ in range(400):
                check(game, res)
                if t.over or len(res["kept"]) >= 3:
                    break
                if 0 not in t.to_act():
                    yield 0.05
                    continue
                # A bot moved since the person's last move: what does the person's half say?
                bots = [m.seat for m in t.history.moves[seen_moves:] if m.seat != 0]
                if bots:
                    bot = bots[-1]
                    strip = scr.ids.bottom.ids.happened
                    want = bot_cards(t, bot)
                    faces = [w for w in walk(strip) if getattr(w, "card", None)]
                    record = {"bot": bot, "name": scr.player_name(bot), "texts": strip.said_texts(),
                              "drawn": strip.drawn_cards(), "want": want,
                              "said": [s.text for s in scr.said_to(0) if s.seat == bot],
                              "faces_on_window": [w.card for w in faces if on_window(w) and w.opacity > 0]}
                    res["bot_moves"].append(record)
                    if want and not res["shot"]:
                        res["shot"] = True
                        yield 0.3
                        d.shot(f"lastmove-{game}-{LANG}")
                    # The person moves; the bot's sentence stays until that bot moves again.
                    before = strip.said_texts()
                    legal = t.legal(0)
                    t.act(legal[len(t.actions) % len(legal)])
                    after = strip.said_texts()
                    moved_since = any(m.seat == bot for m in t.history.moves[len(t.history.moves) - 1:])
                    res["kept"].append({"before": before, "after": after, "bot_moved": moved_since,
                                        "still_latest": latest_runs(t.history.moves)[bot].moves[-1].seat == bot})
                    seen_moves = len(t.history.moves)
                    yield 0.05
                    continue
                legal = t.legal(0)
                t.act(legal[len(t.actions) % len(legal)])
                seen_moves = len(t.history.moves)
                yield 0.05
            # The log, from each half: facing that half, covering the game, closed by Escape.
            logs = res["log"] = {}
            for half in (0, 1):
                strip = strips(scr)[half]
                d.tap(strip.ids.log_button)
                yield 0.2
                page = scr.log_page
                lines = page.shown_lines()
                d.key_down("a" if half == 0 else "l")
                looked = bool(t.looking)
                d.key_up("a" if half == 0 else "l")
                logs[half] = {"shown": page.shown, "turned": page.turned, "lines": len(lines),
                              "newest": lines[0] if lines else "", "want": scr.log_lines()[-1:],
                              "looked_under_log": looked}
                Window.dispatch("on_key_down", 27, 0, None, [])        # Escape closes the log only
                yield 0.2
                logs[half]["closed"] = not page.shown and app.sm.current.startswith(game)
            res["log_size"] = len(scr.log_lines())
            res["runs"] = len(latest_runs(t.history.moves))
            Window.dispatch("on_key_down", 27, 0, None, [])             # Escape: home
            yield 0.5
        d.finish()

    d.follow(script(), first=0.5)


run_app(["--data", str(DATA), "--window", "800x480", "--lang", "en"], hook, out, "LASTMOVE-RESULT")
