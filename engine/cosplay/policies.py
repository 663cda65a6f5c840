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

import random
from collections.abc import Sequence
from typing import Any

from engine.errors import IllegalAction
from engine.game import Action

from .cards import CardType, Catalogue
from .state import CosplayState, determinize, target_size

__all__ = ["SensiblePolicy", "card_value"]

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
