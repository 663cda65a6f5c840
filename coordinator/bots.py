"""Bot entrants of a café tournament: what the coordinator plays itself, in a worker process.

A bot entrant is a tournament player like any other, entered by the organiser with a level.
Which seat the coordinator plays now, and by which bot, is the game's word (its café module:
``bot_turn``, ``bot_kind``, ``bot_policy``; for Challengers!, a bot entrant's Deck Phase and a
match with no person in it, by the search bot at the entrant's level, the Robot by its rule).
The bot sees only its seat's observation and legal actions (the contract's), and its decision is
a contract action, applied and stored as a kiosk's action is.

The thinking runs in a worker process (:func:`decide`), so the event loop keeps answering the
kiosks and pages while a bot searches; the loop only builds the observation, and applies and
stores the answer as it stores a kiosk's action.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
import time
from typing import Any

from engine.game import Action, GameState

#: The levels an organiser may give a bot entrant (the game's café module says what each is).
LEVELS = ("easy", "medium", "hard")


def settings_to_json(bots: dict[int, str]) -> dict[str, Any]:
    """The tournament's stored settings (``tournaments.settings``): its bot entrants."""
    return {"bots": {str(p): level for p, level in sorted(bots.items())}}


def settings_from_json(d: dict[str, Any] | None) -> dict[int, str]:
    bots = {int(p): str(level) for p, level in (d or {}).get("bots", {}).items()}
    for p, level in bots.items():
        if level not in LEVELS:
            raise ValueError(f"player {p}: unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    return bots


def question(state: GameState, seat: int) -> tuple[dict[str, Any], list[Action]]:
    """What the seat's bot is given: its observation and its legal actions (the contract's)."""
    return state.observation(seat), state.legal_actions(seat)


# ---------------------------------------------------------------------- the worker process
_DATA: dict[str, Any] = {}
_POLICIES: dict[tuple[int, int, str], Any] = {}


def _data(game: str) -> Any:
    """The game's bundled data, loaded once in the worker."""
    got = _DATA.get(game)
    if got is None:
        import cards
        from engine import registry
        got = _DATA[game] = registry.get(game).load(cards)
    return got


def decide(key: tuple[int, int, str], game: str, kind: str, seat: int, seed: int, observation: dict[str, Any],
           legal: list[Action]) -> Action:
    """One decision, in the worker process: a contract action among ``legal``.  ``key`` names the
    bot (tournament, seat, kind): its policy is kept between decisions, so it remembers the cards
    it saw.  ``kind``: what the game's café module calls the bot (a bot entrant's level, or
    Challengers!' "robot")."""
    policy = _POLICIES.get(key)
    if policy is None:
        from engine import registry
        policy = _POLICIES[key] = registry.cafe(game).bot_policy(_data(game), kind, seat, seed)
    action = policy.act(observation, legal)
    if not isinstance(action, Action):
        raise TypeError(f"the {game} bot {kind!r} of seat {seat} answered {action!r}, not an Action")
    return action


def _warm(parent: int, game: str) -> None:
    """The worker's start: load ``game``'s cards once, and leave when the coordinator is gone."""
    threading.Thread(target=_orphan_watch, args=(parent,), name="bots-orphan-watch", daemon=True).start()
    _data(game)


def _orphan_watch(parent: int) -> None:
    # A coordinator killed with -9 cannot stop its worker; the worker then belongs to another
    # parent, and goes (systemd would also end it with the unit's control group; a test or a
    # shell would not).
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def new_executor(game: str) -> concurrent.futures.Executor:
    """One worker process (spawned: the coordinator's threads are not copied into it) for every
    bot of every tournament, one decision at a time, so a bot keeps its memory between them."""
    return concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_warm, initargs=(os.getpid(), game))
