"""What a screen or a phone reads from one seat's observation of Cosplay Team Battle.

The kiosk's table and a phone's page see the game only through observations and legal
actions (no state).  These helpers answer their questions from an observation, with the same
rules as :class:`~engine.cosplay.state.CosplayState` (``tests/cosplay/test_view.py`` checks
them against the state): what each recruitment zone costs now, how many points a seat has to
pay with, what a paying action's target and payers are, what a seat's recruits are worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Action

from .cards import Catalogue, Instances
from .state import POOL, less_by, recruit_cost_now, target_size

__all__ = ["PaymentMove", "payment_move", "points_in_view", "recruited_cost_in_view", "target_cost_in_view",
           "zone_costs"]

Cost = tuple[int, int, int, int]


def _inst(data: Catalogue, obs: Mapping[str, Any]) -> Instances:
    return data.with_players(obs["players"])


def zone_costs(data: Catalogue, obs: Mapping[str, Any]) -> list[Cost | None]:
    """Each recruitment zone's card's cost now (this turn's discounts and the Influence cards in
    play taken off; ``None`` for an empty zone), as :meth:`CosplayState.recruit_cost` says it."""
    inst = _inst(data, obs)
    cards = [c for c in (*obs["zones"], *obs["objectives"]) if c is not None]
    disc = less_by(inst, cards)
    return [None if c is None else recruit_cost_now(inst, c, obs["discount"], disc) for c in obs["zones"]]


def points_in_view(data: Catalogue, obs: Mapping[str, Any], seat: int) -> tuple[int, int, int]:
    """The points ``seat`` may pay with now, from what ``obs`` shows: its hand when the
    observation is the seat's own, its face-up characters (with their equipment) not used for
    an ability this turn, and the points gained this turn when it is the seat's turn."""
    inst = _inst(data, obs)
    me = obs["seats"][seat]
    b = k = c = 0
    if obs.get("you") == seat and obs.get("hand") is not None:
        for x in obs["hand"]:
            if inst.kind[x] != "equipment":
                g = inst.gives[x]
                b, k, c = b + g[0], k + g[1], c + g[2]
    used = set(obs["used"]) if obs["current"] == seat else set()
    down = set(me["facedown"])
    gear: dict[int, list[int]] = {}
    for e, ch in me["attached"]:
        gear.setdefault(ch, []).append(e)
    for x in me["assist"]:
        if inst.kind[x] != "character" or x in down or x in used or any(e in used for e in gear.get(x, ())):
            continue
        for y in (x, *gear.get(x, ())):
            g = inst.gives[y]
            b, k, c = b + g[0], k + g[1], c + g[2]
    if obs["current"] == seat:
        pool = obs["pool"]
        b, k, c = b + pool[0], k + pool[1], c + pool[2]
    return b, k, c


def recruited_cost_in_view(data: Catalogue, obs: Mapping[str, Any], seat: int) -> int:
    """The printed costs of the characters and equipment ``seat`` holds (its hand and reserve
    are public together, as ``concealed``): :meth:`CosplayState.recruited_cost`."""
    inst = _inst(data, obs)
    me = obs["seats"][seat]
    return sum(inst.recruit_value[c] for c in (*me["concealed"], *me["discard"], *me["assist"]))


class PaymentMove:
    """A paying action read: its ``kind`` (``recruit``, ``complete``, ``drama``, ``steal``),
    its ``target`` arguments (Drama: how many, then each card's recipient) and its ``payers``
    (card numbers, ``"pool"``)."""

    __slots__ = ("kind", "payers", "target")

    def __init__(self, kind: str, target: tuple, payers: tuple) -> None:
        self.kind, self.target, self.payers = kind, target, payers

    def points(self, data: Catalogue, obs: Mapping[str, Any], seat: int) -> tuple[int, int, int]:
        """What the payers bring together (a character with its equipment; the pool)."""
        inst = _inst(data, obs)
        gear: dict[int, list[int]] = {}
        for e, ch in obs["seats"][seat]["attached"]:
            gear.setdefault(ch, []).append(e)
        b = k = c = 0
        for key in self.payers:
            if key == POOL:
                g = obs["pool"]
                b, k, c = b + g[0], k + g[1], c + g[2]
                continue
            for y in (key, *gear.get(key, ())):
                g = inst.gives[y]
                b, k, c = b + g[0], k + g[1], c + g[2]
        return b, k, c


def target_cost_in_view(data: Catalogue, obs: Mapping[str, Any], move: PaymentMove) -> Cost:
    """What ``move``'s target costs now: :meth:`CosplayState.target_cost`."""
    inst = _inst(data, obs)
    if move.kind == "recruit":
        cost = zone_costs(data, obs)[move.target[0] - 1]
        assert cost is not None, "a recruit's zone holds a card"
        return cost
    if move.kind == "complete":
        return inst.cost[obs["objectives"][move.target[0] - 1]]
    if move.kind == "drama":
        return 0, 0, 0, obs["drama_cost"] * move.target[0]
    disc = less_by(inst, [c for c in (*obs["zones"], *obs["objectives"]) if c is not None])
    return recruit_cost_now(inst, move.target[1], obs["discount"], disc)


def payment_move(action: Action) -> PaymentMove | None:
    """``action`` read as a payment, or ``None`` when it pays for nothing."""
    n = target_size(action)
    if n is None:
        return None
    return PaymentMove(action.kind, action.args[:n], action.args[n:])
