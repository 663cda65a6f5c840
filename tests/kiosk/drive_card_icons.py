"""Every game's cards drawn with their icons, and the moments that move, in the real app offscreen.

    python drive_card_icons.py DATA_DIR ARTIFACTS_DIR [WxH]   ->   "ICONS-RESULT {...}"

Run with TABLECUP_CONFIG pointing at an empty folder (the animations setting is saved there).
Challengers!: a two-player game's Deck Phase draw, each face's set icon read.  Between Battle,
Wacky Challenge and Cosplay Team Battle: a game of two people at the table (started by taps on the
home screen, seeded), the bottom player looking at their hand (their primary key held): each hand
card's icon and each public card's icon read off its canvas (the picture file its texture came
from, the texture itself, where it is drawn).  Screenshots: ``cards-GAME-WxH-en.png``.

Then the moments: a card played (the Ninja's Unique: the other hand revealed too) and damage
taken (Between), the secret choices revealed and a
card picked onto a route (Wacky), a recruit (Cosplay), each made by the people's actions; what
:mod:`kiosk.cardmotion` started is read at once (the Animation running on Kivy's clock), and
again once the clock has run it out.  The same moments are made again in new games after the
animations setting is switched to "off" (as the settings screen does).
"""

from __future__ import annotations

from app_driver import Driver, arguments, run_app

DATA, ART, SIZE, _ = arguments()
SIZE = SIZE or "800x480"
SEED = 5
GAMES = ("between", "wacky", "cosplay")
out: dict = {"error": None, "icons": {}, "moments": {"normal": {}, "off": {}}, "shots": []}


def icon_of(w) -> dict | None:
    """What the icon drawn on ``w``'s canvas is: its name, its picture file, whether its
    rectangle draws that picture's texture and sits in ``w``'s canvas over its face, and its size
    and place against ``w``'s (None when it draws none)."""
    from kiosk import cardicon
    pic = getattr(w, "picture", None)
    if pic is None or not pic.name:
        return None
    canvases = [c for c in (w.canvas.before, w.canvas, w.canvas.after) if c is not None]
    in_canvas = any(pic.group in c.children for c in canvases) and pic.rect in pic.group.children
    # Over the card's face: the last thing its canvas.before draws, or in its canvas (after every
    # canvas.before, before its children: its words).
    before = w.canvas.before.children
    over_face = pic.group in w.canvas.children or (bool(before) and before[-1] is pic.group)
    side = pic.rect.size[0]
    x, y = pic.rect.pos
    return {"name": pic.name, "file": pic.source.rsplit("/", 1)[-1],
            "texture": pic.rect.texture is cardicon.texture(pic.name, side), "in_canvas": in_canvas,
            "over_face": over_face,
            "side": round(side), "card": [round(w.width), round(w.height)],
            "inside": w.x - 1 <= x and x + side <= w.right + 1 and w.y - 1 <= y and y + side <= w.top + 1,
            "card_id": str(getattr(w, "card", "") or ""), "at": [round(x), round(y), round(w.x), round(w.y)]}


def hook(app):
    from kivy.animation import Animation

    from kiosk import cardmotion
    from kiosk.widgets import CardFace

    d = Driver(app, out, ART)

    def running() -> list:
        """The moments moving now: (kind, widget class, its Animation running on Kivy's clock)."""
        return [[m.kind, m.widget.__class__.__name__, m._anim in Animation._instances]
                for m in cardmotion.RUNNING.values()]

    def until(condition, limit=5.0):
        """Yields to the clock until ``condition()`` holds (at most ``limit`` seconds)."""
        waited = 0.0
        while not condition() and waited < limit:
            yield 0.02
            waited += 0.02

    def start_two(game: str):
        home = app.sm.get_screen("home")
        if home.game != game:
            d.tap(home.ids[f"game_{game}"])
            yield 0.3
        app.table.seed_games(SEED)
        d.tap(home.ids.ttwo)
        yield 0.2
        if home.asking:                     # the first pass's game is saved: "End it and start"
            home.answer(True)
        yield 0.4

    def act_first(seat: int, kinds) -> bool:
        t = app.table
        legal = [a for a in t.legal(seat) if (kinds(a) if callable(kinds) else a.kind in kinds)]
        return bool(legal) and t.submit(seat, legal[0].kind, *legal[0].args) is not None

    def moment(record: dict, name: str, make, kind: str, wait=None):
        """Make a moment (``make()``), read what moves at once and after the clock ran it out."""
        before = cardmotion.started_count()
        made = make()
        if wait is not None:
            yield from until(lambda: any(k == kind for k, _ in cardmotion.started_since(before)) or wait())
        record[name] = {"made": bool(made), "started": [list(s) for s in cardmotion.started_since(before)],
                        "running": running()}
        yield from until(lambda: not cardmotion.RUNNING, 3.0)
        record[name]["after"] = {"running": len(cardmotion.RUNNING),
                                 "anims": sum(1 for a in Animation._instances
                                              if isinstance(getattr(a, "_widgets", {}), dict)
                                              and any(isinstance(v.get("widget"), cardmotion.Moment)
                                                      for v in a._widgets.values()))}

    def between_moments(record: dict):
        t = app.table
        seat = next(iter(t.to_act()))
        out["between_first"] = [t.data.card(a.args[0]).ability for a in t.legal(seat) if a.kind == "play"]

        def unique(a):          # the Ninja's Unique: the other player's hand is revealed
            return a.kind == "play" and t.data.card(a.args[0]).ability == "unique"
        yield from moment(record, "played", lambda: act_first(seat, unique) or act_first(seat, ("play", "link")),
                          "played")
        seat = next(iter(t.to_act()))
        while not any(a.kind == "damage" for a in t.legal(seat)) and act_first(seat, ("play", "link")):
            yield 0.05
            seat = next(iter(t.to_act()))
        yield from moment(record, "damage", lambda: act_first(seat, ("damage",)), "damage")

    def wacky_moments(record: dict):
        t = app.table

        def choose_all():
            for q in sorted(t.to_act()):
                if not t.is_bot(q):
                    act_first(q, ("choose",))
            return True
        yield from moment(record, "reveal", choose_all, "reveal",
                          wait=lambda: t.observation(None)["phase"] != "choose")

        def pick_one():
            pub = t.observation(None)
            order = pub["order"]
            nxt = order[pub["picks"]] if pub["phase"] == "pick" and pub["picks"] < len(order) else None
            return nxt is not None and not t.is_bot(nxt) and act_first(nxt, ("pick",))
        yield from until(lambda: any(not t.is_bot(q) for q in t.to_act())
                         and t.observation(None)["phase"] == "pick")
        yield from moment(record, "played", pick_one, "played")

    def cosplay_moments(record: dict):
        from engine.cosplay.view import payment_move
        t = app.table
        seat = t.observation(None)["current"]

        def recruit(a):
            m = payment_move(a)
            return m is not None and m.kind == "recruit"
        yield from moment(record, "recruit", lambda: act_first(seat, recruit), "recruit")

    def look_and_read(game: str):
        scr = d.screen()
        bottom = scr.ids.bottom
        d.key_down("a")                        # the bottom player looks at their hand
        yield 0.3
        hand = [icon_of(f) for f in bottom.ids.hand.faces()]
        public = []
        for w in scr.walk(restrict=True):
            if getattr(w, "picture", None) is not None and w.parent is not None and not hasattr(w, "lit_cards") \
                    and w not in bottom.ids.hand.faces():
                got = icon_of(w)
                if got is not None:
                    public.append([type(w).__name__, got])
        said = [icon_of(w) for half in (scr.ids.bottom, scr.ids.top)
                for w in half.ids.happened.walk(restrict=True) if getattr(w, "seen", False)]
        out["icons"][game] = {"hand": hand, "public": public, "said": said}
        d.shot(f"cards-{game}-{SIZE}-en")
        d.key_up("a")
        yield 0.2

    def challengers():
        c = app.controller
        c.new_game(("Light", "Dark"), seed=SEED)
        yield 0.3
        for half in (0, 1):
            c.submit(half, "deck.option", 0)
        yield 0.4
        scr = d.screen()
        faces = [f for f in scr.walk(restrict=True) if isinstance(f, CardFace) and not f.empty and f.width > 8]
        out["icons"]["challengers"] = {"faces": [[f.set_icon, f.rainbow, icon_of(f)] for f in faces]}
        d.shot(f"cards-challengers-{SIZE}-en")
        from kivy.core.window import Window
        Window.dispatch("on_key_down", 27, 0, None, [])
        yield 0.5

    def script():
        yield 0.5
        out["speed_normal"] = __import__("kiosk.widgets", fromlist=["SPEED"]).SPEED
        yield from challengers()
        out["screen_after_challengers"] = app.sm.current
        for speed in ("normal", "off"):
            if speed == "off":
                app.chrome.change(animations="off")
                yield 0.1
                out["speed_off"] = __import__("kiosk.widgets", fromlist=["SPEED"]).SPEED
            for game in GAMES:
                yield from start_two(game)
                out.setdefault("screens", []).append(app.sm.current)
                if speed == "normal":
                    yield from look_and_read(game)
                record = out["moments"][speed][game] = {}
                yield from {"between": between_moments, "wacky": wacky_moments,
                            "cosplay": cosplay_moments}[game](record)
                if speed == "normal" and game != "between":
                    yield from look_and_read(game + "-after")
                from kivy.core.window import Window
                Window.dispatch("on_key_down", 27, 0, None, [])
                yield 0.5
        d.finish()

    d.follow(script(), first=0.5, settle=False)


run_app(["--data", str(DATA), "--window", SIZE, "--lang", "en"], hook, out, "ICONS-RESULT")
