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
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import TypeVar

import engine
from engine.game import About, Game

T = TypeVar("T")


def discover(package: ModuleType, read: Callable[[ModuleType], T | None], key: Callable[[T], str],
             what: str) -> dict[str, tuple[str, T]]:
    """What ``read`` finds in each subpackage of ``package`` (each imported), by ``key``, in
    name order, with the name of the subpackage it came from; a subpackage where ``read``
    finds nothing (``None``) is skipped.  Two of one name is an error naming both.  The one
    discovery of both registries: the engine's games and the kiosk's game packages."""
    found: dict[str, tuple[str, T]] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        value = read(module)
        if value is None:
            continue
        name = key(value)
        if name in found:
            raise RuntimeError(f"two {what} named {name!r}: {found[name][0]} and {module.__name__}")
        found[name] = (module.__name__, value)
    return dict(sorted(found.items()))


def _about_of(module: ModuleType) -> About | None:
    """A game package's facts: its ``ABOUT``, or else its ``GAME``'s."""
    about = getattr(module, "ABOUT", None)
    if isinstance(about, About):
        return about
    game = getattr(module, "GAME", None)
    return About.of(game) if isinstance(game, Game) else None


@lru_cache(maxsize=1)
def _abouts() -> dict[str, About]:
    """Every game's facts by name, read from its package's ``__init__``."""
    found = discover(engine, _about_of, lambda about: about.name, "games")
    _PACKAGES.update((name, module) for name, (module, _) in found.items())
    return {name: about for name, (_, about) in found.items()}


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


def cafe(name: str) -> ModuleType:
    """The café module of the game called ``name`` (its ``Game.cafe``, imported now): what a café
    host needs to run tournaments of it.  ``KeyError`` saying why for a game without one."""
    game = get(name)
    if game.cafe is None:
        raise KeyError(f"{game.title()} has no café tournaments")
    return importlib.import_module(game.cafe)
