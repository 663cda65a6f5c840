"""Café tournaments of every registered game: pure, deterministic, on the contract.

A café runs league nights of whatever its customers play.  This package holds the formats
(:mod:`engine.cafe.formats`: a Swiss ladder and a knockout for a duel, rounds of tables seated
from the standings for a game of more players, with their points and tie-breaks) and the
tournament itself (:mod:`engine.cafe.tournament`): a :class:`CafeTournament` is a contract
``GameState`` whose players are the entrants, so a host stores, replays and serves it as it does
any game (``tournament_game(setup)`` is its descriptor), and :mod:`engine.cafe.bots` plays one
with bot entrants.  It has no ``GAME``: it is not a game of the table, and the registry does not
list it.  Challengers! keeps its own printed tournament plans.
"""

from engine.cafe.formats import places
from engine.cafe.tournament import (
    CAFE,
    FORMATS,
    CafePolicy,
    CafeRules,
    CafeTournament,
    Table,
    formats_for,
    new_setup,
    rules_of,
    tournament_game,
)

__all__ = ["CAFE", "FORMATS", "CafePolicy", "CafeRules", "CafeTournament", "Table", "formats_for", "new_setup",
           "places", "rules_of", "tournament_game"]
