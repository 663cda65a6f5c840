"""The table controller: one park's tournament, driven by presses and taps.

No Kivy here.  Every input (touch, keyboard, GPIO/serial button, test hook)
ends in one of the ``press_*`` / ``tap_*`` / ``deck_*`` methods, which turn it
into an engine action.  :meth:`TableController._apply` checks it with the
engine, writes it to the store (fsync'd) and only then tells the listeners
(the screens, the LEDs), so nothing is shown that is not on disk.

The Robot acts through the same path: after each change the controller asks
its ``schedule(fn, delay)`` (the UI passes ``Clock.schedule_once``) to call
:meth:`robot_step` a little later; it never blocks and never sleeps.

Halves: 0 = the bottom edge, 1 = the top edge (turned 180°); each player keeps one for the
whole tournament, whichever plan side (light/dark) they play in a round.
"""

from __future__ import annotations

import logging
import random

from engine.errors import IllegalAction
from engine.challengers.tournament import Tournament, Setup, replay
from engine.challengers.policies import make_policy
from kiosk.inputs import TableInputs
from kiosk.store import StorageError

log = logging.getLogger("tablecup.kiosk")

LIGHT, DARK = 0, 1


def state_dump(t) -> dict:
    """A canonical, JSON-able picture of the whole engine state (for resume checks)."""
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


class TableController(TableInputs):
    def __init__(self, lib, store, park=1, schedule=None, robot_delay=0.6, seed=None):
        self.lib = lib
        self.store = store
        self.park = park
        self.schedule = schedule or (lambda fn, delay: None)
        self.robot_delay = robot_delay
        self.listeners: list = []          # fn(controller, events)
        self.t: Tournament | None = None
        self.game_id = None
        self.result = None                 # the last match's result, until acknowledged
        self.ignored: list = []            # inputs that did nothing (for logs and tests)
        self._robot_scheduled = False
        self._policy = make_policy("robot", 0)
        self._rng = random.Random(seed)
        self.storage_error = None          # why the last write failed; None once one succeeds
        self.resume_error = None           # (game id, why) of a saved game that could not be resumed

    # ------------------------------------------------------------------ games
    def new_game(self, players=("Player",), robot_level=1, box="base", seed=None, solo_cards=False):
        seed = self._rng.getrandbits(48) if seed is None else seed
        setup = Setup(players=tuple(players), box=box, robot_level=robot_level, solo_cards=solo_cards, seed=seed)
        t = Tournament(self.lib, setup)
        try:
            if self.t is not None and not self.t.over and self.game_id is not None:
                self.store.abandon(self.game_id)
            gid = self.store.new_game(setup)
        except StorageError as exc:
            log.error("no new game: %s", exc)
            self.storage_error = str(exc)
            self._changed([])
            return None
        self.storage_error = None
        self.resume_error = None
        self.t = t
        self.game_id = gid
        self.result = None
        self._policy = make_policy("robot", seed)
        self._changed([])
        return self.t

    def unfinished(self):
        return self.store.unfinished()

    def resume(self) -> bool:
        """Play on from the latest unfinished game.  If it cannot be replayed, for any reason,
        it is closed with the reason in its record (kept: setup and every action), and
        :attr:`resume_error` says so for the home screen; the table stays usable."""
        self.resume_error = None
        gid = self.store.unfinished_id()
        if gid is None:
            return False
        try:
            _, setup, actions = self.store.unfinished()
            t = replay(self.lib, setup, actions)
        except Exception as exc:       # any fault: a game that cannot be replayed must not lock the table
            why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            log.exception("game %s cannot be resumed", gid)
            self.resume_error = (gid, why)
            try:
                self.store.close_unresumable(gid, why)
            except StorageError:
                log.exception("cannot mark game %s as not resumable", gid)
            self.t, self.game_id, self.result = None, None, None
            self._changed([])
            return False
        self.t = t
        self.game_id = gid
        self.result = None
        self._policy = make_policy("robot", setup.seed + len(actions))
        self._changed([])
        return True

    def abandon(self):
        gid = self.store.unfinished_id()
        if gid is not None:
            self.store.abandon(gid)

    def close_game(self):
        """Back to the home screen; an unfinished game stays resumable."""
        self.t = None
        self.game_id = None
        self.result = None
        self._changed([])

    # ------------------------------------------------------------------ reading
    @property
    def match(self):
        if self.t is None:
            return None
        return self.t.matches.get(self.park)

    def player_at(self, half):
        """The player index seated on ``half``, or None.

        One table hosts the whole solo or 2-player game, and people do not change seats:
        player 0 (the solo player, or "light") keeps the bottom half and player 1 (the Robot,
        or "dark") the top half for the whole tournament.  The plan's light/dark sides only
        say which engine side each plays in a round (:meth:`match_side` translates)."""
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
        return p is not None and self.t.players[p].robot

    def deck_phase_at(self, side):
        p = self.player_at(side)
        if p is None or self.t.phase not in ("deck", "final-deck"):
            return None
        return self.t.deck_phases.get(p)

    def lights(self) -> dict:
        """What the LEDs show: flag holder side, attacker side, match over."""
        m = self.match
        if m is None:
            return {"flag": None, "attacker": None, "over": self.t is not None and self.t.over,
                    "expect": None}
        kind, side = m.expect
        return {"flag": self.half_of(m.holder), "attacker": self.half_of(1 - m.holder) if m.holder is not None else None,
                "over": m.winner is not None, "expect": self.half_of(side) if kind == "reveal" else None}

    # ------------------------------------------------------------------ the one path
    def _apply(self, action):
        """Check ``action`` with the engine, write it, and only then let anybody see it.

        The engine checks by applying (an illegal action raises and changes nothing).  If the
        write then fails (disk full, read-only folder, I/O error), the action is taken back --
        the state is replayed from the actions before it, exactly what is on disk -- so nothing
        is shown or played that is not saved and the saved sequence has no gap;
        :attr:`storage_error` holds the reason until a write succeeds again."""
        t = self.t
        if t is None:
            return self._ignore(action, "no game")
        m_before = self.match
        try:
            events = t.apply(action)
        except IllegalAction as exc:
            return self._ignore(action, str(exc))
        try:
            self.store.add_action(self.game_id, len(t.actions) - 1, action, winner=t.winner if t.over else None)
        except StorageError as exc:
            log.error("action %s not saved, so not played: %s", action, exc)
            self.t = replay(self.lib, t.setup, t.actions[:-1])
            self.storage_error = str(exc)
            self._changed([])
            return None
        if self.storage_error is not None:
            log.info("storage works again")
            self.storage_error = None
        if m_before is not None and m_before.winner is not None:
            self.result = self._result_of(m_before, events)
        self._changed(events)
        return events

    def _result_of(self, m, events):
        w = m.players[m.winner]
        trophy = next((e.info for e in events if e.kind == "trophy"), None)
        # "match" and "events": the finished match as it ended, which the match screen keeps
        # showing (the deciding cards, who won and why) until a player taps.
        return {"round": m.round, "winner": w, "loser": m.players[1 - m.winner], "reason": m.reason,
                "trophy": trophy, "over": self.t.over, "match": m, "events": list(events)}

    def ack_result(self):
        self.result = None
        self._changed([])

    # ------------------------------------------------------------------ Deck Phase inputs
    # (reveal, toss, choices and the keyboard: kiosk.inputs.TableInputs)
    def _deck(self, side, *act):
        p = self.player_at(side)
        dp = self.deck_phase_at(side)
        if dp is None:
            return self._ignore(("deck", side, *act), "no Deck Phase on this side")
        return self._apply(("deck", p, *act))

    # ------------------------------------------------------------------ keyboard helpers
    def active_deck_side(self):
        """The first side (light first) whose human still drafts."""
        for side in (LIGHT, DARK):
            dp = self.deck_phase_at(side)
            if dp is not None and dp.stage != "done":
                return side
        return None

    # ------------------------------------------------------------------ the Robot
    def robot_action(self):
        """The action the Robot would take now, or None (it never tosses: a person does)."""
        t = self.t
        if t is None or t.over or self.result is not None:
            return None
        for who in t.waiting():
            if who[0] == "match" and who[1] == self.park and t.players[who[2]].robot:
                m = t.matches[self.park]
                if m.expect[0] == "toss":
                    return None
                return self._policy.act(t, who)
        return None

    def dump(self) -> dict:
        return state_dump(self.t) if self.t is not None else {}
