"""A duel of Between Battle: the state, the actions, the rules.

Two players, each with a character's deck of 17 cards and a help card.  In the
middle, two zones (``a`` and ``b``) where piles grow.  On your turn you either
*play* a card of your hand onto one zone -- its number must lie strictly
between the two zones' top values -- or *take damage*: your opponent chooses
a pile and gives it to you, one damage per card.  Whoever's damage reaches
their hit points loses; a player who plays their last card strikes the *Coup
fatal*.

The actions (text form ``"<seat> <kind> <args>"``):

``play <card> <zone>``
    play a card of your hand on zone ``a`` or ``b``.
``link <card> <zone>``
    create a link: a Link card of your hand onto a pile that offers a link.
``damage``
    take damage.
``give <zone>``
    (the opponent of the player taking damage) the pile they receive.
``raise <card>``
    (after a Joker) the card of the pile that goes on top of the Joker.
``take <card>``
    (the Pirate's unique) the card of your deck that goes to your hand.

A choice with one possible answer is not asked: it is made and said in the
events.  Every random draw (shuffles, the first player, a random discard)
comes from ``state.rng``, seeded by the set-up.
"""

from __future__ import annotations

import random
import weakref
from typing import Any

from engine.between.cards import Deckbook
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, GameSetup, Outcome, Termination, check_schema

ZONES = ("a", "b")
ZONE_OF = {"a": 0, "b": 1}

# Reasons a game ends (Outcome.reason).
HIT_POINTS = "hit-points"              # a player's damage reached their hit points
COUP_FATAL = "coup-fatal"              # the Coup fatal's damage reached the opponent's hit points
COUP_FATAL_POINTS = "coup-fatal-hit-points"   # after a Coup fatal: more hit points left
COUP_FATAL_TIE = "coup-fatal-tie"      # after a Coup fatal: equal hit points, the striker wins
NO_CARDS = "no-cards"                  # a player with nothing to play and no pile to take


class _Actions:
    """Every action a game can ever offer, built once per Deckbook and shared:
    an :class:`Action` checks its form when made, which the inner loop need not
    repeat."""

    def __init__(self, book: Deckbook) -> None:
        ids = book.ids
        self.play = [[Action(0, "play", (i, z)), Action(1, "play", (i, z))] for i in ids for z in ZONES]
        self.link = [[Action(0, "link", (i, z)), Action(1, "link", (i, z))] for i in ids for z in ZONES]
        self.raise_ = [(Action(0, "raise", (i,)), Action(1, "raise", (i,))) for i in ids]
        self.take = [(Action(0, "take", (i,)), Action(1, "take", (i,))) for i in ids]
        self.damage = (Action(0, "damage"), Action(1, "damage"))
        self.give = [[Action(p, "give", (z,)) for z in ZONES] for p in (0, 1)]


def _zone_name(z: int | None) -> str | None:
    """A zone's letter in an observation, None for no zone."""
    return None if z is None else ZONES[z]


_ACTIONS: weakref.WeakKeyDictionary[Deckbook, _Actions] = weakref.WeakKeyDictionary()


def _actions_for(book: Deckbook) -> _Actions:
    acts = _ACTIONS.get(book)
    if acts is None:
        acts = _ACTIONS[book] = _Actions(book)
    return acts


def parse_characters(book: Deckbook, value: Any) -> list[str] | None:
    """The ``characters`` option (``"pirate,ninja"`` or a list) as two character ids."""
    if value is None:
        return None
    if isinstance(value, str):
        value = [v for v in value.split(",")]
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("characters: name two characters, e.g. pirate,ninja "
                         f"(one of {', '.join(book.characters)})")
    ids = [book.character(v).id for v in value]
    if ids[0] == ids[1]:
        raise ValueError(f"characters: the two players need different characters, not {ids[0]} twice")
    return ids


class BetweenState:
    """One duel.  Seats 0 and 1; zones 0 (``a``) and 1 (``b``); cards are the
    Deckbook's indices.  Decks keep their top card last; piles their top card last."""

    __slots__ = ("acts", "announced", "bind_zone", "book", "chars", "current", "damage", "decks", "discard", "extra",
                 "first", "hands", "hp", "links", "next_bind", "next_silence", "outward", "pending", "result",
                 "revealed", "rng", "setup", "silenced", "turn", "zones")

    def __init__(self, book: Deckbook, setup: GameSetup, deal: bool = True) -> None:
        if len(setup.players) != 2:
            raise ValueError(f"Between Battle is a duel: 2 players, not {len(setup.players)} "
                             "(four players play two duels)")
        self.setup = setup
        self.book = book
        self.acts = _actions_for(book)
        self.rng = random.Random(setup.seed)
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], []]
        self.zones: list[list[int]] = [[], []]
        self.outward: set[int] = set()          # Link cards played as a number, turned outward
        self.links = [0, 0]                     # outward Link cards in each zone's pile
        self.discard: list[int] = []
        self.damage: list[list[int]] = [[], []]
        self.revealed: list[set[int]] = [set(), set()]
        self.current = 0
        self.pending: tuple[str, int, int] | None = None       # ("give", chooser, taker) / ("raise", p, zone) / ("take", p, zone)
        self.extra = False                      # the turn's ability grants another turn
        self.bind_zone: int | None = None       # this turn: must play on this zone (Knight's special)
        self.silenced = False                   # this turn: the played card has no ability (Knight's unique)
        self.next_bind: list[int | None] = [None, None]
        self.next_silence = [False, False]
        self.turn = 0
        self.announced = 0                      # the last turn whose first action has been played
        self.first = 0
        self.result: Outcome | None = None
        if not deal:
            self.chars: tuple[str, ...] = ("", "")
            self.hp: tuple[int, ...] = (0, 0)
            return
        opts = setup.options
        chars = parse_characters(book, opts.get("characters"))
        if chars is None:
            chars = self.rng.sample(sorted(book.characters), 2)
        self.chars = tuple(chars)
        self.hp = tuple(book.characters[c].hit_points for c in chars)
        decks = opts.get("decks")
        for p, cid in enumerate(chars):
            own = list(book.characters[cid].cards)
            if decks is None:
                self.rng.shuffle(own)
                self.decks[p] = own
            else:
                self.decks[p] = self._fixed_deck(p, cid, decks)
        first = opts.get("first")
        if first is None:
            first = self.rng.randrange(2)
        elif first not in (0, 1, "0", "1"):
            raise ValueError(f"first: the seat that begins, 0 or 1, not {first!r}")
        self.first = int(first)
        for p in (0, 1):
            self._draw_up(p, None)
        self._start_turn(self.first, None)

    def _fixed_deck(self, p: int, cid: str, decks: Any) -> list[int]:
        if not isinstance(decks, (list, tuple)) or len(decks) != 2:
            raise ValueError("decks: two lists of card ids, top card first")
        ids = decks[p]
        want = sorted(self.book.characters[cid].cards)
        try:
            got = [self.book.by_id[i] for i in ids]
        except (KeyError, TypeError):
            raise ValueError(f"decks: seat {p}'s deck names a card that does not exist") from None
        if sorted(got) != want:
            raise ValueError(f"decks: seat {p}'s deck must hold each of the {cid}'s {len(want)} cards once")
        return got[::-1]

    # ------------------------------------------------------------------ the contract

    @property
    def num_players(self) -> int:
        return 2

    def to_act(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        if self.pending is not None:
            return frozenset((self.pending[1],))
        return frozenset((self.current,))

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self, player: int) -> list[Action]:
        if self.result is not None:
            return []
        pend = self.pending
        if pend is not None:
            if player != pend[1]:
                return []
            return [self._choice_action(player, c) for c in self._choices()]
        if player != self.current:
            return []
        book = self.book
        acts = self.acts
        values = book.values
        zones = self.zones
        za, zb = zones
        allowed: tuple[int, ...]
        if self.bind_zone is not None:
            allowed = (self.bind_zone,)
        elif not za:
            allowed = (0,) if zb else (0, 1)
        elif not zb:
            allowed = (1,)
        else:
            allowed = (0, 1)
        lo, hi = self._bounds()
        can_link = self.bind_zone is None and za and zb and (self.links[0] or self.links[1])
        out = []
        for c in self.hands[player]:
            v = values[c]
            if v is None or lo < v < hi:
                for z in allowed:
                    out.append(acts.play[2 * c + z][player])
            if can_link and book.links[c]:
                for z in (0, 1):
                    if self.links[z]:
                        out.append(acts.link[2 * c + z][player])
        if za or zb:
            out.append(acts.damage[player])
        return out

    def _bounds(self) -> tuple[int, int]:
        """The open interval a played number must lie in: (lo, hi) with lo < v < hi.
        Any number fits when a zone is empty, a top is a Joker (wild), or the two
        tops are equal or consecutive."""
        za, zb = self.zones
        if not za or not zb:
            return -1, 1000
        ta = self.book.values[za[-1]]
        tb = self.book.values[zb[-1]]
        if ta is None or tb is None:
            return -1, 1000
        if ta > tb:
            ta, tb = tb, ta
        if tb - ta <= 1:
            return -1, 1000
        return ta, tb

    def apply(self, action: Action) -> list[Event]:
        if self.result is not None:
            raise IllegalAction("the game is over")
        p = action.player
        kind = action.kind
        pend = self.pending
        if pend is not None:
            if p != pend[1]:
                raise IllegalAction(f"player {p} cannot act now: player {pend[1]} is choosing ({pend[0]})")
            if kind != pend[0] or len(action.args) != 1:
                raise IllegalAction(f"player {p} must answer '{pend[0]}' now, not {action}")
            choice = self._parse_choice(pend[0], action.args[0])
            if choice not in self._choices():
                raise IllegalAction(f"not a possible answer now: {action}")
            events: list[Event] = []
            self._answer(choice, events)
            return events
        if p != self.current:
            raise IllegalAction(f"player {p} cannot act now: it is player {self.current}'s turn")
        if kind == "damage":
            if action.args:
                raise IllegalAction("'damage' takes no argument")
            if not self.zones[0] and not self.zones[1]:
                raise IllegalAction("no damage to take: both zones are empty")
            events = self._announce(p)
            self._take_damage(p, events)
            return events
        if kind not in ("play", "link"):
            raise IllegalAction(f"not an action of Between Battle: {action}")
        if len(action.args) != 2 or action.args[1] not in ZONE_OF:
            raise IllegalAction(f"'{kind}' takes a card and a zone (a or b): {action}")
        c = self.book.by_id.get(action.args[0]) if type(action.args[0]) is str else None
        if c is None or c not in self.hands[p]:
            raise IllegalAction(f"{action.args[0]} is not a card of player {p}'s hand")
        z = ZONE_OF[action.args[1]]
        if kind == "play":
            self._check_play(c, z)
            events = self._announce(p)
            self._play(p, c, z, events)
        else:
            self._check_link(c, z)
            events = self._announce(p)
            self._create_link(p, c, z, events)
        return events

    def _announce(self, p: int) -> list[Event]:
        """The events of a turn's first action begin with the turn itself ("Turn 7: player 1"):
        said when the turn is played, so the first turn is said too."""
        if self.announced == self.turn:
            return []
        self.announced = self.turn
        return [Event("turn", p, None, self.turn)]

    # ------------------------------------------------------------------ playing a card

    def _check_play(self, c: int, z: int) -> None:
        """The between rule and where a card may go, or IllegalAction saying why."""
        if self.bind_zone is not None and z != self.bind_zone:
            raise IllegalAction(f"the Knight binds this turn to zone {ZONES[self.bind_zone]}: "
                                "play there or take damage")
        if self.bind_zone is None and self.zones[z] and not self.zones[1 - z]:
            raise IllegalAction(f"zone {ZONES[1 - z]} is empty: it must be played on first")
        v = self.book.values[c]
        lo, hi = self._bounds()
        if v is not None and not lo < v < hi:
            raise IllegalAction(f"{self.book.ids[c]} does not lie between {lo} and {hi}")

    def _play(self, p: int, c: int, z: int, events: list[Event]) -> None:
        """Play: the card goes on top of zone ``z``'s pile; a Link card is turned
        outward (that pile now offers a link); then the card's ability, which is
        mandatory -- or, for a Joker, the raise."""
        book = self.book
        self.hands[p].remove(c)
        self.revealed[p].discard(c)
        self.zones[z].append(c)
        if book.links[c]:
            self.outward.add(c)
            self.links[z] += 1
        if events is not None:
            events.append(Event("play", p, book.ids[c], ZONES[z]))
        if book.values[c] is None:
            self._joker(p, z, events)
            return
        self._ability(p, c, z, events)
        if self.pending is None:
            self._end_turn(p, events)

    def _joker(self, p: int, z: int, events: list[Event]) -> None:
        """The Joker: its owner chooses a numbered card of the pile, which moves on
        top of the Joker and acts as if just played.  With no numbered card under
        it, the Joker stays on top as a wild value."""
        below = [x for x in self.zones[z][:-1] if self.book.values[x] is not None]
        if not below:
            events.append(Event("wild", p, None, ZONES[z]))
            self._end_turn(p, events)
            return
        if len(below) == 1:             # one card to raise: no question
            self._raise(p, z, below[0], events)
        else:
            self.pending = ("raise", p, z)

    def _raise(self, p: int, z: int, c: int, events: list[Event]) -> None:
        pile = self.zones[z]
        pile.remove(c)
        pile.append(c)
        events.append(Event("raise", p, self.book.ids[c], ZONES[z]))
        self._ability(p, c, z, events)
        if self.pending is None:
            self._end_turn(p, events)

    def _ability(self, p: int, c: int, z: int, events: list[Event]) -> None:
        """Apply card ``c``'s ability for player ``p`` (who played it, or raised it
        with a Joker -- an opponent's card then acts for ``p``); ``z`` is its pile."""
        effect = self.book.effects[c]
        if effect is None:
            return
        if self.silenced:
            events.append(Event("silenced", p, self.book.ids[c]))
            return
        q = 1 - p
        book = self.book
        events.append(Event("ability", p, book.ids[c], None, effect))
        if effect == "discard-random":
            hand = self.hands[q]
            if hand:
                lost = hand.pop(self.rng.randrange(len(hand)))
                self.revealed[q].discard(lost)
                self.discard.append(lost)
                events.append(Event("discard", q, book.ids[lost]))
        elif effect == "draw":
            if self.decks[p]:
                self.hands[p].append(self.decks[p].pop())
                events.append(Event("draw", p, None, 1))
        elif effect == "extra-turn":
            self.extra = True
        elif effect == "bind-pile":
            self.next_bind[q] = z
            events.append(Event("bind", q, None, ZONES[z]))
        elif effect == "silence":
            self.next_silence[q] = True
            events.append(Event("silence", q))
        elif effect == "reveal-hand":
            self.revealed[q] = set(self.hands[q])
            events.append(Event("reveal", q, None, None, tuple(sorted(book.ids[x] for x in self.hands[q]))))
        elif effect == "pull-top":
            other = self.zones[1 - z]
            if other:
                x = other.pop()
                self.zones[z].append(x)
                if x in self.outward:
                    self.links[1 - z] -= 1
                    self.links[z] += 1
                events.append(Event("move", p, book.ids[x], ZONES[z], ZONES[1 - z]))
        elif effect == "tutor":
            deck = self.decks[p]
            if len(deck) == 1:          # one card to take: no question
                self._tutor(p, deck[0], events)
            elif deck:
                self.pending = ("take", p, z)
        else:  # pragma: no cover - the data loader accepts only known effects
            raise AssertionError(effect)

    def _tutor(self, p: int, c: int, events: list[Event]) -> None:
        deck = self.decks[p]
        deck.remove(c)
        self.hands[p].append(c)
        self.rng.shuffle(deck)
        events.append(Event("take", p, None, 1))
        events.append(Event("shuffle", p))

    # ------------------------------------------------------------------ links

    def _check_link(self, c: int, z: int) -> None:
        if not self.book.links[c]:
            raise IllegalAction(f"{self.book.ids[c]} is not a Link card")
        if self.bind_zone is not None:
            raise IllegalAction("the Knight binds this turn: no link can be created")
        if not self.zones[0] or not self.zones[1]:
            raise IllegalAction("a zone is empty: it must be played on first")
        if not self.links[z]:
            raise IllegalAction(f"the pile of zone {ZONES[z]} offers no link")

    def _create_link(self, p: int, c: int, z: int, events: list[Event]) -> None:
        """Create a link: the connected pile is discarded and the Link card starts a
        new pile in its zone (its own link used up: it lies plain)."""
        self.hands[p].remove(c)
        self.revealed[p].discard(c)
        pile = self.zones[z]
        self.outward.difference_update(pile)
        self.discard.extend(pile)
        events.append(Event("link", p, self.book.ids[c], ZONES[z], len(pile)))
        self.zones[z] = [c]
        self.links[z] = 0
        self._end_turn(p, events)

    # ------------------------------------------------------------------ damage

    def _take_damage(self, p: int, events: list[Event]) -> None:
        events.append(Event("damage", p))
        za, zb = self.zones
        if za and zb:
            self.pending = ("give", 1 - p, p)
        else:
            self._give(p, 0 if za else 1, events)

    def _give(self, p: int, z: int, events: list[Event]) -> None:
        """Player ``p`` receives zone ``z``'s whole pile: one damage a card, out of
        play for good.  Then both draw back to 5 and ``p`` begins a new turn."""
        self.pending = None
        pile = self.zones[z]
        self.zones[z] = []
        self.links[z] = 0
        self.outward.difference_update(pile)
        self.damage[p].extend(pile)
        events.append(Event("hit", p, None, len(pile), ZONES[z]))
        if len(self.damage[p]) >= self.hp[p]:
            self._finish(1 - p, HIT_POINTS, events)
            return
        self._draw_up(p, events)
        self._draw_up(1 - p, events)
        self.bind_zone = None
        self.silenced = False
        self.extra = False
        self._start_turn(p, events)

    # ------------------------------------------------------------------ choices

    def _pending(self) -> tuple[str, int, int]:
        """The choice being waited for (only asked while there is one)."""
        pending = self.pending
        assert pending is not None, "no choice is pending"
        return pending

    def _choices(self) -> list[int]:
        kind, p, z = self._pending()
        if kind == "give":
            return [y for y in (0, 1) if self.zones[y]]
        if kind == "raise":
            values = self.book.values
            return [x for x in self.zones[z][:-1] if values[x] is not None]
        return sorted(self.decks[p])   # take: by card, never in deck order

    def _choice_action(self, player: int, c: int) -> Action:
        kind = self._pending()[0]
        if kind == "give":
            return self.acts.give[player][c]
        if kind == "raise":
            return self.acts.raise_[c][player]
        return self.acts.take[c][player]

    def _parse_choice(self, kind: str, arg: Any) -> int | None:
        if kind == "give":
            return ZONE_OF.get(arg) if type(arg) is str else None
        return self.book.by_id.get(arg) if type(arg) is str else None

    def _answer(self, choice: int, events: list[Event]) -> None:
        kind, p, z = self._pending()
        if kind == "give":
            events.append(Event("give", p, None, ZONES[choice]))
            self._give(z, choice, events)
            return
        self.pending = None
        if kind == "raise":
            self._raise(p, z, choice, events)
        else:
            self._tutor(p, choice, events)
            self._end_turn(p, events)

    # ------------------------------------------------------------------ turns and the end

    def _draw_up(self, p: int, events: list[Event] | None) -> None:
        hand, deck = self.hands[p], self.decks[p]
        n = 0
        while len(hand) < self.book.hand_size and deck:
            hand.append(deck.pop())
            n += 1
        if n and events is not None:
            events.append(Event("draw", p, None, n))

    def _start_turn(self, p: int, events: list[Event] | None) -> None:
        self.current = p
        self.turn += 1
        self.bind_zone = self.next_bind[p]
        self.silenced = self.next_silence[p]
        self.next_bind[p] = None
        self.next_silence[p] = False
        if not self.hands[p] and not self.zones[0] and not self.zones[1]:
            self._finish(1 - p, NO_CARDS, events)

    def _end_turn(self, p: int, events: list[Event]) -> None:
        """The end of a turn after a play: the Coup fatal if ``p`` has played their
        last card; a player with an empty hand draws up to 5; then the opponent's
        turn (or ``p``'s again, when the Ninja's special gave one)."""
        if not self.hands[p] and not self.decks[p]:
            self._coup_fatal(p, events)
            return
        if not self.hands[p]:
            self._draw_up(p, events)
        if not self.hands[1 - p]:
            self._draw_up(1 - p, events)
        extra = self.extra
        self.extra = False
        self.bind_zone = None
        self.silenced = False
        self._start_turn(p if extra else 1 - p, events)

    def _coup_fatal(self, p: int, events: list[Event]) -> None:
        """Coup fatal: the opponent takes as damage every card still in their hand
        and deck; then a player at 0 hit points loses, otherwise more hit points
        left wins, and a tie goes to ``p``, who ended the game."""
        q = 1 - p
        taken = self.hands[q] + self.decks[q][::-1]
        self.hands[q] = []
        self.decks[q] = []
        self.revealed[q] = set()
        self.damage[q].extend(taken)
        events.append(Event("coup-fatal", p, None, len(taken)))
        left = [self.hp[s] - len(self.damage[s]) for s in (0, 1)]
        if left[q] <= 0:
            self._finish(p, COUP_FATAL, events)
        elif left[p] != left[q]:
            self._finish(p if left[p] > left[q] else q, COUP_FATAL_POINTS, events)
        else:
            self._finish(p, COUP_FATAL_TIE, events)

    def _finish(self, winner: int, reason: str, events: list[Event] | None) -> None:
        self.pending = None
        left = tuple(max(0, self.hp[s] - len(self.damage[s])) for s in (0, 1))
        self.result = Outcome(Termination.WIN, (winner,), reason, left,
                              {"hit_points_left": list(left), "turns": self.turn,
                               "characters": list(self.chars)})
        if events is not None:
            events.append(Event("win", winner, None, None, reason))

    # ------------------------------------------------------------------ views and copies

    def tops(self) -> list[int | str | None]:
        """Each zone's top value: a number, ``"wild"`` (a Joker) or ``None`` (empty)."""
        out: list[int | str | None] = []
        for pile in self.zones:
            if not pile:
                out.append(None)
            else:
                v = self.book.values[pile[-1]]
                out.append("wild" if v is None else v)
        return out

    def playable(self) -> dict[str, Any]:
        """What the next card may be: ``{"zones": [...], "any": bool, "between": [lo, hi]}``."""
        za, zb = self.zones
        if self.bind_zone is not None:
            zones = [ZONES[self.bind_zone]]
        elif not za or not zb:
            zones = [ZONES[z] for z in (0, 1) if not self.zones[z]]
        else:
            zones = list(ZONES)
        lo, hi = self._bounds()
        if lo < 0:
            return {"zones": zones, "any": True, "between": None}
        return {"zones": zones, "any": False, "between": [lo, hi]}

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees (``None``: a spectator).  Hidden: the opponent's hand
        (all but the cards the Ninja made them reveal) and the order of every deck.
        A player choosing with the Pirate's unique sees their own deck, sorted."""
        ids = self.book.ids
        hands: list[Any] = []
        for s in (0, 1):
            if s == player:
                hands.append([ids[c] for c in self.hands[s]])
            else:
                hands.append(None)
        pend = None
        if self.pending is not None:
            kind, chooser, z = self.pending
            pend = {"kind": kind, "player": chooser}
            if kind == "give":
                pend["taker"] = z
            else:
                pend["zone"] = ZONES[z]
            if player == chooser:
                pend["options"] = [a.args[0] for a in self.legal_actions(chooser)]
        return {
            SCHEMA_KEY: OBSERVATION_SCHEMA,
            "game": "between",
            "you": player,
            "players": list(self.setup.players),
            "characters": list(self.chars),
            "hit_points": list(self.hp),
            "damage": [[ids[c] for c in d] for d in self.damage],
            "hand": hands[player] if player is not None else None,
            "hands": hands,
            "hand_sizes": [len(h) for h in self.hands],
            "revealed": [sorted(ids[c] for c in r) for r in self.revealed],
            "deck_sizes": [len(d) for d in self.decks],
            "zones": [[ids[c] for c in pile] for pile in self.zones],
            "outward": sorted(ids[c] for c in self.outward),
            "links": list(map(bool, self.links)),
            "tops": self.tops(),
            "playable": self.playable(),
            "discard": [ids[c] for c in self.discard],
            "current": self.current,
            "first": self.first,
            "turn": self.turn,
            "turn_announced": self.announced == self.turn,
            "to_act": sorted(self.to_act()),
            "pending": pend,
            "extra_turn": self.extra,
            "bound": {"zone": None if self.bind_zone is None else ZONES[self.bind_zone],
                      "silenced": self.silenced},
            "next_bound": [{"zone": _zone_name(self.next_bind[s]),
                            "silenced": self.next_silence[s]} for s in (0, 1)],
            "outcome": None if self.result is None else self.result.to_json(),
        }

    def clone(self) -> BetweenState:
        c = BetweenState.__new__(BetweenState)
        c.setup = self.setup
        c.book = self.book
        c.acts = self.acts
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.chars = self.chars
        c.hp = self.hp
        c.hands = [self.hands[0][:], self.hands[1][:]]
        c.decks = [self.decks[0][:], self.decks[1][:]]
        c.zones = [self.zones[0][:], self.zones[1][:]]
        c.outward = set(self.outward)
        c.links = self.links[:]
        c.discard = self.discard[:]
        c.damage = [self.damage[0][:], self.damage[1][:]]
        c.revealed = [set(self.revealed[0]), set(self.revealed[1])]
        c.current = self.current
        c.pending = self.pending
        c.extra = self.extra
        c.bind_zone = self.bind_zone
        c.silenced = self.silenced
        c.next_bind = self.next_bind[:]
        c.next_silence = self.next_silence[:]
        c.turn = self.turn
        c.announced = self.announced
        c.first = self.first
        c.result = self.result
        return c


def new(book: Deckbook, setup: GameSetup) -> BetweenState:
    """A duel set up as the rulebook says: characters (given, or drawn), each deck
    shuffled (or in the order ``options["decks"]`` gives, top card first), five
    cards each, the first player drawn (or ``options["first"]``)."""
    return BetweenState(book, setup)


def determinize(book: Deckbook, obs: dict[str, Any], player: int, rng: random.Random) -> BetweenState:
    """A full state consistent with ``player``'s observation: every card ``player``
    cannot see (the opponent's hidden hand, both decks' order) drawn from ``rng``."""
    check_schema(obs, "a Between Battle observation")
    by_id = book.by_id
    names = tuple(obs["players"])
    setup = GameSetup("between", names, rng.randrange(2**31), {"characters": list(obs["characters"])})
    s = BetweenState(book, setup, deal=False)
    s.chars = tuple(obs["characters"])
    s.hp = tuple(obs["hit_points"])
    s.zones = [[by_id[i] for i in pile] for pile in obs["zones"]]
    s.outward = {by_id[i] for i in obs["outward"]}
    s.links = [sum(1 for c in pile if c in s.outward) for pile in s.zones]
    s.discard = [by_id[i] for i in obs["discard"]]
    s.damage = [[by_id[i] for i in d] for d in obs["damage"]]
    s.revealed = [{by_id[i] for i in r} for r in obs["revealed"]]
    seen = set(s.discard) | s.outward | {c for pile in s.zones for c in pile} | {c for d in s.damage for c in d}
    pend = obs["pending"]
    for q in (0, 1):
        own = book.characters[s.chars[q]].cards
        if q == player:
            hand = [by_id[i] for i in obs["hand"]]
            rest = [c for c in own if c not in seen and c not in hand]
            rng.shuffle(rest)
            s.hands[q] = hand
            s.decks[q] = rest
        else:
            shown = [c for c in own if c in s.revealed[q]]
            rest = [c for c in own if c not in seen and c not in s.revealed[q]]
            rng.shuffle(rest)
            hidden = obs["hand_sizes"][q] - len(shown)
            s.hands[q] = shown + rest[:hidden]
            s.decks[q] = rest[hidden:]
    s.current = obs["current"]
    s.first = obs["first"]
    s.turn = obs["turn"]
    s.announced = s.turn if obs["turn_announced"] else s.turn - 1
    s.extra = obs["extra_turn"]
    s.bind_zone = ZONE_OF.get(obs["bound"]["zone"])
    s.silenced = obs["bound"]["silenced"]
    s.next_bind = [ZONE_OF.get(b["zone"]) for b in obs["next_bound"]]
    s.next_silence = [b["silenced"] for b in obs["next_bound"]]
    if pend is not None:
        third = pend["taker"] if pend["kind"] == "give" else ZONE_OF[pend["zone"]]
        s.pending = (pend["kind"], pend["player"], third)
    if obs["outcome"] is not None:
        o = obs["outcome"]
        s.result = Outcome(Termination(o["termination"]), tuple(o["winners"]), o["reason"],
                           None if o["scores"] is None else tuple(o["scores"]), o["detail"])
    return s
