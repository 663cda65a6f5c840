"""A whole tournament: seven rounds of Deck Phase and Match Phase, then the end.

The shape (``shared/spec/challengers.md``):

* 1 to 8 players.  An odd count adds the Robot, so every seat has an
  opponent; solo is one player against the Robot.
* Slots = players rounded up to even; parks = slots / 2.  A plan (data)
  says who plays whom, where, each round.
* Each round, every player drafts alone (the Robot does nothing), then each
  park plays one match.  The winner takes the park's trophy of the round; a
  Robot's trophy goes back to the box, except in the solo game.
* A lesson (``Setup.lesson``, a guided first match) is one player against the
  Robot for one match: the decks are the lesson's, there is no Deck Phase, and
  the match's winner wins (``end_reason`` "lesson").
* After round 7, with 3 or more players, the two players with the most fans
  play the Final (ties: more trophies, then the single trophy of the highest
  round).  With 2 players or solo the most fans win, and a lead of 11 fans
  or more after any Match Phase wins at once.

Actions are tuples, recorded in :attr:`Tournament.actions`; a tournament
created again with the same setup and fed the same actions replays event for
event (:func:`replay`).

* ``("deck", player, *deck_phase_action)`` -- see :mod:`.deckphase`
* ``("match", park, *match_action)`` -- see :mod:`.match`
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial

from engine.challengers.deckphase import DONE, DeckPhase
from engine.challengers.match import CHOOSE, REVEAL, TOSS, Match, play_forced
from engine.challengers.piles import LevelPiles, PileReserve
from engine.errors import IllegalAction
from engine.events import Event

DECK, MATCH, FINAL_DECK, FINAL, OVER = "deck", "match", "final-deck", "final", "over"


@dataclass
class Player:
    """A seat in the tournament: a person or the Robot."""

    index: int
    name: str
    slot: int
    robot: bool = False
    deck: list = field(default_factory=list)
    fans: int = 0                      # fan tokens
    trophies: list = field(default_factory=list)   # (round, fans) won
    lost_previous: bool = False

    @property
    def total_fans(self) -> int:
        """Fan tokens plus the fans on the back of the trophies."""
        # Plain loops here and below: compiled, a generator is an object made for every call.
        total = self.fans
        for _, f in self.trophies:
            total += f
        return total

    def rank_key(self):
        """Most fans; ties to more trophies, then to the trophy of the highest round."""
        return (self.total_fans, len(self.trophies), self.best_trophy_round)

    @property
    def best_trophy_round(self) -> int:
        # Asked twice for every match set up: a plain loop (no generator object).
        best = 0
        for r, _ in self.trophies:
            best = max(best, r)
        return best


@dataclass(frozen=True)
class Setup:
    """What a tournament is created from; with the actions, all that replay needs."""

    players: tuple
    box: str = "base"
    sets: tuple | None = None
    robot_level: int = 1
    solo_cards: bool = False
    seed: int = 0
    final_park: int = 1
    lesson: str | None = None      # a guided first match (the library's lessons)


class Tournament:
    """The state of one tournament and the only way to change it: :meth:`apply`."""

    def __init__(self, library, setup: Setup, record=True):
        n = len(setup.players)
        if not 1 <= n <= 8:
            raise ValueError(f"a tournament has 1 to 8 players, not {n}")
        if not 1 <= setup.robot_level <= 5:
            raise ValueError(f"the Robot's level is 1 to 5, not {setup.robot_level}")
        self.library = library
        self.setup = setup
        self.rules = library.rules
        self.box = library.box(setup.box)
        self.rng = random.Random(setup.seed)
        self.log: list[Event] | None = [] if record else None
        self.actions: list = []
        self.solo = n == 1
        self.two_player = n <= 2
        if setup.robot_level > self.rules.robot_multiplayer_max and not self.solo:
            raise ValueError(f"Robot levels above {self.rules.robot_multiplayer_max} are for the solo game")
        has_robot = n % 2 == 1
        slots = n + has_robot
        self.plan = library.plan_for(slots)
        self.parks = self.plan.parks
        if not 1 <= setup.final_park <= self.parks:
            raise ValueError(f"the Final's park is 1 to {self.parks}, not {setup.final_park}")
        cat = library.catalogue
        self.set_ids = library.check_sets(setup.sets) if setup.sets else library.default_sets(setup.box)
        self.icons_in_play = library.icons_in_play(self.set_ids)
        starter = [cat.card(c) for c in self.box.starter]
        free_slots = [s for s in range(1, slots + 1) if not (has_robot and s == self.plan.robot_slot)]
        self.players = [Player(i, name, free_slots[i], deck=list(starter)) for i, name in enumerate(setup.players)]
        if has_robot:
            self.players.append(Player(n, "Robot", self.plan.robot_slot, robot=True,
                                       deck=self._robot_deck(setup.robot_level, setup.solo_cards)))
        self.lesson = None
        if setup.lesson is not None:
            if not self.solo:
                raise ValueError("a lesson is one player against the Robot")
            self.lesson = library.lesson(setup.lesson)
            for p, deck in zip(self.players, (self.lesson.player, self.lesson.opponent)):
                p.deck = [cat.card(c) for c in deck]
        self.by_slot = {p.slot: p for p in self.players}
        pile_cards = [ct for sid in self.set_ids for ct in cat.sets[sid].cards if ct.level in "ABC"
                      for _ in range(ct.copies)]
        self.piles = LevelPiles(pile_cards, self.rng)
        # Each round's trophies, shuffled, one dealt to each park.
        self.trophy_for = {}
        for r, values in enumerate(self.rules.trophies, 1):
            vals = list(values)
            self.rng.shuffle(vals)
            for park in range(1, self.parks + 1):
                self.trophy_for[(r, park)] = vals[park - 1]
        self._icons_sorted = None          # icons_in_play, sorted and as a frozenset (for match specs)
        self._icons_frozen = None
        self.round = 0
        self.phase = None
        self.deck_phases: dict = {}
        self.matches: dict = {}
        self.results: list = []      # (round, park, winner index, loser index, reason)
        self.finalists = None
        self.winner: int | None = None
        self.end_reason: str | None = None
        self._start_round(1)

    # ------------------------------------------------------------------ set-up helpers
    def _emit(self, kind, player=None, card=None, value=None, info=None):
        if self.log is not None:
            self.log.append(Event(kind, player, card, value, info))

    def _robot_deck(self, level, solo_cards):
        cat = self.library.catalogue
        deck = [cat.card(c) for c in self.rules.robot_deck]
        r_cards = [c for c in cat.sets["robot"].cards if c.level == "R"]
        if solo_cards:
            r_cards += [c for c in cat.sets["robot"].cards if c.level == "SOLO"]
        self.rng.shuffle(r_cards)
        for card_id, how_many in self.rules.robot_replace[:level - 1]:
            idx = next(i for i, c in enumerate(deck) if c.id == card_id)
            deck.pop(idx)
            for _ in range(how_many):
                deck.append(r_cards.pop())
        return deck

    def player(self, index) -> Player:
        return self.players[index]

    @property
    def humans(self):
        return [p for p in self.players if not p.robot]

    def draft_options(self, round_no):
        return self.box.draft[round_no - 1]

    # ------------------------------------------------------------------ round flow
    def _start_round(self, r):
        self.round = r
        self.phase = DECK
        self._emit("round", None, None, r)
        if self.lesson is not None:          # the lesson's decks are dealt: straight to the match
            self.deck_phases = {}
            self.phase = MATCH
            self._start_matches(self.pairings(r))
            return
        # The round's options and the draw size read once, not once a player.
        options, draw = self.draft_options(r), self.rules.draw
        self.deck_phases = {p.index: DeckPhase(p.index, p.deck, options, self.piles, self.rng, draw, self.log)
                            for p in self.humans}
        self.matches = {}

    def _start_matches(self, pairings):
        """pairings: [(park, light player, dark player)]"""
        self.matches = {}
        record = self.log is not None
        icons = self._icons_sorted
        if icons is None:
            icons = self._icons_sorted = sorted(self.icons_in_play)
            self._icons_frozen = frozenset(icons)
        round_no = min(self.round, self.rules.rounds)
        final = self.phase == FINAL
        for park, light, dark in pairings:
            a, b = self.players[light], self.players[dark]
            # Each player's fields read once (attribute reads by name on a Python object), the
            # same values the match and its spec are made from.
            a_deck, b_deck = a.deck, b.deck
            names = (a.name, b.name)
            fans = (a.fans, b.fans)
            trophies = (len(a.trophies), len(b.trophies))
            lost_previous = (a.lost_previous, b.lost_previous)
            seed = self.rng.getrandbits(64)
            beginner = None          # flag toss
            if self.round != 1:
                a_best, b_best = a.best_trophy_round, b.best_trophy_round
                if a_best != b_best:
                    beginner = 0 if a_best > b_best else 1
            reserve = PileReserve.set_aside(self.piles, (a_deck, b_deck), self.rng)
            m = _new_match(park, light, dark, names[0], names[1], seed, beginner, round_no, [a_deck, b_deck], fans,
                           trophies, lost_previous, reserve, self._icons_frozen, record)
            # Its spec (what match_from_spec builds the same match from) is written out only
            # when someone asks for it (a kiosk, the coordinator): from what it is made of now.
            m.spec_from(partial(_describe, park, final, (light, dark), names, seed, beginner, round_no,
                                (tuple(a_deck), tuple(b_deck)), fans, trophies, lost_previous, icons,
                                tuple([(lv, tuple(cards)) for lv, cards in reserve.piles.items()])))
            self.matches[park] = m
            self._emit("match", (light, dark), None, park)

    def pairings(self, round_no):
        """[(park, light player index, dark player index)] for ``round_no``."""
        return [(park, self.by_slot[l].index, self.by_slot[d].index) for park, l, d in self.plan.rounds[round_no - 1]]

    def seat_of(self, player_index, round_no=None):
        """(park, side) where a player sits; side 0 = light, 1 = dark."""
        if self.phase in (FINAL_DECK, FINAL) or round_no == "final":
            a, _b = self.finalists
            return self.setup.final_park, (0 if player_index == a else 1)
        return self.plan.seat_of(round_no or self.round, self.players[player_index].slot)

    # ------------------------------------------------------------------ actions
    def apply(self, action) -> list:
        """Check and apply one action; returns the events it caused."""
        if self.phase == OVER:
            raise IllegalAction("the tournament is over")
        if type(action) is not tuple:
            if not isinstance(action, list):
                raise IllegalAction(f"not an action: {action!r}")
            action = tuple(action)
        if len(action) < 2 or type(action[1]) is not int:
            raise IllegalAction(f"not an action: {action!r}")
        start = len(self.log) if self.log is not None else 0
        kind = action[0]
        if kind == "deck":
            dp = self.deck_phases.get(action[1])
            if self.phase not in (DECK, FINAL_DECK) or dp is None:
                raise IllegalAction(f"player {action[1]!r} has no Deck Phase now")
            dp.apply(action[2:])
            self.actions.append(action)
            if dp.stage == DONE:
                self._deck_phase_done(dp)
        elif kind == "match":
            m = self.matches.get(action[1])
            if self.phase not in (MATCH, FINAL) or m is None:
                raise IllegalAction(f"no match at park {action[1]!r} now")
            if m.winner is not None:
                raise IllegalAction(f"the match at park {action[1]} is over")
            m.apply(action[2:])
            self.actions.append(action)
            if self.log is not None and m.log:
                _relay(m, self.log)
            if m.winner is not None:
                self._match_done(m)
        else:
            raise IllegalAction(f"unknown action {action!r}")
        return self.log[start:] if self.log is not None else []

    def apply_deck_action(self, dp, player, action) -> None:
        """``apply(("deck", player) + action)`` for ``dp``, the Deck Phase of ``player`` in
        this tournament, not done yet (as :func:`~.policies.run_tournament` hands them out):
        the Deck Phase checks and applies ``action``, the tournament records it and ends the
        phase when it is done, the same record and events, without the tournament's own
        checks of who may act (the caller knows) or a list of the events for an answer."""
        dp.apply(action)
        self.actions.append(("deck", player) + action)
        if dp.stage == DONE:
            self._deck_phase_done(dp)

    def play_forced(self, park, limit=None) -> int:
        """Play the match at ``park`` while its only legal action is forced (a reveal, the
        flag toss), exactly as :meth:`apply` would one by one (the same actions recorded,
        the same events), without asking anyone.  Stops at a choice, at the end of the
        match, or after ``limit`` actions; returns how many it played."""
        m = self.matches.get(park)
        if self.phase not in (MATCH, FINAL) or m is None:
            raise IllegalAction(f"no match at park {park!r} now")
        # The match's events of these actions, in order, then the end of the match: the same
        # events, in the same order, as applying the actions one by one.
        n = play_forced(m, park, self.actions, -1 if limit is None else max(limit, 0))
        if self.log is not None and m.log:
            _relay(m, self.log)
        if m.winner is not None and n:
            self._match_done(m)
        return n

    def _deck_phase_done(self, dp):
        p = self.players[dp.player]
        p.fans += dp.fans
        for d in self.deck_phases.values():
            if d.stage != DONE:
                return
        if self.phase == DECK:
            self.phase = MATCH
            self._start_matches(self.pairings(self.round))
        else:
            self.phase = FINAL
            a, b = self.finalists
            self._start_matches([(self.setup.final_park, a, b)])

    def _match_done(self, m):
        w, l = m.players[m.winner], m.players[1 - m.winner]
        reserve = m.piles
        reserve.give_back(self.piles)
        for side, idx in enumerate(m.players):
            p = self.players[idx]
            p.deck = m.collected(side)
            for ct, where in m.removed_cards(side):
                if where == "discard":
                    self.piles.discard(ct)
            p.fans = m.sides[side].fans
        winner, loser = self.players[w], self.players[l]
        if self.phase == MATCH:
            value = self.trophy_for[(self.round, m.park)]
            if winner.robot and not self.solo:
                self._emit("trophy-to-box", w, None, self.round)
            else:
                winner.trophies.append((self.round, value))
                self._emit("trophy", w, None, self.round, value)
            winner.lost_previous, loser.lost_previous = False, True
            self.results.append((self.round, m.park, w, l, m.reason))
            for x in self.matches.values():
                if x.winner is None:
                    return
            self._round_done()
        else:
            self.results.append(("final", m.park, w, l, m.reason))
            self._end(w, "final")

    def _round_done(self):
        self._emit("round-done", None, None, self.round)
        if self.lesson is not None:
            self._end(self.results[-1][2], "lesson")
            return
        if self.two_player:
            a, b = self.players[0], self.players[1]
            lead = a.total_fans - b.total_fans
            if abs(lead) >= self.rules.lead_win:
                self._end(a.index if lead > 0 else b.index, "lead")
                return
        if self.round < self.rules.rounds:
            self._start_round(self.round + 1)
            return
        if self.two_player:
            self._end(self._top(1)[0], "most-fans")
            return
        self.finalists = tuple(self._top(2))
        self._emit("finalists", self.finalists)
        self.phase = FINAL_DECK
        self.round = self.rules.rounds + 1
        self.deck_phases = {i: DeckPhase(i, self.players[i].deck, (), self.piles, self.rng, self.rules.draw, self.log)
                            for i in self.finalists}

    def _end(self, winner, reason):
        self.winner, self.end_reason = winner, reason
        self.phase = OVER
        self._emit("champion", winner, None, None, reason)

    # ------------------------------------------------------------------ reading the state
    def standings(self) -> list:
        """Players in rank order (the Robot only where it collects: solo)."""
        pool = [p for p in self.players if not p.robot or self.solo]
        return sorted(pool, key=_rank_order)

    def _top(self, n) -> list:
        """The first ``n`` players by rank; a tie the rules leave open at the cut is
        decided by a flag toss (the tournament's generator)."""
        ranked = self.standings()
        keys = [p.rank_key() for p in ranked]
        cut = keys[n - 1]
        sure = [p.index for p, key in zip(ranked, keys) if key > cut]
        tied = [p.index for p, key in zip(ranked, keys) if key == cut]
        if len(sure) + len(tied) > n:
            self._emit("tie-toss", tuple(tied))
            self.rng.shuffle(tied)
        return (sure + tied)[:n]

    def fans_visible(self, viewer=None) -> bool:
        """Trophy values are hidden from others, except with 2 players or solo, or at the end."""
        return self.two_player or self.phase == OVER

    def public_standings(self, viewer=None) -> list:
        """What a screen may show ``viewer`` (``None``: everyone, e.g. a TV)."""
        show_all = self.fans_visible()
        rows = []
        for rank, p in enumerate(self.standings(), 1):
            own = viewer is not None and viewer == p.index
            rows.append({
                "rank": rank if show_all else None, "player": p.index, "name": p.name, "robot": p.robot,
                "fan_tokens": p.fans, "trophy_rounds": sorted(r for r, _ in p.trophies),
                "fans": p.total_fans if (show_all or own) else None,
            })
        if not show_all:
            rows.sort(key=lambda r: r["player"])
        return rows

    def _who_can_act(self):
        """Who can act now, one at a time: ("deck", player) or ("match", park, player)."""
        if self.phase in (DECK, FINAL_DECK):
            for i, d in self.deck_phases.items():
                if d.stage != DONE:
                    yield ("deck", i)
        elif self.phase in (MATCH, FINAL):
            for park, m in self.matches.items():       # created in park order
                kind, side = m.expect
                if kind == REVEAL:
                    yield ("match", park, m.players[side])
                elif kind == CHOOSE:
                    yield ("match", park, m.players[m.pending.player])
                elif kind == TOSS:
                    yield ("match", park, m.players[0])

    def waiting(self) -> list:
        """Who can act now: [("deck", player) | ("match", park, player)]."""
        return list(self._who_can_act())

    def snapshot(self) -> dict:
        """The whole tournament as plain values (to compare two states)."""
        return {
            "round": self.round, "phase": self.phase, "rng": self.rng.getstate(),
            "players": [(p.name, p.robot, [c.id for c in p.deck], p.fans, list(p.trophies), p.lost_previous)
                        for p in self.players],
            "piles": {lv: ([c.id for c in self.piles.piles[lv]], [c.id for c in self.piles.discards[lv]])
                      for lv in "ABC"},
            "deck_phases": {i: (d.stage, [c.id for c in d.drawn], d.picks_left, d.redraw_used, d.pending)
                            for i, d in self.deck_phases.items()},
            "matches": {park: m.snapshot() for park, m in self.matches.items()},
            "results": list(self.results), "winner": self.winner, "actions": len(self.actions),
        }

    def next_waiting(self):
        """The first of :meth:`waiting`, found without building the list."""
        phase = self.phase
        if phase == DECK or phase == FINAL_DECK:
            for i, d in self.deck_phases.items():
                if d.stage != DONE:
                    return ("deck", i)
        elif phase == MATCH or phase == FINAL:
            for park, m in self.matches.items():       # created in park order
                kind, side = m.expect
                if kind == REVEAL:
                    return ("match", park, m.players[side])
                if kind == CHOOSE:
                    return ("match", park, m.players[m.pending.player])
                if kind == TOSS:
                    return ("match", park, m.players[0])
        return None

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def shallow_copy(self) -> Tournament:
        """A new tournament whose every field holds the same object as this one's (a copy
        replaces the ones that change).  Compiled, the fields are an extension type's, not
        a ``__dict__``: they are copied by name."""
        c = Tournament.__new__(Tournament)
        for name in _FIELDS:
            setattr(c, name, getattr(self, name))
        extra = getattr(self, "__dict__", None)
        if extra:
            c.__dict__.update(extra)
        return c


# Every field a Tournament has (tournament.pxd declares them for the compiled type).
_FIELDS = ("library", "setup", "rules", "box", "rng", "log", "solo", "two_player", "plan", "parks", "set_ids",
           "icons_in_play", "by_slot", "piles", "trophy_for", "_icons_sorted", "_icons_frozen", "round", "phase",
           "finalists", "winner", "end_reason", "lesson", "actions", "players", "results", "deck_phases",
           "matches")


def _relay(m, log):
    """Move the match's events into the tournament's log, its sides (0, 1) named as the
    tournament's players."""
    players = m.players
    for e in m.log:
        log.append(Event(e.kind, players[e.player] if isinstance(e.player, int) else e.player,
                         e.card, e.value, e.info))
    m.log.clear()


def _rank_order(p):
    """Sort key of the standings: rank (most fans, trophies, highest trophy round), then seat."""
    fans, trophies, best_round = p.rank_key()
    return (-fans, -trophies, -best_round, p.index)


def match_from_spec(catalogue, spec: dict, record=True) -> Match:
    """The match a spec describes (plain JSON-able values): the tournament builds its
    matches this way, and a kiosk given the same spec plays exactly the same match."""
    card = catalogue.card
    light, dark = spec["players"]
    light_name, dark_name = spec["names"]
    m = _new_match(spec["park"], light, dark, light_name, dark_name, spec["seed"], spec["beginner"], spec["round"],
                   [[card(c) for c in deck] for deck in spec["decks"]], tuple(spec["fans"]),
                   tuple(spec["trophies"]), tuple(spec["lost_previous"]),
                   PileReserve({lv: [card(c) for c in ids] for lv, ids in spec["reserve"].items()}),
                   frozenset(spec["icons_in_play"]), record)
    m.spec = spec
    return m


def _new_match(park, light, dark, light_name, dark_name, seed, beginner, round_no, decks, fans, trophies,
               lost_previous, reserve, icons_in_play, record) -> Match:
    """The match at ``park`` between players ``light`` and ``dark`` (their decks of card
    types, ...), as its spec describes it."""
    m = Match(decks, rng=seed, beginner=beginner, round=round_no, piles=reserve, names=(light_name, dark_name),
              fans=fans, trophies=trophies, lost_previous=lost_previous, icons_in_play=icons_in_play, record=record)
    m.players = (light, dark)
    m.park = park
    return m


def _describe(park, final, players, names, seed, beginner, round_no, decks, fans, trophies, lost_previous,
              icons, reserve) -> dict:
    """A match's spec: plain values (card ids, lists), what :func:`match_from_spec` reads."""
    return {
        "park": park, "round": round_no, "final": final,
        "players": list(players), "names": list(names), "seed": seed, "beginner": beginner,
        "decks": [[c.id for c in deck] for deck in decks],
        "fans": list(fans), "trophies": list(trophies), "lost_previous": list(lost_previous),
        "icons_in_play": list(icons),
        "reserve": {lv: [c.id for c in cards] for lv, cards in reserve},
    }


def replay(library, setup: Setup, actions, record=True) -> Tournament:
    """A new tournament from ``setup`` with ``actions`` applied in order."""
    t = Tournament(library, setup, record=record)
    for a in actions:
        t.apply(a)
    return t
