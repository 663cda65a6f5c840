"""Bot entrants (the search bot entered by the organiser), against a real coordinator on 127.0.0.1
with real HTTP clients: the organiser's request is validated (4xx saying why, nothing stored),
stored before the answer and kept across a restart; the coordinator plays the bots' Deck Phases
and the matches with no person in them (bot against bot, bot against the Robot) in its worker
process while it keeps answering; a kiosk may not act for a bot."""

import asyncio
import sqlite3
import time

import aiohttp
import pytest

import coordbots as cb
from coordinator.store import row_counts
from coordinator.views import plain


def test_the_organisers_bot_entrants_are_validated_and_nothing_is_stored_when_refused(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                _, tok = await cb.pair(s, base, "Organiser")
                db = tmp_path / "data" / "coordinator.db"
                before = row_counts(db)
                bad = [
                    ({"players": ["Ann"], "bots": [{"name": "Ada", "level": "expert"}]}, 400, "'bots.0.level'"),
                    ({"players": ["Ann"], "bots": [{"name": "Ada", "budget": 9}]}, 400, "unknown field 'bots.0.budget'"),
                    ({"players": ["Ann"], "bots": [{"level": "easy"}]}, 400, "missing field 'bots.0.name'"),
                    ({"players": [], "bots": []}, 409, "1 to 8 players, people and bots together, not 0"),
                    ({"players": [f"P{i}" for i in range(6)], "bots": [{"name": f"B{i}"} for i in range(3)]}, 409,
                     "not 9"),
                    ({"players": ["Ann"], "bots": [{"name": "ann"}]}, 409, "a bot entrant has the name of another"),
                    ({"players": ["Ann"], "bots": [{"name": "Robot"}]}, 409, "'Robot' is the name of the Robot"),
                ]
                for body, status, why in bad:
                    async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                        assert r.status == status, (body, await r.text())
                        assert why in (await r.json())["error"], (body, await r.text())
                assert row_counts(db) == before
                async with s.get(base + "/api/tournaments") as r:
                    assert (await r.json())["tournaments"] == []
                # a good one: stored before the answer (read from the file while the server runs)
                body = {"players": ["Ann"], "bots": [{"name": "Ada", "level": "hard"}], "seed": 3}
                async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                    assert r.status == 201, await r.text()
                    v = await r.json()
                with sqlite3.connect(db) as conn:
                    (settings,), = conn.execute("SELECT settings FROM tournaments WHERE id = ?", (v["id"],))
                assert settings == '{"bots":{"1":"hard"},"game":"challengers"}'
                assert [(p["name"], p["robot"], p["bot"]) for p in v["players"]] == [("Ann", False, None),
                                                                                   ("Ada", False, "hard")]
                assert {r["name"]: r["bot"] for r in v["standings"]} == {"Ann": None, "Ada": "hard"}
                assert [(x["name"], x["bot"]) for x in v["seats"]] == [("Ann", None), ("Ada", "hard")]
    asyncio.run(main())


def test_a_kiosk_may_not_act_for_a_bot(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tid, tokens, _ = await cb.new_tournament(s, base, ["Ann"], 4, bots=[{"name": "Ada", "level": "easy"}])
                tok = tokens[1]
                # the bot drafts by itself (the coordinator); the kiosk's try for it is refused
                await until(lambda: coord.tournaments[tid].state.tournament.deck_phases[1].stage == "done", 30)
                version = coord.tournaments[tid].version
                async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tok),
                                  json={"request_id": "k-try-1", "action": {"player": 1, "kind": "deck.done", "args": []}}) as r:
                    assert r.status == 409
                    assert "player 1 (Ada) is a bot" in (await r.json())["error"]
                assert coord.tournaments[tid].version == version
                assert coord.tournaments[tid].state.tournament.deck_phases[0].stage != "done"     # the person's is theirs
    asyncio.run(main())


async def until(fn, timeout):
    end = time.monotonic() + timeout
    while not fn():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.02)


@pytest.mark.slow
def test_bots_only_played_by_the_coordinator_to_the_end_through_a_restart(tmp_path):
    """Three bot entrants and the Robot: two parks, no person anywhere.  The coordinator plays every
    Deck Phase and every match (the Robot's side too); it is stopped in the middle and started
    again from its files; the tournament ends, its record replays to its snapshot, and the
    coordinator answered every request meanwhile without waiting for the bots."""
    data = tmp_path / "data"
    body = {"players": [], "bots": [{"name": n, "level": "easy"} for n in ("Ada", "Bo", "Cy")], "seed": 21,
            "robot_level": 2}
    slowest = []
    seen = set()  # (round, phase) of every answer: the polls ran while the bots were playing
    meanwhile = []  # answers that came while a bot's decision was in the worker process

    async def watch(s, base, coord, tid, stop_at):
        """GET the public view every 20 ms until ``stop_at(view)``; each answer's time is kept, and
        whether a bot's decision was in the worker process when it came."""
        while True:
            t0 = time.perf_counter()
            async with s.get(f"{base}/api/tournaments/{tid}") as r:
                v = await r.json()
            slowest.append(time.perf_counter() - t0)
            seen.add((v["round"], v["phase"]))
            if coord.bots.thinking:
                meanwhile.append(v["round"])
            if stop_at(v):
                return v
            await asyncio.sleep(0.02)

    async def first_half():
        async with cb.inprocess(data) as (base, coord):
            async with aiohttp.ClientSession() as s:
                _, tok = await cb.pair(s, base, "Organiser")
                async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                    assert r.status == 201, await r.text()
                    v = await r.json()
                assert [p["bot"] for p in v["players"]] == ["easy", "easy", "easy", None]
                assert v["players"][3]["robot"]
                tid = v["id"]
                v = await watch(s, base, coord, tid, lambda v: v["round"] >= 4)
                assert v["phase"] != "over"
                decided = coord.bot_decisions
                assert decided > 20
                return tid, tok

    async def second_half(tid, tok):
        async with cb.inprocess(data) as (base, coord):
            async with aiohttp.ClientSession() as s:
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    v = await r.json()
                assert v["round"] >= 4 and v["phase"] != "over"
                v = await watch(s, base, coord, tid, lambda v: v["phase"] == "over")
                assert v["winner"] is not None and coord.bot_decisions > 0
                assert {r["name"]: r["bot"] for r in v["standings"]} == {"Ada": "easy", "Bo": "easy", "Cy": "easy"}
                return await cb.record(s, base, tid, tok)

    tid, tok = asyncio.run(first_half())
    rec = asyncio.run(second_half(tid, tok))
    assert all(m["kiosk_id"] == 0 and m["request_id"].startswith(f"bot-{tid}-") for m in rec["meta"])
    assert any(a["kind"] == "match.choose" for a in rec["actions"])
    again = cb.replay_record(rec)
    assert again.phase == "over" and plain(again.snapshot()) == rec["snapshot"]
    # The event loop never waited for a bot's search (it runs in the worker process): GETs of the
    # public view were answered while a decision was in the worker, in several rounds (a search
    # on the event loop would let none through until it ended).  How many GETs fit in the
    # tournament depends on the machine's speed, not how long each took (a loaded machine delays
    # every answer), so what is asserted is that they spanned its play: many rounds and phases.
    assert len(seen) >= 6 and len(set(meanwhile)) >= 3, (sorted(seen), len(slowest), max(slowest),
                                                         len(meanwhile), sorted(set(meanwhile)))


@pytest.mark.slow
def test_the_bots_play_on_when_their_worker_process_dies(tmp_path):
    """The worker process killed (-9) mid-tournament: the coordinator starts a new one and the
    two bots play the tournament to its end."""
    import os
    import signal

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                _, tok = await cb.pair(s, base, "Organiser")
                body = {"players": [], "bots": [{"name": "Ada", "level": "easy"}, {"name": "Bo", "level": "easy"}],
                        "seed": 2}
                async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                    tid = (await r.json())["id"]
                await until(lambda: coord.tournaments[tid].summary()["round"] >= 3, 60)
                first = coord.bots.executor
                pids = list(first._processes)
                assert len(pids) == 1
                os.kill(pids[0], signal.SIGKILL)
                await until(lambda: coord.tournaments[tid].finished, 90)
                assert coord.bots.executor is not first
                async with s.get(f"{base}/api/tournaments/{tid}") as r:
                    v = await r.json()
                assert v["phase"] == "over" and v["winner"] is not None
    asyncio.run(main())


@pytest.mark.slow
def test_the_bots_worker_process_leaves_with_a_coordinator_killed_by_sigkill(tmp_path):
    """kill -9 of the coordinator cannot stop its bots' worker process: the worker sees that its
    parent is gone and leaves by itself (no orphan left running)."""
    import os
    import signal

    coord = cb.Subprocess(tmp_path / "data")

    async def main():
        await coord.start()
        async with aiohttp.ClientSession() as s:
            _, tok = await cb.pair(s, coord.base, "Organiser")
            body = {"players": [], "bots": [{"name": "Ada", "level": "easy"}, {"name": "Bo", "level": "easy"}],
                    "seed": 6}
            async with s.post(coord.base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                assert r.status == 201
            await asyncio.sleep(1.0)
    children: list[int] = []
    try:
        asyncio.run(main())
        children = worker_pids(coord.proc.pid)
        assert children, "the coordinator started no worker process"
        coord.kill9()
        end = time.monotonic() + 10
        while any(alive(p) for p in children):
            assert time.monotonic() < end, f"orphaned worker processes still running: {children}"
            time.sleep(0.2)
    finally:
        coord.stop()
        for p in children:
            if alive(p):
                os.kill(p, signal.SIGKILL)


def worker_pids(parent: int) -> list[int]:
    """The multiprocessing worker processes whose parent is ``parent`` (Linux /proc)."""
    import os
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{name}/cmdline", "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if int(fields[1]) == parent and b"multiprocessing" in cmd:
            out.append(int(name))
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
