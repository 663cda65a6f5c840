"""Bots for Between Battle: they see one player's observation and the legal actions.

``random``
    any legal action, uniformly.
``sensible``
    plays as a careful beginner would: it squeezes the range the opponent
    must play in (a narrow "between" with a big pile waiting for them), plays
    its awkward cards (far from the middle) while it can and keeps a card for
    each likely range, keeps the Joker for when nothing else fits, takes
    damage on purpose only while the piles are small, gives the opponent the
    bigger pile, and uses its abilities where they pay (an extra turn when it
    can still play, the Knight's bind on a tight pile, a link to throw away a
    big pile).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from engine.between.cards import Deckbook
from engine.game import Action, Policy, RandomPolicy

#: A zone's top as a bot sees it: a number, "wild" (the Joker) or None (an empty zone).
Top = int | str | None


def _word(action: Action, i: int) -> str:
    """Argument ``i`` of one of Between's actions: a card id or a zone letter, always a word."""
    arg = action.args[i]
    if not isinstance(arg, str):
        raise TypeError(f"not a Between Battle action: {action}")
    return arg


def _top(book: Deckbook, pile: list[str]) -> Top:
    if not pile:
        return None
    v = book.values[book.by_id[pile[-1]]]
    return "wild" if v is None else v


def _bounds(a: Top, b: Top) -> tuple[int, int] | None:
    """The open interval of the next play, or None when anything goes."""
    if not isinstance(a, int) or not isinstance(b, int):   # empty, or a Joker on top
        return None
    lo, hi = (a, b) if a <= b else (b, a)
    if hi - lo <= 1:
        return None
    return lo, hi


class SensiblePolicy:
    """A heuristic bot: scores every legal action from what its seat can see."""

    name = "sensible"

    # Weights, set with bench/between_balance.py against the random bot and itself.
    SQUEEZE = 10.0        # per expected card of damage the opponent is forced to take
    AWKWARD = 1.2         # keeping a middle card, playing an edge card
    JOKER_KEEP = 3.0      # the Joker is worth keeping while other cards fit
    DAMAGE_EASE = 9.0     # what a fresh start is worth when taking damage on purpose
    ABILITY: ClassVar[dict[str, float]] = {
        "discard-random": 1.5, "tutor": 1.0, "draw": 1.5, "pull-top": 0.0, "bind-pile": 1.0,
        "silence": 1.0, "extra-turn": 2.0, "reveal-hand": 1.0}

    def __init__(self, book: Deckbook, seat: int, seed: int = 0) -> None:
        self.book = book
        self.seat = seat
        self.rng = random.Random(seed)
        top = max((v for v in book.values if v is not None), default=16)
        self.span = top
        # How often a value fits a range: middle values fit more ranges than edge ones.
        self.fitness = {v: (v - 1) * (top - v) / ((top - 1) ** 2 / 4) for v in range(1, top + 1)}

    # ------------------------------------------------------------------ deciding

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        pend = observation["pending"]
        if pend is not None:
            return self._answer(observation, pend["kind"], legal)
        best, best_score = legal[0], -1e9
        for a in legal:
            score = self._score(observation, a) + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = a, score
        return best

    def _answer(self, obs: dict[str, Any], kind: str, legal: Sequence[Action]) -> Action:
        book = self.book
        if kind == "give":   # the bigger pile to the opponent
            return max(legal, key=lambda a: (len(obs["zones"]["ab".index(_word(a, 0))]), a.args[0] == "a"))
        if kind == "raise":  # the card whose value squeezes most, its ability as a bonus
            z = "ab".index(obs["pending"]["zone"])
            other = _top(book, obs["zones"][1 - z])
            scores = {}
            for a in legal:
                c = book.by_id[_word(a, 0)]
                v = book.values[c]
                effect = book.effects[c]
                scores[a] = (self._squeeze(obs, (v if z == 0 else other, other if z == 0 else v),
                                           (len(obs["zones"][z]), len(obs["zones"][1 - z])))
                             + (self.ABILITY.get(effect, 0) if effect and not obs["bound"]["silenced"] else 0))
            return max(legal, key=lambda a: scores[a])
        # take (the Pirate's unique): the Joker, else the card that best fills the hand's gaps
        hand_values = [book.values[book.by_id[c]] for c in obs["hand"]]
        def gain(a: Action) -> float:
            v = book.values[book.by_id[_word(a, 0)]]
            if v is None:
                return 100.0
            gap = min((abs(v - h) for h in hand_values if h is not None), default=self.span)
            return gap + self.fitness[v]
        return max(legal, key=gain)

    # ------------------------------------------------------------------ scoring

    def _opponent_pool(self, obs: dict[str, Any]) -> tuple[list[int | None], list[int | None], int]:
        """The values of the opponent's unseen cards, of their revealed cards, and how
        many of their hand's cards are hidden."""
        book = self.book
        q = 1 - self.seat
        character = book.characters[obs["characters"][q]]
        seen = set(obs["discard"]) | {c for pile in obs["zones"] for c in pile} | \
            {c for d in obs["damage"] for c in d}
        revealed = obs["revealed"][q]
        pool = [book.values[c] for c in character.cards if book.ids[c] not in seen and book.ids[c] not in revealed]
        shown = [book.values[book.by_id[c]] for c in revealed]
        return pool, shown, obs["hand_sizes"][q] - len(revealed)

    def _stuck(self, obs: dict[str, Any], a: Top, b: Top) -> float:
        """The chance the opponent cannot play between tops ``a`` and ``b``."""
        bounds = _bounds(a, b)
        if bounds is None:
            return 0.0
        lo, hi = bounds
        pool, shown, hidden = self._opponent_pool(obs)
        if any(v is None or lo < v < hi for v in shown):
            return 0.0
        if not pool:
            return 1.0
        fit = sum(1 for v in pool if v is None or lo < v < hi) / len(pool)
        return (1.0 - fit) ** max(hidden, 0)

    def _squeeze(self, obs: dict[str, Any], tops: Sequence[Top], sizes: Sequence[int]) -> float:
        """What leaving ``tops`` on piles of ``sizes`` cards is worth: the damage the
        opponent is likely forced to take."""
        return self.SQUEEZE * self._stuck(obs, tops[0], tops[1]) * max(sizes[0], sizes[1])

    def _score(self, obs: dict[str, Any], action: Action) -> float:
        book = self.book
        zones = obs["zones"]
        tops: list[Top] = [_top(book, zones[0]), _top(book, zones[1])]
        sizes = [len(zones[0]), len(zones[1])]
        if action.kind == "damage":
            taken = max(sizes) if all(sizes) else sum(sizes)
            return -self.SQUEEZE * taken + self.DAMAGE_EASE
        played = _word(action, 0)
        c = book.by_id[played]
        z = "ab".index(_word(action, 1))
        v = book.values[c]
        if action.kind == "link":
            assert v is not None, "the Joker is never a Link card (the card files refuse it)"
            new_tops = tops[:]
            new_tops[z] = v
            new_sizes = sizes[:]
            new_sizes[z] = 1
            return self._squeeze(obs, new_tops, new_sizes) + 0.5 * sizes[z] - self.AWKWARD * self.fitness[v]
        new_sizes = sizes[:]
        new_sizes[z] += 1
        if v is None:   # the Joker: the best card of the pile comes up; worth keeping meanwhile
            below = [book.values[book.by_id[x]] for x in zones[z]]
            below = [x for x in below if x is not None]
            if not below:
                return -self.JOKER_KEEP
            other = tops[1 - z]
            best = max(self._squeeze(obs, (x, other), new_sizes) for x in below)
            return best - self.JOKER_KEEP
        new_tops = tops[:]
        new_tops[z] = v
        effect = book.effects[c]
        score = self._squeeze(obs, new_tops, new_sizes) - self.AWKWARD * self.fitness[v]
        if effect and not obs["bound"]["silenced"]:
            score += self.ABILITY.get(effect, 0.0)
            if effect == "extra-turn":
                # the next turn is ours too: worth what our best follow-up in the range just set is worth
                score -= self._squeeze(obs, new_tops, new_sizes)
                score += self._follow_up(obs, played, new_tops, new_sizes)
            elif effect == "bind-pile":
                score += self._squeeze(obs, new_tops, new_sizes) * 0.3
            elif effect == "pull-top":
                other = zones[1 - z]
                if other:
                    moved = _top(book, other)
                    under = _top(book, other[:-1]) if len(other) > 1 else None
                    sizes2 = [0, 0]
                    sizes2[z] = new_sizes[z] + 1
                    sizes2[1 - z] = new_sizes[1 - z] - 1
                    pulled: list[Top] = [None, None]
                    pulled[z] = moved
                    pulled[1 - z] = under
                    score += self._squeeze(obs, pulled, sizes2) - self._squeeze(obs, new_tops, new_sizes)
        return score


    def _follow_up(self, obs: dict[str, Any], played: str, tops: list[Top], sizes: list[int]) -> float:
        """The best next play from the rest of the hand with ``tops`` and ``sizes`` on the
        zones, or taking the bigger pile when nothing fits."""
        book = self.book
        bounds = _bounds(*tops)
        empty = [z for z in (0, 1) if sizes[z] == 0]
        zones = empty or [0, 1]
        best = -self.SQUEEZE * max(sizes) + self.DAMAGE_EASE if any(sizes) else -1e3
        for x in obs["hand"]:
            if x == played:
                continue
            v = book.values[book.by_id[x]]
            if v is None:
                continue
            if bounds is not None and not bounds[0] < v < bounds[1]:
                continue
            for z in zones:
                t, n = tops[:], sizes[:]
                t[z] = v
                n[z] += 1
                best = max(best, self._squeeze(obs, t, n) - self.AWKWARD * self.fitness[v])
        return best


#: In a playout, the chance of taking damage on purpose while a card could be played.
PLAYOUT_DAMAGE = 0.05


def playout(state: Any, seat: int, rng: random.Random) -> Action:
    """The search bot's cheap model of a player, reading the determinized state (a
    :class:`~engine.between.state.BetweenState`) and only what ``seat`` sees there: the bigger
    pile to the opponent; a card rather than damage (damage on purpose now and then); else
    uniformly at random.  It replaces uniform random play, which takes damage with a playable
    hand and gives the opponent the smaller pile, so that the search's playouts end the way
    games between careful players do."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    kind = legal[0].kind
    if kind == "give":
        zones = state.zones
        return max(legal, key=lambda a: len(zones["ab".index(_word(a, 0))]))
    if legal[-1].kind == "damage" and len(legal) > 1 and rng.random() >= PLAYOUT_DAMAGE:
        return legal[rng.randrange(len(legal) - 1)]    # a card: damage is listed last
    return legal[rng.randrange(len(legal))]


def _random(data: Deckbook, seat: int, seed: int) -> RandomPolicy:
    return RandomPolicy(seed)


def _sensible(data: Deckbook, seat: int, seed: int) -> SensiblePolicy:
    return SensiblePolicy(data, seat, seed)


POLICIES: dict[str, Callable[[Deckbook, int, int], Policy]] = {"random": _random, "sensible": _sensible}
