"""Cosplay Team Battle's :class:`~engine.game.Game`: :data:`engine.cosplay.ABOUT` with its rules."""

from __future__ import annotations

from typing import Any

from engine.cosplay import ABOUT
from engine.game import GameSetup, Policy, RandomPolicy
from engine.search import registered_policy

from .cards import Catalogue
from .cards import load as _load
from .state import CosplayState, determinize
from .text import describe_event, remember_names
from .upgrade import upgrade_actions


def load(source: Any) -> Catalogue:
    """The checked box read through ``source`` (e.g. the ``cards`` package)."""
    cat = _load(source)
    remember_names(cat)
    return cat


def new(data: Catalogue, setup: GameSetup) -> CosplayState:
    return CosplayState(data, setup)


def _sensible(data: Catalogue, seat: int, seed: int) -> Policy:
    from .policies import SensiblePolicy
    return SensiblePolicy(data, seat, seed)


GAME = ABOUT.game(
    load=load, new=new,
    policies={"random": lambda data, seat, seed: RandomPolicy(seed), "sensible": _sensible,
              "search": registered_policy("cosplay")},     # the hard level
    determinize=determinize,
    describe_event=describe_event,
    upgrade_actions=upgrade_actions,
    cafe="engine.cosplay.cafe",
)
