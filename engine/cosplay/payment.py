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

from typing import NamedTuple, Sequence

__all__ = ["Payment", "Unit", "covers", "add", "cheapest", "useful", "need"]

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
    nb, nk, nc, na = need(s, cost)
    if na and (gives[0] or gives[1] or gives[2]):
        return True
    return bool((nb and gives[0]) or (nk and gives[1]) or (nc and gives[2]))


def add(s: Sequence[int], gives: Vec) -> Vec:
    return s[0] + gives[0], s[1] + gives[1], s[2] + gives[2]


def _order(u: Unit) -> tuple[bool, int]:
    """Hand cards first, then by card number; the gained points last."""
    return (not u.from_hand, u.key if type(u.key) is int else 1 << 30)


def cheapest(units: Sequence[Unit], cost: Cost, start: Sequence[int] = (0, 0, 0)) -> Payment | None:
    """The payment of ``cost`` (on top of the points ``start`` already given) that
    wastes the fewest points; ties go to fewer cards, then to cards of the hand,
    then to the lower card numbers.  ``None`` when no choice of ``units`` pays.

    Units that give the same points are interchangeable, so the search walks the
    *groups* of alike units and how many of each to spend, best-first with a bound.
    """
    if covers(start, cost):
        return Payment((), 0)
    total = add(start, (sum(u.gives[0] for u in units), sum(u.gives[1] for u in units),
                        sum(u.gives[2] for u in units)))
    if not covers(total, cost):
        return None
    # Only units that can bring something the cost asks for at all.
    b, k, c, a = cost
    kinds = (b > 0 or a > 0, k > 0 or a > 0, c > 0 or a > 0)
    groups: dict[Vec, list[Unit]] = {}
    for u in units:
        g = u.gives
        if (kinds[0] and g[0]) or (kinds[1] and g[1]) or (kinds[2] and g[2]):
            groups.setdefault(g, []).append(u)
    order = sorted(groups.items(), key=lambda kv: -sum(kv[0]))
    glist = [(g, sorted(us, key=_order))
             for g, us in order]
    n = len(glist)
    # suffix sums of what is left, to prune branches that can no longer pay
    rest = [(0, 0, 0)] * (n + 1)
    for i in range(n - 1, -1, -1):
        g, us = glist[i]
        m = len(us)
        rest[i] = (rest[i + 1][0] + g[0] * m, rest[i + 1][1] + g[1] * m, rest[i + 1][2] + g[2] * m)
    base = sum(start)
    best: list = [None]          # (points, cards, from assistance, keys)

    def walk(i: int, s: Vec, pts: int, chosen: list[tuple[int, int]]) -> None:
        if covers(s, cost):
            picked = [u for gi, m in chosen for u in glist[gi][1][:m]]
            key = (pts, len(picked), sum(1 for u in picked if not u.from_hand))
            if best[0] is None or key < best[0][0]:
                best[0] = (key, picked)
            return
        if i == n:
            return
        if best[0] is not None and pts >= best[0][0][0]:
            return                      # already spends as much as the best payment
        if not covers(add(s, rest[i]), cost):
            return
        g, us = glist[i]
        gp = g[0] + g[1] + g[2]
        for m in range(len(us), -1, -1):
            ns = (s[0] + g[0] * m, s[1] + g[1] * m, s[2] + g[2] * m)
            if m:
                chosen.append((i, m))
            walk(i + 1, ns, pts + gp * m, chosen)
            if m:
                chosen.pop()

    walk(0, tuple(start), base, [])
    if best[0] is None:
        return None
    (pts, _, _), picked = best[0]
    return Payment(tuple(u.key for u in picked), pts - sum(cost))
