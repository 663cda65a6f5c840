"""Tests peek at the engine behind a Challengers! table: ``c.t`` (the tournament) and ``c.match``
(the match at its park), for checks that compare what the screens show with the rules' own state;
and they start and resume its games from the board they hold (``c.new_game(...)``, ``c.resume()``,
``c.unfinished()``, ``c.abandon()``), as the app does through :mod:`kiosk.games.challengers.board`
and :class:`kiosk.table.LocalTable`.

The product's :class:`kiosk.games.challengers.board.Board` reads observations only; a test that
wants the engine's objects asks for them here (imported by the drive scripts' :mod:`app_driver`
and by :mod:`kiosk_helpers`, which install it)."""

from __future__ import annotations

import json
from typing import Any

from kiosk.games.challengers import board as challengers
from kiosk.games.challengers.board import Board, end_held


def _tournament(c: Board) -> Any:
    state = c.table.state
    return state.tournament if c.game_id is not None and state is not None else None


def _match(c: Board) -> Any:
    t = _tournament(c)
    return None if t is None else t.matches.get(c.park)


def shown_match(c: Board) -> Any:
    """The engine's match the screen shows: the one being played, or the one that just ended
    while its end is held on screen."""
    if end_held(c):
        return c.table.state.ended[c.park][0]
    return _match(c)


def _new_game(c: Board, players=("Player",), **kw) -> Any:
    """A new tournament at the board's table (:func:`kiosk.games.challengers.board.new_game`):
    the tournament's view, or None when it could not be saved."""
    state = challengers.new_game(c.table, players, **kw)
    return None if state is None else challengers.board_of(c.table).tournament_view


def _unfinished(c: Board):
    """(id, names, number of actions) of the table's saved Challengers! game, or None."""
    row = c.table.store.unfinished_table_game(challengers.GAME)
    if row is None:
        return None
    try:
        names = list(json.loads(row[2])["players"])
    except (ValueError, KeyError, TypeError):
        names = []
    return row[0], names, len(row[4])


def _resume(c: Board) -> bool:
    row = _unfinished(c)
    return row is not None and c.table.resume(row[0])


def _abandon(c: Board) -> None:
    row = _unfinished(c)
    if row is not None:
        c.table.store.finish_table_game(row[0], None, "abandoned")


def install() -> None:
    """Give :class:`Board` the tests' ``t``, ``match`` and game starters (idempotent)."""
    if not hasattr(Board, "t"):
        setattr(Board, "t", property(_tournament))
        setattr(Board, "match", property(_match))
        setattr(Board, "new_game", _new_game)
        setattr(Board, "unfinished", _unfinished)
        setattr(Board, "resume", _resume)
        setattr(Board, "abandon", _abandon)


install()
