"""Between Battle: a duel of hand management on two piles.

The rules (``state``), the decks as data (``cards``, read from
``cards/between/``), the events in words (``text``) and the bots
(``policies``), registered here: :data:`ABOUT` says what the game is, and
:data:`GAME` (built in :mod:`engine.between.entry`) loads the rules when first
asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game import About

if TYPE_CHECKING:
    from engine.between.entry import GAME

ABOUT = About(
    name="between",
    titles={"en": "Between Battle", "fr": "Between Battle"},
    min_players=2,
    max_players=2,
    simultaneous=False,
    hidden_information=True,
    data_folder="between",
    policies=("random", "sensible", "search"),
    options={"characters": "two characters, e.g. pirate,ninja (pirate, knight, cowboy, ninja; drawn when not given)"},
)

__all__ = ["ABOUT", "GAME"]


def __getattr__(name: str) -> Any:
    # The rules load when ``GAME`` is first asked for (the registry, a caller): the game can be
    # listed from ABOUT without them.
    if name == "GAME":
        from engine.between.entry import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
