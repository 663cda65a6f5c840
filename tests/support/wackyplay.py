"""Helpers for the Wacky Challenge tests: the real data, states set up by hand."""

from __future__ import annotations

import json
from functools import lru_cache

import cards
from engine.game import Action, GameSetup
from engine.wacky import GAME
from engine.wacky.data import VEHICLES
from engine.wacky.state import PICK, WackyState


@lru_cache(maxsize=1)
def data():
    return GAME.load(cards)


def new(pilots=("yellow", "red", "green", "blue"), seed=1) -> WackyState:
    """A game with these pilots in seat order."""
    return GAME.new(data(), GameSetup("wacky", tuple(f"P{i + 1}" for i in range(len(pilots))), seed,
                                      {"pilots": list(pilots)}))


def c(name: str) -> int:
    """A card's number from its id ('yellow-train', 'starter-boat')."""
    return data().index[name]


def names(cards_) -> list[str]:
    return [data().names[x] for x in cards_]


def act(state, text: str):
    """Apply an action given as text ('0 choose yellow-train'); its events."""
    return state.apply(Action.from_text(text))


def choose_all(state, *card_names: str):
    """Every seat chooses, in seat order; the events of the last choice."""
    events = []
    for p, name in enumerate(card_names):
        events = act(state, f"{p} choose {name}")
    return events


def reveal(state, *card_names: str) -> list[int]:
    """Put these cards (one per seat) face up as if all had just chosen; the pick order."""
    for p, name in enumerate(card_names):
        if c(name) not in state.hands[p]:
            state.hands[p].append(c(name))
    events = choose_all(state, *card_names)
    assert state.phase == PICK
    return list(next(e for e in events if e.kind == "order").info)


def hierarchy(state) -> list[str]:
    return [VEHICLES[v] for v in state.hier]


def fingerprint(state) -> str:
    views = [state.observation(p) for p in range(state.num_players)] + [state.observation(None)]
    return json.dumps([views, state.rng.getstate(), sorted(state.to_act()), state.chosen, state.played],
                      sort_keys=True, default=repr)
