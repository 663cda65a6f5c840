"""Cosplay Team Battle: a deck-building card game for 2 to 4 players.

Recruit cosplayers and equipment from a six-zone conveyor with three
resources (BADASS, KAWAII, CRAFT), complete objectives in three levels, and
send Drama cards to clog the others' hands.  The rules are in
:mod:`engine.cosplay.state`, the cards in ``cards/cosplay/`` (the project's
own design), the decisions in ``docs/rules.md``; :data:`ABOUT` says what the game is, and
:data:`GAME` (built in :mod:`engine.cosplay.entry`) loads the rules when first
asked for.  Its hot modules also run compiled (:mod:`._compiled`): the same events, faster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# Installs the import hook that picks the pure modules when the compiled build is absent,
# partial or stale (before any of them is imported).
from engine.cosplay._compiled import COMPILED, compiled_modules
from engine.game import About

if TYPE_CHECKING:
    from engine.cosplay.entry import GAME

ABOUT = About(
    name="cosplay",
    titles={"en": "Cosplay Team Battle", "fr": "Cosplay Team Battle"},
    min_players=2, max_players=4, simultaneous=False, hidden_information=True,
    data_folder="cosplay", policies=("random", "search", "sensible"),
)

__all__ = ["ABOUT", "COMPILED", "GAME", "compiled_modules"]


def __getattr__(name: str) -> Any:
    # The rules load when ``GAME`` is first asked for (the registry, a caller): the game can be
    # listed from ABOUT without them.
    if name == "GAME":
        from engine.cosplay.entry import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
