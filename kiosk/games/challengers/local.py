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

from engine.challengers.game import observe_match, tournament_dump
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Action
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.matchlog import match_events
from kiosk.games.challengers.view import DeckView, MatchView, TableView, table_view
from kiosk.table import notify
from kiosk.table.seats import Seat

log = logging.getLogger("tablecup.kiosk.challengers")

GAME = "challengers"
LIGHT, DARK = 0, 1


#: The whole tournament as a canonical picture (tests check a resume against it).
state_dump = tournament_dump


def end_held(c) -> bool:
    """Is the last state of a match that just ended held on screen (until a player taps)?"""
    r = c.result
    return r is not None and bool(r.get("held")) and not r.get("end_seen")


def _chooser_match(public: dict, observed) -> dict | None:
    """The match ``public`` as its chooser sees it while a choice is pending (its options):
    ``observed(seat)`` gives that seat's view of the match."""
    pending = public.get("pending")
    if pending is None or public["expect"][0] != "choose":
        return None
    return observed(public["players"][pending["player"]])


def match_view(c, m, lib) -> MatchView | None:
    """The view of a match ``m`` a café park plays on its own, from its observations
    (:func:`engine.challengers.game.observe_match`): the public one, and its chooser's for the
    options of a pending choice."""
    if m is None:
        return None
    public = observe_match(m, None, lib)
    return MatchView(public, lib.catalogue.card, _chooser_match(public, lambda seat: observe_match(m, seat, lib)))


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
        self._ended_key = None             # (round, final) of the last match seen ended
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
        return None if state is None else self.tournament_view

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
    def game_id(self):
        return self.table.table_id if self._mine else None

    @property
    def storage_error(self):
        """Why the table's last write failed (None once one succeeds)."""
        return self.table.storage_error if self._mine or not self.table.playing else None

    @storage_error.setter
    def storage_error(self, why):
        self.table.storage_error = why

    def _observation(self, seat):
        """The table's observation for ``seat`` (None: the public one), read once per change."""
        key = ("obs", seat)
        if key not in self._views:
            self._views[key] = self.table.observation(seat)
        return self._views[key]

    def _public(self):
        """The public observation (None when the table has no Challengers! game)."""
        return self._observation(None) if self._mine and self.table.playing else None

    def _live_match(self, seat=None) -> dict | None:
        """The match at this table as ``seat`` sees it (None: nobody's, the public view), or None."""
        obs = self._public() if seat is None else self._observation(seat)
        return None if obs is None else next((v for v in obs["matches"] if v["park"] == self.park), None)

    def _ended_match(self, seat=None) -> dict | None:
        """The last match that ended at this table, as ``seat`` sees it, or None."""
        obs = self._public() if seat is None else self._observation(seat)
        return None if obs is None else next((v for v in obs.get("ended") or () if v["park"] == self.park), None)

    def _shown_match(self, seat=None) -> dict | None:
        """The match the screen shows, as ``seat`` sees it: the one that just ended while its end
        is held, else the one being played."""
        return self._ended_match(seat) if end_held(self) else self._live_match(seat)

    def player_at(self, half):
        """The seat on ``half``: seat 0 on the bottom half, seat 1 on the top, all tournament long."""
        public = self._public()
        if public is None or not 0 <= half < len(public["players"]):
            return None
        return half

    def match_side(self, half):
        m = self._shown_match()
        p = self.player_at(half)
        return half if m is None or p not in m["players"] else m["players"].index(p)

    def half_of(self, side, m=None):
        players = m.players if m is not None else (self._shown_match() or {}).get("players")
        return side if players is None or side is None else players[side]

    def is_robot(self, side) -> bool:
        p = self.player_at(side)
        return p is not None and self.table.is_bot(p)

    def deck_phase_at(self, side):
        """The Deck Phase of the player on ``side``, from that player's own observation."""
        p = self.player_at(side)
        if p is None or self._public()["phase"] not in ("deck", "final-deck"):
            return None
        view = self._observation(p)["deck_phases"][p]
        return None if view is None else DeckView(view, p, self.lib.catalogue.card)

    @property
    def tournament_view(self) -> TableView | None:
        """The tournament as the screens show it: the public observation, and each half's seat's own."""
        public = self._public()
        if public is None:
            return None
        if "table" not in self._views:
            own = {s: self._observation(s) for s in range(len(self.table.seats)) if self.table.half_of(s) is not None}
            self._views["table"] = table_view(public, public["standings"], own)
        return self._views["table"]

    def match_view(self) -> MatchView | None:
        """The match the screens show (the one being played, or the one that just ended, held
        until a tap), from the observations: the public one, and its chooser's for a pending
        choice's options."""
        key = ("match", end_held(self))
        if key not in self._views:
            public = self._shown_match()
            self._views[key] = None if public is None else MatchView(
                public, self.lib.catalogue.card, _chooser_match(public, self._shown_match))
        return self._views[key]

    def match_events(self) -> list:
        """The events of the match at this table so far (or of the one just ended), for the match
        log: the table's moves' events (:attr:`kiosk.table.LocalTable.history`), from that match's
        start (:mod:`.matchlog` says only what the table sees of them).  A match dealt with the
        game (the guided first match) starts with the table's first move."""
        if not self._mine or not self.table.playing:
            return []
        events = [e for move in self.table.history.moves for e in move.events]
        if not any(e.kind == "match" and e.value == self.park for e in events):
            events.insert(0, Event("match", None, None, self.park))
        return match_events(events, self.park)

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
                ended = self._ended_match(seat)
                self._views[key] = dict(obs, matches=[] if ended is None else [ended])
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
        """The table's canonical picture (resume checks), with the number of actions played."""
        return dict(self.table.dump(), n_actions=len(self.table.actions)) if self._mine else {}

    def screen(self) -> str:
        """Which screen shows the table now: home without a Challengers! game; the match while a
        finished match is held (until a tap), the result between rounds and at the end, the Deck
        Phase while players draft, else the match."""
        public = self._public()
        if public is None:
            return "home"
        if end_held(self):
            return "match"
        if public["phase"] == "over" or self.result is not None:
            return "result"
        return KIOSK.screen(public)

    # ------------------------------------------------------------------ the one path
    def submit(self, half, kind, *args):
        """A person's input on ``half`` as a contract action of the seat there: ``kind`` and
        ``args`` are the action's (``"match.reveal"``, ``"deck.pick", 2``).  The table checks it
        against ``legal_actions``, stores it and only then applies it.  The flag's toss is the
        table's (a person tosses whoever's side it is): it is the tossing seat's action, whichever
        half pressed.  Returns the events, or None with the reason in :attr:`ignored`."""
        if self._public() is None:
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
        m = self._live_match()
        return self.result is not None or (m is not None and m["winner"] is None and m["expect"][0] == "toss")

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
            self._ended_key = None
            self.result = None
            if was:
                self._changed(events)
            return
        ended = self._ended_match()
        key = None if ended is None else (ended["round"], ended["final"])
        if not events and (table.actions == [] or not was):    # a new game, or one resumed
            self.result = None
        elif events and ended is not None and key != self._ended_key:
            self.result = self._result_of(ended)
        self._ended_key = key
        self._changed(events)

    def _result_of(self, m: dict) -> dict:
        """The result of the match that just ended (``m``: its public view), held on screen
        (``held``: the match screen keeps showing how it ended) until a player taps."""
        public = self._public()
        winner, loser = m["players"][m["winner"]], m["players"][1 - m["winner"]]
        won = public["players"][winner]["trophies"]
        trophy = won[-1][1] if won and won[-1][0] == m["round"] and not m["final"] else None
        return {"round": m["round"], "winner": winner, "loser": loser, "reason": m["reason"], "trophy": trophy,
                "over": public["phase"] == "over", "held": True, "decided_by": m["decided_by"]}
