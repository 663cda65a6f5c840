"""The three level piles (A, B, C) and their discards, shared by all players.

When a pile cannot cover a draw, its discards are shuffled and put under it.
"""

from __future__ import annotations

from engine.challengers.shuffling import shuffle


class LevelPiles:
    """Face-down piles by level (the end of each list is the top) and discards."""

    __slots__ = ("discards", "piles")

    def __init__(self, cards=(), rng=None):
        self.piles = {"A": [], "B": [], "C": []}
        self.discards = {"A": [], "B": [], "C": []}
        for ct in cards:
            self.piles[ct.level].append(ct)
        if rng is not None:
            for level in "ABC":
                shuffle(rng, self.piles[level])

    def copy(self) -> LevelPiles:
        c = LevelPiles.__new__(LevelPiles)
        c.piles = {k: list(v) for k, v in self.piles.items()}
        c.discards = {k: list(v) for k, v in self.discards.items()}
        return c

    def _cover(self, level, n, rng):
        pile = self.piles[level]
        if len(pile) < n and self.discards[level]:
            under = self.discards[level]
            self.discards[level] = []
            shuffle(rng, under)
            pile[:0] = under

    def draw(self, level, rng):
        """The top card of ``level``'s pile, or ``None`` when pile and discard are empty."""
        self._cover(level, 1, rng)
        pile = self.piles[level]
        return pile.pop() if pile else None

    def draw_many(self, level, n, rng) -> list:
        """Up to ``n`` cards, topmost first (the discards go under first if needed)."""
        self._cover(level, n, rng)
        pile = self.piles[level]
        out: list = []
        while pile and len(out) < n:
            out.append(pile.pop())
        return out

    def discard(self, ct):
        """A card leaves a deck: to its level's discard; starter and Robot cards go back to the box."""
        d = self.discards.get(ct.level)
        if d is not None:
            d.append(ct)

    def sizes(self) -> dict:
        return {lv: (len(self.piles[lv]), len(self.discards[lv])) for lv in "ABC"}


def pile_draws(ct) -> tuple:
    """((level, cards), ...): what a reserve holds for one card of type ``ct`` in a deck,
    twice what its effects may draw from each level's pile."""
    return tuple((e.src[5:], 2 * e.count) for e in ct.effects
                 if e.do == "move" and e.src and e.src.startswith("pile-"))


# Card types are immutable: each one's pile draws, worked out once.
_PILE_DRAWS: dict = {}


class PileReserve:
    """The level-pile cards one match may draw, set aside when the Match Phase begins.

    Matches at different parks run at the same time (on different kiosks), so
    each draws only from its own reserve: two parks never reach for the same
    card, and a match plays the same wherever and whenever it is played.  The
    reserve holds, per level, twice what the pile-drawing cards of both decks
    could take; what is left goes back on top of its pile after the match.
    A reserve that runs dry gives nothing, like an empty pile.
    """

    __slots__ = ("piles",)

    def __init__(self, piles: dict):
        self.piles = {lv: list(cards) for lv, cards in piles.items()}

    @classmethod
    def set_aside(cls, level_piles: LevelPiles, decks, rng) -> PileReserve:
        need = {"A": 0, "B": 0, "C": 0}
        draws_of = _PILE_DRAWS
        for deck in decks:
            for ct in deck:
                draws = draws_of.get(ct)
                if draws is None:
                    draws = draws_of[ct] = pile_draws(ct)
                if draws:               # most cards draw nothing: no loop to start
                    for level, n in draws:
                        need[level] += n
        # Drawn topmost first; kept with the top at the end of each list, like a pile.  The
        # lists are the reserve's own already: set without the copy __init__ makes.
        piles = {}
        for lv, n in need.items():
            if n:
                cards = level_piles.draw_many(lv, n, rng)
                cards.reverse()
                piles[lv] = cards
            else:
                piles[lv] = []
        if cls is PileReserve:
            reserve = PileReserve.__new__(PileReserve)
            reserve.piles = piles
            return reserve
        return cls(piles)

    def copy(self) -> PileReserve:
        return PileReserve(self.piles)

    def draw(self, level, rng=None):
        pile = self.piles.get(level)
        return pile.pop() if pile else None

    def give_back(self, level_piles: LevelPiles):
        """Put the unused cards back on top of their piles, in their order."""
        for lv, cards in self.piles.items():
            level_piles.piles[lv].extend(cards)
            cards.clear()
