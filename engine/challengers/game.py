"""Challengers! on the game-neutral contract of :mod:`engine.game`.

A :class:`ChallengersState` wraps one :class:`~engine.challengers.tournament.Tournament`
and changes nothing of its rules: every contract :class:`~engine.game.Action`
is one of the tournament's own action tuples, spelled as a typed value.

Seats are the tournament's players: the people of the set-up in order, then
the Robot when their count is odd (solo: seat 1 is the Robot).

============================  =====================================================
contract action               tournament action
============================  =====================================================
``Action(p, "deck.option", (i,))``   ``("deck", p, "option", i)``  draft option ``i``
``Action(p, "deck.redraw")``         ``("deck", p, "redraw")``
``Action(p, "deck.pick", (i,))``     ``("deck", p, "pick", i)``    drawn card ``i``
``Action(p, "deck.choose", (i,))``   ``("deck", p, "choose", i)``  a when-picked choice
``Action(p, "deck.remove", (i,))``   ``("deck", p, "remove", i)``  deck card ``i``
``Action(p, "deck.done")``           ``("deck", p, "done")``
``Action(p, "deck.undo")``           ``("deck", p, "undo")``  (the contract's own: see below)
``Action(p, "match.toss")``          ``("match", park, "toss")``    (the light side tosses)
``Action(p, "match.reveal")``        ``("match", park, "reveal", side)``
``Action(p, "match.choose", (i,))``  ``("match", park, "choose", side, i)``
============================  =====================================================

``park`` and ``side`` follow from ``p``: a player plays at most one match at a
time.  Deck Phases run in parallel, so several players may act at once.

Taking a decision back (``deck.undo``) is the table's courtesy, not a rule, so it
lives here and the tournament's rules never see it.  A person's pick, when-picked
choice or removal can be taken back, the last first, until they say done; an action
that shows new cards (an option, a redraw, a when-picked draw) is final and nothing
before it can be taken back.  Undo restores that player's Deck Phase as it was
before the action (kept as their own view of it, which is also what their
observation carries, so a determinized state can undo too) and takes the cards the
action discarded back from the discards.  Those cards stay in the discards until
another draw shuffles a discard back under its pile: then what was discarded of
that level can no longer be taken back.  The Robot never undoes.  The undo is
recorded (``("deck", p, "undo")`` in ``Tournament.actions``, an ``undo`` event in
the log), so the set-up and the contract actions replay it event for event.

What a player may not see (``shared/spec/challengers.md``, "Hidden
information") is removed in :meth:`ChallengersState.observation` and nowhere
else: no deck's order, for anyone; another player's drafted-but-unplayed cards
(their deck, their draw, their when-picked choices) and the cards left in an
opponent's deck; the fans on other players' trophies except with 2 players or
solo (and at the end); the piles' order; every generator's state.

Besides the tournament (:func:`observe`), a table's observation carries ``"standings"``
(the rows a screen may show that viewer) and ``"ended"``:
per park, the last match that ended there as that viewer may see it, with
``"decided_by"`` (:func:`decided_by`), so a table can keep showing how a match
ended after the tournament has moved on.  Every match view carries ``"powers"``:
the face-up cards' powers as the rules add them up.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MethodType
from typing import Any

from engine.challengers import ABOUT
from engine.challengers.cards import CardType, Effect
from engine.challengers.deckphase import DONE, DeckPhase
from engine.challengers.library import Library
from engine.challengers.match import CHOOSE, REVEAL, TOSS, Match
from engine.challengers.piles import PileReserve
from engine.challengers.steps import bound_step, step_name
from engine.challengers.tournament import DECK, FINAL, FINAL_DECK, MATCH, OVER, Setup, Tournament
from engine.choices import Choice
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, GameSetup, Outcome, Termination

DECK_VERBS = ("option", "redraw", "pick", "choose", "remove", "done", "undo")
#: The Deck Phase actions a person may take back (until they say done).
UNDOABLE = ("deck.pick", "deck.choose", "deck.remove")
MATCH_VERBS = ("toss", "reveal", "choose")

#: The set-up options (``GameSetup.options``), each with one line of help: the package's ABOUT.
OPTIONS = ABOUT.options


# ---------------------------------------------------------------------------- set-up

def _int_option(options: Mapping[str, Any], key: str, default: int) -> int:
    value = options.get(key, default)
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise ValueError(f"option {key!r} is a whole number, not {value!r}")


def _bool_option(options: Mapping[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if type(value) is bool:
        return value
    if isinstance(value, str) and value.lower() in ("yes", "true", "1", "no", "false", "0"):
        return value.lower() in ("yes", "true", "1")
    raise ValueError(f"option {key!r} is yes or no, not {value!r}")


def tournament_dump(t: Tournament) -> dict[str, Any]:
    """A canonical, JSON-able picture of the whole tournament, hidden cards and all (tests check
    a resume against it; never shown to anyone)."""
    def ids(m: Match, insts: Sequence[int]) -> list[list[Any]]:
        return [[i, m.types[i].id] for i in insts]

    d: dict[str, Any] = {
        "round": t.round, "phase": t.phase, "winner": t.winner, "end_reason": t.end_reason,
        "n_actions": len(t.actions), "piles": None,
        "players": [{"name": p.name, "robot": p.robot, "deck": [c.id for c in p.deck], "fans": p.fans,
                     "trophies": [list(x) for x in p.trophies]} for p in t.players],
        "deck_phases": {}, "matches": {}}
    for p, dp in sorted(t.deck_phases.items()):
        d["deck_phases"][str(p)] = {"stage": dp.stage, "drawn": [c.id for c in dp.drawn],
                                    "deck": [c.id for c in dp.deck], "picks_left": dp.picks_left,
                                    "redraw_used": dp.redraw_used, "fans": dp.fans}
    for park, m in sorted(t.matches.items()):
        d["matches"][str(park)] = {
            "expect": list(m.expect), "holder": m.holder, "flag_card": m.flag_card, "attack": list(m.attack),
            "winner": m.winner, "reason": m.reason,
            "pending": None if m.pending is None else [m.pending.player, m.pending.kind, m.pending.source,
                                                       [list(o) for o in m.pending.options]],
            "sides": [{"deck": ids(m, s.deck), "bench": [[seat.key, ids(m, seat.cards), seat.width] for seat in s.bench],
                       "exhaust": ids(m, s.exhaust), "park": ids(m, s.park), "fans": s.fans}
                      for s in m.sides]}
    return d


def tournament_setup(library: Library, setup: GameSetup) -> Setup:
    """The tournament's own set-up from the contract's (options checked, defaults filled)."""
    options = dict(setup.options)
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Challengers! option(s) {', '.join(unknown)} (one of {', '.join(OPTIONS)})")
    sets = options.get("sets")
    if isinstance(sets, str):
        sets = [s.strip() for s in sets.split(",") if s.strip()]
    if sets is not None and not (isinstance(sets, (list, tuple)) and all(isinstance(s, str) for s in sets)):
        raise ValueError(f"option 'sets' is a list of set ids, not {sets!r}")
    set_ids = tuple(sets) if sets else None
    box = options.get("box")
    if box is None:
        # The box whose starter decks and draft the game uses: the basic set's.
        cat = library.catalogue
        basic = next((s for s in set_ids or () if s in cat.sets and cat.sets[s].kind == "basic"), None)
        box = cat.sets[basic].box if basic else "base"
    if not isinstance(box, str) or box not in library.boxes:
        raise ValueError(f"option 'box' is one of {', '.join(library.boxes)}, not {box!r}")
    lesson = options.get("lesson")
    if lesson is not None and (not isinstance(lesson, str) or lesson not in library.lessons):
        raise ValueError(f"option 'lesson' is one of {', '.join(library.lessons) or 'none'}, not {lesson!r}")
    return Setup(players=tuple(setup.players), box=box, sets=set_ids, lesson=lesson,
                 robot_level=_int_option(options, "robot_level", 1), solo_cards=_bool_option(options, "solo_cards"),
                 seed=setup.seed, final_park=_int_option(options, "final_park", 1))


# ---------------------------------------------------------------------------- actions

def to_tuple(t: Tournament, action: Action) -> tuple:
    """The tournament's action tuple for a contract action; :class:`IllegalAction`
    when there is none (nothing is changed)."""
    p = action.player
    kind = action.kind
    if p >= len(t.players):
        raise IllegalAction(f"there is no seat {p}")
    if kind.startswith("deck."):
        verb = kind[5:]
        if verb not in DECK_VERBS:
            raise IllegalAction(f"unknown Deck Phase action {kind!r}")
        return ("deck", p, verb, *action.args)
    if kind.startswith("match."):
        verb = kind[6:]
        m = match_of(t, p)
        if verb not in MATCH_VERBS or m is None:
            raise IllegalAction(f"player {p} has no match action {kind!r} now")
        side = m.players.index(p)
        if verb == "toss":
            if action.args or side != 0:
                raise IllegalAction("the light side tosses the flag, with no argument")
            return ("match", m.park, "toss")
        if verb == "reveal":
            if action.args:
                raise IllegalAction("a reveal takes no argument")
            return ("match", m.park, "reveal", side)
        if len(action.args) != 1:
            raise IllegalAction("a choice takes one argument: the option's number")
        return ("match", m.park, "choose", side, action.args[0])
    raise IllegalAction(f"not a Challengers! action: {kind!r}")


def from_tuple(t: Tournament, action: tuple) -> Action:
    """The contract action for one of the tournament's action tuples."""
    if action[0] == "deck":
        return Action(action[1], "deck." + action[2], tuple(action[3:]))
    m = t.matches[action[1]]
    verb = action[2]
    if verb == "toss":
        return Action(m.players[0], "match.toss")
    if verb == "reveal":
        return Action(m.players[action[3]], "match.reveal")
    return Action(m.players[action[3]], "match.choose", (action[4],))


def match_of(t: Tournament, player: int) -> Match | None:
    """The match ``player`` is playing now (``None`` outside the Match Phase or once it is over)."""
    if t.phase not in (MATCH, FINAL):
        return None
    for m in t.matches.values():
        if m.winner is None and player in m.players:
            return m
    return None


def match_actions(m: Match, player: int) -> list[Action]:
    """What ``player`` may do in the running match ``m``: toss the flag (the light side tosses),
    reveal when the match waits for their reveal, or answer their pending choice.  A park of a
    café tournament plays its match on its own and asks this too."""
    if m.winner is not None or player not in m.players:
        return []
    side = m.players.index(player)
    kind, who = m.expect
    if kind == TOSS:
        return [Action(player, "match.toss")] if side == 0 else []
    if kind == REVEAL:
        return [Action(player, "match.reveal")] if who == side else []
    if kind == CHOOSE and m.pending is not None and m.pending.player == side:
        return [Action(player, "match.choose", (i,)) for i in range(len(m.pending.options))]
    return []


# ---------------------------------------------------------------------------- the state

class ChallengersState:
    """A Challengers! tournament seen through the contract (:class:`engine.game.GameState`)."""

    def __init__(self, setup: GameSetup, tournament: Tournament) -> None:
        self.setup = setup
        self.tournament = tournament
        self.rng: random.Random = tournament.rng
        #: Per seat, what its Deck Phase can take back, the last on top (see :func:`undo_entry`).
        self.undo: dict[int, list[dict[str, Any]]] = {}
        #: Per park, the last match that ended there and what decided it (:func:`decided_by`):
        #: the tournament moves on at once, a table still shows how it ended (``"ended"``).
        #: The match, and its views (its players' and a spectator's, ``None``), made once the
        #: tournament has let it go: a match with a winner may still finish its last steps.
        #: ``None`` until then (the views are made from the match as it is now).  Shared
        #: read-only by every copy.
        self.ended: dict[int, tuple[Match, dict[str, Any], dict[int | None, dict[str, Any]] | None]] = {}
        #: A determinized state's: the ended matches of the observation it was made from (it
        #: repeats them for a park where no match has ended since).
        self.ended_given: list[dict[str, Any]] = []

    @classmethod
    def new(cls, library: Library, setup: GameSetup) -> ChallengersState:
        try:
            return cls(setup, Tournament(library, tournament_setup(library, setup)))
        except KeyError as e:       # an unknown box or plan: the library's message
            raise ValueError(str(e.args[0])) from None

    @property
    def num_players(self) -> int:
        return len(self.tournament.players)

    # --- who acts
    def to_act(self) -> frozenset[int]:
        return frozenset(who[-1] for who in self.tournament.waiting())

    def next_to_act(self) -> int | None:
        """The seat the tournament asks first (Deck Phases by seat, then matches by park):
        a one-at-a-time driver that follows it plays today's event order."""
        who = self.tournament.next_waiting()
        return None if who is None else who[-1]

    def legal_actions(self, player: int) -> list[Action]:
        t = self.tournament
        if t.phase in (DECK, FINAL_DECK):
            dp = t.deck_phases.get(player)
            if dp is None or dp.stage == DONE:
                return []
            acts = [Action(player, "deck." + a[0], a[1:]) for a in dp.legal_actions()]
            if self.undo.get(player):
                # Before "done" (drivers that take the last action to finish keep finishing).
                at = len(acts) - 1 if acts and acts[-1].kind == "deck.done" else len(acts)
                acts.insert(at, _undo_action(player))
            return acts
        m = match_of(t, player)
        return [] if m is None else match_actions(m, player)

    # --- change
    def apply(self, action: Action) -> list[Event]:
        t = self.tournament
        if action.kind == "deck.undo":
            return self._undo(action)
        tup = to_tuple(t, action)
        if t.phase not in (DECK, FINAL_DECK):
            m = match_of(t, action.player)
            events = t.apply(tup)
            if m is not None and m.winner is not None and m.park is not None:
                known = self.ended.get(m.park)
                if known is None or known[0] is not m:
                    self.ended[m.park] = (m, decided_by(events), None)
            self._freeze_ended()
            return events
        p = action.player
        # What a draw changes: a pile shrinks, or a discard is shuffled under its pile (a new list).
        pp, dd = t.piles.piles, t.piles.discards
        da, db, dc = dd["A"], dd["B"], dd["C"]
        na, nb, nc = len(da), len(db), len(dc)
        pa, pb, pc = len(pp["A"]), len(pp["B"]), len(pp["C"])
        dp = t.deck_phases.get(p)
        entry = None
        if action.kind in UNDOABLE and dp is not None and dp.stage != DONE and not t.players[p].robot:
            entry = undo_entry(dp, action, effect_index(t.library))
        events = t.apply(tup)           # illegal: raises here, nothing changed
        if t.phase not in (DECK, FINAL_DECK):
            self.undo.clear()           # every Deck Phase is done
            return events
        drew = len(pp["A"]) < pa or len(pp["B"]) < pb or len(pp["C"]) < pc
        if dd["A"] is not da or dd["B"] is not db or dd["C"] is not dc:
            drew = True
            # Cards shuffled back under a pile are out of reach: nobody takes back what put them there.
            reshuffled = [lv for lv, before in zip("ABC", (da, db, dc)) if dd[lv] is not before]
            card = t.library.catalogue.card
            for q, stack in list(self.undo.items()):
                if any(card(c).level in reshuffled for e in stack for c in e["discarded"]):
                    del self.undo[q]
        if drew or dp is None or dp.stage == DONE:
            self.undo.pop(p, None)      # new cards were seen, or the player is done: all final
        elif entry is not None:
            entry["discarded"] = [c.id for c in da[na:] + db[nb:] + dc[nc:]]
            self.undo.setdefault(p, []).append(entry)
        return events

    def _undo(self, action: Action) -> list[Event]:
        """Take back ``action.player``'s last pick, choice or removal of this Deck Phase."""
        t = self.tournament
        p = action.player
        stack = self.undo.get(p)
        dp = t.deck_phases.get(p) if t.phase in (DECK, FINAL_DECK) else None
        if action.args:
            raise IllegalAction("an undo takes no argument")
        if not stack or dp is None or dp.stage == DONE:
            raise IllegalAction(f"player {p} has nothing to take back now")
        entry = stack[-1]
        card = t.library.catalogue.card
        taken = [card(c) for c in entry["discarded"]]
        # Each card back from the top of its discard (checked first: a refused undo changes nothing).
        spots: list[tuple[str, int]] = []
        for ct in reversed(taken):
            pile = t.piles.discards[ct.level]
            at = next((i for i in range(len(pile) - 1, -1, -1)
                       if pile[i] is ct and (ct.level, i) not in spots), None)
            if at is None:
                raise IllegalAction(f"{ct.id} is no longer in the discard")
            spots.append((ct.level, at))
        for level, at in sorted(spots, key=lambda s: -s[1]):      # the highest first: the others stay put
            del t.piles.discards[level][at]
        stack.pop()
        if not stack:
            del self.undo[p]
        restore_deck_phase(dp, entry["before"], card)
        tup = ("deck", p, "undo")
        t.actions.append(tup)
        if t.log is None:
            return []
        event = Event("undo", p, entry["card"], None, entry["undoes"])
        t.log.append(event)
        return [event]

    # --- read
    def outcome(self) -> Outcome | None:
        t = self.tournament
        if t.phase != OVER or t.winner is None:
            return None
        return Outcome(Termination.WIN, (t.winner,), t.end_reason or "",
                       tuple(p.total_fans for p in t.players),
                       {"results": [list(r) for r in t.results], "finalists": list(t.finalists or ())})

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = observe(self.tournament, player, self.undo)
        obs["standings"] = self.tournament.public_standings(player)
        given = {v["park"]: v for v in self.ended_given}
        obs["ended"] = [self._ended_view(park, player) if park in self.ended else given[park]
                        for park in sorted(set(self.ended) | set(given))]
        return obs

    def _freeze_ended(self) -> None:
        """The views of each ended match the tournament no longer holds, made now (once)."""
        t = self.tournament
        for park, (m, decided, views) in list(self.ended.items()):
            if views is None and t.matches.get(park) is not m:
                self.ended[park] = (m, decided, _ended_views(m, decided, effect_index(t.library)))

    def _ended_view(self, park: int, player: int | None) -> dict[str, Any]:
        """``player``'s view of the last match that ended at ``park`` (one who did not play it
        sees what a spectator sees)."""
        m, decided, views = self.ended[park]
        if views is None:
            views = _ended_views(m, decided, effect_index(self.tournament.library))
        return views[player] if player in views else views[None]

    def clone(self) -> ChallengersState:
        c = ChallengersState(self.setup, clone_tournament(self.tournament))
        # Entries are never changed once made (only their lists' owner is): sharing them is safe.
        c.undo = {p: list(stack) for p, stack in self.undo.items()}
        c.ended = dict(self.ended)       # their views are never changed
        c.ended_given = self.ended_given
        return c


# ---------------------------------------------------------------------------- taking back

_UNDO_ACTIONS: dict[int, Action] = {}


def _undo_action(player: int) -> Action:
    """``Action(player, "deck.undo")``, made once per seat (actions are immutable values)."""
    a = _UNDO_ACTIONS.get(player)
    if a is None:
        a = _UNDO_ACTIONS[player] = Action(player, "deck.undo")
    return a


def undo_entry(dp: DeckPhase, action: Action, effects: Mapping[int, tuple[str, int]]) -> dict[str, Any]:
    """What taking back ``action`` (about to be applied to ``dp``) needs, as JSON values:
    ``before`` (what the action may change of the Deck Phase, as its player sees it now: the
    stage, the picks left, the fans, the deck, the draw, the picks, the removals and a pending
    choice with its context), ``undoes`` (the verb),
    ``card`` (the card it is about: the one picked or removed, or the one whose choice
    it answers) and ``discarded`` (the cards it sends to the discards, filled in after)."""
    verb = action.kind[5:]
    card = None
    i = action.args[0] if len(action.args) == 1 and type(action.args[0]) is int else None
    if verb == "pick" and i is not None and 0 <= i < len(dp.drawn):
        card = dp.drawn[i].id
    elif verb == "remove" and i is not None and 0 <= i < len(dp.deck):
        card = dp.deck[i].id
    elif verb == "choose" and dp.pending is not None:
        card = dp.pending.source
    pending = dp.pending
    before = {"stage": dp.stage, "picks_left": dp.picks_left, "fans": dp.fans,
              "deck": [c.id for c in dp.deck], "drawn": [c.id for c in dp.drawn], "picked": [c.id for c in dp.picked],
              "removed": [[c.id, where] for c, where in dp.removed],
              "pending": None if pending is None else _choice(pending, True),
              "context": None if dp._ctx is None else encode_steps(dp._ctx, effects)}
    return {"before": before, "undoes": verb, "card": card, "discarded": []}


def restore_deck_phase(dp: DeckPhase, view: Mapping[str, Any], card: Any) -> None:
    """Put ``dp`` back as ``view`` (an undo entry's ``before``) shows it: the deck, in place,
    and everything else a pick, a choice or a removal changes."""
    dp.stage = view["stage"]
    dp.picks_left, dp.fans = view["picks_left"], view["fans"]
    dp.deck[:] = [card(c) for c in view["deck"]]
    dp.drawn = [card(c) for c in view["drawn"]]
    dp.picked = [card(c) for c in view["picked"]]
    dp.removed = [(card(c), where) for c, where in view["removed"]]
    ch = view["pending"]
    if ch is None:
        dp.pending = dp._ctx = None
    else:
        dp.pending = Choice(ch["player"], ch["kind"], ch["source"], _tuples(ch["options"]), _tuples(ch["detail"]))
        dp._ctx = decode_steps(view["context"], dp, card)


# ---------------------------------------------------------------------------- copies

def clone_tournament(t: Tournament) -> Tournament:
    """A copy of ``t`` that shares nothing mutable with it (the card data, the set-up
    and the plan are shared: they never change).  Pending choices are re-bound to the copy."""
    c = t.shallow_copy()
    c.rng = random.Random()
    c.rng.setstate(t.rng.getstate())
    c.log = None if t.log is None else list(t.log)      # events are tuples of plain values
    c.actions = list(t.actions)
    c.results = list(t.results)
    c.trophy_for = dict(t.trophy_for)
    c.players = [replace(p, deck=list(p.deck), trophies=list(p.trophies)) for p in t.players]
    c.by_slot = {p.slot: p for p in c.players}
    c.piles = t.piles.copy()
    c.deck_phases = {i: _copy_deck_phase(dp, c, t) for i, dp in t.deck_phases.items()}
    c.matches = {park: m.copy(record=m.log is not None) for park, m in t.matches.items()}
    return c


def _copy_deck_phase(dp: DeckPhase, c: Tournament, t: Tournament) -> DeckPhase:
    """``dp`` for the copy ``c`` of ``t``: it works on the copy's deck, piles,
    generator and log, and its pending choice answers on itself."""
    d = copy.copy(dp)
    d.deck = c.players[dp.player].deck if dp.deck is t.players[dp.player].deck else list(dp.deck)
    d.piles, d.rng, d.log = c.piles, c.rng, c.log
    d.drawn, d.picked, d.removed = list(dp.drawn), list(dp.picked), list(dp.removed)
    if dp._ctx is not None:
        d._ctx = _rebind(dp._ctx, dp, d)
    return d


def _rebind(value: Any, old: object, new: object) -> Any:
    """``value`` with every method bound to ``old`` bound to ``new`` instead (inside tuples and lists)."""
    if isinstance(value, MethodType):
        return MethodType(value.__func__, new) if value.__self__ is old else value
    if isinstance(value, tuple):
        return tuple(_rebind(v, old, new) for v in value)
    if isinstance(value, list):
        return [_rebind(v, old, new) for v in value]
    return value


# ---------------------------------------------------------------------------- what a player sees

def _choice(ch: Choice | None, shown: bool) -> dict[str, Any] | None:
    if ch is None:
        return None
    return {"player": ch.player, "kind": ch.kind, "source": ch.source, "count": len(ch.options),
            "detail": list(ch.detail) if isinstance(ch.detail, tuple) else ch.detail,
            "options": [_plain(o) for o in ch.options] if shown else None}


def _plain(value: Any) -> Any:
    """Tuples as lists, all the way down (JSON's shape)."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def encode_steps(value: Any, effects: Mapping[int, tuple[str, int]]) -> Any:
    """Steps still to resolve and a pending choice's context, as JSON values: a step by
    its :class:`~engine.challengers.steps.Step` (never the method's name), a card by its id,
    an effect by its card and position, a tuple tagged."""
    if isinstance(value, MethodType):
        return {"step": step_name(value)}
    if isinstance(value, Effect):
        return {"effect": list(effects[id(value)])}
    if isinstance(value, CardType):
        return {"card": value.id}
    if isinstance(value, tuple):
        return {"tuple": [encode_steps(v, effects) for v in value]}
    if isinstance(value, list):
        return [encode_steps(v, effects) for v in value]
    if value is None or isinstance(value, (int, str)):
        return value
    raise TypeError(f"cannot say a step's argument {value!r}")


def decode_steps(value: Any, owner: object, card: Any) -> Any:
    """The inverse of :func:`encode_steps`, methods bound to ``owner``."""
    if isinstance(value, list):
        return [decode_steps(v, owner, card) for v in value]
    if isinstance(value, dict):
        if "step" in value:
            return bound_step(value["step"], owner)
        if "effect" in value:
            cid, i = value["effect"]
            return card(cid).effects[i]
        if "card" in value:
            return card(value["card"])
        return tuple(decode_steps(v, owner, card) for v in value["tuple"])
    return value


_EFFECTS: dict[int, tuple[Any, int, dict[int, tuple[str, int]]]] = {}


def effect_index(library: Library) -> dict[int, tuple[str, int]]:
    """Every effect of the catalogue by identity: (card id, position in the card's effects)."""
    cat = library.catalogue
    hit = _EFFECTS.get(id(cat))
    if hit is not None and hit[0] is cat and hit[1] == len(cat.cards):     # house sets may come later
        return hit[2]
    index = {id(e): (ct.id, i) for ct in cat.cards.values() for i, e in enumerate(ct.effects)}
    _EFFECTS[id(cat)] = (cat, len(cat.cards), index)
    return index


def _deck_phase_view(dp: DeckPhase, own: bool, effects: Mapping[int, tuple[str, int]]) -> dict[str, Any]:
    view: dict[str, Any] = {
        "stage": dp.stage,
        "options": [[o.level, o.pick, o.fans] for o in dp.options],
        "option": None if dp.option is None else dp.options.index(dp.option),
        "drawn_count": len(dp.drawn), "picks_left": dp.picks_left, "redraw_used": dp.redraw_used,
        "fans": dp.fans, "removed_count": len(dp.removed), "picked_count": len(dp.picked),
    }
    if own:
        view.update(drawn=[c.id for c in dp.drawn], picked=[c.id for c in dp.picked],
                    removed=[[c.id, where] for c, where in dp.removed], deck=[c.id for c in dp.deck],
                    pending=_choice(dp.pending, True),
                    context=None if dp._ctx is None else encode_steps(dp._ctx, effects))
    else:
        view.update(drawn=None, picked=None, removed=None, deck=None, context=None,
                    pending=None if dp.pending is None else {"kind": dp.pending.kind})
    return view


def _ended_views(m: Match, decided: dict[str, Any],
                 effects: Mapping[int, tuple[str, int]]) -> dict[int | None, dict[str, Any]]:
    """A match that just ended as each of its players and a spectator see it, with what decided it."""
    return {viewer: {**_match_view(m, viewer, effects), "decided_by": decided} for viewer in (*m.players, None)}


def _match_view(m: Match, player: int | None, effects: Mapping[int, tuple[str, int]]) -> dict[str, Any]:
    me = m.players.index(player) if player in m.players else None
    # Hidden from this viewer: the cards in the other decks, and the other side's cards taken out
    # of the game (benches, parks and exhaust piles are face up); a choice shows its chooser its options.
    hidden: set[int] = set()
    for side_no, s in enumerate(m.sides):
        if side_no != me:
            hidden.update(s.deck)
    hidden.update(i for i, _ in m.removed if m.owner[i] != me)
    ch = m.pending
    shown_choice = ch is not None and me is not None and ch.player == me
    if shown_choice and ch is not None and hidden:
        for option in ch.options:
            for x in option:
                hidden.difference_update(y for y in (x if isinstance(x, tuple) else (x,)) if type(y) is int)
    cards: list[str | None] = [ct.id for ct in m.types]
    kept = list(m.kept)
    for i in hidden:
        cards[i] = None
        kept[i] = 0

    sides = []
    for side_no, s in enumerate(m.sides):
        sides.append({
            "name": s.name, "deck_size": len(s.deck),
            # A set of cards, never their order.
            "deck": sorted(s.deck) if me == side_no else None,
            "bench": [[seat.key, list(seat.cards), seat.width] for seat in s.bench],
            "exhaust": list(s.exhaust), "park": list(s.park), "fans": s.fans, "trophies": s.trophies,
            "lost_previous": s.lost_previous, "next_bonus": _plain(s.next_bonus),
        })
    reserve = m.piles.piles if isinstance(m.piles, PileReserve) else {}
    return {
        "park": m.park, "players": list(m.players), "side": me, "round": m.round,
        "final": bool(m.spec and m.spec.get("final")),
        "expect": list(m.expect), "holder": m.holder, "flag": m.flag_card, "attacker": m.attacker,
        "attack": list(m.attack), "attacked_by": m.attacked_by, "reveals": m.reveals,
        "winner": m.winner, "reason": m.reason,
        "cards": cards, "owner": list(m.owner), "kept": kept,
        "attack_bonus": sorted([i, v] for i, v in m.attack_bonus.items()),
        "removed": [[i, where] for i, where in m.removed],
        "sides": sides, "pending": _choice(ch, shown_choice),
        # What the rules will do next is public; what the chooser's answer works on is theirs.
        "agenda": encode_steps(m.agenda, effects),
        "context": encode_steps(m._pending_ctx, effects) if shown_choice else None,
        "reserve": {lv: len(c) for lv, c in sorted(reserve.items())},
        "powers": _powers(m),
    }


def _powers(m: Match) -> dict[str, Any]:
    """The face-up cards' powers as the rules add them up (public: every card counted is face
    up): the flag card's possession power in parts, the total the attack must reach, each
    attacking card's power and their sum."""
    flag = m.flag_card
    attack = [m.power(i, "attack") for i in m.attack]
    return {"flag": [] if flag is None else [[label, amount] for label, amount in m.power_breakdown(flag, "possession")],
            "defense": m.defense_total(), "attack": attack, "attack_total": sum(attack)}


def decided_by(events: Sequence[Event]) -> dict[str, Any]:
    """What decided a match, from the events of its last action (public: the card whose effect
    lost it is face up; a bench that is full is): ``lose``: that card's id, ``bench_need``: the
    seats the loser's cards needed when the bench was full (None: neither)."""
    lose = next((e for e in events if e.kind == "lose"), None)
    bench = next((e for e in events if e.kind == "bench-full"), None)
    return {"lose": None if lose is None else lose.card,
            "bench_need": bench.value if bench is not None and isinstance(bench.value, int) else None}


def observe_match(m: Match, player: int | None, library: Library) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may see of one match (``observe(...)["matches"]``'s
    entries, with the schema key: it is an observation on its own), for a match played on its own
    (a park of a café tournament plays its match locally)."""
    return {SCHEMA_KEY: OBSERVATION_SCHEMA, **_match_view(m, player, effect_index(library))}


def observe_deck_phase(t: Tournament, player: int) -> dict[str, Any] | None:
    """What ``player`` sees of their own Deck Phase (``observe(t, player)["deck_phases"][player]``,
    with the schema key: it is an observation on its own), without the rest of the tournament
    (a café's coordinator sends it to the player's park)."""
    dp = t.deck_phases.get(player)
    if dp is None:
        return None
    view = {SCHEMA_KEY: OBSERVATION_SCHEMA, **_deck_phase_view(dp, True, effect_index(t.library))}
    view["undo"] = []                     # a café's Deck Phase takes nothing back
    return view


def observe(t: Tournament, player: int | None,
            undo: Mapping[int, Sequence[Mapping[str, Any]]] | None = None) -> dict[str, Any]:
    """What ``player`` (``None``: a spectator) may see of ``t``, as JSON values; ``undo``:
    what each seat may take back (:attr:`ChallengersState.undo`), shown to that seat alone
    (its own Deck Phase's ``undo``, the last on top, its entries shared with the state and
    read-only; ``None`` to everyone else)."""
    if player is not None and not 0 <= player < len(t.players):
        raise ValueError(f"there is no seat {player}")
    show_fans = t.fans_visible()
    effects = effect_index(t.library)
    players = []
    for q in t.players:
        own = player == q.index
        players.append({
            "name": q.name, "robot": q.robot, "slot": q.slot, "fan_tokens": q.fans,
            "lost_previous": q.lost_previous, "deck_size": len(q.deck),
            "deck": [c.id for c in q.deck] if own else None,
            "trophies": [[r, v if (own or show_fans) else None] for r, v in q.trophies],
            "fans": q.total_fans if (own or show_fans) else None,
        })
    s = t.setup
    deck_phases: list[dict[str, Any] | None] = []
    for i in range(len(t.players)):
        dp = t.deck_phases.get(i)
        if dp is None:
            deck_phases.append(None)
            continue
        view = _deck_phase_view(dp, i == player, effects)
        # The entries themselves, not copies: recorded once and never changed, read-only for everyone
        # (a bot reads its observation at every decision; copying a deep stack doubled its cost).
        view["undo"] = list((undo or {}).get(i, ())) if i == player else None
        deck_phases.append(view)
    return {
        SCHEMA_KEY: OBSERVATION_SCHEMA, "game": "challengers", "you": player,
        "setup": {"players": list(s.players), "box": s.box, "sets": list(t.set_ids), "robot_level": s.robot_level,
                  "solo_cards": s.solo_cards, "final_park": s.final_park},
        "round": t.round, "phase": t.phase, "parks": t.parks, "fans_visible": show_fans,
        "to_act": sorted({who[-1] for who in t.waiting()}),
        "players": players,
        "piles": {lv: [len(t.piles.piles[lv]), len(t.piles.discards[lv])] for lv in "ABC"},
        "deck_phases": deck_phases,
        "matches": [_match_view(t.matches[park], player, effects) for park in sorted(t.matches)],
        "results": [list(r) for r in t.results],
        "finalists": None if t.finalists is None else list(t.finalists),
        "winner": t.winner, "end": t.end_reason,
    }


def _tuples(value: Any) -> Any:
    """Lists as tuples, all the way down (the engine's shape of options)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value
