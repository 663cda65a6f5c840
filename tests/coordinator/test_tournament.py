"""Test 1: a whole 8-player tournament over HTTP only, then the record equals a local replay."""

import asyncio

import aiohttp
import pytest

from coordinator.views import plain

import coordbots as cb


def run(coro):
    return asyncio.run(coro)


@pytest.mark.slow
def test_eight_players_over_http_matches_local_replay(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
                tid, tokens, _ = await cb.new_tournament(s, base, players, seed=1234)
                bots = [cb.Bot(s, base, tid, park, tok, seed=park) for park, tok in tokens.items()]
                finals = await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 90)
                assert all(v["phase"] == "over" for v in finals)
                rec = await cb.record(s, base, tid, tokens[1])
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    pub = await r.json()
        local = cb.replay_record(rec)
        assert local.phase == "over" and local.winner is not None
        assert plain(local.snapshot()) == rec["snapshot"]
        assert rec["setup"]["seed"] == 1234
        assert pub["winner"] == local.winner and pub["phase"] == "over"
        assert sum(b.sent for b in bots) == len(rec["actions"])
        # the Final was played at park 1 by the two finalists
        assert pub["results"][-1]["round"] == "final" and pub["results"][-1]["park"] == 1
        assert len([r for r in pub["results"] if r["round"] != "final"]) == 7 * 4
    run(main())


@pytest.mark.slow
def test_final_park_changes_until_the_final_deck_phase(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                players = ["Ann", "Bob", "Cy", "Di"]
                tid, tokens, _ = await cb.new_tournament(s, base, players, seed=31)
                bots = [cb.Bot(s, base, tid, park, tok, seed=park) for park, tok in tokens.items()]
                await asyncio.gather(*(b.run(until=lambda v: v["round"] >= 5) for b in bots))
                digest = coord.tournaments[tid].state.tournament.snapshot()
                async with s.post(f"{base}/api/tournaments/{tid}/final", json={"park": 2},
                                  headers=cb.org(tokens[1])) as r:
                    assert r.status == 200, await r.text()
                assert plain(coord.tournaments[tid].state.tournament.snapshot()) == plain(digest)
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    assert (await r.json())["setup"]["final_park"] == 2
                await asyncio.gather(*(b.run() for b in bots))
                async with s.post(f"{base}/api/tournaments/{tid}/final", json={"park": 1},
                                  headers=cb.org(tokens[1])) as r:
                    assert r.status == 409
                rec = await cb.record(s, base, tid, tokens[1])
        assert rec["setup"]["final_park"] == 2
        assert rec["snapshot"]["results"][-1][:2] == ["final", 2]
        assert rec["setup"]["final_park"] == 2
        local = cb.replay_record(rec)
        assert plain(local.snapshot()) == rec["snapshot"]
    run(main())


@pytest.mark.slow
def test_several_tournaments_run_at_once_on_one_coordinator(tmp_path):
    """Two tournaments played interleaved on one coordinator: each ends equal to its own replay."""
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                games = {}
                for players, seed in ((["Ann", "Bob", "Cy", "Di", "Ed"], 71), (["Flo", "Gus", "Hal", "Ivy"], 72)):
                    tid, tokens, _ = await cb.new_tournament(s, base, players, seed=seed)
                    games[tid] = (players, seed, tokens)
                bots = [cb.Bot(s, base, tid, park, tok, seed=park) for tid, (_, _, tokens) in games.items()
                        for park, tok in tokens.items()]
                finals = await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 90)
                assert all(v["phase"] == "over" for v in finals)
                records = {tid: await cb.record(s, base, tid, tokens[1]) for tid, (_, _, tokens) in games.items()}
        assert len(games) == 2
        for tid, (players, seed, _) in games.items():
            rec = records[tid]
            assert rec["setup"]["players"] == list(players) and rec["setup"]["seed"] == seed
            local = cb.replay_record(rec)
            assert local.phase == "over" and plain(local.snapshot()) == rec["snapshot"]
    run(main())
