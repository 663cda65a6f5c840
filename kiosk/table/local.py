"""A local table: one game of any registered game played here (solo vs bots, two people).

No Kivy here.  Every input -- a tap, a key, a button, a bot's decision -- ends in
:meth:`LocalTable.act` with an :class:`engine.game.Action`.  The engine says whether it is legal
(``action in state.legal_actions(seat)``); a legal action is written to ``kiosk.db`` (fsync'd)
*before* it is applied, then the listeners hear of it; an illegal one changes nothing, is not
stored and is kept in :attr:`LocalTable.ignored` with the reason.  Resuming after a crash is
``engine.game.replay(setup, stored actions)``.

Bots act through the same path, a little later: after each change the table asks its
``schedule(fn, delay)`` (the app passes Kivy's clock) to call :meth:`LocalTable.bot_step`.  A
bot's decision is a pure function of the set-up and the actions so far (its policy is made
afresh, seeded from them), so a resumed game goes on exactly as it would have.

A bot that thinks for a while (a search bot: a tenth of a second and more) may decide off the
UI thread: given ``think(decide, done)`` (the app runs ``decide()`` on a worker thread and
``done(result)`` back on the UI thread), the table asks for the seat's observation and legal
actions on the UI thread, lets the policy decide on the worker, and plays its decision only if
the same choices are still open to that seat then (else it asks again).  Which bots think apart
is the game's kiosk package's word (``KioskGame.slow_bots``).

A person's input that does nothing now (a button with no use at this moment, a card that cannot
be played, a choice the engine refuses) goes to :meth:`LocalTable.refuse`: kept in :attr:`LocalTable.ignored`
and told to ``on_ignored(half, pressed)``, which the app turns into the game's short sentence on
that half (``KioskGame.hint``).

Hidden information: :meth:`observation` is the engine's view for one seat.  The table may show
a seat's private view only while the person owning it is *looking* (holding their side's
primary button or a finger on their hand strip: :meth:`look`); :meth:`shown_seats` names them.
"""

from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from appliance.config import DataFileError
from engine import registry
from engine.errors import GameDataError, IllegalAction
from engine.events import Event
from engine.game import Action, Game, GameSetup, GameState, Outcome
from kiosk.store import StorageError
from kiosk.table.happened import History
from kiosk.table.seats import PERSON, PHONE, Seat, seats_from_json, seats_to_json

log = logging.getLogger("tablecup.kiosk.table")

#: Seconds between a bot's attempts while the store cannot write.
STORAGE_RETRY = 3.0

Listener = Callable[["LocalTable", list[Event]], None]


@runtime_checkable
class _TakesAClock(Protocol):
    """A bot that can stop thinking when its time is up: every search bot (:mod:`engine.search`'s,
    Challengers!' hint) has a ``clock``, ``None`` until someone gives it one."""

    clock: Callable[[], float] | None

Schedule = Callable[[Callable[[], None], float], None]
Think = Callable[[Callable[[], Any], Callable[[Any], None]], None]

_DATA: dict[str, Any] = {}


def game_data(game: Game) -> Any:
    """A game's bundled data, loaded once per process (it is read-only)."""
    data = _DATA.get(game.name)
    if data is None:
        import cards
        data = _DATA[game.name] = game.load(cards)
    return data


def _json_text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class LocalTable:
    """One game at this table, persisted action by action in ``kiosk.db``.

    ``store`` is :class:`kiosk.store.Store`; ``schedule(fn, delay)`` runs ``fn`` after
    ``delay`` seconds on the UI thread (default: never -- tests call :meth:`bot_step`);
    ``bot_delay`` is a bot's pause before acting; ``data_for(game)`` gives a game's data
    (default: its bundled data); ``lock_on_release(game name) -> bool`` says whether the game's
    secret choice is locked by releasing the look (default: the game's kiosk package says).
    """

    def __init__(self, store: Any, *, schedule: Schedule | None = None, bot_delay: float = 0.6,
                 data_for: Callable[[Game], Any] = game_data,
                 lock_on_release: Callable[[str], bool] | None = None, seed: int | None = None,
                 think: Think | None = None, thinks_apart: Callable[[str, str], bool] | None = None) -> None:
        self.store = store
        self.schedule: Schedule = schedule or (lambda fn, delay: None)
        self.bot_delay = bot_delay
        self.data_for = data_for
        self._lock_rule = lock_on_release or _kiosk_lock_on_release
        self.think = think
        self._thinks_apart = thinks_apart or _kiosk_thinks_apart
        self._bot_thinking = False
        self.listeners: list[Listener] = []
        self.ignored: list[tuple[Any, str]] = []   # inputs that did nothing, with why (logs, tests)
        #: ``(half or None, pressed)``: a person's input did nothing (:meth:`refuse`); None: from
        #: the middle of the table, nobody's half.
        self.on_ignored: Callable[[int | None, str], None] | None = None
        self.game: Game | None = None
        self.data: Any = None
        self.setup: GameSetup | None = None
        self.state: GameState | None = None
        self.seats: tuple[Seat, ...] = ()
        self.actions: list[Action] = []
        #: Every move of the game with its events and the cards the public view showed around it
        #: (what the halves and the log say happened: :mod:`kiosk.table.happened`).
        self.history = History()
        self.table_id: int | None = None
        self.looking: frozenset[int] = frozenset()   # halves whose person is looking at their cards
        self.selected: dict[int, Action] = {}        # a seat's choice made while looking, locked on release
        self.lock_on_release = False
        self.storage_error: str | None = None       # why the last write failed; None once one succeeds
        self.resume_error: tuple[int, str] | None = None
        #: Why the last game could not start or resume: a broken data file of its game, one line
        #: naming the file, the card and the field (the home screen says it); None once one starts.
        self.data_error: str | None = None
        self._bot_scheduled = False
        self._rng = random.Random(seed)
        #: ``() -> bool``: the bots are held for now; default: the game's kiosk view model says
        #: (``KioskGame.view``: Challengers! holds them while a match's end is shown until a tap,
        #: and leaves the flag's toss to a person); :meth:`wake_bots` when it stops.
        self.bots_wait: Callable[[], bool] | None = None
        #: What the game's kiosk view model keeps beside the game on the table (Challengers!: the
        #: end of a match held on screen until a tap): emptied whenever a game comes to the table
        #: (new or resumed) or leaves it.
        self.view_state: dict[str, Any] = {}
        #: Counts the table's changes (every notice to :attr:`listeners`): a view model built from
        #: the table may keep what it read until this moves.
        self.version = 0

    # ------------------------------------------------------------------ games
    def seed_games(self, seed: int) -> None:
        """Seed the generator that draws each new game's seed (tests: fixed seeds from the home screen)."""
        self._rng = random.Random(seed)

    def new_game(self, game_name: str, seats: Sequence[Seat], names: Sequence[str] | None = None,
                 seed: int | None = None, options: Mapping[str, Any] | None = None,
                 players: Sequence[str] | None = None) -> GameState | None:
        """Start a game of ``game_name`` seated as ``seats``; the saved game of the same game, if
        any, is closed as abandoned (a saved game of another game stays resumable).  None (and :attr:`storage_error` set) when it cannot be saved.
        ``players``: the set-up's names when the game seats some players itself (Challengers!'
        Robot joins an odd number of people); default ``names``."""
        game = registry.get(game_name)
        seats = tuple(seats)
        game.check_players(len(seats))
        names = tuple(names) if names is not None else tuple(f"{i + 1}" for i in range(len(seats)))
        if len(names) != len(seats):
            raise ValueError(f"{len(seats)} seats but {len(names)} names")
        seed = self._rng.getrandbits(48) if seed is None else seed
        setup = GameSetup(game.name, tuple(players) if players is not None else names, seed, dict(options or {}))
        data = self._data(game)
        if data is None:
            return None
        state = game.new(data, setup)
        self.history.clear(_kiosk_public_cards(game.name))
        try:
            tid = self.store.new_table_game(game.name, _json_text(setup.to_json()), _json_text(seats_to_json(seats)))
        except StorageError as exc:
            self._storage_failed("no new game", exc)
            return None
        self.storage_error = None
        self.resume_error = None
        self.data_error = None
        self._use(game, data, setup, seats, state, [], tid)
        self._changed([])
        return state

    def _data(self, game: Game) -> Any:
        """``game``'s data, or None when a file of it is broken: :attr:`data_error` says which, in
        one line (also logged), and nothing changes -- the table stays usable for other games."""
        try:
            return self.data_for(game)
        except (GameDataError, DataFileError) as exc:
            self.data_error = f"{game.title()}: {exc}"
            log.error("%s cannot start: %s", game.name, exc)
            self._changed([])
            return None

    def unfinished(self, game: str | None = None) -> tuple[int, str] | None:
        """(id, game name) of the latest unfinished game at this table (of ``game``, when
        given), or None."""
        row = self.store.unfinished_table_game(game)
        return None if row is None else (row[0], row[1])

    def resume(self, table_id: int | None = None) -> bool:
        """Play on from the saved game numbered ``table_id`` (default: the latest): its set-up replayed with its stored actions
        (first rewritten in today's vocabulary where the game says how: ``Game.upgrade_actions``).
        A game that cannot be replayed, for any reason, is closed with the reason in its record
        (kept) and :attr:`resume_error` says so; the table stays usable.  A broken data file of
        its game is the exception: :attr:`data_error` says so and the game stays saved, to resume
        once the file is mended."""
        self.resume_error = None
        row = self.store.unfinished_table_game(table_id=table_id)
        if row is None:
            return False
        tid, name, setup_json, seats_json, action_texts = row
        try:
            game = registry.get(name)
        except KeyError:
            game = None             # a game this table no longer has: closed below, with why
        if game is not None:
            # A broken data file is for a person to fix, not a reason to close the game: it
            # stays saved and resumes once the file is mended.
            data = self._data(game)
            if data is None:
                return False
        try:
            game = registry.get(name)
            setup = GameSetup.from_json(json.loads(setup_json))
            seats = seats_from_json(json.loads(seats_json))
            actions = [Action.from_json(json.loads(a)) for a in action_texts]
            if game.upgrade_actions is not None:
                # A game recorded by an older version, in today's actions; stored so, once.
                upgraded = game.upgrade_actions(data, setup, actions)
                if upgraded != actions:
                    self.store.replace_table_actions(tid, [_json_text(a.to_json()) for a in upgraded])
                    log.info("table game %s: %d stored actions upgraded to %d", tid, len(actions), len(upgraded))
                    actions = upgraded
            state = self._replay(game, data, setup, actions)
        except Exception as exc:     # any fault: a game that cannot be replayed must not lock the table
            why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            log.exception("table game %s cannot be resumed", tid)
            self.resume_error = (tid, why)
            try:
                self.store.finish_table_game(tid, None, f"could not be resumed: {why}")
            except StorageError as e2:
                self.storage_error = str(e2)
            self._changed([])
            return False
        self.data_error = None
        self._use(game, data, setup, seats, state, actions, tid)
        self._close_if_over()
        self._changed([])
        return True

    def _replay(self, game: Game, data: Any, setup: GameSetup, actions: Sequence[Action]) -> GameState:
        """A new state from ``setup`` with ``actions`` applied in order (``engine.game.replay``),
        each move kept in :attr:`history` as it was when played."""
        state = game.new(data, setup)
        self.history.clear(_kiosk_public_cards(game.name))
        for action in actions:
            before = self.history.before(state)
            self.history.add(action.player, state.apply(action), before, state)
        return state

    def leave(self, abandon: bool = False) -> None:
        """Back to the home screen.  The game stays resumable, unless ``abandon``: then an
        unfinished game is closed as abandoned (its record kept)."""
        if abandon:
            try:
                self._abandon_current()
            except StorageError as exc:
                log.error("abandoned game not closed: %s", exc)
        self.game = self.state = self.setup = None
        self.data = None
        self.seats = ()
        self.actions = []
        self.history.clear(None)
        self.table_id = None
        self.looking = frozenset()
        self.selected = {}
        self.view_state = {}
        self._changed([])

    def _abandon_current(self) -> None:
        if self.state is not None and self.state.outcome() is None and self.table_id is not None:
            self.store.finish_table_game(self.table_id, None, "abandoned")

    def _use(self, game: Game, data: Any, setup: GameSetup, seats: tuple[Seat, ...], state: GameState,
             actions: list[Action], tid: int) -> None:
        if len(seats) != state.num_players:
            raise ValueError(f"{game.name}: {state.num_players} seats to fill, {len(seats)} seated")
        self.game, self.data, self.setup, self.seats, self.state = game, data, setup, seats, state
        self.actions = list(actions)
        self.table_id = tid
        self.looking = frozenset()
        self.selected = {}
        self.view_state = {}
        self.lock_on_release = self._lock_rule(game.name)

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> list[Event] | None:
        """Play ``action`` if the engine allows it now: stored first, then applied; the events,
        or None (nothing stored, nothing changed) with the reason in :attr:`ignored`."""
        state = self.state
        if state is None or self.table_id is None:
            self._ignore(action, "no game at this table")
            return None
        if state.outcome() is not None:
            self._ignore(action, "the game is over")
            return None
        if not 0 <= action.player < len(self.seats):
            self._ignore(action, f"no seat {action.player} in this game")
            return None
        if action not in state.legal_actions(action.player):
            self._ignore(action, "not a legal action now")
            return None
        seq = len(self.actions)
        try:
            self.store.add_table_action(self.table_id, seq, _json_text(action.to_json()))
        except StorageError as exc:
            self._storage_failed(f"{action} not played", exc)
            return None
        self.storage_error = None
        before = self.history.before(state)
        try:
            events = state.apply(action)
        except IllegalAction as exc:      # the engine listed it but refused it: never replay it
            log.error("the engine refused a listed action %s: %s", action, exc)
            try:
                self.store.drop_table_action(self.table_id, seq)
            except StorageError as e2:
                self.storage_error = str(e2)
            self._ignore(action, f"refused: {exc}")
            return None
        self.actions.append(action)
        self.history.add(action.player, events, before, state)
        self.selected.pop(action.player, None)
        self._close_if_over()
        self._changed(events)
        return events

    def submit(self, seat: int, kind: str, *args: int | str, pressed: str = "choice") -> list[Event] | None:
        """A person's action from the table (a tap, a key, a button) for ``seat``; a bot's seat
        refuses it (bots decide for themselves).  ``pressed``: what the person pressed, as a
        refusal tells it (:meth:`refuse`)."""
        try:
            action = Action(seat, kind, tuple(args))
        except IllegalAction as exc:
            self._ignore((seat, kind, args), str(exc))
            return None
        if 0 <= seat < len(self.seats) and self.seats[seat].is_bot:
            self.refuse(self.half_of(seat), pressed, "a bot plays this seat", action)
            return None
        before = len(self.ignored)
        events = self.act(action)
        if events is None and len(self.ignored) > before:
            self._told(self.half_of(seat), pressed)
        return events

    def refuse(self, half: int | None, pressed: str, why: str, what: Any = None) -> None:
        """A person's input from ``half`` (None: the middle of the table) does nothing now:
        kept in :attr:`ignored` with ``why``, and told to :attr:`on_ignored` with ``pressed``
        (``kiosk.games.descriptor``'s ``PRIMARY``, ``SECONDARY``, ``CARD``, ``TABLE``, ``CHOICE``)."""
        self._ignore((half, pressed) if what is None else what, why)
        self._told(half, pressed)

    def told(self, half: int | None, pressed: str) -> None:
        """Tell :attr:`on_ignored` that a press from ``half`` did nothing (its reason is already
        in :attr:`ignored`, e.g. kept by :meth:`act`)."""
        self._told(half, pressed)

    def _told(self, half: int | None, pressed: str) -> None:
        if self.on_ignored is None:
            return
        try:
            self.on_ignored(half, pressed)
        except Exception:               # a hint must never stop the game
            log.exception("hint failed")

    def _close_if_over(self) -> None:
        outcome = self.outcome
        if outcome is None or self.table_id is None:
            return
        try:
            self.store.finish_table_game(self.table_id, _json_text(outcome.to_json()))
        except StorageError as exc:
            # The last action is stored: a resume replays to this outcome and closes it then.
            log.error("finished game not closed: %s", exc)
            self.storage_error = str(exc)

    # ------------------------------------------------------------------ hold to look
    def look(self, half: int, on: bool) -> None:
        """The person on ``half`` starts (``on``) or stops looking at their private cards.  When
        the game locks its secret choice on release, stopping plays the choice made meanwhile."""
        was = half in self.looking
        self.looking = self.looking | {half} if on else self.looking - {half}
        if was == on:
            return
        if not on and self.lock_on_release:
            for seat in self.people_on(half):
                choice = self.selected.pop(seat, None)
                if choice is not None and self.act(choice) is not None:
                    return                  # act() told the listeners
        self._changed([])

    def select(self, seat: int, action: Action | None) -> None:
        """A choice made while looking, in a game that locks it on release (else use :meth:`act`)."""
        if action is None:
            self.selected.pop(seat, None)
        else:
            self.selected[seat] = action
        self._changed([])

    def shown_seats(self) -> frozenset[int]:
        """The seats whose private view the table may show now: people (or phone players) at the
        table who are looking."""
        return frozenset(i for i, s in enumerate(self.seats)
                         if s.kind in (PERSON, PHONE) and s.half is not None and s.half in self.looking)

    def may_show(self, seat: int) -> bool:
        return seat in self.shown_seats()

    # ------------------------------------------------------------------ views
    @property
    def playing(self) -> bool:
        """A game is on this table (over or not): what screens ask, never the state itself."""
        return self.state is not None

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.state.outcome()

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def observation(self, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` (``None``: what everyone may see)."""
        if self.state is None:
            raise RuntimeError("no game at this table")
        return self.state.observation(seat)

    def seat_on(self, half: int) -> int | None:
        """The seat shown on ``half`` (its person's, or the bot facing the solo player), or None."""
        return next((i for i, s in enumerate(self.seats) if s.half == half), None)

    def people_on(self, half: int) -> list[int]:
        """The seats played by the person (or phone player) sitting on ``half``."""
        return [i for i, s in enumerate(self.seats) if s.kind in (PERSON, PHONE) and s.half == half]

    def half_of(self, seat: int) -> int | None:
        return self.seats[seat].half if 0 <= seat < len(self.seats) else None

    def seat_view(self, half: int) -> tuple[dict[str, Any], int, list[Action]] | None:
        """(observation, seat, legal actions) of the seat shown on ``half`` (None: no game, or
        nobody there)."""
        seat = None if self.state is None else self.seat_on(half)
        return None if seat is None else (self.observation(seat), seat, self.legal(seat))

    def lights(self) -> tuple[str, str]:
        """Each half's LED (bottom, top): the game's ``KIOSK.lights`` over the seat shown there
        (as its kiosk view model shows it, when the game has one: ``KioskGame.view``)."""
        if self.game is None or self.state is None:
            return ("off", "off")
        from kiosk.games import registry as kiosk_games
        kg = kiosk_games.get(self.game.name)
        return kg.half_lights(self.seat_view if kg.view is None else kg.view(self).seat_view)

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].is_bot

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.state is None else self.state.to_act()

    def legal(self, seat: int) -> list[Action]:
        return [] if self.state is None else self.state.legal_actions(seat)

    def dump(self) -> dict[str, Any]:
        """A canonical, JSON-able picture of the game (resume checks): the set-up, the seating,
        the actions, every seat's observation and a digest of the state's generator."""
        if self.state is None:
            return {"game": None}
        rng = hashlib.sha256(repr(self.state.rng.getstate()).encode()).hexdigest()
        return {"game": self.setup.to_json() if self.setup else None, "seats": seats_to_json(self.seats),
                "actions": [a.to_json() for a in self.actions],
                "observations": [self.state.observation(s) for s in range(len(self.seats))],
                "spectator": self.state.observation(None), "rng": rng}

    # ------------------------------------------------------------------ bots
    def bot_action(self) -> Action | None:
        """What the next bot to act would play now (None: no bot's moment)."""
        question = self._bot_question()
        if question is None:
            return None
        _seat, policy, observation, legal = question
        return policy.act(observation, legal)

    def _bot_question(self) -> tuple[int, Any, dict[str, Any], list[Action]] | None:
        """The next bot to act now: (seat, its policy, its observation, its legal actions)."""
        state = self.state
        if state is None or self.game is None or self.setup is None or state.outcome() is not None:
            return None
        bots = sorted(s for s in state.to_act() if self.is_bot(s))
        if not bots or self._bots_wait():
            return None
        seat = bots[0]
        policy_name = self.seats[seat].policy or "random"
        factory = self.game.policies.get(policy_name)
        seed = (self.setup.seed * 1_000_003 + seat * 7_919 + len(self.actions)) % 2**32
        if factory is None:
            from engine.game import RandomPolicy
            policy: Any = RandomPolicy(seed)
        else:
            policy = factory(self.data, seat, seed)
            if isinstance(policy, _TakesAClock) and policy.clock is None:
                # Its level's time cap counts at a table, where a person waits (Cosplay's hard
                # bot took 3-16 s without it).  The engine reads no clock; the decision is
                # recorded as an action, so a replay never asks the bot again.
                policy.clock = time.perf_counter
        return seat, policy, state.observation(seat), state.legal_actions(seat)

    def bot_step(self) -> None:
        """One bot's move (scheduled by the table itself, never called while one is pending)."""
        self._bot_scheduled = False
        think, game = self.think, self.game
        if think is not None and game is not None and self._bot_thinks_apart(game):
            self._bot_step_apart(think)
            return
        action = self.bot_action()
        if action is not None:
            self.act(action)
            if self.storage_error is not None:
                self._maybe_bot()          # the bot's next try is the probe that finds storage working

    def _bot_thinks_apart(self, game: Game) -> bool:
        state = self.state
        bots = sorted(s for s in state.to_act() if self.is_bot(s)) if state is not None else []
        return bool(bots) and self._thinks_apart(game.name, self.seats[bots[0]].policy or "")

    def _bot_step_apart(self, think: Think) -> None:
        """The bot decides on the worker; its decision is played back here if it still may be."""
        question = self._bot_question()
        if question is None:
            return
        seat, policy, observation, legal = question
        table_id = self.table_id
        self._bot_thinking = True

        def done(action: Any) -> None:
            self._bot_thinking = False
            state = self.state
            if (self.table_id == table_id and state is not None and isinstance(action, Action)
                    and state.outcome() is None and state.legal_actions(seat) == legal):
                self.act(action)
                if self.storage_error is None:
                    return
            self._maybe_bot()            # the choices changed meanwhile (or storage failed): ask again

        think(lambda: policy.act(observation, legal), done)

    def wake_bots(self) -> None:
        """What held the bots (:attr:`bots_wait`) is over: the next bot may act."""
        self._maybe_bot()

    def redraw(self) -> None:
        """The game's kiosk view changed without an action (:attr:`view_state`): the listeners
        show it again, and a bot it held may act."""
        self._changed([])

    def _bots_wait(self) -> bool:
        if self.bots_wait is not None:
            return self.bots_wait()
        return self.game is not None and _kiosk_bots_wait(self)

    def _maybe_bot(self) -> None:
        if self._bot_scheduled or self._bot_thinking or self.state is None or self.state.outcome() is not None:
            return
        if self._bots_wait():
            return
        if not any(self.is_bot(s) for s in self.state.to_act()):
            return
        self._bot_scheduled = True
        self.schedule(self.bot_step, STORAGE_RETRY if self.storage_error is not None else self.bot_delay)

    # ------------------------------------------------------------------ plumbing
    def _ignore(self, what: Any, why: str) -> None:
        self.ignored.append((what, why))
        log.info("ignored %s: %s", what, why)

    def _storage_failed(self, what: str, exc: Exception) -> None:
        log.error("%s: %s", what, exc)
        self.storage_error = str(exc)
        self._changed([])

    def _changed(self, events: list[Event]) -> None:
        self.version += 1
        notify(self.listeners, self, events)
        self._maybe_bot()


def notify(listeners: Sequence[Callable[[Any, list], None]], source: Any, events: list) -> None:
    """Call each of ``listeners`` with (``source``, ``events``): one that fails is logged, and
    the others still hear (a broken LED or screen must not stop the game)."""
    for fn in list(listeners):
        try:
            fn(source, events)
        except Exception:
            log.exception("listener %r failed", fn)


def _kiosk_lock_on_release(game_name: str) -> bool:
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(game_name)
    return bool(kg is not None and kg.lock_on_release)


def _kiosk_public_cards(game_name: str) -> Callable[[Mapping[str, Any]], Any] | None:
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(game_name)
    return None if kg is None else kg.public_cards


def _kiosk_thinks_apart(game_name: str, policy: str) -> bool:
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(game_name)
    return bool(kg is not None and policy in kg.slow_bots)


def _kiosk_bots_wait(table: LocalTable) -> bool:
    """Whether the kiosk view model of the game on ``table`` holds its bots now."""
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(table.game.name) if table.game is not None else None
    return bool(kg is not None and kg.view is not None and kg.view(table).bots_wait())
