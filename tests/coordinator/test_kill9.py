"""Test 2: kill -9 the coordinator process mid-round, restart it on the same data folder: the
tournament resumes exactly (same record and snapshot) and the bots finish it.  A second kill
lands while the bots are posting: every acknowledged action survives, resent requests are
applied once."""

import asyncio

import aiohttp
import pytest

from coordinator.views import plain
from engine.game import Action

import coordbots as cb

pytestmark = pytest.mark.slow   # a coordinator killed and resumed through a whole tournament


def is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def test_kill9_and_resume(tmp_path):
    async def main():
        server = cb.Subprocess(tmp_path / "data")
        await server.start()
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as s:
                players = ["Ann", "Bob", "Cy", "Di", "Ed"]
                tid, tokens, _ = await cb.new_tournament(s, server.base, players, seed=99, final_park=2)
                bots = [cb.Bot(s, server.base, tid, p, tok, seed=p) for p, tok in tokens.items()]
                # play to the middle of round 3's Match Phase, then stop the bots
                mid = lambda v: v["round"] >= 3 and v["phase"] == "match" and (v["match"] or {}).get("match_seq", 0) >= 6  # noqa: E731
                await asyncio.wait_for(asyncio.gather(*(b.run(until=mid) for b in bots)), 60)
                before = await cb.record(s, server.base, tid, tokens[1])
                assert before["snapshot"]["round"] == 3 and before["snapshot"]["phase"] == "match"

                server.kill9()
                await server.start()
                after = await cb.record(s, server.base, tid, tokens[1])
                assert after["actions"] == before["actions"]
                assert after["snapshot"] == before["snapshot"]
                assert after["digest"] == before["digest"]

                # second kill, while every park is posting as fast as it can
                bots = [cb.Bot(s, server.base, tid, p, tok, seed=10 + p) for p, tok in tokens.items()]
                tasks = [asyncio.create_task(b.run()) for b in bots]
                while sum(b.sent for b in bots) < 40:
                    await asyncio.sleep(0.005)
                server.kill9()
                acked_before_kill = [list(b.acked) for b in bots]
                await asyncio.sleep(0.3)
                await server.start()
                await asyncio.wait_for(asyncio.gather(*tasks), 90)
                assert sum(b.retries for b in bots) > 0      # the kill really interrupted them
                final = await cb.record(s, server.base, tid, tokens[1])
        finally:
            server.stop()
        actions = [Action.from_json(a) for a in final["actions"]]
        for acked in acked_before_kill:
            assert is_subsequence(acked, actions)
        # every bot's acknowledged actions, each exactly once: the record holds exactly what was acknowledged
        assert len(actions) == len(before["actions"]) + sum(b.sent for b in bots)
        assert final["setup"]["seed"] == 99 and final["setup"]["final_park"] == 2
        local = cb.replay_record(final)
        assert local.phase == "over"
        assert plain(local.snapshot()) == final["snapshot"]
        assert final["snapshot"]["results"][-1][:2] == ["final", 2]
    asyncio.run(main())
