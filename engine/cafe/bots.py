"""A café tournament played by bot entrants: the whole of it, seeded and deterministic.

Each entrant is one of the inner game's bots (``random``, ``sensible``, ``casual``... as the
game lists them) or the search bot at a level (:data:`engine.search.LEVELS`), deciding from
its table's observation only (:class:`~engine.cafe.tournament.CafePolicy`).  Without a clock
the search bot is deterministic too, so the same set-up gives the same record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cafe.tournament import CafePolicy, CafeTournament, tournament_game
from engine.game import Game, GameSetup, Policy, play_out
from engine.search import LEVELS, policy_factory

__all__ = ["bot_factory", "entrant_bots", "play_with_bots"]

#: Enough for the longest tournament allowed (every action of every table's game).
ACTION_LIMIT = 10_000_000


def bot_factory(game: Game, bot: str, level: str | None = None) -> Callable[[Any, int, int], Policy]:
    """The inner game's bot called ``bot`` as a factory ``(data, seat, seed)``; ``"search"``
    at ``level`` (default the game's own search bot, its hard level)."""
    if bot == "search" and level is not None:
        if level not in LEVELS:
            raise ValueError(f"level: one of {', '.join(LEVELS)}, not {level!r}")
        return policy_factory(game, level)
    if level is not None:
        raise ValueError(f"level: only the search bot has levels, not {bot!r}")
    if bot not in game.policies:
        raise ValueError(f"bot: {game.title()}'s bots are {', '.join(sorted(game.policies))}, not {bot!r}")
    return game.policies[bot]


def entrant_bots(state: CafeTournament, bot: str, level: str | None = None) -> dict[int, Policy]:
    """A bot for every entrant of ``state``, each seeded from the tournament's seed and its number."""
    factory = bot_factory(state.game, bot, level)
    seed = state.setup.seed
    return {p: CafePolicy(factory, state.data, p, seed * 31 + p, bot) for p in range(state.num_players)}


def play_with_bots(data: Any, setup: GameSetup, bot: str = "random", level: str | None = None) -> CafeTournament:
    """A whole tournament from ``setup`` (see :func:`engine.cafe.new_setup`) with every entrant
    ``bot`` (at ``level`` for ``"search"``), played to its end; read ``record()`` of the answer."""
    state = tournament_game(setup).new(data, setup)
    if not isinstance(state, CafeTournament):
        raise TypeError("a café tournament's descriptor made something else")
    play_out(state, entrant_bots(state, bot, level), limit=ACTION_LIMIT)
    return state
