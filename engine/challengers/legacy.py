"""Today's Challengers! bots (:mod:`engine.challengers.policies`) on the contract.

Those bots were written before the contract: they read a tournament and answer a
tournament action tuple.  :class:`LegacyPolicy` gives one a player's observation
instead, rebuilt as the few views it reads (its Deck Phase, its match), and turns
its answer into a contract :class:`~engine.game.Action`.  Kept apart from
:mod:`engine.challengers.game` so that the contract module does not depend on any bot,
and the search bot (:mod:`engine.challengers.hint`), which builds on the greedy bot,
depends on the contract without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.challengers import policies as legacy
from engine.challengers.deckphase import DONE
from engine.challengers.game import _tuples
from engine.challengers.library import Library
from engine.challengers.rules import DraftOption
from engine.challengers.tournament import DECK, FINAL_DECK
from engine.choices import Choice
from engine.game import Action


class _DeckPhaseView:
    """What a Deck Phase policy reads, rebuilt from its player's observation."""

    def __init__(self, view: dict[str, Any], player: int, card: Any) -> None:
        self.player = player
        self.stage = view["stage"]
        self.options = tuple(DraftOption(lv, pick, fans) for lv, pick, fans in view["options"])
        self.option = None if view["option"] is None else self.options[view["option"]]
        self.drawn = [card(c) for c in view["drawn"]]
        self.deck = [card(c) for c in view["deck"]]
        self.picks_left = view["picks_left"]
        self.redraw_used = view["redraw_used"]
        ch = view["pending"]
        self.pending = None if ch is None else Choice(ch["player"], ch["kind"], ch["source"],
                                                      _tuples(ch["options"]), _tuples(ch["detail"]))

    def can_redraw(self) -> bool:
        return self.stage == "pick" and not self.redraw_used and self.picks_left > 0


class _Seat:
    __slots__ = ("cards", "key", "width")

    def __init__(self, key: str, cards: list[int], width: int) -> None:
        self.key, self.cards, self.width = key, cards, width


class _SideView:
    def __init__(self, view: dict[str, Any]) -> None:
        self.bench = [_Seat(k, c, w) for k, c, w in view["bench"]]
        self.fans = view["fans"]


class _MatchView:
    """What a match policy reads (the cards it may see, benches, the pending choice)."""

    def __init__(self, view: dict[str, Any], card: Any) -> None:
        self.round = view["round"]
        self.types = [None if c is None else card(c) for c in view["cards"]]
        self.owner = view["owner"]
        self.sides = [_SideView(s) for s in view["sides"]]
        self.expect = tuple(view["expect"])
        ch = view["pending"]
        self.pending = None if ch is None else Choice(ch["player"], ch["kind"], ch["source"],
                                                      _tuples(ch["options"]) or (), _tuples(ch["detail"]))

    def base_power(self, inst: int) -> int:
        ct = self.types[inst]
        assert ct is not None, "a policy looked at a card its player cannot see"
        return self.round if ct.round_power else ct.power


class _TournamentView:
    def __init__(self, obs: dict[str, Any], card: Any) -> None:
        self.round = obs["round"]
        me = obs["you"]
        dv = obs["deck_phases"][me]
        self.deck_phases = {me: _DeckPhaseView(dv, me, card)} if dv is not None else {}
        self.matches = {mv["park"]: _MatchView(mv, card) for mv in obs["matches"] if mv["side"] is not None}


class LegacyPolicy:
    """One of today's Challengers! bots (:mod:`engine.challengers.policies`) deciding from
    a player's observation alone: the robot seat always plays as the Robot."""

    def __init__(self, library: Library, seat: int, seed: int, name: str) -> None:
        self.name = name
        self.seat = seat
        self.card = library.catalogue.card
        self.bot = legacy.make_policy(name, seed)
        self.robot = legacy.make_policy("robot", seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        me = observation["you"]
        bot = self.robot if observation["players"][me]["robot"] else self.bot
        view = _TournamentView(observation, self.card)
        dv = observation["deck_phases"][me]
        if observation["phase"] in (DECK, FINAL_DECK) and dv is not None and dv["stage"] != DONE:
            return _deck_action(me, bot.act(view, ("deck", me)))
        park = next(mv["park"] for mv in observation["matches"] if mv["side"] is not None and mv["winner"] is None)
        return _match_action(me, bot.act(view, ("match", park, me)))


def _deck_action(me: int, action: tuple) -> Action:
    return Action(me, "deck." + action[2], tuple(action[3:]))


def _match_action(me: int, action: tuple) -> Action:
    verb = action[2]
    if verb == "choose":
        return Action(me, "match.choose", (action[4],))
    return Action(me, "match." + verb)


def legacy_policy(name: str) -> Any:
    """A factory ``(library, seat, seed) -> policy`` for today's bot ``name``."""
    def make(library: Library, seat: int, seed: int) -> LegacyPolicy:
        return LegacyPolicy(library, seat, seed, name)
    return make

