"""The inputs every table controller shares: Deck Phase taps and the keyboard.

A controller that mixes this in provides ``match``, ``deck_phase_at(side)``,
``active_deck_side()``, ``tap_choice(side, i)``, ``_deck(side, *action)`` and
``_ignore(what, why)``; how an action then reaches the engine (locally, or
through the coordinator) is the controller's own business.
"""


class TableInputs:
    """Deck Phase taps by name, and the digit / redraw / done keys."""

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

    def key_digit(self, n):
        """Digit ``n`` (1-9): answer the pending match choice, or act in the active Deck Phase."""
        m = self.match
        if m is not None and m.pending is not None and m.expect[0] == "choose":
            return self.tap_choice(m.pending.player, n - 1)
        side = self.active_deck_side()
        if side is None:
            return self._ignore(("digit", n), "nothing to choose")
        dp = self.deck_phase_at(side)
        act = {"option": "option", "pick": "pick", "choose": "choose", "remove": "remove"}.get(dp.stage)
        if act is None:
            return self._ignore(("digit", n), f"stage {dp.stage}")
        return self._deck(side, act, n - 1)

    def key_redraw(self):
        side = self.active_deck_side()
        return self.deck_redraw(side) if side is not None else self._ignore(("redraw",), "no Deck Phase")

    def key_done(self):
        side = self.active_deck_side()
        return self.deck_done(side) if side is not None else self._ignore(("done",), "no Deck Phase")
