"""A whole tournament consistent with what one player sees, the rest drawn at random.

The search bot plays on such states (:func:`determinize`), so it never reads
what its player may not see.  From a player's observation
(:func:`engine.challengers.game.observe`) everything that player sees is set
exactly as seen; everything hidden from them is drawn from the generator given:

* every deck's order, in every match;
* other players' decks (their starter or Robot deck, topped up or cut to the
  size seen, from the cards nobody has seen) and the cards they drew, picked
  or removed in their Deck Phase;
* the cards left in an opponent's deck, and every card of the matches the
  player does not play;
* the level piles and their discards (their sizes as seen);
* trophies' fans that are hidden, the trophies still to win, and every
  generator's state.

A choice the player waits on from someone else keeps its number of options;
answering it changes nothing (the player cannot know what it works on: its
continuation is :data:`~engine.challengers.steps.Step.UNKNOWN_ANSWER`).  An
observation of another schema is refused (:func:`engine.game.check_schema`).
"""

from __future__ import annotations

import random
from collections import Counter
from types import MethodType
from typing import Any

from engine.challengers.cards import CardType
from engine.challengers.deckphase import DeckPhase
from engine.challengers.game import ChallengersState, decode_steps, tournament_setup
from engine.challengers.library import Library
from engine.challengers.match import Match, Seat, Side
from engine.challengers.piles import PileReserve
from engine.challengers.rules import DraftOption
from engine.challengers.steps import unknown_answer
from engine.challengers.tournament import Tournament
from engine.choices import Choice
from engine.game import GameSetup, check_schema


class _Pool:
    """The cards nobody (as far as the observer knows) has seen, by level, to draw hidden cards from."""

    def __init__(self, library: Library, t: Tournament, seen: Counter[str], rng: random.Random) -> None:
        cat = library.catalogue
        self.rng = rng
        self.card = cat.card
        every = [ct for sid in t.set_ids for ct in cat.sets[sid].cards if ct.level in "ABC" for _ in range(ct.copies)]
        left = Counter(seen)
        self.by_level: dict[str, list[CardType]] = {"A": [], "B": [], "C": []}
        for ct in every:
            if left[ct.id] > 0:
                left[ct.id] -= 1
            else:
                self.by_level[ct.level].append(ct)
        for cards in self.by_level.values():
            rng.shuffle(cards)
        self.every = every

    def draw(self, level: str | None = None) -> CardType:
        levels = [level] if level in self.by_level else ["A", "B", "C"]
        for lv in levels + ["A", "B", "C"]:
            if self.by_level[lv]:
                return self.by_level[lv].pop()
        # More hidden cards than unseen ones (the observer's count is a guess): any card of the game.
        return self.rng.choice(self.every)


def _seen_ids(obs: dict[str, Any]) -> Counter[str]:
    """Card ids the observer sees, counted once per physical card as best it can."""
    seen: Counter[str] = Counter()
    me = obs["you"]
    if me is not None:
        mine = obs["players"][me]
        if mine["deck"] is not None:
            seen.update(mine["deck"])
        dv = obs["deck_phases"][me]
        if dv is not None:
            seen.update(dv["drawn"])
    return seen


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def determinize(library: Library, obs: dict[str, Any], player: int, rng: random.Random) -> ChallengersState:
    """A state whose ``observation(player)`` equals ``obs``, everything hidden drawn from ``rng``."""
    check_schema(obs, "a Challengers! observation")
    card = library.catalogue.card
    s = obs["setup"]
    setup = GameSetup("challengers", tuple(s["players"]), rng.randrange(2**63),
                      {"box": s["box"], "sets": list(s["sets"]), "robot_level": s["robot_level"],
                       "solo_cards": s["solo_cards"], "final_park": s["final_park"]})
    t: Any = Tournament(library, tournament_setup(library, setup))       # set field by field below
    pool = _Pool(library, t, _seen_ids(obs), rng)
    rules = library.rules

    t.round, t.phase = obs["round"], obs["phase"]
    t.results = [tuple(r) for r in obs["results"]]
    t.finalists = None if obs["finalists"] is None else tuple(obs["finalists"])
    t.winner, t.end_reason = obs["winner"], obs["end"]
    for q, view in zip(t.players, obs["players"]):
        q.fans, q.lost_previous = view["fan_tokens"], view["lost_previous"]
        q.trophies = [(r, v if v is not None else rng.choice(rules.trophies[r - 1])) for r, v in view["trophies"]]
        if view["deck"] is not None:
            q.deck = [card(c) for c in view["deck"]]
        else:
            # Their first deck as far as it goes, then cards nobody has seen.
            deck = list(q.deck[:view["deck_size"]])
            while len(deck) < view["deck_size"]:
                deck.append(pool.draw())
            q.deck = deck
    # The trophies still to win: any arrangement of each round's values.
    for r, values in enumerate(rules.trophies, 1):
        vals = list(values)
        rng.shuffle(vals)
        for park in range(1, t.parks + 1):
            t.trophy_for[(r, park)] = vals[park - 1]

    # Deck Phases.
    t.deck_phases = {}
    for i, dv in enumerate(obs["deck_phases"]):
        if dv is None:
            continue
        options = tuple(DraftOption(lv, pick, fans) for lv, pick, fans in dv["options"])
        deck = t.players[i].deck
        if dv["deck"] is not None and dv["deck"] != [ct.id for ct in deck]:
            deck = [card(c) for c in dv["deck"]]       # a finished phase's deck, before the match
        dp: Any = DeckPhase(i, deck, options, t.piles, t.rng, rules.draw, t.log)     # set field by field below
        dp.stage = dv["stage"]
        dp.option = None if dv["option"] is None else options[dv["option"]]
        level = dp.option.level if dp.option is not None else None
        dp.picks_left, dp.redraw_used, dp.fans = dv["picks_left"], dv["redraw_used"], dv["fans"]
        if dv["drawn"] is not None:
            dp.drawn = [card(c) for c in dv["drawn"]]
            dp.picked = [card(c) for c in dv["picked"]]
            dp.removed = [(card(c), where) for c, where in dv["removed"]]
        else:
            dp.drawn = [pool.draw(level) for _ in range(dv["drawn_count"])]
            dp.picked = [pool.draw(level) for _ in range(dv["picked_count"])]
            dp.removed = [(pool.draw(), "discard") for _ in range(dv["removed_count"])]
        ch = dv["pending"]
        if ch is not None and dv["context"] is not None:
            dp.pending = Choice(ch["player"], ch["kind"], ch["source"], _tuples(ch["options"]), _tuples(ch["detail"]))
            dp._ctx = decode_steps(dv["context"], dp, card)
        elif ch is not None:
            dp.pending = Choice(i, ch["kind"], "", ((), ()))
            dp._ctx = (MethodType(unknown_answer, dp), ())
        t.deck_phases[i] = dp

    # What the player can take back, and the cards it would take back from the discards (theirs, on top).
    own = obs["deck_phases"][player] if player is not None else None
    undo = [dict(e) for e in own["undo"] or ()] if own is not None else []
    mine: dict[str, list[CardType]] = {"A": [], "B": [], "C": []}
    for e in undo:
        for c in e["discarded"]:
            mine[card(c).level].append(card(c))

    # Level piles: their sizes as seen, cards nobody has seen.
    for lv in "ABC":
        size, discards = obs["piles"][lv]
        t.piles.piles[lv] = [pool.draw(lv) for _ in range(size)]
        t.piles.discards[lv] = [pool.draw(lv) for _ in range(discards - len(mine[lv]))] + mine[lv]

    t.matches = {}
    for mv in obs["matches"]:
        t.matches[mv["park"]] = _match(library, t, mv, pool, rng)
    state = ChallengersState(setup, t)
    if undo:
        state.undo[player] = undo
    state.ended_given = list(obs.get("ended") or ())     # how the last matches ended, as seen
    return state


def _match(library: Library, t: Tournament, mv: dict[str, Any], pool: _Pool, rng: random.Random) -> Match:
    """The match ``mv`` shows, its hidden cards and deck orders drawn."""
    card = library.catalogue.card
    names = tuple(s["name"] for s in mv["sides"])
    m: Any = Match([[], []], rng=rng.randrange(2**63), beginner=0, round=mv["round"], shuffle=False,
              piles=PileReserve({lv: [pool.draw(lv) for _ in range(n)] for lv, n in mv["reserve"].items()}),
              names=names, fans=tuple(s["fans"] for s in mv["sides"]),
              trophies=tuple(s["trophies"] for s in mv["sides"]),
              lost_previous=tuple(s["lost_previous"] for s in mv["sides"]), icons_in_play=t.icons_in_play,
              record=t.log is not None)
    if m.log:
        m.log.clear()
    m.players, m.park = tuple(mv["players"]), mv["park"]
    m.spec = {"park": mv["park"], "round": mv["round"], "final": mv["final"], "players": list(mv["players"]),
              "names": list(names)}
    # Hidden cards: what is left of their owner's deck as the observer believes it, then unseen cards.
    owner = list(mv["owner"])
    types: list[CardType | None] = [None if c is None else card(c) for c in mv["cards"]]
    for side in (0, 1):
        left = Counter(ct.id for ct in t.players[m.players[side]].deck)
        left.subtract(ct.id for i, ct in enumerate(types) if ct is not None and owner[i] == side)
        guesses = [card(cid) for cid, n in left.items() for _ in range(max(n, 0))]
        rng.shuffle(guesses)
        for i, ct in enumerate(types):
            if ct is None and owner[i] == side:
                types[i] = guesses.pop() if guesses else pool.draw()
    m.types = [ct for ct in types if ct is not None]
    assert len(m.types) == len(types)
    m.owner = owner
    m.kept = list(mv["kept"])
    m.attack_bonus = {i: v for i, v in mv["attack_bonus"]}
    m.removed = [(i, where) for i, where in mv["removed"]]
    placed = {i for i, _ in m.removed}
    for side_no, sv in enumerate(mv["sides"]):
        half: Side = m.sides[side_no]
        half.bench = [Seat(key, list(cards), width) for key, cards, width in sv["bench"]]
        half.exhaust, half.park = list(sv["exhaust"]), list(sv["park"])
        half.next_bonus = [tuple(b) for b in sv["next_bonus"]]
        half.auras = None
        placed.update(half.exhaust, half.park, (c for seat in half.bench for c in seat.cards))
    for side_no, sv in enumerate(mv["sides"]):
        deck = sv["deck"] if sv["deck"] is not None else [
            i for i in range(len(owner)) if owner[i] == side_no and i not in placed]
        deck = list(deck)
        rng.shuffle(deck)           # nobody knows a deck's order
        m.sides[side_no].deck = deck
    m.holder, m.flag_card, m.attacker = mv["holder"], mv["flag"], mv["attacker"]
    m.attack, m.attacked_by, m.reveals = list(mv["attack"]), mv["attacked_by"], mv["reveals"]
    m.winner, m.reason, m.expect = mv["winner"], mv["reason"], tuple(mv["expect"])
    m.agenda = decode_steps(mv["agenda"], m, card)
    ch = mv["pending"]
    m.pending, m._pending_ctx = None, None
    if ch is not None:
        if ch["options"] is not None:
            m.pending = Choice(ch["player"], ch["kind"], ch["source"], _tuples(ch["options"]), _tuples(ch["detail"]))
            m._pending_ctx = decode_steps(mv["context"], m, card)
        else:
            m.pending = Choice(ch["player"], ch["kind"], ch["source"], tuple(() for _ in range(ch["count"])),
                               _tuples(ch["detail"]))
            m._pending_ctx = (MethodType(unknown_answer, m), ())
    return m
