"""The Deck Phase hint: which choice makes the deck that wins the most practice matches.

At a Deck Phase decision (which option to draft, which drawn card to pick,
whether to redraw, which card to remove or to stop), each choice the player
has is turned into the deck it leads to, and that deck plays practice
matches against what the next opponent plausibly holds.  The choice whose
deck wins most is suggested, with a one-line reason ("wins 62 % of 400
practice matches vs 48 %").

It is a determinization search specialised to the Deck Phase: what the
player cannot see is *sampled*, never read --

* the opponent's deck is the deck they left their last match with (the table
  saw it played), plus, while they draft this round, a plausible draft: the
  greedy bot's choice from cards drawn at random from what the player knows
  may still be in the level piles;
* the Robot's deck is its level's rule deck with its face-down R cards drawn
  at random from the R cards the set-up allows;
* a draft or a redraw not yet made is a random draw from the same piles.

Only :func:`view_for` reads a tournament, and it keeps what the player may
see (their own deck and draw, the public set-up, the opponents' decks as
last played); :func:`hint` then works on that :class:`DeckView` alone.  Both
are pure: the caller chooses the number of practice matches from a rate it
measured (``simulations = rate * seconds``); no clock is read here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Sequence

from engine.challengers.deckphase import OPTION, PICK, REMOVE, DONE
from engine.challengers.match import Match, play
from engine.challengers.piles import PileReserve
from engine.challengers.policies import LEVEL_VALUE, GreedyPolicy, Policy, card_value
from engine.challengers.tournament import FINAL_DECK

__all__ = ["DeckView", "Opponent", "Hint", "view_for", "candidates", "hint", "SearchPolicy"]


@dataclass(frozen=True)
class Opponent:
    """How the next opponent's deck is guessed: ``known`` cards, plus a draft from
    ``options`` (empty: none this round), plus ``hidden_count`` cards drawn from
    ``hidden_from`` (the Robot's face-down R cards)."""

    known: tuple
    options: tuple = ()
    hidden_from: tuple = ()
    hidden_count: int = 0

    def sample(self, view: "DeckView", rng: random.Random) -> list:
        deck = list(self.known)
        if self.options:
            opt = max(self.options, key=lambda o: o.pick * LEVEL_VALUE[o.level] + o.fans)
            deck += _greedy_draft(view, opt.level, opt.pick, deck, rng)
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


# ---------------------------------------------------------------------------- from a tournament

def view_for(t, player: int) -> DeckView | None:
    """What ``player`` sees of their Deck Phase in tournament ``t`` (``None``: no decision).

    Nothing here reads what the player may not see: the other player's picks of this
    round are taken *out* of their deck (what is left is the deck they left their last
    match with), and the piles are known only as the cards of the sets in play less
    the cards the player can see.
    """
    dp = t.deck_phases.get(player)
    if dp is None or dp.stage not in (OPTION, PICK, REMOVE):
        return None
    me = t.players[player]
    if t.phase == FINAL_DECK:
        a, b = t.finalists
        opp_index = b if player == a else a
    else:
        opp_index = next((d if l == player else l) for _, l, d in t.pairings(t.round) if player in (l, d))
    opp = t.players[opp_index]
    cat, rules = t.library.catalogue, t.rules
    if opp.robot:
        base = [cat.card(c) for c in rules.robot_deck]
        hidden = 0
        for card_id, how_many in rules.robot_replace[:t.setup.robot_level - 1]:
            base.remove(cat.card(card_id))
            hidden += how_many
        r_cards = [c for c in cat.sets["robot"].cards if c.level == "R" or (t.setup.solo_cards and c.level == "SOLO")]
        opponent = Opponent(tuple(base), (), tuple(r_cards), hidden)
    else:
        known = list(opp.deck)
        odp = t.deck_phases.get(opp_index)
        if odp is not None:
            # Undo this round's Deck Phase of the opponent: the player has not seen it.
            known.extend(ct for ct, _ in odp.removed)
            for ct in odp.picked:
                known.remove(ct)
        opponent = Opponent(tuple(known), tuple(odp.options) if odp is not None and odp.stage != DONE else ())
    seen = list(dp.deck) + list(dp.drawn)
    pool = {}
    for lv in "ABC":
        cards = [ct for sid in t.set_ids for ct in cat.sets[sid].cards if ct.level == lv for _ in range(ct.copies)]
        for ct in seen:
            if ct.level == lv and ct in cards:
                cards.remove(ct)
        pool[lv] = tuple(cards)
    round_no = min(t.round, rules.rounds)
    if t.round == 1 or me.best_trophy_round == opp.best_trophy_round:
        beginner = None
    else:
        beginner = 0 if me.best_trophy_round > opp.best_trophy_round else 1
    return DeckView(
        round=round_no, stage=dp.stage, deck=tuple(dp.deck), options=tuple(dp.options), drawn=tuple(dp.drawn),
        picks_left=dp.picks_left, can_redraw=dp.can_redraw(),
        level=dp.option.level if dp.option is not None else None, pool=pool, opponent=opponent, beginner=beginner,
        fans=(me.fans + dp.fans, opp.fans if t.two_player else me.fans + dp.fans),
        trophies=(len(me.trophies), len(opp.trophies)), lost_previous=(me.lost_previous, opp.lost_previous),
        icons_in_play=t.icons_in_play)


# ---------------------------------------------------------------------------- the choices

def _worth(ct, round_no, names) -> float:
    """The greedy bot's taste: a card's value, better when its name is already in the deck."""
    return card_value(ct, round_no) + (1.5 if ct.name in names else 0.0)


def _best(cards, k, round_no, deck) -> list:
    names = {c.name for c in deck}
    return sorted(cards, key=lambda c: -_worth(c, round_no, names))[:k]


def _greedy_draft(view: DeckView, level: str, pick: int, deck, rng: random.Random, exclude=()) -> list:
    pool = view.pool.get(level, ())
    if exclude:
        pool = list(pool)
        for ct in exclude:
            if ct in pool:
                pool.remove(ct)
    drawn = rng.sample(pool, min(5, len(pool)))
    return _best(drawn, pick, view.round, deck)


def candidates(view: DeckView) -> list:
    """[(action, deck maker)]: each Deck Phase action the hint weighs, and a function
    ``rng -> deck`` giving the deck it leads to (a draw not yet made is sampled)."""
    deck, r = list(view.deck), view.round
    out = []
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
            out.append((("redraw",), lambda rng: deck + _greedy_draft(view, view.level, view.picks_left, deck, rng,
                                                                      exclude=view.drawn)))
    elif view.stage == REMOVE:
        out.append((("done",), lambda rng: deck))
        first = {}
        for i, ct in enumerate(deck):
            first.setdefault(ct.id, i)
        if len(deck) > 1:
            for card_id, i in first.items():
                out.append((("remove", i), lambda rng, i=i: deck[:i] + deck[i + 1:]))
    return out


# ---------------------------------------------------------------------------- practice matches

@lru_cache(maxsize=4096)
def _pile_need(ct) -> dict:
    need = {}
    for e in ct.effects:
        if e.do == "move" and e.src and e.src.startswith("pile-"):
            need[e.src[5:]] = need.get(e.src[5:], 0) + 2 * e.count
    return need


def _reserve(view: DeckView, decks, rng: random.Random) -> PileReserve | None:
    need = {}
    for deck in decks:
        for ct in deck:
            for lv, n in _pile_need(ct).items():
                need[lv] = need.get(lv, 0) + n
    if not need:
        return None
    return PileReserve({lv: rng.sample(view.pool.get(lv, ()), min(n, len(view.pool.get(lv, ()))))
                        for lv, n in need.items()})


_choose = GreedyPolicy(0).choose


def practice(view: DeckView, make_deck: Callable, start: int, stop: int, seed: int) -> int:
    """How many of the practice matches ``start`` to ``stop - 1`` the deck ``make_deck``
    gives wins.

    Match ``k`` meets the same opponent deck and the same shuffle seed for every choice
    weighed with the same ``seed`` (common random numbers: the choices are compared on
    the same luck, so a smaller difference stands out)."""
    wins = 0
    opponent, beginner, round_no = view.opponent, view.beginner, view.round
    fans, trophies, lost, icons = view.fans, view.trophies, view.lost_previous, view.icons_in_play
    for k in range(start, stop):
        luck = random.Random(seed * 1_000_003 + k)
        theirs = opponent.sample(view, luck)
        match_seed = luck.getrandbits(64)
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


def hint(view: DeckView, simulations: int, seed: int = 0) -> Hint | None:
    """The suggested action for ``view`` after about ``simulations`` practice matches
    (``None`` when there is nothing to choose).

    The matches are spent by successive halving: every choice plays an equal share,
    the weaker half is set aside, the rest play on (the same matches, then new ones),
    until one is left -- so close leaders get most of the matches.
    """
    choices = candidates(view)
    if len(choices) < 2:
        return None
    rounds = max(1, (len(choices) - 1).bit_length())
    wins = [0] * len(choices)
    played = [0] * len(choices)
    active = list(range(len(choices)))
    out: list = []                      # set aside, weakest last
    while True:
        share = max(1, simulations // (rounds * len(active)))
        for i in active:
            wins[i] += practice(view, choices[i][1], played[i], played[i] + share, seed)
            played[i] += share
        active.sort(key=lambda i: (-wins[i] / played[i], i))
        if len(active) <= 2:
            break
        keep = (len(active) + 1) // 2
        out = active[keep:] + out
        active = active[:keep]
    order = active + out
    records = tuple((choices[i][0], wins[i], played[i]) for i in order)
    best, runner = records[0], records[1]
    reason = (f"{label(view, best[0])}: wins {100 * best[1] / best[2]:.0f} % of {best[2]} practice matches "
              f"vs {100 * runner[1] / runner[2]:.0f} % ({label(view, runner[0])})")
    return Hint(best[0], reason, records)


# ---------------------------------------------------------------------------- the bot

class SearchPolicy(Policy):
    """The search bot for Challengers!: every Deck Phase decision by the hint at a fixed
    number of practice matches (about 0.3 s on the development machine at the default),
    match choices and when-picked choices as the greedy bot makes them."""

    name = "search"
    simulations = 1200

    def __init__(self, seed=0, simulations: int | None = None):
        super().__init__(seed)
        if simulations is not None:
            self.simulations = simulations
        self._greedy = GreedyPolicy(seed)

    def deck_action(self, t, dp):
        view = view_for(t, dp.player)
        if view is not None:
            h = hint(view, self.simulations, self.rng.randrange(2**31))
            if h is not None:
                return h.action
        return self._greedy.deck_action(t, dp)
