"""Test 5: with 3+ players no public endpoint (nor an action's answer) shows a trophy's fans
before the end; with 2 players everything is face up; at the end everything is."""

import asyncio
import json

import aiohttp
import pytest

import coordbots as cb


def walk(value, path=""):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")
    yield path, value


class Watch(cb.Bot):
    """Keeps every action answer to check the trophy events in them."""
    answers = []

    async def post(self, body):
        status, j = await super().post(body)
        Watch.answers.append(j)
        return status, j


@pytest.mark.slow
def test_trophy_fans_hidden_until_the_end(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=8)
                bots = [Watch(s, base, tid, p, tok, seed=p) for p, tok in tokens.items()]
                await asyncio.gather(*(b.run(until=lambda v: v["round"] >= 4) for b in bots))
                t = coord.tournaments[tid].state.tournament
                assert any(p.trophies for p in t.players)
                secret = {(r, f) for p in t.players for r, f in p.trophies}
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    pub = await r.json()
                async with s.get(f"{base}/api/tournaments") as r:
                    listing = await r.json()
                parks = []
                for p in tokens:
                    async with s.get(f"{base}/api/tournaments/{tid}/parks/{p}") as r:
                        parks.append(await r.json())
                    async with s.get(f"{base}/api/tournaments/{tid}/parks/{p}",
                                     headers=cb.bearer(tokens[p])) as r:
                        priv = await r.json()
                        assert all(row["fans"] is None for row in priv["standings"])
                async with s.get(f"{base}/") as r:
                    html = await r.text()
                assert pub["fans_visible"] is False
                for doc in [pub, listing, *parks]:
                    for path, v in walk(doc):
                        assert not path.endswith(".fans") or v is None or ".spec." in path, (path, v)
                        assert "trophy_for" not in path and "seed" not in path.split(".")[-1], path
                for row in pub["standings"]:
                    assert row["fans"] is None and row["rank"] is None
                    assert all(isinstance(r, int) for r in row["trophy_rounds"])
                won = {r for p in t.players for r, _ in p.trophies}
                assert {r for row in pub["standings"] for r in row["trophy_rounds"]} == won
                trophy_events = [e for a in Watch.answers for e in a.get("events", []) if e["kind"] == "trophy"]
                assert trophy_events and all(e["value"] is None for e in trophy_events)
                assert "fans" not in json.dumps([e for e in trophy_events])
                assert secret and "seed" not in html     # the page is static: it renders the public view
                # play to the end: everything face up
                await asyncio.gather(*(b.run() for b in bots))
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    end = await r.json()
                assert end["phase"] == "over" and end["fans_visible"] is True
                assert all(isinstance(row["fans"], int) for row in end["standings"])
                assert [row["rank"] for row in end["standings"]] == list(range(1, len(end["standings"]) + 1))

                # 2 players: face up from the start
                tid2, tokens2, _ = await cb.new_tournament(s, base, ["Ann", "Bob"], seed=3)
                bot = cb.Bot(s, base, tid2, 1, tokens2[1], seed=1)
                await bot.run(until=lambda v: v["round"] >= 2)
                async with s.get(f"{base}/api/tournaments/{tid2}") as r:
                    two = await r.json()
                assert two["fans_visible"] is True
                assert all(isinstance(row["fans"], int) for row in two["standings"])
    asyncio.run(main())
