"""Challengers! at a park of a café tournament: :class:`ChallengersPark`, the park's table (a
:class:`kiosk.table.park.ParkTable`), and :class:`ParkBoard`, what the game's screens read of it
(``KIOSK.view``, as :class:`kiosk.games.challengers.board.Board` is for a local table).  No Kivy here.

A Challengers! tournament is more than one game at a table: its Deck Phases draw from the
café's shared piles (the coordinator's), and each round's matches are played at the parks.
So the park's table holds two things:

* **The match of this park**, played here from the coordinator's spec
  (:class:`engine.challengers.cafe.ParkMatch`, seen by the table as its game state:
  :class:`MatchAtPark`).  A move goes through ``ParkTable.act``: checked against the match's
  legal actions, written to the local log and the outbox in one SQLite transaction, then
  applied and shown.  A kill -9 resumes it from the local log (:meth:`ChallengersPark.enter`,
  no network needed); the coordinator's actions win over a local log that differs
  (``ParkTable._sync``).  The match's end is held on screen until a tap (``ParkTable.held``),
  each half showing its own player, even once the coordinator has seated the next round.
* **Each person's Deck Phase**, from their own observation as the coordinator sends it
  (:class:`~kiosk.games.challengers.view.DeckView`): an input is checked against it, written to
  the outbox and the half waits for the coordinator's answer (the draws are its piles').

The seats of the table are the tournament's players; the two of this park's match (or of its
seating, between matches) sit on the halves, the light side on the bottom.  The Robot's reveals
and choices, and a bot entrant's when it plays a person here, are made here as in solo play; a
bot entrant's Deck Phase and a match with no person in it are the coordinator's.

Which screen shows the moment is :meth:`ParkBoard.screen`'s word (the held end, the result, the
match, the Deck Phase); between them (a new round's seating before "Go", the other parks still
playing) the table is not :attr:`ChallengersPark.playing` and the park's seating screen shows.
Input reaches only what is on screen: a press the moment has no use for is refused and said on
its half (``KIOSK.hint``), as at the local table.
"""

from __future__ import annotations

import copy
import json
import logging
import random
import uuid
from collections.abc import Callable, Mapping
from typing import Any

from engine import registry
from engine.challengers.cafe import TABLE_KINDS, ParkMatch, wire_action
from engine.challengers.policies import make_policy
from engine.challengers.steps import upgrade_observation
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, Action, GameSetup, ObservationSchemaError, Outcome, Termination
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.board import PRESSED, end_held
from kiosk.games.challengers.view import DeckView, MatchView, PlayerView, TableView
from kiosk.games.descriptor import CHOICE
from kiosk.i18n import tr
from kiosk.store import StorageError
from kiosk.table.local import _kiosk_public_cards, game_data
from kiosk.table.park import COORDINATOR_BOT, ParkTable
from kiosk.table.seats import Seat

log = logging.getLogger("tablecup.kiosk.park.challengers")

GAME = "challengers"
SIDE_NO = {"light": 0, "dark": 1}
#: Seconds between the Robot's attempts while the store cannot write.
STORAGE_RETRY = 3.0


def library_data(lib: Any) -> Callable[[Any], Any]:
    """``data_for`` of a kiosk whose Challengers! library is ``lib`` (the café's house sets
    included); every other game's bundled data."""
    return lambda game: lib if game.name == GAME else game_data(game)


def deck_observation(d: dict) -> dict:
    """A player's Deck Phase as the coordinator sent it (``private.deck_phases[i]``, the answer's
    ``deck_phase``), in the form of their observation of today's schema (:class:`DeckView` reads
    it).  A coordinator sends that form; an older one (and a park view an older kiosk saved) sent
    it without the schema key, its steps named by the engine's methods (schema 0: upgraded by
    :func:`engine.challengers.steps.upgrade_observation`), or before that in its own form, with
    ``can_redraw`` and the options as objects: each is read the same way.  One of a newer schema
    raises :class:`engine.game.ObservationSchemaError`."""
    if "can_redraw" not in d:
        return upgrade_observation(d)

    def plain(o):
        return [o["level"], o["pick"], o["fans"]]
    options = [plain(o) for o in d["options"]]
    chosen = None if d.get("option") is None else options.index(plain(d["option"]))
    return upgrade_observation({
        "player": d["player"], "stage": d["stage"], "options": options, "option": chosen, "drawn": d["drawn"],
        "deck": d["deck"], "picks_left": d["picks_left"], "redraw_used": d["redraw_used"],
        "fans": d.get("fans", 0), "pending": d.get("pending")})


def _player(action) -> int:
    """The player of an action this park sent: the contract's JSON (or a list of the old wire)."""
    return action["player"] if isinstance(action, dict) else action[1]


def _trophies(row):
    """[(round, fans)] of a standings row: the fans once the coordinator shows them (``trophies``,
    2 players or the tournament is over), else "?" (``trophy_rounds`` only)."""
    got = row.get("trophies")
    if got:
        return [(x["round"], x["fans"] if x.get("fans") is not None else "?") for x in got]
    return [(rd, "?") for rd in row.get("trophy_rounds", [])]


def park_view(view, pub, local_match) -> TableView:
    """The tournament as this park may show it, from the coordinator's park view (and public
    view): the same :class:`~kiosk.games.challengers.view.TableView` the local table builds from
    the engine's observations.  The coordinator's views are already scrubbed of what this park
    may not see; the match played here (a :class:`ParkMatch`) adds its players' names."""
    pub = pub or {}

    def get(key, default=None):
        # A newer coordinator puts name, players, winner, end_reason, finalists and fans_visible in
        # the park view itself; an older one only in the public view.
        return view[key] if key in view else pub.get(key, default)
    rows = {r["player"]: r for r in view.get("standings", [])}
    names = {p["player"]: p for p in (get("players") or [])}
    for s in view.get("seats", []):
        names.setdefault(s["player"], {"player": s["player"], "name": s["name"], "robot": s["robot"]})
    if local_match is not None:
        for idx, nm in zip(local_match.players, local_match.spec["names"], strict=False):
            names.setdefault(idx, {"player": idx, "name": nm, "robot": nm == "Robot"})
    n = max([*names, *rows, -1]) + 1
    players = []
    for i in range(n):
        d = names.get(i) or rows.get(i) or {"name": "?", "robot": False}
        r = rows.get(i, {})
        players.append(PlayerView(i, d.get("name", "?"), bool(d.get("robot")), r.get("fan_tokens", 0),
                                  tuple(_trophies(r)), r.get("fans")))
    return TableView(round=view["round"], phase=view["phase"], players=players,
                     standings=list(view.get("standings", [])), winner=get("winner"), end_reason=get("end_reason"),
                     finalists=get("finalists"), results=list(view.get("results", [])), id=view.get("tournament"),
                     name=get("name", "") or "", fans_visible=bool(get("fans_visible", bool(view.get("over")))))


class MatchAtPark:
    """The match this park plays, as the park's table sees its game: the questions of a game
    state (legal actions, apply, outcome, observation) over a :class:`ParkMatch`, its seats being
    the tournament's ``num_players`` players (only the match's two have actions)."""

    def __init__(self, game: ParkMatch, num_players: int) -> None:
        self.game = game
        self.num_players = num_players
        spec = game.spec
        self.setup = GameSetup(GAME, tuple(spec["names"]), int(spec["seed"]), {})
        self.rng = random.Random(int(spec["seed"]))

    def legal_actions(self, player: int) -> list[Action]:
        return self.game.legal_actions(player) if player in self.game.players else []

    def apply(self, action: Action) -> list[Event]:
        return self.game.apply(action)

    def to_act(self) -> frozenset[int]:
        return self.game.to_act()

    def outcome(self) -> Outcome | None:
        w = self.game.winner
        return None if w is None else Outcome(Termination.WIN, (w,), self.game.reason or "")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """``{"matches": [seat's observation of the match]}``: the shape of a tournament's, which
        Challengers!' LEDs, hints and what-happened read."""
        return {SCHEMA_KEY: OBSERVATION_SCHEMA, "matches": [self.game.observation(seat)]}

    def clone(self) -> MatchAtPark:
        return copy.deepcopy(self)


class ChallengersPark(ParkTable):
    """The park's table of a Challengers! café tournament (see the module's docstring).  ``store``:
    the kiosk's store; ``kick()``: the outbox holds something new; ``schedule(fn, delay)``: the
    Robot's clock (the app passes Kivy's); ``on_leave()``: the kiosk leaves the tournament's
    screens (the result screen's "Home" once it is over)."""

    def __init__(self, store: Any, *, data_for: Callable[[Any], Any] = game_data,
                 kick: Callable[[], None] | None = None, schedule: Callable[..., Any] | None = None,
                 bot_delay: float = 0.6, on_leave: Callable[[], None] | None = None) -> None:
        super().__init__(store, data_for=data_for, kick=kick)
        self.schedule = schedule or (lambda fn, delay: None)
        self.bot_delay = bot_delay
        self.game = registry.get(GAME)
        self.t: TableView | None = None           # the tournament as this park shows it
        self.bots: dict[int, Any] = {}             # player -> level: the bot entrants
        self.deck_states: dict[int, DeckView] = {}  # player -> their own observation of their Deck Phase
        self._deck_version: dict[int, int] = {}    # player -> coordinator version of the newest we have
        self.inflight = {_player(json.loads(r["body"])["action"]) for r in store.outbox_rows() if r["kind"] == "deck"}
        self.events: list[Event] = []              # the match's events, from its spec on (the match log)
        self.end: dict[str, Any] | None = None      # the held end's result (built while held)
        self.seats_acked = store.get("park_seats_acked")
        self.said: tuple[str, dict[str, Any]] | None = None    # the operator's sentence, as (key, values)
        self.on_leave: Callable[[], None] = on_leave or (lambda: None)   # "Home" at the tournament's end
        self._robot_scheduled = False
        self._policy = make_policy("robot", 0)
        self._bot_policy = make_policy("greedy", 0)  # a bot entrant's match choices (its search bot's rule)
        self.board = ParkBoard(self)

    @property
    def lib(self) -> Any:
        """Challengers!' library at this kiosk (its house sets included)."""
        if self.data is None:
            self.data = self.data_for(registry.get(GAME))
        return self.data

    # ------------------------------------------------------------------ the operator's sentence
    def _say(self, key: str, **fmt: Any) -> None:
        """A sentence for the operator: in English for the log, as (key, values) for the screens."""
        self.message, self.said = tr(key, "en", **fmt), (key, fmt)

    def say(self, lang: str) -> str:
        """The last sentence for the operator in ``lang`` ("" when there is none)."""
        if not self.message:
            return ""
        return tr(self.said[0], lang, **self.said[1]) if self.said else self.message

    # ------------------------------------------------------------------ what is played here
    def current(self) -> ParkMatch | None:
        """The match of this park in the current round (None between rounds)."""
        state = self.state
        if not isinstance(state, MatchAtPark) or (self.view is not None and self.round != self.view["round"]):
            return None
        return state.game

    def shown(self) -> ParkMatch | None:
        """The match on screen: the one whose end is held (until a tap), else the current one."""
        state = self.state
        if isinstance(state, MatchAtPark) and end_held(self.board):
            return state.game
        return self.current()

    def running(self) -> ParkMatch | None:
        """The current match while it is played (not won, no end held)."""
        g = self.current()
        return g if g is not None and g.winner is None and not self.held else None

    @property
    def playing(self) -> bool:
        """One of the game's screens shows the park now (its match, the held end, the result, a
        Deck Phase); else the park's seating screen does."""
        return self.board.screen() != "park"

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` (the Robot or a bot entrant): no person acts for it here."""
        t = self.t
        return t is not None and seat is not None and 0 <= seat < len(t.players) and \
            (t.players[seat].robot or seat in self.bots)

    def coordinator_plays(self, seat: int) -> bool:
        """A match with no person in it is the coordinator's; the Robot's moves in a person's
        match are made here."""
        g = self.current()
        return g is not None and self._nobody_here(g.players)

    def _nobody_here(self, players) -> bool:
        return self.t is not None and all(self.is_bot(p) for p in players)

    def to_act(self) -> frozenset[int]:
        """The players of the running match with a legal action, or the people whose Deck Phase
        waits for them (and is not in flight)."""
        g = self.running()
        if g is not None:
            return g.to_act()
        return frozenset(p for p, dp in self.deck_states.items()
                         if dp.legal_actions() and p not in self.inflight and p not in self.bots)

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now: in the running match, or in its own Deck Phase (as its
        observation says; the coordinator checks it again)."""
        g = self.running()
        if g is not None and seat in g.players:
            return g.legal_actions(seat)
        dp = self.deck_states.get(seat)
        if dp is None or seat in self.inflight:
            return []
        return [Action(seat, "deck." + a[0], tuple(a[1:])) for a in dp.legal_actions()]

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see of the match on screen: ``{"matches": [its observation]}``."""
        m = self.shown()
        return {"matches": [] if m is None else [m.observation(seat)]}

    def match_events(self) -> list[Event]:
        """The events of the match on screen, from its spec on (the match log)."""
        return self._events() if self.shown() is not None else []

    def _events(self) -> list[Event]:
        """The events of the match here, from its spec on (its record drained as it is read)."""
        if isinstance(self.state, MatchAtPark):
            self.events += self.state.game.take_log()
        return list(self.events)

    def look(self, half: int, on: bool) -> None:
        """The person on ``half`` starts or stops looking at their own cards (hold to look)."""
        self.looking = self.looking | {half} if on else self.looking - {half}
        self._changed([])

    # ------------------------------------------------------------------ acting
    def act(self, action: Action) -> list[Event] | None:
        """A match's action goes through the park's table (checked, stored, then applied:
        ``ParkTable.act``); a Deck Phase's to the outbox, for the coordinator.  The events ([] for
        a Deck Phase action), or None: nothing stored, nothing changed, why in :attr:`ignored`."""
        if action.kind in TABLE_KINDS:
            if self.running() is None:
                self._ignore(action, "no match running")
                return None
            return super().act(action)
        return self._send_deck(action)

    def _send_deck(self, action: Action) -> list[Event] | None:
        """A Deck Phase action: checked against the player's own Deck Phase, written to the
        outbox; the player's half waits for the coordinator's answer."""
        p = action.player
        dp = self.deck_states.get(p)
        why = ("no Deck Phase on this side" if dp is None or dp.stage == "done"
               else "a bot drafts on this side" if self.is_bot(p)
               else "waiting for the coordinator's answer" if p in self.inflight
               else f"not an action of this Deck Phase now ({dp.stage})" if action not in self.legal(p) else None)
        if why is not None:
            self._ignore(action, why)
            return None
        rid = f"k{self.kiosk_id}-{uuid.uuid4().hex}"
        try:
            self.store.outbox_deck(self.tid, rid, {"request_id": rid, "action": action.to_json()})
        except StorageError as exc:
            self._storage_failed(f"Deck Phase action {action} not sent", exc)
            return None
        self.storage_error = None
        self.inflight.add(p)
        self.kick()
        self._changed([])
        return []

    def next_game(self) -> None:
        """The players have read the result: on to what the coordinator shows now."""
        self.end = None
        super().next_game()

    def ack_seats(self) -> None:
        """The players have read the new round's seating ("Go")."""
        if self.t is not None:
            self.seats_acked = [self.tid, self.t.round]
            self.store.put("park_seats_acked", self.seats_acked)
        self._changed([])

    def needs_seats_ack(self) -> bool:
        """A new round's seating is shown until someone at this table taps "Go"."""
        t = self.t
        if t is None or self.moment() != "deck" or not self._here():
            return False
        return self.seats_acked != [self.tid, t.round]

    def moment(self) -> str:
        """Which screen of the game the tournament's moment is for (``KIOSK.screen``)."""
        return KIOSK.screen({"phase": self.view["phase"]}) if self.view is not None else "match"

    def leave(self, abandon: bool = False) -> None:
        """The result screen's "Home" at the end of the tournament: the kiosk leaves the park."""
        self.on_leave()

    def forget(self) -> None:
        self.t, self.bots, self.deck_states, self._deck_version, self.end = None, {}, {}, {}, None
        super().forget()
        self.game = registry.get(GAME)

    # ------------------------------------------------------------------ the Robot (as in solo play)
    def robot_action(self) -> Action | None:
        """What the bot whose moment it is in this park's match plays (None: no bot's moment; the
        Robot never tosses: a person does, as at the local table)."""
        g = self.running()
        if g is None or self.t is None or self._nobody_here(g.players):
            return None
        for p in sorted(g.to_act()):
            legal = [a for a in g.legal_actions(p) if a.kind != "match.toss"]
            if legal and self.is_bot(p):
                return g.bot_action(self._bot_policy if p in self.bots else self._policy, self.t.round, p)
        return None

    def _maybe_bot(self) -> None:
        if self._robot_scheduled or self.robot_action() is None:
            return
        self._robot_scheduled = True
        # After a failed write the Robot stops and only tries again now and then: its next
        # move is the probe that finds storage working again (a person's press is another).
        self.schedule(self.robot_step, STORAGE_RETRY if self.storage_error is not None else self.bot_delay)

    def robot_step(self, *_: Any) -> None:
        self._robot_scheduled = False
        act = self.robot_action()
        if act is not None:
            self.act(act)

    def bot_step(self) -> None:
        self.robot_step()

    # ------------------------------------------------------------------ coordinator -> here
    def enter(self, tid: int | None, park: int | None, view: dict[str, Any] | None) -> None:
        """The kiosk's park (at start, or a new assignment): its latest match from the local log
        (no network needed: a restart plays on), the last park view it read."""
        self.tid, self.park, self.view = tid, park, view
        if tid is not None:
            self._resume_local()
        self._refresh()

    def _resume_local(self) -> None:
        got = self.store.latest_park_match(self.tid, self.park)
        if got is None:
            return
        mid, rnd, spec, acked = got
        if spec.get("game", GAME) != GAME:
            return
        if self.view is not None and self.view.get("round") is not None and self.view["round"] > rnd:
            return
        try:
            self._load_match(mid, rnd, spec, self.store.park_actions(mid), acked)
        except Exception as exc:   # a saved match that cannot be replayed must not stop the kiosk at start
            log.exception("park %s: the saved match %s cannot be replayed", self.park, mid)
            self.state, self.match_id, self.round = None, None, None
            self._say("park_replay_failed", why=type(exc).__name__)

    def on_view(self, view: dict[str, Any]) -> None:
        """A park view: this park's people's Deck Phases, its match synchronised with the local
        log (not while a finished match is held on screen: it stays until a tap)."""
        self.view = view
        priv = view.get("private") or {}
        # Deck Phases (the coordinator sends this park's players' while they draft): the view's
        # state, unless we hold a newer answer or wait for one.
        fresh = {}
        for d in priv.get("deck_phases") or []:
            p = d["player"]
            if (p in self.inflight or self._deck_version.get(p, -1) > view["version"]) and p in self.deck_states:
                fresh[p] = self.deck_states[p]
                continue
            seen = self._deck_view(d)
            if seen is not None:
                fresh[p] = seen
        self.deck_states = fresh
        pm, vm = priv.get("match"), view.get("match")
        if pm is not None and vm is not None and not self.held:
            # Between rounds (the finalists' Deck Phase, the end) the view still holds the last match
            # (``current`` false): key it by its round (8 = the Final), from the view, else its spec.
            spec = pm["spec"]
            rnd = vm.get("round")
            self._sync_match(rnd if isinstance(rnd, int) else (8 if spec.get("final") else spec["round"]), pm)
        self._refresh()
        self._changed([])

    def _deck_view(self, d: dict[str, Any]) -> DeckView | None:
        """The :class:`DeckView` of a Deck Phase the coordinator sent; from a coordinator whose
        observations are of a newer schema, the one held before (or None), and a word for the
        operator: a newer format is never guessed at."""
        try:
            seen = deck_observation(d)
        except ObservationSchemaError as exc:
            log.warning("park %s: a Deck Phase from the coordinator cannot be read: %s", self.park, exc)
            self._say("park_newer_format")
            return self.deck_states.get(int(d.get("player", -1)))
        return DeckView(seen, d["player"], self.lib.catalogue.card)

    def on_answer(self, entry: Mapping[str, Any], status: int, answer: Mapping[str, Any]) -> None:
        """The coordinator answered one of this park's actions: a Deck Phase's answer is the
        player's Deck Phase now; a refusal is said, and a refused match action makes the
        coordinator's log win at the next park view."""
        action = entry["body"]["action"]
        if entry["kind"] == "deck":
            p = _player(action)
            self.inflight.discard(p)
            if status == 200 and answer.get("deck_phase") is not None and p in self.deck_states:
                seen = self._deck_view(answer["deck_phase"])
                if seen is not None:
                    self.deck_states[p] = seen
                    self._deck_version[p] = answer.get("seq", 0)
        if status != 200:
            # The engine's reason is for the log; people read what it means for the table.
            log.warning("the coordinator refused %s: %s %s", action, status, answer.get("error"))
            if entry["kind"] == "deck":
                self._say("refused_deck", name=self._name(_player(action)))
            else:
                self._say("refused_match")
            if entry["kind"] == "match" and entry.get("match_id") == self.match_id:
                self.conflict = True           # the next park view rebuilds the match
        self._refresh()
        self._changed([])

    def _name(self, player) -> str:
        t = self.t
        return t.players[player].name if t is not None and isinstance(player, int) and 0 <= player < len(t.players) else "?"

    # ------------------------------------------------------------------ the local match
    def _sync_match(self, rnd: int, pm: Mapping[str, Any]) -> None:
        """The match of round ``rnd`` (``pm``: the view's ``private.match``) loaded if it is not
        the one here, and synchronised with the local log (``ParkTable._sync``)."""
        spec = pm["spec"]
        coord = [Action.from_json(a).to_json() for a in pm["actions"]]
        key = (self.tid, rnd, self.park)
        if (self.tid, self.round, self.park) != key or self.state is None:
            got = self.store.park_match(*key)
            if got is None:
                mid = self.store.new_park_match(self.tid, rnd, self.park, spec, coord)
                self._load_match(mid, rnd, spec, coord, False)
                return
            mid, stored_spec, acked = got
            try:
                self._load_match(mid, rnd, stored_spec, self.store.park_actions(mid), acked)
            except Exception:
                log.exception("park %s: the saved match cannot be replayed; the coordinator's record wins", self.park)
                self.store.park_reset_match(mid, coord)
                self._load_match(mid, rnd, spec, coord, acked)
                return
        before = self.message
        self._sync(coord)
        if self.message != before:
            self._say("park_rebuilt")

    def _load_match(self, mid: int, rnd: int, spec: Mapping[str, Any], actions: list[Any], acked: bool) -> None:
        """The match ``mid`` from its spec with ``actions`` applied (contract actions, or the old
        wire's tuples a kiosk stored before: read as the contract's)."""
        game = ParkMatch(self.lib, spec)
        self._play_from(spec, [wire_action(a, game.players) for a in actions])
        self.round, self.match_id, self.conflict = rnd, mid, False
        self.held = self.state is not None and self.state.outcome() is not None and not acked
        self.end = None

    def _replay_log(self, actions: list[Action]) -> None:
        """The match here again from its spec with ``actions`` (the coordinator's) applied."""
        assert isinstance(self.state, MatchAtPark)
        self._play_from(self.state.game.spec, actions)

    def _play_from(self, spec: Mapping[str, Any], actions: list[Action]) -> None:
        game = ParkMatch(self.lib, spec)
        n = max(len(self.t.players) if self.t is not None else 0, max(game.players) + 1)
        self.entrants = tuple(range(n))
        self.state = MatchAtPark(game, n)
        self.actions, self.events = [], []
        self.history.clear(_kiosk_public_cards(GAME))
        for a in actions:
            self._apply_known(a)
        self._policy = make_policy("robot", spec["seed"] + len(actions))
        self._bot_policy = make_policy("greedy", spec["seed"] + len(actions))

    def _refresh(self) -> None:
        """The tournament as shown (:attr:`t`), its bot entrants and who sits on each half."""
        shown = self.state.game if isinstance(self.state, MatchAtPark) else None
        if self.tid is None:
            self.t, self.bots = None, {}
        elif self.view is None:
            # Restarted with no view read yet: the match of the local log, named from its spec.
            self.t = None if shown is None else park_view(
                {"tournament": self.tid, "round": self.round, "phase": "final" if shown.spec.get("final") else "match"},
                None, shown)
        else:
            players = self.view.get("players") or (self.pub or {}).get("players") or []
            self.bots = {q["player"]: q["bot"] for q in players if q.get("bot")}
            self.t = park_view(self.view, self.pub, shown)
        n = max(len(self.t.players) if self.t is not None else 0, len(self.entrants))
        halves = {p: h for h in (0, 1) if (p := self.board.player_at(h)) is not None}
        self.seats = tuple(
            (Seat.bot("robot" if self.t is not None and self.t.players[p].robot else COORDINATOR_BOT, halves.get(p))
             if self.is_bot(p) else Seat.person(halves[p]) if p in halves else Seat.bot(COORDINATOR_BOT, None))
            for p in range(n))
        self.entrants = tuple(range(n))
        if isinstance(self.state, MatchAtPark):
            self.state.num_players = n

    @property
    def pub(self) -> dict[str, Any] | None:
        """The last public view of the tournament (names an older coordinator's park view lacks)."""
        return self.public

    def _here(self) -> list[dict[str, Any]]:
        return (self.view or {}).get("here", [])

    def dump(self) -> dict[str, Any]:
        g = self.current()
        return {"tournament": self.tid, "park": self.park, "round": self.t.round if self.t else None,
                "phase": self.t.phase if self.t else None, "screen": self.board.screen(), "held": self.held,
                "match": None if g is None else {"players": list(g.players), "n": len(self.actions),
                                                 "winner": g.winner, "to_act": sorted(g.to_act())},
                "message": self.message}


class ParkBoard:
    """What Challengers!' screens read of a park's table, and their inputs by halves: the same as
    :class:`kiosk.games.challengers.board.Board` offers them of a local table (``KIOSK.view``)."""

    game_id = None           # no Deck Phase hint's memory at a park (the hint is the local table's)
    lesson = None            # a park never plays a guided first match

    def __init__(self, park: ChallengersPark) -> None:
        self._park = park
        self._match_view: tuple[Any, MatchView | None] | None = None

    @property
    def park(self) -> int | None:
        return self._park.park

    @property
    def lib(self) -> Any:
        return self._park.lib

    @property
    def listeners(self) -> list:
        return self._park.listeners

    @property
    def ignored(self) -> list:
        return self._park.ignored

    @property
    def storage_error(self) -> str | None:
        return self._park.storage_error

    @property
    def tournament_view(self) -> TableView | None:
        return self._park.t

    @property
    def result(self) -> dict[str, Any] | None:
        """The match that just ended here, held until a player taps ("end_seen": the result
        screen shows it then, until "Next round")."""
        p = self._park
        if not p.held or not isinstance(p.state, MatchAtPark):
            return None
        g = p.state.game
        if p.end is None or p.end["key"] != (p.round, len(p.actions)):
            public = g.observation(None)
            p.end = {"key": (p.round, len(p.actions)), "round": p.round, "winner": g.winner, "loser": g.loser,
                     "reason": g.reason, "trophy": None, "over": False, "held": True,
                     "decided_by": public.get("decided_by"), "events": p._events()}
        return p.end

    def match_events(self) -> list[Event]:
        return self._park.match_events()

    def match_view(self) -> MatchView | None:
        """The match on screen (the one played here, or the one whose end is held), from its
        observations: the public one, and its chooser's for a pending choice's options."""
        p = self._park
        m = p.shown()
        key = (id(m), len(p.actions), end_held(self))
        if self._match_view is None or self._match_view[0] != key:
            view = None
            if m is not None:
                public = m.observation(None)
                pending = public.get("pending")
                chooser = None if pending is None or public["expect"][0] != "choose" else \
                    m.observation(public["players"][pending["player"]])
                view = MatchView(public, self.lib.catalogue.card, chooser)
            self._match_view = (key, view)
        return self._match_view[1]

    def player_at(self, side: int) -> int | None:
        """The player on ``side`` (a half: at a park the plan's light side is the bottom half):
        the one of the match on screen -- a held end's players are still at the table, looking
        at it, while the coordinator may already have seated the next round -- else of this
        park's seats in the coordinator's view."""
        m = self._park.shown()
        if m is not None:
            return m.players[side]
        for s in self._park._here():
            if SIDE_NO.get(s["side"]) == side:
                return int(s["player"])
        return None

    def half_of(self, side, m=None):
        """The half of the match's ``side`` (at a park the plan's sides are the halves)."""
        return side

    def match_side(self, half):
        return half

    def is_robot(self, side) -> bool:
        p = self.player_at(side)
        return p is not None and self._park.is_bot(p)

    def deck_phase_at(self, side) -> DeckView | None:
        """The Deck Phase of the player on ``side``, from their own observation (None: none now)."""
        p = self.player_at(side)
        return None if p is None else self._park.deck_states.get(p)

    def seat_view(self, side):
        """(observation, seat, legal actions) of the player on ``side``, as its LEDs and hints
        read them (None: nobody there)."""
        seat = self.player_at(side)
        if seat is None:
            return None
        return self._park.observation(seat), seat, self._park.legal(seat)

    def lights(self) -> tuple[str, str]:
        return KIOSK.half_lights(self.seat_view)

    def active_deck_side(self):
        for side in (0, 1):
            dp = self.deck_phase_at(side)
            if dp is not None and dp.stage != "done" and self.player_at(side) not in self._park.inflight \
                    and not self.is_robot(side):
                return side
        return None

    def screen(self) -> str:
        """Which screen shows the park now (``KIOSK.screens``' key, or ``"park"``: the park's
        seating screen): the held end on the match screen, the result, the running match, the
        Deck Phase once the seating is read, else the seating screen."""
        p = self._park
        t = p.t
        if t is None:
            return "park"
        if end_held(self):
            return "match"
        if t.over or self.result is not None:
            return "result"
        if p.running() is not None:
            return "match"
        if p.moment() == "deck" and p._here():
            return "park" if p.needs_seats_ack() else "deck"
        return "park"

    def bots_wait(self) -> bool:
        return False

    def dump(self) -> dict[str, Any]:
        return self._park.dump()

    # ------------------------------------------------------------------ inputs
    def submit(self, half, kind, *args):
        """A person's input on ``half`` as a contract action of the seat there (``"match.reveal"``,
        ``"deck.pick", 2``); the flag's toss is the tossing seat's, whichever half pressed it.
        The events ([] for a Deck Phase action, which the coordinator answers), or None with the
        reason in :attr:`ignored` (said on the half)."""
        p = self._park
        what = (kind, half, *args)
        if kind == "match.toss":
            seat = next((s for s in range(len(p.seats)) if any(a.kind == kind for a in p.legal(s))), None)
            if seat is None:
                return self.ignore(what, "no toss expected")
        else:
            seat = self.player_at(half)
            if seat is None:
                return self.ignore(what, "nobody sits on this half")
            if p.is_bot(seat):
                return self.ignore(what, "a bot plays this side" if kind in TABLE_KINDS else "a bot drafts on this side")
        try:
            action = Action(seat, kind, tuple(args))
        except IllegalAction as exc:
            return self.ignore(what, str(exc))
        before = len(p.ignored)
        events = p.act(action)
        if events is None and p.storage_error is None and len(p.ignored) > before:
            p.told(half if half in (0, 1) else None, PRESSED.get(kind, CHOICE))
        return events

    def ignore(self, what, why):
        """An input the moment does not take (``what``: its action's kind, its half, its
        arguments): kept with why, and said on its half."""
        half = what[1] if len(what) > 1 and what[1] in (0, 1) else None
        self._park.refuse(half, PRESSED.get(str(what[0]), CHOICE), why, what)

    def ack_result(self):
        """The players have read the result: on to what the coordinator shows now."""
        self._park.next_game()

    def close_game(self):
        """The result screen's "Home" at the end of the tournament."""
        self._park.leave()

    def ack_seats(self):
        self._park.ack_seats()

    def needs_seats_ack(self) -> bool:
        return self._park.needs_seats_ack()
