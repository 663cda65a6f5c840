"""The protocol additions (all backward compatible): GET /api/me, GET /api/catalogue/sets, the park
view's players/name/winner/end_reason, match.round/final/current between rounds, the record's
per-action meta (kiosk_id, match_seq), and trophy fans in the views once they are visible."""

import asyncio

import aiohttp
import pytest

import coordbots as cb


async def get(s, url, headers=None):
    async with s.get(url, headers=headers) as r:
        return r.status, await r.json()


def test_me_and_catalogue(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                st, cat = await get(s, base + "/api/catalogue/sets")
                assert st == 200
                boxes = {b["id"]: b for b in cat["boxes"]}
                assert boxes["base"]["default_sets"] == ["city", "castle", "film", "funfair", "haunted", "shipwreck"]
                assert boxes["beach"]["basic"] == "rainbow"
                kinds = {x["id"]: x["kind"] for x in cat["sets"]}
                assert kinds["city"] == "basic" and kinds["space"] == "additional" and "robot" not in kinds
                assert cat["robot_levels"]["multiplayer"] == [1, 2, 3]
                # each set's name as its cards print it, by language (the organiser page in French)
                names = {x["id"]: x["names"] for x in cat["sets"]}
                assert names["castle"] == {"en": "Castle", "fr": "Château"}

                tid, tokens, kids = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=5)
                tid2, tokens2, kids2 = await cb.new_tournament(s, base, ["Ed", "Flo"], seed=6)
                # kiosk 2 also holds park 1 of the second tournament
                async with s.post(f"{base}/api/tournaments/{tid2}/parks/1/kiosk", json={"kiosk_id": kids[2]},
                                  headers=cb.org(tokens[1])) as r:
                    assert r.status == 200
                st, me = await get(s, base + "/api/me", cb.bearer(tokens[2]))
                assert st == 200 and me["kiosk_id"] == kids[2] and me["name"] == "Table 2"
                assert [(p["tournament"], p["park"]) for p in me["parks"]] == [(tid, 2), (tid2, 1)]
                assert me["parks"][0]["name"] == "Test cup" and me["parks"][0]["phase"] == "deck"
                st, me2 = await get(s, base + "/api/me", cb.bearer(tokens2[1]))
                assert st == 200 and me2["parks"] == []          # replaced at park 1 of tid2
                assert (await get(s, base + "/api/me"))[0] == 401
                assert (await get(s, base + "/api/me", cb.bearer("nope")))[0] == 401
                async with s.post(f"{base}/api/kiosks/{kids2[1]}/revoke", headers=cb.org(tokens[1])) as r:
                    assert r.status == 200
                assert (await get(s, base + "/api/me", cb.bearer(tokens2[1])))[0] == 403
                spec = (await get(s, base + "/openapi.json"))[1]
                assert "/api/me" in spec["paths"] and "/api/catalogue/sets" in spec["paths"]
                assert "names" in spec["components"]["schemas"]["SetInfo"]["properties"]
    asyncio.run(main())


@pytest.mark.slow
def test_park_view_additions_and_record_meta(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                players = ["Ann", "Bob", "Cy", "Di"]
                tid, tokens, kids = await cb.new_tournament(s, base, players, seed=11)
                url = f"{base}/api/tournaments/{tid}/parks/1"
                st, v = await get(s, url)
                assert v["name"] == "Test cup" and v["winner"] is None and v["end_reason"] is None
                assert [p["name"] for p in v["players"]] == players and v["match"] is None
                assert all(r["trophies"] is None for r in v["standings"])       # hidden: 4 players
                # play round 1; stop when round 2's Deck Phase has begun
                bots = [cb.Bot(s, base, tid, p, tok, seed=p) for p, tok in tokens.items()]
                at = lambda v: v["round"] >= 2 and v["phase"] == "deck"  # noqa: E731
                await asyncio.gather(*(b.run(until=at) for b in bots))
                st, v = await get(s, url, cb.bearer(tokens[1]))
                # a new round's Deck Phase: the last round's match is gone from the view
                assert v["match"] is None and v["private"]["match"] is None
                assert [r["round"] for r in v["results"]] == [1]
                # the record: per action its kiosk and match_seq
                rec = await cb.record(s, base, tid, tokens[1])
                assert len(rec["meta"]) == len(rec["actions"])
                # round 1's parks, by player (its results name both players of each park)
                pub = (await get(s, f"{base}/api/tournaments/{tid}"))[1]
                park_of = {p: r["park"] for r in pub["results"] for p in (r["winner"], r["loser"])}
                for i, (a, meta) in enumerate(zip(rec["actions"], rec["meta"])):
                    assert meta["seq"] == i + 1
                    park = park_of[a["player"]] if a["kind"].startswith("match.") else None
                    if park is not None:
                        assert meta["kiosk_id"] == kids[park] and isinstance(meta["match_seq"], int)
                    else:
                        assert meta["kiosk_id"] in kids.values() and meta["match_seq"] is None
                seqs = [mt["match_seq"] for a, mt in zip(rec["actions"], rec["meta"]) if a["kind"].startswith("match.") and park_of[a["player"]] == 1]
                assert seqs == list(range(len(seqs)))
                # during round 2's matches the match is current again
                at = lambda v: v["round"] >= 2 and v["phase"] == "match"  # noqa: E731
                await asyncio.gather(*(b.run(until=at) for b in bots))
                v = (await get(s, url))[1]
                assert v["match"]["round"] == 2 and v["match"]["current"] is True
                # the finalists' Deck Phase: round 7's match is still held, marked as not current
                at = lambda v: v["phase"] == "final-deck"  # noqa: E731
                await asyncio.gather(*(b.run(until=at) for b in bots))
                st, v = await get(s, url, cb.bearer(tokens[1]))
                m = v["match"]
                assert m is not None and m["state"] == "won"
                assert m["round"] == 7 and m["final"] is False and m["current"] is False
                assert v["private"]["match"]["spec"]["round"] == 7
                pub = (await get(s, f"{base}/api/tournaments/{tid}"))[1]
                assert pub["matches"] and all(x["current"] is False and x["round"] == 7 for x in pub["matches"])
                # to the end: winner, end_reason and the trophy fans appear
                await asyncio.gather(*(b.run() for b in bots))
                v = (await get(s, url))[1]
                assert v["phase"] == "over" and v["winner"] is not None and v["end_reason"]
                assert v["match"]["current"] is False
                rec = await cb.record(s, base, tid, tokens[1])
                t = cb.replay_record(rec)
                for r in v["standings"]:
                    want = sorted(t.players[r["player"]].trophies)
                    assert [(x["round"], x["fans"]) for x in r["trophies"]] == [tuple(w) for w in want]
                assert any(r["trophies"] for r in v["standings"])
    asyncio.run(main())


def test_two_players_see_trophy_fans(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob"], seed=3)
                bot = cb.Bot(s, base, tid, 1, tokens[1], seed=1)
                await bot.run(until=lambda v: v["round"] >= 3 and v["phase"] == "deck")
                v = (await get(s, f"{base}/api/tournaments/{tid}"))[1]
                assert v["fans_visible"] is True
                got = [x for r in v["standings"] for x in r["trophies"]]
                assert got and all(isinstance(x["fans"], int) for x in got)
    asyncio.run(main())
