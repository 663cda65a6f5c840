"""Helpers for café tournaments of the games of the table (Between Battle, Wacky Challenge, Cosplay
Team Battle) against a real coordinator: a park's kiosk as the protocol describes it -- it reads
its park's private view, replays its table from the set-up and the actions, and sends a legal
action of a person's seat with its ``match_seq``."""

from __future__ import annotations

import asyncio
import itertools
import random
import time

import coordbots as cb

import cards
from engine import registry
from engine.game import Action, GameSetup

_DATA: dict = {}
_IDS = itertools.count(1)


def data(game: str):
    if game not in _DATA:
        _DATA[game] = registry.get(game).load(cards)
    return _DATA[game]


def replay_table(game: str, private_table: dict):
    """The park's table game as the kiosk rebuilds it from its park's private view."""
    s = private_table["setup"]
    g = registry.get(game)
    state = g.new(data(game), GameSetup(s["game"], tuple(s["players"]), s["seed"], s["options"]))
    for a in private_table["actions"]:
        state.apply(Action.from_json(a))
    return state


async def create(s, base, body, parks: int):
    """Pair ``parks`` kiosks, create the tournament, assign them; -> (tid, {park: token}, view)."""
    kiosks = {p: await cb.pair(s, base, f"Table {p}") for p in range(1, parks + 1)}
    admin = kiosks[1][1]
    async with s.post(base + "/api/tournaments", json=body, headers=cb.org(admin)) as r:
        assert r.status == 201, await r.text()
        view = await r.json()
    assert view["parks"] == parks, view["parks"]
    for park, (kid, _) in kiosks.items():
        async with s.post(f"{base}/api/tournaments/{view['id']}/parks/{park}/kiosk", json={"kiosk_id": kid},
                          headers=cb.org(admin)) as r:
            assert r.status == 200, await r.text()
    return view["id"], {p: tok for p, (_, tok) in kiosks.items()}, view


async def park_view(s, base, tid, park, token):
    async with s.get(f"{base}/api/tournaments/{tid}/parks/{park}", headers=cb.bearer(token)) as r:
        assert r.status == 200, await r.text()
        return await r.json()


async def post(s, base, tid, token, action: Action, match_seq, request_id=None):
    body = {"request_id": request_id or f"k-{next(_IDS)}", "action": action.to_json(), "match_seq": match_seq}
    async with s.post(f"{base}/api/tournaments/{tid}/actions", json=body, headers=cb.bearer(token)) as r:
        return r.status, await r.json()


def choose(table: dict, seat: int, legal: list, seed: int):
    """A person's choice: drawn from the table's seed, the index and the seat only, so the same
    table in the same state gets the same choice however the requests interleave (and across a
    coordinator's restarts)."""
    rng = random.Random(f"{seed}:{table['setup']['seed']}:{table['match_seq']}:{seat}")
    return legal[rng.randrange(len(legal))]


async def play_one(s, base, tid, park, token, seed: int) -> bool:
    """One action of a person at the park, if one may act now; whether one was sent."""
    v = await park_view(s, base, tid, park, token)
    if v["over"] or v["private"] is None or v["table"]["over"]:
        return False
    table = v["private"]["table"]
    bots = {x["player"] for x in v["players"] if x["bot"]}
    state = replay_table(v["game"], table)
    if any(table["seats"][seat] in bots for seat in state.to_act()):
        return False        # a bot may act at this table too: its move first, so the order does not hang on timing
    for seat in sorted(state.to_act()):
        player = table["seats"][seat]
        if player in bots:
            continue
        a = choose(table, seat, state.legal_actions(seat), seed)
        status, got = await post(s, base, tid, token, Action(player, a.kind, a.args), table["match_seq"])
        assert status == 200, got
        return True
    return False


async def play_to_the_end(s, base, tid, tokens: dict, seed=0, timeout=240.0):
    """The kiosks play their people's seats until the tournament is over (the coordinator plays
    the bots' meanwhile); -> the public view at the end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        sent = False
        for park, token in tokens.items():
            sent = await play_one(s, base, tid, park, token, seed) or sent
        async with s.get(f"{base}/api/tournaments/{tid}") as r:
            view = await r.json()
        if view["over"]:
            return view
        if not sent:
            await asyncio.sleep(0.05)       # the bots are thinking: look again
    raise AssertionError(f"tournament {tid} not over within {timeout} s")


def kept_tables(store, tid):
    """{(round, park): [actions]} of the park matches a kiosk's store kept for tournament ``tid``."""
    conn = store.db.conn
    return {(rnd, park): [Action.from_json(a).to_json() for a in store.park_actions(mid)]
            for mid, rnd, park in conn.execute("select id, round, park from park_matches where tournament = ?", (tid,))}
