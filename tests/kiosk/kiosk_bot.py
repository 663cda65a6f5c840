"""A bot at the table (tests): ``TABLECUP_KIOSK_PLUGINS=tests.kiosk.kiosk_bot TABLECUP_KIOSK_BOT=greedy|random``.

A kiosk plugin (:mod:`kiosk.plugins`): :func:`attach` starts the bot if ``TABLECUP_KIOSK_BOT``
names a policy, and does nothing if it is empty or unset.

Every ``TABLECUP_BOT_DELAY`` seconds (default 0.05) the bot looks at the screen shown and
presses what a person would press -- the contract actions the screens submit
(``submit(half, "match.reveal")``, ``"deck.pick", i`` ...), "Go" on the seating screen, "Next
round" on a result -- deciding with
``engine.challengers.policies``.  It only reads what the screens read (the player's own Deck
Phase state, the local match), and leaves the Robot and bot entrants to the kiosk (and the
coordinator).  At a park of another game's tournament it plays the people's seats of the park's
table through the game's own screen (``choose``) and taps its held end away.  It plays tournaments only;
the final result stays on screen.

A match's held end is tapped away at the next step; with ``TABLECUP_BOT_HOLD_END=view`` only
once the coordinator's view of the park has moved past that match (players who look at the
end a while, while the other parks finish the round).
"""

from __future__ import annotations

import logging
import os
import random
import time
import zlib

from kivy.clock import Clock

from engine.challengers.policies import make_policy
from kiosk.games.challengers.park import STORAGE_RETRY, ChallengersPark

log = logging.getLogger("tablecup.kiosk.bot")


class Bot:
    def __init__(self, app, policy="greedy", delay=None):
        self.app = app
        seed = zlib.crc32(str(app.data_dir).encode())
        self.policy = make_policy(policy, seed)
        self.presses = 0
        self._waiting_since = 0.0
        delay = float(os.environ.get("TABLECUP_BOT_DELAY", "0.05")) if delay is None else delay
        self.hold_end = os.environ.get("TABLECUP_BOT_HOLD_END", "") == "view"
        self.event = Clock.schedule_interval(self.step, delay)

    def step(self, dt):
        try:
            self._step()
        except Exception:
            log.exception("bot step failed")

    def _press(self, fn, *args):
        self.presses += 1
        fn(*args)

    def _step(self):
        app = self.app
        pc = app.controller
        if pc is not app.park_controller:
            return
        if not isinstance(pc.table, ChallengersPark):
            self._table_step(app, pc)
            return
        park, c = pc.table, pc.board
        if park.t is None:
            return
        if park.storage_error is not None:
            # The table cannot save: the bot stops, and tries again now and then (as a person would).
            now = time.monotonic()
            if now - self._waiting_since < STORAGE_RETRY:
                return
            self._waiting_since = now
        cur = app.sm.current
        if cur == "park":
            if park.needs_seats_ack():
                self._press(app.sm.get_screen("park").go)
        elif cur == "result":
            if not park.t.over:
                self._press(app.sm.get_screen("result").next)
        elif cur == "deck":
            for side in (0, 1):
                dp = c.deck_phase_at(side)
                if dp is None or dp.stage == "done" or c.player_at(side) in park.inflight or c.is_robot(side):
                    continue
                act = self.policy.deck_action(park.t, dp)
                self._press(c.submit, side, "deck." + act[0], *act[1:])
                return
        elif cur == "match" and app.sm.get_screen("match").end_shown:
            reading = app.sm.get_screen("match").ids.log_page.shown      # someone reads the match log
            if not reading and (not self.hold_end or self._moved_on(park)):
                self._press(app.sm.get_screen("match").dismiss_end)      # seen how the match ended
        elif cur == "match":
            g = park.running()
            m = None if g is None else g.match
            if m is None or m.winner is not None:
                return
            kind, side = m.expect
            if kind == "toss":
                self._press(c.submit, None, "match.toss")
            elif kind == "reveal" and not c.is_robot(c.half_of(side)):
                self._press(c.submit, c.half_of(side), "match.reveal")
            elif kind == "choose" and not c.is_robot(c.half_of(m.pending.player)):
                self._press(c.submit, c.half_of(m.pending.player), "match.choose", self.policy.choose(m, m.pending))

    def _table_step(self, app, c):
        """A park of another game: its table, on the game's own screen.  A person's seat with a
        choice plays one drawn from the table's seed, its index and the seat only (so a run and
        a run interrupted by restarts choose alike), through the screen's ``choose``; the held end
        is tapped away with the end screen's own button."""
        table = app.session.park_table()
        scr = app.sm.current_screen
        if table is None or getattr(scr, "table", None) is not table:
            return                       # the park's seating screen: nothing to press
        if table.held:
            if not self.hold_end or (c.view or {}).get("round") != table.round:
                self._press(scr.ids.again.dispatch, "on_release")
            return
        for seat in sorted(table.to_act()):
            if table.is_bot(seat) or table.half_of(seat) is None:
                continue
            legal = table.legal(seat)
            if not legal:
                continue
            rng = random.Random(f"{table.setup.seed}:{len(table.actions)}:{seat}")
            self._press(scr.choose, legal[rng.randrange(len(legal))])
            return

    @staticmethod
    def _moved_on(park) -> bool:
        """The park's view has left the round of the match held on screen."""
        view = park.view
        return view is not None and park.round is not None and \
            (view["round"] != park.round or view["phase"] not in ("match", "final"))


def attach(app):
    """The bot ``TABLECUP_KIOSK_BOT`` names, pressing the app's inputs; None if it names none."""
    policy = os.environ.get("TABLECUP_KIOSK_BOT", "")
    return Bot(app, policy) if policy else None
