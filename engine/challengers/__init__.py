"""Challengers! (and its Beach Cup box): the rules, and the game's entry in the registry.

The rules live in :mod:`.match` (the Match Phase), :mod:`.deckphase` and
:mod:`.tournament`; :mod:`.game` puts them on the contract of
:mod:`engine.game`.  :data:`ABOUT` says what the game is, and :data:`GAME`
(built in :mod:`.entry`) loads the rules when first asked for.

Its hot modules also run compiled (:mod:`._compiled`): the same events, faster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# First: the hook that chooses between the compiled and the pure modules, before any of them.
from engine.challengers._compiled import COMPILED, compiled_modules
from engine.game import About

if TYPE_CHECKING:
    from engine.challengers.entry import GAME

ABOUT = About(
    name="challengers",
    titles={"en": "Challengers!", "fr": "Challengers !"},
    min_players=1, max_players=8,
    simultaneous=True,           # every player's Deck Phase runs at the same time
    hidden_information=True,     # deck orders, drafted cards, trophies' fans
    data_folder="cards",
    policies=("greedy", "random", "robot", "search"),
    # The set-up options (``GameSetup.options``), each with one line of help.
    options={
        "box": "whose starter decks and draft: base or beach (default: the basic set's box)",
        "sets": "one basic set and five additional sets, comma-separated (default: the box's)",
        "robot_level": "the Robot's level: 1-3, or 1-5 solo (default 1)",
        "solo_cards": "yes: shuffle the SOLO cards into the Robot's R cards (default no)",
        "final_park": "the park the Final is played at (default 1)",
        "lesson": "a guided first match (one player against the Robot, fixed decks): the lesson's id, "
                  "e.g. first-match",
    },
)

__all__ = ["ABOUT", "COMPILED", "GAME", "compiled_modules"]


def __getattr__(name: str) -> Any:
    # The rules load when ``GAME`` is first asked for (the registry, a caller): the game can be
    # listed from ABOUT without them.
    if name == "GAME":
        from engine.challengers.entry import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
