"""A second toy game on the contract, one where choosing well pays.

Hidden Auction (a small Goofspiel with hidden hands): bid cards 1 to 12 come
in four ranks of three (1-3, 4-6, 7-9, 10-12); each player is dealt one card
of each rank, hidden (with two players, one card of each rank stays in the box).  Prize cards 1 to 6 are
shuffled face down.  Four rounds: the top prize is turned face up, every
player secretly bids a card of their hand (simultaneous moves), then the bids
are shown; the single highest bid takes the prize's points (equal highest:
the prize is lost).  Most points win; equal most is a draw.

Against a player who bids at random, which card goes on which prize matters
(High Card, the contract's first toy game, has no such choice: against a
random order every order of one's hand does as well).
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, Game, GameSetup, Outcome, RandomPolicy, Termination

BIDS = tuple(range(1, 13))
RANKS = tuple(BIDS[i:i + 3] for i in range(0, 12, 3))
PRIZES = tuple(range(1, 7))
HAND = len(RANKS)


def rank_of(card: int) -> int:
    return (card - 1) // 3


class Auction:
    def __init__(self, setup: GameSetup, deal: bool = True) -> None:
        self.setup = setup
        self.rng = random.Random(setup.seed)
        n = len(setup.players)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.chosen: list[int | None] = [None] * n
        self.scores = [0] * n
        self.shown: list[list[int]] = []      # each round's bids, seat order
        self.won: list[int] = []              # each round's prize
        self.prizes: list[int] = []           # face down; the end of the list is the top
        self.prize: int | None = None         # face up, being bid for
        if deal:
            for rank in RANKS:
                cards = list(rank)
                self.rng.shuffle(cards)
                for p in range(n):
                    self.hands[p].append(cards.pop())
            self.prizes = list(PRIZES)
            self.rng.shuffle(self.prizes)
            self.prize = self.prizes.pop()

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def to_act(self) -> frozenset[int]:
        if self.prize is None:
            return frozenset()
        return frozenset(p for p, c in enumerate(self.chosen) if c is None)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        return [Action(player, "bid", (c,)) for c in self.hands[player]]

    def apply(self, action: Action) -> list[Event]:
        p = action.player
        if p not in self.to_act():
            raise IllegalAction(f"player {p} cannot bid now")
        if action.kind != "bid" or len(action.args) != 1 or action.args[0] not in self.hands[p]:
            raise IllegalAction(f"not a card of player {p}'s hand: {action}")
        card = action.args[0]
        assert isinstance(card, int)
        self.hands[p].remove(card)
        self.chosen[p] = card
        events = [Event("bid", p)]
        if all(c is not None for c in self.chosen):
            bids = [c for c in self.chosen if c is not None]
            self.shown.append(bids)
            self.won.append(self.prize)
            self.chosen = [None] * self.num_players
            best = max(bids)
            events.append(Event("show", None, None, self.prize, tuple(bids)))
            if bids.count(best) == 1:
                w = bids.index(best)
                self.scores[w] += self.prize
                events.append(Event("prize", w, None, self.scores[w]))
            self.prize = self.prizes.pop() if len(self.shown) < HAND else None
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
            "won": list(self.won),
            "prize": self.prize,
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

    def clone(self) -> "Auction":
        c = Auction.__new__(Auction)
        c.setup = self.setup
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.hands = [list(h) for h in self.hands]
        c.chosen = list(self.chosen)
        c.scores = list(self.scores)
        c.shown = [list(t) for t in self.shown]
        c.won = list(self.won)
        c.prizes = list(self.prizes)
        c.prize = self.prize
        return c


def determinize(data: Any, obs: dict[str, Any], player: int, rng: random.Random) -> Auction:
    """A full state consistent with ``player``'s observation: each other player gets,
    for every rank they have not shown a card of, one card of that rank ``player`` has
    not seen (one of them their committed bid, if they have bid); the face-down
    prizes are reshuffled."""
    n = len(obs["hand_sizes"])
    state = Auction(GameSetup("auction", tuple(f"p{i}" for i in range(n)), rng.randrange(2**31)), deal=False)
    seen = set(obs["hand"]) | {c for t in obs["shown"] for c in t}
    if obs["your_choice"] is not None:
        seen.add(obs["your_choice"])
    unseen = [[c for c in rank if c not in seen] for rank in RANKS]
    for cards in unseen:
        rng.shuffle(cards)
    for q in range(n):
        if q == player:
            state.hands[q] = list(obs["hand"])
            state.chosen[q] = obs["your_choice"]
            continue
        shown_ranks = {rank_of(t[q]) for t in obs["shown"]}
        held = [unseen[r].pop() for r in range(len(RANKS)) if r not in shown_ranks]
        if obs["chosen"][q]:
            state.chosen[q] = held.pop(rng.randrange(len(held)))
        state.hands[q] = sorted(held)
    seen_prizes = set(obs["won"]) | ({obs["prize"]} if obs["prize"] is not None else set())
    state.prizes = [c for c in PRIZES if c not in seen_prizes]
    rng.shuffle(state.prizes)
    state.prize = obs["prize"]
    state.shown = [list(t) for t in obs["shown"]]
    state.won = list(obs["won"])
    state.scores = list(obs["scores"])
    return state


GAME = Game(
    name="auction", titles={"en": "Hidden Auction", "fr": "Enchère cachée"}, min_players=2, max_players=3,
    simultaneous=True, hidden_information=True, data_folder="",
    load=lambda source: None, new=lambda data, setup: Auction(setup),
    policies={"random": lambda data, seat, seed: RandomPolicy(seed)},
    determinize=determinize,
)
