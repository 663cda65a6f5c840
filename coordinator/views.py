"""What the coordinator shows: plain JSON views of a tournament, hidden information respected.

The views are the game's (its café module, ``entry.cafe``: :mod:`engine.challengers.cafe` for
Challengers!); this module is the coordinator's one door to them.

* :func:`public_view` -- anyone (the TV page, ``GET /api/tournaments/{id}``): no seed, no hidden
  card, nothing a player may not see.
* :func:`park_view` -- ``GET .../parks/{park}``; the private part (the park's players' own views,
  its table game's set-up and actions) only for the kiosk assigned to that park.
"""

from __future__ import annotations

import hashlib
import json

from engine.json_values import plain

__all__ = ["park_view", "plain", "public_view", "snapshot_digest"]


def snapshot_digest(e) -> str:
    """The SHA-256 of a live tournament's snapshot (the game's plain picture of its whole state)."""
    return hashlib.sha256(json.dumps(e.cafe.snapshot(e.state), sort_keys=True).encode()).hexdigest()


def public_view(e) -> dict:
    return e.cafe.public_view(e)


def park_view(e, park: int, private: bool) -> dict:
    return e.cafe.park_view(e, park, private)
