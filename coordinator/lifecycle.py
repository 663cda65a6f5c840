"""A tournament's life outside its actions: created (the organiser's form checked, the set-up made
by the game's café module), resumed at start-up (its stored actions replayed), its parks given
kiosks, the Final's park moved.  The actions themselves go through the write path (``writes.py``).

Formats: Challengers! is played by its own printed plans (``box``, ``sets``, ``robot_level``,
``solo_cards``, ``final_park``); every other game by a café format (``format``, ``rounds``,
``table_size``, ``seeding``: :mod:`engine.cafe`).  A form that mixes them is refused, saying which.
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import IllegalAction
from engine.game import GameSetup

from . import store
from .access import Access
from .bots import settings_from_json, settings_to_json
from .errors import ApiError
from .tournaments import DEFAULT_GAME, Entry, Finished, Games, Tournament, cafe_of
from .views import public_view

if TYPE_CHECKING:
    from .api import CreateTournament

log = logging.getLogger("tablecup.coordinator")

#: The options of ``POST /api/tournaments`` that are Challengers!', and those of a café format
#: (every other game: :mod:`engine.cafe`).
CHALLENGERS_OPTIONS = ("box", "sets", "robot_level", "solo_cards", "final_park")
FORMAT_OPTIONS = ("format", "rounds", "table_size", "seeding")
MAX_PLAYERS = 8


@dataclass
class Plan:
    """A tournament as the organiser's form asks for it, checked: not stored yet."""

    name: str
    game: str
    setup: GameSetup
    bots: dict[int, str]          # player index -> level


def plan(body: CreateTournament) -> Plan:
    """The tournament ``body`` asks for.  Its shape was checked by the API model; what the rules
    refuse (the same name twice, 'Robot', options of the other kind of game) is ``ApiError(409)``
    with the reason.  The engine's own checks of the set-up come when its state is made."""
    people = [p.strip() for p in body.players]
    bot_names = [b.name.strip() for b in body.bots]
    players = people + bot_names
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ApiError(409, f"a tournament has 1 to {MAX_PLAYERS} players, people and bots together, "
                            f"not {len(players)}")
    if len({n.casefold() for n in people}) != len(people):
        raise ApiError(409, "'players' holds the same name twice")
    if len({n.casefold() for n in players}) != len(players):
        raise ApiError(409, "a bot entrant has the name of another player")
    if any(n.casefold() == "robot" for n in players):
        raise ApiError(409, "'Robot' is the name of the Robot player")
    bots = {len(people) + i: str(b.level) for i, b in enumerate(body.bots)}
    seed = body.seed if body.seed is not None else secrets.randbits(63)
    game = str(body.game)
    cafe = cafe_of(game)
    given = body.model_fields_set
    setup: GameSetup
    if hasattr(cafe, "setup_from_options"):
        # A café format of a game of the table: Challengers!' own options do not apply.
        theirs = sorted(given & set(CHALLENGERS_OPTIONS))
        if theirs:
            raise ApiError(409, f"{', '.join(theirs)}: Challengers! options; a tournament of {game} takes "
                                f"{', '.join(FORMAT_OPTIONS)}")
        setup = cafe.setup_from_options(players, seed, {k: getattr(body, k) for k in FORMAT_OPTIONS})
    else:
        theirs = sorted(given & set(FORMAT_OPTIONS))
        if theirs:
            raise ApiError(409, f"{', '.join(theirs)}: options of a café format; {game} is played by its "
                                f"own printed plans")
        setup = cafe.setup_from_request(players, seed, body.box, body.sets, body.robot_level, body.solo_cards,
                                        body.final_park)
    name = (body.name or "").strip() or "Tournament"
    return Plan(name, game, setup, bots)


def load_tournaments(conn: sqlite3.Connection, games: Games) -> dict[int, Tournament]:
    """Every stored tournament: the finished ones as their summaries (not replayed), the live ones
    rebuilt by replaying their stored actions."""
    tournaments: dict[int, Tournament] = {}
    parks: dict[int, dict[int, int]] = {}
    for tid, park, kid in conn.execute("SELECT tournament_id, park, kiosk_id FROM parks"):
        parks.setdefault(tid, {})[park] = kid
    finished = 0
    for tid, name, created, summary in conn.execute(
            "SELECT t.id, t.name, t.created, f.summary FROM tournaments t JOIN finished f "
            "ON f.tournament_id = t.id ORDER BY t.id"):
        tournaments[tid] = Finished(tid, name, created, json.loads(summary), kiosks=parks.get(tid, {}))
        finished += 1
    live = conn.execute("SELECT id, name, setup, settings, created FROM tournaments WHERE id NOT IN "
                        "(SELECT tournament_id FROM finished) ORDER BY id").fetchall()
    for tid, name, setup_text, settings_text, created in live:
        settings = json.loads(settings_text or "{}")
        game = settings.get("game", DEFAULT_GAME)
        setup = cafe_of(game).setup_from_stored(json.loads(setup_text))
        e = games.new_entry(tid, name, game, setup, created=created, bots=settings_from_json(settings))
        for action, rid, kid, ms in conn.execute("SELECT action, request_id, kiosk_id, match_seq FROM actions "
                                                 "WHERE tournament_id = ? ORDER BY seq", (tid,)):
            e.apply(games.stored_action(e, action), (rid, kid, ms))
        e.kiosks = parks.get(tid, {})
        tournaments[tid] = e
        s = e.summary()
        log.info("tournament %d (%s) resumed: %d actions replayed, round %s, phase %s",
                 e.id, e.name, len(e.actions), s.get("round"), s.get("phase"))
    if finished:
        log.info("%d finished tournaments kept as records (not replayed)", finished)
    return tournaments


def check_park(e: Entry, park: int) -> None:
    """404 unless ``park`` is one of the live tournament's parks."""
    parks = e.cafe.parks(e.state)
    if not 1 <= park <= parks:
        raise ApiError(404, f"tournament {e.id} has parks 1 to {parks}, not {park}")


def check_park_number(e: Tournament, park: int) -> None:
    """404 unless ``park`` is one of the tournament's parks (live or finished: read from its summary)."""
    parks = e.summary()["parks"]
    if not 1 <= park <= parks:
        raise ApiError(404, f"tournament {e.id} has parks 1 to {parks}, not {park}")


class Lifecycle:
    """Creating tournaments, giving parks their kiosks, moving the Final.

    ``tournaments``: the coordinator's (a new one is added, a replayed one replaces its entry);
    ``notify(entry, what)`` tells its subscribers; ``kick_bots(id)`` wakes its bot entrants."""

    def __init__(self, games: Games, writer: store.Writer, tournaments: dict[int, Tournament], access: Access,
                 notify: Callable[[Tournament, Any], None], kick_bots: Callable[[int], None]) -> None:
        self.games, self.writer, self.tournaments, self.access = games, writer, tournaments, access
        self.notify, self.kick_bots = notify, kick_bots

    async def create(self, body: CreateTournament) -> dict[str, Any]:
        """A new tournament as ``body`` asks (:func:`plan`); the engine's refusal of its set-up is a
        409 with the engine's reason.  Returns its public view."""
        p = plan(body)
        created = store.now()
        try:
            e = self.games.new_entry(0, p.name, p.game, p.setup, created=created, bots=p.bots)
        except ValueError as exc:
            raise ApiError(409, str(exc).strip("'\"")) from None
        setup_json = store.dumps(e.cafe.setup_to_stored(p.setup))
        settings_json = store.dumps({"game": p.game, **settings_to_json(p.bots)})

        def write(conn: sqlite3.Connection) -> int:
            return int(conn.execute("INSERT INTO tournaments(name, setup, settings, status, created) "
                                    "VALUES (?,?,?,?,?)",
                                    (p.name, setup_json, settings_json, "running", created)).lastrowid or 0)
        e.id = tid = await self.writer.write(write)
        self.tournaments[tid] = e
        log.info("tournament %d (%s) created: %s, %d players (%d bots), %d parks", tid, p.name, p.game,
                 len(p.setup.players), len(p.bots), e.cafe.parks(e.state))
        if p.bots:
            self.kick_bots(tid)
        return public_view(e)

    async def assign(self, e: Entry, park: int, kid: int) -> dict[str, Any]:
        """Park ``park`` is played at kiosk ``kid`` (which leaves any other park of the tournament)."""
        check_park(e, park)
        self.access.usable(kid)
        async with e.lock:
            old = [p for p, x in e.kiosks.items() if x == kid and p != park]

            def write(conn: sqlite3.Connection) -> None:
                for p in old:
                    conn.execute("DELETE FROM parks WHERE tournament_id = ? AND park = ?", (e.id, p))
                conn.execute("INSERT OR REPLACE INTO parks(tournament_id, park, kiosk_id) VALUES (?,?,?)",
                             (e.id, park, kid))
            await self.writer.write(write)
            for p in old:
                del e.kiosks[p]
            e.kiosks[park] = kid
        self.notify(e, "kiosks")
        return {"tournament": e.id, "park": park, "kiosk_id": kid,
                "kiosks": {str(p): x for p, x in sorted(e.kiosks.items())}}

    async def set_final_park(self, e: Entry, park: int) -> dict[str, Any]:
        """The Final will be played at ``park`` (409 once it is seated: the game's reason)."""
        check_park(e, park)
        async with e.lock:
            try:
                setup = e.cafe.final_park_setup(e.state, e.setup, e.actions, park)
            except IllegalAction as exc:
                raise ApiError(409, str(exc)) from None
            if setup != e.setup:
                # The rules read the Final's park only when the Final is seated; replaying the
                # same actions with the new set-up gives the same state with the new Final park.
                fresh = self.games.replayed(e, setup)
                setup_json = store.dumps(e.cafe.setup_to_stored(setup))
                tid = e.id
                await self.writer.write(lambda conn: conn.execute(
                    "UPDATE tournaments SET setup = ? WHERE id = ?", (setup_json, tid)))
                self.tournaments[e.id] = fresh
                e = fresh
                log.info("tournament %d: the Final will be played at park %d", e.id, park)
        self.notify(e, "final-park")
        return {"tournament": e.id, "final_park": park}
