"""A coordinator.db written before observation schema 1 (``data/coordinator-obs0.sql``, made by
``make_observation_v0.py`` from that code: a 2-player tournament whose Deck Phase waits on a
when-picked choice, an answer kept for its request id naming steps by the engine's methods) is
migrated at start: every kept answer reads as today's coordinator answers, and play carries on."""

import asyncio
import json
import sqlite3

import aiohttp

from coordinator import store
from engine.challengers.cafe import deck_state
from engine.challengers.steps import upgrade_observation
from engine.game import OBSERVATION_SCHEMA

import coordbots as cb

DUMP = cb.ROOT / "tests" / "coordinator" / "data" / "coordinator-obs0.sql"


def old_database(data_dir):
    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / store.DB_NAME)
    conn.executescript(DUMP.read_text())
    conn.close()
    assert sqlite3.connect(data_dir / store.DB_NAME).execute("PRAGMA user_version").fetchone()[0] == 1


def kept_answers(path) -> dict:
    conn = sqlite3.connect(path)
    try:
        return {rid: json.loads(text) for rid, text in conn.execute("SELECT request_id, response FROM requests")}
    finally:
        conn.close()


def every_text(path) -> str:
    """Every stored value of every table, as one text (to look for method names anywhere)."""
    conn = sqlite3.connect(path)
    try:
        return "\n".join(conn.iterdump())
    finally:
        conn.close()


def test_the_kept_answers_of_an_old_database_are_todays_and_play_carries_on(tmp_path):
    data = tmp_path / "data"
    old_database(data)
    before = kept_answers(data / store.DB_NAME)
    old = {rid: a for rid, a in before.items() if a.get("deck_phase") and a["deck_phase"].get("context")}
    assert old and '"step": "_' in json.dumps(old), "the fixture keeps answers naming steps by method"

    async def main():
        async with cb.inprocess(data) as (base, coord):
            e = coord.tournaments[1]
            t = e.state.tournament
            after = kept_answers(data / store.DB_NAME)
            assert set(after) == set(before)
            for rid, answer in after.items():
                was = before[rid]
                if not isinstance(was.get("deck_phase"), dict):
                    assert answer == was            # a match action's answer, or one without a Deck Phase
                    continue
                seen = answer["deck_phase"]
                assert seen == upgrade_observation(was["deck_phase"]) and seen["schema"] == OBSERVATION_SCHEMA
                assert {k: v for k, v in answer.items() if k != "deck_phase"} == \
                    {k: v for k, v in was.items() if k != "deck_phase"}
                if rid in old:
                    assert {s["step"] for s in _steps(seen["context"])} == {"answer_then_rest", "answer_extra_draw"}
            assert '"step":"_' not in every_text(data / store.DB_NAME)
            # The last kept answer is the Deck Phase as today's coordinator shows it now (replayed).
            last = max(old, key=lambda rid: after[rid]["seq"])
            p = after[last]["deck_phase"]["player"]
            assert deck_state(t, p) == after[last]["deck_phase"]
            async with aiohttp.ClientSession() as s:
                kid, tok = await cb.pair(s, base, "Table 1 again")
                admin = (await cb.pair(s, base, "Organiser"))[1]
                async with s.post(f"{base}/api/tournaments/1/parks/1/kiosk", json={"kiosk_id": kid},
                                  headers=cb.org(admin)) as r:
                    assert r.status == 200, await r.text()
                final = await asyncio.wait_for(cb.Bot(s, base, 1, 1, tok, seed=3).run(), 120)
            assert final["phase"] == "over"
        assert sqlite3.connect(data / store.DB_NAME).execute("PRAGMA user_version").fetchone()[0] == \
            store.SCHEMA_VERSION == 2

    asyncio.run(main())


def _steps(value):
    if isinstance(value, dict):
        if set(value) == {"step"}:
            return [value]
        return [s for v in value.values() for s in _steps(v)]
    if isinstance(value, list):
        return [s for v in value for s in _steps(v)]
    return []
