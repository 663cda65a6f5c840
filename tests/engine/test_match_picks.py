"""The options a move effect offers are the same as the plain enumeration would give, in the
same order: a bot's answer is an option's index, so the order is part of every replay.

``_append_multisets`` walks the group numbers and drops a prefix as soon as a group runs out;
``Match._deck_picks`` reads each card's name once.  Both are checked here against the
enumerations they replaced, written out plainly."""

import random
from itertools import combinations, combinations_with_replacement

from engine.challengers.match import Match, _append_multisets


def plain_multisets(groups, k) -> list:
    """Every combination of group numbers with repetition, kept when no group gives more
    cards than it has: the enumeration ``_append_multisets`` replaces."""
    options = []
    for combo in combinations_with_replacement(range(len(groups)), k):
        used: dict = {}
        pick = []
        for g in combo:
            i = used.get(g, 0)
            if i >= len(groups[g]):
                break
            used[g] = i + 1
            pick.append(groups[g][i])
        else:
            options.append(tuple(pick))
    return options


def plain_deck_picks(types, deck, pool, k) -> list:
    """Picks of ``k`` cards of ``pool`` that leave different decks behind, names read per card."""
    options, seen = [], set()
    for pick in combinations(pool, k):
        outcome = (tuple([types[c].uid for c in deck if c not in pick]), tuple([types[c].uid for c in pick]))
        if outcome not in seen:
            seen.add(outcome)
            options.append(pick)
    return options


def test_multisets_match_the_filtered_combinations():
    r = random.Random(34)
    for _ in range(3000):
        groups, card = [], 0
        for _g in range(r.randint(1, 7)):
            size = r.randint(1, 4)
            groups.append(list(range(card, card + size)))
            card += size
        k = r.randint(1, 6)
        walked: list = []
        _append_multisets(groups, k, walked)
        assert walked == plain_multisets(groups, k), (groups, k)


def test_multisets_of_more_cards_than_there_are_is_nothing():
    walked: list = []
    _append_multisets([[0], [1, 2]], 4, walked)
    assert walked == []


def test_deck_picks_match_the_plain_enumeration(lib):
    cat = lib.catalogue
    names = ("newcomer", "talent", "dog", "champion", "pig", "horse", "lion", "bat")
    r = random.Random(7)
    for seed in range(200):
        deck = [cat.card(r.choice(names)) for _ in range(r.randint(2, 10))]
        m = Match([deck, deck], rng=seed)
        cards = m.sides[0].deck
        pool = [c for c in cards if r.random() < 0.7]
        for k in range(2, min(4, len(pool) + 1)):
            got = m._deck_picks(cards, pool, k, False, False)
            assert got == plain_deck_picks(m.types, cards, pool, k), (seed, k)
