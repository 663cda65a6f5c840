"""The store's schema version: a database written by the first coordinator (schema 0, no
version; ``data/coordinator-v0.sql`` is its dump: a finished 2-player tournament and a 4-player one
in round 2) is migrated at start and play carries on; finished tournaments are then kept as their
final records and not replayed at the next start."""

import asyncio
import sqlite3

import aiohttp
import pytest

from coordinator import store
from coordinator.service import Coordinator, Finished

import coordbots as cb

DUMP = cb.ROOT / "tests" / "coordinator" / "data" / "coordinator-v0.sql"


def v0_database(data_dir):
    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / store.DB_NAME)
    conn.executescript(DUMP.read_text())
    conn.close()
    assert sqlite3.connect(data_dir / store.DB_NAME).execute("PRAGMA user_version").fetchone()[0] == 0


@pytest.mark.slow
def test_a_schema_0_database_is_migrated_and_play_carries_on(tmp_path):
    data = tmp_path / "data"
    v0_database(data)
    old_pin = sqlite3.connect(data / store.DB_NAME).execute(
        "SELECT pin FROM pairing_pins WHERE used_by IS NULL").fetchone()[0]
    assert len(old_pin) == 6

    async def main():
        async with cb.inprocess(data) as (base, coord):
            # the finished tournament became its record; the live one was replayed
            assert isinstance(coord.tournaments[1], Finished)
            assert not coord.tournaments[2].finished and coord.tournaments[2].state.tournament.round == 2
            # the 6-digit pairing PIN is retired: a 12-digit code replaces it
            assert coord.pairing_pin != old_pin and len(coord.pairing_pin) == 12
            async with aiohttp.ClientSession() as s:
                async with s.post(base + "/api/pair", json={"pin": "0" * 6 + old_pin, "name": "x"}) as r:
                    assert r.status == 403
                async with s.get(base + "/api/tournaments/1") as r:
                    over = await r.json()
                assert over["phase"] == "over" and over["winner"] is not None
                admin = (await cb.pair(s, base, "Organiser"))[1]
                rec1 = await cb.record(s, base, 1, admin)
                # carry on with tournament 2: the kiosks paired by the old coordinator play it to the end
                kiosks = {park: kid for park, kid in coord.tournaments[2].kiosks.items()}
                tokens = {}
                for park, kid in kiosks.items():        # their tokens are not in the dump: pair new kiosks
                    new_kid, tok = await cb.pair(s, base, f"Table {park} again")
                    async with s.post(f"{base}/api/tournaments/2/parks/{park}/kiosk", json={"kiosk_id": new_kid},
                                      headers=cb.org(admin)) as r:
                        assert r.status == 200, await r.text()
                    tokens[park] = tok
                bots = [cb.Bot(s, base, 2, park, tok, seed=park) for park, tok in tokens.items()]
                finals = await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 90)
                assert all(v["phase"] == "over" for v in finals)
                assert isinstance(coord.tournaments[2], Finished)
                rec2 = await cb.record(s, base, 2, admin)
                async with s.get(base + "/api/tournaments/2") as r:
                    pub2 = await r.json()
                async with s.get(base + "/api/tournaments/2/parks/1", headers=cb.bearer(tokens[1])) as r:
                    park2 = await r.json()
        assert sqlite3.connect(data / store.DB_NAME).execute("PRAGMA user_version").fetchone()[0] == \
            store.SCHEMA_VERSION
        return rec1, rec2, pub2, park2, tokens

    rec1, rec2, pub2, park2, tokens = asyncio.run(main())

    # the next start replays nothing: both are records, and they read exactly as before
    async def again():
        async with cb.inprocess(data) as (base, coord):
            assert all(isinstance(e, Finished) for e in coord.tournaments.values())
            async with aiohttp.ClientSession() as s:
                admin = (await cb.pair(s, base, "Organiser 2"))[1]
                assert await cb.record(s, base, 1, admin) == rec1
                assert await cb.record(s, base, 2, admin) == rec2
                async with s.get(base + "/api/tournaments/2") as r:
                    assert await r.json() == pub2
                async with s.get(base + "/api/tournaments/2/parks/1", headers=cb.bearer(tokens[1])) as r:
                    assert await r.json() == park2
                assert park2["private"] is not None
                async with s.get(base + "/api/tournaments/2/parks/1") as r:
                    assert (await r.json())["private"] is None
                async with s.get(base + "/api/tournaments/2/parks/1", headers=cb.bearer(tokens[2])) as r:
                    assert r.status == 403
                async with s.get(base + "/api/tournaments") as r:
                    assert [t["phase"] for t in (await r.json())["tournaments"]] == ["over", "over"]
                # over: no more kiosk changes, no Final park change, no new action
                async with s.post(base + "/api/tournaments/2/final", json={"park": 1}, headers=cb.org(admin)) as r:
                    assert r.status == 409
                async with s.post(base + "/api/tournaments/2/parks/1/kiosk", json={"kiosk_id": 1},
                                  headers=cb.org(admin)) as r:
                    assert r.status == 409
    asyncio.run(again())


def test_a_newer_database_is_refused(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    conn = sqlite3.connect(data / store.DB_NAME)
    conn.execute(f"PRAGMA user_version = {store.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(store.SchemaError, match="newer"):
        Coordinator(data, organiser_pin="12345678", library=cb.lib())
