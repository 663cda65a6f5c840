"""A kiosk's park of a Between Battle and a Wacky Challenge tournament, against a real coordinator
(aiohttp on 127.0.0.1, real SQLite): the kiosk's park controller and network client (its own
thread, its outbox in the kiosk's SQLite) take the park and play its table
(:class:`kiosk.table.park.ParkTable`) to the end of the tournament, the coordinator playing the bot
entrants.  Each person's action is stored (local log and outbox) before it is applied; an input
that is not legal now, or at a bot's seat, or while no game is on screen, does nothing; a failed
write changes nothing; the end of each game is held, each half showing its own player, until a
tap; what the kiosk kept is the coordinator's record."""

from __future__ import annotations

import asyncio
import queue
import random

import aiohttp
import cafe
import cafegames as cg
import coordbots as cb
import pytest

from engine.game import Action
from kiosk.games.challengers.park import library_data
from kiosk.park import ParkController
from kiosk.store import StorageError, Store


async def play_a_park(tmp_path, body, people):
    """The tournament ``body`` with ``people`` (one park), played at a kiosk's park; -> what was seen."""
    seen = {"held": [], "refused_inputs": 0, "failed_write": False, "games": set()}
    async with cb.inprocess(tmp_path / "coord") as (base, _coord), aiohttp.ClientSession() as s:
        tid, tokens, _ = await cg.create(s, base, {**body, "players": people, "name": "Park night"}, parks=1)
        async with s.get(base + "/api/me", headers=cb.bearer(tokens[1])) as r:
            kid = (await r.json())["kiosk_id"]
        store = Store(tmp_path / "kiosk.db")
        store.put("coord_kiosk_id", kid)
        store.put("coord_token", tokens[1])
        store.put("coord_kiosk_name", "Table 1")
        from kiosk.network import Client
        ui: queue.Queue = queue.Queue()              # the kiosk's UI thread: this loop runs what the network posts
        pc = ParkController(store, data_for=library_data(cb.lib()))
        client = Client(tmp_path / "kiosk.db", pc, post=ui.put, url=base, poll=0.05)
        pc.attach(client)
        client.start()
        loop = asyncio.get_running_loop()
        try:
            for _ in range(6000):
                while not ui.empty():
                    ui.get()()
                table = pc.table
                if table.playing:
                    seen["games"].add(table.game.name)
                    step(pc, table, seen, body["rounds"])
                elif pc.tid is not None:
                    # Between games (the seating screen): an input reaches nothing.
                    assert table.act(Action(0, "pick", ("x",))) is None
                if pc.tid is not None and pc.view is not None and pc.view.get("over") and table.held \
                        and table.round == pc.view["round"] and store.outbox_rows() == []:
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError(f"not over: {pc.dump()}")
            assert pc.tid == tid and pc.table.game.name != "challengers"
            async with s.get(f"{base}/api/tournaments/{tid}/record", headers=cb.org(tokens[1])) as r:
                assert r.status == 200, await r.text()
                rec = await r.json()
            assert cg.kept_tables(store, tid) == cafe.tables_of_the_record(rec)
        finally:
            await loop.run_in_executor(None, client.stop)
            store.close()
    return seen


def step(pc, table, seen, last_round):
    """One person's input at the park's table, as its screen would give it (the players leave the
    last round's end on screen: the coordinator may say the tournament is over only after the
    kiosk has applied the last move)."""
    if table.held:
        names = table.setup.players
        bottom, top = table.seat_on(0), table.seat_on(1)
        assert bottom is not None and top is not None and bottom != top
        if not seen["held"] or seen["held"][-1][0] != table.round:
            seen["held"].append((table.round, names[bottom], names[top]))
        assert table.legal(bottom) == [] and table.act(Action(bottom, "pick", ("x",))) is None
        if table.round < last_round:
            table.next_game()                  # the end screen's button (the last end stays)
        return
    for seat in sorted(table.to_act()):
        if table.is_bot(seat):
            before = len(table.actions)
            assert table.submit(seat, *_first(table, seat)) is None      # a bot entrant's seat: the coordinator's
            assert len(table.actions) == before
            seen["refused_inputs"] += 1
            continue
        if table.half_of(seat) is None:
            continue
        legal = table.legal(seat)
        if not legal:
            continue
        assert table.act(Action(seat, "no-such-move")) is None           # not legal now: nothing stored
        n, rows = len(table.actions), len(pc.store.outbox_rows())
        choice = legal[random.Random(f"{table.setup.seed}:{n}:{seat}").randrange(len(legal))]
        if not seen["failed_write"]:
            # The disk refuses the first write: nothing is played, nothing is sent.
            real = pc.store.park_play

            def full(*a, **kw):
                raise StorageError("disk full")
            pc.store.park_play = full
            try:
                assert table.act(choice) is None
            finally:
                pc.store.park_play = real
            assert len(table.actions) == n and len(pc.store.outbox_rows()) == rows and table.storage_error
            seen["failed_write"] = True
        events = table.act(choice)
        assert events is not None, table.ignored[-1:]
        # Stored (local log and outbox) as it was applied.
        assert len(pc.store.park_actions(table.match_id)) == len(table.actions) == n + 1
        return


def _first(table, seat):
    legal = table.state.legal_actions(seat)
    a = legal[0] if legal else Action(seat, "pass")
    return (a.kind, *a.args)


@pytest.mark.parametrize("body, people, game", [
    # Three entrants at one park: a duel each round, the third on a bye.
    ({"game": "between", "format": "swiss", "rounds": 2, "seed": 7,
      "bots": [{"name": "Ada", "level": "easy"}, {"name": "Ben", "level": "easy"}]}, ["Ann"], "between"),
    ({"game": "wacky", "format": "tables", "rounds": 1, "table_size": 3, "seed": 8,
      "bots": [{"name": "Ada", "level": "easy"}]}, ["Ann", "Bob"], "wacky"),
])
def test_a_kiosk_plays_a_park_of_another_game_to_the_end(tmp_path, body, people, game):
    seen = asyncio.run(play_a_park(tmp_path, body, people))
    assert seen["games"] == {game}
    assert seen["failed_write"]
    rounds = body["rounds"]
    # Every game's end was held until a tap, each half showing its own player (the last one stays).
    assert sorted({r for r, *_ in seen["held"]}) == list(range(1, rounds + 1)), seen["held"]
    for _rnd, bottom, top in seen["held"]:
        assert bottom != top
        assert bottom in people or top not in people     # a person at the table sits on the bottom half
