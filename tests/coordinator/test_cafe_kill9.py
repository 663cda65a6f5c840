"""Café nights of Between Battle (Swiss, with a bot entrant) and Wacky Challenge (tables) through a
real coordinator process, killed with kill -9 at random points and started again on its data
folder: the tournament's final record is the one an uninterrupted night with the same seed
gives.  The kiosks resend an unanswered request with its request id; a person's choice is drawn
from the table's state only, and a bot decides from its observation only, so neither depends on
when the coordinator died."""

import asyncio
import itertools
import json
import random
import time

import aiohttp
import cafegames as cg
import coordbots as cb
import pytest

from engine.game import Action

pytestmark = pytest.mark.slow   # whole tournaments, each run twice in real processes

_RIDS = itertools.count(1)


class Night:
    """The kiosks of a café night against a coordinator process that may die at any moment."""

    def __init__(self, server: cb.Subprocess, s, tid, tokens, seed):
        self.server, self.s, self.tid, self.tokens, self.seed = server, s, tid, tokens, seed
        self.pending: dict[int, dict] = {}      # park -> the request sent and not yet answered

    async def step(self, park: int) -> bool:
        base, token = self.server.base, self.tokens[park]
        body = self.pending.get(park)
        if body is None:
            v = await cg.park_view(self.s, base, self.tid, park, token)
            if v["over"] or v["private"] is None or v["table"]["over"]:
                return False
            table = v["private"]["table"]
            bots = {x["player"] for x in v["players"] if x["bot"]}
            state = cg.replay_table(v["game"], table)
            if any(table["seats"][seat] in bots for seat in state.to_act()):
                return False                     # a bot may act at this table: its move comes first, always
            seats = sorted(state.to_act())
            if not seats:
                return False
            a = cg.choose(table, seats[0], state.legal_actions(seats[0]), self.seed)
            body = {"request_id": f"p{park}-{next(_RIDS)}",
                    "action": Action(table["seats"][seats[0]], a.kind, a.args).to_json(),
                    "match_seq": table["match_seq"]}
            self.pending[park] = body
        async with self.s.post(f"{base}/api/tournaments/{self.tid}/actions", json=body,
                               headers=cb.bearer(token)) as r:
            got = await r.json()
            assert r.status == 200, (body, got)
        del self.pending[park]
        return True

    async def play(self, timeout=300.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                sent = False
                for park in self.tokens:
                    sent = await self.step(park) or sent
                async with self.s.get(f"{self.server.base}/api/tournaments/{self.tid}") as r:
                    view = await r.json()
                if view["over"]:
                    return await cb.record(self.s, self.server.base, self.tid, self.tokens[1])
                if not sent:
                    await asyncio.sleep(0.05)        # the bots are thinking: look again
            except (TimeoutError, aiohttp.ClientError):
                await asyncio.sleep(0.05)            # the coordinator is down: the killer starts it again
        raise AssertionError("the night did not end in time")


async def killer(server: cb.Subprocess, s, tid, at_versions: list[int], kills: list[int]):
    """Kill -9 the coordinator once its tournament has reached each version of ``at_versions``
    (whatever is in flight then), and start it again on the same data folder."""
    for target in at_versions:
        while True:
            try:
                async with s.get(f"{server.base}/api/tournaments/{tid}") as r:
                    v = await r.json()
                if v["over"]:
                    return
                if v["version"] >= target:
                    break
            except (TimeoutError, aiohttp.ClientError):
                pass
            await asyncio.sleep(0.01)
        server.kill9()
        kills.append(target)
        await server.start(timeout=60)           # a loaded machine replays more slowly


def _canonical(action) -> str:
    return json.dumps(action, sort_keys=True)


async def night(tmp, body, parks, seed, kill_rng=None, total=None):
    server = cb.Subprocess(tmp)
    await server.start()
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10)) as s:
            tid, tokens, _ = await cg.create(s, server.base, body, parks)
            n = Night(server, s, tid, tokens, seed)
            kills: list[int] = []
            task = None
            if kill_rng is not None:
                points = sorted(kill_rng.sample(range(total // 10, total * 8 // 10), 3))
                task = asyncio.create_task(killer(server, s, tid, points, kills))
            rec = await n.play()
            if task is not None:
                await task
            return rec, kills
    finally:
        server.stop()


@pytest.mark.parametrize("game,body,parks", [
    ("between", {"game": "between", "players": ["Ann", "Bob", "Cid"], "bots": [{"name": "Ada", "level": "easy"}],
                 "format": "swiss", "rounds": 2, "seed": 21}, 2),
    ("wacky", {"game": "wacky", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"], "format": "tables",
               "rounds": 2, "table_size": 3, "seed": 22}, 2),
])
def test_a_cafe_night_killed_at_random_points_ends_as_an_uninterrupted_one(tmp_path, game, body, parks):
    async def main():
        whole, _ = await night(tmp_path / "whole" / "data", body, parks, seed=5)
        assert whole["snapshot"]["record"]["over"]
        total = len(whole["actions"])
        killed, kills = await night(tmp_path / "killed" / "data", body, parks, seed=5,
                                    kill_rng=random.Random(f"{game}-kills"), total=total)
        assert len(kills) == 3, kills
        assert killed["snapshot"]["record"] == whole["snapshot"]["record"]
        # The same actions (compared as canonical JSON: an action read back from the database
        # after a restart has its keys in another order than one kept since it was played).
        assert sorted(map(_canonical, killed["actions"])) == sorted(map(_canonical, whole["actions"]))
    (tmp_path / "whole").mkdir()
    (tmp_path / "killed").mkdir()
    asyncio.run(main())
