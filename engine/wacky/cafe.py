"""Wacky Challenge in a café: the shared café module (:class:`engine.cafe.host.CafeHost`) for this game.

A café host reads every name of a game's café module from here (``GAME.cafe`` names this
module); all but the game's name are the shared host's.
"""

from __future__ import annotations

from typing import Any

from engine.cafe.host import CafeHost

GAME = "wacky"
HOST = CafeHost(GAME)


def __getattr__(name: str) -> Any:
    return getattr(HOST, name)
