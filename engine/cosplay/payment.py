# cython: annotation_typing=False
"""Paying a cost: the arithmetic of the rulebook's "Recruter" paragraph.

A cost is (BADASS, KAWAII, CRAFT, any): the first three must be met by points
of that resource, the last (a *multicolour* cost) by points of any resource.
Each paying unit -- a card of the hand, a character of the assistance zone
with the equipment attached to it, or the points an ability gained this turn --
pays for one target only; its points are never split between targets, and
points beyond the cost are lost ("les points supplémentaires ou non utilisés
sont perdus").

A *sum* is the points the payers chosen so far bring, by resource.  It
covers a cost when every resource's part is met and what is left over meets
the multicolour part.

A payment is *valid* when its payers, in the order named, each bring a point the
cost still needs and together cover it (:func:`valid`).  The choices a player is
offered are the *needed* payments (:func:`payments`): every payer is needed (without
any one of them the others would not cover the cost), and alike units -- the same
card, in the same place, with the same equipment -- are one choice, the lowest card
numbers named.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

__all__ = ["Payment", "Purse", "Unit", "add", "cheapest", "covers", "need", "payments", "useful", "valid"]

Vec = tuple[int, int, int]
Cost = tuple[int, int, int, int]


class Unit(NamedTuple):
    """One payer: ``key`` (a card instance, or ``"pool"``), the points it gives by
    resource, whether it comes from the hand (spent first when all else is equal), and
    what makes it alike another unit (``alike``: equal values pay and leave the same;
    ``None``: alike no other)."""

    key: int | str
    gives: Vec
    from_hand: bool
    alike: Hashable | None = None


class Payment(NamedTuple):
    """A proposed payment: the payers, and the points it wastes."""

    payers: tuple[int | str, ...]
    waste: int


def covers(s: Sequence[int], cost: Cost) -> bool:
    """Do the points ``s`` pay ``cost``?"""
    b, k, c, a = cost
    s0, s1, s2 = s[0], s[1], s[2]
    return s0 >= b and s1 >= k and s2 >= c and (s0 - b) + (s1 - k) + (s2 - c) >= a


def need(s: Sequence[int], cost: Cost) -> tuple[int, int, int, int]:
    """What ``cost`` still asks once ``s`` is paid: per resource, and multicolour."""
    b, k, c, a = cost
    surplus = max(0, s[0] - b) + max(0, s[1] - k) + max(0, s[2] - c)
    return max(0, b - s[0]), max(0, k - s[1]), max(0, c - s[2]), max(0, a - surplus)


def useful(gives: Vec, s: Sequence[int], cost: Cost) -> bool:
    """Does a unit giving ``gives`` bring a point the cost still needs?  (A card that
    would only bring a resource nobody asks for pays "the wrong resource".)"""
    b, k, c, a = cost
    d0, d1, d2 = b - s[0], k - s[1], c - s[2]
    if (d0 > 0 and gives[0]) or (d1 > 0 and gives[1]) or (d2 > 0 and gives[2]):
        return True
    if a and (gives[0] or gives[1] or gives[2]):
        surplus = (-d0 if d0 < 0 else 0) + (-d1 if d1 < 0 else 0) + (-d2 if d2 < 0 else 0)
        return surplus < a
    return False


def add(s: Sequence[int], gives: Vec) -> Vec:
    return s[0] + gives[0], s[1] + gives[1], s[2] + gives[2]


def _order(u: Unit) -> tuple[bool, int]:
    """Hand cards first, then by card number; the gained points last."""
    return (not u.from_hand, u.key if type(u.key) is int else 1 << 30)


def cheapest(units: Sequence[Unit], cost: Cost, start: Sequence[int] = (0, 0, 0)) -> Payment | None:
    """The payment of ``cost`` (on top of the points ``start`` already given) that
    wastes the fewest points; ties go to fewer cards, then to cards of the hand,
    then to the lower card numbers.  ``None`` when no choice of ``units`` pays.

    A dynamic programme over what is still owed: the points paid so far matter
    only up to each resource's part of the cost, and their surplus only up to the
    multicolour part, so there are at most (B+1)(K+1)(C+1)(any+1) situations,
    each keeping its best way to get there.
    """
    if covers(start, cost):
        return Payment((), sum(start) - sum(cost))
    total = add(start, (sum(u.gives[0] for u in units), sum(u.gives[1] for u in units),
                        sum(u.gives[2] for u in units)))
    if not covers(total, cost):
        return None
    b, k, c, a = cost
    kinds = (b > 0 or a > 0, k > 0 or a > 0, c > 0 or a > 0)
    useful_units = sorted((u for u in units if (kinds[0] and u.gives[0]) or (kinds[1] and u.gives[1])
                           or (kinds[2] and u.gives[2])), key=_order)

    # A situation as one number: what is paid of each resource's part (capped at the part) and
    # the surplus toward the multicolour part (capped at it).  Adding a unit never lowers any of
    # the four, so a situation's number only grows: walking the situations from the highest
    # number down, each unit is added at most once (the 0/1 knapsack's order).
    mk, mc, ma = k + 1, c + 1, a + 1
    size = (b + 1) * mk * mc * ma
    parts = [(i // (mk * mc * ma), i // (mc * ma) % mk, i // ma % mc, i % ma) for i in range(size)]
    s0, s1, s2 = start[0], start[1], start[2]
    sur0 = (s0 - b if s0 > b else 0) + (s1 - k if s1 > k else 0) + (s2 - c if s2 > c else 0)
    first = ((min(s0, b) * mk + min(s1, k)) * mc + min(s2, c)) * ma + min(sur0, a)
    goal = size - 1
    none = 1 << 30
    pts = [none] * size           # points given to get there (the smaller the better) ...
    cards = [0] * size            # ... then cards spent ...
    away = [0] * size             # ... then cards from the assistance zone
    chain: list = [None] * size   # the payers, as a linked list
    pts[first] = sum(start)
    reached = [first]
    moves: dict[Vec, list[int]] = {}
    for u in useful_units:
        g = u.gives
        move = moves.get(g)
        if move is None:
            g0, g1, g2 = g
            move = []
            for p0, p1, p2, sur in parts:
                n0, n1, n2 = p0 + g0, p1 + g1, p2 + g2
                # What each resource brings past its need goes to the surplus; the need keeps the
                # rest.  Conditionals, not min(): this is the innermost loop of every payment search.
                o0 = n0 - b if n0 > b else 0
                o1 = n1 - k if n1 > k else 0
                o2 = n2 - c if n2 > c else 0
                ns = sur + o0 + o1 + o2
                oa = ns - a if ns > a else 0
                move.append((((n0 - o0) * mk + n1 - o1) * mc + n2 - o2) * ma + ns - oa)
            moves[g] = move
        gp = g[0] + g[1] + g[2]
        aw = 0 if u.from_hand else 1
        key = u.key
        fresh = []
        for i in sorted(reached, reverse=True):
            if i == goal:
                continue
            j = move[i]
            if j == i:
                continue
            np_, nc, na = pts[i] + gp, cards[i] + 1, away[i] + aw
            pj = pts[j]
            if np_ < pj or (np_ == pj and (nc < cards[j] or (nc == cards[j] and na < away[j]))):
                if pj == none:
                    fresh.append(j)
                pts[j], cards[j], away[j], chain[j] = np_, nc, na, (key, chain[i])
        reached.extend(fresh)
    if pts[goal] == none:
        return None
    payers = []
    link = chain[goal]
    while link is not None:
        payers.append(link[0])
        link = link[1]
    payers.reverse()
    return Payment(tuple(payers), pts[goal] - sum(cost))


def valid(units: Sequence[Unit], cost: Cost) -> bool:
    """Do ``units``, added in this order, each bring a point ``cost`` still needs, and
    together cover it?  (What a payment must be: no unit is wasted on a covered cost or
    on a resource nobody asks for.)"""
    s: Sequence[int] = (0, 0, 0)
    for u in units:
        if not useful(u.gives, s, cost):
            return False
        s = add(s, u.gives)
    return covers(s, cost)


#: At most this many payments are offered for one target (the least wasteful first): a Drama
#: purchase of many cards from a crowded hand has tens of thousands of needed payments.
MOST_WAYS = 16
#: ... and the search for them takes at most this many steps (then it offers the best it found).
MOST_STEPS = 1500

#: Needed payments by shape (the cost, and each kind of unit's points, count and place): the same
#: few shapes come back all game long, and a bot's search asks for them thousands of times.
#: (Kept as tuples of numbers, which the garbage collector stops tracking: every object a cache
#: keeps is walked by each full collection, and a bot's search spent a tenth of its time there.)
_PLANS: dict[tuple, tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}


def payments(units: Sequence[Unit], cost: Cost) -> list[Payment]:
    """The *needed* payments of ``cost``: payers that cover it, none of which could be left
    out; alike units (equal ``alike``) count as one choice, and the lowest keys of each kind
    are named.  Best first: the fewest points wasted, then the fewest cards, then the fewest
    from the assistance zone, then those using the kinds of unit that come first (the hand's
    lowest card numbers first); the first :data:`MOST_WAYS` of them (of those found within
    :data:`MOST_STEPS` steps of the search: a bound only a crowded hand reaches).  The payers of each in :func:`cheapest`'s order (the hand by
    card number, then the assistance zone, the gained points last).  ``[]`` when nothing pays;
    ``[Payment((), waste)]`` when the cost is nothing.  (:class:`Purse` answers the same for
    several costs from one set of units.)"""
    return Purse(units).payments(cost)


class Purse:
    """A player's units, sorted and grouped by kind once, to ask :func:`payments` for several
    costs (the legal list asks it for every target)."""

    def __init__(self, units: Sequence[Unit]) -> None:
        ordered = sorted(units, key=_order)
        kinds: dict[Hashable, list[tuple[int, Unit]]] = {}
        for i, u in enumerate(ordered):
            kinds.setdefault(u.key if u.alike is None else u.alike, []).append((i, u))
        self._set([u.key for u in ordered], [([i for i, _ in g], g[0][1].gives, g[0][1].from_hand)
                                             for g in kinds.values()])

    @classmethod
    def grouped(cls, keys: list[int | str], groups: list[tuple[list[int], Vec, bool]]) -> Purse:
        """The purse of units already in :func:`cheapest`'s order (``keys``) and grouped by kind
        (``groups``, in the order each kind first comes in ``keys``: its places, points and
        whether from the hand), as :class:`Purse` would sort and group them."""
        purse = cls.__new__(cls)
        purse._set(keys, groups)
        return purse

    def _set(self, keys: list[int | str], groups: list[tuple[list[int], Vec, bool]]) -> None:
        self.keys = keys
        #: each kind: its units' places in ``keys`` (in order), its points, and whether from the hand
        self.groups = groups
        self._ways: dict[Cost, list[tuple[tuple[int | str, ...], int]]] = {}

    def payments(self, cost: Cost) -> list[Payment]:
        """:func:`payments` of ``cost`` from these units."""
        return [Payment(payers, waste) for payers, waste in self.ways(cost)]

    def ways(self, cost: Cost) -> list[tuple[tuple[int | str, ...], int]]:
        """:meth:`payments` as (payers, points wasted) pairs, worked out once per cost."""
        known = self._ways.get(cost)
        if known is not None:
            return known
        b, k, c, a = cost
        if covers((0, 0, 0), cost):
            out: list[tuple[tuple[int | str, ...], int]] = [((), -(b + k + c + a))]
            self._ways[cost] = out
            return out
        kinds, plans = self._plans(cost)
        groups = self.groups
        keys = self.keys
        out = []
        for waste, taken in plans:
            if len(taken) == 1:
                j, n = taken[0]
                out.append((tuple([keys[i] for i in groups[kinds[j]][0][:n]]), waste))
                continue
            at: list[int] = []
            for j, n in taken:
                at += groups[kinds[j]][0][:n]
            at.sort()
            out.append((tuple([keys[i] for i in at]), waste))
        self._ways[cost] = out
        return out

    def _plans(self, cost: Cost) -> tuple[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]:
        """The kinds (places in :attr:`groups`) that bring a resource ``cost`` asks for, and the needed
        payments of ``cost`` as (points wasted, (place among those kinds, how many) of each taken)."""
        b, k, c, a = cost
        ask0, ask1, ask2 = b > 0 or a > 0, k > 0 or a > 0, c > 0 or a > 0
        whole = b + k + c + a
        useful_kinds = []
        kinds = []
        for i, (places, g, hand) in enumerate(self.groups):
            g0, g1, g2 = g
            if not ((ask0 and g0) or (ask1 and g1) or (ask2 and g2)):
                continue                               # brings no resource the cost asks for
            # A kind's units beyond those that alone would cover the cost are never all needed: the
            # shape counts at most so many, so that more shapes are alike.  The fewest that alone
            # cover it: enough of each resource asked, and enough points in all.
            m = len(places)
            if m > 1 and not ((b > 0 and not g0) or (k > 0 and not g1) or (c > 0 and not g2)):
                alone = -(-whole // (g0 + g1 + g2))
                if b > 0 and -(-b // g0) > alone:
                    alone = -(-b // g0)
                if k > 0 and -(-k // g1) > alone:
                    alone = -(-k // g1)
                if c > 0 and -(-c // g2) > alone:
                    alone = -(-c // g2)
                m = min(m, alone)                      # alone >= 1: the cost asks for something
            useful_kinds.append(i)
            kinds.append((g, m, hand))
        shape = (cost, tuple(kinds))
        plans = _PLANS.get(shape)
        if plans is None:
            if len(_PLANS) > 20_000:
                _PLANS.clear()
            plans = _PLANS[shape] = _plan(cost, shape[1])
        return tuple(useful_kinds), plans


def _plan(cost: Cost, kinds: tuple[tuple[Vec, int, bool], ...]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The needed payments of ``cost`` from ``kinds`` (each: points, how many, from the hand),
    as (points wasted, (kind, how many) of each kind taken), best first (:func:`payments`).

    A search over the kinds, each taken 0, 1, 2... times: a branch stops when its payers cover
    the cost (one more would not be needed), when the next unit would bring nothing the cost
    still needs (it could be left out of anything this branch pays), or when all the units left
    could not cover what is owed.  Each branch tried is a step of :data:`MOST_STEPS`; once
    they are spent, no branch goes deeper, but the kinds being walked still finish their counts
    (what the step bound offers depends on this order, so it stays as it is).  The arithmetic of
    :func:`covers` and :func:`useful` is written out: this is the innermost loop of every legal list.
    """
    b, k, c, a = cost
    n = len(kinds)
    gives = [g for g, _, _ in kinds]
    most = [m for _, m, _ in kinds]
    # what the kinds from i on give together, by resource
    left0, left1, left2 = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        (g0, g1, g2), m = gives[i], most[i]
        left0[i], left1[i], left2[i] = left0[i + 1] + g0 * m, left1[i + 1] + g1 * m, left2[i + 1] + g2 * m
    total = b + k + c + a
    found: list[tuple[tuple, int, tuple[tuple[int, int], ...]]] = []
    counts = [0] * n
    steps = MOST_STEPS

    def walk(i: int, s0: int, s1: int, s2: int) -> None:
        # Called only where the kinds from i on could cover the cost (else the step is counted
        # without a call: a step that would have done nothing).
        nonlocal steps
        steps -= 1
        if steps < 0:
            return
        j = i + 1
        if j < n:                                      # none of this kind
            t0, t1, t2 = s0 + left0[j], s1 + left1[j], s2 + left2[j]
            if t0 >= b and t1 >= k and t2 >= c and t0 - b + t1 - k + t2 - c >= a:
                walk(j, s0, s1, s2)
            else:
                steps -= 1
        else:
            steps -= 1
        g0, g1, g2 = gives[i]
        for taken in range(1, most[i] + 1):
            # useful(): does one more bring a point a resource still needs, or toward the multicolour part?
            if not ((g0 and s0 < b) or (g1 and s1 < k) or (g2 and s2 < c)) and (
                    not a or not (g0 or g1 or g2)
                    or (s0 - b if s0 > b else 0) + (s1 - k if s1 > k else 0) + (s2 - c if s2 > c else 0) >= a):
                break
            s0 += g0
            s1 += g1
            s2 += g2
            counts[i] = taken
            if s0 >= b and s1 >= k and s2 >= c and s0 - b + s1 - k + s2 - c >= a:   # covered
                for j in range(i + 1):                 # needed: one fewer of any kind taken leaves it unpaid
                    if counts[j]:
                        h0, h1, h2 = gives[j]
                        r0, r1, r2 = s0 - h0, s1 - h1, s2 - h2
                        if r0 >= b and r1 >= k and r2 >= c and r0 - b + r1 - k + r2 - c >= a:
                            break
                else:
                    waste = s0 + s1 + s2 - total
                    away = 0
                    order: list[int] = []
                    picked = []
                    for j in range(i + 1):
                        x = counts[j]
                        if x:
                            order += [j] * x
                            picked.append((j, x))
                            if not kinds[j][2]:
                                away += x
                    found.append(((waste, len(order), away, tuple(order)), waste, tuple(picked)))
                break
            j = i + 1
            if j < n:
                t0, t1, t2 = s0 + left0[j], s1 + left1[j], s2 + left2[j]
                if t0 >= b and t1 >= k and t2 >= c and t0 - b + t1 - k + t2 - c >= a:
                    walk(j, s0, s1, s2)
                else:
                    steps -= 1
            else:
                steps -= 1
        counts[i] = 0

    if n and left0[0] >= b and left1[0] >= k and left2[0] >= c and left0[0] - b + left1[0] - k + left2[0] - c >= a:
        walk(0, 0, 0, 0)
    found.sort()
    return tuple([(waste, kept) for _, waste, kept in found[:MOST_WAYS]])
