"""A tiny game that keeps the contract, for testing what every game shares.

High Card: each player is dealt three cards from twelve (1 to 12), hidden.
Three tricks; in each, every player secretly chooses a card of their hand
(simultaneous moves), then all are shown at once and the highest card scores
a point (equal highest: nobody scores).  Most points win; a tie is a draw.
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, Game, GameSetup, Outcome, RandomPolicy, Termination

CARDS = tuple(range(1, 13))


class HighCard:
    def __init__(self, setup: GameSetup, deal: bool = True) -> None:
        self.setup = setup
        self.rng = random.Random(setup.seed)
        n = len(setup.players)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[int | None] = [None] * n
        self.scores = [0] * n
        self.shown: list[list[int]] = []   # each trick's cards, seat order
        self.deck: list[int] = []
        if deal:
            self.deck = list(CARDS)
            self.rng.shuffle(self.deck)
            for p in range(n):
                self.hands[p] = sorted(self.deck.pop() for _ in range(3))

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def to_act(self) -> frozenset[int]:
        if len(self.shown) == 3:
            return frozenset()
        return frozenset(p for p, c in enumerate(self.chosen) if c is None)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        return [Action(player, "choose", (c,)) for c in self.hands[player]]

    def apply(self, action: Action) -> list[Event]:
        p = action.player
        if p not in self.to_act():
            raise IllegalAction(f"player {p} cannot act now")
        if action.kind != "choose" or len(action.args) != 1 or action.args[0] not in self.hands[p]:
            raise IllegalAction(f"not a card of player {p}'s hand: {action}")
        card = action.args[0]
        assert isinstance(card, int)
        self.hands[p].remove(card)
        self.chosen[p] = card
        events = [Event("choose", p)]
        if all(c is not None for c in self.chosen):
            trick = [c for c in self.chosen if c is not None]
            self.shown.append(trick)
            self.chosen = [None] * self.num_players
            best = max(trick)
            events.append(Event("show", None, None, None, tuple(trick)))
            if trick.count(best) == 1:
                w = trick.index(best)
                self.scores[w] += 1
                events.append(Event("point", w, None, self.scores[w]))
        return events

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            SCHEMA_KEY: OBSERVATION_SCHEMA,
            "you": player,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "chosen": [c is not None for c in self.chosen],
            "your_choice": self.chosen[player] if player is not None else None,
            "shown": [list(t) for t in self.shown],
            "scores": list(self.scores),
        }

    def outcome(self) -> Outcome | None:
        if self.to_act():
            return None
        best = max(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best)
        if len(winners) > 1:
            return Outcome(Termination.DRAW, (), "tie", tuple(self.scores))
        return Outcome(Termination.WIN, winners, "points", tuple(self.scores))

    def clone(self) -> "HighCard":
        c = HighCard.__new__(HighCard)
        c.setup = self.setup
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.hands = [list(h) for h in self.hands]
        c.chosen = list(self.chosen)
        c.scores = list(self.scores)
        c.shown = [list(t) for t in self.shown]
        c.deck = list(self.deck)
        return c


def determinize(data: Any, obs: dict[str, Any], player: int, rng: random.Random) -> HighCard:
    """A full state consistent with ``player``'s observation, the rest drawn from ``rng``."""
    n = len(obs["hand_sizes"])
    state = HighCard(GameSetup("highcard", tuple(f"p{i}" for i in range(n)), rng.randrange(2**31)), deal=False)
    seen = set(obs["hand"]) | {c for t in obs["shown"] for c in t}
    if obs["your_choice"] is not None:
        seen.add(obs["your_choice"])
    unknown = [c for c in CARDS if c not in seen]
    rng.shuffle(unknown)
    for q in range(n):
        if q == player:
            state.hands[q] = list(obs["hand"])
            state.chosen[q] = obs["your_choice"]
            continue
        state.hands[q] = sorted(unknown.pop() for _ in range(obs["hand_sizes"][q]))
        state.chosen[q] = unknown.pop() if obs["chosen"][q] else None
    state.deck = unknown
    state.shown = [list(t) for t in obs["shown"]]
    state.scores = list(obs["scores"])
    return state


GAME = Game(
    name="highcard", titles={"en": "High Card", "fr": "Carte haute"}, min_players=2, max_players=4,
    simultaneous=True, hidden_information=True, data_folder="",
    load=lambda source: None, new=lambda data, setup: HighCard(setup),
    policies={"random": lambda data, seat, seed: RandomPolicy(seed)},
    determinize=determinize,
)
