"""The games the kiosk can host: every package of :mod:`kiosk.games` that exposes ``KIOSK``.

Adding a game's screens adds a package here and touches nothing else (like
:mod:`engine.registry`).  Importing a package loads its descriptor only, never a screen.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

from engine.registry import discover
from kiosk.games.descriptor import KioskGame


def _kiosk_of(module: ModuleType) -> KioskGame | None:
    kg = getattr(module, "KIOSK", None)
    return kg if isinstance(kg, KioskGame) else None


@lru_cache(maxsize=1)
def _games() -> dict[str, KioskGame]:
    import kiosk.games as package
    found = discover(package, _kiosk_of, lambda kg: kg.game, "kiosk packages for a game")
    return {name: kg for name, (_, kg) in found.items()}


def games() -> list[KioskGame]:
    """Every game with a kiosk package, by name."""
    return list(_games().values())


def find(name: str) -> KioskGame | None:
    return _games().get(name)


def get(name: str) -> KioskGame:
    kg = find(name)
    if kg is None:
        raise KeyError(f"no kiosk package for the game {name!r} (one of {', '.join(_games()) or 'none'})")
    return kg


def load_class(spec: str) -> type:
    """The class a ``"module:Class"`` string names (a screen, imported when first needed)."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)
