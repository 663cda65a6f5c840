"""Writes ``coordinator-tuples.sql`` and ``kiosk-park-tuples.db`` (committed as
``tests/coordinator/data/coordinator-tuples.sql`` and ``tests/kiosk/fixtures/kiosk-park-tuples.db``): what
the code before the contract wire stored of café tournaments, every action as Challengers!' own tuple
(``["match", 2, "reveal", 1]``, ``["deck", 0, "pick", 1]``).

A real coordinator (in this process, on 127.0.0.1) plays, through bot kiosks over HTTP:

1. a 2-player tournament to its end (kept as its final record: its actions are tuples);
2. a 4-player tournament until park 1's match of round 2 has a few actions (live: replayed at start).

Then park 1's kiosk of tournament 2 is written by the kiosk's own park controller, as it keeps it:
the park view, the match played here from its spec, and two more match actions played at the
table and not yet delivered (the outbox holds them, in the tuple wire).

The fixtures were written by the product code of commit 8863436, with this script added on top of
it.  To make them again from that code (into ``/tmp/new``, say)::

    mkdir -p /tmp/old && git archive 8863436 | tar -x -C /tmp/old
    cp tests/coordinator/make_tuple_wire.py /tmp/old/tests/coordinator/
    cd /tmp/old && PYTHONPATH=.:tests/coordinator:tests/support python tests/coordinator/make_tuple_wire.py /tmp/new

Run on code that speaks the contract wire it refuses (it would not write what the old code wrote).
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

import aiohttp
import coordbots as cb

SEEDS = (11, 12)


def in_round_2_match(view) -> bool:
    m = view.get("match")
    return view["round"] == 2 and view["phase"] == "match" and m is not None and m["state"] == "playing" \
        and m["match_seq"] >= 3


async def play(data: Path):
    async with cb.inprocess(data) as (base, coord):
        async with aiohttp.ClientSession() as s:
            tid1, tokens1, _ = await cb.new_tournament(s, base, ("Ann", "Bob"), SEEDS[0])
            await asyncio.wait_for(cb.Bot(s, base, tid1, 1, tokens1[1], seed=1).run(), 300)
            tid2, tokens2, kids2 = await cb.new_tournament(s, base, ("Cy", "Di", "Ed", "Flo"), SEEDS[1])
            bots = [cb.Bot(s, base, tid2, park, tokens2[park], seed=park) for park in (1, 2)]
            await asyncio.wait_for(asyncio.gather(*(b.run(until=in_round_2_match) for b in bots)), 300)
            async with s.get(f"{base}/api/tournaments/{tid2}/parks/1", headers=cb.bearer(tokens2[1])) as r:
                view = await r.json()
            async with s.get(f"{base}/api/tournaments/{tid2}") as r:
                public = await r.json()
    return tid2, view, public, kids2[1], tokens2[1]


def main(out: Path) -> None:
    from coordinator import actions
    if not hasattr(actions, "ACTION_FORMS"):
        raise SystemExit("this code already speaks the contract wire: run the script on the older code")
    from engine.challengers.game import match_actions
    from kiosk.park import ParkController
    from kiosk.store import Store

    out.mkdir(parents=True, exist_ok=True)
    data = out / "coordinator"
    tid, view, public, kid, token = asyncio.run(play(data))
    conn = sqlite3.connect(data / "coordinator.db")
    (out / "coordinator-tuples.sql").write_text("\n".join(conn.iterdump()) + "\n")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    with (out / "coordinator-tuples.sql").open("a") as f:
        f.write(f"PRAGMA user_version = {version};\n")

    db = out / "kiosk-park-tuples.db"
    db.unlink(missing_ok=True)
    store = Store(db)
    store.put("coord_kiosk_id", kid)
    store.put("coord_kiosk_name", "Table 1")
    store.put("coord_token", token)
    store.put("park_mode", True)
    store.put("park_tournament", tid)
    store.put("park_number", 1)
    pc = ParkController(cb.lib(), store)
    pc.on_view(view, public)
    played = 0
    while played < 2:
        m = pc.match
        side = next(s for s in (0, 1) if match_actions(m, m.players[s]))
        a = match_actions(m, m.players[side])[0]
        assert pc.submit(side, a.kind, *a.args) is not None, pc.ignored
        played += 1
    assert len(store.outbox_rows()) == 2
    store.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    print(f"{out}: coordinator-tuples.sql (tournament {tid} live), kiosk-park-tuples.db (2 actions to send)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/new"))
