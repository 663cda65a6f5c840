"""The three level piles (A, B, C) and their discards, shared by all players.

When a pile cannot cover a draw, its discards are shuffled and put under it.
"""

from __future__ import annotations


class LevelPiles:
    """Face-down piles by level (the end of each list is the top) and discards."""

    __slots__ = ("piles", "discards")

    def __init__(self, cards=(), rng=None):
        self.piles = {"A": [], "B": [], "C": []}
        self.discards = {"A": [], "B": [], "C": []}
        for ct in cards:
            self.piles[ct.level].append(ct)
        if rng is not None:
            for level in "ABC":
                rng.shuffle(self.piles[level])

    def copy(self) -> "LevelPiles":
        c = LevelPiles.__new__(LevelPiles)
        c.piles = {k: list(v) for k, v in self.piles.items()}
        c.discards = {k: list(v) for k, v in self.discards.items()}
        return c

    def _cover(self, level, n, rng):
        pile = self.piles[level]
        if len(pile) < n and self.discards[level]:
            under = self.discards[level]
            self.discards[level] = []
            rng.shuffle(under)
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
        out = []
        while pile and len(out) < n:
            out.append(pile.pop())
        return out

    def discard(self, ct):
        """A card leaves a deck: to its level's discard; starter and Robot cards go back to the box."""
        if ct.level in self.discards:
            self.discards[ct.level].append(ct)

    def sizes(self) -> dict:
        return {lv: (len(self.piles[lv]), len(self.discards[lv])) for lv in "ABC"}
