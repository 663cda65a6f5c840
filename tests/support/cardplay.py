"""Helpers for reading a match in tests: card ids of zones, top card first."""


def ids(m, insts):
    """Card ids of instance numbers."""
    return [m.types[i].id for i in insts]


def bench_ids(m, p):
    """Player p's bench as {seat key: [card ids]}."""
    return {s.key: [m.types[c].id for c in s.cards] for s in m.sides[p].bench}


def deck_ids(m, p):
    """Player p's deck, top card first."""
    return [m.types[c].id for c in reversed(m.sides[p].deck)]


def arrange_ids(m):
    """The pending arrange choice's options as [[(place, card id), ...], ...]."""
    return [[(w, m.types[c].id) for w, c in o] for o in m.pending.options]
