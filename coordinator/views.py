"""What the coordinator shows: plain JSON views of a tournament, hidden information respected.

The views of a live tournament are the game's (its café module, ``entry.cafe``:
:mod:`engine.challengers.cafe` for Challengers!); this module is the coordinator's one door to them.
A finished tournament's views were kept in the store with its last action (:func:`final_record`)
and are read from there (:class:`Records`): its engine state is not in memory any more.

* :func:`public_view` / :meth:`Records.public` -- anyone (the TV page, ``GET /api/tournaments/{id}``):
  no seed, no hidden card, nothing a player may not see.
* :func:`park_view` / :meth:`Records.park` -- ``GET .../parks/{park}``; the private part (the park's
  players' own views, its table game's set-up and actions) only for the kiosk assigned to that park.
* :meth:`Records.record` -- the organiser's record: set-up, every action, snapshot and digest.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable
from typing import Any

from engine.json_values import plain

from .access import Kiosk
from .actions import decode_stored
from .tournaments import Entry, Finished, Games, Tournament, cafe_of

__all__ = ["Records", "final_record", "kiosk_list", "me", "park_view", "plain", "public_view", "snapshot_digest",
           "summaries"]


def snapshot_digest(e: Entry) -> str:
    """The SHA-256 of a live tournament's snapshot (the game's plain picture of its whole state)."""
    return hashlib.sha256(json.dumps(e.cafe.snapshot(e.state), sort_keys=True).encode()).hexdigest()


def public_view(e: Entry) -> dict[str, Any]:
    return dict(e.cafe.public_view(e))


def park_view(e: Entry, park: int, private: bool) -> dict[str, Any]:
    return dict(e.cafe.park_view(e, park, private))


def final_record(e: Entry) -> dict[str, Any]:
    """What is kept of a finished tournament: its summary, public view, every park's view (with
    the private part, given only to that park's kiosk), the engine's snapshot and its digest."""
    parks = {}
    for park in range(1, e.cafe.parks(e.state) + 1):
        view = park_view(e, park, private=True)
        private = view.pop("private")
        parks[str(park)] = {"view": plain(view), "private": plain(private)}
    return {"summary": e.summary(), "public": plain(public_view(e)), "parks": parks,
            "snapshot": e.cafe.snapshot(e.state), "digest": snapshot_digest(e)}


def _with_game(view: dict[str, Any], game: str) -> dict[str, Any]:
    """A view kept by a coordinator before views named their game and whether it was over."""
    view.setdefault("game", game)
    view.setdefault("over", True)
    return view


class Records:
    """The views and records of every tournament, live (from memory) or finished (from the store,
    through ``reader``, the store's read-only connection)."""

    def __init__(self, reader: sqlite3.Connection, games: Games) -> None:
        self.reader = reader
        self.games = games

    def record(self, e: Tournament) -> dict[str, Any]:
        """Set-up, every action (the contract's JSON) with its request, snapshot and digest."""
        if isinstance(e, Entry):
            return {"tournament": e.id, "game": e.game, "setup": e.cafe.setup_to_stored(e.setup),
                    "actions": [a.to_json() for a in e.actions],
                    "meta": [{"seq": i + 1, "request_id": rid, "kiosk_id": kid, "match_seq": ms}
                             for i, (rid, kid, ms) in enumerate(e.rows)],
                    "snapshot": e.cafe.snapshot(e.state), "digest": snapshot_digest(e)}
        r = self.reader
        setup = json.loads(r.execute("SELECT setup FROM tournaments WHERE id = ?", (e.id,)).fetchone()[0])
        texts, meta = [], []
        for seq, action, rid, kid, ms in r.execute("SELECT seq, action, request_id, kiosk_id, match_seq FROM actions "
                                                   "WHERE tournament_id = ? ORDER BY seq", (e.id,)):
            texts.append(action)
            meta.append({"seq": seq, "request_id": rid, "kiosk_id": kid, "match_seq": ms})
        snapshot, digest = r.execute("SELECT snapshot, digest FROM finished WHERE tournament_id = ?",
                                     (e.id,)).fetchone()
        return {"tournament": e.id, "game": e.game, "setup": setup, "actions": self._finished_actions(e, setup, texts),
                "meta": meta, "snapshot": json.loads(snapshot), "digest": digest}

    def _finished_actions(self, e: Finished, setup: dict[str, Any], texts: list[str]) -> list[Any]:
        """A finished tournament's stored actions as contract JSON; one stored before the contract
        wire (its actions the game's tuples) is replayed once to read them."""
        values = [decode_stored(text) for text in texts]
        if all(isinstance(v, dict) for v in values):
            return values
        cafe = cafe_of(e.game)
        replayed = self.games.new_entry(e.id, e.name, e.game, cafe.setup_from_stored(setup))
        out = []
        for text in texts:
            action = self.games.stored_action(replayed, text)
            replayed.state.apply(action)
            out.append(action.to_json())
        return out

    def public(self, e: Tournament) -> dict[str, Any]:
        """The public view (what the TV shows)."""
        if isinstance(e, Entry):
            return public_view(e)
        return _with_game(json.loads(self.reader.execute("SELECT public FROM finished WHERE tournament_id = ?",
                                                         (e.id,)).fetchone()[0]), e.game)

    def park(self, e: Tournament, park: int, private: bool) -> dict[str, Any]:
        """A park's view; its private part only when ``private`` (the park's own kiosk asks)."""
        if isinstance(e, Entry):
            return park_view(e, park, private)
        parks = json.loads(self.reader.execute("SELECT parks FROM finished WHERE tournament_id = ?",
                                               (e.id,)).fetchone()[0])
        got = parks[str(park)]
        view = _with_game(got["view"], e.game)
        view["private"] = got["private"] if private else None
        return view


def summaries(tournaments: Iterable[Tournament]) -> list[dict[str, Any]]:
    """One summary per tournament, by id (``GET /api/tournaments``)."""
    return [e.summary() for e in sorted(tournaments, key=lambda e: e.id)]


def me(tournaments: Iterable[Tournament], k: Kiosk) -> dict[str, Any]:
    """What a kiosk token may know about itself: its id, name and park assignments."""
    parks = []
    for e in sorted(tournaments, key=lambda e: e.id):
        for park, kid in sorted(e.kiosks.items()):
            if kid == k.id:
                s = e.summary()
                parks.append({"tournament": e.id, "park": park, "name": e.name, "game": s["game"],
                              "phase": s["phase"], "round": s["round"], "over": s["over"]})
    return {"kiosk_id": k.id, "name": k.name, "revoked": k.revoked, "parks": parks}


def kiosk_list(tournaments: Iterable[Tournament], kiosks: Iterable[Kiosk]) -> list[dict[str, Any]]:
    """Every paired kiosk with its park assignments (the organiser page)."""
    parks: dict[int, list[dict[str, int]]] = {}
    for e in tournaments:
        for park, kid in e.kiosks.items():
            parks.setdefault(kid, []).append({"tournament": e.id, "park": park})
    return [{"kiosk_id": k.id, "name": k.name, "revoked": k.revoked, "parks": parks.get(k.id, [])}
            for k in kiosks]
