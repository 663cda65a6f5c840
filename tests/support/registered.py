"""The games a test goes over, read from the registries, never written in the test.

A game registered tomorrow is then checked by every test that checks today's games, or fails one
that names it and what it lacks (a walk of the real app, a moment's script):

- :func:`engine_games`: every game of :mod:`engine.registry` (``hidden=True``: those with hidden
  information);
- :func:`kiosk_games`: every game with a kiosk package (:mod:`kiosk.games.registry`) that has
  each of the descriptor's parts named (``"say"``, ``"phone"``, ...);
- :func:`table_games`: the games played on one shared table screen, which say what just happened
  (``KioskGame.say``) and need no router between screens of their own (``KioskGame.screen``): all
  but Challengers!, whose Deck Phase, match and result are screens of their own;
- :func:`phone_games`: the games with hidden information and a phone page;
- :func:`script_for` / :func:`missing`: a test's per-game script (seeds, moments, taps), or a
  failure naming the game without one.

Importing this module imports no game's rules: the registries are read when asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def engine_games(hidden: bool | None = None) -> list[str]:
    """Every registered game's name, in the registry's order; ``hidden``: only those with
    (True) or without (False) hidden information."""
    from engine import registry
    return [a.name for a in registry.abouts() if hidden is None or a.hidden_information == hidden]


def kiosk_games(*parts: str) -> list[str]:
    """The games with a kiosk package whose descriptor has every one of ``parts`` (not None)."""
    from kiosk.games import registry as kiosk_registry
    return [kg.game for kg in kiosk_registry.games() if all(getattr(kg, p) is not None for p in parts)]


def table_games() -> list[str]:
    """The games played on one shared table screen (their kiosk package says what just happened
    and routes between no screens of its own)."""
    from kiosk.games import registry as kiosk_registry
    from kiosk.games.descriptor import first_screen
    return [kg.game for kg in kiosk_registry.games() if kg.say is not None and kg.screen is first_screen]


def missing(scripts: Iterable[str], games: Iterable[str]) -> list[str]:
    """The games of ``games`` that ``scripts`` (a test's per-game table) has nothing for."""
    have = set(scripts)
    return [g for g in games if g not in have]


def script_for(scripts: Mapping[str, T], game: str, what: str) -> T:
    """``scripts[game]``, or a failure naming the game and what a test must be given for it."""
    if game not in scripts:
        raise AssertionError(f"{game}: no {what} (a game registered since the test was written: add one)")
    return scripts[game]


def assert_every_game_has(scripts: Mapping[str, Any] | Iterable[str], games: Iterable[str], what: str) -> None:
    """Fail naming every game of ``games`` without an entry in ``scripts``."""
    lacking = missing(scripts, games)
    assert not lacking, f"no {what} for {', '.join(lacking)} (registered since the test was written: add one)"


def phone_games() -> list[str]:
    """The games with hidden information whose seats phones may take with a page of their own."""
    hidden = set(engine_games(hidden=True))
    return [g for g in kiosk_games("phone") if g in hidden]
