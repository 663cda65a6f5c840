"""A park's table in a café tournament of any game of the table (Between Battle, Wacky Challenge,
Cosplay Team Battle): :class:`ParkTable`.  No Kivy here.  (Challengers!, whose tournament is more
than one game seated by the coordinator, plays at a subclass of its own, named by its kiosk
descriptor: :class:`kiosk.games.challengers.park.ChallengersPark`.)

The coordinator seats the entrants at a park each round; the park's kiosk plays that round's
*table game* there, with the game's own screens, exactly as a :class:`~kiosk.table.LocalTable`
of that game shows it.  :class:`ParkTable` is a ``LocalTable`` in all its protocol (seats, legal
actions, observations, ``submit``/``act``, ``look``, listeners, the history the halves and the log
read) whose game comes from the coordinator's park view and whose actions go to the coordinator:

* **What is played here.**  The park view's private part holds the table's set-up (the game, the
  entrants' names in seat order, the seed, the options), the entrant in each seat and the
  actions applied so far (seat numbers).  The kiosk replays it with the game's engine; the
  coordinator's view of it is the authority.
* **Seats.**  The first two people of the table sit on the bottom and the top half, in seat
  order (one person: a bot entrant faces them on the top half).  A bot entrant is the
  coordinator's to play: its seat is a bot's here, and no input acts for it.  Further people
  (a Wacky Challenge table of five) have no half: their seats show their public facts only.
* **Stored, then applied.**  A person's action is checked against the engine's legal actions,
  written to the park's local log *and* the outbox in one SQLite transaction (the tournament's
  action: ``player`` the entrant, with its ``match_seq``, the index in the table's game), then
  applied and shown.  The network thread delivers the outbox in order, exactly once
  (:mod:`kiosk.outbox`).  A kill -9 resumes the table from the local log.
* **The coordinator wins.**  Each park view is compared with the local log: the coordinator's
  extra actions (a bot entrant's moves, the other halves' actions) are applied here; a local log
  that differs from the coordinator's (a refused action) becomes the coordinator's.
* **The end is held.**  A finished game stays on screen, each half showing its own player, until
  someone taps on (:meth:`ParkTable.next_game`, the end screen's "play again"), even once the
  coordinator has seated the next round.

Input reaches only what is on screen: between games (the park's seating screen), :attr:`playing`
is false and every action is refused.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from engine import registry
from engine.errors import GameDataError, IllegalAction
from engine.events import Event
from engine.game import Action, GameSetup
from kiosk.store import StorageError
from kiosk.table.local import LocalTable, _kiosk_public_cards, game_data
from kiosk.table.seats import Seat

log = logging.getLogger("tablecup.kiosk.park_table")

#: The policy named on a bot entrant's seat: the coordinator plays it (never this kiosk).
COORDINATOR_BOT = "coordinator"


def seat_halves(entrants: list[int], bots: Mapping[int, Any]) -> tuple[Seat, ...]:
    """The seats of a park's table: the first two people on halves 0 and 1 (one person: the
    first bot entrant faces them; nobody: the first two seats are shown), the others on no half."""
    people = [s for s, p in enumerate(entrants) if p not in bots]
    shown = people[:2]
    for s in range(len(entrants)):
        if len(shown) >= 2:
            break
        if s not in shown:
            shown.append(s)
    half = {s: h for h, s in enumerate(shown)}
    return tuple(Seat.bot(COORDINATOR_BOT, half.get(s)) if p in bots
                 else Seat.phone(None) if s not in half else Seat.person(half[s])
                 for s, p in enumerate(entrants))


class ParkTable(LocalTable):
    """The table game of this kiosk's park (see the module's docstring).  ``store``: the kiosk's
    :class:`kiosk.store.Store`; ``kick()``: the outbox holds something new (the network sends it)."""

    #: A park of a café tournament: its end screen goes on to the next round, not to a new game.
    cafe = True

    def __init__(self, store: Any, *, data_for: Callable[[Any], Any] = game_data,
                 kick: Callable[[], None] | None = None) -> None:
        super().__init__(store, data_for=data_for)
        self.kick = kick or (lambda: None)
        self.kiosk_id: Any = None
        self.tid: int | None = None
        self.park: int | None = None
        self.round: int | None = None
        self.entrants: tuple[int, ...] = ()       # the entrant in each seat
        self.match_id: int | None = None         # the local log's row (``park_matches``)
        self.held = False                         # a finished game on screen until a tap
        self.conflict = False                     # the coordinator refused one of ours: its log wins
        self.view: dict[str, Any] | None = None   # the last park view
        self.public: dict[str, Any] | None = None  # the last public view (names, for a game's screens)
        self.message = ""                         # the last thing the operator should know (English)

    # ------------------------------------------------------------------ the table's protocol
    @property
    def playing(self) -> bool:
        """The park's game is on screen: running, or finished and held until a tap."""
        return self.state is not None and (self.state.outcome() is None or self.held)

    def act(self, action: Action) -> list[Event] | None:
        """Play ``action`` (a seat's) if the engine allows it now: written to the local log and
        the outbox in one transaction (as the tournament's action), then applied; None (nothing
        stored, nothing changed) with the reason in :attr:`ignored`."""
        state = self.state
        if state is None or self.match_id is None or not self.playing:
            self._ignore(action, "no game at this park now")
            return None
        if state.outcome() is not None:
            self._ignore(action, "the game is over")
            return None
        if not 0 <= action.player < len(self.seats):
            self._ignore(action, f"no seat {action.player} at this park")
            return None
        if self.coordinator_plays(action.player):
            self._ignore(action, "a bot entrant plays this seat: the coordinator plays it")
            return None
        if action not in state.legal_actions(action.player):
            self._ignore(action, "not a legal action now")
            return None
        seq = len(self.actions)
        entrant = self._entrant_action(action)
        rid = f"k{self.kiosk_id}-{uuid.uuid4().hex}"
        body = {"request_id": rid, "action": entrant.to_json(), "match_seq": seq}
        try:
            self.store.park_play(self.tid, self.match_id, seq, entrant.to_json(), rid, body)
        except StorageError as exc:
            self._storage_failed(f"{action} not played", exc)
            return None
        self.storage_error = None
        before = self.history.before(state)
        try:
            events = state.apply(action)
        except IllegalAction as exc:      # the engine listed it but refused it: never sent
            log.error("the engine refused a listed action %s: %s", action, exc)
            self.store.park_unplay(self.match_id, seq)
            self._ignore(action, f"refused: {exc}")
            return None
        self.actions.append(action)
        self.history.add(action.player, events, before, state)
        self.selected.pop(action.player, None)
        if state.outcome() is not None:
            self.held = True
        self.kick()
        self._changed(events)
        return events

    def enter(self, tid: int | None, park: int | None, view: dict[str, Any] | None) -> None:
        """The kiosk's park, at start or on a new assignment: the last park view it read, if any
        (the local log resumes the game it names)."""
        if view is not None:
            self.on_view(view)

    def coordinator_plays(self, seat: int) -> bool:
        """Whether the coordinator plays ``seat`` (a bot entrant's): this kiosk takes no action for
        it.  A game whose bots play at the park's own kiosk says otherwise (Challengers!' Robot:
        :class:`kiosk.games.challengers.park.ChallengersPark`)."""
        return self.is_bot(seat)

    def next_game(self) -> None:
        """A tap on the held end: the park goes on to what the coordinator shows now (the next
        round's table, or its seating screen while the other parks play on)."""
        if self.match_id is not None and self.held:
            try:
                self.store.park_ack(self.match_id)
            except StorageError as exc:
                log.error("end of the park's game not acknowledged: %s", exc)
        self.held = False
        if self.view is not None:
            self.on_view(self.view)
        else:
            self._changed([])

    def leave(self, abandon: bool = False) -> None:
        """Nothing to close: the coordinator keeps the park's game (the app leaves the park)."""

    def _maybe_bot(self) -> None:
        """Bot entrants are the coordinator's to play: never here."""

    def _close_if_over(self) -> None:
        """A park's game is the coordinator's record, not a game of this table's list."""

    # ------------------------------------------------------------------ coordinator -> here
    def forget(self) -> None:
        """The kiosk left the tournament (or lost its park): no game here any more."""
        self.state, self.game, self.setup, self.seats, self.actions = None, None, None, (), []
        self.tid = self.park = self.round = self.match_id = None
        self.held, self.conflict, self.view = False, False, None
        self._changed([])

    def on_view(self, view: dict[str, Any]) -> None:
        """A park view of the coordinator: the table of this round, synchronised with the local log."""
        self.view = view
        if self.held:
            self._changed([])           # the finished game stays until a tap
            return
        if self._finish_last(view):
            self._changed([])           # the last round's game ended here: its end is held
            return
        table = (view.get("private") or {}).get("table")
        if table is None:
            if self.state is not None:
                self.state, self.match_id, self.round = None, None, None
            self._changed([])
            return
        key = (view["tournament"], view["round"], view["park"])
        if self._take(view, key, table):
            self._changed([])

    def _take(self, view: Mapping[str, Any], key: tuple[int, int, int], table: Mapping[str, Any]) -> bool:
        """The park's table ``table`` of round ``key[1]`` (as a park view holds it) loaded if it is
        not the one here, and synchronised with the local log; whether it could be."""
        bots = {q["player"]: q.get("bot") for q in view.get("players") or [] if q.get("bot")}
        entrants = [int(p) for p in table["seats"]]
        coord = [Action(entrants[a["player"]], a["kind"], tuple(a.get("args", ()))).to_json() for a in table["actions"]]
        here = (self.tid, self.round, self.park) == key and self.state is not None
        if not here and not self._load(key, table, entrants, bots, coord):
            return False
        self._sync(coord)
        return True

    def _finish_last(self, view: Mapping[str, Any]) -> bool:
        """The coordinator seated the next round while the last round's game here had not seen
        its end (another's move ended it): that game, from the view's ``finished`` table, played
        to its end here and held (also after a restart, until someone taps on); whether it is."""
        done = (view.get("private") or {}).get("finished")
        if not done:
            return False
        key = (view["tournament"], int(done["round"]), view["park"])
        if (self.tid, self.round, self.park) != key or self.state is None:
            got = self.store.park_match(*key)
            if got is None or got[2]:
                return False             # never played here, or its end already seen
        elif self.state.outcome() is not None:
            return False                 # its end was seen (and tapped away: not held)
        return self._take(view, key, done) and self.held

    def on_answer(self, entry: Mapping[str, Any], status: int, answer: Mapping[str, Any]) -> None:
        """The coordinator answered one of this park's actions; a refusal makes its log win at the
        next park view."""
        if status == 200 or entry.get("match_id") != self.match_id:
            return
        log.warning("the coordinator refused %s: %s %s", entry["body"].get("action"), status, answer.get("error"))
        self.message = "the coordinator refused a move: its game wins"
        self.conflict = True

    # ------------------------------------------------------------------ the local copy
    def _load(self, key: tuple[int, int, int], table: Mapping[str, Any], entrants: list[int],
              bots: Mapping[int, Any], coord: list[dict[str, Any]]) -> bool:
        """The table of round ``key[1]`` from its local log (made from the coordinator's actions
        the first time it is seen); whether it could be loaded."""
        s = table["setup"]
        try:
            game = registry.get(s["game"])
            data = self.data_for(game)
        except (KeyError, GameDataError, ValueError) as exc:
            log.error("park %s: the table's game cannot be played here: %s", key[2], exc)
            self.data_error = str(exc)
            self._changed([])
            return False
        setup = GameSetup(s["game"], tuple(s["players"]), int(s["seed"]), dict(s.get("options") or {}))
        spec = {"game": s["game"], "setup": setup.to_json(), "players": entrants}
        tid, rnd, park = key
        got = self.store.park_match(tid, rnd, park)
        if got is None:
            mid = self.store.new_park_match(tid, rnd, park, spec, coord)
            acked, local = False, coord
        else:
            mid, _spec, acked = got
            local = self.store.park_actions(mid)
        self.tid, self.round, self.park, self.match_id = tid, rnd, park, mid
        self.game, self.data, self.setup = game, data, setup
        self.entrants = tuple(entrants)
        self.seats = seat_halves(entrants, bots)
        self.lock_on_release = self._lock_rule(game.name)
        self.looking, self.selected, self.conflict = frozenset(), {}, False
        try:
            self._replay_log([Action.from_json(a) for a in local])
        except (IllegalAction, KeyError, TypeError, ValueError) as exc:
            log.error("park %s: the local log cannot be replayed (%s); the coordinator's wins", park, exc)
            self.store.park_reset_match(mid, coord)
            self._replay_log([Action.from_json(a) for a in coord])
        # A finished game nobody has tapped on from yet (a restart in between included) is held.
        self.held = self.state is not None and self.state.outcome() is not None and not acked
        return True

    def _replay_log(self, actions: list[Action]) -> None:
        """The table's game from its set-up with ``actions`` (the tournament's: entrants) applied."""
        assert self.game is not None and self.setup is not None
        state = self.game.new(self.data, self.setup)
        self.history.clear(_kiosk_public_cards(self.game.name))
        self.state, self.actions = state, []
        for a in actions:
            self._apply_known(a)

    def _apply_known(self, entrant_action: Action) -> list[Event]:
        """An action the log holds (the tournament's), applied here as its seat's."""
        state = self.state
        assert state is not None
        action = Action(self.entrants.index(entrant_action.player), entrant_action.kind, entrant_action.args)
        before = self.history.before(state)
        events = state.apply(action)
        self.actions.append(action)
        self.history.add(action.player, events, before, state)
        return events

    def _entrant_action(self, action: Action) -> Action:
        return Action(self.entrants[action.player], action.kind, action.args)

    def _local_log(self) -> list[dict[str, Any]]:
        return [self._entrant_action(a).to_json() for a in self.actions]

    def _pending(self) -> bool:
        return any(r["match_id"] == self.match_id for r in self.store.outbox_rows(self.tid))

    def _sync(self, coord: list[dict[str, Any]]) -> None:
        """The local log against the coordinator's: its extra actions applied here, a difference
        (a refused action) settled in its favour."""
        local = self._local_log()
        n = min(len(local), len(coord))
        agree = local[:n] == coord[:n]
        if agree and not (self.conflict and len(local) > len(coord) and not self._pending()):
            if len(coord) > len(local):
                # The coordinator knows more: a bot entrant's moves, or ours it already applied.
                self.store.park_reset_match(self.match_id, coord)
                was_over = self.state is not None and self.state.outcome() is not None
                for a in coord[len(local):]:
                    self._apply_known(Action.from_json(a))
                if not was_over and self.state is not None and self.state.outcome() is not None:
                    self.held = True
            return
        log.warning("park %s: the local game differs from the coordinator's; rebuilding from it", self.park)
        self.message = "the park's game was rebuilt from the coordinator's"
        self.store.park_reset_match(self.match_id, coord)
        self.conflict = False
        self._replay_log([Action.from_json(a) for a in coord])
        self.held = self.state is not None and self.state.outcome() is not None
        if not agree:
            # Our moves crossed others' on the way (a bot entrant's choice made at the same moment,
            # in a game where several choose at once): each is played again after them, stored and
            # sent anew, while the engine still offers it; the others' are theirs to make again.
            for a in local[self._common(local, coord):]:
                action = Action.from_json(a)
                seat = self.entrants.index(action.player) if action.player in self.entrants else None
                if seat is None or self.state is None or self.state.outcome() is not None:
                    break
                mine = Action(seat, action.kind, action.args)
                if mine in self.state.legal_actions(seat) and not self.coordinator_plays(seat):
                    self.act(mine)

    @staticmethod
    def _common(local: list[dict[str, Any]], coord: list[dict[str, Any]]) -> int:
        """How many actions two logs share from the start."""
        n = 0
        while n < min(len(local), len(coord)) and local[n] == coord[n]:
            n += 1
        return n

    def dump(self) -> dict[str, Any]:
        """The park's game for tests and logs (as the local table's, with the park's keys)."""
        if self.state is None:
            return {"game": None, "held": self.held, "round": self.round}
        got = super().dump()
        got.update({"held": self.held, "round": self.round, "park": self.park, "entrants": list(self.entrants),
                    "over": self.state.outcome() is not None,
                    "outcome": None if self.outcome is None else json.loads(json.dumps(self.outcome.to_json()))})
        return got
