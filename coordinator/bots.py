"""Bot entrants of a café tournament: the search bot playing a seat, and what the coordinator plays.

A bot entrant is a tournament player like any other (it drafts, it plays its matches), entered by
the organiser with a level.  Its decisions come from the search bot
(:class:`engine.challengers.hint.HintSearchPolicy`), which sees only its seat's observation
and legal actions.  Who plays what:

* **every bot's Deck Phase**: the coordinator (the one place holding the tournament, so the one
  place that can give the bot its seat's observation, with the matches it saw);
* **a match with a person in it**: the park's kiosk, which plays the bot's side as it plays the
  Robot's (reveals and when-picked choices, by the search bot's match rule);
* **a match with nobody in it** (bot against bot, or a bot against the Robot): the coordinator.

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

from engine.challengers.game import ChallengersState, observe, to_tuple
from engine.challengers.tournament import DECK, FINAL, FINAL_DECK, MATCH

#: A level is the search bot's budget: practice matches per Deck Phase decision (round 1; later
#: rounds get fewer, dearer ones).  "hard" is the kiosk's pick hint's budget (about 0.1 s of CPU
#: per decision on the development machine, about 3x that on a Raspberry Pi 4).
LEVELS: dict[str, int] = {"easy": 30, "medium": 200, "hard": 1000}


def settings_to_json(bots: dict[int, str]) -> dict:
    """The tournament's stored settings (``tournaments.settings``): its bot entrants."""
    return {"bots": {str(p): level for p, level in sorted(bots.items())}}


def settings_from_json(d: dict) -> dict[int, str]:
    bots = {int(p): str(level) for p, level in (d or {}).get("bots", {}).items()}
    for p, level in bots.items():
        if level not in LEVELS:
            raise ValueError(f"player {p}: unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    return bots


def people_at(t, bots: dict[int, str], players) -> bool:
    """Whether a person plays in a match between ``players`` (not the Robot, not a bot entrant)."""
    return any(not t.players[p].robot and p not in bots for p in players)


def next_turn(t, bots: dict[int, str]) -> int | None:
    """The seat the coordinator plays now, or None: a bot entrant's Deck Phase, or any seat of a
    match with no person in it (the park's kiosk, if any, only watches that one)."""
    phase = t.phase
    if phase in (DECK, FINAL_DECK):
        for p in sorted(bots):
            d = t.deck_phases.get(p)
            if d is not None and d.stage != "done":
                return p
    elif phase in (MATCH, FINAL):
        for who in t.waiting():
            if who[0] == "match":
                m = t.matches[who[1]]
                if not people_at(t, bots, m.players):
                    return who[2]
    return None


def question(t, seat: int) -> tuple[dict, list]:
    """What the seat's bot is given: its observation and its legal actions (contract form)."""
    return observe(t, seat), ChallengersState(None, t).legal_actions(seat)


def answer_to_tuple(t, action) -> tuple:
    return to_tuple(t, action)


# ---------------------------------------------------------------------- the worker process
_LIB = None
_POLICIES: dict[tuple, Any] = {}


def _library():
    global _LIB
    if _LIB is None:
        import cards
        from engine.challengers.library import load
        _LIB = load(cards)
    return _LIB


def decide(key: tuple, kind: str, seat: int, seed: int, observation: dict, legal: list):
    """One decision, in the worker process.  ``key`` names the bot (tournament, seat, level): its
    policy is kept between decisions, so it remembers the cards it saw.  ``kind``: a level of
    :data:`LEVELS` (a bot entrant), or "robot" (the Robot, in a match with nobody in it)."""
    policy = _POLICIES.get(key)
    if policy is None:
        lib = _library()
        if kind == "robot":
            from engine.challengers.game import legacy_policy
            policy = legacy_policy("robot")(lib, seat, seed)
        else:
            from engine.challengers.hint import HintSearchPolicy
            policy = HintSearchPolicy(lib, seat, seed, simulations=LEVELS[kind])
        _POLICIES[key] = policy
    return policy.act(observation, legal)


def _warm(parent: int) -> None:
    """The worker's start: load the cards once, and leave when the coordinator is gone."""
    threading.Thread(target=_orphan_watch, args=(parent,), name="bots-orphan-watch", daemon=True).start()
    _library()


def _orphan_watch(parent: int) -> None:
    # A coordinator killed with -9 cannot stop its worker; the worker then belongs to another
    # parent, and goes (systemd would also end it with the unit's control group; a test or a
    # shell would not).
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def new_executor() -> concurrent.futures.Executor:
    """One worker process (spawned: the coordinator's threads are not copied into it) for every
    bot of every tournament, one decision at a time, so a bot keeps its memory between them."""
    return concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                  initializer=_warm, initargs=(os.getpid(),))
