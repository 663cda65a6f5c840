"""Cosplay Team Battle: a deck-building card game for 2 to 4 players.

Recruit cosplayers and equipment from a six-zone conveyor with three
resources (BADASS, KAWAII, CRAFT), complete objectives in three levels, and
send Drama cards to clog the others' hands.  The rules are in
:mod:`engine.cosplay.state`, the cards in ``cards/cosplay/`` (the project's
own design), the decisions in ``docs/rules.md``.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game, GameSetup, Policy, RandomPolicy
from engine.search import registered_policy

from .cards import Catalogue
from .cards import load as _load
from .state import CosplayState, determinize
from .text import describe_event, remember_names
from .upgrade import upgrade_actions

__all__ = ["GAME", "CosplayState", "load", "new"]


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


GAME = Game(
    name="cosplay",
    titles={"en": "Cosplay Team Battle", "fr": "Cosplay Team Battle"},
    min_players=2, max_players=4, simultaneous=False, hidden_information=True,
    data_folder="cosplay", load=load, new=new,
    policies={"random": lambda data, seat, seed: RandomPolicy(seed), "sensible": _sensible,
              "search": registered_policy("cosplay")},     # the hard level
    determinize=determinize,
    describe_event=describe_event,
    upgrade_actions=upgrade_actions,
)
