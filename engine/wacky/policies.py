"""Bots for Wacky Challenge: a random one and a sensible one.

Both see only their seat's observation and the legal actions, as every
policy does. The sensible bot thinks the way a new player is taught to:

* **Draft** the card worth most to *your* route: its complete stages, a
  half-stage that completes one already there (a half-aerodrome completing
  another is worth 4), a half-stage that may still be completed later, your
  own colour (+1), a second starter for the violet pilot.
* **Choose** the card whose place in the pick order buys the most: how many
  opponents are likely to pick before you (their hands are public, so the bot
  counts how many of their cards beat yours), what the row still holds at that
  place, less what spending a fast card now costs later; picking last is
  worth a little for the booster it turns over; for the swap, what the best
  swap then open would gain (a player holding it sees that gain on the table).
* **Boosters** are used on purpose: a vehicle raised or an effect taken only
  when it helps the bot's next card; a swap only when it gains stages.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.game import Action, Policy, RandomPolicy
from engine.wacky.data import (
    BOOSTERS,
    CHOOSE_LAST,
    DISGUISE,
    FASTEST,
    PLANE,
    SPEED_FIRST,
    SWAP,
    TRAIN,
    UPSIDE_DOWN,
    VEHICLES,
    WackyData,
)
from engine.wacky.scoring import AERODROME_PAIR, HALF_PAIR, OWN_COLOUR, STARTERS_FOR_BONUS
from engine.wacky.state import TURNS, order_key

__all__ = ["POLICIES", "SensiblePolicy", "playout"]

HALF_HOPE = 0.35        # what an unpaired half-stage is worth per pick still to come, as a share of its pair
EARLY_COST = 0.8        # what spending the earliest place now costs, in stages
BOOSTER_WORTH = 0.4     # what picking last is worth for the booster it turns over
SWAP_MIN_GAIN = 0.9     # a swap is made only when it gains more than this, in stages
CASUAL_NOISE = 1.0      # the casual bot: the sensible one, misjudging by about a stage


class SensiblePolicy:
    """Values cards by the stages they bring and by the pick order they buy."""

    name = "sensible"

    def __init__(self, data: WackyData, seed: int = 0, noise: float = 0.0) -> None:
        self.data = data
        self.rng = random.Random(seed)
        # A player's judgement is not exact: each estimate is off by a normal error of
        # this many stages (0: always the bot's best guess; ties broken by its generator).
        self.noise = noise

    def _err(self) -> float:
        return self.rng.gauss(0.0, self.noise) if self.noise else self.rng.random() * 1e-6

    # ---------------------------------------------------------------- valuing a card
    def card_value(self, card: int, route: Sequence[int], pilot: int, picks_after: int) -> float:
        """What ``card`` adds to ``route`` for ``pilot``, with ``picks_after`` picks still to come."""
        d = self.data
        value = float(d.stages[card]) + d.speed[card] * 0.01
        if d.half[card]:
            v = d.vehicle[card]
            pair = AERODROME_PAIR if v == PLANE else HALF_PAIR
            same = sum(1 for c in route if d.half[c] and d.vehicle[c] == v)
            if same % 2:
                value += pair
            else:
                value += pair * min(1.0, HALF_HOPE * picks_after)
        owner = d.owner[card]
        if owner == pilot:
            value += OWN_COLOUR
        elif owner < 0:
            bonus = d.pilots[pilot].starters_bonus
            if bonus:
                starters = sum(1 for c in route if d.owner[c] < 0)
                if starters == STARTERS_FOR_BONUS - 1:
                    value += bonus
                elif starters < STARTERS_FOR_BONUS - 1 and picks_after:
                    value += bonus * 0.4
        return value

    # ---------------------------------------------------------------- deciding
    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        kind = legal[0].kind
        if kind == "choose":
            return self._choose(observation, legal)
        if kind == "pick":
            return self._pick(observation, legal)
        return self._boost(observation, legal)

    def _view(self, obs: dict[str, Any]) -> tuple[dict[str, int], int, list[int], int]:
        idx = self.data.index
        me = obs["you"]
        route = [idx[c] for c in obs["routes"][me]]
        pilot = self.data.pilot_index[obs["pilots"][me]]
        return idx, me, route, pilot

    def _pick(self, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        idx, _, route, pilot = self._view(obs)
        after = TURNS - len(route) - 1
        return max(legal, key=lambda a: self.card_value(idx[str(a.args[0])], route, pilot, after) + self._err())

    def _choose(self, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        d = self.data
        idx, me, route, pilot = self._view(obs)
        n = len(obs["pilots"])
        hier = [VEHICLES.index(v) for v in obs["hierarchy"]]
        eff = obs["effect"]
        effect = BOOSTERS.index(eff["booster"]) if eff else -1
        effect_seat = eff["seat"] if eff else -1
        turn = obs["turn"]
        after = TURNS - len(route) - 1
        # What each place in the order is likely to get: others take the cards best for
        # them, roughly the ones with most stages; the bot gets the best of what is left.
        row = [idx[c] for c in obs["row"]]
        generic = sorted(row, key=lambda c: -(d.stages[c] + (1.5 if d.half[c] else 0)))
        worth_at = []
        for k in range(n):
            taken = set(generic[:k])
            left = [self.card_value(c, route, pilot, after) for c in row if c not in taken]
            worth_at.append(max(left) if left else 0.0)
        # The others' candidate cards: what they revealed, or their whole hand.
        rivals = []
        for q in range(n):
            if q == me:
                continue
            shown = obs["played"][q]
            cards = [idx[shown]] if shown is not None else [idx[c] for c in obs["hands"][q]]
            own = effect if q == effect_seat else -1
            rivals.append([order_key(d, hier, c, own, effect) for c in cards])
        best, best_score = legal[0], float("-inf")
        my_own = effect if me == effect_seat else -1
        for a in legal:
            c = idx[str(a.args[0])]
            key = order_key(d, hier, c, my_own, effect)
            ahead = sum(sum(1 for k in keys if k < key) / len(keys) for keys in rivals)
            place = min(n - 1, int(ahead + 0.5))
            score = worth_at[place]
            if turn < TURNS:
                score -= EARLY_COST * (1 - ahead / max(1, n - 1))
                if place == n - 1:
                    score += self._last_place_worth(c, route, pilot, row, generic[:n - 1], obs, after)
            # A card of one's own colour put in the row may come back next turn with its bonus.
            score += 0.05 * d.stages[c]
            score += self._err()
            if score > best_score:
                best, best_score = a, score
        return best

    def _last_place_worth(self, card: int, route: list[int], pilot: int, row: list[int], taken: list[int],
                          obs: dict[str, Any], after: int) -> float:
        """What picking last with ``card`` is worth for the booster it turns over: a little for most;
        for the swap, the best swap open once the last pick (what the others leave) is in the route."""
        d = self.data
        if d.booster[card] != SWAP:
            return BOOSTER_WORTH
        left = [c for c in row if c not in taken]
        last = max(left, key=lambda c: self.card_value(c, route, pilot, after)) if left else None
        route_then = route + ([last] if last is not None else [])
        hand = [d.index[h] for h in obs["hands"][obs["you"]]]
        gains = [self._swap_gain(r, h, route_then, pilot)
                 for r in route_then for h in hand if h != card and d.vehicle[h] != TRAIN]
        best = max(gains, default=0.0)
        return best if best > SWAP_MIN_GAIN else BOOSTER_WORTH

    def _swap_gain(self, r: int, h: int, route: list[int], pilot: int) -> float:
        """What swapping route card ``r`` for hand card ``h`` adds to the route."""
        rest = [c for c in route if c != r]
        return self.card_value(h, rest, pilot, 0) - self.card_value(r, rest, pilot, TURNS - len(route))

    def _boost(self, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        d = self.data
        idx, me, route, pilot = self._view(obs)
        uses = [a for a in legal if a.kind == "boost"]
        passing = next(a for a in legal if a.kind == "pass")
        if not uses:
            return passing
        word = uses[0].args[0]
        hand = [idx[c] for c in obs["hands"][me]]
        hier = [VEHICLES.index(v) for v in obs["hierarchy"]]
        if word == "raise":
            # Raise the vehicle of the fastest card in hand, unless one already leads.
            fastest = max(hand, key=lambda c: (d.speed[c], -hier.index(d.vehicle[c])))
            v = d.vehicle[fastest]
            if v == hier[0]:
                return passing
            return next(a for a in uses if a.args[1] == VEHICLES[v])
        if word == "swap":
            best, gain = passing, SWAP_MIN_GAIN
            for a in uses:
                g = self._swap_gain(idx[str(a.args[1])], idx[str(a.args[2])], route, pilot)
                if g > gain:
                    best, gain = a, g
            return best
        code = BOOSTERS.index(word)
        if code in (FASTEST, CHOOSE_LAST, DISGUISE):
            return uses[0]          # never hurts the bot's next card
        if code in (SPEED_FIRST, UPSIDE_DOWN):
            # Worth it when the bot's best card would stand earlier under the changed order.
            def rank(effect: int) -> int:
                return min(sorted(order_key(d, hier, c, -1, effect) for c in hand)[:1] or [0])
            others = [idx[c] for q, h in enumerate(obs["hands"]) if q != me for c in h]
            if not others:
                return passing

            def share(effect: int) -> float:
                mine = rank(effect)
                return sum(1 for c in others if order_key(d, hier, c, -1, effect) < mine) / len(others)
            return uses[0] if share(code) < share(-1) else passing
        return passing


#: In a playout, the chance of picking a random card of the row instead of the one worth most.
PLAYOUT_WANDER = 0.25

#: A valuer of cards per data set, for the playouts (its generator is never drawn from there).
_VALUERS: dict[int, tuple[WackyData, SensiblePolicy]] = {}


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search bot's cheap model of a player, reading the determinized state (a
    :class:`~engine.wacky.state.WackyState`) and only what ``seat`` sees there: in the draft, the
    card of the row worth most to its route (:meth:`SensiblePolicy.card_value`; now and then another
    one); its secret choice and its booster uniformly at random.  Random picks waste the stages a
    careful player collects, so playouts by them misjudge what a pick order is worth."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind != "pick" or rng.random() < PLAYOUT_WANDER:
        return legal[rng.randrange(len(legal))]
    data = state.data
    held = _VALUERS.get(id(data))
    if held is None or held[0] is not data:
        held = _VALUERS[id(data)] = (data, SensiblePolicy(data))
    value = held[1].card_value
    route, pilot = state.routes[seat], state.pilot[seat]
    after = TURNS - len(route) - 1
    best = max(state.row, key=lambda c: value(c, route, pilot, after))
    return data.pick_actions[seat][best]


def _random(data: WackyData, seat: int, seed: int) -> RandomPolicy:
    return RandomPolicy(seed)


def _sensible(data: WackyData, seat: int, seed: int) -> SensiblePolicy:
    return SensiblePolicy(data, seed)


def _casual(data: WackyData, seat: int, seed: int) -> SensiblePolicy:
    return SensiblePolicy(data, seed, noise=CASUAL_NOISE)


POLICIES: dict[str, Callable[[WackyData, int, int], Policy]] = {
    "random": _random, "sensible": _sensible, "casual": _casual}
