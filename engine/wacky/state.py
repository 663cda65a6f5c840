"""Wacky Challenge: a five-turn race of secret choices, a shifting hierarchy and a draft.

Set-up. "Chaque joueur choisit une carte personnage ... et prend en main les 5
cartes du paquet de cartes course correspondantes." The hierarchy column reads
train (top), car, motorbike, boat, plane (bottom). The 8 starters are
shuffled and players + 1 of them are laid out face up to the right of the
hierarchy: that is the draft row; the others go back to the box.

A turn.

1. Every player chooses one race card of their hand, face down; when all have
   chosen, all are revealed at once (the *choose* actions, simultaneous).
2. The revealed cards sit left of the hierarchy, each in its vehicle's line:
   they set the pick order -- the vehicle highest in the hierarchy first,
   among one vehicle the higher speed first.
3. In that order each player takes one card of the draft row (the *pick*
   actions) and adds it to their route. The row holds players + 1 cards, so
   one is left.
4. The vehicle of the card nobody took moves up one place in the hierarchy;
   from the top it goes to the bottom.
5. The played cards move to the draft row beside the card left over: they are
   next turn's draft.
6. The card played by the last picker is turned to its booster side; its
   owner may use it (the *boost* actions) or not (*pass*).

After the fifth turn the hands are empty and every route of five cards is
counted (:mod:`engine.wacky.scoring`). Most stages wins; a tie goes to the
larger sum of speeds on the route; still tied, the win is shared.

The state is a handful of lists of small ints (card numbers index the tables
of :class:`~engine.wacky.data.WackyData`), so a bot can clone it and play
thousands of games a second.
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, GameSetup, Outcome, Termination, check_schema
from engine.wacky.data import (
    BOOSTERS,
    CHOOSE_LAST,
    DISGUISE,
    FASTEST,
    RAISE,
    SPEED_FIRST,
    SWAP,
    TRAIN,
    UPSIDE_DOWN,
    VEHICLES,
    WackyData,
)
from engine.wacky.scoring import RouteScore, score_route

TURNS = 5
CHOOSE, PICK, BOOST, OVER = range(4)
PHASES = ("choose", "pick", "boost", "over")
FASTEST_SPEED = 1000       # "le plus rapide de sa catégorie": above any printed speed
# Who may act, as shared immutable sets: one seat, and every seat of an n-player game.
# Events are built the way a NamedTuple builds itself, minus the keyword handling (2x faster).
_event = tuple.__new__
_ONE = tuple(frozenset((q,)) for q in range(7))
_ALL = tuple(frozenset(range(n)) for n in range(8))

__all__ = ["PHASES", "TURNS", "WackyState", "determinize", "new_game", "order_key"]


def _pilots_option(data: WackyData, value: Any, n: int) -> list[int] | None:
    if value is None:
        return None
    ids = [s.strip() for s in value.split(",")] if isinstance(value, str) else list(value)
    if len(ids) != n:
        raise ValueError(f"option 'pilots' names {len(ids)} pilot(s) for {n} players")
    out = []
    for pid in ids:
        if pid not in data.pilot_index:
            raise ValueError(f"option 'pilots': unknown pilot {pid!r} (one of {', '.join(data.pilot_index)})")
        if data.pilot_index[pid] in out:
            raise ValueError(f"option 'pilots': {pid!r} is named twice (one character per player)")
        out.append(data.pilot_index[pid])
    return out


def order_key(data: WackyData, hier: list[int], card: int, own_effect: int, effect: int) -> int:
    """Where ``card`` stands in the pick order (smaller first), under this turn's
    ``effect`` (any player's) and ``own_effect`` (the effect when it is this card's
    player's: "fastest", "disguise"; -1 otherwise)."""
    v = data.vehicle[card]
    s = data.speed[card]
    if own_effect == FASTEST:
        s = FASTEST_SPEED
    elif own_effect == DISGUISE and v != hier[0]:
        v, s = hier[0], 0       # "Si cette transformation a lieu elle amènera sa vitesse à zéro."
    r = hier.index(v)
    if effect == UPSIDE_DOWN:
        r = len(hier) - 1 - r
    if effect == SPEED_FIRST:
        # "La vitesse est d'abord comparée et la hiérarchie départage les ex-æquo."
        return (FASTEST_SPEED - s) * 8 + r
    return r * 2048 + FASTEST_SPEED - s


class WackyState:
    """One game of Wacky Challenge, from set-up to the final count."""

    __slots__ = (
        "acting",
        "boost_card",
        "boost_seat",
        "chosen",
        "data",
        "effect",
        "effect_seat",
        "final",
        "hands",
        "hier",
        "n",
        "order",
        "pending",
        "pending_seat",
        "phase",
        "picks",
        "pilot",
        "played",
        "rng",
        "routes",
        "row",
        "setup",
        "turn",
    )

    def __init__(self, data: WackyData, setup: GameSetup) -> None:
        n = len(setup.players)
        if not 2 <= n <= 7:
            raise ValueError(f"Wacky Challenge is for 2 to 7 players, not {n}")
        unknown = [k for k in setup.options if k != "pilots"]
        if unknown:
            raise ValueError(f"unknown option(s) for Wacky Challenge: {', '.join(sorted(unknown))}")
        self.data = data
        self.setup = setup
        self.rng = random.Random(setup.seed)
        self.n = n
        pilots = _pilots_option(data, setup.options.get("pilots"), n)
        if pilots is None:
            # Each player chooses a character; without a choice, the characters are drawn.
            pilots = self.rng.sample(range(len(data.pilots)), n)
        self.pilot = tuple(pilots)
        self.hands = [list(data.pilots[x].cards) for x in pilots]
        starters = list(data.starters)
        self.rng.shuffle(starters)
        self.row = starters[:n + 1]          # the rest go back to the box
        self.routes: list[list[int]] = [[] for _ in range(n)]
        self.hier = list(data.hierarchy)     # vehicles, top first
        self.turn = 1
        self.phase = CHOOSE
        self.chosen = [-1] * n               # this turn's card of each player (-1: not yet)
        self.played = [-1] * n               # the same, once revealed
        self.order: list[int] = []           # this turn's pick order
        self.picks = 0                       # how many have picked this turn
        self.effect = self.effect_seat = -1  # the booster acting on this turn, and whose
        self.pending = self.pending_seat = -1  # the booster used for next turn
        self.boost_seat = self.boost_card = -1
        self.acting = _ALL[n]
        self.final: list[RouteScore] = []      # the count, once the game is over

    # ------------------------------------------------------------------ the contract
    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> frozenset[int]:
        return self.acting

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.acting:
            return []
        phase = self.phase
        if phase == CHOOSE:
            acts = self.data.choose_actions[player]
            return [acts[c] for c in self.hands[player]]
        if phase == PICK:
            acts = self.data.pick_actions[player]
            return [acts[c] for c in self.row]
        return self._booster_uses(player) + [self.data.action(player, "pass")]

    def apply(self, action: Action) -> list[Event]:
        p = action.player
        if p not in self.acting:
            raise IllegalAction(f"player {p} cannot act now ({PHASES[self.phase]}, turn {self.turn})")
        kind, args = action.kind, action.args
        phase = self.phase
        if phase == PICK:
            if kind != "pick" or len(args) != 1:
                raise IllegalAction(f"player {p} takes a card of the draft row: '{p} pick <card>', not {action}")
            data = self.data
            c = data.index.get(str(args[0]), -1)
            row = self.row
            if c not in row:
                raise IllegalAction(f"{args[0]} is not in the draft row")
            # The pick itself, inline: it is the most frequent action of all.
            row.remove(c)
            self.routes[p].append(c)
            events = [_event(Event, ("pick", p, data.names[c], None, None))]
            picks = self.picks = self.picks + 1
            if picks < self.n:
                self.acting = _ONE[self.order[picks]]
            else:
                self._end_draft(events)
            return events
        if phase == CHOOSE:
            if kind != "choose" or len(args) != 1:
                raise IllegalAction(f"now each player chooses a card of their hand: '{p} choose <card>', not {action}")
            c = self.data.index.get(str(args[0]), -1)
            if c not in self.hands[p]:
                raise IllegalAction(f"{args[0]} is not a card of player {p}'s hand")
            self.chosen[p] = c
            events = [_event(Event, ("choose", p, None, None, None))]   # which card stays secret
            acting = self.acting - _ONE[p]
            if acting:
                self.acting = acting
            else:
                self._all_chosen(events)
            return events
        if kind == "pass" and not args:
            events = [_event(Event, ("pass", p, self.data.names[self.boost_card], None, BOOSTERS[self._booster()]))]
            return self._next_turn(events)
        if kind == "boost":
            return self._boost(p, args)
        raise IllegalAction(f"player {p} may use the booster ('boost ...') or pass, not {action}")

    # ------------------------------------------------------------------ the secret choice
    def _all_chosen(self, events: list[Event]) -> None:
        """Everyone who may choose now has chosen: reveal."""
        last = self.effect_seat
        if self.effect == CHOOSE_LAST and self.chosen[last] < 0:
            # "Vous choisirez votre véhicule lorsque tous les autres joueurs auront révélé le leur."
            self._reveal([q for q in range(self.n) if q != last], events)
            self.acting = _ONE[last]
        else:
            self._reveal([q for q in range(self.n) if self.played[q] < 0], events)
            self._start_draft(events)

    def _reveal(self, seats: list[int], events: list[Event]) -> None:
        names = self.data.names
        for q in seats:
            c = self.chosen[q]
            self.hands[q].remove(c)
            self.played[q] = c
        events.append(_event(Event, ("reveal", None, None, None, tuple([(q, names[self.chosen[q]]) for q in seats]))))

    # ------------------------------------------------------------------ pick order and draft
    def pick_order(self) -> list[int]:
        """Who picks first: "le joueur ayant posé la carte course avec le véhicule le plus
        haut dans la hiérarchie. En cas d'égalité ... la plus grande vitesse", with this
        turn's booster applied. Ties the data cannot prevent go to a seeded draw."""
        data, hier, eff, es = self.data, self.hier, self.effect, self.effect_seat
        keys = [order_key(data, hier, self.played[q], eff if q == es else -1, eff) for q in range(self.n)]
        order = sorted(range(self.n), key=keys.__getitem__)
        if len(set(keys)) < self.n:
            draw = [self.rng.random() for _ in range(self.n)]
            order.sort(key=lambda q: (keys[q], draw[q]))
        return order

    def _start_draft(self, events: list[Event]) -> None:
        self.order = self.pick_order()
        self.picks = 0
        self.phase = PICK
        self.acting = _ONE[self.order[0]]
        events.append(_event(Event, ("order", None, None, None, tuple(self.order))))

    def _end_draft(self, events: list[Event]) -> None:
        data = self.data
        hier = self.hier
        left = self.row[0]
        v = data.vehicle[left]
        i = hier.index(v)
        # "monte d'un cran dans la hiérarchie. S'il est déjà en haut, il redescend tout en bas."
        if i == 0:
            hier.append(hier.pop(0))
        else:
            hier[i - 1], hier[i] = v, hier[i - 1]
        events.append(_event(Event, ("shift", None, data.names[left], hier.index(v), tuple([VEHICLES[x] for x in hier]))))
        # "Les cartes course jouées à gauche des cartes hiérarchie passent du côté droit."
        self.row.extend(self.played)
        last = self.order[-1]
        card = self.played[last]
        self.effect = self.effect_seat = -1
        if self.turn < TURNS and data.booster[card] >= 0:
            self.boost_seat, self.boost_card = last, card
            if data.booster[card] != SWAP or self._booster_uses(last):
                # "La carte course qui était la plus basse est retournée face booster."
                self.phase = BOOST
                self.acting = _ONE[last]
                events.append(_event(Event, ("booster", last, data.names[card], None, BOOSTERS[data.booster[card]])))
                return
            self.boost_seat = self.boost_card = -1
        self._next_turn(events)

    # ------------------------------------------------------------------ boosters
    def _booster(self) -> int:
        return self.data.booster[self.boost_card]

    def _booster_uses(self, p: int) -> list[Action]:
        """Every way ``p`` may use the booster turned over now (passing aside)."""
        data = self.data
        code = data.booster[self.boost_card]
        word = BOOSTERS[code]
        if code == RAISE:
            return [data.action(p, "boost", word, VEHICLES[v]) for v in self.hier[1:]]
        if code == SWAP:
            names = data.names
            hand = [c for c in self.hands[p] if data.vehicle[c] != TRAIN]
            return [data.action(p, "boost", word, names[r], names[h]) for r in self.routes[p] for h in hand]
        return [data.action(p, "boost", word)]

    def _boost(self, p: int, args: tuple) -> list[Event]:
        data = self.data
        code = self._booster()
        word = BOOSTERS[code]
        if not args or args[0] != word:
            raise IllegalAction(f"the booster turned over is '{word}', not {args[0] if args else 'nothing'}")
        names = data.names
        if code == RAISE:
            v = VEHICLES.index(args[1]) if len(args) == 2 and args[1] in VEHICLES else -1
            if v < 0 or v == self.hier[0]:
                raise IllegalAction(f"'boost raise' names a vehicle below the top ({', '.join(VEHICLES[x] for x in self.hier[1:])})")
            # "Placez le véhicule de votre choix en haut de la hiérarchie": the others keep their order below it.
            self.hier.remove(v)
            self.hier.insert(0, v)
            events = [_event(Event, ("boost", p, names[self.boost_card], None, (word, VEHICLES[v])))]
        elif code == SWAP:
            r = data.index.get(args[1]) if len(args) == 3 else None
            h = data.index.get(args[2]) if len(args) == 3 else None
            route, hand = self.routes[p], self.hands[p]
            if r is None or h is None or r not in route or h not in hand or data.vehicle[h] == TRAIN:
                raise IllegalAction("'boost swap <route card> <hand card>': a card of your route and a card of "
                                    "your hand that is not a train")
            # "Echanger une carte de votre parcours avec une carte qu'il vous reste en main."
            route[route.index(r)] = h
            hand.remove(h)
            hand.append(r)
            hand.sort()
            events = [_event(Event, ("boost", p, names[self.boost_card], None, (word, names[r], names[h])))]
        else:
            if len(args) != 1:
                raise IllegalAction(f"'boost {word}' takes nothing more")
            self.pending, self.pending_seat = code, p
            events = [_event(Event, ("boost", p, names[self.boost_card], None, (word,)))]
        return self._next_turn(events)

    # ------------------------------------------------------------------ turns and the end
    def _next_turn(self, events: list[Event]) -> list[Event]:
        self.boost_seat = self.boost_card = -1
        if self.turn == TURNS:
            self.turn += 1
            self.phase = OVER
            self.acting = frozenset()
            self.order = []
            self.final = final = self.scores()
            for q, s in enumerate(final):
                events.append(_event(Event, ("score", q, None, s.total, (s.stages, s.pairs, s.own, s.bonus, s.speeds))))
            reason, winners = self._winners()
            events.append(_event(Event, ("end", None, None, None, (reason, *winners))))
            return events
        self.turn += 1
        self.phase = CHOOSE
        n = self.n
        self.chosen = [-1] * n
        self.played = [-1] * n
        self.order = []
        self.picks = 0
        self.effect, self.effect_seat = self.pending, self.pending_seat
        self.pending = self.pending_seat = -1
        if self.effect == CHOOSE_LAST:
            self.acting = _ALL[n] - _ONE[self.effect_seat]
        else:
            self.acting = _ALL[n]
        events.append(_event(Event, ("turn", None, None, self.turn, None)))
        return events

    def scores(self) -> list[RouteScore]:
        """Every route as it would count now (final once the game is over)."""
        return [score_route(self.data, self.routes[q], self.pilot[q]) for q in range(self.n)]

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        reason, winners = self._winners()
        return Outcome(Termination.WIN, winners, reason, tuple(s.total for s in self.final),
                       {"routes": [s.to_json() for s in self.final]})

    def _winners(self) -> tuple[str, tuple[int, ...]]:
        final = self.final
        best = max(s.total for s in final)
        tied = [q for q in range(self.n) if final[q].total == best]
        reason = "stages"
        if len(tied) > 1:
            # "En cas d'égalité, c'est celui qui cumule les plus grandes vitesses."
            fastest = max(final[q].speeds for q in tied)
            tied = [q for q in tied if final[q].speeds == fastest]
            reason = "speeds" if len(tied) == 1 else "shared"
        return reason, tuple(tied)

    # ------------------------------------------------------------------ views and copies
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table -- packs are public, so are hands -- except which card
        each other player has laid face down this turn, until it is revealed."""
        data = self.data
        names = data.names
        mine = self.chosen[player] if player is not None else -1
        return {
            SCHEMA_KEY: OBSERVATION_SCHEMA,
            "game": "wacky",
            "you": player,
            "turn": min(self.turn, TURNS),
            "phase": PHASES[self.phase],
            "pilots": [data.pilots[x].id for x in self.pilot],
            "hierarchy": [VEHICLES[v] for v in self.hier],
            "hands": [[names[c] for c in h] for h in self.hands],
            "chosen": [c >= 0 for c in self.chosen],
            "your_choice": names[mine] if mine >= 0 else None,
            "played": [names[c] if c >= 0 else None for c in self.played],
            "row": [names[c] for c in self.row],
            "routes": [[names[c] for c in r] for r in self.routes],
            "order": list(self.order),
            "picks": self.picks,
            "to_act": sorted(self.acting),
            "effect": None if self.effect < 0 else {"booster": BOOSTERS[self.effect], "seat": self.effect_seat},
            "pending": None if self.pending < 0 else {"booster": BOOSTERS[self.pending], "seat": self.pending_seat},
            "booster": None if self.boost_card < 0 else {"booster": BOOSTERS[self._booster()], "seat": self.boost_seat,
                                                         "card": names[self.boost_card]},
            "scores": [s.total for s in self.scores()],
        }

    def clone(self) -> WackyState:
        c = WackyState.__new__(WackyState)
        c.data = self.data
        c.setup = self.setup
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.n = self.n
        c.pilot = self.pilot
        c.hands = [h[:] for h in self.hands]
        c.chosen = self.chosen[:]
        c.played = self.played[:]
        c.row = self.row[:]
        c.routes = [r[:] for r in self.routes]
        c.hier = self.hier[:]
        c.turn, c.phase, c.order, c.picks = self.turn, self.phase, self.order[:], self.picks
        c.effect, c.effect_seat, c.pending, c.pending_seat = self.effect, self.effect_seat, self.pending, self.pending_seat
        c.boost_seat, c.boost_card, c.acting = self.boost_seat, self.boost_card, self.acting
        c.final = self.final
        return c


def new_game(data: WackyData, setup: GameSetup) -> WackyState:
    return WackyState(data, setup)


def determinize(data: WackyData, obs: dict[str, Any], player: int, rng: random.Random) -> WackyState:
    """A full state consistent with ``player``'s observation: each other player who has
    chosen face down gets a card of their hand drawn from ``rng``; the rest is public."""
    check_schema(obs, "a Wacky Challenge observation")
    idx = data.index
    n = len(obs["pilots"])
    s = WackyState.__new__(WackyState)
    s.data = data
    s.setup = GameSetup("wacky", tuple(f"P{q + 1}" for q in range(n)), 0,
                        {"pilots": list(obs["pilots"])})
    s.rng = random.Random(rng.randrange(2 ** 63))
    s.n = n
    s.pilot = tuple(data.pilot_index[x] for x in obs["pilots"])
    s.hands = [[idx[c] for c in h] for h in obs["hands"]]
    s.played = [idx[c] if c is not None else -1 for c in obs["played"]]
    s.chosen = [-1] * n
    for q in range(n):
        if s.played[q] >= 0:
            s.chosen[q] = s.played[q]
        elif obs["chosen"][q]:
            s.chosen[q] = idx[obs["your_choice"]] if q == player else rng.choice(s.hands[q])
    s.row = [idx[c] for c in obs["row"]]
    s.routes = [[idx[c] for c in r] for r in obs["routes"]]
    s.hier = [VEHICLES.index(v) for v in obs["hierarchy"]]
    s.phase = PHASES.index(obs["phase"])
    s.turn = obs["turn"] + (1 if s.phase == 3 else 0)
    s.order = list(obs["order"])
    s.picks = obs["picks"]
    eff, pend, boost = obs["effect"], obs["pending"], obs["booster"]
    s.effect, s.effect_seat = (BOOSTERS.index(eff["booster"]), eff["seat"]) if eff else (-1, -1)
    s.pending, s.pending_seat = (BOOSTERS.index(pend["booster"]), pend["seat"]) if pend else (-1, -1)
    s.boost_seat, s.boost_card = (boost["seat"], idx[boost["card"]]) if boost else (-1, -1)
    s.acting = frozenset(obs["to_act"])
    s.final = s.scores() if s.phase == OVER else []
    return s
