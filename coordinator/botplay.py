"""The bot entrants' player: one task per tournament that plays the seats the coordinator plays.

While the game's café module names a seat to play (``bot_turn``: a bot entrant's Deck Phase, a
match with nobody in it), the seat's bot decides in the worker process (:mod:`coordinator.bots`)
and its action goes through the write path like a kiosk's (``apply``:
:meth:`coordinator.writes.Writes.apply_bot`); then the task waits to be woken (:meth:`kick`)
by the next change.  The loop only builds the bot's question; the thinking is in the worker, so
the kiosks and pages are answered meanwhile.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from engine.game import Action

from . import bots
from .tournaments import Entry, Tournament

log = logging.getLogger("tablecup.coordinator")

#: How long a bot waits before asking again after its decision failed.
RETRY_SECONDS = 1.0

ApplyFn = Callable[[int, int, int, Action], Awaitable[None]]


class BotPlayer:
    """The bots of every tournament of one coordinator, one worker process for them all.

    ``tournaments``: the coordinator's, read for the live entries; ``apply(tid, seat, version,
    action)`` applies and stores a decision (:meth:`coordinator.writes.Writes.apply_bot`)."""

    def __init__(self, tournaments: dict[int, Tournament], apply: ApplyFn) -> None:
        self.tournaments = tournaments
        self.apply = apply
        self.tasks: dict[int, asyncio.Task[None]] = {}     # tournament id -> its bots' player
        self.wake: dict[int, asyncio.Event] = {}
        self.executor: concurrent.futures.Executor | None = None
        self.decisions = 0        # made in the worker (a seat with one legal action asks nobody)
        self.thinking = 0         # decisions asked of the worker and not answered yet

    def kick(self, tid: int) -> None:
        """Something changed in tournament ``tid``: its bots' player looks for a move."""
        wake = self.wake.get(tid)
        if wake is None:
            wake = self.wake[tid] = asyncio.Event()
        wake.set()
        task = self.tasks.get(tid)
        if task is None or task.done():
            self.tasks[tid] = asyncio.get_running_loop().create_task(self.play(tid), name=f"bots-{tid}")

    async def stop(self) -> None:
        """Cancel every tournament's task and end the worker process."""
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.tasks.clear()
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.executor = None

    async def play(self, tid: int) -> None:
        """The bots' player of one tournament, until it is over (or gone)."""
        wake = self.wake[tid]
        while True:
            wake.clear()
            e = self.tournaments.get(tid)
            if not isinstance(e, Entry):
                return
            seat = e.cafe.bot_turn(e.state, e.bots)
            if seat is None:
                await wake.wait()
                continue
            version = e.version
            action = await self.decide(e, seat)
            if action is not None:
                await self.apply(tid, seat, version, action)

    async def decide(self, e: Entry, seat: int) -> Action | None:
        """The seat's bot's decision (its only legal action without asking it); None when the
        worker failed (after a pause: the caller asks again)."""
        observation, legal = bots.question(e.state, seat)
        if len(legal) == 1:
            return legal[0]
        kind = e.cafe.bot_kind(e.state, e.bots, seat)
        key = (e.id, seat, kind)
        seed = (e.setup.seed * 31 + seat) % (2 ** 63)
        if self.executor is None:
            self.executor = bots.new_executor(e.game)
        try:
            action = await self._ask(self.executor, key, e.game, kind, seat, seed, observation, legal)
        except concurrent.futures.BrokenExecutor:
            # The worker process died (killed, out of memory): a new one next time; the bots it
            # held start again with no memory of the cards they saw.
            log.error("tournament %d: the bots' worker process died; starting a new one", e.id)
            if self.executor is not None:
                self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None
            await asyncio.sleep(RETRY_SECONDS)
            return None
        except Exception:
            # Whatever the game's bot raised (a bug of it or of its data) is logged with its
            # traceback and the seat asked again later: the tournament waits for the seat rather
            # than losing its bots' player.
            log.exception("tournament %d: the bot of player %d failed; it tries again", e.id, seat)
            await asyncio.sleep(RETRY_SECONDS)
            return None
        self.decisions += 1
        return action

    async def _ask(self, executor: concurrent.futures.Executor, *question: Any) -> Action:
        """``bots.decide(*question)`` in the worker process, counted in :attr:`thinking` while
        the worker has it (the event loop answers requests meanwhile)."""
        self.thinking += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, bots.decide, *question)
        finally:
            self.thinking -= 1
