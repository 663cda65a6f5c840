"""The engine's speed-ups answer exactly what the plain computation answers.

Each shortcut here replaced a simpler computation for speed only; these tests keep the
simple one beside it and compare the two on many inputs.
"""

import random

from engine.challengers.policies import card_value, removal_plan


def plain_removal_plan(deck, r, max_names, min_deck):
    """The greedy bot's removals as it first worked them out: group the deck's cards by
    name again for every card removed; the weakest name (by its best card, the first met
    of equal ones) loses its first card while there are too many names."""
    cards = list(deck)
    values = [card_value(c, r) for c in cards]
    names = [c.name for c in cards]
    steps = []
    while len(cards) > min_deck:
        groups = {}
        for i, (name, v) in enumerate(zip(names, values)):
            g = groups.setdefault(name, [v, []])
            g[1].append(i)
            g[0] = max(g[0], v)
        if len(groups) <= max_names:
            break
        weakest = None
        for g in groups.values():
            if weakest is None or g[0] < weakest[0]:
                weakest = g
        if len(names) - len(weakest[1]) < min_deck:
            break
        i = weakest[1][0]
        steps.append((i, len(cards), cards[i]))
        del cards[i], names[i], values[i]
    steps.append((None, len(cards), None))
    return steps[::-1]


def test_the_removal_plan_is_the_plain_one(lib):
    pool = [ct for ct in lib.catalogue.cards.values() if ct.level in ("A", "B", "C", "S")]
    rng = random.Random(7)
    removing = 0
    for _ in range(3000):
        few = rng.sample(pool, rng.randrange(2, 14))            # few names, many copies: ties
        deck = [rng.choice(few) for _ in range(rng.randrange(0, 30))]
        r = rng.randrange(1, 9)
        max_names, min_deck = rng.choice([(7, 8), (3, 4), (5, 12), (1, 0)])
        got = removal_plan(deck, {}, r, max_names, min_deck)
        assert got == plain_removal_plan(deck, r, max_names, min_deck)
        removing += len(got) > 1
    assert removing > 500
