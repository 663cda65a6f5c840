# cython: annotation_typing=False
"""Bots for Cosplay Team Battle.

* ``random``: any legal action, uniformly (:class:`engine.game.RandomPolicy`).
* ``sensible``: plays like a careful beginner.  It lays its cards and
  equipment in the preparation phase, plays its duos and trios, completes the
  richest objective it can, recruits the card worth most (points for the final
  bonus, points to pay with, a scoring ability), pays with the payment that
  wastes the fewest points (the first the legal list offers for that target),
  and sends Drama to the leader when it is ahead.

A bot sees only its observation: it rebuilds a state from it
(:func:`~engine.cosplay.state.determinize`) to ask the rules' own questions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from engine.challengers.shuffling import randbelow
from engine.errors import IllegalAction
from engine.game import Action

from .cards import CardType, Catalogue
from .payment import covers
from .state import _USED_FROM_PLAY, PREPARE, CosplayState, determinize, discounted, make_action, target_size

__all__ = ["PLAYOUT_HORIZON", "SensiblePolicy", "card_value", "evaluation", "playout"]

_ABILITY_VALUE = {"score": 3.0, "draw": 1.0, "gain": 0.8, "drama": 0.6, "recover": 0.8, "discount": 0.6,
                  "cemetery": 0.3, "drama-cost": 0.2}


def _number(action: Action, i: int) -> int:
    """Argument ``i`` of an action that names a card, a seat or a place: a number."""
    arg = action.args[i]
    if type(arg) is not int:
        raise TypeError(f"argument {i} of {action} is not a number")
    return arg


def card_value(t: CardType) -> float:
    """How much a card is worth recruiting: its share of the final bonus, its points to
    pay with, and its ability."""
    v = t.printed_cost / 10 * 1.0 + sum(t.gives) * 1.2
    for eff in (t.ability, t.combo):
        if eff is not None:
            v += _ABILITY_VALUE.get(eff.do, 0) * max(1, abs(eff.n))
    return v


class SensiblePolicy:
    name = "sensible"

    def __init__(self, data: Catalogue, seat: int, seed: int = 0) -> None:
        self.data = data
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise IllegalAction("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        by_kind: dict[str, list[Action]] = {}
        targets: set[tuple] = set()
        for a in legal:
            # A target is offered once per payment, the least wasteful first: the bot pays with that.
            target = (a.kind, a.args[:target_size(a) or len(a.args)])
            if target not in targets:
                targets.add(target)
                by_kind.setdefault(a.kind, []).append(a)
        view = determinize(self.data, observation, self.seat, self.rng)
        pick = self._pick(observation, legal, by_kind, view)
        n = target_size(pick)
        return pick if n is None else self._payment(view, pick.kind, pick.args[:n], legal)

    def _payment(self, view: CosplayState, kind: str, target: tuple, legal: Sequence[Action]) -> Action:
        """The offered payment of the target that the payment helper proposes (the least waste;
        its ties broken as :func:`engine.cosplay.payment.cheapest` breaks them)."""
        offered = [a for a in legal if a.kind == kind and a.args[:len(target)] == target]
        plan = view.propose_payment(kind, target[0] if len(target) == 1 else target, self.seat)
        if plan is None:
            return offered[0]
        alike = {u.key: u.alike for u in view.units(self.seat)}

        def kinds(payers: Sequence[Any]) -> list[str]:
            return sorted(repr(alike.get(k, k)) for k in payers)

        wanted = kinds(plan.payers)
        return next((a for a in offered if kinds(a.args[len(target):]) == wanted), offered[0])

    def _pick(self, observation: dict[str, Any], legal: Sequence[Action], by_kind: dict[str, list[Action]],
              view: CosplayState) -> Action:
        """The move: for a target, its first offered payment (:meth:`act` then picks the payment)."""
        types = view.inst.types
        me = self.seat
        if "choose" in by_kind:
            return self._choose(view, by_kind["choose"])
        if "ready" in by_kind:                           # preparation: lay everything, equip, go on
            for kind in ("place", "attach"):
                if kind in by_kind:
                    return by_kind[kind][0]
            return by_kind["ready"][0]
        if "combo" in by_kind:
            return by_kind["combo"][0]
        for a in by_kind.get("use", ()):
            t = types[_number(a, 0)]
            if t.type == "objective" or (t.ability is not None and t.ability.do == "score" and observation["ending"]):
                return a
        if "complete" in by_kind:
            return max(by_kind["complete"], key=lambda a: (types[view.obj_zones[_number(a, 0) - 1]].points,
                                                               -_number(a, 0)))
        buys: list[tuple[float, int, Action]] = []
        for a in by_kind.get("recruit", ()):
            c = view.zones[_number(a, 0) - 1]
            buys.append((card_value(types[c]), _number(a, 0), a))
        for a in by_kind.get("steal", ()):
            buys.append((card_value(types[_number(a, 1)]) + 1.0, 10 + _number(a, 1), a))
        if buys:
            return max(buys, key=lambda b: (b[0], b[1]))[2]
        if "drama" in by_kind:
            # who leads, for the turns played: a seat later in the round has had a turn fewer
            pace = [view.score(q) / max(1, view.turns[q]) for q in range(view.n)]
            others = [q for q in range(view.n) if q != me]
            leader = max(others, key=lambda q: (pace[q], -q))
            if pace[me] > pace[leader] or (observation["ending"] and pace[me] >= pace[leader]):
                sends = [a for a in by_kind["drama"] if all(q == leader for q in a.args[1:1 + _number(a, 0)])]
                if sends:
                    return max(sends, key=lambda a: _number(a, 0))
        return by_kind["end"][0] if "end" in by_kind else legal[0]

    def _choose(self, view: CosplayState, options: list[Action]) -> Action:
        if view.choice is None:
            raise IllegalAction("there is nothing to choose")
        word = view.choice[0]
        types = view.inst.types

        def worth(a: Action) -> tuple[float, int]:
            x = _number(a, 0)
            if word == "drama":
                return view.score(x) / max(1, view.turns[x]), -x
            if word == "cemetery":                      # take away the best card on offer
                return card_value(types[view.zones[x - 1]]), x
            return (card_value(types[x]) if types[x].type != "starter" else sum(types[x].gives)), -x

        return max(options, key=worth)


# ---------------------------------------------------------------------- the search bot's playouts

#: In a playout, the chance of buying a random affordable card instead of the one worth most.
PLAYOUT_WANDER = 0.2

_VALUES: dict[str, float] = {}


def _value(t: CardType) -> float:
    v = _VALUES.get(t.id)
    if v is None:
        v = _VALUES[t.id] = card_value(t)
    return v


def _greedy_payers(units: Sequence[tuple[int | str, tuple[int, int, int]]],
                   cost: tuple[int, int, int, int]) -> tuple[int | str, ...] | None:
    """Payers of ``cost`` taken in the units' order (``(key, points)``, as
    :meth:`~engine.cosplay.state.CosplayState.unit_points` lists them), each while it brings a
    point the cost still needs (a valid payment, :func:`engine.cosplay.payment.valid`, if not the
    least wasteful); None when they do not cover it."""
    b, k, c, a = cost
    s0 = s1 = s2 = 0
    payers: list[int | str] = []
    for key, (g0, g1, g2) in units:
        # payment.useful and payment.covers, inline: this runs for every purchase of every playout.
        d0, d1, d2 = b - s0, k - s1, c - s2
        if ((d0 > 0 and g0) or (d1 > 0 and g1) or (d2 > 0 and g2)
                or (a and (g0 or g1 or g2)
                    and (-d0 if d0 < 0 else 0) + (-d1 if d1 < 0 else 0) + (-d2 if d2 < 0 else 0) < a)):
            payers.append(key)
            s0 += g0
            s1 += g1
            s2 += g2
            if s0 >= b and s1 >= k and s2 >= c and (s0 - b) + (s1 - k) + (s2 - c) >= a:
                return tuple(payers)
    return tuple(payers) if covers((s0, s1, s2), cost) else None


def playout(state: CosplayState, seat: int, rng: random.Random) -> Action:
    """The search bot's cheap model of a player on its turn, reading the determinized state and
    only what ``seat`` sees there.  It plays like :class:`SensiblePolicy` -- lays everything in
    the preparation, its duos and trios first, then the richest objective it can complete, then
    the card worth most (now and then another it can afford), then Drama to the leader when ahead,
    then ends its turn -- but never lists the legal actions (every needed payment of every target
    in the recruitment phase, most of a playout's time): it checks each target's cost against its
    points and pays greedily.  A pending choice is answered uniformly at random, the preparation by
    the first action the legal list would offer."""
    choice = state.choice
    if choice is not None:
        options = choice[1]                           # the legal list: one "choose" per option, in order
        return make_action(seat, "choose", (options[randbelow(rng, len(options))] if len(options) > 1
                                            else options[0],))
    if state.phase == PREPARE:
        return state.first_prepare_action(seat)      # place, attach, then ready
    inst = state.inst
    types = inst.types
    fd, used, assist = state.facedown, state.used, state.assist[seat]
    here = None
    usable = inst.usable
    for c in assist:
        if c not in usable or c in fd or c in used:
            continue
        t = types[c]
        if t.combo is not None and c not in state.combos_used and (t.type != "equipment" or c in state.attached):
            if here is None:
                here = {types[x].id for x in assist if x not in fd and x not in used}
            for w in t.combo_with:                   # (loops, not all(): compiled, no closure)
                if w not in here:
                    break
            else:
                return make_action(seat, "combo", (c,))
        if (t.logo in _USED_FROM_PLAY and (t.type != "equipment" or c in state.attached)
                and (t.type == "objective" or (t.ability is not None and t.ability.do == "score" and state.ending))):
            return make_action(seat, "use", (c,))
    units: list[tuple[int | str, tuple[int, int, int]]] | None
    if state.attached:
        # With equipment in play the points are the units' (available_points would build them too).
        units = state.unit_points(seat)
        t0 = t1 = t2 = 0
        for _, g in units:
            t0 += g[0]
            t1 += g[1]
            t2 += g[2]
    else:
        units = None
        t0, t1, t2 = state.available_points(seat)
    best = None
    cost_of = inst.cost
    for z, card in enumerate(state.obj_zones):
        if card >= 0:
            cost = cost_of[card]
            b, k, c, a = cost
            # covers(total, cost), inline: asked for every objective at every move
            if (t0 >= b and t1 >= k and t2 >= c and (t0 - b) + (t1 - k) + (t2 - c) >= a
                    and (best is None or types[card].points > best[0])):
                if units is None:
                    units = state.unit_points(seat)
                payers = _greedy_payers(units, cost)
                if payers is not None:
                    best = (types[card].points, z + 1, payers)
    if best is not None:
        return make_action(seat, "complete", (best[1], *best[2]))
    disc = state.influence_discount()
    turn = state.discount
    d0, d1, d2 = turn[0] + disc[0], turn[1] + disc[1], turn[2] + disc[2]
    buys = []
    discounts = d0 or d1 or d2
    for z, card in enumerate(state.zones):
        if card >= 0:
            b, k, c, a = discounted(cost_of[card], d0, d1, d2) if discounts else cost_of[card]
            # covers(total, cost), inline: asked for every card of every move
            if t0 >= b and t1 >= k and t2 >= c and (t0 - b) + (t1 - k) + (t2 - c) >= a:
                buys.append((_value(types[card]), z + 1, (b, k, c, a)))
    if buys:
        if units is None:
            units = state.unit_points(seat)
        buys.sort(reverse=True)
        if len(buys) > 1 and rng.random() < PLAYOUT_WANDER:
            buys.insert(0, buys.pop(1 + randbelow(rng, len(buys) - 1)))   # randrange(1, len)
        for _, z, cost in buys:
            payers = _greedy_payers(units, cost)
            if payers is not None:
                return make_action(seat, "recruit", (z, *payers))
    if state.drama_pile:
        dc = state.drama_cost()
        if t0 + t1 + t2 >= dc:                       # covers(total, (0, 0, 0, dc))
            pace = [state.score(q) / max(1, state.turns[q]) for q in range(state.n)]
            # The other seat with the best pace, the lowest on a tie (a loop, not max() with a
            # key: compiled, no closure).
            leader = -1
            for q in range(state.n):
                if q != seat and (leader < 0 or pace[q] > pace[leader]):
                    leader = q
            if pace[seat] > pace[leader] or (state.ending and pace[seat] >= pace[leader]):
                if units is None:
                    units = state.unit_points(seat)
                payers = _greedy_payers(units, (0, 0, 0, dc))
                if payers is not None:
                    return make_action(seat, "drama", (1, leader, *payers))
    return make_action(seat, "end", ())


#: A playout stops this many moves after the bot's own tree (about two rounds of two players)...
PLAYOUT_HORIZON = 30
#: ... and the lead in points (objectives, and recruits' printed cost in tenths) that makes a
#: seat's win about three times as likely as its loss (a logistic curve).
LEAD_SCALE = 1.8


def evaluation(state: CosplayState, seat: int) -> float:
    """``seat``'s chance of winning an unfinished game, from its lead over the best other seat
    in the points the final score counts (the recruits' cost unrounded: a recruit on the way to
    the next ten counts)."""
    def points(q: int) -> float:
        return state.obj_points[q] + state.recruited_cost(q) / 10
    lead = points(seat) - max(points(q) for q in range(state.n) if q != seat)
    return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))
