"""Challengers! at the local table (solo against the Robot, two people): its view model, what
its screens read of a :class:`kiosk.table.LocalTable` and how their inputs by halves become
contract actions.  No Kivy here.

The table is the one controller of the transport, as for every game: an input ends in
``LocalTable.act`` with a contract action, which the engine checks, the store writes
(``table_games``/``table_actions``) and only then is applied; a resume is a replay of the set-up
and the stored actions.  :class:`Board` only reads and translates (``KIOSK.view``):

* inputs name *halves* (0 = the bottom half, 1 = the top half, turned 180°): the screens submit
  contract actions for the seat on a half (:meth:`Board.submit`), which the table checks
  against ``legal_actions``; a refused one is said on its half (``LocalTable.on_ignored``, the
  game's ``KIOSK.hint``);
* each half's Deck Phase is read from the observation of the seat on that half (what its player
  may see, :func:`engine.challengers.game.observe`), never from the engine's objects;
* a match that just ended is held on screen (:attr:`Board.result`) until a player taps: the
  Robot waits meanwhile (``bots_wait``), and it never tosses the flag (a person presses toss,
  whoever's side it is).  What is held lives in the table's ``view_state``, emptied whenever a
  game comes to the table: a new or resumed game holds nothing.

People keep their half for the whole tournament: seat 0 (the solo player, or the first of two)
on the bottom half, seat 1 (the Robot, or the second person) on the top half.
"""

from __future__ import annotations

from typing import Any

from engine.challengers.game import tournament_dump
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Action
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.matchlog import match_events
from kiosk.games.challengers.view import DeckView, MatchView, TableView, table_view
from kiosk.games.descriptor import CHOICE, PRIMARY, SECONDARY
from kiosk.table.seats import Seat

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


def seating(mode: str, policy: str = "search") -> tuple[Seat, ...]:
    """Solo: the person on the bottom half, the Robot facing them; two: face to face; "bot": the
    person against a bot playing by ``policy`` (a two-player tournament), facing them."""
    if mode == "two":
        return (Seat.person(0), Seat.person(1))
    if mode == "bot":
        return (Seat.person(0), Seat.bot(policy, 1))
    return (Seat.person(0), Seat.bot("robot", 1))


def new_game(table, players=("Player",), robot_level=1, box="base", seed=None, solo_cards=False, opponent=None,
             lesson=None):
    """A new tournament at ``table`` for ``players`` (one: solo against the Robot at
    ``robot_level``).  ``opponent`` = (name, policy): one person against that bot instead, by
    the two-player rules (the bot drafts and plays like a player, from its own observation).
    ``lesson``: a guided first match (one player, the lesson's decks, one match) instead.
    The new state, or None when it could not be saved (``table.storage_error`` says why)."""
    players = tuple(players)
    if opponent is not None:
        players = players[:1] + (opponent[0],)
        seats = seating("bot", opponent[1])
        names = players
    else:
        names = players + (("Robot",) if len(players) % 2 else ())
        seats = seating("solo" if len(players) == 1 else "two")
    options: dict[str, Any] = {"box": box, "robot_level": int(robot_level), "solo_cards": bool(solo_cards)}
    if lesson is not None:
        options["lesson"] = lesson
    return table.new_game(GAME, seats, names=names, seed=seed, options=options, players=players)


def board_of(table) -> Any:
    """The view model of the Challengers! tournament on ``table`` (``KIOSK.view``): one per game
    on the table, kept in its ``view_state``; a café park's table has its own
    (:class:`kiosk.games.challengers.park.ParkBoard`)."""
    own = getattr(table, "board", None)
    if own is not None:
        return own
    board = table.view_state.get("board")
    if board is None:
        board = table.view_state["board"] = Board(table)
    return board


#: What a person pressed, by the kind of the action it asked for (``LocalTable.refuse``).
PRESSED = {"match.reveal": PRIMARY, "match.toss": SECONDARY}


class Board:
    """Challengers! at ``table`` (a :class:`kiosk.table.LocalTable`), read and played by halves:
    what the three screens read (the same as a café park's table offers them through its
    :class:`~kiosk.games.challengers.park.ParkBoard`: ``tournament_view``,
    ``match_view()``, ``deck_phase_at(half)``, ``result``...) and their inputs."""

    park = 1                 # the one park of a table's own tournament (1 or 2 players)

    def __init__(self, table) -> None:
        self.table = table
        self._views: dict = {}             # what was read of the table at ``_version``
        self._version: int | None = None

    # ------------------------------------------------------------------ what the board holds
    @property
    def lib(self):
        return self.table.data

    @property
    def store(self):
        return self.table.store

    @property
    def listeners(self) -> list:
        """Who hears of the table's changes (``fn(table, events)``): the table's listeners."""
        return self.table.listeners

    @property
    def ignored(self) -> list:
        """Inputs that did nothing, with why (the table's)."""
        return self.table.ignored

    @property
    def result(self) -> dict | None:
        """The last match's result, held until a player taps (None: nothing held)."""
        self._fresh()
        return self.table.view_state.get("result")

    @property
    def game_id(self):
        return self.table.table_id if self._mine() else None

    @property
    def storage_error(self):
        """Why the table's last write failed (None once one succeeds)."""
        return self.table.storage_error

    @storage_error.setter
    def storage_error(self, why):
        self.table.storage_error = why

    @property
    def resume_error(self):
        """(id, why) of the saved game the table could not resume, until said."""
        return self.table.resume_error

    @resume_error.setter
    def resume_error(self, why):
        self.table.resume_error = why

    @property
    def lesson(self) -> str | None:
        """The lesson of a guided first match on the table (None: a tournament)."""
        setup = self.table.setup
        return setup.options.get("lesson") if self._mine() and setup is not None else None

    def _mine(self) -> bool:
        return self.table.game is not None and self.table.game.name == GAME

    # ------------------------------------------------------------------ reading (the screens)
    def _fresh(self) -> None:
        """Forget what was read before the table's last change, and follow the match that ended
        since (held until a tap)."""
        if self._version == self.table.version:
            return
        self._version = self.table.version
        self._views = {}
        if self._mine() and self.table.playing:
            self._follow()

    def _follow(self) -> None:
        state = self.table.view_state
        ended = self._ended_match()
        key = None if ended is None else (ended["round"], ended["final"])
        if "ended" not in state:           # the first look at a game come to the table: nothing held
            state["ended"], state["result"] = key, None
        elif key != state["ended"]:
            state["ended"] = key
            if ended is not None:
                state["result"] = self._result_of(ended)

    def _observation(self, seat):
        """The table's observation for ``seat`` (None: the public one), read once per change."""
        self._fresh()
        key = ("obs", seat)
        if key not in self._views:
            self._views[key] = self.table.observation(seat)
        return self._views[key]

    def _public(self):
        """The public observation (None when the table has no Challengers! game)."""
        return self._observation(None) if self._mine() and self.table.playing else None

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
            table = self.table
            own = {s: self._observation(s) for s in range(len(table.seats)) if table.half_of(s) is not None}
            self._views["table"] = table_view(public, public["standings"], own)
        return self._views["table"]

    def match_view(self) -> MatchView | None:
        """The match the screens show (the one being played, or the one that just ended, held
        until a tap), from the observations: the public one, and its chooser's for a pending
        choice's options."""
        self._fresh()
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
        if not self._mine() or not self.table.playing:
            return []
        events = [e for move in self.table.history.moves for e in move.events]
        if not any(e.kind == "match" and e.value == self.park for e in events):
            events.insert(0, Event("match", None, None, self.park))
        return match_events(events, self.park)

    def seat_view(self, half):
        """(observation, seat, legal actions) of the seat on ``half``, as its LEDs and its hints
        read it (None: nobody there): while a finished match is held on screen, that match
        stands in the observation's matches, and the seat has nothing to do in it."""
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
        return dict(self.table.dump(), n_actions=len(self.table.actions)) if self._mine() else {}

    def screen(self) -> str:
        """Which screen shows the table now (``KIOSK.screens``' key): the match while a finished
        match is held (until a tap), the result between rounds and at the end, the Deck Phase
        while players draft, else the match."""
        public = self._public()
        if public is None:
            return "home"
        if end_held(self):
            return "match"
        if public["phase"] == "over" or self.result is not None:
            return "result"
        return KIOSK.screen(public)

    def bots_wait(self) -> bool:
        """The Robot waits while a match's end is shown, and never tosses the flag (a person does)."""
        if not self._mine() or not self.table.playing:
            return False
        m = self._live_match()
        return self.result is not None or (m is not None and m["winner"] is None and m["expect"][0] == "toss")

    # ------------------------------------------------------------------ the one path
    def submit(self, half, kind, *args):
        """A person's input on ``half`` as a contract action of the seat there: ``kind`` and
        ``args`` are the action's (``"match.reveal"``, ``"deck.pick", 2``).  The table checks it
        against ``legal_actions``, stores it and only then applies it.  The flag's toss is the
        table's (a person tosses whoever's side it is): it is the tossing seat's action, whichever
        half pressed.  Returns the events, or None with the reason in :attr:`ignored` (and said
        on the half)."""
        table = self.table
        what = (kind, half, *args)
        if self._public() is None:
            return self.ignore(what, "no game")
        if kind == "match.toss":
            seat = next((s for s in range(len(table.seats)) if any(a.kind == kind for a in table.legal(s))), None)
            if seat is None:
                return self.ignore(what, "no toss expected")
        else:
            seat = self.player_at(half)
            if seat is None:
                return self.ignore(what, "nobody sits on this half")
            if table.is_bot(seat):
                return self.ignore(what, "a bot plays this side")
        try:
            action = Action(seat, kind, tuple(args))
        except IllegalAction as exc:
            return self.ignore(what, str(exc))
        before = len(table.ignored)
        events = table.act(action)
        if events is None and table.storage_error is None and len(table.ignored) > before:
            table.told(half, PRESSED.get(kind, CHOICE))
        return events

    def ignore(self, what, why):
        """An input the game does not take now (``what``: its action's kind, its half and its
        arguments): kept with why, and said on its half (the table's ``refuse``)."""
        half = what[1] if len(what) > 1 and what[1] in (LIGHT, DARK) else None
        self.table.refuse(half, PRESSED.get(str(what[0]), CHOICE), why, what)

    def ack_result(self):
        """The players have read the result: the next round (the Robot may go on)."""
        self.table.view_state["result"] = None
        self.table.redraw()

    def close_game(self):
        """Back to the home screen; an unfinished game stays resumable."""
        if self._mine():
            self.table.leave()

    def _result_of(self, m: dict) -> dict:
        """The result of the match that just ended (``m``: its public view), held on screen
        (``held``: the match screen keeps showing how it ended) until a player taps."""
        public = self._observation(None)
        winner, loser = m["players"][m["winner"]], m["players"][1 - m["winner"]]
        won = public["players"][winner]["trophies"]
        trophy = won[-1][1] if won and won[-1][0] == m["round"] and not m["final"] else None
        return {"round": m["round"], "winner": winner, "loser": loser, "reason": m["reason"], "trophy": trophy,
                "over": public["phase"] == "over", "held": True, "decided_by": m["decided_by"]}
