"""The Deck Phase pick hint at the table: the search bot's choice, thought out off the UI thread.

A player who turned the hint on in the settings (per half of the table) sees, at each Deck Phase
decision, a mark on the choice the search bot would make in their place and one line saying why
("Hermit wins 62 % of 400 practice matches, Pony 48 %").  The hint is
:class:`engine.challengers.hint.HintSearchPolicy`'s decision from that seat's observation alone,
plus what the seat saw of its opponents' cards in earlier matches (:class:`Memory`, fed with the
seat's observations while matches are played) -- never from the engine's objects.

No Kivy here.  Questions are taken one at a time by one worker thread, and the answer is handed
to ``post(fn)`` (the app passes Kivy's clock), which runs ``fn`` on the UI thread.  With
``workers`` (the kiosk passes :func:`engine.challengers.hint_pool.spare_cores`: a worker per
core), the thread only waits: the practice matches are played by that many worker
processes (:class:`engine.challengers.hint_pool.HintPool`, started once, off the UI thread, at
the first question; until it is up, or if it cannot start, the thread thinks itself, with the
one-process budget).  A pooled hint plays :data:`POOL_MATCHES` practice matches within
:data:`POOL_SECONDS`; one thinking in this process about a tenth of a second of CPU.

Each question carries a key (the table's game and the seat's Deck Phase as its observation shows
it); an answer whose key is no longer the seat's current one is dropped, and a newer question for
the same seat (or :meth:`PickHints.forget`, :meth:`PickHints.stop`) cancels the older one: its
workers drop their slices at once, the thread at its next look at the clock.
"""

from __future__ import annotations

import copy
import functools
import logging
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.challengers.hint import HintSearchPolicy, Memory
from engine.challengers.hint_pool import HintPool, PoolBroken
from engine.game import Action
from kiosk.i18n import N_

log = logging.getLogger("tablecup.kiosk.pick_hint")

#: Wall-clock seconds one hint thought by the hint thread itself may take (no worker processes,
#: or not yet up; the issue's goal: 0.3 s on the development VM, with the observation and the
#: answer's trip to the UI thread around it).  The search stops there and answers from the
#: practice matches played so far.
SECONDS = 0.2

#: Practice matches of a hint played on worker processes, whatever the round (the issue's goal:
#: 3,000, about two points of a choice's win rate; a little more, as the halving rounds down).
POOL_MATCHES = 3100

#: Wall-clock seconds a hint on worker processes may think (0.3 s from question to answer on the
#: development VM, with the trips to the workers and to the UI thread around it).
POOL_SECONDS = 0.25

#: The interpreter's thread switch interval while a hint thinks (seconds; Python's default is
#: 5 ms): the UI thread waits at most about this long for the interpreter at each of a frame's
#: steps.  (A lower OS priority for the worker was tried and made it worse on a loaded machine:
#: a worker holding the interpreter lock was left waiting for the CPU, and the UI with it.)
SWITCH_INTERVAL = 0.001

#: Deck Phase stages a hint is given at (not while a "when picked" card's choice is pending).
STAGES = ("option", "pick", "remove")


@dataclass(frozen=True)
class Answer:
    """A hint for one seat's Deck Phase decision: the suggested action as the engine's hint
    names it (``("pick", 2)``, ``("option", 0)``, ``("redraw",)``, ``("remove", 5)``,
    ``("done",)``; None when the choices all come to the same deck), every choice's record
    (action, wins, practice matches; best first), the seconds it took on the worker, and when
    the worker started on it (``time.perf_counter()``)."""

    key: Any
    action: tuple | None
    records: tuple
    seconds: float
    started: float = 0.0           # time.perf_counter() when the worker took the question
    workers: int = 0               # worker processes that played its practice matches (0: the thread)


def question_key(table_id: Any, observation: Mapping[str, Any]) -> tuple | None:
    """What a hint answers for: the game and the seat's own Deck Phase as it sees it (None: no
    decision to hint -- not the Deck Phase, or a stage with nothing to weigh)."""
    me = observation.get("you")
    if me is None or observation.get("phase") not in ("deck", "final-deck"):
        return None
    dv = observation["deck_phases"][me]
    if dv is None or dv["stage"] not in STAGES:
        return None
    return (table_id, me, observation["round"], observation["phase"], dv["stage"], tuple(dv["deck"]),
            tuple(dv["drawn"] or ()), tuple(map(tuple, dv["options"])), dv["option"], dv["picks_left"],
            dv["redraw_used"])


class PickHints:
    """Hints for the seats that asked, one question at a time on a worker thread.

    ``ask(half, key, observation, legal, seed)`` on the UI thread; ``answer(half, key)`` reads the
    answer once it came (``on_answer(half)`` is called then, on the UI thread).  ``workers``: the
    worker processes playing the practice matches (0: the worker thread thinks itself, as tests
    and the command line do); ``stop()`` ends the thread and the workers."""

    def __init__(self, library: Any, post: Callable[[Callable[[], None]], None],
                 on_answer: Callable[[int], None] = lambda half: None, seconds: float = SECONDS,
                 simulations: int | None = None, workers: int = 0, pool_seconds: float = POOL_SECONDS,
                 pool_matches: int = POOL_MATCHES) -> None:
        self.library = library
        self.post = post
        self.on_answer = on_answer
        self.seconds = seconds
        self.simulations = simulations if simulations is not None else HintSearchPolicy.simulations
        self.pool = HintPool(workers) if workers > 0 else None
        self.pool_seconds, self.pool_matches = pool_seconds, pool_matches
        self.memories: dict[int, Memory] = {}      # seat -> what it saw of the others' cards
        self._memory_game: Any = None
        self._wanted: dict[int, Any] = {}          # half -> the key it wants answered (UI thread)
        self._answers: dict[int, Answer] = {}      # half -> its latest answer (UI thread)
        self._lock = threading.Condition()
        self._queue: dict[int, tuple] = {}         # half -> question not yet taken by the worker
        self._running: tuple | None = None         # (half, key) being thought about
        self._cancelled: set[tuple] = set()        # (half, key)s cancelled on the pool while running
        self._thread: threading.Thread | None = None
        self._stopping = False

    # ------------------------------------------------------------------ what the seats saw
    def watch(self, game_id: Any, seat: int, observation: Mapping[str, Any]) -> None:
        """Remember what ``seat`` sees of its opponents' cards in the matches of ``observation``
        (its own observation).  A new game forgets the last one's."""
        if game_id != self._memory_game:
            self._memory_game = game_id
            self.memories = {}
        if observation.get("matches"):
            self.memories.setdefault(seat, Memory()).update(dict(observation))

    # ------------------------------------------------------------------ questions (UI thread)
    def ask(self, half: int, key: Any, observation: Mapping[str, Any], legal: Sequence[Action], seed: int) -> None:
        """Think about ``key`` for the seat on ``half`` (nothing if it is already asked or
        answered).  ``observation`` and ``legal`` are that seat's, as the engine gives them."""
        if self._wanted.get(half) == key:
            return
        self._wanted[half] = key
        self._answers.pop(half, None)
        seat = observation["you"]
        memory = copy.deepcopy(self.memories.get(seat, Memory()))
        with self._lock:
            self._queue[half] = (key, observation, list(legal), seed, memory)
            self._cancel_running(half, key)
            self._lock.notify()
        self._start()

    def forget(self, half: int) -> None:
        """The seat on ``half`` wants no hint now (its decision is made, or the hint turned off)."""
        self._wanted.pop(half, None)
        self._answers.pop(half, None)
        with self._lock:
            self._queue.pop(half, None)
            self._cancel_running(half, None)

    def _cancel_running(self, half: int, key: Any) -> None:
        """(Holding the lock.) The hint running for ``half`` stops unless it is for ``key``: its
        answer would be dropped anyway (it posts none), and the workers are wanted for the next."""
        if self._running is not None and self._running[0] == half and self._running[1] != key:
            self._cancelled.add(self._running)
            if self.pool is not None:
                self.pool.cancel()

    def answer(self, half: int, key: Any) -> Answer | None:
        a = self._answers.get(half)
        return a if a is not None and a.key == key else None

    def thinking(self, half: int, key: Any) -> bool:
        return self._wanted.get(half) == key and self.answer(half, key) is None

    def running(self) -> tuple | None:
        """The (half, key) the worker thread is thinking about now (None: it waits for one)."""
        with self._lock:
            return self._running

    def stop(self) -> None:
        """No more hints: the thread ends, and the worker processes with the hint they play."""
        with self._lock:
            self._stopping = True
            self._queue.clear()
            self._lock.notify()
        if self.pool is not None:
            self.pool.shutdown()

    def _delivered(self, half: int, answer: Answer | None) -> None:
        """On the UI thread: keep an answer still wanted, drop a stale one."""
        if answer is None or self._wanted.get(half) != answer.key:
            return
        self._answers[half] = answer
        self.on_answer(half)

    # ------------------------------------------------------------------ the worker
    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="tablecup-pick-hint", daemon=True)
            self._thread.start()

    def _stale(self, half: int, key: Any) -> bool:
        """A newer question for ``half`` is queued, the question was cancelled (or the hints
        stop): the running one is moot."""
        with self._lock:
            newer = self._queue.get(half)
            return self._stopping or (newer is not None and newer[0] != key) or (half, key) in self._cancelled

    def _start_pool(self) -> None:
        assert self.pool is not None
        try:
            self.pool.start()
        except PoolBroken:          # the hint thinks on the worker thread instead
            log.exception("the pick hint's worker processes cannot start")

    def _work(self) -> None:
        if self.pool is not None:
            # Off the UI thread; the thread thinks itself until the workers are up (a second or so).
            threading.Thread(target=self._start_pool, name="tablecup-pick-hint-pool", daemon=True).start()
        while True:
            with self._lock:
                while not self._queue and not self._stopping:
                    self._lock.wait()
                if self._stopping:
                    return
                half = next(iter(self._queue))
                question = self._queue.pop(half)
                self._running = (half, question[0])
            before = sys.getswitchinterval()
            sys.setswitchinterval(min(before, SWITCH_INTERVAL))
            try:
                answer = self.think(half, *question)
            except Exception:       # a hint that fails must not stop the game: no mark, no line
                log.exception("pick hint failed")
                answer = Answer(question[0], None, (), 0.0)
            finally:
                sys.setswitchinterval(before)
            with self._lock:
                self._running = None
                self._cancelled.clear()
            if answer is not None:
                self.post(functools.partial(self._delivered, half, answer))

    def think(self, half: int, key: Any, observation: Mapping[str, Any], legal: list, seed: int,
              memory: Memory) -> Answer | None:
        """The search bot's decision for the seat of ``observation`` (on the worker thread)."""
        start = time.perf_counter()
        stale = False

        def clock() -> float:
            # The search looks at the clock every few practice matches: a newer question for this
            # half ends it there (its answer would be dropped anyway).
            nonlocal stale
            stale = stale or self._stale(half, key)
            return float("inf") if stale else time.perf_counter()

        pool = self.pool if self.pool is not None and self.pool.ready else None
        if pool is None:
            bot = HintSearchPolicy(self.library, observation["you"], seed, self.simulations, clock=clock,
                                   seconds=self.seconds)
        else:
            bot = HintSearchPolicy(self.library, observation["you"], seed, clock=clock, seconds=self.pool_seconds,
                                   matches=self.pool_matches, pool=pool)
        bot.memory = memory
        bot.act(dict(observation), legal)
        stale = stale or self._stale(half, key)
        if stale:
            return None
        workers = pool.workers if pool is not None and not pool.broken else 0
        if not bot.hints:           # one choice only (the same deck whatever is chosen): no mark
            return Answer(key, None, (), time.perf_counter() - start, start, workers)
        h = bot.hints[-1]
        return Answer(key, h.action, h.records, time.perf_counter() - start, start, workers)


def reason_words(view: Any, answer: Answer, lang: str, tr: Callable[..., str], name: Callable[[Any, str], str]) -> str:
    """The hint's one line: the suggestion's practice win rate beside the runner-up's (short: the
    mark already shows which it is; an option is named by its number)."""
    def words(action: tuple) -> str:
        kind = action[0]
        if kind == "option":
            return tr("hint_option", lang, number=action[1] + 1)
        if kind == "pick":
            return name(view.drawn[action[1]], lang)
        if kind == "remove":
            return tr("hint_remove", lang, card=name(view.deck[action[1]], lang))
        if kind == "redraw":
            return tr("hint_redraw", lang)
        return tr("hint_keep", lang)

    (best, wins, played), (other, o_wins, o_played) = answer.records[0], answer.records[1]
    rate, other_rate = round(100 * wins / max(1, played)), round(100 * o_wins / max(1, o_played))
    # The search keeps the simple rule's choice unless practice shows another clearly better:
    # the runner-up may then have won about as often, which the line says rather than hides.
    key = N_("hint_reason") if rate > other_rate else N_("hint_reason_close")
    return tr(key, lang, choice=words(best), rate=rate, matches=played, other=words(other), other_rate=other_rate)
