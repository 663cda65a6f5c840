"""The games the kiosk can host: every package of :mod:`kiosk.games` that exposes ``KIOSK``.

Adding a game's screens adds a package here and touches nothing else (like
:mod:`engine.registry`).  Importing a package loads its descriptor only, never a screen.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from kiosk.games.descriptor import KioskGame


@lru_cache(maxsize=1)
def _games() -> dict[str, KioskGame]:
    import kiosk.games as package
    found: dict[str, KioskGame] = {}
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"kiosk.games.{info.name}")
        kg = getattr(module, "KIOSK", None)
        if isinstance(kg, KioskGame):
            if kg.game in found:
                raise RuntimeError(f"two kiosk packages for the game {kg.game!r}")
            found[kg.game] = kg
    return dict(sorted(found.items()))


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
