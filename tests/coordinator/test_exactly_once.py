"""Test 3: every action sent twice (same request id, same match_seq) is applied once; a lower
match_seq with a new request id is a duplicate too; a higher one is 409 and changes nothing."""

import asyncio
import uuid

import aiohttp
import pytest

from coordinator import store
from coordinator.views import snapshot_digest

import coordbots as cb


class TwiceBot(cb.Bot):
    """Sends every action twice at once, then a third time; all answers must be equal."""

    def __init__(self, *a, coord=None, **kw):
        super().__init__(*a, **kw)
        self.coord = coord
        self.checked_match = 0

    async def post(self, body):
        e = self.coord.tournaments[self.tid]
        rid = body["request_id"]
        applied = lambda: sum(1 for row in e.rows if row[0] == rid)  # noqa: E731
        park_len = lambda: len(e.match_entries(self.park) or ())  # noqa: E731
        before = park_len()
        if "match_seq" in body:
            # out of order first: nothing may change
            ahead = dict(body, request_id=uuid.uuid4().hex, match_seq=body["match_seq"] + 1)
            status, j = await super().post(ahead)
            assert status == 409 and j["error"].startswith("out of order") and j["expected"] == body["match_seq"], j
            assert park_len() == before and applied() == 0
        (s1, j1), (s2, j2) = await asyncio.gather(super().post(body), super().post(body))
        s3, j3 = await super().post(body)
        assert s1 == s2 == s3 == 200, (j1, j2, j3)
        assert j1 == j2 == j3
        assert applied() == 1, "applied more than once"
        if "match_seq" in body and j1["match"]["winner"] is None:
            # (a match's last action may start the next round: then only the request id identifies it)
            # the same action at the same match_seq under a fresh request id: a duplicate, not a new action
            s4, j4 = await super().post(dict(body, request_id=uuid.uuid4().hex))
            assert s4 == 200 and j4 == j1, j4
            assert applied() == 1 and sum(1 for row in e.rows if row[0] == j4.get("request_id")) == 0
            self.checked_match += 1
        return s1, j1


@pytest.mark.slow
def test_every_action_twice_applied_once(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                players = ["Ann", "Bob", "Cy", "Di", "Ed"]      # 5 players: the Robot plays too
                tid, tokens, _ = await cb.new_tournament(s, base, players, seed=77)
                bots = [TwiceBot(s, base, tid, park, tok, seed=park, coord=coord) for park, tok in tokens.items()]
                # the first three rounds, every action three or four times
                await asyncio.wait_for(asyncio.gather(*(b.run(until=lambda v: v["round"] > 3) for b in bots)), 60)
                assert sum(b.checked_match for b in bots) > 50
                e = coord.tournaments[tid]
                await asyncio.sleep(0.1)
                counts = store.row_counts(tmp_path / "data" / store.DB_NAME)
                assert counts["actions"] == len(e.state.tournament.actions) == sum(b.sent for b in bots)
                assert counts["requests"] == counts["actions"]
                # a match_seq below the current one with a different action: 409, nothing changes
                digest = snapshot_digest(e)
                for park, m in e.state.tournament.matches.items():
                    if m.winner is None and e.match_entries(park):
                        light = m.players[0]
                        body = {"request_id": uuid.uuid4().hex, "action": {"player": light, "kind": "match.toss"},
                                "match_seq": 0}
                        first = e.actions[e.match_entries(park)[0]].to_json()
                        if first["kind"] == "match.toss":
                            body["action"] = {"player": light, "kind": "match.reveal", "args": []}
                        async with s.post(f"{base}/api/tournaments/{tid}/actions", json=body,
                                          headers=cb.bearer(tokens[park])) as r:
                            assert r.status == 409, await r.text()
                # a request id reused for another action: 409
                rid = coord.tournaments[tid].rows[0][0]
                first_body = {"request_id": rid, "action": e.actions[0].to_json()}
                async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tokens[1]),
                                  json={"request_id": rid, "action": {"player": 0, "kind": "deck.done", "args": []}}) as r:
                    assert r.status == 409 and "already used" in (await r.json())["error"]
                assert snapshot_digest(e) == digest
                assert store.row_counts(tmp_path / "data" / store.DB_NAME) == counts
                # and the tournament still finishes normally
                plain_bots = [cb.Bot(s, base, tid, park, tok, seed=park) for park, tok in tokens.items()]
                await asyncio.wait_for(asyncio.gather(*(b.run() for b in plain_bots)), 60)
                done = coord.tournaments[tid]
                assert done.finished and done.summary()["phase"] == "over"
                # over: its requests are read from the store now, and a resend still gets its stored answer
                assert rid not in coord.requests
                async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tokens[1]),
                                  json=first_body) as r:
                    assert r.status == 200 and r.headers.get("X-Tablecup-Duplicate") == "1", await r.text()
                    assert (await r.json())["seq"] == 1
                async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tokens[1]),
                                  json={"request_id": uuid.uuid4().hex, "action": {"player": 0, "kind": "deck.done", "args": []}}) as r:
                    assert r.status == 409 and "over" in (await r.json())["error"]
    asyncio.run(main())
