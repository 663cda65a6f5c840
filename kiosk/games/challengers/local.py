"""Challengers! at the local table (solo against the Robot, two people): the reading and input
API its screens use, over the game-neutral :class:`kiosk.table.LocalTable`.

No Kivy here.  The table is the one controller of the transport: every input (a tap, a key, a
button, the Robot's decision) ends in ``LocalTable.act`` with a contract action, which the engine
checks, the store writes (``table_games``/``table_actions``) and only then is applied; a resume
is a replay of the set-up and the stored actions.  This class only translates:

* inputs name *halves* (0 = the bottom half, 1 = the top half, turned 180°): the screens submit
  contract actions for the seat on a half (:meth:`ChallengersTable.submit`), which the table checks
  against ``legal_actions``;
* each half's Deck Phase is read from the observation of the seat on that half (what its player
  may see, :func:`engine.challengers.game.observe`), never from the engine's objects;
* a match that just ended is held (:attr:`result`) until a player taps: the Robot waits meanwhile,
  and it never tosses the flag (a person presses toss, whoever's side it is).

People keep their half for the whole tournament: seat 0 (the solo player, or the first of two)
on the bottom half, seat 1 (the Robot, or the second person) on the top half.
"""

from __future__ import annotations

import logging

from engine.challengers.game import observe_match
from engine.errors import IllegalAction
from engine.game import Action
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.matchlog import match_events
from kiosk.games.challengers.view import DeckView, MatchView, TableView, powers, table_view
from kiosk.table import notify
from kiosk.table.seats import Seat

log = logging.getLogger("tablecup.kiosk.challengers")

GAME = "challengers"
LIGHT, DARK = 0, 1


def state_dump(t) -> dict:
    """A canonical, JSON-able picture of the whole tournament (resume checks in tests)."""
    def ids(m, insts):
        return [[i, m.types[i].id] for i in insts]

    d = {"round": t.round, "phase": t.phase, "winner": t.winner, "end_reason": t.end_reason,
         "n_actions": len(t.actions), "piles": None,
         "players": [{"name": p.name, "robot": p.robot, "deck": [c.id for c in p.deck], "fans": p.fans,
                      "trophies": [list(x) for x in p.trophies]} for p in t.players],
         "deck_phases": {}, "matches": {}}
    for p, dp in sorted(t.deck_phases.items()):
        d["deck_phases"][str(p)] = {"stage": dp.stage, "drawn": [c.id for c in dp.drawn],
                                    "deck": [c.id for c in dp.deck], "picks_left": dp.picks_left,
                                    "redraw_used": dp.redraw_used, "fans": dp.fans}
    for park, m in sorted(t.matches.items()):
        d["matches"][str(park)] = {
            "expect": list(m.expect), "holder": m.holder, "flag_card": m.flag_card, "attack": list(m.attack),
            "winner": m.winner, "reason": m.reason,
            "pending": None if m.pending is None else [m.pending.player, m.pending.kind, m.pending.source,
                                                       [list(o) for o in m.pending.options]],
            "sides": [{"deck": ids(m, s.deck), "bench": [[seat.key, ids(m, seat.cards), seat.width] for seat in s.bench],
                       "exhaust": ids(m, s.exhaust), "park": ids(m, s.park), "fans": s.fans}
                      for s in m.sides]}
    return d


def end_held(c) -> bool:
    """Is the last state of a match that just ended held on screen (until a player taps)?"""
    r = c.result
    return r is not None and r.get("match") is not None and not r.get("end_seen")


def shown_match(c):
    """The engine's match the screen shows: the one being played, or the one that just ended
    while its last state is held on screen (controllers only: screens read :func:`match_view`)."""
    return c.result["match"] if end_held(c) else c.match


def match_view(c, m, lib) -> MatchView | None:
    """The view of the engine's match ``m`` a controller plays (a park's, or one held after its
    end): its public observation, and its chooser's for the options of a pending choice."""
    if m is None:
        return None
    chooser = m.players[m.pending.player] if m.pending is not None and m.expect[0] == "choose" else None
    return MatchView(observe_match(m, None, lib), powers(m), lib.catalogue.card,
                     observe_match(m, chooser, lib) if chooser is not None else None)


def seating(mode: str, policy: str = "search") -> tuple[Seat, ...]:
    """Solo: the person on the bottom half, the Robot facing them; two: face to face; "bot": the
    person against a bot playing by ``policy`` (a two-player tournament), facing them."""
    if mode == "two":
        return (Seat.person(0), Seat.person(1))
    if mode == "bot":
        return (Seat.person(0), Seat.bot(policy, 1))
    return (Seat.person(0), Seat.bot("robot", 1))


class ChallengersTable:
    """Challengers! at ``table`` (a :class:`kiosk.table.LocalTable`), read and played by halves."""

    park = 1                 # the one park of a table's own tournament (1 or 2 players)

    def __init__(self, lib, table) -> None:
        self.lib = lib
        self.table = table
        self.store = table.store
        self.listeners: list = []          # fn(controller, events): the app, the LEDs
        self.ignored: list = []            # inputs that did nothing (logs, tests, hints)
        self.result: dict | None = None    # the last match's result, until a player taps
        self.resume_error: tuple[int, str] | None = None
        self._watch = None                 # the match being played, to see it end
        self._reported = None              # the finished match whose result was given
        self._mine = False                 # the table's game is Challengers!
        self._views: dict = {}             # the views of the table as it is now (cleared at each change)
        self.on_ignored = None             # fn(what, why): an input did nothing (the app's hint)
        table.listeners.insert(0, self._on_table)
        table.bots_wait = self._robot_waits

    # ------------------------------------------------------------------ games
    def new_game(self, players=("Player",), robot_level=1, box="base", seed=None, solo_cards=False, opponent=None,
                 lesson=None):
        """A new tournament for ``players`` (one: solo against the Robot at ``robot_level``).
        ``opponent`` = (name, policy): one person against that bot instead, by the two-player
        rules (the bot drafts and plays like a player, from its own observation).  ``lesson``:
        a guided first match (one player, the lesson's decks, one match) instead."""
        players = tuple(players)
        if opponent is not None:
            players = players[:1] + (opponent[0],)
            seats = seating("bot", opponent[1])
            names = players
        else:
            names = players + (("Robot",) if len(players) % 2 else ())
            seats = seating("solo" if len(players) == 1 else "two")
        options = {"box": box, "robot_level": int(robot_level), "solo_cards": bool(solo_cards)}
        if lesson is not None:
            options["lesson"] = lesson
        self.resume_error = None
        state = self.table.new_game(GAME, seats, names=names, seed=seed, options=options, players=players)
        return None if state is None else self.t

    def unfinished(self):
        """(id, names, number of actions) of the table's saved Challengers! game, or None."""
        row = self.store.unfinished_table_game(GAME)
        if row is None:
            return None
        import json
        try:
            names = list(json.loads(row[2])["players"])
        except Exception:  # noqa: BLE001 - an unreadable set-up: Resume says so when tapped
            names = []
        return row[0], names, len(row[4])

    def resume(self) -> bool:
        """Play on from the table's unfinished Challengers! game (False: none, or it could not be
        replayed -- then it is closed with the reason kept, and :attr:`resume_error` says so)."""
        self.resume_error = None
        row = self.unfinished()
        if row is None:
            return False
        ok = self.table.resume(row[0])
        if not ok and self.table.resume_error is not None:
            self.resume_error = self.table.resume_error
            self._changed([])
        return ok

    def abandon(self):
        row = self.unfinished()
        if row is not None:
            self.store.finish_table_game(row[0], None, "abandoned")

    def close_game(self):
        """Back to the home screen; an unfinished game stays resumable."""
        if self._mine:
            self.table.leave()

    # ------------------------------------------------------------------ reading (the screens)
    @property
    def t(self):
        """The tournament on the table (None when the table has no Challengers! game)."""
        st = self.table.state
        return st.tournament if self._mine and st is not None else None

    @property
    def game_id(self):
        return self.table.table_id if self._mine else None

    @property
    def storage_error(self):
        """Why the table's last write failed (None once one succeeds)."""
        return self.table.storage_error if self._mine or self.table.state is None else None

    @storage_error.setter
    def storage_error(self, why):
        self.table.storage_error = why

    @property
    def match(self):
        t = self.t
        return None if t is None else t.matches.get(self.park)

    def player_at(self, half):
        """The seat on ``half``: seat 0 on the bottom half, seat 1 on the top, all tournament long."""
        t = self.t
        if t is None or not 0 <= half < len(t.players):
            return None
        return half

    def match_side(self, half):
        m = self.match
        p = self.player_at(half)
        return half if m is None or p not in m.players else m.players.index(p)

    def half_of(self, side, m=None):
        m = m if m is not None else self.match
        return side if m is None or side is None else m.players[side]

    def is_robot(self, side) -> bool:
        p = self.player_at(side)
        return p is not None and self.table.is_bot(p)

    def deck_phase_at(self, side):
        """The Deck Phase of the player on ``side``, from that player's own observation."""
        p = self.player_at(side)
        t = self.t
        if p is None or t.phase not in ("deck", "final-deck"):
            return None
        view = self._observation(p)["deck_phases"][p]
        return None if view is None else DeckView(view, p, self.lib.catalogue.card)

    def _observation(self, seat):
        key = ("obs", seat)
        if key not in self._views:
            self._views[key] = self.table.observation(seat)
        return self._views[key]

    @property
    def tournament_view(self) -> TableView | None:
        """The tournament as the screens show it: the public observation, and each half's seat's own."""
        if self.t is None:
            return None
        if "table" not in self._views:
            own = {s: self._observation(s) for s in range(len(self.table.seats)) if self.table.half_of(s) is not None}
            self._views["table"] = table_view(self._observation(None), self.t.public_standings(None), own)
        return self._views["table"]

    def match_view(self) -> MatchView | None:
        """The match the screens show (the one being played, or the one that just ended, held
        until a tap), from the observations."""
        key = ("match", end_held(self))
        if key not in self._views:
            if end_held(self):
                self._views[key] = match_view(self, self.result["match"], self.lib)
            else:
                self._views[key] = self._current_match_view()
        return self._views[key]

    def _current_match_view(self) -> MatchView | None:
        m = self.match
        if m is None:
            return None
        public = next(v for v in self._observation(None)["matches"] if v["park"] == m.park)
        chooser = None
        if m.pending is not None and m.expect[0] == "choose":
            seat = m.players[m.pending.player]
            chooser = next(v for v in self._observation(seat)["matches"] if v["park"] == m.park)
        return MatchView(public, powers(m), self.lib.catalogue.card, chooser)

    def match_events(self) -> list:
        """The events of the match at this table so far (or of the one just ended), for the match
        log: the table's own tournament log, from that match's start (:mod:`.matchlog` says
        only what the table sees of them)."""
        t = self.t
        return [] if t is None else match_events(t.log, self.park)

    def seat_view(self, half):
        """(observation, seat, legal actions) of the seat on ``half``, as its LEDs read it (None:
        nobody there): while a finished match is held on screen, that match stands in the
        observation's matches, and the seat has nothing to do in it."""
        seat = self.player_at(half)
        if seat is None:
            return None
        obs = self._observation(seat)
        if end_held(self):
            key = ("held", seat)
            if key not in self._views:
                self._views[key] = dict(obs, matches=[observe_match(self.result["match"], seat, self.lib)])
            return self._views[key], seat, []
        return obs, seat, self.table.legal(seat)

    def lights(self) -> tuple[str, str]:
        """Each half's LED (bottom, top), from Challengers!' ``KIOSK.lights`` over its seat."""
        return KIOSK.half_lights(self.seat_view)

    def active_deck_side(self):
        """The first half (bottom first) whose person still drafts."""
        for side in (LIGHT, DARK):
            dp = self.deck_phase_at(side)
            if dp is not None and dp.stage != "done" and not self.is_robot(side):
                return side
        return None

    def dump(self) -> dict:
        return state_dump(self.t) if self.t is not None else {}

    def screen(self) -> str:
        """Which screen shows the table now: home without a Challengers! game; the match while a
        finished match is held (until a tap), the result between rounds and at the end, the Deck
        Phase while players draft, else the match."""
        t = self.t
        if t is None:
            return "home"
        if end_held(self):
            return "match"
        if t.over or self.result is not None:
            return "result"
        return KIOSK.screen(self._observation(None))

    # ------------------------------------------------------------------ the one path
    def submit(self, half, kind, *args):
        """A person's input on ``half`` as a contract action of the seat there: ``kind`` and
        ``args`` are the action's (``"match.reveal"``, ``"deck.pick", 2``).  The table checks it
        against ``legal_actions``, stores it and only then applies it.  The flag's toss is the
        table's (a person tosses whoever's side it is): it is the tossing seat's action, whichever
        half pressed.  Returns the events, or None with the reason in :attr:`ignored`."""
        t = self.t
        if t is None:
            return self.ignore((kind, half, *args), "no game")
        if kind == "match.toss":
            seat = next((s for s in range(len(self.table.seats))
                         if any(a.kind == kind for a in self.table.legal(s))), None)
            if seat is None:
                return self.ignore((kind, half), "no toss expected")
        else:
            seat = self.player_at(half)
            if seat is None:
                return self.ignore((kind, half, *args), "nobody sits on this half")
            if self.table.is_bot(seat):
                return self.ignore((kind, half, *args), "a bot plays this side")
        try:
            action = Action(seat, kind, tuple(args))
        except IllegalAction as exc:
            return self.ignore((kind, half, *args), str(exc))
        before = len(self.table.ignored)
        events = self.table.act(action)
        if events is None and self.table.storage_error is None and len(self.table.ignored) > before:
            return self.ignore((kind, half, *args), self.table.ignored[-1][1])
        return events

    def ignore(self, what, why):
        """An input the engine does not take now: logged, kept, and said on its half
        (``on_ignored(what, why)``, the app's hint)."""
        self.ignored.append((what, why))
        log.info("ignored %s: %s", what, why)
        if self.on_ignored is not None:
            try:
                self.on_ignored(what, why)
            except Exception:          # a hint must never stop the game
                log.exception("hint failed")

    def _changed(self, events):
        notify(self.listeners, self, events)

    def _robot_waits(self) -> bool:
        """The Robot waits while a match's end is shown, and never tosses the flag (a person does)."""
        if not self._mine:
            return False
        m = self.match
        return self.result is not None or (m is not None and m.winner is None and m.expect[0] == "toss")

    def ack_result(self):
        self.result = None
        self._views = {}
        self._changed([])
        self.table.wake_bots()

    # ------------------------------------------------------------------ the table changed
    def _on_table(self, table, events) -> None:
        self._views = {}
        mine = table.game is not None and table.game.name == GAME
        was, self._mine = self._mine, mine
        if not mine:
            self._watch = self._reported = None
            self.result = None
            if was:
                self._changed(events)
            return
        if not events and (table.actions == [] or not was):    # a new game, or one resumed
            self.result, self._reported = None, None
        m = self._watch
        if events and m is not None and m.winner is not None and m is not self._reported:
            self._reported = m
            self.result = self._result_of(m, events)
        self._watch = self.match
        self._changed(events)

    def _result_of(self, m, events):
        trophy = next((e.info for e in events if e.kind == "trophy"), None)
        # "match" and "events": the finished match as it ended, which the match screen keeps
        # showing (the deciding cards, who won and why) until a player taps.
        return {"round": m.round, "winner": m.players[m.winner], "loser": m.players[1 - m.winner],
                "reason": m.reason, "trophy": trophy, "over": self.t.over, "match": m, "events": list(events)}
