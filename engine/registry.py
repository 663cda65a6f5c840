"""The games the table hosts.

A game registers by being a package of :mod:`engine` that exposes ``GAME``
(a :class:`engine.game.Game`) in its ``__init__``: adding a game adds a
package and touches nothing here.  A package may also declare ``ABOUT`` (an
:class:`engine.game.About`) and load ``GAME`` only when it is asked for (a
module ``__getattr__``): :func:`abouts` then lists the game without importing
its rules (``tablecup games`` and the command line's help stay quick).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

import engine
from engine.game import About, Game


@lru_cache(maxsize=1)
def _abouts() -> dict[str, About]:
    """Every game's facts by name, read from its package's ``__init__`` (its ``ABOUT``, or
    else its ``GAME``'s)."""
    found: dict[str, About] = {}
    for info in pkgutil.iter_modules(engine.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"engine.{info.name}")
        about = getattr(module, "ABOUT", None)
        if not isinstance(about, About):
            game = getattr(module, "GAME", None)
            if not isinstance(game, Game):
                continue
            about = About.of(game)
        if about.name in found:
            raise RuntimeError(f"two games are named {about.name!r}")
        found[about.name] = about
        _PACKAGES[about.name] = module.__name__
    return dict(sorted(found.items()))


# A game's name -> the package that registers it (filled by _abouts).
_PACKAGES: dict[str, str] = {}


@lru_cache(maxsize=1)
def _games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for name, about in _abouts().items():
        game = importlib.import_module(_PACKAGES[name]).GAME
        if About.of(game) != about:
            raise RuntimeError(f"{_PACKAGES[name]}: its GAME is not what its ABOUT says")
        found[name] = game
    return found


def abouts() -> list[About]:
    """Every registered game's facts, by name, without importing any game's rules."""
    return list(_abouts().values())


def about(name: str) -> About:
    """The facts of the game called ``name``; a clear error naming the others otherwise."""
    try:
        return _abouts()[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r} (one of {', '.join(_abouts())})") from None


def games() -> list[Game]:
    """Every registered game, by name."""
    return list(_games().values())


def get(name: str) -> Game:
    """The game called ``name``; a clear error naming the others otherwise."""
    try:
        return _games()[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r} (one of {', '.join(_games())})") from None
