"""The Deck Phase: one player, alone, improves their deck.

As the engine plays it (``shared/spec/challengers.md``, "Deck Phase"):

1. Choose one of the round's options; draw 5 from that level's pile.  An
   option that pays fans pays them when chosen.
2. Keep as many as the option says, one pick at a time.  *Once* per Deck
   Phase the drawn cards may be discarded and as many new ones drawn from the
   same pile, at any time before the last pick (with a pick of 2: before or
   after the first).  "When picked" effects resolve as each card is picked;
   the card resolving is never among its own effect's choices.
3. The cards not kept go to their level's discard.
4. Remove any number of cards from the deck (starter cards to the box, the
   others to their level's discard), then say done.

Before the Final there is no draft: the phase starts at step 4.

Actions (tuples): ``("option", i)``, ``("redraw",)``, ``("pick", i)`` (index
into ``drawn``), ``("choose", i)`` (a when-picked choice), ``("remove", i)``
(index into ``deck``), ``("done",)``.
"""

from __future__ import annotations

from itertools import combinations

from engine.choices import Choice
from engine.errors import IllegalAction
from engine.events import Event

OPTION, PICK, CHOOSE, REMOVE, DONE = "option", "pick", "choose", "remove", "done"


def _checked_index(i, n, what):
    """``i`` when it is an index into ``n`` things; else the action is illegal."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
        raise IllegalAction(f"{what} {i!r} does not exist (0 to {n - 1})" if n else f"there is no {what}")
    return i


class DeckPhase:
    """One player's Deck Phase.

    ``deck`` is the player's deck (a list of card types, changed in place as
    cards are picked and removed); ``options`` the round's draft options (an
    empty tuple: removal only); ``piles`` the shared level piles; ``rng`` the
    generator pile reshuffles use; ``draw`` how many cards a draw shows.
    """

    def __init__(self, player, deck, options, piles, rng, draw=5, log=None):
        self.player = player
        self.deck = deck
        self.options = tuple(options)
        self.piles = piles
        self.rng = rng
        self.draw_size = draw
        self.log = log
        self.option = None
        self.drawn: list = []
        self.picks_left = 0
        self.picked: list = []
        self.redraw_used = False
        self.fans = 0                 # fans this phase earned (options, when-picked)
        self.removed: list = []       # (card type, "discard"|"box")
        self.pending: Choice | None = None
        self._ctx = None
        self.stage = OPTION if self.options else REMOVE

    def _emit(self, kind, card=None, value=None, info=None):
        if self.log is not None:
            self.log.append(Event(kind, self.player, card, value, info))

    # ------------------------------------------------------------------ checks
    def legal_actions(self) -> list:
        if self.stage == OPTION:
            return [("option", i) for i in range(len(self.options))]
        if self.stage == PICK:
            acts: list[tuple] = [("pick", i) for i in range(len(self.drawn))]
            if self.can_redraw():
                acts.append(("redraw",))
            return acts
        if self.stage == CHOOSE and self.pending is not None:
            return [("choose", i) for i in range(len(self.pending.options))]
        if self.stage == REMOVE:
            return [("remove", i) for i in range(len(self.deck))] + [("done",)]
        return []

    def can_redraw(self) -> bool:
        return self.stage == PICK and not self.redraw_used and self.picks_left > 0

    def apply(self, action) -> list:
        """Check and apply one action; returns the events (if recording)."""
        if not isinstance(action, (tuple, list)) or not action:
            raise IllegalAction(f"not an action: {action!r}")
        start = len(self.log) if self.log is not None else 0
        kind, n = action[0], len(action)
        if kind == "pick" and n == 2:
            self._pick(action[1])
        elif kind == "remove" and n == 2:
            self._remove(action[1])
        elif kind == "done" and n == 1:
            self._done()
        elif kind == "option" and n == 2:
            self._option(action[1])
        elif kind == "redraw" and n == 1:
            self._redraw()
        elif kind == "choose" and n == 2:
            self._choose(action[1])
        else:
            raise IllegalAction(f"unknown Deck Phase action {action!r}")
        return self.log[start:] if self.log is not None else []


    # ------------------------------------------------------------------ actions
    def _option(self, i=None):
        if self.stage != OPTION:
            raise IllegalAction(f"no option to choose now (stage: {self.stage})")
        opt = self.options[_checked_index(i, len(self.options), "option")]
        self.option = opt
        self.picks_left = opt.pick
        self.fans += opt.fans
        if self.log is not None:
            self._emit("option", None, opt.pick, opt.describe())
            if opt.fans:
                self._emit("fans", "option", opt.fans)
        self.drawn = self.piles.draw_many(opt.level, self.draw_size, self.rng)
        if self.log is not None:
            self._emit("draw", None, len(self.drawn), tuple([c.id for c in self.drawn]))
        self.stage = PICK
        self._after_pick()

    def _redraw(self):
        if not self.can_redraw():
            raise IllegalAction("the redraw is used, or there is nothing to redraw")
        n = len(self.drawn)
        for ct in self.drawn:
            self.piles.discard(ct)
        self.redraw_used = True
        self.drawn = self.piles.draw_many(self.option.level, n, self.rng)
        if self.log is not None:
            self._emit("redraw", None, len(self.drawn), tuple([c.id for c in self.drawn]))
        self._after_pick()

    def _pick(self, i=None):
        if self.stage != PICK:
            raise IllegalAction(f"no card to pick now (stage: {self.stage})")
        i = _checked_index(i, len(self.drawn), "drawn card")
        ct = self.drawn.pop(i)
        self.deck.append(ct)
        self.picked.append(ct)
        self.picks_left -= 1
        if self.log is not None:        # a card's id is read only for an event kept
            self._emit("pick", ct.id)
        for e in ct.on_picked:
            self._resolve(e, ct)
            if self.stage == CHOOSE:
                # The rest of this card's effects wait for the answer.
                rest = ct.on_picked[ct.on_picked.index(e) + 1:]
                handler, args = self._ctx
                self._ctx = (self._then, (handler, args, rest, ct))
                return
        self._after_pick()

    def _then(self, handler, args, rest, ct, option):
        handler(*args, option)
        for e in rest:
            self._resolve(e, ct)
            if self.stage == CHOOSE:
                return
        self._after_pick()

    def _choose(self, i=None):
        if self.stage != CHOOSE:
            raise IllegalAction("no choice is pending")
        i = _checked_index(i, len(self.pending.options), "option")
        handler, args = self._ctx
        option = self.pending.options[i]
        self.pending = self._ctx = None
        self.stage = PICK
        self._emit("chose", None, i)
        handler(*args, option)
        if self.stage == PICK:
            self._after_pick()

    def _after_pick(self):
        if self.stage == PICK and (self.picks_left <= 0 or not self.drawn):
            for ct in self.drawn:
                self.piles.discard(ct)
            self.drawn = []
            self.picks_left = 0
            self.stage = REMOVE

    def _remove(self, i=None):
        if self.stage != REMOVE:
            raise IllegalAction(f"cards are removed at the end of the Deck Phase (stage: {self.stage})")
        i = _checked_index(i, len(self.deck), "deck card")
        ct = self.deck.pop(i)
        self._take_out(ct, "discard")

    def _take_out(self, ct, where):
        """A card leaves the deck: starter cards go to the box, others to their level's discard
        (``where`` = "box" sends any card out of the game for good)."""
        # A starter card's level is "S": not a drafted level, so to the box (one read of the
        # level, not the ``starter`` property as well).
        if where == "box" or ct.level not in ("A", "B", "C"):
            where = "box"
        else:
            self.piles.discard(ct)
        self.removed.append((ct, where))
        if self.log is not None:
            self._emit("remove", ct.id, None, where)

    def _done(self):
        if self.stage != REMOVE:
            raise IllegalAction(f"the Deck Phase is not finished (stage: {self.stage})")
        self.stage = DONE
        self._emit("deck-done", None, len(self.deck))

    # ------------------------------------------------------------------ when picked
    def _ask(self, kind, ct, options, handler, args):
        if len(options) == 1:
            handler(*args, options[0])
            return
        self.pending = Choice(self.player, kind, ct.id, tuple(options))
        self._ctx = (handler, args)
        self.stage = CHOOSE
        self._emit("choice", ct.id, len(options), kind)

    def _deck_options(self, flt, count, exclude, may):
        """Distinct ways to choose ``count`` deck cards matching ``flt`` (as deck indices)."""
        # Only the copy being picked (the last one added) is left out: earlier copies may be chosen.
        skip = max((i for i, c in enumerate(self.deck) if c is exclude), default=None)
        pool = [i for i, c in enumerate(self.deck) if i != skip and (flt is None or flt(c))]
        seen, options = set(), []
        for combo in combinations(pool, count) if len(pool) >= count else ():
            sig = tuple(sorted(self.deck[i].uid for i in combo))
            if sig not in seen:
                seen.add(sig)
                options.append(combo)
        if may:
            options.append(())
        return options

    def _resolve(self, e, ct):
        if e.do == "fans":
            self.fans += e.amount
            self._emit("fans", ct.id, e.amount)
        elif e.do == "move":          # Grandmother: remove a card for good
            dst = e.dst[0]
            options = self._deck_options(e.filter, e.count, ct, e.may)
            if options:
                self._ask("remove", ct, options, self._answer_remove, (dst,))
        elif e.do == "extra-pick":
            if e.cost is not None:
                options = self._deck_options(e.cost.filter, e.cost.count, ct, True)
                if options != [()] and self.drawn:
                    self._ask("extra-pick", ct, options, self._answer_cost, (e.cost.dst[0],))
            elif e.draw:
                extra = self.piles.draw_many(e.level, e.draw, self.rng)
                if self.log is not None:
                    self._emit("draw", ct.id, len(extra), tuple([c.id for c in extra]))
                if extra:
                    options = [(i,) for i in range(len(extra))]
                    self._ask("extra-pick", ct, options, self._answer_extra_draw, (extra,))

    def _answer_remove(self, dst, option):
        for i in sorted(option, reverse=True):
            self._take_out(self.deck.pop(i), dst)

    def _answer_cost(self, dst, option):
        if not option:
            return
        self._answer_remove(dst, option)
        self.picks_left += 1
        self._emit("extra-pick")

    def _answer_extra_draw(self, extra, option):
        (i,) = option
        ct = extra[i]
        self.deck.append(ct)
        self.picked.append(ct)
        self._emit("pick", ct.id, None, "extra")
        for j, other in enumerate(extra):
            if j != i:
                self.piles.discard(other)
        # The extra card is picked too: its own "when picked" effects resolve (Surf Teacher -> Cheerleader).
        for k, e in enumerate(ct.on_picked):
            self._resolve(e, ct)
            if self.stage == CHOOSE:
                handler, args = self._ctx
                self._ctx = (self._then, (handler, args, ct.on_picked[k + 1:], ct))
                return

