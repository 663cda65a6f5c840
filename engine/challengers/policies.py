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

from engine.challengers.deckphase import CHOOSE as DP_CHOOSE
from engine.challengers.deckphase import DONE, OPTION, PICK, REMOVE, DeckPhase
from engine.challengers.match import CHOOSE, REVEAL, TOSS, Match
from engine.challengers.tournament import OVER

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


# What the greedy bot reads of a card type, by round: (card_value, name), one lookup for
# both (a bot asks for the same few cards all game long, and a name is an attribute read).
_FACTS: dict = {}


class Policy:
    """Base class: match choices by a cheap heuristic, reveals when asked."""

    name = "policy"

    def __init__(self, seed=0):
        self._rng_seed = seed
        self._rng = None

    @property
    def rng(self) -> random.Random:
        """The policy's own generator, seeded when first used (the greedy bot never is: a
        tournament of greedy bots would seed eight generators for nothing)."""
        if self._rng is None:
            self._rng = random.Random(self._rng_seed)
        return self._rng

    @rng.setter
    def rng(self, rng):
        self._rng = rng

    # --- tournament level
    def act(self, t, who):
        if who[0] == "deck":
            action = self.deck_action(t, t.deck_phases[who[1]])
            if type(action) is tuple:
                return ("deck", who[1]) + action
            return ("deck", who[1], *action)
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
        return best_option(m, ch)

    def _score(self, m, ch, opt) -> float:
        """Higher is better for ``ch.player``."""
        return option_score(m, ch, opt)


def best_option(m, ch) -> int:
    """The index of the best-looking option of the match choice ``ch`` (the first of equal ones)."""
    if type(m) is Match and ch.kind != "seat" and ch.kind != "arrange":
        return _best_move(m, ch)
    best, best_score = 0, None
    options = ch.options
    for i in range(len(options)):
        score = option_score(m, ch, options[i])
        if best_score is None or score > best_score:
            best, best_score = i, score
    return best


def _best_move(m, ch) -> int:
    """:func:`best_option` for a move in a real match: :func:`option_score`'s arithmetic, with
    what every option shares (the zones, the bench) read once and each card's base power
    and bench bonus read from its ``_Hot``.  The scores are the same numbers, so the same
    option wins."""
    p = ch.player
    src, dst, _unit = ch.detail or ("bench", "exhaust", "card")
    from_bench = src == "bench"
    from_deck = src == "deck"
    from_exhaust = src == "exhaust"
    to_top = dst == "deck-top"
    hots = m._hots()
    owner = m.owner
    rnd = m.round
    bench = m.sides[p].bench
    options = ch.options
    best, best_score = 0, 0.0
    for i in range(len(options)):
        opt = options[i]
        n = len(opt)
        if n == 0:
            score = 0.5
        else:
            auras = 0            # cards with a bench bonus among those picked
            power = 0
            for c in opt:
                h = hots[c]
                if h.bench_fx:
                    auras += 1
                power += rnd if h.round_power else h.power
            if from_bench:
                if owner[opt[0]] != p:           # opponent's bench
                    score = 10 * auras + 1
                else:
                    freed = 0
                    for seat in bench:
                        whole = True
                        for c in seat.cards:
                            if c not in opt:
                                whole = False
                                break
                        if whole:
                            freed += seat.width
                    score = 10 * freed + power if to_top else 10 * freed + n - 3 * auras
            elif from_deck:
                score = power if to_top else -power
            elif from_exhaust:
                score = power
            else:
                score = 0.0
        if i == 0 or score > best_score:
            best, best_score = i, score
    return best


def _base_power(m, types, c):
    """``m.base_power(c)``, read straight from the card type in a match (a view asks its own)."""
    if type(m) is Match:
        ct = types[c]
        return m.round if ct.round_power else ct.power
    return m.base_power(c)


def option_score(m, ch, opt) -> float:
    """How good option ``opt`` of the match choice ``ch`` looks to the bots' cheap heuristic:
    higher is better for ``ch.player``."""
    p = ch.player
    types = m.types
    kind = ch.kind
    if kind == "seat":
        return len(opt)
    if kind == "arrange":
        score = 0.0
        for w, c in opt:
            if w == "deck-top":             # the card that will be on top
                score += 10 * _base_power(m, types, c)
                break
        lost = 0
        for w, c in opt:
            if w == "exhaust":
                lost += _base_power(m, types, c)
        score -= lost
        return score
    src, dst, _unit = ch.detail or ("bench", "exhaust", "card")
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
        power += _base_power(m, types, c)
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
        self._names = None       # (deck phase, its deck's length less its picks, their names)
        # The tuning (the class's, or a subclass's), read once: compiled, C numbers, where a class
        # attribute read through a bot with a __dict__ was a dict miss and a look along the
        # class's bases at every Deck Phase decision.
        self._max_names, self._min_deck = self.max_names, self.min_deck
        self._new_name_cost = self.new_name_cost

    def deck_action(self, t, dp):
        if type(dp) is DeckPhase:
            return self._act_in_phase(t.round, dp)
        stage = dp.stage
        if stage == REMOVE:
            if len(dp.deck) > self._min_deck:
                i = self._next_removal(dp, t.round)
                if i is not None:
                    return ("remove", i)
            return ("done",)
        if stage == PICK:
            return self._pick_action(dp, t.round)
        return self._other_action(t.round, dp, stage)

    def _act_in_phase(self, r, dp):
        """:meth:`deck_action` in a real Deck Phase of round ``r`` (typed when compiled: its
        fields read directly), the same decisions.

        Its steps are the greedy bot's own, called through the class (a subclass decides
        otherwise by its own :meth:`deck_action`): compiled, direct C calls, where a call
        through the bot checks for a Python override by looking the name up whenever the bot
        is not the last one that asked (every bot has a ``__dict__`` of its own, and the
        check remembers one)."""
        stage = dp.stage
        if stage == REMOVE:
            if len(dp.deck) > self._min_deck:
                i = GreedyPolicy._next_removal(self, dp, r)
                if i is not None:
                    return ("remove", i)
            return ("done",)
        if stage == PICK:
            return GreedyPolicy._pick_in_phase(self, dp, r)
        return GreedyPolicy._other_action(self, r, dp, stage)

    def _other_action(self, r, dp, stage):
        """The Deck Phase's rarer stages in round ``r``: an option, a when-picked choice, the end."""
        if stage == OPTION:
            return ("option", _best_option_index(dp.options))
        if stage == DP_CHOOSE:
            return self._choose_action(dp, r)
        return ("done",)

    def _choose_action(self, dp, r):
        """A when-picked choice: lose the least worth (an extra pick is worth 4)."""
        # Its own method: a function that defines closures pays for their scope on every call.
        ch = dp.pending

        def score(opt):
            if not opt:
                return 0.0
            lost = sum(card_value(dp.deck[i], r) for i in opt)
            gain = 4.0 if ch.kind == "extra-pick" else 0.0
            return gain - lost
        return ("choose", max(range(len(ch.options)), key=lambda i: score(ch.options[i])))

    def _pick_action(self, dp, r):
        """Pick the drawn card that looks best, or redraw when even that one is worth less
        than its level promises."""
        if type(dp) is DeckPhase:
            return self._pick_in_phase(dp, r)
        best, best_v = best_pick(dp.deck, dp.drawn, _round_facts(r), r, self._new_name_cost, self._max_names)
        if dp.can_redraw() and best_v < LEVEL_VALUE[dp.option.level] - 1:
            return ("redraw",)
        return ("pick", best)

    def _pick_in_phase(self, dp, r):
        """:meth:`_pick_action` in a real Deck Phase (typed when compiled), with the names of
        its deck kept between calls (:meth:`_phase_names`)."""
        best, best_v = best_pick(dp.deck, dp.drawn, _round_facts(r), r, self._new_name_cost, self._max_names,
                                 GreedyPolicy._phase_names(self, dp))
        if dp.can_redraw() and best_v < LEVEL_VALUE[dp.option.level] - 1:
            return ("redraw",)
        return ("pick", best)

    def _phase_names(self, dp) -> set:
        """The names of the cards in the deck of ``dp`` (a real Deck Phase).

        While it picks, a Deck Phase only adds its picks to the end of the deck, until it
        removes a card: so the names of the deck as first seen in this phase are kept, and
        the names of new picks added to them (a card's name is an attribute lookup, and a
        deck holds twenty cards).  The kept set holds the picks it has seen, in order: any
        other change to the picks reads the whole deck again."""
        deck, picked = dp.deck, dp.picked
        cached = self._names
        if cached is not None and cached[0] is dp and not dp.removed and len(deck) == cached[1] + len(picked):
            names, seen = cached[2], cached[3]
            k = len(seen)
            if k <= len(picked):
                same = True
                for i in range(k):
                    if picked[i] is not seen[i]:
                        same = False
                        break
                if same:
                    for i in range(k, len(picked)):
                        c = picked[i]
                        names.add(c.name)
                        seen.append(c)
                    return names
        names = set()
        for c in deck:
            names.add(c.name)
        self._names = (dp, len(deck) - len(picked), names, list(picked))
        return names

    def _next_removal(self, dp, r):
        """The deck index of the next card to remove, or ``None`` when the deck is done.

        The whole removal is worked out on the first call (:func:`removal_plan`) and handed
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
        steps = removal_plan(deck, _round_facts(r), r, self._max_names, self._min_deck)
        self._removals = (dp, deck, steps)
        i = steps[-1][0]
        if i is not None:
            steps.pop()
        return i


# The last options tuple the greedy bot weighed and the index it chose, as one pair stored in
# one step (a thread reading it never sees one without the other): every player of a round is
# offered the same tuple (the box's), so seven of eight bots find it here instead of reading
# three fields of every option again.
_LAST_OPTIONS: list = [(None, 0)]


def _best_option_index(options) -> int:
    """The first of the best-looking Deck Phase options: its cards' worth plus its fans."""
    last_options, last_best = _LAST_OPTIONS[0]
    if last_options is options:
        return last_best
    best, best_worth = 0, None
    for i in range(len(options)):
        o = options[i]
        worth = o.pick * LEVEL_VALUE[o.level] + o.fans
        if best_worth is None or worth > best_worth:
            best, best_worth = i, worth
    if type(options) is tuple:          # immutable: the same answer next time
        _LAST_OPTIONS[0] = (options, best)
    return best


def _round_facts(r) -> dict:
    """card type -> (:func:`card_value` in round ``r``, its name), filled as cards are met."""
    facts = _FACTS.get(r)
    if facts is None:
        facts = _FACTS[r] = {}
    return facts


def _facts(facts, ct, r) -> tuple:
    """(value, name) of ``ct`` from ``facts`` (see :func:`_round_facts`), added when new."""
    f = facts.get(ct)
    if f is None:
        f = facts[ct] = (card_value(ct, r), ct.name)
    return f


def best_pick(deck, drawn, facts, r, new_name_cost, max_names, names=None) -> tuple:
    """(index, value) of the drawn card that looks best to the greedy bot, the first of
    equal ones: its :func:`card_value` (``facts`` remembers them), 1.5 more for a name
    the deck has, and ``new_name_cost`` less per name above ``max_names - 2`` for a new
    name (every new name is a bench seat it may one day need).  ``names``: the names in
    ``deck``, when the caller knows them."""
    if names is None:
        names = set()
        for c in deck:
            names.add(c.name)
    crowd = new_name_cost * max(0, len(names) - (max_names - 2))
    best, best_v = 0, 0.0
    for i in range(len(drawn)):
        f = facts.get(drawn[i])
        if f is None:
            f = _facts(facts, drawn[i], r)
        v = f[0]
        if f[1] in names:
            v = v + 1.5
        else:
            v = v - crowd
        if i == 0 or v > best_v:
            best, best_v = i, v
    return best, best_v


def removal_plan(deck, facts, r, max_names, min_deck) -> list:
    """The greedy bot's removals from ``deck``, as [(index, deck length, card), ...] *last
    first*, ending (first in the list) with (None, final length, None).

    While the deck holds more than ``max_names`` names and more than ``min_deck`` cards, the
    weakest name (by its best card; of equal ones, the one met first in the deck) goes, a
    card at a time from the top of the list, if removing the whole name still leaves
    ``min_deck`` cards.  The names are grouped once and kept up to date as cards go, rather
    than grouped again for every card: the same removals, in the same order.  ``facts``
    remembers each card type's value and name (:func:`_round_facts`)."""
    n = len(deck)
    group_of = [0] * n      # deck position -> its name's group
    card_v = [0.0] * n      # deck position -> the card's value
    g_names: list = []      # group -> name, in the order the deck first shows them
    g_count = []            # group -> cards left
    g_best = []             # group -> value of its best card left
    g_first = []            # group -> deck position of its first card left
    by_name: dict = {}
    for k in range(n):
        f = facts.get(deck[k])
        if f is None:
            f = _facts(facts, deck[k], r)
        v = f[0]
        card_v[k] = v
        name = f[1]
        known = by_name.get(name)
        if known is None:
            g = by_name[name] = len(g_names)
            g_names.append(name)
            g_count.append(1)
            g_best.append(v)
            g_first.append(k)
        else:
            g = known
            g_count[g] += 1
            g_best[g] = max(g_best[g], v)
        group_of[k] = g
    groups = len(g_names)
    alive = [True] * n
    left = n
    steps: list = []
    while left > min_deck and groups > max_names:
        weakest = -1
        for g in range(len(g_names)):
            if g_count[g] and (weakest < 0 or g_best[g] < g_best[weakest]
                               or (g_best[g] == g_best[weakest] and g_first[g] < g_first[weakest])):
                weakest = g
        if left - g_count[weakest] < min_deck:
            break
        k = g_first[weakest]
        index = 0                       # its index in the deck as it is by then
        for j in range(k):
            if alive[j]:
                index += 1
        steps.append((index, left, deck[k]))
        alive[k] = False
        left -= 1
        g_count[weakest] -= 1
        if g_count[weakest] == 0:
            groups -= 1
        else:
            best = None
            first = -1
            for j in range(k + 1, n):
                if alive[j] and group_of[j] == weakest:
                    if first < 0:
                        first = j
                    if best is None or card_v[j] > best:
                        best = card_v[j]
            g_best[weakest] = best
            g_first[weakest] = first
    steps.append((None, left, None))
    steps.reverse()
    return steps


# The search bot builds on these (its match choices are the greedy bot's), so it is not one of
# them: engine.challengers.hint.LegacyHintSearchPolicy drives it the way these are driven.
POLICIES = {"robot": RobotPolicy, "random": RandomPolicy, "greedy": GreedyPolicy}


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
    while t.phase != OVER and limit > 0:       # t.over, read as the field (a property is a lookup)
        who = t.next_waiting()
        if who[0] == "deck":
            # The first player not done acts until done: nobody comes before them meanwhile.
            player = who[1]
            policy = policies[player]
            dp = t.deck_phases[player]
            # The greedy bot itself (not a subclass that may decide otherwise) in a real Deck
            # Phase: a C call, compiled, given the round as the tournament's C field.
            greedy = policy if type(policy) is GreedyPolicy and type(dp) is DeckPhase else None
            # What Policy.act answers, asked without it (one call less per action) when the
            # policy keeps Policy's act.
            direct = greedy is None and type(policy).act is Policy.act
            while limit > 0 and dp.stage != DONE:
                limit -= 1
                if greedy is not None:
                    t.apply_deck_action(dp, player, GreedyPolicy._act_in_phase(greedy, t.round, dp))
                elif direct:
                    action = policy.deck_action(t, dp)
                    t.apply(("deck", player) + action if type(action) is tuple else ("deck", player, *action))
                else:
                    t.apply(policy.act(t, who))
            continue
        if t.matches[who[1]].expect[0] != CHOOSE:
            limit -= t.play_forced(who[1], limit)
            continue
        limit -= 1
        t.apply(policies[who[2]].act(t, who))
    return t
