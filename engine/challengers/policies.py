"""Who decides when nobody taps: the Robot, a random bot, a greedy bot and the search bot.

A policy answers :meth:`act` with one legal tournament action for the seat
it plays, and :meth:`choose` with an option index for a match choice.  The
kiosk, the coordinator and the benchmarks all use these same classes.  A
policy draws its own randomness from its own seeded generator; since the
tournament records the actions, not the policy, replay does not need it.
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine.challengers.deckphase import DONE, OPTION, PICK, CHOOSE as DP_CHOOSE, REMOVE
from engine.challengers.match import CHOOSE, REVEAL, TOSS

LEVEL_VALUE = {"A": 2.5, "B": 4.5, "C": 6.5}


@lru_cache(maxsize=4096)
def card_value(ct, round_no=4) -> float:
    """A rough worth of a card in a deck: its power plus a little per helpful effect."""
    v = float(round_no if ct.round_power else ct.power)
    for e in ct.effects:
        if e.do == "power":
            v += e.amount * (1.5 if e.per else 0.7)
        elif e.do == "aura":
            v += e.amount * 1.2
        elif e.do == "fans":
            v += e.amount * 0.8
        elif e.do == "lose":
            v -= 3
        elif e.do in ("move", "arrange", "next-card", "extra-pick"):
            v += 0.5
    return v


# card_value's answers by round and card type: a bot asks for the same few all game long.
_VALUES: dict = {}


class Policy:
    """Base class: match choices by a cheap heuristic, reveals when asked."""

    name = "policy"

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    # --- tournament level
    def act(self, t, who):
        if who[0] == "deck":
            dp = t.deck_phases[who[1]]
            return ("deck", who[1], *self.deck_action(t, dp))
        park = who[1]
        m = t.matches[park]
        kind, side = m.expect
        if kind == TOSS:
            return ("match", park, "toss")
        if kind == REVEAL:
            return ("match", park, "reveal", side)
        ch = m.pending
        return ("match", park, "choose", ch.player, self.choose(m, ch))

    def deck_action(self, t, dp):
        raise NotImplementedError

    # --- match choices
    def choose(self, m, ch) -> int:
        best, best_score = 0, None
        for i, opt in enumerate(ch.options):
            score = self._score(m, ch, opt)
            if best_score is None or score > best_score:       # the first of the best
                best, best_score = i, score
        return best

    def _score(self, m, ch, opt) -> float:
        """Higher is better for ``ch.player``."""
        p = ch.player
        types = m.types
        if ch.kind == "seat":
            return len(opt)
        if ch.kind == "arrange":
            score = 0.0
            for w, c in opt:
                if w == "deck-top":             # the card that will be on top
                    score += 10 * m.base_power(c)
                    break
            lost = 0
            for w, c in opt:
                if w == "exhaust":
                    lost += m.base_power(c)
            score -= lost
            return score
        src, dst, unit = ch.detail or ("bench", "exhaust", "card")
        if not opt:
            return 0.5
        auras = 0            # cards with a bench bonus among those picked
        for c in opt:
            if types[c].on_bench:
                auras += 1
        if src == "bench" and m.owner[opt[0]] != p:          # opponent's bench
            return 10 * auras + 1
        power = 0
        for c in opt:
            power += m.base_power(c)
        if src == "bench":
            freed = 0
            for seat in m.sides[p].bench:
                whole = True
                for c in seat.cards:
                    if c not in opt:
                        whole = False
                        break
                if whole:
                    freed += seat.width
            if dst == "deck-top":
                return 10 * freed + power
            return 10 * freed + len(opt) - 3 * auras
        if src == "deck":
            return power if dst == "deck-top" else -power
        if src == "exhaust":
            return power
        return 0.0


class RobotPolicy(Policy):
    """The Robot: it only reveals (it does nothing in the Deck Phase)."""

    name = "robot"

    def deck_action(self, t, dp):
        return ("done",)


class RandomPolicy(Policy):
    """Any legal move, at random (keeps at least six cards in its deck)."""

    name = "random"

    def deck_action(self, t, dp):
        rng = self.rng
        if dp.stage == OPTION:
            return ("option", rng.randrange(len(dp.options)))
        if dp.stage == PICK:
            if dp.can_redraw() and rng.random() < 0.2:
                return ("redraw",)
            return ("pick", rng.randrange(len(dp.drawn)))
        if dp.stage == DP_CHOOSE:
            return ("choose", rng.randrange(len(dp.pending.options)))
        if dp.stage == REMOVE and len(dp.deck) > 6 and rng.random() < 0.1:
            return ("remove", rng.randrange(len(dp.deck)))
        return ("done",)

    def choose(self, m, ch) -> int:
        return self.rng.randrange(len(ch.options))


class GreedyPolicy(Policy):
    """Takes the best-looking option now: strong cards, few different names.

    A bench has six seats and cards of one name share one, so every new name
    in a deck is a seat it may one day need: the greedy bot prefers cards
    whose name it already has and, once its deck holds more than
    :attr:`max_names` names, removes its weakest name whole.
    """

    name = "greedy"
    max_names = 7
    min_deck = 8
    new_name_cost = 1.0      # how much worse a card of a new name looks, per name above max_names - 2

    def __init__(self, seed=0):
        super().__init__(seed)
        self._removals = None    # (deck phase, its deck, [(index, deck length, card), ...] last first)

    def deck_action(self, t, dp):
        r = t.round
        if dp.stage == OPTION:
            def worth(i):
                o = dp.options[i]
                return o.pick * LEVEL_VALUE[o.level] + o.fans
            return ("option", max(range(len(dp.options)), key=worth))
        if dp.stage == PICK:
            names = {c.name for c in dp.deck}
            crowd = self.new_name_cost * max(0, len(names) - (self.max_names - 2))
            by_type = _VALUES.get(r)
            if by_type is None:
                by_type = _VALUES[r] = {}
            values = []
            for c in dp.drawn:
                v = by_type.get(c)
                if v is None:
                    v = by_type[c] = card_value(c, r)
                values.append(v + (1.5 if c.name in names else -crowd))
            best = 0
            for i in range(1, len(values)):
                if values[i] > values[best]:
                    best = i
            if dp.can_redraw() and values[best] < LEVEL_VALUE[dp.option.level] - 1:
                return ("redraw",)
            return ("pick", best)
        if dp.stage == DP_CHOOSE:
            ch = dp.pending

            def score(opt):
                if not opt:
                    return 0.0
                lost = sum(card_value(dp.deck[i], r) for i in opt)
                gain = 4.0 if ch.kind == "extra-pick" else 0.0
                return gain - lost
            return ("choose", max(range(len(ch.options)), key=lambda i: score(ch.options[i])))
        if dp.stage == REMOVE and len(dp.deck) > self.min_deck:
            i = self._next_removal(dp, r)
            if i is not None:
                return ("remove", i)
        return ("done",)

    def _next_removal(self, dp, r):
        """The deck index of the next card to remove, or ``None`` when the deck is done.

        The whole removal is worked out on the first call (the weakest name goes, if the deck
        stays big enough, while the deck holds more than :attr:`max_names` names) and handed
        out one card a call, as long as the deck is the one it was worked out for."""
        plan = self._removals
        deck = dp.deck
        if plan is not None and plan[0] is dp and plan[1] is deck:
            steps = plan[2]
            i, n, ct = steps[-1]
            if len(deck) == n and (ct is None or deck[i] is ct):
                if ct is None:          # the deck as planned: nothing more to remove
                    return None
                steps.pop()
                return i
        cards = list(deck)
        by_type = _VALUES.get(r)
        if by_type is None:
            by_type = _VALUES[r] = {}
        values = []
        for c in cards:
            v = by_type.get(c)
            if v is None:
                v = by_type[c] = card_value(c, r)
            values.append(v)
        names = [c.name for c in cards]
        steps = []
        while len(cards) > self.min_deck:
            i = self._weakest_name_card(names, values)
            if i is None:
                break
            steps.append((i, len(cards), cards[i]))
            del cards[i]
            del names[i]
            del values[i]
        steps.append((None, len(cards), None))
        steps.reverse()
        self._removals = (dp, deck, steps)
        i = steps[-1][0]
        if i is not None:
            steps.pop()
        return i

    def _weakest_name_card(self, names, values):
        """Given the deck's card names and values: with more than :attr:`max_names` names, the
        index of the first card of the weakest name (by its best card), if removing the whole
        name leaves :attr:`min_deck` cards; else ``None``."""
        groups = {}          # name -> [best value, deck indices]
        for i in range(len(names)):
            name = names[i]
            v = values[i]
            g = groups.get(name)
            if g is None:
                groups[name] = [v, [i]]
            else:
                g[1].append(i)
                if v > g[0]:
                    g[0] = v
        if len(groups) > self.max_names:
            weakest = None
            for g in groups.values():
                if weakest is None or g[0] < weakest[0]:
                    weakest = g
            idx = weakest[1]
            if len(names) - len(idx) >= self.min_deck:
                return idx[0]
        return None


def _search(seed=0) -> Policy:
    # The search bot decides by the Deck Phase hint, which builds on this module.
    from engine.challengers.hint import SearchPolicy
    return SearchPolicy(seed)


POLICIES = {"robot": RobotPolicy, "random": RandomPolicy, "greedy": GreedyPolicy, "search": _search}


def make_policy(name, seed=0) -> Policy:
    try:
        return POLICIES[name](seed)
    except KeyError:
        raise ValueError(f"unknown policy '{name}' (one of {', '.join(POLICIES)})") from None


def run_tournament(t, policies, limit=1_000_000):
    """Play ``t`` to its end; ``policies[player index]`` decides for each seat.

    A reveal or the flag toss is the only legal action when it is due: those are
    played without asking (:meth:`Tournament.play_forced`), the same actions in the
    same order as asking would give; ``limit`` counts every action.
    """
    while not t.over and limit > 0:
        who = t.next_waiting()
        if who[0] == "deck":
            # The first player not done acts until done: nobody comes before them meanwhile.
            policy = policies[who[1]]
            dp = t.deck_phases[who[1]]
            while limit > 0 and dp.stage != DONE:
                limit -= 1
                t.apply(policy.act(t, who))
            continue
        if t.matches[who[1]].expect[0] != CHOOSE:
            limit -= t.play_forced(who[1], limit)
            continue
        limit -= 1
        t.apply(policies[who[2]].act(t, who))
    return t
