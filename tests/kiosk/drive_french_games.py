"""Walk every screen and moment of Between Battle, Wacky Challenge and Cosplay Team Battle in the
real app, in French, and record every text in the widget tree.

    python drive_french_games.py DATA_DIR ARTIFACTS_DIR   ->   "FRENCH-GAMES-RESULT {...}"

One app start.  English first, on home with Between Battle chosen (the baseline the check must
catch), then the operator switches the kiosk to French and, for each game: home with the game
chosen and every option tapped (levels, numbers of bots); a game of two people at the table,
started in English then switched to French (the seats' names said again in French), played to
its end by the game's bots' choices (a few random ones for variety) while the driver
makes every moment of the screen happen on the half whose turn it is -- hand hidden, hand shown,
a card chosen, a zone asked, a confirmation asked then cancelled, a booster's steps, a payment
proposed, another one, the Drama pile -- and shows each half's QR code (the first game: the
phones' port taken, said in the corner); the end; the solo
options and a solo game's first turn.  Then the operator screen and the join screen.

Per stage: the texts of every Label, Button, card face and text line then in the tree
(:func:`kiosk_hook.widget_texts`); ``keys``: every catalogue key the screens asked for in French.

``WALK_LANG=qps`` walks the same moments in the pseudo-locale (tests/kiosk/test_pseudo_locale.py)
instead of French: the operator screen offers no button for it, so the driver sets it as the
operator's button would.
"""

import os

import random
import socket

from app_driver import Driver, arguments, run_app
from registered import table_games

from engine import registry

DATA, ART, _, _ = arguments()
LANG = os.environ.get("WALK_LANG", "fr")
#: The phones' port, held by this process from the start (an address the system chose, so no other
#: process can take it first) until the first game has found it taken; then the kiosk may use it.
held = socket.socket()
held.bind(("0.0.0.0", 0))
held.listen()
PORT = str(held.getsockname()[1])
GAMES = tuple(table_games())
#: The games walked, by the table's seed: played by the game's bots (one move in five random) to
#: the end -- Between Battle's four characters (the Pirate's card from the deck, the Knight's
#: restrictions), a swap booster and six pilots of Wacky Challenge, a card of Cosplay Team Battle
#: sent to the cemetery; then games of random moves only, (seed, moves or None for the whole
#: game), each reaching a rare moment: Between Battle's three rarer ends (a Coup fatal leaving
#: both alive, a Coup fatal tie, a player with nothing to play), Wacky Challenge's win on speeds,
#: Cosplay Team Battle's take-back ability, a combo laid out and a recruit its discounts make free.
SEEDS = {"between": (3, 11, 1), "wacky": (3, 11, 10), "cosplay": (3, 11)}
RANDOM_GAMES = {"between": ((16, None), (106, None), (334, None)), "wacky": ((1, None),),
                "cosplay": ((283, 8), (51, 9), (41, 2))}

out = {"error": None, "stages": {}, "lang_at": {}, "keys": [], "moves": {}, "games_over": {}, "shots": []}


def hook(app):
    from kiosk_hook import widget_texts
    from kivy.uix.screenmanager import NoTransition

    from kiosk import i18n

    d = Driver(app, out, ART)
    tap = d.tap
    asked: set[str] = set()
    plain_tr = i18n.tr

    def tr(key, lang="en", **fmt):
        if lang == LANG:
            asked.add(key)
        return plain_tr(key, lang, **fmt)

    i18n.tr = tr                              # every screen asks through the module: what it asked, in French

    def collect(stage):
        texts = set(out["stages"].get(stage, ())) | set(widget_texts(app.root))
        out["stages"][stage] = sorted(texts)
        out["lang_at"][stage] = app.lang

    def home():
        app.sm.current = "home"
        app.sync()
        return app.sm.get_screen("home")

    def options(game):
        """Home with ``game`` chosen, then every level and number of bots tapped."""
        scr = home()
        yield 0.05                                # the screen left goes out of the tree
        tap(scr.ids[f"game_{game}"])
        collect(f"{game}-home")
        for k in sorted(scr.ids):
            if k.startswith(("tlv", "tbots")):
                tap(scr.ids[k])
                collect(f"{game}-home")

    # ------------------------------------------------------------------ the moments of each game
    def between_moments(t, scr, seat, half, stage):
        legal = t.legal(seat)
        w = scr.half_widget(half)
        if w.can_damage:                                  # the damage button asks, then "No"
            scr.ask_damage(half)
            collect(stage)
            scr.cancel_damage(half)
        t.look(half, True)
        collect(stage + "-look")
        by_card: dict = {}
        for a in legal:
            if a.kind in ("play", "link"):
                by_card.setdefault(a.args[0], []).append(a)
        two = [c for c, acts in by_card.items() if len(acts) > 1]
        if two:                                           # a card that may go to both zones: its zone is asked
            scr.choose_card(half, two[0])
            collect(stage + "-look")
            scr.selected.pop(half, None)
        t.look(half, False)

    def wacky_moments(t, scr, seat, half, stage):
        pub = t.observation(None)
        if pub["phase"] == "choose":
            t.look(half, True)
            collect(stage + "-look")
            card = t.legal(seat)[0].args[0]
            scr.choose_card(half, card)                   # chosen, not locked: "let go"
            collect(stage + "-look")
            scr.choose_card(half, card)                   # tapped again: not chosen any more
            t.look(half, False)
        elif pub["phase"] == "boost" and pub["booster"]["seat"] == seat and pub["booster"]["booster"] == "swap":
            w = scr.half_widget(half)
            if "choice0" in w.ids and w.ids.choice0.choice[0] == "swap":
                tap(w.ids.choice0)                        # a route card given back: "hold to take one"
                collect(stage)
                t.look(half, True)
                collect(stage + "-look")
                t.look(half, False)
                tap(w.ids.choice0)                        # "back"
                collect(stage)

    def cosplay_moments(t, scr, seat, half, stage):
        pub = t.observation(None)
        w = scr.half_widget(half)
        if pub["phase"] == "prepare" or pub["choice"] is not None:
            t.look(half, True)
            collect(stage + "-look")
            t.look(half, False)
            return
        lit = [x for x in [*(scr.ids[f"objective{z + 1}"] for z in range(len(pub["objectives"]))),
                           *(scr.ids[f"zone{z}"] for z in range(1, 7))] if x.lit]
        if lit:                                           # a target: the payment, another one, cancel
            tap(lit[0])
            collect(stage)
            t.look(half, True)
            collect(stage + "-look")
            t.look(half, False)
            if "choice1" in w.ids and w.ids.choice1.what == ("other",):
                tap(w.ids.choice1)
                collect(stage)
            scr.do(half, ("cancel",))
        if scr.ids.drama.lit:                             # the Drama pile: one card, then more
            tap(scr.ids.drama)
            collect(stage)
            scr.do(half, ("cancel",))
        if w.can_end:
            scr.short_end(half)                           # a short tap on "End turn": "hold"
            collect(stage)
            scr.ask_end(half)
            collect(stage)
            scr.do(half, ("cancel-end",))

    MOMENTS = {"between": between_moments, "wacky": wacky_moments, "cosplay": cosplay_moments}
    seen: set = set()

    def kind_of_moment(game, legal):
        """What the moments of a turn depend on: the kinds of moves open, what is pending or asked.
        The moments are made at each new kind, and at every third move besides (they cost a
        redraw each, and a game has hundreds of moves)."""
        pub = app.table.observation(None)
        asked = [pub.get(k) for k in ("phase", "pending", "choice", "booster")]
        return (game, frozenset(a.kind for a in legal),
                tuple(str(x.get("kind") or x.get("word") or x.get("booster")) if isinstance(x, dict) else str(x)
                      for x in asked))

    def qr_panels(stage):
        """Each half's phone button, then its QR card, shown and hidden again."""
        overlay = app.seat_qr
        if overlay is None:
            return
        for half in (0, 1):
            qr = overlay.ids.bottom if half == 0 else overlay.ids.top
            if qr.available:
                overlay.toggle(half)
                collect(stage)
                out.setdefault("qr_shown", []).append(qr.showing)
                overlay.toggle(half)

    def play(game, seed, only_random=False, stop=None):
        """A game of two people at the table, played by the game's bots' choices (one in five
        random; or random only), every moment of the half to act made to happen on the way; to
        its end, or ``stop`` moves."""
        t = app.table
        t.seed_games(seed)
        app.set_setting("lang", "en")             # the game starts in English: its seats get English names ...
        scr = home()
        tap(scr.ids[f"game_{game}"])
        tap(scr.ids.ttwo)
        out.setdefault("names_at_start", {})[game] = list(t.setup.players)
        app.set_setting("lang", LANG)             # ... and the table goes on in French
        yield 0.05                                # home goes out of the tree
        scr = app.sm.current_screen
        eng = registry.get(game)
        bots = {s: eng.policies["sensible"](t.data, s, seed + s) for s in range(len(t.seats))}
        rng = random.Random(seed)
        qr_panels(f"{game}-play")
        moves = 0
        while not t.over and moves < (stop or 600):
            seat = min(t.to_act())
            half = t.half_of(seat)
            collect(f"{game}-play")
            legal = t.legal(seat)
            if half is not None and (moves % 3 == 0 or kind_of_moment(game, legal) not in seen):
                seen.add(kind_of_moment(game, legal))
                MOMENTS[game](t, scr, seat, half, f"{game}-play")
            if only_random:
                action = rng.choice(legal)
            else:
                action = rng.choice(legal) if rng.random() < 0.2 else bots[seat].act(t.state.observation(seat), legal)
            if t.act(action) is None:
                raise AssertionError(f"{game}: {action} refused: {t.ignored[-1:]}")
            moves += 1
            if moves % 25 == 0:
                yield 0.02                        # let the clock run (the watchdog, the frames)
        out["moves"][game] = out["moves"].get(game, 0) + moves
        if app.seat_qr is not None and app.seat_qr.notice:
            out.setdefault("phones_off", {})[game] = app.seat_qr.notice   # why phones are off, said in French
        if t.over:
            out["games_over"].setdefault(game, []).append(t.outcome.reason)
            collect(f"{game}-end")
            yield 0.1
            collect(f"{game}-end")
            d.shot(f"{game}-end-fr")
        else:
            collect(f"{game}-play")
        app.leave_table(abandon=not t.over)
        yield 0.05

    def solo(game):
        """The solo options tapped, a solo game started from home: its first turn, then left."""
        yield from options(game)
        tap(app.sm.get_screen("home").ids.tsolo)
        yield 0.05
        collect(f"{game}-solo")
        yield 0.3                                  # a bot's move on the clock
        collect(f"{game}-solo")
        d.shot(f"{game}-solo-fr")
        app.leave_table(abandon=True)
        home()
        yield 0.05
        collect(f"{game}-home")

    def script():
        yield 0.4
        app.sm.transition = NoTransition()    # one screen in the tree at a time: each stage reads its own
        scr = home()
        tap(scr.ids.game_between)
        collect("home-en")
        app.show_operator()
        op = app.sm.get_screen("operator")
        op.type_pin("1234")                        # first use: the default PIN asks for a new one
        op.type_pin("2468")
        collect("operator-en")
        if LANG == "fr":
            tap(op.ids.lang_fr)
        else:
            op.set("lang", LANG)
        yield 0.1
        collect("operator")
        app.leave_operator()
        yield 0.05
        # The phones' port is taken while the first game starts (in English): the table says so
        # (a crossed-out phone, the reason kept in words), and keeps the reason in French.  Then phones may take seats (the QR panels).
        for game in GAMES:
            yield from options(game)
            for seed in SEEDS[game]:
                yield from play(game, seed)
                held.close()
            for seed, stop in RANDOM_GAMES[game]:
                yield from play(game, seed, only_random=True, stop=stop)
            yield from solo(game)
        app.enter_tournament()
        yield 0.1
        collect("join")
        out["keys"] = sorted(asked)
        d.finish()

    d.follow(script(), 0.3)


run_app(["--data", str(DATA), "--windowed", "--phone-port", PORT], hook, out, "FRENCH-GAMES-RESULT")
