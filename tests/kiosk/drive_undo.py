"""Decisions taken back in the Deck Phase, in the real app (offscreen, real touches), 2 players:

mode "first": the bottom half picks a card and touches Undo (the card is back, and the pick
count); the top half's first touch on Redraw only asks, the second redraws; the bottom half
picks twice, removes a card, takes the removal back, then its second pick, and writes
``before.json`` (the table as it is, one pick still to take back) -- the test kills the app
with SIGKILL then.
mode "resume": Resume from the home screen; ``after.json`` is written at the table, then the
bottom half touches Undo once more (the first pick comes back) and the run ends.

    python drive_undo.py DATA_DIR ART_DIR first|resume   ->   "UNDO-RESULT {...}"
"""

import json
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from app_driver import Driver, touch

from kiosk.main import run

DATA, ART, MODE = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
ART.mkdir(parents=True, exist_ok=True)
out = {"error": None, "mode": MODE}
SEED = 11


def hook(app):

    from kiosk.cardtext import card_name
    from kiosk.widgets import CardFace

    def half(side):
        scr = app.sm.get_screen("deck")
        return scr.ids.light if side == 0 else scr.ids.dark

    def faces(side):
        return [k for k in reversed(half(side).ids.body.children) if isinstance(k, CardFace)]

    def buttons(side):
        from kivy.uix.button import Button
        return [k for k in reversed(half(side).ids.body.children) if isinstance(k, Button)]

    def seen(side):
        """What the half's player sees of their Deck Phase (their observation), and the Undo button."""
        c = app.controller
        dp = c.deck_phase_at(side)
        h = half(side)
        return {"stage": dp.stage, "drawn": [ct.id for ct in dp.drawn], "deck": [ct.id for ct in dp.deck],
                "picks_left": dp.picks_left, "undo_shown": h.ids.undo.opacity == 1 and not h.ids.undo.disabled,
                "undo_width": h.ids.undo.width, "redraw_text": h.ids.redraw.text,
                "faces": [f.name for f in faces(side)],
                # The effect text each face draws (a removal's faces carry it as a pick's do).
                "face_texts": [f._body.shown for f in faces(side)],
                "names": [card_name(ct, app.lang) for ct in (dp.drawn if dp.stage == "pick" else dp.deck)]}

    def first():
        c = app.controller
        c.new_game(("Light", "Dark"), seed=SEED)
        yield 0.5
        out["screen"] = app.sm.current
        touch(buttons(0)[0])                                 # the bottom half chooses its draft option
        touch(buttons(1)[0])                                 # and so does the top half
        yield 0.4
        out["drawn"] = seen(0)
        touch(faces(0)[1])                                   # pick the second card
        yield 0.4
        out["picked"] = seen(0)
        app.save_screenshot(ART / "deck-undo.png")
        touch(half(0).ids.undo)
        yield 0.4
        out["undone"] = seen(0)
        # A redraw shows new cards: the first touch only asks.
        top = seen(1)
        touch(half(1).ids.redraw)
        yield 0.3
        out["redraw_asked"] = {"before": top, "after": seen(1), "armed": half(1).redraw_armed}
        app.save_screenshot(ART / "deck-redraw-confirm.png")
        touch(half(1).ids.redraw)
        yield 0.4
        out["redrawn"] = {"after": seen(1), "redraw_used": c.deck_phase_at(1).redraw_used}
        # Bottom: two picks (the Deck Phase goes on to removals), a removal, taken back.
        touch(faces(0)[0])
        yield 0.3
        touch(faces(0)[0])
        yield 0.4
        out["removing"] = seen(0)
        touch(faces(0)[0])                                   # remove the deck's first card
        yield 0.4
        out["removed"] = seen(0)
        touch(half(0).ids.undo)
        yield 0.4
        out["removal_undone"] = seen(0)
        touch(half(0).ids.undo)                              # the second pick back too
        yield 0.4
        out["second_pick_undone"] = seen(0)
        out["stored"] = [json.loads(a) for a in app.store.table_actions(app.table.table_id)]
        Driver(app, out, ART).write("before.json", {"screen": app.sm.current, "table": app.table.dump(),
                                                    "seen": seen(0), "record": out})
        yield 60                                             # killed meanwhile

    def resume():
        yield 0.8
        home = app.sm.current_screen
        if home.game != "challengers":
            home.ids["game_challengers"].trigger_action(0)
            yield 0.5
        out["resume_visible"] = home.can_resume            # Challengers!' own Resume row
        home.ids.resume.trigger_action(0)
        yield 0.8
        out["screen"] = app.sm.current
        Driver(app, out, ART).write("after.json", {"screen": app.sm.current, "table": app.table.dump(), "seen": seen(0)})
        touch(half(0).ids.undo)                              # the first pick, taken back after the restart
        yield 0.4
        out["after_undo"] = seen(0)
        out["stored"] = [json.loads(a) for a in app.store.table_actions(app.table.table_id)]
        app.stop()

    Driver(app, out).follow(first() if MODE == "first" else resume(), 0.5)


run(["--data", str(DATA), "--window", "800x480"], app_hook=hook)
print("UNDO-RESULT " + json.dumps(out), flush=True)
