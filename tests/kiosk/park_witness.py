"""What a park's match screen shows at the held end of each match (tests): a kiosk plugin,
``TABLECUP_KIOSK_PLUGINS=tests.kiosk.kiosk_bot,tests.kiosk.park_witness TABLECUP_WITNESS=DIR``.

Each time the park's table changes while the match screen holds a finished match (its end
shown, then every coordinator view that arrives before a player taps), it reads each half as
a player would: the name at the top of the half, the deck and exhaust counts, the bench's
cards, and appends one JSON line to ``DIR/ends.jsonl``.  It also keeps a screenshot of the
end as first shown and as it stands once the coordinator's view has moved past the match
(``DIR/end-r<round>-p<park>-first.png`` / ``-later.png``).  At the first look it taps the
bottom half's "Log" and keeps the lines the match log shows (``log``, newest first; None when
there is no "Log" to tap) and a screenshot of it a moment later (``DIR/log-r<round>-p<park>.png``),
then closes it.  It presses nothing: the bot (with
``TABLECUP_BOT_HOLD_END=view``) taps the end away once the view has moved on.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path

from kivy.clock import Clock

log = logging.getLogger("tablecup.kiosk.witness")

NAME = re.compile(r"\[b\](.*?)\[/b\]")


def moved_on(park) -> bool:
    """Whether the coordinator's view of this park has left the round of the match held on
    screen (the next round's Deck Phase, the Final's, the end of the tournament)."""
    view = park.view
    return view is not None and park.round is not None and \
        (view["round"] != park.round or view["phase"] not in ("match", "final"))


def halves(screen) -> list[dict]:
    """Each half of the match screen (0 bottom, 1 top) as its player reads it."""
    out = []
    for side in (screen.ids.light, screen.ids.dark):
        numbers = [int(x) for x in re.findall(r"\d+", side.ids.info.text)]
        bench = [f.name for f in side.ids.bench.faces if f.name]
        name = NAME.search(side.ids.who.text)          # "[b]Ann[/b]  [color=..]Flag[/color]"
        out.append({"who": name.group(1) if name else side.ids.who.text, "info": side.ids.info.text,
                    "deck": numbers[0] if numbers else None, "exhaust": numbers[1] if len(numbers) > 1 else None,
                    "bench": bench})
    return out


class Witness:
    def __init__(self, app, folder) -> None:
        self.app = app
        self.dir = Path(folder)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.shots: set = set()
        self.watched = None
        self.event = Clock.schedule_interval(self.follow, 0.05)

    def follow(self, *_) -> None:
        """Listen to the park's table once the kiosk has one (after "Join a tournament")."""
        pc = self.app.park_controller
        if pc is not None and pc is not self.watched:
            pc.listeners.append(self.heard)        # after the app's own: the screen is redrawn first
            self.watched = pc

    def heard(self, c, events) -> None:
        try:
            self.look(c)
        except Exception:
            log.exception("witness failed")

    def look(self, c) -> None:
        app = self.app
        if app.controller is not c or app.sm.current != "match":
            return
        screen = app.sm.get_screen("match")
        table = c.table
        if not screen.end_shown or table.match_id is None:
            return
        rnd, park = table.round, table.park
        later = moved_on(table)
        row = {"round": rnd, "park": park, "moved_on": later, "view_round": c.view["round"],
               "view_phase": c.view["phase"], "halves": halves(screen)}
        which = "later" if later else "first"
        if (rnd, park, which) not in self.shots and not screen.ids.log_page.shown:
            self.shots.add((rnd, park, which))
            self.screenshot(f"end-r{rnd}-p{park}-{which}.png")
        if (rnd, park, "log") not in self.shots:
            self.shots.add((rnd, park, "log"))
            row["log"] = self.read_log(c, screen, f"log-r{rnd}-p{park}.png")
        with open(self.dir / "ends.jsonl", "a") as f:
            f.write(json.dumps(row) + "\n")

    def screenshot(self, name) -> None:
        for _ in range(3):             # the texts just set drawn, the lines laid out, as before a frame
            Clock.tick_draw()
        self.app.save_screenshot(str(self.dir / name))

    def read_log(self, c, screen, shot) -> list[str] | None:
        """The bottom player's "Log" tapped: the lines it shows (newest first; None: no "Log"
        button to tap), closed again a moment later."""
        button = screen.ids.mid_light.ids.log_button
        if button.disabled or button.opacity == 0:
            return None
        screen.ids.motion.finish()     # as a finger's touch does first
        button.trigger_action(0)
        page = screen.ids.log_page
        lines = page.shown_lines() if page.shown else None

        def picture(*_):
            # Its lines laid out over a few frames first; then closed as a player would, and
            # the end under it looked at again.
            self.screenshot(shot)
            screen.close_overlay()
            self.heard(c, [])
        Clock.schedule_once(picture, 0.3)
        return lines


def attach(app):
    """The witness writing to ``TABLECUP_WITNESS`` (None without it)."""
    folder = os.environ.get("TABLECUP_WITNESS")
    return Witness(app, folder) if folder else None
