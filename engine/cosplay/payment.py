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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Payment", "Unit", "add", "cheapest", "covers", "need", "useful"]

Vec = tuple[int, int, int]
Cost = tuple[int, int, int, int]


class Unit(NamedTuple):
    """One payer: ``key`` (a card instance, or ``"pool"``), the points it gives by
    resource, and whether it comes from the hand (spent first when all else is equal)."""

    key: int | str
    gives: Vec
    from_hand: bool


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
                ns = sur + (n0 - b if n0 > b else 0) + (n1 - k if n1 > k else 0) + (n2 - c if n2 > c else 0)
                # Conditionals, not min(): this is the innermost loop of every payment search.
                move.append((((n0 if n0 < b else b) * mk + (n1 if n1 < k else k)) * mc  # noqa: FURB136
                             + (n2 if n2 < c else c)) * ma + (ns if ns < a else a))  # noqa: FURB136
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
