"""A park of a café tournament shows the same view as the local table: the kiosk's
``park_view`` turns the coordinator's park and public views (a real coordinator, real HTTP)
into the ``TableView`` Challengers!' screens read, and shows nothing the coordinator hid."""

import asyncio

import aiohttp

import coordbots as cb
from kiosk.park import park_view


def test_the_park_view_is_the_coordinators_tournament(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=8)
                bots = [cb.Bot(s, base, tid, p, tok, seed=p) for p, tok in tokens.items()]
                await asyncio.gather(*(b.run(until=lambda v: v["round"] >= 3) for b in bots))
                t = coord.tournaments[tid].t
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    pub = await r.json()
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    view = await r.json()
                v = park_view(view, pub, None)
                assert v.id == tid and v.name == pub["name"] and v.round == view["round"] == t.round
                assert v.phase == t.phase and not v.over
                assert [p.name for p in v.players] == [p.name for p in t.players]
                assert [p.robot for p in v.players] == [p.robot for p in t.players]
                assert v.public_standings() == view["standings"]
                # Four players, mid-tournament: a trophy's fans stay hidden on the park's screens too.
                assert any(p.trophies for p in v.players) and not v.fans_visible
                assert all(p.total_fans is None and all(f == "?" for _, f in p.trophies) for p in v.players)
                # An older coordinator: the name and the players only in the public view.
                old = {k: x for k, x in view.items() if k not in ("name", "players", "fans_visible")}
                assert park_view(old, pub, None).name == pub["name"]
                await asyncio.gather(*(b.run() for b in bots))
                async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[1])) as r:
                    end = park_view(await r.json(), None, None)
                assert end.over and end.winner == t.winner and end.fans_visible
                assert [p.total_fans for p in end.players] == [p.total_fans for p in t.players]
    asyncio.run(main())
