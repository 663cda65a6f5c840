# cython: annotation_typing=False
"""Cosplay Team Battle: the state of a game and its rules.

The table (rulebook, "Zones de jeu"): the *library* (characters and
equipment, face down), six *recruitment zones* numbered 1 to 6 that cards walk
through toward zone 6, the *objective zones* (one per player, plus one), the
face-up *Drama pile* and the *cemetery*.  Each player has an *assistance zone*
(cards waiting to pay or to be used, equipment attached to characters), a
*reserve* to draw from, a *discard* and a hand.

A turn has three phases.  *Preparation* (not on a player's first turn): the
assistance zone's face-down cards turn face up, Drama cards in hand go back
to the pile, and characters, equipment and objectives of the hand may be laid
face up in the assistance zone, equipment attached to characters there.
*Recruitment*: in any order, recruit from the conveyor, complete objectives,
send Drama and use abilities.  *Reset*: the conveyor shifts, empty zones are
refilled, completed objectives are replaced by the next level, and the player
draws up to five cards.

Paying is one action: the target and its payers together (``recruit 3 12 17``,
``complete 1 pool 4``, ``drama 1 2 12 40``, ``steal 1 17 5``).  The legal list
offers, for every target the player's cards can pay, each *needed* payment once
(:func:`engine.cosplay.payment.payments`: no payer could be left out; alike
cards are one choice), the least wasteful first; so a table, a phone and a bot
pick from the same list and one decision is one stored action.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from typing import Any

from engine.challengers.shuffling import randbelow, seeded, shuffle
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import MAX_ARGS, OBSERVATION_SCHEMA, SCHEMA_KEY, Action, GameSetup, Outcome, Termination, check_schema

from .cards import Catalogue, Effect, Instances
from .payment import Payment, Purse, Unit, add, cheapest, covers, useful

__all__ = ["MAIN", "POOL", "PREPARE", "CosplayState", "determinize", "discounted", "less_by", "make_action",
           "recruit_cost_now", "target_size"]

PREPARE, MAIN = "prepare", "main"

_FIELDS = tuple(f.name for f in dataclasses.fields(Action))
assert _FIELDS == ("player", "kind", "args"), f"engine.game.Action's fields changed: {_FIELDS}"
_set_field = object.__setattr__


def make_action(p: int, kind: str, args: tuple[int | str, ...]) -> Action:
    """``Action(p, kind, args)`` without its checks of the form: the legal lists make tens of
    thousands a second in a bot's search, from seat numbers, this module's words and card numbers
    (``pool``), and the checks were a tenth of the search's time.  (Caching the actions instead
    kept so many objects alive that the garbage collector's passes cost more.)  Too many arguments
    are still refused as :class:`Action` refuses them."""
    if len(args) > MAX_ARGS:
        return Action(p, kind, args)
    action = Action.__new__(Action)
    _set_field(action, "player", p)
    _set_field(action, "kind", kind)
    _set_field(action, "args", args)
    return action

_new_tuple = tuple.__new__


def _event(kind: str, player: Any = None, card: Any = None, value: Any = None, info: Any = None) -> Event:
    """``Event(kind, player, card, value, info)`` without the named tuple's ``__new__``, a Python
    function: every move of a search's playouts records a few (compiled, this is one C call)."""
    return _new_tuple(Event, (kind, player, card, value, info))


POOL = "pool"
#: What :meth:`CosplayState.to_act` answers: nobody (the game is over), or the seat whose turn it is.
_NOBODY: frozenset[int] = frozenset()
_SEATS = tuple(frozenset((p,)) for p in range(4))
_RECRUITABLE = ("character", "equipment")
_PLACEABLE = ("character", "equipment", "objective")
#: The logos of the abilities used from the assistance zone (Défausse, Sacrifice).
_USED_FROM_PLAY = ("discard", "sacrifice")


#: At most this many Drama cards in one purchase (more: another purchase), so that a purchase, its
#: recipients and its payers stay one short action.
DRAMA_AT_ONCE = 6

#: How many of a paying action's arguments name its target (Drama: the count, then one more per card);
#: its payers follow.
_TARGET_ARGS = {"recruit": 1, "complete": 1, "steal": 2}


def target_size(action: Action) -> int | None:
    """How many of ``action``'s arguments name its target (its payers follow), or ``None`` when it
    pays for nothing: ``recruit Z``, ``complete Z``, ``steal P C``, ``drama N P1 .. PN``."""
    if action.kind == "drama":
        n = action.args[0] if action.args else None
        return 1 + n if type(n) is int and n >= 0 else None
    return _TARGET_ARGS.get(action.kind)


def recruit_cost_now(inst: Instances, card: int, turn: Sequence[int], influence: Sequence[int]) -> tuple[int, int, int, int]:
    """``card``'s printed cost less this turn's discounts (``turn``) and the Influence ones in play
    (``influence``), by resource, never below 0; the multicolour part unchanged."""
    b, k, c, a = inst.cost[card]
    db, dk, dc = turn[0] + influence[0], turn[1] + influence[1], turn[2] + influence[2]
    # Conditionals, not max(): asked for every card a bot considers.
    return (b - db if b > db else 0), (k - dk if k > dk else 0), (c - dc if c > dc else 0), a


def discounted(cost: tuple[int, int, int, int], d0: int, d1: int, d2: int) -> tuple[int, int, int, int]:
    """``cost`` less ``d0``, ``d1``, ``d2`` of each resource (never below 0), its multicolour part unchanged:
    :func:`recruit_cost_now` with the discounts added up once for every card of a legal list."""
    b, k, c, a = cost
    # Conditionals, not max(): asked for every card of every legal list.
    return (b - d0 if b > d0 else 0), (k - d1 if k > d1 else 0), (c - d2 if c > d2 else 0), a


def _ways(purse: Purse, t0: int, t1: int, t2: int, cost: tuple[int, int, int, int]
          ) -> list[tuple[tuple[int | str, ...], int]]:
    """Every needed payment of ``cost`` from ``purse`` (one action each), or ``[]`` when its
    points by resource (``t0``, ``t1``, ``t2``) do not cover it."""
    b, k, c, a = cost
    if t0 < b or t1 < k or t2 < c or t0 - b + t1 - k + t2 - c < a:
        return []
    return purse.ways(cost)


def less_by(inst: Instances, in_play: Iterable[int]) -> list[int]:
    """The recruitment discount, by resource, of the Influence cards among ``in_play`` (the cards
    of the recruitment and objective zones)."""
    disc = [0, 0, 0]
    t = inst.types
    for c in in_play:
        a = t[c].ability
        if t[c].logo == "influence" and a is not None and a.do == "discount":
            disc[a.kind] += a.n
    return disc


class CosplayState:
    """One game of Cosplay Team Battle, seats numbered from 0; seat 0 plays first."""

    def __init__(self, data: Catalogue, setup: GameSetup, deal: bool = True) -> None:
        n = len(setup.players)
        if not 2 <= n <= 4:
            raise ValueError(f"Cosplay Team Battle is for 2 to 4 players, not {n}")
        self.data = data
        self.inst: Instances = data.with_players(n)
        self.setup = setup
        self._rng = seeded(setup.seed)
        self._rng_shared = False                 # shared with a clone or an original: copied on first use
        self.n = n
        z = data.rules["zones"]
        self.library: list[int] = []          # top card last
        self.zones: list[int] = [-1] * z      # zones[0] is zone 1
        self.cemetery: list[int] = []
        self.obj_piles: list[list[int]] = [[], [], []]
        self.obj_zones: list[int] = [-1] * (n + 1)
        self.obj_level: list[int] = [1] * (n + 1)
        self.drama_pile: list[int] = list(data.drama)
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[list[int]] = [[] for _ in range(n)]   # top card last
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.assist: list[list[int]] = [[] for _ in range(n)]
        self.facedown: set[int] = set()
        self.attached: dict[int, int] = {}       # equipment -> its character
        self.obj_points = [0] * n
        self.completed = [0] * n
        self.turns = [0] * n                     # turns begun, per player
        self.current = 0
        self.phase = MAIN
        self.choice: list | None = None          # [word, options, source, count left, in the preparation]
        self._starting = False                   # (during an action only) the turn's preparation resolves
        self.agenda: list[tuple[Effect, int, int]] = []   # abilities waiting: (effect, player, source)
        self.used: set[int] = set()              # used for an ability this turn: pays nothing
        self.combos_used: set[int] = set()
        self.pool = [0, 0, 0]                    # points gained by abilities this turn
        self.discount = [0, 0, 0]                # recruitment discounts for the rest of this turn
        self.ending = False                      # an end condition is met: finish the round
        self.over = False
        if deal:
            self._set_up()

    # ------------------------------------------------------------------ set-up
    def _set_up(self) -> None:
        """Mise en place: the library shuffled, one card to each zone from 6 down to 1;
        objectives shuffled by level, players + 1 of level 1 laid out; each player's
        ten starters shuffled into their reserve, five drawn."""
        rng = self.rng
        self.library = list(self.data.library)
        shuffle(rng, self.library)
        for z in range(len(self.zones) - 1, -1, -1):
            self.zones[z] = self.library.pop()
        for lv in range(3):
            pile = list(self.data.objectives[lv])
            shuffle(rng, pile)
            self.obj_piles[lv] = pile
        for i in range(self.n + 1):
            self.obj_zones[i] = self.obj_piles[0].pop() if self.obj_piles[0] else -1
        for p in range(self.n):
            deck = list(self.inst.starters[p])
            shuffle(rng, deck)
            self.reserve[p] = deck
            self._draw(p, self.data.rules["hand_size"], None)
        self._begin_turn(0, None)

    @property
    def rng(self) -> random.Random:
        """The game's generator (the shuffles).  A clone shares its parent's until either of
        them draws: copying a generator's state costs more than the rest of a clone."""
        if self._rng_shared:
            self._rng = _copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_shared = False

    # ------------------------------------------------------------------ protocol
    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> frozenset[int]:
        # The same few sets every time: asked before every move of a search's playouts.
        return _NOBODY if self.over else _SEATS[self.current]

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = tuple(self.score(p) for p in range(self.n))
        best = max(scores)
        top = [p for p in range(self.n) if scores[p] == best]
        reason = "points"
        if len(top) > 1:
            most = max(self.completed[p] for p in top)
            top = [p for p in top if self.completed[p] == most]
            reason = "objectives" if len(top) == 1 else "shared"
        detail = {"objective_points": list(self.obj_points), "recruited_cost": [self.recruited_cost(p)
                                                                               for p in range(self.n)],
                  "completed": list(self.completed), "turns": list(self.turns)}
        if len(top) == self.n:
            return Outcome(Termination.DRAW, (), reason, scores, detail)
        return Outcome(Termination.WIN, tuple(top), reason, scores, detail)

    def recruited_cost(self, p: int) -> int:
        """The printed costs of the characters and equipment ``p`` holds (reserve, discard,
        hand, assistance zone): the recruits of the game that are still theirs."""
        v = self.inst.recruit_value.__getitem__
        return (sum(map(v, self.hand[p])) + sum(map(v, self.reserve[p])) + sum(map(v, self.discard[p]))
                + sum(map(v, self.assist[p])))

    def score(self, p: int) -> int:
        """Objective points, plus one per full 10 points of recruited cost."""
        return self.obj_points[p] + self.recruited_cost(p) // 10

    # ------------------------------------------------------------------ what may be paid with
    def units(self, p: int) -> list[Unit]:
        """Every unit ``p`` may pay with now: hand cards with points, face-up characters of
        the assistance zone (with their equipment), and the points gained this turn."""
        inst = self.inst
        types = inst.types
        out = []
        for c in self.hand[p]:
            if inst.total_gives[c] and inst.kind[c] != "equipment":
                out.append(Unit(c, inst.gives[c], True, (types[c].id, True)))
        for c, g, eq in self._paying_assistants(p, self.assist[p]):
            alike = (types[c].id, False, *sorted([types[e].id for e in eq])) if eq else (types[c].id, False)
            out.append(Unit(c, g, False, alike))
        pool = self.pool
        if pool[0] or pool[1] or pool[2]:
            out.append(Unit(POOL, (pool[0], pool[1], pool[2]), False, POOL))
        return out

    def unit_points(self, p: int) -> list[tuple[int | str, tuple[int, int, int]]]:
        """Each unit of :meth:`units`, in its order, as its key and its points only (what paying
        greedily reads: a playout's, without building the units)."""
        inst = self.inst
        gives, kind, total = inst.gives, inst.kind, inst.total_gives
        out: list[tuple[int | str, tuple[int, int, int]]] = [(c, gives[c]) for c in self.hand[p]
                                                            if total[c] and kind[c] != "equipment"]
        for c, g, _eq in self._paying_assistants(p, self.assist[p]):   # (a loop: compiled, no closure)
            out.append((c, g))
        pool = self.pool
        if pool[0] or pool[1] or pool[2]:
            out.append((POOL, (pool[0], pool[1], pool[2])))
        return out

    def _gives(self, p: int, key: int | str) -> tuple[int, int, int] | None:
        """The points of the unit of :meth:`units` whose key is ``key``, or ``None`` when ``p`` has
        no such unit (without building any unit: asked for every payer of every payment)."""
        if key == POOL:
            pool = self.pool
            return (pool[0], pool[1], pool[2]) if pool[0] or pool[1] or pool[2] else None
        inst = self.inst
        if key in self.hand[p]:
            return inst.gives[key] if inst.total_gives[key] and inst.kind[key] != "equipment" else None
        used = self.used
        if key not in self.assist[p] or inst.kind[key] != "character" or key in self.facedown or key in used:
            return None
        g = inst.gives[key]
        if self.attached:
            for e, c in self.attached.items():
                if c == key:
                    if e in used:
                        return None
                    g = add(g, inst.gives[e])
        return g

    def _purse(self, p: int) -> tuple[Purse, int, int, int]:
        """:meth:`units` as a :class:`Purse` (sorted and grouped as it would sort and group them),
        and their points by resource together: what every legal list starts from."""
        inst = self.inst
        types, gives, kind = inst.types, inst.gives, inst.kind
        keys: list[int | str] = []
        groups: list[tuple[list[int], tuple[int, int, int], bool]] = []
        at: dict[tuple[Any, ...], list[int]] = {}
        alike: tuple[Any, ...]
        t0 = t1 = t2 = 0
        for c in sorted(self.hand[p]):
            if inst.total_gives[c] and kind[c] != "equipment":
                g = gives[c]
                t0 += g[0]
                t1 += g[1]
                t2 += g[2]
                alike = (types[c].id, True)
                places = at.get(alike)
                if places is None:
                    places = at[alike] = []
                    groups.append((places, g, True))
                places.append(len(keys))
                keys.append(c)
        for c, g, eq in self._paying_assistants(p, sorted(self.assist[p])):
            if eq:
                alike = (types[c].id, False, *sorted([types[e].id for e in eq]))
            else:
                alike = (types[c].id, False)
            t0 += g[0]
            t1 += g[1]
            t2 += g[2]
            places = at.get(alike)
            if places is None:
                places = at[alike] = []
                groups.append((places, g, False))
            places.append(len(keys))
            keys.append(c)
        pool = self.pool
        if pool[0] or pool[1] or pool[2]:
            t0 += pool[0]
            t1 += pool[1]
            t2 += pool[2]
            groups.append(([len(keys)], (pool[0], pool[1], pool[2]), False))
            keys.append(POOL)
        return Purse.grouped(keys, groups), t0, t1, t2

    def _paying_assistants(self, p: int, order: Iterable[int]
                           ) -> list[tuple[int, tuple[int, int, int], list[int] | None]]:
        """The characters of ``p``'s assistance zone, in ``order``, that may pay now (face up,
        not used this turn, no attached equipment used either), each with its points (its
        equipment's added) and its equipment."""
        inst = self.inst
        gives, kind = inst.gives, inst.kind
        fd, used = self.facedown, self.used
        gear = self._gear(p) if self.attached else None
        out: list[tuple[int, tuple[int, int, int], list[int] | None]] = []
        for c in order:
            if kind[c] != "character" or c in fd or c in used:
                continue
            g = gives[c]
            eq = gear.get(c) if gear else None
            if eq:
                for e in eq:                         # (loops, not any(): compiled, no closure)
                    if e in used:
                        break
                else:
                    for e in eq:
                        g = add(g, gives[e])
                    out.append((c, g, eq))
                continue
            out.append((c, g, eq))
        return out

    def _gear(self, p: int) -> dict[int, list[int]]:
        gear: dict[int, list[int]] = {}
        if self.attached:
            mine = self.assist[p]
            for e, c in self.attached.items():
                if c in mine:
                    gear.setdefault(c, []).append(e)
        return gear

    def available_points(self, p: int) -> tuple[int, int, int]:
        """The points of every unit ``p`` may pay with now, together (what :meth:`units`
        sums to, without building the units)."""
        if self.attached:
            b = k = c = 0
            for u in self.units(p):
                g = u.gives
                b += g[0]
                k += g[1]
                c += g[2]
            return b, k, c
        gives = self.inst.gives
        kind = self.inst.kind
        b, k, c = self.pool
        for x in self.hand[p]:
            if kind[x] != "equipment":
                g = gives[x]
                b += g[0]
                k += g[1]
                c += g[2]
        fd, used = self.facedown, self.used
        for x in self.assist[p]:
            if kind[x] == "character" and x not in fd and x not in used:
                g = gives[x]
                b += g[0]
                k += g[1]
                c += g[2]
        return b, k, c

    # ------------------------------------------------------------------ costs
    def _influence(self) -> tuple[list[int], int]:
        """The lasting effects of Influence cards in the recruitment and objective zones:
        (recruitment discount by resource, change of the Drama cost)."""
        disc = [0, 0, 0]
        drama = 0
        inst = self.inst
        # Asked before every recruitment and by every move of a playout: a scan of the dozen zones,
        # each card looked up in the set of Influence cards (no set built from the zones; the
        # effects add up in any order).
        influential = inst.influential
        effect = inst.influence
        for zones in (self.zones, self.obj_zones):
            for c in zones:
                if c in influential:
                    kind, n = effect[c]
                    if kind >= 0:
                        disc[kind] += n
                    else:
                        drama += n
        return disc, drama

    def recruit_cost(self, card: int, disc: list[int] | None = None) -> tuple[int, int, int, int]:
        """A character's or equipment's cost now: printed, less this turn's discounts and
        the Influence discounts in play (a resource never below 0)."""
        if disc is None:
            disc = self._influence()[0]
        return recruit_cost_now(self.inst, card, self.discount, disc)

    def influence_discount(self) -> list[int]:
        """The recruitment discount of the Influence cards in play, by resource (what
        :meth:`recruit_cost` takes as ``disc``, to work it out once for several cards)."""
        return self._influence()[0]

    def drama_cost(self) -> int:
        """One Drama card's multicolour cost now (at least 1)."""
        return max(1, self.data.drama_cost + self._influence()[1])

    def target_cost(self, what: str, target: Any) -> tuple[int, int, int, int]:
        if what == "recruit":
            return self.recruit_cost(self.zones[target - 1])
        if what == "complete":
            return self.inst.cost[self.obj_zones[target - 1]]
        if what == "drama":
            return 0, 0, 0, self.drama_cost() * target[0]
        return self.recruit_cost(target[1])                   # steal

    def propose_payment(self, what: str, target: Any, player: int | None = None) -> Payment | None:
        """The payment helper: for a target (``"recruit", zone``; ``"complete", zone``;
        ``"drama", (count, recipient, ...)``; ``"steal", (opponent, card)``), the payment that
        wastes the fewest points, or ``None`` when the available cards cannot pay it."""
        p = self.current if player is None else player
        return cheapest(self.units(p), self.target_cost(what, target))

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: int) -> list[Action]:
        if self.over or player != self.current:
            return []
        p = player
        if self.choice is not None:
            return [make_action(p, "choose", (o,)) for o in self.choice[1]]
        if self.phase == PREPARE:
            return self._prepare_actions(p)
        return self._main_actions(p)

    def _prepare_actions(self, p: int) -> list[Action]:
        inst = self.inst
        out = [make_action(p, "place", (c,)) for c in sorted(set(self.hand[p])) if inst.kind[c] in _PLACEABLE]
        for e, c in self._attachable(p):
            out.append(make_action(p, "attach", (e, c)))
        out.append(make_action(p, "ready", ()))
        return out

    def first_prepare_action(self, p: int) -> Action:
        """The first action :meth:`legal_actions` lists for ``p`` in the preparation phase (the
        lowest card to lay, else the first equipment to attach, else ``ready``), without the list."""
        kind = self.inst.kind
        placeable = [c for c in self.hand[p] if kind[c] in _PLACEABLE]
        if placeable:
            return make_action(p, "place", (min(placeable),))
        attachable = self._attachable(p)
        if attachable:
            return make_action(p, "attach", attachable[0])
        return make_action(p, "ready", ())

    def _attachable(self, p: int) -> list[tuple[int, int]]:
        inst = self.inst
        fd = self.facedown
        loose = [c for c in self.assist[p] if inst.kind[c] == "equipment" and c not in fd and c not in self.attached]
        if not loose:
            return []
        chars = [c for c in self.assist[p] if inst.kind[c] == "character" and c not in fd]
        gear = self._gear(p)
        out = []
        for e in loose:
            for c in chars:
                if self._fits(e, gear.get(c, [])):
                    out.append((e, c))
        return out

    def _can_attach(self, p: int, e: int, c: int) -> bool:
        """Whether ``(e, c)`` is among :meth:`_attachable`'s pairs (without listing them all)."""
        kind, fd, attached, mine = self.inst.kind, self.facedown, self.attached, self.assist[p]
        if e not in mine or kind[e] != "equipment" or e in fd or e in attached:
            return False
        if c not in mine or kind[c] != "character" or c in fd:
            return False
        return self._fits(e, [x for x, w in attached.items() if w == c])

    def _fits(self, e: int, carried: list[int]) -> bool:
        """Encumbrance: every equipment on a character allows at most its class's number
        of equipment on that character (1, 2, or no limit)."""
        total = len(carried) + 1
        t = self.inst.types
        for x in (*carried, e):
            lim = t[x].encumbrance
            if lim and total > lim:
                return False
        return True

    def _main_actions(self, p: int) -> list[Action]:
        inst = self.inst
        purse, t0, t1, t2 = self._purse(p)
        out: list[Action] = []
        disc, dramod = self._influence()
        # The recruitment discount of this turn and of the Influence cards, by resource.
        d0, d1, d2 = self.discount[0] + disc[0], self.discount[1] + disc[1], self.discount[2] + disc[2]
        cost_of = inst.cost
        target: tuple[int, ...]
        for z, card in enumerate(self.zones):
            if card >= 0:
                target = (z + 1,)
                for payers, _ in _ways(purse, t0, t1, t2, discounted(cost_of[card], d0, d1, d2)):
                    out.append(make_action(p, "recruit", target + payers))
        for z, card in enumerate(self.obj_zones):
            if card >= 0:
                target = (z + 1,)
                for payers, _ in _ways(purse, t0, t1, t2, cost_of[card]):
                    out.append(make_action(p, "complete", target + payers))
        dc = max(1, self.data.drama_cost + dramod)
        most = min(len(self.drama_pile), (t0 + t1 + t2) // dc, DRAMA_AT_ONCE)
        others = [q for q in range(self.n) if q != p]
        for k in range(1, most + 1):
            # « dans la défausse d'un ou plusieurs autres joueurs dans la quantité de votre choix »
            paid = _ways(purse, t0, t1, t2, (0, 0, 0, dc * k))
            for recipients in combinations_with_replacement(others, k):
                target = (k, *recipients)
                for payers, _ in paid:
                    out.append(make_action(p, "drama", target + payers))
        if self._passion(p) is not None:
            kind = inst.kind
            for q in range(self.n):
                if q != p:
                    for card in self.assist[q]:
                        if kind[card] in _RECRUITABLE and card not in self.facedown:
                            target = (q, card)
                            for payers, _ in _ways(purse, t0, t1, t2, discounted(cost_of[card], d0, d1, d2)):
                                out.append(make_action(p, "steal", target + payers))
        combos = []
        types = inst.types
        for card in self.assist[p]:
            t = types[card]
            if t.logo in _USED_FROM_PLAY and self._can_use(p, card):
                out.append(make_action(p, "use", (card,)))
            if t.combo is not None and self._can_combo(p, card):
                combos.append(make_action(p, "combo", (card,)))
        out += combos
        out.append(make_action(p, "end", ()))
        return out

    def _can_use(self, p: int, c: int) -> bool:
        """Défausse and Sacrifice cards: used from the face-up assistance zone, on your turn;
        equipment only once attached to a character."""
        t = self.inst.types[c]
        if t.logo not in _USED_FROM_PLAY or c in self.facedown or c in self.used:
            return False
        return t.type != "equipment" or c in self.attached

    def _can_combo(self, p: int, c: int) -> bool:
        t = self.inst.types[c]
        if t.combo is None or c in self.facedown or c in self.combos_used or c in self.used:
            return False
        if t.type == "equipment" and c not in self.attached:
            return False
        types = self.inst.types
        here = {types[x].id for x in self.assist[p] if x not in self.facedown and x not in self.used}
        return all(w in here for w in t.combo_with)

    def _combo_cards(self, p: int, c: int) -> list[int]:
        types = self.inst.types
        out = [c]
        for w in types[c].combo_with:
            out.append(next(x for x in self.assist[p] if types[x].id == w and x not in self.facedown
                            and x not in self.used))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        p = action.player
        if self.over:
            raise IllegalAction("the game is over")
        if p != self.current:
            raise IllegalAction(f"it is seat {self.current}'s turn, not seat {p}'s")
        handler = _HANDLERS.get(action.kind)
        if handler is None:
            raise IllegalAction(f"Cosplay Team Battle has no move {action.kind!r}")
        ev: list[Event] = []
        handler(self, p, action.args, ev)
        return ev

    def _check(self, ok: bool, why: str) -> None:
        # (A message built with an f-string is tested in place instead: every move of a playout
        # passes these checks, and the message is needed only when one fails.)
        if not ok:
            raise IllegalAction(why)

    def _int_args(self, args: tuple, n: int, what: str) -> tuple[int, ...]:
        if len(args) != n:
            raise IllegalAction(f"'{what}' takes {n} number(s)")
        for a in args:                          # a loop, not any(): checked for every move of a playout
            if type(a) is not int:
                raise IllegalAction(f"'{what}' takes {n} number(s)")
        return args

    def _not_waiting(self, what: str) -> None:
        if self.choice is not None:
            raise IllegalAction(f"first choose for {self.inst.types[self.choice[2]].name} "
                                f"(one of {self.choice[1]})")
        if what != "prepare" and self.phase != MAIN:
            raise IllegalAction("the preparation phase is not over ('ready')")

    # --- preparation
    def _do_place(self, p: int, args: tuple, ev: list[Event]) -> None:
        (c,) = self._int_args(args, 1, "place")
        self._not_waiting("prepare")
        self._check(self.phase == PREPARE, "cards are laid in the assistance zone during the preparation phase")
        if c not in self.hand[p]:                 # (a test, not _check: the message is made only when wrong)
            raise IllegalAction(f"card {c} is not in your hand")
        self._check(self.inst.kind[c] in _PLACEABLE, "only characters, equipment and objectives are laid "
                                                     "in the assistance zone")
        self.hand[p].remove(c)
        self.assist[p].append(c)
        ev.append(_event("place", p, self.inst.types[c].id, c))
        self._arrive_face_up(p, c, ev)
        self._run_agenda(ev)
        if self.choice is None:
            self._drama_back(p, ev)                  # a Soutien draw of the preparation

    def _do_attach(self, p: int, args: tuple, ev: list[Event]) -> None:
        e, c = self._int_args(args, 2, "attach")
        self._not_waiting("prepare")
        self._check(self.phase == PREPARE, "equipment is attached during the preparation phase")
        if not self._can_attach(p, e, c):
            raise IllegalAction(f"equipment {e} cannot be attached to {c} now "
                                "(face up in your assistance zone, within encumbrance)")
        self.attached[e] = c
        ev.append(_event("attach", p, self.inst.types[e].id, e, self.inst.types[c].id))

    def _do_ready(self, p: int, args: tuple, ev: list[Event]) -> None:
        self._check(not args, "'ready' takes nothing")
        self._not_waiting("prepare")
        self._check(self.phase == PREPARE, "the preparation phase is over already")
        self.phase = MAIN
        ev.append(_event("recruitment", p))

    # --- paying for a target
    def _payers(self, p: int, args: tuple, n: int, what: str) -> tuple[tuple[int, ...], tuple]:
        """An action's target (its first ``n`` numbers) and its payers (card numbers, ``pool``)."""
        target = self._int_args(args[:n], n, what)
        payers = args[n:]
        for key in payers:
            if type(key) is not int and key != POOL:
                raise IllegalAction(f"'{what}' names its payers by card number (or 'pool'), not {key!r}")
        return target, payers

    def _pay(self, p: int, what: str, target: Any, card: int, payers: tuple, ev: list[Event]) -> None:
        """Pay ``target`` with ``payers`` and take it, in one go: the payers must be distinct units
        of the player's, each bringing, in the order named, a point the cost still needs, and
        cover it together.  The events are the target's, each payer's, then what was taken."""
        cost = self.target_cost(what, target)
        self._check(len(set(payers)) == len(payers), "a card pays once: its points are not split")
        gives = []
        for key in payers:
            g = self._gives(p, key)
            if g is None:
                raise IllegalAction(f"{key} cannot pay: not in your hand or face up in your assistance zone "
                                    "(equipment pays with its character; a card used for its ability pays nothing)")
            gives.append(g)
        # Each payer, in the order named, brings a point the cost still needs, and together they
        # cover it (payment.valid, on the points alone).
        s: tuple[int, int, int] = (0, 0, 0)
        for g in gives:
            if not useful(g, s, cost):
                break
            s = add(s, g)
        else:
            if covers(s, cost):
                types = self.inst.types
                ev.append(_event("target", p, types[card].id if card >= 0 else None, card, (what, cost)))
                for key in payers:
                    ev.append(_event("pay", p, types[key].id if type(key) is int else None, key))
                self._complete(p, what, target, cost, list(payers), s, ev)
                return
        total = self.available_points(p)
        self._check(covers(total, cost), "your available cards cannot pay that")
        raise IllegalAction("those payers do not pay that: each must bring a point the cost still needs "
                            "(not the wrong resource, not once it is paid) and together they must cover it")

    def _do_recruit(self, p: int, args: tuple, ev: list[Event]) -> None:
        (z,), payers = self._payers(p, args, 1, "recruit")
        self._not_waiting("recruit")
        if not (1 <= z <= len(self.zones) and self.zones[z - 1] >= 0):
            raise IllegalAction(f"no card in recruitment zone {z}")
        self._pay(p, "recruit", z, self.zones[z - 1], payers, ev)

    def _do_complete(self, p: int, args: tuple, ev: list[Event]) -> None:
        (z,), payers = self._payers(p, args, 1, "complete")
        self._not_waiting("complete")
        if not (1 <= z <= len(self.obj_zones) and self.obj_zones[z - 1] >= 0):
            raise IllegalAction(f"no objective in zone {z}")
        self._pay(p, "complete", z, self.obj_zones[z - 1], payers, ev)

    def _do_drama(self, p: int, args: tuple, ev: list[Event]) -> None:
        if not args or type(args[0]) is not int or args[0] < 1:
            raise IllegalAction("'drama' takes how many cards, then whose discard each goes to, then the payers")
        k = args[0]
        target, payers = self._payers(p, args, 1 + k, "drama")
        self._not_waiting("drama")
        recipients = target[1:]
        self._check(all(0 <= q < self.n and q != p for q in recipients), "Drama goes to other players' discards")
        self._check(list(recipients) == sorted(recipients), "name the Drama cards' recipients by seat, in order")
        if k > len(self.drama_pile):
            raise IllegalAction(f"the Drama pile holds {len(self.drama_pile)} card(s)")
        if k > DRAMA_AT_ONCE:
            raise IllegalAction(f"one purchase buys at most {DRAMA_AT_ONCE} Drama cards")
        self._pay(p, "drama", target, -1, payers, ev)

    def _do_steal(self, p: int, args: tuple, ev: list[Event]) -> None:
        (q, c), payers = self._payers(p, args, 2, "steal")
        self._not_waiting("steal")
        self._check(self._passion(p) is not None, "La Passion must be in your hand")
        if not (0 <= q < self.n and q != p and c in self.assist[q] and self.inst.kind[c] in _RECRUITABLE
                and c not in self.facedown):
            raise IllegalAction(f"card {c} is not a face-up character or equipment in seat {q}'s assistance zone")
        self._pay(p, "steal", (q, c), c, payers, ev)

    def _passion(self, p: int) -> int | None:
        t = self.inst.types
        for c in self.hand[p]:
            a = t[c].ability
            if a is not None and a.do == "passion":
                return c
        return None

    def _complete(self, p: int, what: str, target: Any, cost: tuple, taken: list, s: tuple, ev: list[Event]) -> None:
        inst = self.inst
        # the payers go to the discard (a character with its equipment)
        gear = self._gear(p) if self.attached else {}
        for key in taken:
            if key == POOL:
                self.pool = [0, 0, 0]
                continue
            if key in self.hand[p]:
                self.hand[p].remove(key)
                self.discard[p].append(key)
            else:
                self.assist[p].remove(key)
                self.discard[p].append(key)
                for e in gear.get(key, ()):
                    del self.attached[e]
                    self.assist[p].remove(e)
                    self.discard[p].append(e)
        lost = sum(s) - sum(cost)
        if what == "recruit":
            c = self.zones[target - 1]
            self.zones[target - 1] = -1
            self.assist[p].append(c)
            self.facedown.add(c)
            ev.append(_event("recruit", p, inst.types[c].id, c, (target, lost)))
            self._trigger(p, c, "recruit")
        elif what == "complete":
            c = self.obj_zones[target - 1]
            self.obj_zones[target - 1] = -1
            self.assist[p].append(c)
            self.facedown.add(c)
            self.obj_points[p] += inst.types[c].points
            self.completed[p] += 1
            ev.append(_event("complete", p, inst.types[c].id, c, (target, lost, inst.types[c].points)))
            self._trigger(p, c, "recruit")
        elif what == "drama":
            recipients = target[1:]
            for q in sorted(set(recipients)):           # one event per recipient, as many cards as named
                self._send_drama(p, q, recipients.count(q), ev)
        else:
            q, c = target
            passion = self._passion(p)
            assert passion is not None, "a steal is only started with La Passion in hand"
            self.hand[p].remove(passion)
            self.discard[p].append(passion)
            self._leave_assist(q, c)
            self.assist[p].append(c)
            self.facedown.add(c)
            ev.append(_event("steal", p, inst.types[c].id, c, (q, lost)))
            self._trigger(p, c, "recruit")
        self._run_agenda(ev)

    def _leave_assist(self, q: int, c: int) -> None:
        """``c`` leaves seat ``q``'s assistance zone: the equipment it wore (or the character
        it was attached to) stays behind, unattached equipment to the discard."""
        self.assist[q].remove(c)
        self.facedown.discard(c)
        self.attached.pop(c, None)
        for e in [e for e, w in self.attached.items() if w == c]:
            del self.attached[e]
            self.assist[q].remove(e)
            self.discard[q].append(e)

    def _send_drama(self, p: int, q: int, k: int, ev: list[Event]) -> None:
        k = min(k, len(self.drama_pile))
        for _ in range(k):
            self.discard[q].append(self.drama_pile.pop())
        ev.append(_event("drama", p, None, k, q))

    # --- abilities
    def _do_use(self, p: int, args: tuple, ev: list[Event]) -> None:
        (c,) = self._int_args(args, 1, "use")
        self._not_waiting("use")
        if not (c in self.assist[p] and self._can_use(p, c)):
            raise IllegalAction(f"card {c} has no Défausse or Sacrifice ability to use now")
        t = self.inst.types[c]
        if t.logo == "discard":
            self._leave_assist(p, c)
            self.discard[p].append(c)
        else:
            self._leave_assist(p, c)
            self.cemetery.append(c)
        ev.append(_event("use", p, t.id, c, t.logo))
        assert t.ability is not None, "the card files give every card with a logo its ability"
        self.agenda.append((t.ability, p, c))
        self._run_agenda(ev)

    def _do_combo(self, p: int, args: tuple, ev: list[Event]) -> None:
        (c,) = self._int_args(args, 1, "combo")
        self._not_waiting("combo")
        if not (c in self.assist[p] and self._can_combo(p, c)):
            raise IllegalAction(f"card {c}'s duo or trio is not all face up in your assistance zone")
        group = self._combo_cards(p, c)
        self.combos_used.add(c)
        self.used.update(group)
        t = self.inst.types[c]
        ev.append(_event("combo", p, t.id, c, tuple(self.inst.types[x].id for x in group)))
        assert t.combo is not None, "_can_combo checked it"
        self.agenda.append((t.combo, p, c))
        self._run_agenda(ev)

    def _trigger(self, p: int, c: int, logo: str) -> None:
        t = self.inst.types[c]
        if t.logo == logo and t.ability is not None:
            self.agenda.append((t.ability, p, c))

    def _arrive_face_up(self, p: int, c: int, ev: list[Event]) -> None:
        """Soutien: the card's ability when it arrives face up in your assistance zone."""
        self._trigger(p, c, "support")

    def _run_agenda(self, ev: list[Event]) -> None:
        while self.choice is None and self.agenda:
            eff, p, src = self.agenda.pop(0)
            self._resolve(eff, p, src, ev)

    def _resolve(self, eff: Effect, p: int, src: int, ev: list[Event]) -> None:
        do = eff.do
        name = self.inst.types[src].id
        if do == "draw":
            got = self._draw(p, eff.n, ev)
            ev.append(_event("ability", p, name, got, "draw"))
        elif do == "gain":
            self.pool[eff.kind] += eff.n
            ev.append(_event("ability", p, name, eff.n, ("gain", eff.kind)))
        elif do == "discount":
            self.discount[eff.kind] += eff.n
            ev.append(_event("ability", p, name, eff.n, ("discount", eff.kind)))
        elif do == "score":
            self.obj_points[p] += eff.n
            ev.append(_event("ability", p, name, eff.n, "score"))
        elif do == "drama":
            if not self.drama_pile:
                ev.append(_event("ability", p, name, 0, "drama"))
                return
            others = [q for q in range(self.n) if q != p]
            self._ask("drama", others, src, eff.n, p, ev)
        elif do == "cemetery":
            self._ask("cemetery", [z + 1 for z, c in enumerate(self.zones) if c >= 0], src, 1, p, ev)
        elif do == "recover":
            self._ask("recover", self._recoverable(p, src), src, eff.n, p, ev)

    def _recoverable(self, p: int, src: int) -> list[int]:
        """The discard's cards by kind (alike cards are one choice), never the card whose
        ability this is nor a Drama card."""
        seen = set()
        out = []
        t = self.inst.types
        for c in sorted(self.discard[p]):
            ct = t[c]
            if c == src or ct.type == "drama" or ct.id in seen:
                continue
            seen.add(ct.id)
            out.append(c)
        return out

    def _ask(self, word: str, options: list[int], src: int, count: int, p: int, ev: list[Event]) -> None:
        if not options or count <= 0:
            ev.append(_event("ability", p, self.inst.types[src].id, 0, word))
            return
        if len(options) == 1:                          # one way to do it: not asked
            self._choose(p, word, options[0], src, count, ev)
            return
        self.choice = [word, options, src, count, self._starting or self.phase == PREPARE]

    def _do_choose(self, p: int, args: tuple, ev: list[Event]) -> None:
        (x,) = self._int_args(args, 1, "choose")
        if self.choice is None:
            raise IllegalAction("there is nothing to choose")
        word, options, src, count, preparing = self.choice
        if x not in options:
            raise IllegalAction(f"choose one of {options}")
        self.choice = None
        self._starting = preparing
        try:
            self._choose(p, word, x, src, count, ev)
            self._run_agenda(ev)
        finally:
            self._starting = False
        if preparing:
            self._drama_back(p, ev)

    def _choose(self, p: int, word: str, x: int, src: int, count: int, ev: list[Event]) -> None:
        name = self.inst.types[src].id
        if word == "drama":
            self._send_drama(p, x, count, ev)
        elif word == "cemetery":
            c = self.zones[x - 1]
            self.zones[x - 1] = -1
            self.cemetery.append(c)
            ev.append(_event("ability", p, name, x, ("cemetery", self.inst.types[c].id)))
        else:                                           # recover, one card at a time
            self.discard[p].remove(x)
            self.hand[p].append(x)
            ev.append(_event("ability", p, name, x, ("recover", self.inst.types[x].id)))
            if count > 1:
                self._ask("recover", self._recoverable(p, src), src, count - 1, p, ev)

    # --- the end of a turn
    def _do_end(self, p: int, args: tuple, ev: list[Event]) -> None:
        self._check(not args, "'end' takes nothing")
        self._not_waiting("end")
        self._reset(p, ev)

    def _reset(self, p: int, ev: list[Event]) -> None:
        """Phase d'initialisation: the zone-6 card to the cemetery, every card shifts toward
        zone 6 keeping its order, empty zones refilled from the library (from zone 6 down);
        completed objectives replaced by the next level; the player draws up to five."""
        zones = self.zones
        last = len(zones) - 1
        if zones[last] >= 0:
            self.cemetery.append(zones[last])
            ev.append(_event("cemetery", None, self.inst.types[zones[last]].id, zones[last]))
            zones[last] = -1
        cards = [c for c in zones if c >= 0]
        library = self.library
        # The cards shift toward the last zone; the empty zones in front are refilled from the
        # library, the one nearest the last zone first (the library's top card, its last).
        empty = len(zones) - len(cards)
        drawn = min(empty, len(library))
        short = drawn < empty
        if drawn:
            refill = library[-drawn:]
            del library[-drawn:]
            zones[:] = [-1] * (empty - drawn) + refill + cards
        else:
            zones[:] = [-1] * empty + cards
        ev.append(_event("conveyor", None, None, len(library), tuple(zones)))
        obj_zones, obj_level = self.obj_zones, self.obj_level
        if -1 in obj_zones:
            for z, c in enumerate(obj_zones):
                if c < 0 and obj_level[z] < 3:
                    lv = obj_level[z] + 1
                    pile = self.obj_piles[lv - 1]
                    obj_level[z] = lv
                    if pile:
                        obj_zones[z] = pile.pop()
                        ev.append(_event("objective", None, self.inst.types[obj_zones[z]].id, z + 1, lv))
                    else:
                        obj_level[z] = 3
        hs = self.data.rules["hand_size"]
        if len(self.hand[p]) < hs:
            self._draw(p, hs - len(self.hand[p]), ev)
        if not self.ending and (short or max(obj_zones) < 0):
            self.ending = True
            ev.append(_event("last-round", None, None, None, "library" if short else "objectives"))
        ev.append(_event("end-turn", p))
        if self.ending and p == self.n - 1:
            self.over = True
            o = self.outcome()
            assert o is not None, "the game is over"
            ev.append(_event("game-over", None, None, None, (o.winners, o.scores)))
            return
        self._begin_turn((p + 1) % self.n, ev)

    def _begin_turn(self, p: int, ev: list[Event] | None) -> None:
        """A new turn: preparation (not on the first turn) turns the assistance zone face up
        (Soutien abilities apply), sends Drama in hand back to the pile -- also those the
        Soutien abilities draw --, then waits while the player lays cards or attaches equipment."""
        self.current = p
        self.used = set()
        self.combos_used = set()
        self.pool = [0, 0, 0]
        self.discount = [0, 0, 0]
        self.turns[p] += 1
        if ev is not None:
            ev.append(_event("turn", p, None, self.turns[p]))
        self.phase = MAIN
        if self.turns[p] == 1:
            return
        fd = self.facedown
        if fd:
            for c in [c for c in self.assist[p] if c in fd]:
                fd.discard(c)
                if ev is not None:
                    ev.append(_event("face-up", p, self.inst.types[c].id, c))
                self._trigger(p, c, "support")
        kind = self.inst.kind
        self._drama_back(p, ev)
        for c in self.hand[p]:
            if kind[c] in _PLACEABLE:
                self.phase = PREPARE
                break
        else:
            if self._attachable(p):
                self.phase = PREPARE
        if self.agenda:
            self._starting = True
            try:
                self._run_agenda(ev if ev is not None else [])
            finally:
                self._starting = False
            self._drama_back(p, ev)                  # drawn by a Soutien ability: back too

    def _drama_back(self, p: int, ev: list[Event] | None) -> None:
        """« Si vous avez des cartes Drama en main, placez-les sur la réserve de cartes Drama »: the
        Drama cards in ``p``'s hand go back to the pile (at the start of the turn, and whenever the
        preparation's abilities draw one)."""
        kind = self.inst.kind
        dramas = [c for c in self.hand[p] if kind[c] == "drama"]
        if dramas:
            self.hand[p] = [c for c in self.hand[p] if kind[c] != "drama"]
            self.drama_pile.extend(dramas)
            if ev is not None:
                ev.append(_event("drama-back", p, None, len(dramas)))

    def _draw(self, p: int, k: int, ev: list[Event] | None) -> int:
        """Draw ``k`` cards; an empty reserve is rebuilt by shuffling the discard."""
        got = 0
        reserve, hand = self.reserve[p], self.hand[p]
        while got < k:
            if not reserve:
                if not self.discard[p]:
                    break
                reserve.extend(self.discard[p])
                self.discard[p].clear()
                shuffle(self.rng, reserve)
                if ev is not None:
                    ev.append(_event("reshuffle", p, None, len(reserve)))
            # The top cards (the reserve's last) in the order they are drawn, in one slice.
            m = min(k - got, len(reserve))
            hand.extend(reserve[:-m - 1:-1])
            del reserve[-m:]
            got += m
        if ev is not None and got:
            ev.append(_event("draw", p, None, got))
        return got

    # ------------------------------------------------------------------ views
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: everything but the hands of the others and the order
        of every face-down pile (the library, the objective piles, the reserves).
        ``concealed`` lists each player's cards in hand and reserve together, which
        anyone who watched the game could tell."""
        fd = self.facedown
        seats = []
        for q in range(self.n):
            seats.append({
                "hand": len(self.hand[q]), "reserve": len(self.reserve[q]), "discard": list(self.discard[q]),
                "assist": list(self.assist[q]), "facedown": [c for c in self.assist[q] if c in fd],
                "attached": [[e, c] for e, c in self.attached.items() if c in self.assist[q]],
                "objective_points": self.obj_points[q], "completed": self.completed[q],
                "concealed": sorted(self.hand[q] + self.reserve[q]),
                "score": self.score(q),
            })
        return {
            SCHEMA_KEY: OBSERVATION_SCHEMA,
            "you": player, "players": self.n, "current": self.current, "phase": self.phase,
            "turns": list(self.turns), "ending": self.ending, "over": self.over,
            "zones": [c if c >= 0 else None for c in self.zones], "library": len(self.library),
            "cemetery": list(self.cemetery),
            "objectives": [c if c >= 0 else None for c in self.obj_zones], "objective_levels": list(self.obj_level),
            "objective_piles": [len(x) for x in self.obj_piles], "drama_pile": len(self.drama_pile),
            "seats": seats, "hand": list(self.hand[player]) if player is not None else None,
            "choice": None if self.choice is None else
            {"word": self.choice[0], "options": list(self.choice[1]), "source": self.choice[2],
             "count": self.choice[3], "preparation": self.choice[4]},
            "agenda": [[e.do, e.n, e.kind, q, src] for e, q, src in self.agenda],
            "pool": list(self.pool), "discount": list(self.discount), "used": sorted(self.used),
            "combos_used": sorted(self.combos_used), "drama_cost": self.drama_cost(),
        }

    def clone(self) -> CosplayState:
        c = CosplayState.__new__(CosplayState)
        c.data = self.data
        c.inst = self.inst
        c.setup = self.setup
        c._rng = self._rng
        c._rng_shared = self._rng_shared = True
        c.n = self.n
        c.library = self.library[:]
        c.zones = self.zones[:]
        c.cemetery = self.cemetery[:]
        c.obj_piles = [x[:] for x in self.obj_piles]
        c.obj_zones = self.obj_zones[:]
        c.obj_level = self.obj_level[:]
        c.drama_pile = self.drama_pile[:]
        c.hand = [x[:] for x in self.hand]
        c.reserve = [x[:] for x in self.reserve]
        c.discard = [x[:] for x in self.discard]
        c.assist = [x[:] for x in self.assist]
        c.facedown = set(self.facedown)
        c.attached = dict(self.attached)
        c.obj_points = self.obj_points[:]
        c.completed = self.completed[:]
        c.turns = self.turns[:]
        c.current = self.current
        c.phase = self.phase
        c.choice = None if self.choice is None else [self.choice[0], self.choice[1][:], self.choice[2],
                                                      self.choice[3], self.choice[4]]
        c._starting = False
        c.agenda = self.agenda[:]
        c.used = set(self.used)
        c.combos_used = set(self.combos_used)
        c.pool = self.pool[:]
        c.discount = self.discount[:]
        c.ending = self.ending
        c.over = self.over
        return c


def _copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in ``rng``'s state (made without seeding a new one from the system)."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


_HANDLERS = {
    "place": CosplayState._do_place, "attach": CosplayState._do_attach, "ready": CosplayState._do_ready,
    "recruit": CosplayState._do_recruit, "complete": CosplayState._do_complete, "drama": CosplayState._do_drama,
    "steal": CosplayState._do_steal, "use": CosplayState._do_use,
    "combo": CosplayState._do_combo, "choose": CosplayState._do_choose, "end": CosplayState._do_end,
}


def determinize(data: Catalogue, obs: dict[str, Any], player: int, rng: random.Random) -> CosplayState:
    """A whole state consistent with what ``player`` sees, every hidden thing drawn from
    ``rng``: the others' hands out of their concealed cards, every reserve's order, the
    library and the objective piles out of the cards nobody can see."""
    check_schema(obs, "a Cosplay Team Battle observation")
    n = obs["players"]
    setup = GameSetup("cosplay", tuple([f"P{i + 1}" for i in range(n)]), randbelow(rng, 2 ** 31))
    s = CosplayState(data, setup, deal=False)
    # Every card in sight, noted as each place is copied (compiled, a function without closures).
    seen: set[int] = set()
    s.zones = [-1 if c is None else c for c in obs["zones"]]
    seen.update([c for c in s.zones if c >= 0])
    s.obj_zones = [-1 if c is None else c for c in obs["objectives"]]
    seen.update([c for c in s.obj_zones if c >= 0])
    s.obj_level = list(obs["objective_levels"])
    s.cemetery = list(obs["cemetery"])
    seen.update(s.cemetery)
    for q, seat in enumerate(obs["seats"]):
        s.discard[q] = discard = list(seat["discard"])
        seen.update(discard)
        s.assist[q] = assist = list(seat["assist"])
        seen.update(assist)
        s.facedown.update(seat["facedown"])
        for e, c in seat["attached"]:
            s.attached[e] = c
        s.obj_points[q] = seat["objective_points"]
        s.completed[q] = seat["completed"]
        concealed = list(seat["concealed"])
        seen.update(concealed)
        if q == player:
            hand = list(obs["hand"])
            rest = list(concealed)
            for c in hand:
                rest.remove(c)
        else:
            shuffle(rng, concealed)
            hand, rest = concealed[:seat["hand"]], concealed[seat["hand"]:]
        shuffle(rng, rest)
        s.hand[q], s.reserve[q] = hand, rest
    drama = [c for c in data.drama if c not in seen]
    s.drama_pile = drama
    lib = [c for c in data.library if c not in seen]
    shuffle(rng, lib)
    s.library = lib
    for lv in range(3):
        pile = [c for c in data.objectives[lv] if c not in seen]
        shuffle(rng, pile)
        s.obj_piles[lv] = pile
    s.current = obs["current"]
    s.phase = obs["phase"]
    s.turns = list(obs["turns"])
    s.ending = obs["ending"]
    s.over = obs["over"]
    ch = obs["choice"]
    if ch is not None:
        s.choice = [ch["word"], list(ch["options"]), ch["source"], ch["count"], ch["preparation"]]
    s.agenda = [(Effect(do, k, kind), q, src) for do, k, kind, q, src in obs["agenda"]]
    s.pool = list(obs["pool"])
    s.discount = list(obs["discount"])
    s.used = set(obs["used"])
    s.combos_used = set(obs["combos_used"])
    return s
