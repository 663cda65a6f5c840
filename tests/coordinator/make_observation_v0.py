"""Writes ``coordinator-obs0.sql`` and ``kiosk-park-obs0.db`` (committed as
``tests/coordinator/data/coordinator-obs0.sql`` and ``tests/kiosk/fixtures/kiosk-park-obs0.db``): what
the code before observation schema 1 stored of a café tournament, steps named by the engine's methods.

A real coordinator (in this process, on 127.0.0.1) plays a 2-player Beach Cup tournament with its
Forest set, through two bot kiosks over HTTP, until a player's Deck Phase waits on a when-picked
choice: the coordinator's ``requests`` table then holds answers whose ``deck_phase`` (the player's
observation of it) has a ``context`` naming steps by method (``{"step": "_answer_remove"}``).  Its
database is dumped as SQL; and a kiosk.db is written by the kiosk's own store as park 1's kiosk
keeps it (the tournament, the park, and the last park view with that Deck Phase in ``private``).

The fixtures were written by the product code of commit 501b703, with this script added on top
of it.  To make them again from that code (into ``/tmp/new``, say, then compare or copy them to
those two places)::

    mkdir -p /tmp/old && git archive 501b703 | tar -x -C /tmp/old
    cp tests/coordinator/make_observation_v0.py /tmp/old/tests/coordinator/
    cd /tmp/old && PYTHONPATH=.:tests/coordinator:tests/support python tests/coordinator/make_observation_v0.py /tmp/new

Run on code of schema 1 or later it refuses (it would not write what the old code wrote).
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import aiohttp
import coordbots as cb

#: The tournament: its players, seed and cards (the Forest set's Grandmother asks when picked).
PLAYERS = ("Ada", "Bo")
SEED = 5
OPTIONS = {"box": "beach", "sets": ["rainbow", "secret", "beachclub", "mountain", "university", "forest"]}


def waiting_on_a_choice(view) -> bool:
    """A player of this park waits on a when-picked choice of their Deck Phase."""
    return any(d is not None and d.get("context") is not None
               for d in ((view.get("private") or {}).get("deck_phases") or []))


async def play(data: Path):
    async with cb.inprocess(data) as (base, coord):
        async with aiohttp.ClientSession() as s:
            tid, tokens, _ = await cb.new_tournament(s, base, PLAYERS, SEED, **OPTIONS)
            bot = cb.Bot(s, base, tid, 1, tokens[1], seed=SEED)
            view = await asyncio.wait_for(bot.run(until=waiting_on_a_choice), 120)
            assert waiting_on_a_choice(view), "the tournament ended before any choice: try another seed"
            async with s.get(f"{base}/api/tournaments/{tid}") as r:
                public = await r.json()
            coord_kiosk = {"id": coord.tournaments[tid].kiosks[1]}
    return tid, view, public, coord_kiosk


def main(out: Path) -> None:
    import engine.game
    if hasattr(engine.game, "OBSERVATION_SCHEMA"):
        raise SystemExit("this code already writes observation schema 1: run the script on the older code")
    from kiosk.store import Store

    out.mkdir(parents=True, exist_ok=True)
    data = out / "coordinator"
    tid, view, public, kiosk = asyncio.run(play(data))
    conn = sqlite3.connect(data / "coordinator.db")
    stored = [r[0] for r in conn.execute("SELECT response FROM requests WHERE response LIKE '%\"step\":\"\\_%' "
                                         "ESCAPE '\\'")]
    assert stored, "no stored answer names a step"
    (out / "coordinator-obs0.sql").write_text("\n".join(conn.iterdump()) + "\n")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    with (out / "coordinator-obs0.sql").open("a") as f:
        f.write(f"PRAGMA user_version = {version};\n")

    db = out / "kiosk-park-obs0.db"
    db.unlink(missing_ok=True)
    store = Store(db)
    store.put("coord_kiosk_id", kiosk["id"])
    store.put("coord_kiosk_name", "Table 1")
    store.put("park_mode", True)
    store.put("park_tournament", tid)
    store.put("park_number", 1)
    store.put("park_last_view", view)
    store.put("park_last_public", public)
    store.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    print(f"{out}: coordinator-obs0.sql ({len(stored)} answers naming steps), kiosk-park-obs0.db")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/new"))
