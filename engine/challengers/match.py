"""The Match Phase: two decks, one flag, until one player wins.

The rules as the engine plays them (``shared/spec/challengers.md``):

1. Both decks are shuffled.  Round 1, and any tie, a flag toss picks who
   begins; otherwise the caller names the beginner.
2. The beginner reveals their top card; it takes the flag.  Its effect
   resolves.
3. The other player attacks: one card at a time, comparing after each the
   attack total with the total of the card in flag possession.  At equal or
   greater the attack stops: the last card revealed takes the flag and the
   other attackers slide under it.  Never a card more than needed.
4. The capture: the old holder's flag-loss effects resolve; the flag goes on
   the attacker's latest card, whose "takes the flag" effects resolve at
   once; then the card that lost the flag, and every card under it, go onto
   its owner's bench, cards of one name on one seat (only now can that bench
   overflow).
5. Roles swap; repeat.
6. A player wins when the opponent, attacking, runs out of cards before
   reaching the total, or must bench cards and has no free seat for them.
   A player who must reveal with no card left (to begin or to attack) loses:
   an attacker at once; a beginner with an empty deck when they reveal, so
   that every match, even one lost before its first card, is played by at
   least one action.

Players are numbered 0 and 1.  Card *instances* are numbered too: each
physical card in the match has an index into ``types`` (its
:class:`~engine.challengers.cards.CardType`) and ``owner``.  Decks are lists
whose *end* is the top.

Actions: :meth:`Match.toss`, :meth:`Match.reveal`, :meth:`Match.choose`, or
:meth:`Match.apply` with a tuple (``("toss",)``, ``("reveal", p)``,
``("choose", p, i)``).  Each returns the events it caused when the match
records events (``log`` is a list) and checks the action first: an illegal
one raises :class:`~engine.IllegalAction` and changes nothing.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations, permutations, product
from types import MethodType

from engine.challengers.shuffling import generator_in_state, randbelow, seeded
from engine.challengers.shuffling import shuffle as shuffle_in_place
from engine.choices import Choice
from engine.errors import IllegalAction
from engine.events import Event

BENCH_SEATS = 6

# What the match waits for.
TOSS, REVEAL, CHOOSE, OVER = "toss", "reveal", "choose", "over"
# The values of Match.expect that play sets at every step, made once: a tuple built per
# reveal and per step was a measurable part of a compiled match (an allocation and a free).
_BUSY = (None, None)
_OVER = (OVER, None)
_REVEAL_BY = ((REVEAL, 0), (REVEAL, 1))
# The generator class, read once (compiled, a module global is cheaper than an attribute of
# the random module at every match).
_Random = random.Random

# Roles a card's power is computed in.
ATTACK, POSSESSION = "attack", "possession"

# Why a match ended.
OUT_OF_CARDS = "out-of-cards"      # a player had to reveal and had no card left
BENCH_FULL = "bench-full"          # the loser had to bench cards and had no seat
CARD_EFFECT = "card-effect"        # a card said its owner loses (Zeppelin, Troll)


# What an effect does, as a number: compiled, play compares C integers where it compared names.
_DO_OTHER, _DO_POWER, _DO_FANS, _DO_NEXT_CARD, _DO_MOVE, _DO_ARRANGE, _DO_LOSE = range(7)
_DO_CODES = {"power": _DO_POWER, "fans": _DO_FANS, "next-card": _DO_NEXT_CARD, "move": _DO_MOVE,
             "arrange": _DO_ARRANGE, "lose": _DO_LOSE}
# When a bench bonus counts.
_DURING_OTHER, _DURING_ALWAYS, _DURING_ATTACK, _DURING_POSSESSION = range(4)
_DURING_CODES = {"always": _DURING_ALWAYS, "attack": _DURING_ATTACK, "possession": _DURING_POSSESSION}
# The counters (cards.COUNTERS) as numbers, in the order Match.count tests them; _C_NONE: no counter.
_COUNTER_NAMES = ("bench-cards", "empty-seats", "deck-cards", "fans", "trophies", "opponent-trophies",
                  "exhaust-cards", "opponent-exhaust-cards", "cards-below", "lost-previous-match",
                  "bench-powers", "bench-icons", "chosen-seat")
(_C_BENCH_CARDS, _C_EMPTY_SEATS, _C_DECK_CARDS, _C_FANS, _C_TROPHIES, _C_OPPONENT_TROPHIES, _C_EXHAUST_CARDS,
 _C_OPPONENT_EXHAUST_CARDS, _C_CARDS_BELOW, _C_LOST_PREVIOUS, _C_BENCH_POWERS, _C_BENCH_ICONS,
 _C_CHOSEN_SEAT) = range(13)
_C_NONE = -1
_C_UNKNOWN = -2
_COUNTER_CODES = {name: i for i, name in enumerate(_COUNTER_NAMES)}
# Where a move effect takes cards from: the card itself, a level pile, or a zone of a player.
_FROM_SELF, _FROM_PILE, _FROM_ZONE = 0, 1, 2


def _counter_code(name) -> int:
    if name is None:
        return _C_NONE
    return _COUNTER_CODES.get(name, _C_UNKNOWN)


class _Fx:
    """One effect as play reads it: its action, counter and timing as numbers, its amounts as
    integers, a move's zones worked out (compiled, a fixed struct: ``match.pxd``).  Made once
    per effect; ``effect`` is the card's own :class:`~engine.challengers.cards.Effect`, what the
    agenda, a pending choice's answer and an observation hold."""

    __slots__ = ("amount", "bonus_if_done", "cond_counter", "cond_filter", "cond_max", "cond_min", "count",
                 "do", "dst", "during", "during_name", "effect", "filter", "from_opponent", "has_cond",
                 "has_max", "has_min", "lowest_power", "may", "move_dst", "move_kind", "move_src",
                 "move_where", "per", "per_n", "seat_unit", "to_opponent", "up_to")

    def __init__(self, e):
        self.effect = e
        self.do = _DO_CODES.get(e.do, _DO_OTHER)
        self.amount, self.per_n, self.count, self.bonus_if_done = e.amount, e.per_n, e.count, e.bonus_if_done
        self.per = _counter_code(e.per)
        self.filter = e.filter
        self.during_name = e.during
        self.during = _DURING_CODES.get(e.during, _DURING_OTHER) if e.during is not None else _DURING_OTHER
        self.up_to, self.may, self.seat_unit = bool(e.up_to), bool(e.may), e.unit == "seat"
        self.lowest_power = e.filter is not None and bool(e.filter.lowest_power)
        cond = e.cond
        self.has_cond = cond is not None
        self.cond_counter = _counter_code(cond.counter) if cond is not None else _C_NONE
        self.cond_filter = cond.filter if cond is not None else None
        self.has_min = cond is not None and cond.min is not None
        self.has_max = cond is not None and cond.max is not None
        self.cond_min = cond.min if self.has_min else 0
        self.cond_max = cond.max if self.has_max else 0
        self.dst = e.dst
        # A move's zones, worked out here, not tested with startswith at every move: from
        # (as written), to less "opponent-", from and to the opponent, the pile's level or the
        # zone less "opponent-", and _FROM_*.
        self.move_src, self.move_dst, self.move_where = e.src, None, None
        self.from_opponent = self.to_opponent = False
        self.move_kind = _FROM_ZONE
        if self.do == _DO_MOVE:
            src, dst = e.src, e.dst[0]
            self.to_opponent = dst.startswith("opponent-")
            self.move_dst = dst[9:] if self.to_opponent else dst
            if src == "self":
                self.move_kind, self.move_where = _FROM_SELF, src
            elif src.startswith("pile-"):
                self.move_kind, self.move_where = _FROM_PILE, src[5:]
            else:
                self.move_where = src
                if src.startswith("opponent-"):
                    self.from_opponent, self.move_where = True, src[9:]


# Each effect's _Fx, by the effect's id; the entry keeps the effect (its ``effect``), so the id
# stays its own.
_FX: dict = {}


def _fx_of(e) -> _Fx:
    fx = _FX.get(id(e))
    if fx is None or fx.effect is not e:
        fx = _FX[id(e)] = _Fx(e)
    return fx


class _Hot:
    """What play reads of a card type again and again, copied once per type: compiled, a
    fixed struct (``match.pxd``) read without attribute lookups on the card type.  The
    effects that play calls directly are rows of :class:`_Fx`; those that go on the agenda
    (flag loss, taking the flag, a reveal without it) stay the card's effects."""

    __slots__ = ("attack_fx", "bench_fx", "bench_to", "double_seat", "doubles_bonuses", "on_flag_loss",
                 "on_no_flag_win", "on_takes_flag", "possession_fx", "power", "reveal_fx", "round_power",
                 "seat_key")

    def __init__(self, ct):
        self.power, self.round_power, self.doubles_bonuses = ct.power, ct.round_power, ct.doubles_bonuses
        self.reveal_fx = tuple([_fx_of(e) for e in ct.on_reveal])
        self.attack_fx = tuple([_fx_of(e) for e in ct.on_attack])
        self.possession_fx = tuple([_fx_of(e) for e in ct.on_possession])
        self.bench_fx = tuple([_fx_of(e) for e in ct.on_bench])
        self.on_takes_flag, self.on_flag_loss, self.on_no_flag_win = ct.on_takes_flag, ct.on_flag_loss, ct.on_no_flag_win
        # Interned, as every Seat's key is: a look along a bench compares identities.
        self.bench_to, self.seat_key, self.double_seat = ct.bench_to, sys.intern(ct.seat_key), ct.double_seat


# Card types are immutable: each one's _Hot, made when first met.
_HOT: dict = {}


def _hot(ct) -> _Hot:
    h = _HOT.get(ct)
    if h is None:
        h = _HOT[ct] = _Hot(ct)
    return h


# Each filter's answers by card type: filter -> {card type: bool}.  Filters and card types
# hash by identity, so an answer is two dict lookups, without an attribute read on either.
_PASSES: dict = {}


def _passes(flt, ct) -> bool:
    """``flt(ct)``, remembered here per filter and card type (the filter's own memo is keyed
    by the card's uid, an attribute to read)."""
    hits = _PASSES.get(flt)
    if hits is None:
        hits = _PASSES[flt] = {}
    hit = hits.get(ct)
    if hit is None:
        hit = hits[ct] = flt(ct)
    return hit


def _any_passes(flt, types, cards) -> bool:
    """Whether any of the instances ``cards`` passes the filter ``flt``."""
    for c in cards:
        if flt(types[c]):
            return True
    return False


class Seat:
    """One bench seat: cards of one name (``key``), ``width`` seats wide.

    The key is interned (as a card's seat key in its ``_Hot`` is): two seats of one name
    hold the same string object, so benching compares keys by identity."""

    __slots__ = ("cards", "key", "width")

    def __init__(self, key, cards, width=1):
        self.key, self.cards, self.width = sys.intern(key), cards, width

    def copy(self):
        s = Seat.__new__(Seat)
        s.key, s.cards, s.width = self.key, list(self.cards), self.width
        return s

    def __repr__(self):
        return f"Seat({self.key!r}, {self.cards}, {self.width})"


class Side:
    """One player's half of the park."""

    __slots__ = ("aura_bonus", "auras", "bench", "deck", "exhaust", "fans", "lost_previous", "name",
                 "next_bonus", "park", "trophies")

    def __init__(self, name="", fans=0, trophies=0, lost_previous=False):
        self.name = name
        self.deck: list[int] = []        # end of the list is the top
        self.bench: list[Seat] = []
        self.exhaust: list[int] = []
        self.park: list[int] = []        # cards revealed; the last one holds the flag
        self.fans = fans                 # fan tokens (never trophies)
        self.trophies = trophies
        self.lost_previous = lost_previous
        self.next_bonus: list = []       # (amount, during) waiting for the next card
        self.auras = None                # cache of bench bonuses, None = stale
        self.aura_bonus = None           # card type -> (attack, possession) bonus; reset with auras

    def copy(self):
        s = Side.__new__(Side)
        s.name = self.name
        s.deck = list(self.deck)
        s.bench = [seat.copy() for seat in self.bench]
        s.exhaust = list(self.exhaust)
        s.park = list(self.park)
        s.fans, s.trophies, s.lost_previous = self.fans, self.trophies, self.lost_previous
        s.next_bonus = list(self.next_bonus)
        s.auras = self.auras
        # Shared until either bench changes: an entry depends only on the bench it was made for.
        s.aura_bonus = self.aura_bonus
        return s

    def seats_used(self) -> int:
        used = 0
        for seat in self.bench:
            used += seat.width
        return used


class Match:
    """One match between two players at one park.

    ``decks`` are two lists of card types, top card first (as a person reads
    a deck list).  ``beginner`` is 0 or 1, or ``None`` for a flag toss.
    ``rng`` is the match's own seeded generator; ``piles`` the level piles
    that cards such as the Villain draw from (``None``: those effects find
    nothing).  ``round`` feeds the Cyborg's power.  ``icons_in_play`` are the
    set icons of the game's sets, which a Rainbow card carries (``None``: each
    Rainbow card's own default, its box's first game).
    """

    def __init__(self, decks, *, rng: random.Random | int = 0, beginner=None, round=1, shuffle=True,
                 piles=None, names=("a", "b"), fans=(0, 0), trophies=(0, 0), lost_previous=(False, False),
                 icons_in_play=None, record=True):
        self.rng = rng if isinstance(rng, _Random) else seeded(rng)
        self.round = round
        self.piles = piles
        self.log: list[Event] | None = [] if record else None
        self.types: list = []
        self.owner: list[int] = []
        self.kept: list[int] = []          # immediate bonuses a card keeps while in play (set below)
        self.attack_bonus: dict = {}       # inst -> bonus that ends with the attack
        self.sides = [Side(names[i], fans[i], trophies[i], lost_previous[i]) for i in (0, 1)]
        self._hots_list: list = []
        self._hots_types: list | None = None
        _lay_out_decks(self, decks, shuffle)     # sets types, owner, kept, the sides' decks, the _Hots
        self.icons_in_play = icons_in_play
        self.holder = None                 # who holds the flag
        self.flag_card = None              # the card in flag possession
        self.attacker = None
        self.attack: list[int] = []        # cards revealed in the current attack
        self.attacked_by = 0               # cards that attacked the current flag card
        self.agenda: list = []             # steps still to resolve, last first
        self.pending: Choice | None = None
        # What answers the pending choice: (handler, args); called as handler(*args, option).
        self._pending_ctx: tuple[MethodType, tuple] | None = None
        self.removed: list = []            # (inst, "discard"|"box") cards taken out of the deck
        self.winner: int | None = None
        self.reason: str | None = None
        self.reveals = 0
        # Where the match sits in a tournament (set by match_from_spec): the
        # players' indices (light, dark), the park, and the spec it was built from.
        self.players = (0, 1)
        self.park = None
        self._spec = None
        self._spec_maker = None
        # What the match waits for: (TOSS, None), (REVEAL, player), (CHOOSE, player) or (OVER, None);
        # (None, None) while a step runs.
        self.expect: tuple[str | None, int | None] = (TOSS, None)
        if beginner is not None:
            self._begin(beginner)

    def place(self, p, ct, zone):
        """Put a new card of type ``ct`` for player ``p`` into ``zone`` ("bench",
        "exhaust", "deck-top", "deck-bottom") before play: a set position, as
        a puzzle or a test starts from.  Returns the card's instance number."""
        if self.reveals:
            raise IllegalAction("cards are placed before the first reveal")
        inst = self._new_instance(ct, p)
        self._put(inst, zone, p)
        return inst

    # ------------------------------------------------------------------ copies
    def copy(self, record=False) -> Match:
        """A cheap independent copy (for bots that look ahead)."""
        m = Match.__new__(Match)
        m.rng = generator_in_state(self.rng.getstate())
        m.round, m.piles = self.round, (self.piles.copy() if self.piles is not None else None)
        m.log = [] if record else None
        m.types, m.owner, m.kept = list(self.types), list(self.owner), list(self.kept)
        if self._hots_types is self.types:
            m._hots_list, m._hots_types = list(self._hots_list), m.types
        else:
            m._hots_list, m._hots_types = [], None
        m.attack_bonus = dict(self.attack_bonus)
        m.sides = [s.copy() for s in self.sides]
        m.icons_in_play = self.icons_in_play
        m.holder, m.flag_card, m.attacker = self.holder, self.flag_card, self.attacker
        m.attack = list(self.attack)
        m.attacked_by = self.attacked_by
        # Steps still to resolve and the pending choice's handler are methods of
        # this match: the copy gets the same steps bound to itself.
        m.agenda = [(MethodType(step[0].__func__, m), *step[1:]) for step in self.agenda] if self.agenda else []
        m.pending = self.pending
        if self._pending_ctx is None:
            m._pending_ctx = None
        else:
            handler, args = self._pending_ctx
            m._pending_ctx = (MethodType(handler.__func__, m), args)
        m.removed = list(self.removed)
        m.winner, m.reason, m.reveals, m.expect = self.winner, self.reason, self.reveals, self.expect
        m.players, m.park, m._spec, m._spec_maker = self.players, self.park, self._spec, self._spec_maker
        return m

    @property
    def spec(self):
        """The plain description of this match that :func:`~.tournament.match_from_spec`
        builds it again from (``None``: a match made otherwise)."""
        if self._spec is None and self._spec_maker is not None:
            self._spec = self._spec_maker()
            self._spec_maker = None
        return self._spec

    @spec.setter
    def spec(self, spec):
        self._spec, self._spec_maker = spec, None

    def spec_from(self, maker):
        """Set the spec to ``maker()``, called when the spec is first read: a tournament plays
        most of its matches without anyone reading them."""
        self._spec, self._spec_maker = None, maker

    def snapshot(self) -> dict:
        """Everything that makes the position, as plain values (to compare two states)."""
        def zone(z):
            return [self.types[c].id for c in z]
        return {
            "sides": [{
                "deck": zone(s.deck), "bench": [(seat.key, zone(seat.cards), seat.width) for seat in s.bench],
                "exhaust": zone(s.exhaust), "park": zone(s.park), "fans": s.fans, "next": list(s.next_bonus),
            } for s in self.sides],
            "holder": self.holder, "flag": self.flag_card, "attack": list(self.attack),
            "kept": list(self.kept), "attack_bonus": dict(self.attack_bonus), "expect": self.expect,
            "pending": self.pending, "agenda": len(self.agenda), "winner": self.winner, "reason": self.reason,
            "rng": self.rng.getstate(), "removed": list(self.removed), "reveals": self.reveals,
        }

    # ------------------------------------------------------------------ helpers
    def _hots(self) -> list:
        """Each card instance's _Hot, in instance order (made again when ``types`` was replaced
        or grew behind the match's back, as a position rebuilt from a view does)."""
        hots = self._hots_list
        if self._hots_types is not self.types or len(hots) != len(self.types):
            hots = self._hots_list = [_hot(ct) for ct in self.types]
            self._hots_types = self.types
        return hots

    def _new_instance(self, ct, owner) -> int:
        if self._hots_types is self.types and len(self._hots_list) == len(self.types):
            self._hots_list.append(_hot(ct))
        self.types.append(ct)
        self.owner.append(owner)
        self.kept.append(0)
        return len(self.types) - 1

    def _emit(self, kind, player=None, card=None, value=None, info=None):
        self.log.append(Event(kind, player, card, value, info))

    def card_id(self, inst) -> str:
        return self.types[inst].id

    @property
    def over(self) -> bool:
        return self.winner is not None

    def base_power(self, inst) -> int:
        ct = self.types[inst]
        return self.round if ct.round_power else ct.power

    # ------------------------------------------------------------------ actions
    def apply(self, action) -> list:
        """Apply ``("toss",)``, ``("reveal", player)`` or ``("choose", player, index)``."""
        if not isinstance(action, (tuple, list)) or not action:
            raise IllegalAction(f"not an action: {action!r}")
        kind = action[0]
        if kind == "toss" and len(action) == 1:
            return self.toss()
        if kind == "reveal" and len(action) == 2:
            return self.reveal(action[1])
        if kind == "choose" and len(action) == 3:
            return self.choose(action[1], action[2])
        raise IllegalAction(f"unknown action {action!r}")

    def toss(self) -> list:
        """Toss the flag: chance picks who begins."""
        if self.expect[0] != TOSS:
            raise IllegalAction("no flag toss now: " + self.describe_expect())
        start = len(self.log) if self.log is not None else 0
        p = randbelow(self.rng, 2)
        if self.log is not None:
            self._emit("toss", p)
        self._begin(p)
        return self.log[start:] if self.log is not None else []

    def _begin(self, p):
        self.attacker = p      # the beginner reveals first; their card takes the flag
        self.expect = (REVEAL, p)
        if self.log is not None:
            self._emit("begin", p)

    def reveal(self, p) -> list:
        """Player ``p`` reveals the top card of their deck; with no card left, ``p`` loses."""
        exp = self.expect
        if exp[0] != REVEAL or exp[1] != p:
            raise IllegalAction(f"player {p!r} cannot reveal now: " + self.describe_expect())
        start = len(self.log) if self.log is not None else 0
        side = self.sides[p]
        if not side.deck:
            # A player who must reveal with no card left loses (the Deck Phase
            # lets a player remove every card; the opening reveal finds none).
            self._finish(1 - p, OUT_OF_CARDS)
            return self.log[start:] if self.log is not None else []
        inst = side.deck.pop()
        self.reveals += 1
        self.kept[inst] = 0
        ct = self.types[inst]
        if self.log is not None:
            self._emit("reveal", p, ct.id, self.base_power(inst))
        side.park.append(inst)
        if side.next_bonus:
            for amount, during in side.next_bonus:
                if during == "attack":
                    self.attack_bonus[inst] = self.attack_bonus.get(inst, 0) + amount
                else:
                    self.kept[inst] += amount
                if self.log is not None:
                    self._emit("bonus", p, ct.id, amount, "next-card")
            side.next_bonus = []
        if self.holder is None:
            # The opening card: its effect, then it takes the flag.
            steps: list = []
            for e in ct.on_reveal:
                steps.append((self._step_effect, e, inst, p))
            steps.append((self._step_take_flag, inst, p))
            for e in ct.on_takes_flag:
                steps.append((self._step_effect, e, inst, p))
            steps.append((self._step_swap, p))
            self.expect = _BUSY
            self._run(steps)
            return self.log[start:] if self.log is not None else []
        else:
            self.attack.append(inst)
            self.attacked_by += 1
            fc = self.flag_card
            hots = self._hots_list
            if self._hots_types is not self.types or len(hots) != len(self.types):
                hots = self._hots()
            h = hots[fc]
            for fx in h.possession_fx:
                if fx.do == _DO_FANS:     # Yeti: a fan for every card that attacks it
                    self._gain_fans(1 - p, fx.amount, self.types[fc].id)
            # The card's reveal effects, then the comparison, called directly; only an
            # effect that stops for a choice, ends the match or starts steps of its own
            # hands what is left to the step loop, below what it started (as the loop
            # would have run them).
            self.expect = _BUSY
            h = hots[inst]
            effects = h.reveal_fx
            n = len(effects)
            k = 0
            while k < n:
                self._do_effect(effects[k], inst, p)
                k += 1
                if self.agenda or self.pending is not None or self.winner is not None:
                    rest = [(self._step_effect, fx.effect, inst, p) for fx in effects[k:]]
                    rest.append((self._step_compare, inst, p))
                    rest.reverse()
                    self.agenda[:0] = rest
                    self._run(())
                    return self.log[start:] if self.log is not None else []
            self._step_compare(inst, p)
            if self.agenda or self.pending is not None:
                self._run(())
            return self.log[start:] if self.log is not None else []

    def choose(self, p, index) -> list:
        """Player ``p`` answers the pending choice with option ``index``."""
        ch, ctx = self.pending, self._pending_ctx
        if ch is None or ctx is None:
            raise IllegalAction("no choice is pending: " + self.describe_expect())
        if ch.player != p:
            raise IllegalAction(f"player {ch.player} must choose, not player {p!r}")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(ch.options):
            raise IllegalAction(f"option {index!r} does not exist (0 to {len(ch.options) - 1})")
        start = len(self.log) if self.log is not None else 0
        handler, args = ctx
        self.pending = self._pending_ctx = None
        self.expect = _BUSY
        if self.log is not None:
            self._emit("chose", p, ch.source, index, ch.options[index])
        handler(*args, ch.options[index])
        self._run(())
        return self.log[start:] if self.log is not None else []

    def legal_actions(self) -> list:
        """Every action the match accepts now."""
        kind, p = self.expect
        if kind == TOSS:
            return [("toss",)]
        if kind == REVEAL:
            return [("reveal", p)]
        ch = self.pending
        if kind == CHOOSE and ch is not None:
            return [("choose", ch.player, i) for i in range(len(ch.options))]
        return []

    def describe_expect(self) -> str:
        kind, p = self.expect
        if kind == TOSS:
            return "waiting for the flag toss"
        if kind == REVEAL:
            return f"waiting for player {p} to reveal"
        ch = self.pending
        if kind == CHOOSE and ch is not None:
            return f"waiting for player {ch.player} to choose"
        return "the match is over"

    # ------------------------------------------------------------------ the step loop
    def _run(self, steps):
        agenda = self.agenda
        if steps:
            agenda.extend(reversed(steps))
        while agenda and self.pending is None and self.winner is None:
            step = agenda.pop()
            # Steps take one to three arguments: called without slicing the tuple.
            n = len(step)
            if n == 4:
                step[0](step[1], step[2], step[3])
            elif n == 3:
                step[0](step[1], step[2])
            elif n == 2:
                step[0](step[1])
            else:
                step[0](*step[1:])
        if self.winner is not None:
            agenda.clear()
            self.expect = _OVER
        elif self.pending is not None:
            self.expect = (CHOOSE, self.pending.player)

    def _ask(self, p, kind, source, options, handler, args, detail=None):
        """Stop until player ``p`` picks one of ``options``; then call handler(*args, option)."""
        if len(options) == 1:
            handler(*args, options[0])
            return
        self.pending = Choice(p, kind, source, tuple(options), detail)
        self._pending_ctx = (handler, args)
        if self.log is not None:
            self._emit("choice", p, source, len(options), kind)

    def _finish(self, winner, reason):
        if self.winner is not None:
            return
        self.winner, self.reason = winner, reason
        self.expect = _OVER
        if self.log is not None:
            self._emit("win", winner, None, None, reason)

    # ------------------------------------------------------------------ power
    def auras(self, p):
        """The bonuses ``p``'s bench gives: each bench card's bench effects (:class:`_Fx`)."""
        side = self.sides[p]
        a = side.auras
        if a is None:
            a = []
            hots = self._hots()
            for seat in side.bench:
                for inst in seat.cards:
                    h = hots[inst]
                    for fx in h.bench_fx:
                        a.append(fx)
            side.auras = a = tuple(a)
            side.aura_bonus = {}
        return a

    def _aura_bonus(self, p, ct, attacking) -> int:
        """What ``p``'s bench adds to a card of type ``ct`` attacking (or in possession).

        The bench changes only at a capture or a move, and a card's type decides which
        bonuses apply to it: both answers are kept per type until the bench changes."""
        side = self.sides[p]
        if side.auras is None:
            self.auras(p)
        if not side.auras:
            return 0
        both = side.aura_bonus.get(ct)
        if both is None:
            att = pos = 0
            for fx in side.auras:
                flt = fx.filter
                if flt is None or _passes(flt, ct):
                    during = fx.during
                    if during == _DURING_ALWAYS:
                        att += fx.amount
                        pos += fx.amount
                    elif during == _DURING_ATTACK:
                        att += fx.amount
                    elif during == _DURING_POSSESSION:
                        pos += fx.amount
            both = side.aura_bonus[ct] = (att, pos)
        return both[0] if attacking else both[1]

    def power(self, inst, role) -> int:
        """A card's total power in ``role`` ("attack" or "possession")."""
        return self._power(inst, role == ATTACK)

    def _power(self, inst, attacking) -> int:
        """:meth:`power`, attacking (``True``) or in possession: play asks with a flag, not
        a role's name to compare."""
        hots = self._hots_list
        if self._hots_types is not self.types or len(hots) != len(self.types):
            hots = self._hots()
        h = hots[inst]
        p = self.owner[inst]
        bonus = self.kept[inst]
        if attacking:
            if self.attack_bonus:
                bonus += self.attack_bonus.get(inst, 0)
            for fx in h.attack_fx:
                bonus += self._fx_amount(fx, inst, p)
        else:
            for fx in h.possession_fx:
                if fx.do == _DO_POWER:
                    bonus += self._fx_amount(fx, inst, p)
        # Most benches lend nothing (their bonuses worked out already, none): no call then.
        side = self.sides[p]
        if side.auras is None or side.auras:
            bonus += self._aura_bonus(p, self.types[inst], attacking)
        if h.doubles_bonuses:
            bonus *= 2
        base = self.round if h.round_power else h.power
        return base + bonus

    def attack_total(self) -> int:
        total = 0
        for i in self.attack:
            total += self._power(i, True)
        return total

    def defense_total(self) -> int:
        return self._power(self.flag_card, False) if self.flag_card is not None else 0

    def power_breakdown(self, inst, role) -> list:
        """[(label, amount), ...] that sums to :meth:`power`, for a screen to show."""
        ct = self.types[inst]
        p = self.owner[inst]
        parts = [("base", self.base_power(inst))]
        if self.kept[inst]:
            parts.append(("kept", self.kept[inst]))
        if role == ATTACK:
            if self.attack_bonus.get(inst):
                parts.append(("attack", self.attack_bonus[inst]))
            for e in ct.on_attack:
                parts.append((ct.id, self._effect_amount(e, inst, p)))
        else:
            for e in ct.on_possession:
                if e.do == "power":
                    parts.append((ct.id, self._effect_amount(e, inst, p)))
        for seat in self.sides[p].bench:
            for b in seat.cards:
                for e in self.types[b].on_bench:
                    if (e.during == "always" or e.during == role) and (e.filter is None or e.filter(ct)):
                        parts.append((self.types[b].id, e.amount))
        if ct.doubles_bonuses:
            parts.append(("double", sum(a for _, a in parts[1:])))
        return [(k, v) for k, v in parts if v or k == "base"]

    # ------------------------------------------------------------------ counters & conditions
    def count(self, counter, p, flt=None, inst=None) -> int:
        """Counter ``counter`` (a name of ``cards.COUNTERS``) for player ``p``."""
        code = _COUNTER_CODES.get(counter)
        if code is None:
            raise ValueError(f"unknown counter {counter}")
        return self._count(code, p, flt, inst)

    def _count(self, counter, p, flt, inst) -> int:
        """:meth:`count` of the counter numbered ``counter`` (``_C_*``)."""
        side = self.sides[p]
        if counter == _C_BENCH_CARDS:
            n = 0
            if flt is None:
                for s in side.bench:
                    n += len(s.cards)
                return n
            types = self.types
            for s in side.bench:
                for c in s.cards:
                    if _passes(flt, types[c]):
                        n += 1
            return n
        if counter == _C_EMPTY_SEATS:
            return BENCH_SEATS - side.seats_used()
        if counter == _C_DECK_CARDS:
            return len(side.deck)
        if counter == _C_FANS:
            return side.fans
        if counter == _C_TROPHIES:
            return side.trophies
        if counter == _C_OPPONENT_TROPHIES:
            return self.sides[1 - p].trophies
        if counter == _C_EXHAUST_CARDS:
            return len(side.exhaust)
        if counter == _C_OPPONENT_EXHAUST_CARDS:
            return len(self.sides[1 - p].exhaust)
        if counter == _C_CARDS_BELOW:
            return self.attack.index(inst) if inst in self.attack else 0
        if counter == _C_LOST_PREVIOUS:
            return 1 if side.lost_previous else 0
        if counter == _C_BENCH_POWERS:
            return len({self.base_power(c) for s in side.bench for c in s.cards})
        if counter == _C_BENCH_ICONS:
            icons = set()
            for s in side.bench:
                for c in s.cards:
                    ct = self.types[c]
                    if ct.all_icons:
                        # A Rainbow card: every icon of the game in play (by default, of
                        # its box's first game; see CardType.icons).
                        icons.update(ct.icons if self.icons_in_play is None else self.icons_in_play)
                    icons.add(ct.set)
            return len(icons)
        name = _COUNTER_NAMES[counter] if 0 <= counter < len(_COUNTER_NAMES) else None
        raise ValueError(f"unknown counter {name}")

    def _fx_holds(self, fx, p, inst) -> bool:
        """Whether the effect row ``fx``'s condition holds (it has one)."""
        n = self._count(fx.cond_counter, p, fx.cond_filter, inst)
        return (not fx.has_min or n >= fx.cond_min) and (not fx.has_max or n <= fx.cond_max)

    def _effect_amount(self, e, inst, p) -> int:
        """The power a ``power`` effect gives now (continuous effects)."""
        return self._fx_amount(_fx_of(e), inst, p)

    def _fx_amount(self, fx, inst, p) -> int:
        """:meth:`_effect_amount` of an effect row."""
        if fx.has_cond and not self._fx_holds(fx, p, inst):
            return 0
        return self._fx_scaled(fx, inst, p)

    def _fx_scaled(self, fx, inst, p) -> int:
        """An effect row's amount, times its counter's count when it has one; its condition
        is the caller's to test."""
        if fx.per == _C_NONE:
            return fx.amount
        return fx.amount * (self._count(fx.per, p, fx.filter, inst) // fx.per_n)

    # ------------------------------------------------------------------ steps
    def _step_effect(self, e, inst, p):
        """Resolve one effect (an ``Effect``: an agenda step) of card ``inst`` owned by ``p``."""
        self._do_effect(_fx_of(e), inst, p)

    def _do_effect(self, fx, inst, p):
        """:meth:`_step_effect` of an effect row: what play calls directly."""
        if fx.has_cond and not self._fx_holds(fx, p, inst):
            return
        do = fx.do
        if do == _DO_POWER:
            if fx.per == _C_CHOSEN_SEAT:
                seats = [tuple(s.cards) for s in self.sides[p].bench]
                if seats:
                    self._ask(p, "seat", self.types[inst].id, seats, self._answer_seat_power, (fx.effect, inst, p))
                return
            # The condition held just now: the amount without testing it again.
            self._add_kept(inst, p, self._fx_scaled(fx, inst, p))
        elif do == _DO_FANS:
            self._gain_fans(p, fx.amount, self.types[inst].id)
        elif do == _DO_NEXT_CARD:
            self.sides[p].next_bonus.append((fx.amount, fx.during_name))
        elif do == _DO_MOVE:
            self._effect_move(fx, inst, p)
        elif do == _DO_ARRANGE:
            self._effect_arrange(fx, inst, p)
        elif do == _DO_LOSE:
            if self.log is not None:
                self._emit("lose", p, self.types[inst].id)
            self._finish(1 - p, CARD_EFFECT)

    def _add_kept(self, inst, p, amount):
        if amount:
            self.kept[inst] += amount
            if self.log is not None:
                self._emit("bonus", p, self.types[inst].id, amount, "kept")

    def _answer_seat_power(self, e, inst, p, option):
        self._add_kept(inst, p, e.amount * len(option))

    def _gain_fans(self, p, n, source):
        if n:
            side = self.sides[p]
            side.fans += n
            if self.log is not None:
                self._emit("fans", p, source, n)

    def _step_compare(self, inst, p):
        att, dfn = self.attack_total(), self.defense_total()
        hots = self._hots_list
        if self._hots_types is not self.types or len(hots) != len(self.types):
            hots = self._hots()
        if self.log is not None:
            self._emit("compare", p, self.types[inst].id, att, dfn)
        if att >= dfn:
            # The capture, in the rulebook's order: the old holder's flag-loss effects; the
            # flag goes on the attacker's latest card (its "takes the flag" effects apply
            # as soon as it is placed) and the other attackers slide under it; only then
            # does the loser bench their cards, so only then can their bench overflow.
            d = 1 - p
            old = self.flag_card
            h = hots[old]
            flag_loss = h.on_flag_loss
            h = hots[inst]
            takes_flag = h.on_takes_flag
            if not flag_loss and not takes_flag and not self.agenda:
                # Nothing can interrupt: resolve the capture straight away (the hot path).
                self._step_flag_lost(old, d)
                self._step_take_flag(inst, p)
                self._step_bench_park(d)
                if self.winner is None:
                    self._step_swap(p)
                return
            steps = [(self._step_flag_lost, old, d)]
            for e in flag_loss:
                steps.append((self._step_effect, e, old, d))
            steps.append((self._step_take_flag, inst, p))
            for e in takes_flag:
                steps.append((self._step_effect, e, inst, p))
            steps.append((self._step_bench_park, d))
            steps.append((self._step_swap, p))
            self.agenda.extend(reversed(steps))
        else:
            h = hots[inst]
            no_flag_win = h.on_no_flag_win
            if not no_flag_win:
                self._step_attack_on(p)
                return
            steps = [(self._step_effect, e, inst, p) for e in no_flag_win]
            steps.append((self._step_attack_on, p))
            self.agenda.extend(reversed(steps))

    def _step_attack_on(self, p):
        side = self.sides[p]
        if not side.deck:
            self._finish(1 - p, OUT_OF_CARDS)
        else:
            self.expect = _REVEAL_BY[p]

    def _step_flag_lost(self, inst, p):
        self.flag_card = None
        if self.log is not None:
            self._emit("flag-lost", p, self.types[inst].id)

    def _step_bench_park(self, p):
        side = self.sides[p]
        cards, side.park = side.park, []
        if cards:
            self._to_bench(p, cards)

    def _step_take_flag(self, inst, p):
        side = self.sides[p]
        # The attackers slide under the last card revealed, which takes the flag.
        self.attack = []
        if self.attack_bonus:
            self.attack_bonus = {}
        self.flag_card, self.holder = inst, p
        self.attacked_by = 0
        if self.log is not None:
            self._emit("flag", p, self.types[inst].id, self._power(inst, False), tuple([self.types[c].id for c in side.park[:-1]]))

    def _step_swap(self, holder):
        other = 1 - holder
        self.attacker = other
        side = self.sides[other]
        if not side.deck:
            self._finish(holder, OUT_OF_CARDS)
        else:
            self.expect = _REVEAL_BY[other]

    # ------------------------------------------------------------------ zones
    def _take_from(self, inst):
        """Lift ``inst`` out of wherever it lies (deck, bench, exhaust, park)."""
        p = self.owner[inst]
        side = self.sides[p]
        for seat_i, seat in enumerate(side.bench):
            if inst in seat.cards:
                seat.cards.remove(inst)
                if not seat.cards:
                    del side.bench[seat_i]
                side.auras = None
                return
        for zone in (side.park, side.deck, side.exhaust):
            if inst in zone:
                zone.remove(inst)
                if zone is side.park and inst in self.attack:
                    self.attack.remove(inst)
                return

    def _put(self, inst, where, p):
        """Put ``inst`` (already lifted) into zone ``where`` of player ``p``."""
        ct = self.types[inst]
        if self.owner[inst] != p:
            self.owner[inst] = p
        side = self.sides[p]
        if where == "exhaust" and ct.exhaust_to:
            where = ct.exhaust_to       # the Dwarf goes back on the deck instead
        if where == "deck-top":
            side.deck.append(inst)
        elif where == "deck-bottom":
            side.deck.insert(0, inst)
        elif where == "exhaust":
            side.exhaust.append(inst)
        elif where == "bench":
            self._to_bench(p, [inst])
            return
        elif where in ("discard", "box"):
            self.removed.append((inst, where))
        if self.log is not None:
            self._emit("move", p, ct.id, None, where)

    def _to_bench(self, p, cards):
        """Bench ``cards`` of player ``p``; no free seat for them loses the match."""
        side = self.sides[p]
        types = self.types
        hots = self._hots_list
        if self._hots_types is not self.types or len(hots) != len(self.types):
            hots = self._hots()
        bench = side.bench
        # Cards that never sit on a bench (Backpacker, Cabbage) go first, where their text
        # sends them; the others are benched below.  Such cards are rare: without one, the
        # cards benched are ``cards`` itself, no list of their own to make.
        placed = cards
        for inst in cards:
            h = hots[inst]
            if h.bench_to:
                placed = []
                for c in cards:
                    h = hots[c]
                    if h.bench_to:
                        self._put(c, h.bench_to, p)
                    else:
                        placed.append(c)
                break
        need = 0
        # The names that need a new seat, when any does: a short list, cheaper to fill and to
        # look along than a dict.
        new_keys = None
        auras_change = False   # whether a card with a bench bonus joins the bench
        for inst in placed:
            h = hots[inst]
            if h.bench_fx:
                auras_change = True
            key = h.seat_key
            if new_keys is not None and key in new_keys:
                continue
            # A bench has at most six seats, one per name: a look along it beats a dict.
            for seat in bench:
                if seat.key is key:
                    break
            else:
                if new_keys is None:
                    new_keys = []
                new_keys.append(key)
                need += 2 if h.double_seat else 1
        if not placed:
            return
        if need and side.seats_used() + need > BENCH_SEATS:
            if self.log is not None:
                self._emit("bench-full", p, None, need)
            # The cards stay where they were shown; the match is lost.
            for c in placed:
                if c not in side.park:
                    side.park.append(c)
            # Room for one seat per name but not for a Troll's second seat: the Troll's text loses it.
            single = side.seats_used() + len(new_keys) <= BENCH_SEATS
            self._finish(1 - p, CARD_EFFECT if single else BENCH_FULL)
            return
        for inst in placed:
            h = hots[inst]
            key = h.seat_key
            for seat in bench:
                if seat.key is key:
                    seat.cards.append(inst)
                    break
            else:
                # The key is already interned (_Hot): the seat is made without __init__.  The
                # first card of a new name opens its seat, in the order the width was counted.
                seat = Seat.__new__(Seat)
                seat.key, seat.cards, seat.width = key, [inst], 2 if h.double_seat else 1
                bench.append(seat)
            if self.log is not None:
                self._emit("bench", p, types[inst].id)
        # Cards without a bench bonus leave the bench's bonuses (and the totals worked out
        # from them) as they were: most captures bench only such cards.
        if auras_change:
            side.auras = None

    # ------------------------------------------------------------------ move
    def _effect_move(self, fx, inst, p):
        src, dst, kind = fx.move_src, fx.move_dst, fx.move_kind
        tp = 1 - p if fx.to_opponent else p
        source = self.types[inst].id
        if kind == _FROM_SELF:
            if self._lies_in_play(inst):
                self._take_from(inst)
                self._put(inst, dst, tp)
            return
        if kind == _FROM_PILE:
            if self.piles is None:
                return
            level = fx.move_where
            for _ in range(fx.count):
                ct = self.piles.draw(level, self.rng)
                if ct is None:
                    break
                new = self._new_instance(ct, tp)
                if self.log is not None:
                    self._emit("draw", tp, ct.id, None, src)
                self._put(new, dst, tp)
            return
        owner = 1 - p if fx.from_opponent else p
        src = fx.move_where
        side = self.sides[owner]
        if src in ("deck-top", "deck-bottom"):
            for _ in range(fx.count):
                if not side.deck:
                    break
                c = side.deck.pop() if src == "deck-top" else side.deck.pop(0)
                self._put(c, dst, owner if tp == owner else tp)
            return
        # Choices among cards: look through the deck, the bench or the exhaust pile.
        if src == "bench" and fx.seat_unit:
            flt = fx.filter
            options = [tuple(s.cards) for s in side.bench if flt is None or _any_passes(flt, self.types, s.cards)]
            if fx.may:
                options.append(())
            if options:
                self._ask(p, "move", source, options, self._answer_move, (fx.effect, inst, p, dst, tp),
                          (src, dst, "seat"))
            return
        pool = _pool(side, src)
        if fx.filter is not None:
            flt, types = fx.filter, self.types
            pool = [c for c in pool if _passes(flt, types[c])]
            if fx.lowest_power and pool:       # the Janitor: only the weakest cards
                low = min([self.base_power(c) for c in pool])
                pool = [c for c in pool if self.base_power(c) == low]
        if src == "deck":
            # A deck is ordered: which copy moves changes the order left behind.
            options = self._deck_picks(side.deck, pool, fx.count, fx.up_to, fx.may)
        else:
            options = self._subsets(pool, fx.count, fx.up_to, fx.may)
        if options and options != [()]:
            self._ask(p, "move", source, options, self._answer_move, (fx.effect, inst, p, dst, tp), (src, dst, "card"))

    def _lies_in_play(self, inst) -> bool:
        side = self.sides[self.owner[inst]]
        if inst in side.park:
            return True
        for s in side.bench:
            if inst in s.cards:
                return True
        return False

    def _subsets(self, pool, count, up_to, may):
        """The distinct ways to pick cards from ``pool`` of an unordered zone (bench, exhaust
        pile), where cards of one type are alike."""
        by_type = {}
        for c in pool:
            by_type.setdefault(self.types[c].uid, []).append(c)
        groups = list(by_type.values())
        n = min(count, len(pool))
        sizes = range(n, -1, -1) if up_to else ([n, 0] if may and n else [n])
        options: list = []
        for k in sizes:
            if k == 0:
                options.append(())
            else:
                _append_multisets(groups, k, options)
        return options

    def _deck_picks(self, deck, pool, count, up_to, may):
        """The ways to pick cards from ``pool`` (cards of the ordered ``deck``, in deck order),
        as many as leave different outcomes: two copies of one card at different depths are
        two picks (the deck left behind differs), unless picking either leaves the same order."""
        types = self.types
        n = min(count, len(pool))
        sizes = range(n, -1, -1) if up_to else ([n, 0] if may and n else [n])
        options, seen = [], set()
        uids = None
        for k in sizes:
            if k == 0:
                options.append(())
                continue
            if k == 1:
                # One card: two copies leave the same deck exactly when only copies lie
                # between them, so each run of neighbouring copies is one option (its lowest).
                picked = set(pool)
                below = None
                for c in deck:
                    uid = types[c].uid
                    if c in picked:
                        if uid != below:
                            options.append((c,))
                        below = uid
                    else:
                        below = None
                continue
            if uids is None:
                # Each card's name read once, not once per pick and card.
                uids = {c: types[c].uid for c in deck}
            for pick in combinations(pool, k):
                left = tuple([uids[c] for c in deck if c not in pick])
                outcome = (left, tuple([uids[c] for c in pick]))
                if outcome not in seen:
                    seen.add(outcome)
                    options.append(pick)
        return options

    def deck_depth(self, inst) -> int | None:
        """How many cards lie above ``inst`` in its owner's deck (0: the top card), or
        ``None`` off the deck: what a screen shows to tell apart copies offered as picks."""
        deck = self.sides[self.owner[inst]].deck
        return len(deck) - 1 - deck.index(inst) if inst in deck else None

    def _answer_move(self, e, inst, p, dst, tp, option):
        for c in option:
            owner = self.owner[c]
            self._take_from(c)
            self._put(c, dst, tp if tp != p else owner)
            if self.winner is not None:
                return
        if option and e.bonus_if_done:
            self._add_kept(inst, p, e.bonus_if_done)

    # ------------------------------------------------------------------ arrange
    def _effect_arrange(self, fx, inst, p):
        side = self.sides[p]
        k = min(fx.count, len(side.deck))
        if k == 0:
            return
        if fx.move_src == "deck-top":
            looked = side.deck[-k:][::-1]       # top-most first
        else:
            looked = side.deck[:k]
        # Which looked-at cards are alike (cards of one type): each card's first look-alike.
        types = self.types
        uids = [types[c].uid for c in looked]
        alike = tuple([uids.index(u) for u in uids])
        shapes = _arrange_shapes(fx.dst, k, alike)
        options = [tuple([(w, looked[j]) for w, j in shape]) for shape in shapes]
        self._ask(p, "arrange", types[inst].id, options, self._answer_arrange, (fx.effect, inst, p, looked))

    def _answer_arrange(self, e, inst, p, looked, option):
        side = self.sides[p]
        for c in looked:
            side.deck.remove(c)
        # Places are listed top-most first: put the deck-top ones on in reverse.
        tops = [c for w, c in option if w == "deck-top"]
        for c in reversed(tops):
            side.deck.append(c)
        for w, c in option:
            if w == "deck-bottom":
                side.deck.insert(0, c)
            elif w == "exhaust":
                self._put(c, "exhaust", p)
        if self.log is not None:
            self._emit("arrange", p, self.types[inst].id, len(looked))

    # ------------------------------------------------------------------ the end
    def collected(self, p) -> list:
        """The card types of player ``p``'s deck after the match: bench, park,
        exhaust pile and unplayed cards, plus cards gained, less cards removed."""
        types, owner = self.types, self.owner
        out = []
        if self.removed:
            gone = {i for i, _ in self.removed}
            for i in range(len(types)):
                if owner[i] == p and i not in gone:
                    out.append(types[i])
        else:
            for i in range(len(types)):
                if owner[i] == p:
                    out.append(types[i])
        return out

    def removed_cards(self, p) -> list:
        """[(card type, "discard"|"box")] that player ``p`` took out of their deck."""
        return [(self.types[i], w) for i, w in self.removed if self.owner[i] == p]


def _append_multisets(groups, k, options):
    """Append to ``options`` every pick of ``k`` cards from ``groups`` (lists of alike cards)
    that takes at most a group's size from each, as tuples of cards (a group's first ones),
    in the order ``combinations_with_replacement(range(len(groups)), k)`` lists the group
    numbers.  A walk over the group numbers that drops a prefix as soon as a group runs out,
    where filtering every combination built the many that a small group rules out."""
    ngroups = len(groups)
    combo = [0] * k      # the group number at each position, never decreasing
    used = [0] * ngroups
    pos = 0
    while pos >= 0:
        g = combo[pos]
        if g >= ngroups:
            # Every group tried at this position: back to the one before.
            pos -= 1
            if pos >= 0:
                used[combo[pos]] -= 1
                combo[pos] += 1
            continue
        if used[g] >= len(groups[g]):
            combo[pos] = g + 1
            continue
        used[g] += 1
        if pos == k - 1:
            pick = [0] * k
            i = 0
            j = 0
            while j < k:
                g = combo[j]
                i = i + 1 if j and combo[j - 1] == g else 0
                pick[j] = groups[g][i]
                j += 1
            options.append(tuple(pick))
            g = combo[pos]
            used[g] -= 1
            combo[pos] = g + 1
        else:
            pos += 1
            combo[pos] = g


def _lay_out_decks(m: Match, decks, shuffle):
    """Number the cards of both ``decks`` (top card first) as the match's instances, each
    deck from its bottom card up (the end of a side's deck list is its top), with their
    owners, their ``_Hot`` and a kept bonus of 0; shuffle the decks when asked."""
    types, owner = m.types, m.owner
    # Each instance's _Hot, ``types``' twin: read by index, where a _Hot by card type is a
    # dict lookup (play reads them a hundred times a match).  Made here, kept up to date
    # by _new_instance, and made again by _hots() for a ``types`` someone replaced.
    hots: list = []
    for p in range(2):
        cards = list(decks[p])
        k = len(cards)
        deck: list = []
        while k > 0:
            k -= 1
            ct = cards[k]
            h = _HOT.get(ct)
            if h is None:
                h = _hot(ct)
            deck.append(len(types))
            types.append(ct)
            hots.append(h)
            owner.append(p)
        if shuffle:
            shuffle_in_place(m.rng, deck)
        side = m.sides[p]
        side.deck = deck
    m.kept = [0] * len(types)
    m._hots_list = hots
    m._hots_types = types


def _pool(side, src) -> list:
    """The cards of ``side``'s zone ``src`` a move looks through."""
    if src == "bench":
        return [c for s in side.bench for c in s.cards]
    if src == "deck":
        return list(side.deck)
    if src == "exhaust":
        return list(side.exhaust)
    return []


# (places, looked-at cards, which are alike) -> the distinct arrangements, built once.
_ARRANGE_SHAPES: dict = {}


def _arrange_shapes(dst, k, alike) -> list:
    """The distinct ways to send ``k`` looked-at cards (numbered 0 to k-1, top-most first)
    to the places ``dst`` offers: every concrete list of places (alternatives expanded), and
    every way to send the cards to k of them, cards that are alike (``alike[j]``: the first
    card like card j) counted once.  Each way is ((place, card number), ...) in place order."""
    key = (dst, k, alike)
    shapes = _ARRANGE_SHAPES.get(key)
    if shapes is None:
        shapes, seen = [], set()
        for places in product(*dst):
            for slots in permutations(range(len(places)), k):
                assignment: list[int | None] = [None] * len(places)
                for j, slot in enumerate(slots):
                    assignment[slot] = j
                shape = tuple((places[i], j) for i, j in enumerate(assignment) if j is not None)
                sig = tuple((w, alike[j]) for w, j in shape)
                if sig not in seen:
                    seen.add(sig)
                    shapes.append(shape)
        _ARRANGE_SHAPES[key] = shapes
    return shapes


def play(match: Match, choose=None, limit=100000) -> Match:
    """Play ``match`` to its end: tosses and reveals as asked, choices by ``choose``.

    ``choose(match, choice) -> index`` decides; the default takes option 0.
    """
    while match.winner is None and limit:
        limit -= 1
        kind, p = match.expect
        if kind == REVEAL:
            match.reveal(p)
        elif kind == CHOOSE:
            ch = match.pending
            assert ch is not None, "a match that expects a choice has one pending"
            match.choose(ch.player, choose(match, ch) if choose else 0)
        elif kind == TOSS:
            match.toss()
        else:
            break
    return match


def play_forced(match: Match, park, actions: list, limit=-1) -> int:
    """Play ``match`` while its only legal action is forced (a reveal, the flag toss),
    appending each as ``("match", park, ...)`` to ``actions`` (a tournament's record).

    Stops at a choice, at the end of the match, or after ``limit`` actions (-1: no
    limit); returns how many it played."""
    n = 0
    while match.winner is None and n != limit:
        kind, side = match.expect
        if kind == REVEAL:
            match.reveal(side)
            actions.append(("match", park, "reveal", side))
        elif kind == TOSS:
            match.toss()
            actions.append(("match", park, "toss"))
        else:
            break
        n += 1
    return n
