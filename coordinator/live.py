"""Live updates: what a tournament's WebSocket subscribers are told after each change.

Each subscriber (``web.events``) is an :class:`asyncio.Queue` of JSON texts in the tournament's
``subscribers``; a change puts one ``update`` message in each (the version, round, phase and what
changed).  A subscriber that has fallen 100 messages behind is skipped: it reads the views again
when it catches up, so one stalled socket holds no memory of the café's night.
"""

from __future__ import annotations

import json
from typing import Any

from .tournaments import Tournament

#: The most messages waiting for one subscriber.
BACKLOG = 100


def notify(e: Tournament, what: Any) -> None:
    """Tell ``e``'s subscribers that ``what`` changed (a word, or the game's news of the events)."""
    if not e.subscribers:
        return
    s = e.summary()
    msg = json.dumps({"type": "update", "tournament": e.id, "version": e.version, "round": s["round"],
                      "phase": s["phase"], "what": what})
    for q in list(e.subscribers):
        if q.qsize() < BACKLOG:
            q.put_nowait(msg)
