"""The games the table hosts.

A game registers by being a package of :mod:`engine` that exposes ``GAME``
(a :class:`engine.game.Game`) in its ``__init__``: adding a game adds a
package and touches nothing here.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

import engine
from engine.game import Game


@lru_cache(maxsize=1)
def _games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for info in pkgutil.iter_modules(engine.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"engine.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            if game.name in found:
                raise RuntimeError(f"two games are named {game.name!r}")
            found[game.name] = game
    return dict(sorted(found.items()))


def games() -> list[Game]:
    """Every registered game, by name."""
    return list(_games().values())


def get(name: str) -> Game:
    """The game called ``name``; a clear error naming the others otherwise."""
    try:
        return _games()[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r} (one of {', '.join(_games())})") from None


def cafe(name: str) -> ModuleType:
    """The café module of the game called ``name`` (its ``Game.cafe``, imported now): what a café
    host needs to run tournaments of it.  ``KeyError`` saying why for a game without one."""
    game = get(name)
    if game.cafe is None:
        raise KeyError(f"{game.title()} has no café tournaments")
    return importlib.import_module(game.cafe)
