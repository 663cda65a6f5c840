"""The Deck Phase hint: which choice makes the deck that wins the most practice matches.

At a Deck Phase decision (which option to draft, which drawn card to pick,
whether to redraw, which card to remove or to stop), each choice the player
has is turned into the deck it leads to, and that deck plays practice
matches against what the next opponent plausibly holds.  The choice whose
deck wins most is suggested, with a one-line reason ("Hermit: wins 62 % of
400 practice matches vs 48 % (Pony)").

It is a determinization search specialised to the Deck Phase, built on the
player's observation (:func:`engine.challengers.game.observe`, the one place
that hides) and on what the player remembers of earlier observations
(:class:`Memory`): what the player cannot see is *sampled*, never read --

* the opponent's deck: the cards they were seen playing in their last match
  against the player, filled up to the deck size everybody sees with cards
  of a plausible deck (the starter deck plus, round after round, the greedy
  bot's draft from random draws of the cards the player has not seen), and
  the picks they have still to make this round;
* the Robot's deck: its level's rule deck with its face-down R cards drawn
  at random from the R cards the set-up allows;
* a draft or a redraw not yet made: a random draw from the same unseen cards.

:func:`hint` is pure: the caller chooses the number of practice matches from
a rate it measured (``simulations = rate x seconds``); no clock is read here.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

from engine.challengers.deckphase import OPTION, PICK, REMOVE
from engine.challengers.game import ChallengersState, observe, to_tuple
from engine.challengers.legacy import LegacyPolicy
from engine.challengers.match import Match, play
from engine.challengers.piles import PileReserve
from engine.challengers.policies import LEVEL_VALUE, GreedyPolicy, Policy, card_value
from engine.challengers.rules import DraftOption
from engine.challengers.tournament import DECK, FINAL_DECK
from engine.game import Action

__all__ = [
    "DeckView",
    "Hint",
    "HintSearchPolicy",
    "LegacyHintSearchPolicy",
    "MatchPool",
    "Memory",
    "Opponent",
    "PoolBroken",
    "candidates",
    "hint",
    "matches_for",
    "view_for",
    "view_from",
]


class PoolBroken(RuntimeError):
    """The worker processes cannot play a hint's matches (they could not start, or one died):
    the hint plays on in this process."""


class MatchPool(Protocol):
    """Worker processes playing a hint's practice matches (:class:`engine.challengers.hint_pool.HintPool`)."""

    def begin(self) -> int:
        """A new hint: its number."""
        ...

    def play_round(self, number: int, view_bytes: bytes, seed: int, choice_ids: Sequence[int], start: int,
                   share: int, stop_now: Callable[[], bool] | None = None) -> tuple[list[int], int]:
        """Practice matches ``start`` to ``start + share - 1`` of the choices ``choice_ids``: (wins of
        each, matches each played).  Raises :class:`PoolBroken`."""
        ...


@dataclass(frozen=True)
class Opponent:
    """How the next opponent's deck is guessed: the ``known`` cards, then ``fill`` cards
    of a plausible deck (``base`` plus a greedy draft for each of ``drafts``, a tuple of
    each past round's options) that are not among the known ones, then ``hidden_count``
    cards drawn from ``hidden_from`` (the Robot's face-down R cards)."""

    known: tuple
    fill: int = 0
    base: tuple = ()
    drafts: tuple = ()
    hidden_from: tuple = ()
    hidden_count: int = 0

    def sample(self, view: DeckView, rng: random.Random) -> list:
        deck = list(self.known)
        if self.fill > 0:
            plausible = list(self.base)
            for round_no, options in enumerate(self.drafts, 1):
                opt = max(options, key=lambda o: o.pick * LEVEL_VALUE[o.level] + o.fans)
                plausible += _greedy_draft(view, opt.level, opt.pick, plausible, rng, round_no=round_no)
            left = Counter(c.id for c in self.known)
            unknown = []
            for c in plausible:
                if left[c.id] > 0:
                    left[c.id] -= 1
                else:
                    unknown.append(c)
            rng.shuffle(unknown)
            deck += unknown[:self.fill]
            while len(deck) < len(self.known) + self.fill:
                deck += _greedy_draft(view, "A", 1, deck, rng)
        if self.hidden_count:
            deck += rng.sample(self.hidden_from, self.hidden_count)
        return deck


@dataclass(frozen=True)
class DeckView:
    """What one player sees at a Deck Phase decision, and the public set-up."""

    round: int                 # the round being drafted for (the Final plays as the last round)
    stage: str                 # OPTION, PICK or REMOVE (other stages get no hint)
    deck: tuple                # the player's deck now (picks so far included)
    options: tuple = ()        # the round's draft options (OPTION stage)
    drawn: tuple = ()          # the cards drawn (PICK stage)
    picks_left: int = 0
    can_redraw: bool = False
    level: str | None = None   # the chosen option's level (PICK stage)
    pool: dict = field(default_factory=dict)      # level -> cards that may still come from its pile
    opponent: Opponent = Opponent(())
    beginner: int | None = None                   # 0: the player begins, 1: the opponent, None: a toss
    fans: tuple = (0, 0)
    trophies: tuple = (0, 0)
    lost_previous: tuple = (False, False)
    icons_in_play: frozenset = frozenset()


@dataclass(frozen=True)
class Hint:
    """The suggested Deck Phase action, why, and every choice's practice record
    (action, wins, matches played), best first."""

    action: tuple
    reason: str
    records: tuple


# ---------------------------------------------------------------------------- from an observation

class Memory:
    """What a player remembers of the others' decks: the cards each was seen to own in
    the latest match the player played against them (observations only)."""

    def __init__(self) -> None:
        self.seen: dict[int, tuple[tuple, Counter]] = {}

    def update(self, obs: dict[str, Any]) -> None:
        for mv in obs["matches"]:
            me = mv["side"]
            if me is None:
                continue
            q = mv["players"][1 - me]
            key = (obs["round"], mv["park"])
            shown = Counter(c for c, o in zip(mv["cards"], mv["owner"]) if c is not None and o == 1 - me)
            before = self.seen.get(q)
            if before is None or before[0] != key or sum(shown.values()) >= sum(before[1].values()):
                self.seen[q] = (key, shown)

    def cards_of(self, q: int) -> Counter:
        hit = self.seen.get(q)
        return Counter() if hit is None else Counter(hit[1])


def view_from(obs: dict[str, Any], library, memory: Memory | None = None) -> DeckView | None:
    """The :class:`DeckView` of the observing player's Deck Phase decision (``None``: no
    decision to hint), from their observation and what they remember."""
    me = obs["you"]
    if me is None or obs["phase"] not in (DECK, FINAL_DECK):
        return None
    dv = obs["deck_phases"][me]
    if dv is None or dv["stage"] not in (OPTION, PICK, REMOVE):
        return None
    cat, rules = library.catalogue, library.rules
    card = cat.card
    setup = obs["setup"]
    players = obs["players"]
    box = library.box(setup["box"])
    # The next opponent: the other finalist, or whom the plan seats across the park.
    if obs["phase"] == FINAL_DECK:
        a, b = obs["finalists"]
        opp = b if me == a else a
    else:
        plan = library.plan_for(len(players) + len(players) % 2)      # the Robot has a seat already
        by_slot = {p["slot"]: i for i, p in enumerate(players)}
        mine = players[me]["slot"]
        opp = next(by_slot[d if l == mine else l] for _, l, d in plan.rounds[obs["round"] - 1] if mine in (l, d))
    them = players[opp]
    round_no = min(obs["round"], rules.rounds)
    if them["robot"]:
        base = [card(c) for c in rules.robot_deck]
        hidden = 0
        for card_id, how_many in rules.robot_replace[:setup["robot_level"] - 1]:
            base.remove(card(card_id))
            hidden += how_many
        r_cards = [c for c in cat.sets["robot"].cards if c.level == "R" or (setup["solo_cards"] and c.level == "SOLO")]
        opponent = Opponent(tuple(base), hidden_from=tuple(r_cards), hidden_count=hidden)
    else:
        size = them["deck_size"]
        odv = obs["deck_phases"][opp]
        drafted = obs["round"] - 1
        if odv is not None and odv["stage"] != OPTION:
            drafted = obs["round"]
        if odv is not None and odv["options"]:
            if odv["stage"] == OPTION:
                size += max(p for _, p, _ in odv["options"])
            elif odv["stage"] == PICK:
                size += odv["picks_left"]
        seen = memory.cards_of(opp) if memory is not None else Counter()
        known = [card(c) for c, n in seen.items() for _ in range(n)][:size]
        drafts = tuple(box.draft[r] for r in range(min(drafted, len(box.draft))))
        opponent = Opponent(tuple(known), size - len(known), tuple(card(c) for c in box.starter), drafts)
    deck = tuple(card(c) for c in dv["deck"])
    drawn = tuple(card(c) for c in dv["drawn"])
    unseen = Counter(c.id for c in deck + drawn)
    pool = {}
    for lv in "ABC":
        cards = []
        for sid in setup["sets"]:
            for ct in cat.sets[sid].cards:
                if ct.level == lv:
                    n = ct.copies - unseen[ct.id]
                    cards.extend([ct] * max(0, n))
        pool[lv] = tuple(cards)
    mine_p = players[me]
    trophy_round = {i: max((r for r, _ in p["trophies"]), default=0) for i, p in enumerate(players)}
    if obs["round"] == 1 or trophy_round[me] == trophy_round[opp]:
        beginner = None
    else:
        beginner = 0 if trophy_round[me] > trophy_round[opp] else 1
    options = tuple(DraftOption(lv, pick, fans) for lv, pick, fans in dv["options"])
    option = None if dv["option"] is None else options[dv["option"]]
    icons = frozenset(cat.sets[sid].cards[0].set for sid in setup["sets"])
    return DeckView(
        round=round_no, stage=dv["stage"], deck=deck, options=options, drawn=drawn,
        picks_left=dv["picks_left"], can_redraw=dv["stage"] == PICK and not dv["redraw_used"] and dv["picks_left"] > 0,
        level=option.level if option is not None else None, pool=pool, opponent=opponent, beginner=beginner,
        fans=(mine_p["fan_tokens"] + dv["fans"], them["fan_tokens"]),
        trophies=(len(mine_p["trophies"]), len(them["trophies"])),
        lost_previous=(mine_p["lost_previous"], them["lost_previous"]), icons_in_play=icons)


def view_for(t, player: int, memory: Memory | None = None) -> DeckView | None:
    """:func:`view_from` on ``player``'s observation of tournament ``t``."""
    return view_from(observe(t, player), t.library, memory)


# ---------------------------------------------------------------------------- the choices

def _worth(ct, round_no, names) -> float:
    """The greedy bot's taste: a card's value, better when its name is already in the deck."""
    return card_value(ct, round_no) + (1.5 if ct.name in names else 0.0)


def _best(cards, k, round_no, deck) -> list:
    names = {c.name for c in deck}
    return sorted(cards, key=lambda c: -_worth(c, round_no, names))[:k]


def _greedy_draft(view: DeckView, level: str, pick: int, deck, rng: random.Random, exclude=(),
                  round_no: int | None = None) -> list:
    pool = view.pool.get(level, ())
    if exclude:
        pool = list(pool)
        for ct in exclude:
            if ct in pool:
                pool.remove(ct)
    drawn = rng.sample(pool, min(5, len(pool)))
    return _best(drawn, pick, view.round if round_no is None else round_no, deck)


def candidates(view: DeckView) -> list:
    """[(action, deck maker)]: each Deck Phase action the hint weighs, and a function
    ``rng -> deck`` giving the deck it leads to (a draw not yet made is sampled)."""
    deck, r = list(view.deck), view.round
    out: list[tuple[tuple, Callable[..., list]]] = []
    if view.stage == OPTION:
        for i, opt in enumerate(view.options):
            out.append((("option", i), lambda rng, o=opt: deck + _greedy_draft(view, o.level, o.pick, deck, rng)))
    elif view.stage == PICK:
        seen_ids = set()
        for i, ct in enumerate(view.drawn):
            if ct.id in seen_ids:          # two copies drawn: one choice
                continue
            seen_ids.add(ct.id)
            rest = [c for j, c in enumerate(view.drawn) if j != i]
            # With more picks to make, the rest of them go to the best-looking other cards.
            fixed = deck + [ct] + _best(rest, view.picks_left - 1, r, deck + [ct])
            out.append((("pick", i), lambda rng, d=fixed: d))
        if view.can_redraw:
            level = view.level
            assert level is not None, "a Deck Phase picking has the chosen option's level"
            out.append((("redraw",), lambda rng: deck + _greedy_draft(view, level, view.picks_left, deck, rng,
                                                                      exclude=view.drawn)))
    elif view.stage == REMOVE:
        out.append((("done",), lambda rng: deck))
        first: dict[str, int] = {}
        for i, ct in enumerate(deck):
            first.setdefault(ct.id, i)
        if len(deck) > 1:
            for i in first.values():
                out.append((("remove", i), lambda rng, i=i: deck[:i] + deck[i + 1:]))
    return out


# ---------------------------------------------------------------------------- practice matches

@lru_cache(maxsize=4096)
def _pile_need(ct) -> dict:
    need: dict[str, int] = {}
    for e in ct.effects:
        if e.do == "move" and e.src and e.src.startswith("pile-"):
            need[e.src[5:]] = need.get(e.src[5:], 0) + 2 * e.count
    return need


def _reserve(view: DeckView, decks, rng: random.Random) -> PileReserve | None:
    need: dict[str, int] = {}
    for deck in decks:
        for ct in deck:
            for lv, n in _pile_need(ct).items():
                need[lv] = need.get(lv, 0) + n
    if not need:
        return None
    return PileReserve({lv: rng.sample(view.pool.get(lv, ()), min(n, len(view.pool.get(lv, ()))))
                        for lv, n in need.items()})


_choose = GreedyPolicy(0).choose


def practice(view: DeckView, make_deck: Callable, start: int, stop: int, seed: int,
             trials: dict | None = None) -> int:
    """How many of the practice matches ``start`` to ``stop - 1`` the deck ``make_deck``
    gives wins.

    Match ``k`` meets the same opponent deck and the same shuffle seed for every choice
    weighed with the same ``seed`` (common random numbers: the choices are compared on
    the same luck, so a smaller difference stands out).  ``trials``, shared by the
    choices of one hint, keeps match ``k``'s opponent deck and generator state once
    drawn: sampling a plausible deck (a greedy draft per past round) costs about as much
    as the match, and every choice would draw the same one again."""
    wins = 0
    beginner, round_no = view.beginner, view.round
    fans, trophies, lost, icons = view.fans, view.trophies, view.lost_previous, view.icons_in_play
    luck = random.Random(0)             # one generator, re-seeded or restored for each match
    for k in range(start, stop):
        trial = trials.get(k) if trials is not None else None
        if trial is None:
            luck.seed(seed * 1_000_003 + k)
            theirs = view.opponent.sample(view, luck)
            match_seed = luck.getrandbits(64)
            if trials is not None:
                trials[k] = (theirs, match_seed, luck.getstate())
        else:
            theirs, match_seed, state = trial
            luck.setstate(state)
        mine = make_deck(luck)
        m = Match((mine, theirs), rng=match_seed, beginner=beginner, round=round_no,
                  piles=_reserve(view, (mine, theirs), luck), fans=fans, trophies=trophies,
                  lost_previous=lost, icons_in_play=icons, record=False)
        play(m, _choose)
        if m.winner == 0:
            wins += 1
    return wins


def label(view: DeckView, action: tuple) -> str:
    """A short name for a Deck Phase action, for the reason line."""
    kind = action[0]
    if kind == "option":
        return view.options[action[1]].describe()
    if kind == "pick":
        return view.drawn[action[1]].name
    if kind == "remove":
        return f"remove {view.deck[action[1]].name}"
    return {"redraw": "redraw", "done": "keep this deck"}[kind]


#: A practice match of round ``r`` costs about ``1 + MATCH_COST_PER_ROUND * (r - 1)`` times one of
#: round 1 (bigger decks, longer matches, a plausible opponent deck drafted over more rounds),
#: measured with ``bench/bots.py``: 80 us in round 1, 112 in round 4, 135 in round 7.
MATCH_COST_PER_ROUND = 0.12

#: Practice matches played between two looks at the clock, when the hint has one.
CLOCK_CHUNK = 8


def matches_for(budget: int, round_no: int) -> int:
    """The practice matches a budget of ``budget`` round-1 matches buys in round ``round_no``:
    a hint costs about the same in every round (with a fixed count, round-7 hints took twice
    as long as round-1 hints and set the p99)."""
    return max(1, round(budget / (1 + MATCH_COST_PER_ROUND * (max(1, round_no) - 1))))


def hint(view: DeckView, simulations: int, seed: int = 0, default: tuple | None = None,
         margin: float = 1.0, clock: Callable[[], float] | None = None, seconds: float | None = None,
         pool: MatchPool | None = None) -> Hint | None:
    """The suggested action for ``view`` after about ``simulations`` practice matches
    (``None`` when there is nothing to choose).

    The matches are spent by successive halving: every choice plays an equal share,
    the weaker half is set aside, the rest play on (the same matches, then new ones),
    until two are left -- so close leaders get most of the matches.  A ``default``
    action (what a simple rule would do) is never set aside, and stays the suggestion
    unless another choice wins more often by ``margin`` standard errors.

    With a ``clock`` (and ``seconds``), the search also stops once ``seconds`` have passed
    on it, every choice having played at least :data:`CLOCK_CHUNK` matches, and answers
    from the matches played: a cap for a caller that must answer in time on a busy
    machine.  Without one, the answer depends on the view, the count and the seed only.

    With a ``pool`` (:class:`engine.challengers.hint_pool.HintPool`), each halving round's
    matches are played in slices by its worker processes, with the same answer as without it
    (match ``k`` depends on the seed and ``k`` only); when the workers cannot play, the hint
    plays on in this process.  A hint cancelled on the pool before every choice played
    (:meth:`HintPool.cancel`) answers None.
    """
    choices = candidates(view)
    if len(choices) < 2:
        return None
    deadline = clock() + seconds if clock is not None and seconds is not None else None
    keep_default = next((i for i, (a, _) in enumerate(choices) if a == default), None)
    rounds = max(1, (len(choices) - 1).bit_length())
    wins = [0] * len(choices)
    played = [0] * len(choices)
    active = list(range(len(choices)))
    out: list = []                      # set aside, weakest last
    trials: dict = {}                   # match k's opponent deck and luck, drawn once for all choices

    def rate(i):
        return wins[i] / played[i]

    def play_share(i, share) -> bool:
        """Play choice i's share; False once the clock says stop."""
        if deadline is None or clock is None:
            wins[i] += practice(view, choices[i][1], played[i], played[i] + share, seed, trials)
            played[i] += share
            return True
        while share > 0:
            if played[i] >= CLOCK_CHUNK and clock() >= deadline:
                return False
            n = min(share, CLOCK_CHUNK)
            wins[i] += practice(view, choices[i][1], played[i], played[i] + n, seed, trials)
            played[i] += n
            share -= n
        return True

    number, view_bytes = (pool.begin(), pickle.dumps(view)) if pool is not None else (0, b"")

    def play_pooled(share) -> bool | None:
        """The round's shares on the pool's workers: False once the clock says stop (None: the
        workers cannot play)."""
        assert pool is not None
        stop_now = (lambda: clock() >= deadline) if clock is not None and deadline is not None else None
        try:
            round_wins, n = pool.play_round(number, view_bytes, seed, active, played[active[0]], share, stop_now)
        except PoolBroken:
            return None
        for i, w in zip(active, round_wins):
            wins[i] += w
            played[i] += n
        return n == share

    in_time = True
    while in_time:
        share = max(1, simulations // (rounds * len(active)))
        pooled = play_pooled(share) if pool is not None else None
        if pooled is not None:
            in_time = pooled
        else:
            pool = None         # the workers could not play: this round and the next ones here
            for i in active:
                # out of time, the others still play their first chunk: every choice gets a rate
                in_time = play_share(i, share if in_time else min(share, CLOCK_CHUNK - played[i])) and in_time
        if min(played[i] for i in active) == 0:        # cancelled on the pool
            return None
        active.sort(key=lambda i: (-rate(i), i))
        if len(active) <= 2:
            break
        keep = (len(active) + 1) // 2
        stay = active[:keep]
        if keep_default is not None and keep_default not in stay:
            stay = active[:keep - 1] + [keep_default]
        out = [i for i in active if i not in stay] + out
        active = stay
    order = active + out
    if keep_default is not None and order[0] != keep_default:
        b, d = order[0], keep_default
        se = ((rate(b) * (1 - rate(b))) / played[b] + (rate(d) * (1 - rate(d))) / played[d]) ** 0.5
        if rate(b) - rate(d) <= margin * se:
            order.remove(d)
            order.insert(0, d)
    records = tuple((choices[i][0], wins[i], played[i]) for i in order)
    best, runner = records[0], records[1]
    reason = (f"{label(view, best[0])}: wins {100 * best[1] / best[2]:.0f} % of {best[2]} practice matches "
              f"vs {100 * runner[1] / runner[2]:.0f} % ({label(view, runner[0])})")
    return Hint(best[0], reason, records)


# ---------------------------------------------------------------------------- the bot

def _same_choice(view: DeckView, action: tuple) -> tuple:
    """``action`` as :func:`candidates` lists it (a card by the first copy of its id)."""
    if action[0] == "pick":
        cid = view.drawn[action[1]].id
        return ("pick", next(i for i, c in enumerate(view.drawn) if c.id == cid))
    if action[0] == "remove":
        cid = view.deck[action[1]].id
        return ("remove", next(i for i, c in enumerate(view.deck) if c.id == cid))
    return action


class HintSearchPolicy:
    """The search bot for Challengers!, on the contract (:class:`engine.game.Policy`): it
    sees its seat's observations only, remembers the cards it saw the others play, and
    makes every Deck Phase decision by the hint, the greedy bot's choice standing unless
    practice shows a better one (``prior``); match and when-picked choices as the greedy
    bot makes them.

    ``simulations`` is its budget in round-1 practice matches (:func:`matches_for`: later
    rounds get fewer, dearer ones, so every hint costs about the same); the default takes
    about 0.1 s of CPU on the development VM.  With a ``clock``, ``seconds`` caps each hint
    (see :func:`hint`); the bot then plays as fast as the machine lets it, so its choices
    are no longer a function of the seed alone.

    ``matches``, when given, is the number of practice matches of every hint, whatever the
    round (the kiosk's hint on worker processes asks for a fixed count); ``pool`` plays them on
    worker processes (:class:`engine.challengers.hint_pool.HintPool`), with the same choices."""

    name = "search"
    simulations = 1000

    def __init__(self, library, seat: int, seed: int = 0, simulations: int | None = None, prior: bool = True,
                 clock: Callable[[], float] | None = None, seconds: float | None = None,
                 matches: int | None = None, pool: MatchPool | None = None):
        self.library, self.seat, self.prior = library, seat, prior
        if simulations is not None:
            self.simulations = simulations
        self.clock, self.seconds = clock, seconds
        self.matches, self.pool = matches, pool
        self.rng = random.Random(seed)
        self.memory = Memory()
        self.greedy = LegacyPolicy(library, seat, seed, "greedy")
        self.hints: list[Hint] = []           # the hints it followed, for whoever wants to look

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if observation["matches"]:
            self.memory.update(observation)
        fallback = self.greedy.act(observation, legal) if len(legal) > 1 else legal[0]
        if len(legal) < 2:
            return fallback
        view = view_from(observation, self.library, self.memory)
        if view is None:
            return fallback
        default = _same_choice(view, (fallback.kind[5:], *fallback.args)) if self.prior else None
        count = self.matches if self.matches is not None else matches_for(self.simulations, view.round)
        h = hint(view, count, self.rng.randrange(2**31), default=default, clock=self.clock, seconds=self.seconds,
                 pool=self.pool)
        if h is None:
            return fallback
        self.hints.append(h)
        return Action(self.seat, "deck." + h.action[0], tuple(h.action[1:]))


def policy_factory(simulations: int | None = None, clock: Callable[[], float] | None = None,
                   seconds: float | None = None) -> Callable[[Any, int, int], HintSearchPolicy]:
    """``(library, seat, seed) -> HintSearchPolicy``, as ``GAME.policies`` holds bots."""
    def make(library, seat: int, seed: int) -> HintSearchPolicy:
        return HintSearchPolicy(library, seat, seed, simulations, clock=clock, seconds=seconds)
    return make


class LegacyHintSearchPolicy(Policy):
    """:class:`HintSearchPolicy` for the tournament-level drivers
    (:func:`engine.challengers.policies.run_tournament`, the kiosk's bots): each turn it
    is handed its seat's observation and legal actions only, never the tournament."""

    name = "search"

    def __init__(self, seed=0, simulations: int | None = None, prior: bool = True,
                 clock: Callable[[], float] | None = None, seconds: float | None = None):
        super().__init__(seed)
        self._seed, self._simulations, self._prior = seed, simulations, prior
        self._clock, self._seconds = clock, seconds
        self.bot: HintSearchPolicy | None = None

    def act(self, t, who):
        seat = who[1] if who[0] == "deck" else who[2]
        if self.bot is None:
            self.bot = HintSearchPolicy(t.library, seat, self._seed, self._simulations, self._prior,
                                        self._clock, self._seconds)
        legal = ChallengersState(None, t).legal_actions(seat)
        return to_tuple(t, self.bot.act(observe(t, seat), legal))
