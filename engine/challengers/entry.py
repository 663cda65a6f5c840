"""Challengers!' :class:`~engine.game.Game`: :data:`engine.challengers.ABOUT` with its rules."""

from __future__ import annotations

from typing import Any

from engine.challengers import ABOUT
from engine.challengers.describe import SEATS, describe_event
from engine.challengers.determinize import determinize
from engine.challengers.game import ChallengersState
from engine.challengers.hint import policy_factory as search_policy
from engine.challengers.legacy import legacy_policy
from engine.challengers.library import load
from engine.events import Event


def _describe(event: Event, lang: str = "en") -> str:
    return describe_event(event, SEATS)


def _load(source: Any) -> Any:
    return load(source)


GAME = ABOUT.game(
    load=_load, new=ChallengersState.new,
    policies={"greedy": legacy_policy("greedy"), "random": legacy_policy("random"), "robot": legacy_policy("robot"),
              "search": search_policy()},
    determinize=determinize,
    describe_event=_describe,
    cafe="engine.challengers.cafe",
)
