"""Tests peek at the engine behind a Challengers! table: ``c.t`` (the tournament) and ``c.match``
(the match at its park), for checks that compare what the screens show with the rules' own state.

The product's :class:`kiosk.games.challengers.local.ChallengersTable` reads observations only; a
test that wants the engine's objects asks for them here (imported by the drive scripts'
:mod:`app_driver` and by :mod:`kiosk_helpers`, which install it)."""

from __future__ import annotations

from typing import Any

from kiosk.games.challengers.local import ChallengersTable, end_held


def _tournament(c: ChallengersTable) -> Any:
    state = c.table.state
    return state.tournament if c.game_id is not None and state is not None else None


def _match(c: ChallengersTable) -> Any:
    t = _tournament(c)
    return None if t is None else t.matches.get(c.park)


def shown_match(c: ChallengersTable) -> Any:
    """The engine's match the screen shows: the one being played, or the one that just ended
    while its end is held on screen."""
    if end_held(c):
        return c.table.state.ended[c.park][0]
    return _match(c)


def install() -> None:
    """Give :class:`ChallengersTable` the tests' ``t`` and ``match`` (idempotent)."""
    if not hasattr(ChallengersTable, "t"):
        setattr(ChallengersTable, "t", property(_tournament))
        setattr(ChallengersTable, "match", property(_match))


install()
