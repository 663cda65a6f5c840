"""Challengers! (and its Beach Cup box): the rules, and the game's entry in the registry.

The rules live in :mod:`.match` (the Match Phase), :mod:`.deckphase` and
:mod:`.tournament`; :mod:`.game` puts them on the contract of
:mod:`engine.game`, and :data:`GAME` is what the registry finds.

Its hot modules also run compiled (:mod:`._compiled`): the same events, faster.
"""

from __future__ import annotations

from typing import Any

# First: the hook that chooses between the compiled and the pure modules.
from engine.challengers._compiled import COMPILED, compiled_modules  # noqa: F401 (the package's API)
from engine.challengers.describe import SEATS, describe_event
from engine.challengers.determinize import determinize
from engine.challengers.game import OPTIONS, ChallengersState, legacy_policy
from engine.challengers.hint import policy_factory as search_policy
from engine.challengers.library import load
from engine.events import Event
from engine.game import Game


def _describe(event: Event, lang: str = "en") -> str:
    return describe_event(event, SEATS)


def _load(source: Any) -> Any:
    return load(source)


GAME = Game(
    name="challengers",
    titles={"en": "Challengers!", "fr": "Challengers !"},
    min_players=1, max_players=8,
    simultaneous=True,           # every player's Deck Phase runs at the same time
    hidden_information=True,     # deck orders, drafted cards, trophies' fans
    data_folder="cards",
    load=_load, new=ChallengersState.new,
    policies={"greedy": legacy_policy("greedy"), "random": legacy_policy("random"), "robot": legacy_policy("robot"),
              "search": search_policy()},
    determinize=determinize,
    options=OPTIONS,
    describe_event=_describe,
    cafe="engine.challengers.cafe",
)
