"""Keys pressed at a park's moments that take no Deck Phase input (tests): a kiosk plugin,
``TABLECUP_KIOSK_PLUGINS=...,tests.kiosk.park_keys TABLECUP_PARK_KEYS=DIR``.

The first time each such moment is on screen -- waiting to be assigned or for the other parks,
a new round's seating (before "Go"), a match's held end, a result -- it presses the digits 1-9,
``r`` and ``d`` on the keyboard (the kiosk's one key path, as a person would) and writes one JSON
line to ``DIR/keys.jsonl``: the moment, the screen, and what those presses put in the outbox
(``new``: the outbox rows that were not there before) or in flight.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

from kivy.clock import Clock

log = logging.getLogger("tablecup.kiosk.keys")

KEYS = (*"123456789", "r", "d")


class KeyPresser:
    def __init__(self, app, folder) -> None:
        self.app = app
        self.dir = Path(folder)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.done: set = set()
        self.watched = None
        self.event = Clock.schedule_interval(self.follow, 0.05)

    def follow(self, *_) -> None:
        """Listen to the park's table once the kiosk has one; and look at every tick too (a tap on
        a held end shows the result without a change of the table)."""
        pc = self.app.park_controller
        if pc is not None and pc is not self.watched:
            pc.listeners.append(self.heard)        # after the app's own: the screen is redrawn first
            self.watched = pc
        if pc is not None:
            self.heard(pc, [])

    def moment(self, c):
        """The moment on screen, when it is one that takes no Deck Phase input (else None)."""
        app = self.app
        if app.controller is not c:
            return None
        screen, t, table = app.sm.current, c.t, c.table
        if screen == "park":
            if t is not None and c.needs_seats_ack():
                return ("seating", c.tid, t.round)
            return ("waiting", c.tid, None if t is None else t.round, None if t is None else t.phase)
        if screen == "result" and t is not None:
            return ("result", c.tid, t.round, t.over)
        if screen == "match" and app.sm.get_screen("match").end_shown and table.match_id is not None:
            return ("held", table.tid, table.round, table.park)
        return None

    def heard(self, c, events) -> None:
        try:
            self.press(c)
        except Exception:
            log.exception("key presser failed")

    def press(self, c) -> None:
        moment = self.moment(c)
        if moment is None or moment in self.done:
            return
        self.done.add(moment)
        before = {r["id"] for r in c.store.outbox_rows()}
        flying = set(c.table.inflight)
        for k in KEYS:
            self.app.handle_key(k)
            self.app.handle_key_up(k)
        new = [dict(r) for r in c.store.outbox_rows() if r["id"] not in before]
        row = {"moment": list(moment), "screen": self.app.sm.current, "new": new,
               "inflight": sorted(set(c.table.inflight) - flying)}
        with open(self.dir / "keys.jsonl", "a") as f:
            f.write(json.dumps(row, default=str) + "\n")


def attach(app):
    """The key presser writing to ``TABLECUP_PARK_KEYS`` (None without it)."""
    folder = os.environ.get("TABLECUP_PARK_KEYS")
    return KeyPresser(app, folder) if folder else None
