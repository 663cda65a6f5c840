"""The inputs a café park shares with its screens: reveal, toss, choices, Deck Phase taps.

Inputs name *halves* of the table (0 = the bottom half, 1 = the top half, turned 180°), where
people sit; the engine's match names *sides* (0 = the plan's light side, 1 = dark).
:meth:`match_side` and :meth:`half_of` translate; at a park of a café tournament the plan's sides
are the seats, so both are the identity, while a table that hosts a whole solo or 2-player game
keeps each player on their own half (:class:`kiosk.games.challengers.local.ChallengersTable`).

A controller that mixes this in provides ``match``, ``park``, ``listeners``,
``ignored``, ``is_robot(side)``, ``deck_phase_at(side)``, ``active_deck_side()``,
``_deck(side, *action)``, ``_apply(action)``, ``robot_action()`` and, for the
Robot's pace, ``schedule(fn, delay)``, ``robot_delay`` and ``_robot_scheduled``;
how an action then reaches the engine (locally, or through the coordinator) is
the controller's own business.  The Robot's moves take the same path as a
person's, scheduled on the clock, never blocking.  A press the engine does not expect does nothing:
it is logged and kept in ``ignored``, never queued for later.
"""

import logging

from kiosk.table import notify

log = logging.getLogger("tablecup.kiosk")

#: Seconds between the Robot's attempts while the store cannot write.
STORAGE_RETRY = 3.0


class TableInputs:
    """Match inputs and Deck Phase taps by name (keys reach them through the screens)."""

    def match_side(self, half):
        """The engine's side of the current match played on ``half``."""
        return half

    def half_of(self, side, m=None):
        """The half where the player of the engine's ``side`` (of ``m``, default the current match) sits."""
        return side

    def _ignore(self, what, why):
        """A press the engine does not expect: logged, kept, and shown (``on_ignored(what, why)``,
        set by the screens: a short hint on the half it came from)."""
        self.ignored.append((what, why))
        log.info("ignored %s: %s", what, why)
        hint = getattr(self, "on_ignored", None)
        if hint is not None:
            try:
                hint(what, why)
            except Exception:          # a hint must never stop the game
                log.exception("hint failed")
        return None

    ignore = _ignore           # the screens' name for it: a press their moment has no use for

    def _changed(self, events):
        notify(self.listeners, self, events)
        self._maybe_robot()

    def press_reveal(self, half):
        m = self.match
        if m is None or m.winner is not None:
            return self._ignore(("reveal", half), "no match running")
        side = self.match_side(half)
        if m.expect != ("reveal", side):
            return self._ignore(("reveal", half), f"the match expects {m.expect}")
        if self.is_robot(half):
            return self._ignore(("reveal", half), "the Robot reveals for itself")
        return self._apply(("match", self.park, "reveal", side))

    def press_toss(self):
        m = self.match
        if m is None or m.winner is not None or m.expect[0] != "toss":
            return self._ignore(("toss",), "no toss expected")
        return self._apply(("match", self.park, "toss"))

    def tap_choice(self, half, i):
        m = self.match
        if m is None or m.pending is None or m.expect[0] != "choose" or m.pending.player != self.match_side(half):
            return self._ignore(("choose", half, i), "no choice pending for this half")
        if self.is_robot(half):
            return self._ignore(("choose", half, i), "the Robot chooses for itself")
        return self._apply(("match", self.park, "choose", m.pending.player, i))

    def deck_option(self, side, i):
        return self._deck(side, "option", i)

    def deck_pick(self, side, i):
        return self._deck(side, "pick", i)

    def deck_redraw(self, side):
        return self._deck(side, "redraw")

    def deck_choose(self, side, i):
        return self._deck(side, "choose", i)

    def deck_remove(self, side, i):
        return self._deck(side, "remove", i)

    def deck_done(self, side):
        return self._deck(side, "done")

    def deck_undo(self, side):
        """Take back the last pick, when-picked choice or removal of ``side``'s Deck Phase."""
        return self._deck(side, "undo")

    def _maybe_robot(self):
        if self._robot_scheduled or self.robot_action() is None:
            return
        self._robot_scheduled = True
        # After a failed write the Robot stops and only tries again now and then: its next
        # move is the probe that finds storage working again (a person's press is another).
        failing = getattr(self, "storage_error", None) is not None
        self.schedule(self.robot_step, STORAGE_RETRY if failing else self.robot_delay)

    def robot_step(self, *_):
        self._robot_scheduled = False
        act = self.robot_action()
        if act is not None:
            self._apply(act)
