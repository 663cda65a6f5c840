"""A park of a café tournament: :class:`ParkController`, the park's table on the engine contract.

It offers its screens what a :class:`kiosk.table.LocalTable` offers its own: the seat on each half
(:meth:`ParkController.seat_on`; at a park the plan's light side is the bottom half), each seat's
legal actions and observation (:meth:`legal`, :meth:`observation`), :meth:`submit` (a person's
input on a half as a contract action of the seat there) and :meth:`act` (any contract action:
checked, **stored, then applied**), :meth:`look` and its ``listeners``.  Challengers!' screens
read it as they read the local table's view model (:class:`kiosk.games.challengers.board.Board`):
``tournament_view``, ``match_view()``, ``deck_phase_at(half)``, ``result``.

* The coordinator is the authority.  What the kiosk knows of the tournament is the last park
  view (and public view) it read: :func:`park_view` makes them the ``TableView`` the screens
  read; the match played here is read through its observation (``match_view()``).
* Deck Phase: an input is checked against the player's own Deck Phase (its observation, which
  the coordinator sends: :class:`~kiosk.games.challengers.view.DeckView`), then written to the
  outbox; the player's half waits for the coordinator's answer (draws come from its shared piles)
  and shows it.  A side's drawn cards are only ever on that side's half.
* Match: played **here** from the coordinator's match spec
  (:class:`engine.challengers.cafe.ParkMatch`, a contract view of the match: legal actions,
  observations, contract actions applied).  Each action is checked against the match's legal
  actions, written to the local log and the outbox in one SQLite transaction, and only then
  applied and shown (a failed write changes nothing); the network thread delivers the outbox in
  order.  A kill -9 resumes the match from the local log; if the coordinator ever holds something
  else for this match, its actions win and the local copy is rebuilt from them.  The match's
  events are kept for the match log (``match_events()``).
* The end of a match is held on screen until a tap, as at the local table: its players keep
  their halves (``player_at``) even once the coordinator has seated the next round.
* The Robot's reveals and choices at this park are made here, as in solo play; so are a bot
  entrant's when it plays a person here (the greedy bot's choice: microseconds, on the UI thread).
  A bot entrant's Deck Phase, and a match with no person in it, are the coordinator's to play:
  this park shows them and never acts for them.
* Which moment of the tournament is on screen (its Deck Phase, its matches, its end) is the
  game's kiosk descriptor's word (``KIOSK.screen``), and what may be done now the legal actions':
  nothing here reads the rules' internals.
* A tournament of another game (Between Battle, Wacky Challenge, Cosplay Team Battle): this
  controller stays the network's listener and hands each park view and answer to the park's table,
  :attr:`ParkController.table` (:class:`kiosk.table.park.ParkTable`), which the game's own screens
  show; between its games the park screen reads the view.
"""

from __future__ import annotations

import json
import logging
import uuid
from types import SimpleNamespace

from engine.challengers.cafe import TABLE_KINDS, ParkMatch, match_action, wire_action
from engine.challengers.game import match_actions, observe_match
from engine.challengers.policies import make_policy
from engine.challengers.steps import upgrade_observation
from engine.errors import IllegalAction
from engine.game import Action, ObservationSchemaError
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.board import end_held, match_view
from kiosk.games.challengers.view import DeckView, PlayerView, TableView
from kiosk.i18n import tr
from kiosk.store import StorageError
from kiosk.table import notify
from kiosk.table.park import ParkTable

log = logging.getLogger("tablecup.kiosk.park")

SIDE_NO = {"light": 0, "dark": 1}
#: Seconds between the Robot's attempts while the store cannot write.
STORAGE_RETRY = 3.0


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
    may not see; the match played here adds its players' names."""
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
        for idx, nm in zip(local_match.players, local_match.spec["names"]):
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
                     finalists=get("finalists"), results=list(view.get("results", [])), id=view["tournament"],
                     name=get("name", "") or "", fans_visible=bool(get("fans_visible", bool(view.get("over")))))


def shown_match(c):
    """The engine's match a park's screen shows: the one it plays, or the one that just ended
    while its end is held on screen (until a tap)."""
    return c.result["match"] if end_held(c) else c.match


class ParkController:
    """A park's table in a café tournament, on the contract (see the module's docstring)."""

    def __init__(self, lib, store, schedule=None, robot_delay=0.6):
        self.lib = lib
        self.store = store
        self.schedule = schedule or (lambda fn, delay: None)
        self.robot_delay = robot_delay
        self.listeners: list = []
        self.client = None
        self.ignored: list = []
        self.on_ignored = None            # fn(what, why): an input did nothing (the app's hint)
        self.kiosk_id = store.get("coord_kiosk_id")
        self.kiosk_name = store.get("coord_kiosk_name")
        self.tid = store.get("park_tournament")
        self.park = store.get("park_number") or 1
        self.view = store.get("park_last_view")
        self.pub = store.get("park_last_public")
        if self.view and (self.view.get("tournament") != self.tid or self.view.get("park") != self.park):
            self.view, self.pub = None, None
        self.online = False
        self.status = "connecting"
        self.base, self.detail, self.retry = None, "", None   # the connection's parts (on_status)
        self.outbox_n = len(store.outbox_rows())
        self.message = ""                 # the last refusal, shown to the operator (English: logs, tests)
        self.said = None                  # the same as (key, values), for the screens' language: say()
        self.unassigned = []              # running tournaments, while waiting for an assignment
        self.deck_states: dict = {}       # player -> DeckView (their own observation of their Deck Phase)
        self._deck_version: dict = {}     # player -> coordinator version of the newest state we have
        self.inflight = {_player(json.loads(r["body"])["action"]) for r in store.outbox_rows() if r["kind"] == "deck"}
        self.local = None                 # SimpleNamespace(id, key, game: ParkMatch, n, acked, conflict, events)
        self.result = None
        self.seats_acked = store.get("park_seats_acked")
        self.looking: frozenset[int] = frozenset()    # halves whose person is looking at their cards
        self._robot_scheduled = False
        self._policy = make_policy("robot", 0)
        self._bot_policy = make_policy("greedy", 0)     # a bot entrant's match choices (its search bot's rule)
        self.bots: dict = {}              # player -> level: the bot entrants (from the coordinator's views)
        self.storage_error = None          # why the last write failed; None once one succeeds
        self._match_view = None            # (key, view) of the match shown
        self.t = None
        # A tournament of another game: its table (:class:`kiosk.table.park.ParkTable`), shown by
        # the game's own screens; this controller hands it the park views and the answers.
        self.table = ParkTable(store, kick=self._kick)
        self.table.kiosk_id = self.kiosk_id
        self.table.listeners.append(lambda table, events: self._changed(events))
        if self.tid is not None:
            self._resume_local()
        self._rebuild_t()

    # ------------------------------------------------------------------ another game's park
    @property
    def other_game(self) -> bool:
        """The tournament is of a game other than Challengers! (its park is :attr:`table`)."""
        return self.view is not None and self.view.get("game", "challengers") != "challengers"

    @property
    def over(self) -> bool:
        """The tournament is over (as the last park view said)."""
        return bool(self.t.over) if self.t is not None else bool((self.view or {}).get("over"))

    def _kick(self) -> None:
        if self.client is not None:
            self.client.kick()

    # ------------------------------------------------------------------ the table's protocol
    @property
    def game(self) -> ParkMatch | None:
        """The match of this park in the current round, on the contract (None between rounds)."""
        loc = self.local
        if loc is None or (self.view is not None and loc.key[1] != self.view["round"]):
            return None
        return loc.game

    @property
    def match(self):
        """The rules' match of :attr:`game` (Challengers!' match screens read its cards' powers)."""
        g = self.game
        return None if g is None else g.match

    def seat_on(self, half):
        """The player on ``half`` (:meth:`player_at`)."""
        return self.player_at(half)

    def half_of(self, side, m=None):
        """The half of the engine's ``side`` (at a park the plan's sides are the halves)."""
        return side

    def match_side(self, half):
        """The engine's side of the match played on ``half`` (the same: a park's halves are its sides)."""
        return half

    def to_act(self) -> frozenset:
        """Who may act at this table now: the players of its running match who have a legal action,
        or its players whose Deck Phase waits for them (and is not in flight)."""
        g = self.game
        if g is not None and self.result is None:
            return g.to_act()
        return frozenset(p for p, dp in self.deck_states.items()
                         if dp.legal_actions() and p not in self.inflight and p not in self.bots)

    def legal(self, seat) -> list[Action]:
        """``seat``'s legal actions at this table now: in its match (while no end is held), or in its
        own Deck Phase (as its observation says; the coordinator checks it again)."""
        g = self.game
        if g is not None and self.result is None and seat in g.players:
            return g.legal_actions(seat)
        dp = self.deck_states.get(seat)
        if dp is None or seat in self.inflight:
            return []
        return [Action(seat, "deck." + a[0], tuple(a[1:])) for a in dp.legal_actions()]

    def observation(self, seat):
        """What ``seat`` may see of this park's match (the one played here, or whose end is held):
        ``{"matches": [its observation of it]}``, as Challengers!' LEDs and hints read it."""
        m = shown_match(self)
        return {"matches": [] if m is None else [observe_match(m, seat, self.lib)]}

    def look(self, half, on) -> None:
        """The person on ``half`` starts or stops looking at their own cards (hold to look)."""
        self.looking = self.looking | {half} if on else self.looking - {half}
        self._changed([])

    def is_bot(self, seat) -> bool:
        """Whether a bot plays ``seat`` (the Robot or a bot entrant): no person acts for it here."""
        t = self.t
        return t is not None and seat is not None and 0 <= seat < len(t.players) and \
            (t.players[seat].robot or seat in self.bots)

    def submit(self, half, kind, *args):
        """A person's input on ``half`` as a contract action of the seat there (``"match.reveal"``,
        ``"deck.pick", 2``), as the screens give it to the local table; the flag's toss is the
        tossing seat's, whichever half pressed it.  Returns the events ([] for a Deck Phase
        action, which the coordinator answers), or None with the reason in :attr:`ignored`."""
        if kind == "match.toss":
            g = self.game
            seat = None if g is None else next((p for p in g.players if any(a.kind == kind for a in g.legal_actions(p))),
                                               None)
            if seat is None:
                return self.ignore((kind, half), "no toss expected")
        else:
            seat = self.player_at(half)
            if seat is None:
                return self.ignore((kind, half, *args), "nobody sits on this half")
            if self.is_bot(seat):
                return self.ignore((kind, half, *args), "a bot plays this side" if kind in TABLE_KINDS
                                   else "a bot drafts on this side")
        try:
            action = Action(seat, kind, tuple(args))
        except IllegalAction as exc:
            return self.ignore((kind, half, *args), str(exc))
        return self.act(action, (kind, half, *args))

    def act(self, action: Action, what=None):
        """Play ``action`` at this park if it is legal now: a match's is stored (local log and
        outbox, one transaction), then applied; a Deck Phase's is stored in the outbox, for the
        coordinator.  The events (or [] for a Deck Phase action), or None: nothing stored, nothing
        changed, the reason in :attr:`ignored` (with ``what``: a person's input as pressed, the
        kind and its half, which is then told on that half)."""
        if action.kind in TABLE_KINDS:
            return self._play(action, what or action)
        return self._send_deck(action, what or action)

    def ignore(self, what, why):
        """An input that does nothing now: logged, kept, and said on its half (``on_ignored``:
        a person's input, ``(kind, half, *args)``)."""
        self.ignored.append((what, why))
        log.info("ignored %s: %s", what, why)
        if self.on_ignored is not None and isinstance(what, tuple):
            try:
                self.on_ignored(what, why)
            except Exception:          # a hint must never stop the game
                log.exception("hint failed")

    _ignore = ignore

    def _changed(self, events):
        notify(self.listeners, self, events)
        self._maybe_robot()

    # ------------------------------------------------------------------ reading API (screens)
    @property
    def tournament_view(self):
        """The tournament as the screens show it (:func:`park_view`)."""
        return self.t

    def match_events(self) -> list:
        """The events of the match shown (the one played here, or the one whose end is held), for
        the match log: this park played it, so it has all of them, from its spec on."""
        loc, m = self.local, shown_match(self)
        return list(loc.events) if loc is not None and m is not None and m is loc.game.match else []

    def match_view(self):
        """The match the screens show (the one played here, or the one that just ended, held
        until a tap), from its observation (:func:`engine.challengers.game.observe_match`)."""
        m = shown_match(self)
        loc = self.local
        key = (id(m), None if loc is None else loc.n, end_held(self))
        if self._match_view is None or self._match_view[0] != key:
            self._match_view = (key, match_view(self, m, self.lib))
        return self._match_view[1]

    @property
    def paired(self):
        return bool(self.store.get("coord_token"))

    @property
    def assigned(self):
        return self.tid is not None

    def _here(self):
        return (self.view or {}).get("here", [])

    def player_at(self, side):
        """The player on ``side`` (a half: at a park the plan's side is the half): the one of the
        match played here, or of the match whose end is held on screen -- its players are still
        at the table, looking at it, while the coordinator may already have seated the next
        round -- else of this park's seats in the coordinator's view."""
        m = shown_match(self)
        if m is not None:
            return m.players[side]
        for s in self._here():
            if SIDE_NO[s["side"]] == side:
                return s["player"]
        return None

    def is_robot(self, side) -> bool:
        """Whether a bot plays ``side`` (the Robot or a bot entrant): no person acts for it here."""
        return self.is_bot(self.player_at(side))

    def _nobody_here(self, players) -> bool:
        """A match with no person in it: the coordinator plays it (this park only shows it)."""
        return self.t is not None and all(self.is_bot(p) for p in players)

    def deck_phase_at(self, side):
        """The Deck Phase of the player on ``side``, from their own observation (None: none now)."""
        return self.deck_states.get(self.player_at(side))

    def seat_view(self, side):
        """(observation, seat, legal actions) of the player on ``side``, as its LEDs read it
        (None: nobody there): what this park knows of the tournament's matches, the one played
        here (or just won, until the result is acknowledged), from that player's observation of
        it, and what the player may do in it."""
        seat = self.player_at(side)
        if seat is None:
            return None
        m = shown_match(self)
        return self.observation(seat), seat, [] if m is None else match_actions(m, seat)

    def lights(self) -> tuple[str, str]:
        """Each side's LED, from Challengers!' ``KIOSK.lights`` (the same as at the local table);
        another game's park: its table's (its game's ``KIOSK.lights``)."""
        if self.other_game:
            return self.table.lights() if self.table.playing else ("off", "off")
        return KIOSK.half_lights(self.seat_view)

    def moment(self) -> str:
        """Which screen of the game the tournament's moment is for (its descriptor's word,
        ``KIOSK.screen``: "deck", "match" or "result")."""
        return KIOSK.screen({"phase": self.view["phase"]}) if self.view is not None else "match"

    def needs_seats_ack(self) -> bool:
        """A new round's seating is shown until someone at this table taps "Go"."""
        t = self.t
        if t is None or self.moment() != "deck" or not self._here():
            return False
        return self.seats_acked != [self.tid, t.round]

    def screen(self) -> str:
        """Which screen this park shows now (another game's table, while it plays or its end is
        held, is shown by its game's screens: the router asks :attr:`table` first)."""
        t = self.t
        if t is None:
            return "park"
        if end_held(self):
            return "match"                # the last state of a finished match, until a tap
        if t.over or self.result is not None:
            return "result"
        g = self.game
        if g is not None and g.winner is None:
            return "match"
        if self.moment() == "deck" and self._here():
            return "park" if self.needs_seats_ack() else "deck"
        return "park"

    # ------------------------------------------------------------------ coordinator -> here
    def attach(self, client):
        self.client = client
        kid, token = self.store.get("coord_kiosk_id"), self.store.get("coord_token")
        if token:
            client.set_credentials(kid, token)
        if self.tid is not None:
            client.set_park(self.tid, self.park)

    def _say(self, key, **fmt):
        """A sentence for the operator: in English for the log, as (key, values) for the screens."""
        self.message, self.said = tr(key, "en", **fmt), (key, fmt)

    def say(self, lang):
        """The last sentence for the operator in ``lang`` ("" when there is none)."""
        if not self.message:
            return ""
        return tr(self.said[0], lang, **self.said[1]) if self.said else self.message

    def on_status(self, online, base, detail, retry=None):
        self.online = online
        # The parts, for the screens to say in their language; ``status`` for logs and tests.
        self.base, self.detail, self.retry = base, (detail if not online else ""), retry
        self.status = ("online" if online else "offline") + (f" · {base}" if base else "") + \
            (f" · {detail}" if detail and not online else "") + (f"; retry in {retry:.1f} s" if retry else "")
        self._changed([])

    def on_outbox(self, n):
        self.outbox_n = n
        self._changed([])

    def on_paired(self, answer):
        self.store.put("coord_kiosk_id", answer["kiosk_id"])
        self.store.put("coord_token", answer["token"])
        self.store.put("coord_kiosk_name", answer["name"])
        self.kiosk_id, self.kiosk_name = answer["kiosk_id"], answer["name"]
        self.table.kiosk_id = self.kiosk_id
        self.message = ""
        if self.client is not None:
            self.client.set_credentials(answer["kiosk_id"], answer["token"])
        self._changed([])

    def on_unauthorized(self, why):
        self._say("pair_again", why=why)
        self._changed([])

    def on_unassigned(self, tournaments):
        self.unassigned = tournaments
        self._changed([])

    def on_assignment(self, tid, park):
        if (tid, park) == (self.tid, self.park):
            return
        log.info("assigned to tournament %s, park %s", tid, park)
        self.store.put("park_tournament", tid)
        self.store.put("park_number", park)
        self.tid, self.park = tid, park
        self.view, self.pub, self.local, self.result = None, None, None, None
        self.deck_states, self._deck_version = {}, {}
        self.table.forget()
        self._resume_local()
        if self.client is not None:
            self.client.set_park(tid, park)
        self._rebuild_t()
        self._changed([])

    def on_lost_park(self, tid, park, why):
        if (tid, park) != (self.tid, self.park):
            return
        self._say("lost_park", why=why)
        self.store.put("park_tournament", None)
        self.tid = None
        self.view = None
        self.local = None
        self.table.forget()
        if self.client is not None:
            self.client.set_park(None, None)
        self._rebuild_t()
        self._changed([])

    def on_view(self, view, pub):
        if view.get("tournament") != self.tid or view.get("park") != self.park:
            return
        if self.view is not None and view["version"] < self.view["version"]:
            return                                   # an older answer overtaken by a newer one
        self.view = view
        if pub is not None:
            self.pub = pub
            self.store.put("park_last_public", pub)
        self.store.put("park_last_view", view)
        if self.other_game:
            self.table.on_view(view)
            self._rebuild_t()
            self._changed([])
            return
        priv = view.get("private") or {}
        # Deck Phases (the coordinator sends this park's players' while they draft): the view's
        # state, unless we hold a newer answer or wait for one.
        fresh = {}
        for d in priv.get("deck_phases") or []:
            p = d["player"]
            if p in self.inflight or self._deck_version.get(p, -1) > view["version"]:
                if p in self.deck_states:
                    fresh[p] = self.deck_states[p]
                    continue
            seen = self._deck_view(d)
            if seen is not None:
                fresh[p] = seen
        self.deck_states = fresh
        pm = priv.get("match")
        if pm is not None and view.get("match") is not None:
            # Between rounds (the finalists' Deck Phase, the end) the view still holds the last match
            # (``match.current`` false): key it by its round (8 = the Final), from the view's
            # ``match.round``, else from its spec.
            spec = pm["spec"]
            rnd = view["match"].get("round")
            self._sync_match(rnd if isinstance(rnd, int) else (8 if spec.get("final") else spec["round"]), pm)
        self._rebuild_t()
        self._changed([])

    def _name(self, player) -> str:
        """A player's name as the coordinator gave it ("?" when unknown)."""
        t = self.t
        return t.players[player].name if t is not None and isinstance(player, int) and 0 <= player < len(t.players) else "?"

    def _deck_view(self, d):
        """The :class:`DeckView` of a Deck Phase the coordinator sent; from a coordinator whose
        observations are of a newer schema, the one held before (or None), and a word for the
        operator: a newer format is never guessed at."""
        try:
            seen = deck_observation(d)
        except ObservationSchemaError as exc:
            log.warning("park %s: a Deck Phase from the coordinator cannot be read: %s", self.park, exc)
            self._say("park_newer_format")
            return self.deck_states.get(d.get("player"))
        return DeckView(seen, d["player"], self.lib.catalogue.card)

    def on_answer(self, entry, status, answer):
        if self.other_game and entry["kind"] == "match":
            self.table.on_answer(entry, status, answer)
            if status != 200 and answer.get("code") not in ("stale", "out-of-order"):
                self._say("refused_match")      # a move crossed by another's is played again after it
            if self.client is not None:
                self.client.kick(outbox=False)
            self._changed([])
            return
        body = entry["body"]
        action = body["action"]
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
            if entry["kind"] == "match" and self.local is not None and self.local.id == entry["match_id"]:
                self.local.conflict = True           # the next park view rebuilds the match
        if self.client is not None:
            self.client.kick(outbox=False)
        self._rebuild_t()
        self._changed([])

    # ------------------------------------------------------------------ the local match
    def _resume_local(self):
        """After a restart: the latest match of our park from the local log (no network needed);
        another game's table from the last park view and its local log."""
        if self.other_game:
            self.table.on_view(self.view)
            return
        got = self.store.latest_park_match(self.tid, self.park)
        if got is None:
            return
        mid, rnd, spec, acked = got
        if spec.get("game", "challengers") != "challengers":
            return                    # another game's table: its park view loads it (ParkTable)
        if self.view is not None and self.view.get("round") is not None and self.view["round"] > rnd:
            return
        try:
            self._load_local(mid, rnd, spec, self.store.park_actions(mid), acked)
        except Exception as exc:   # a saved match that cannot be replayed must not stop the kiosk at start
            log.exception("park %s: the saved match %s cannot be replayed", self.park, mid)
            self.local = None
            self._say("park_replay_failed", why=type(exc).__name__)

    def _load_local(self, mid, rnd, spec, actions, acked):
        """The match ``mid`` from its spec with ``actions`` applied (contract actions, or the old
        wire's tuples a kiosk stored before: read as the contract's)."""
        game = ParkMatch(self.lib, spec)
        for a in actions:
            game.apply(wire_action(a, game.players))
        events = game.take_log()                  # the match log's, from the spec on
        self.local = SimpleNamespace(id=mid, key=(self.tid, rnd, self.park), game=game, n=len(actions),
                                     acked=acked, conflict=False, events=events)
        self._policy = make_policy("robot", spec["seed"] + len(actions))
        self._bot_policy = make_policy("greedy", spec["seed"] + len(actions))
        if game.winner is not None and not acked:
            self.result = self._result_of(game)

    def _local_actions(self, mid, players):
        """The local log of match ``mid``, as contract JSON."""
        return [wire_action(a, players).to_json() for a in self.store.park_actions(mid)]

    def _sync_match(self, rnd, pm):
        spec = pm["spec"]
        coord = [Action.from_json(a).to_json() for a in pm["actions"]]
        key = (self.tid, rnd, self.park)
        if self.local is None or self.local.key != key:
            got = self.store.park_match(self.tid, rnd, self.park)
            if got is None:
                mid = self.store.new_park_match(self.tid, rnd, self.park, spec, coord)
                self.result = None
                self._load_local(mid, rnd, spec, coord, False)
                return
            mid, stored_spec, acked = got
            self.result = None
            try:
                self._load_local(mid, rnd, stored_spec, self.store.park_actions(mid), acked)
            except Exception:
                log.exception("park %s: the saved match cannot be replayed; the coordinator's record wins", self.park)
                self.store.park_reset_match(mid, coord)
                self._load_local(mid, rnd, spec, coord, acked)
                return
        local = self._local_actions(self.local.id, spec["players"])
        if local[:len(coord)] == coord and not (self.local.conflict and len(local) > len(coord)
                                                and not self._pending(self.local.id)):
            if len(coord) > len(local):              # the coordinator knows more (should not happen)
                self.store.park_reset_match(self.local.id, coord)
                self._load_local(self.local.id, rnd, spec, coord, self.local.acked)
            return
        # The coordinator's state wins: the local copy becomes its actions.
        log.warning("park %s: local match differs from the coordinator's; rebuilding from it", self.park)
        self._say("park_rebuilt")
        self.store.park_reset_match(self.local.id, coord)
        self.result = None
        self._load_local(self.local.id, rnd, spec, coord, self.local.acked)

    def _pending(self, mid):
        return any(r["match_id"] == mid for r in self.store.outbox_rows(self.tid))

    def _result_of(self, game):
        m = game.match
        return {"round": m.round, "winner": game.winner, "loser": game.loser, "reason": game.reason,
                "trophy": None, "over": False, "match": m, "events": [], "held": True}

    def _rebuild_t(self):
        if self.tid is None or self.view is None:
            self.t = None
            self.bots = {}
            return
        players = self.view.get("players") or (self.pub or {}).get("players") or []
        self.bots = {q["player"]: q["bot"] for q in players if q.get("bot")}
        # Another game's tournament has no Challengers! board: its park screen reads the view.
        self.t = None if self.other_game else park_view(self.view, self.pub, self.match)

    # ------------------------------------------------------------------ the one path: stored, then applied
    def _play(self, action: Action, what):
        """A match action: checked against the match's legal actions, written to the local log and
        the outbox (one transaction), then applied and shown."""
        loc, game = self.local, self.game
        if game is None or game.winner is not None or self.result is not None:
            return self.ignore(what, "no match running")
        if self._nobody_here(game.players):
            return self.ignore(what, "bots play this match: the coordinator plays it")
        if action not in game.legal_actions(action.player):
            return self.ignore(what, f"{action.kind} is not an action of the match now")
        seq = loc.n
        rid = f"k{self.kiosk_id}-{uuid.uuid4().hex}"
        body = {"request_id": rid, "action": action.to_json(), "match_seq": seq}
        # On disk (local log + outbox) before it is applied; a failed write changes nothing.
        try:
            self.store.park_play(self.tid, loc.id, seq, action.to_json(), rid, body)
        except StorageError as exc:
            log.error("action %s not saved, so not played: %s", action, exc)
            self.storage_error = str(exc)
            self._changed([])
            return None
        self.storage_error = None
        try:
            events = game.apply(action)
        except IllegalAction as exc:              # listed but refused by the rules: never sent
            log.error("the match refused a listed action %s: %s", action, exc)
            self.store.park_unplay(loc.id, seq)
            return self.ignore(what, f"refused: {exc}")
        game.match.log.clear()
        loc.n += 1
        self.outbox_n += 1
        loc.events += events
        if self.client is not None:
            self.client.kick()
        if game.winner is not None:
            self.result = self._result_of(game)
            self.result["events"] = list(events)
        self._rebuild_t()
        self._changed(events)
        return events

    def _send_deck(self, action: Action, what):
        """A Deck Phase action: checked against the player's own Deck Phase, written to the
        outbox; the player's half waits for the coordinator's answer."""
        p = action.player
        dp = self.deck_states.get(p)
        if dp is None or dp.stage == "done":
            return self.ignore(what, "no Deck Phase on this side")
        if self.is_bot(p):
            return self.ignore(what, "a bot drafts on this side")
        if p in self.inflight:
            return self.ignore(what, "waiting for the coordinator's answer")
        if action not in self.legal(p):
            # Checked here against the player's own Deck Phase, as the local table checks its
            # legal actions: the coordinator would only refuse it.
            return self.ignore(what, f"not an action of this Deck Phase now ({dp.stage})")
        rid = f"k{self.kiosk_id}-{uuid.uuid4().hex}"
        try:
            self.store.outbox_deck(self.tid, rid, {"request_id": rid, "action": action.to_json()})
        except StorageError as exc:
            log.error("Deck Phase action %s not saved, so not sent: %s", action, exc)
            self.storage_error = str(exc)
            self._changed([])
            return None
        self.storage_error = None
        self.inflight.add(p)
        self.outbox_n += 1
        if self.client is not None:
            self.client.kick()
        self._changed([])
        return []

    def ack_result(self):
        if self.local is not None and self.result is not None:
            self.store.park_ack(self.local.id)
            self.local.acked = True
        self.result = None
        self._changed([])

    def ack_seats(self):
        if self.t is not None:
            self.seats_acked = [self.tid, self.t.round]
            self.store.put("park_seats_acked", self.seats_acked)
        self._changed([])

    def close_game(self):
        """Leave the tournament screen (the app goes home); the kiosk stays paired and assigned
        while the tournament runs; an over tournament is forgotten."""
        if (self.t is not None or self.other_game) and self.over:
            self.store.put("park_tournament", None)
            self.tid = None
            self.view, self.pub, self.local, self.result = None, None, None, None
            self.table.forget()
            self.store.put("park_last_view", None)
            if self.client is not None:
                self.client.set_park(None, None)
            self._rebuild_t()
        self.store.put("park_mode", False)
        for fn in list(self.listeners):
            try:
                fn(self, ["leave"])
            except Exception:
                log.exception("listener failed")

    def active_deck_side(self):
        for side in (0, 1):
            dp = self.deck_phase_at(side)
            if dp is not None and dp.stage != "done" and self.player_at(side) not in self.inflight \
                    and not self.is_robot(side):
                return side
        return None

    # ------------------------------------------------------------------ the Robot (as in solo play)
    def robot_action(self) -> Action | None:
        """What the bot whose moment it is in this park's match plays (None: no bot's moment; the
        Robot never tosses: a person does, as at the local table)."""
        g = self.game
        if g is None or g.winner is not None or self.result is not None or self.t is None:
            return None
        if self._nobody_here(g.players):
            return None
        for p in sorted(g.to_act()):
            legal = [a for a in g.legal_actions(p) if a.kind != "match.toss"]
            if legal and self.is_bot(p):
                policy = self._bot_policy if p in self.bots else self._policy
                step = policy.act(SimpleNamespace(matches={self.park: g.match}, round=self.t.round),
                                  ("match", self.park, p))
                return match_action(g.players, step[2:])
        return None

    def _maybe_robot(self):
        if self._robot_scheduled or self.robot_action() is None:
            return
        self._robot_scheduled = True
        # After a failed write the Robot stops and only tries again now and then: its next
        # move is the probe that finds storage working again (a person's press is another).
        self.schedule(self.robot_step, STORAGE_RETRY if self.storage_error is not None else self.robot_delay)

    def robot_step(self, *_):
        self._robot_scheduled = False
        act = self.robot_action()
        if act is not None:
            self.act(act)

    # ------------------------------------------------------------------ tests
    def dump(self) -> dict:
        g = self.game
        return {"tournament": self.tid, "park": self.park, "kiosk_id": self.kiosk_id, "online": self.online,
                "outbox": self.outbox_n, "round": self.t.round if self.t else None,
                "phase": self.t.phase if self.t else None, "screen": self.screen(),
                "match": None if g is None else {"players": list(g.players), "n": self.local.n,
                                                 "winner": g.match.winner,
                                                 "to_act": sorted(g.to_act())},
                "message": self.message, "table": self.table.dump()}
