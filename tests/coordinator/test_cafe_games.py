"""Café tournaments of the games of the table through the coordinator's HTTP API, against a real
aiohttp server on 127.0.0.1 with real clients: the organiser creates them with a game and a café
format (validated: 4xx saying why, nothing stored), the parks' kiosks play their people's seats
(the coordinator its bot entrants), and the record at the end replays to the same tournament.
An illegal or stale action is a 409 with a code and changes nothing."""

import asyncio
import sqlite3

import aiohttp
import pytest
import cafegames as cg
import coordbots as cb

from coordinator.store import row_counts
from engine import registry
from engine.cafe import tournament_game
from engine.game import Action, replay


def _replayed(rec):
    """The record's set-up and actions replayed by the engine alone."""
    cafe = registry.cafe(rec["game"])
    setup = cafe.setup_from_stored(rec["setup"])
    state, _ = replay(tournament_game(setup), cg.data(rec["game"]), setup,
                      [Action.from_json(a) for a in rec["actions"]])
    return state


def test_the_game_and_its_format_are_validated_and_nothing_is_stored_when_refused(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            _, tok = await cb.pair(s, base, "Organiser")
            db = tmp_path / "data" / "coordinator.db"
            before = row_counts(db)
            four = ["Ann", "Bob", "Cid", "Dee"]
            bad = [
                ({"game": "chess", "players": four}, 400, "'challengers', 'between', 'wacky' or 'cosplay'"),
                ({"game": "between", "players": four, "format": "league"}, 400, "'format'"),
                ({"game": "between", "players": four, "rounds": 0}, 400, "'rounds'"),
                ({"game": "between", "players": four, "format": "tables"}, 409,
                 "Between Battle is not played as 'tables'"),
                ({"game": "wacky", "players": four, "format": "swiss"}, 409, "its formats: tables"),
                ({"game": "between", "players": four, "rounds": 9}, 409, "plays 1 to 3 rounds, not 9"),
                ({"game": "between", "players": four, "format": "knockout", "rounds": 2}, 409,
                 "a knockout plays until one entrant is left"),
                ({"game": "wacky", "players": four, "table_size": 8}, 409, "table_size"),
                ({"game": "between", "players": four, "box": "beach"}, 409, "box: Challengers! options"),
                ({"players": ["Ann", "Bob"], "format": "swiss"}, 409, "format: options of a café format"),
                ({"game": "between", "players": ["Ann"]}, 409, "too few entrants"),
            ]
            for body, status, why in bad:
                async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                    assert r.status == status, (body, await r.text())
                    assert why in (await r.json())["error"], (body, await r.text())
            assert row_counts(db) == before
            async with s.get(base + "/api/tournaments") as r:
                assert (await r.json())["tournaments"] == []
            # The OpenAPI document lists the game and the format's options.
            async with s.get(base + "/openapi.json") as r:
                spec = await r.json()
            props = spec["components"]["schemas"]["CreateTournament"]["properties"]
            assert {"game", "format", "rounds", "table_size", "seeding"} <= set(props)
            assert "between" in str(props["game"]) and "swiss" in str(props["format"])
            # Old clients (no "game"): Challengers!, as before.
            async with s.post(base + "/api/tournaments", json={"players": ["Ann", "Bob"], "seed": 1},
                              headers=cb.org(tok)) as r:
                assert r.status == 201, await r.text()
                assert (await r.json())["game"] == "challengers"
            # A good one: stored before the answer (read from the file while the server runs).
            body = {"game": "between", "players": four, "format": "swiss", "rounds": 2, "seed": 5}
            async with s.post(base + "/api/tournaments", json=body, headers=cb.org(tok)) as r:
                assert r.status == 201, await r.text()
                v = await r.json()
            assert (v["game"], v["format"], v["rounds"], v["parks"]) == ("between", "swiss", 2, 2)
            assert "seed" not in str(v["tables"])
            with sqlite3.connect(db) as conn:
                (setup, settings), = conn.execute("SELECT setup, settings FROM tournaments WHERE id = ?",
                                                  (v["id"],))
            assert '"format":"swiss"' in setup and '"game":"between"' in settings
    asyncio.run(main())


def test_the_game_names_of_the_api_are_the_registered_games_with_a_cafe_module():
    from coordinator.api import CAFE_GAMES
    assert sorted(CAFE_GAMES) == sorted(g.name for g in registry.games() if g.cafe is not None)


@pytest.mark.slow
def test_a_between_swiss_is_played_to_the_end_over_http_and_illegal_or_stale_actions_change_nothing(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord), aiohttp.ClientSession() as s:
            body = {"game": "between", "name": "Ninja night", "players": ["Ann", "Bob", "Cid"],
                    "bots": [{"name": "Ada", "level": "easy"}], "format": "swiss", "rounds": 2, "seed": 11}
            tid, tokens, _view = await cg.create(s, base, body, parks=2)
            # Refusals: each a 409 with its code, and the tournament as it was.
            v = await cg.park_view(s, base, tid, 1, tokens[1])
            table = v["private"]["table"]
            state = cg.replay_table("between", table)
            seat = min(state.to_act())
            player = table["seats"][seat]
            other = table["seats"][1 - seat]
            version = v["version"]
            legal = state.legal_actions(seat)[0]
            refusals = [
                (Action(player, "play", ("no-such-card", "a")), table["match_seq"], "illegal"),
                (Action(other, legal.kind, legal.args), table["match_seq"], "illegal"),
                (Action(player, legal.kind, legal.args), table["match_seq"] + 1, "out-of-order"),
            ]
            if 3 in table["seats"]:         # Ada, a bot, at this park: the coordinator plays her
                refusals.append((Action(3, legal.kind, legal.args), table["match_seq"], "bot-seat"))
            for action, seq, code in refusals:
                status, got = await cg.post(s, base, tid, tokens[1], action, seq)
                assert (status, got.get("code")) == (409, code), (action, got)
            # A kiosk acting for another park's table: 403.
            status, got = await cg.post(s, base, tid, tokens[2], Action(player, legal.kind, legal.args),
                                        table["match_seq"])
            assert status == 403, got
            v2 = await cg.park_view(s, base, tid, 1, tokens[1])
            assert v2["private"]["table"]["actions"] == table["actions"]
            # One good action, then the same index again with another action: stale.
            status, got = await cg.post(s, base, tid, tokens[1], Action(player, legal.kind, legal.args),
                                        table["match_seq"])
            assert status == 200 and got["match_seq"] == table["match_seq"], got
            after = (await cg.park_view(s, base, tid, 1, tokens[1]))["private"]["table"]
            st = cg.replay_table("between", after)
            nxt = sorted(st.to_act())
            if nxt:
                a = st.legal_actions(nxt[0])[0]
                status, got = await cg.post(s, base, tid, tokens[1], Action(after["seats"][nxt[0]], a.kind,
                                                                             a.args), table["match_seq"])
                assert (status, got.get("code")) == (409, "stale"), got
            assert version < (await cg.park_view(s, base, tid, 1, tokens[1]))["version"] or not nxt
            end = await cg.play_to_the_end(s, base, tid, tokens, seed=3)
            assert end["over"] and end["winner"] in ("Ann", "Bob", "Cid", "Ada")
            assert [r["round"] for r in end["results"]] == [1, 2]
            rec = await cb.record(s, base, tid, tokens[1])
            state = _replayed(rec)
            assert state.record()["standings"] == [{k: v for k, v in r.items() if k != "bot"}
                                                   for r in end["standings"]]
            # Once over: an action is 409 "over"; the views are read from the final record.
            status, got = await cg.post(s, base, tid, tokens[1], Action(0, "play", ("x", "a")), 0)
            assert (status, got.get("code")) == (409, "over"), got
            assert coord.bot_decisions > 0
    asyncio.run(main())


def test_a_wacky_tables_tournament_is_played_to_the_end_over_http(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            body = {"game": "wacky", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"], "format": "tables",
                    "rounds": 2, "table_size": 3, "seed": 4}
            tid, tokens, view = await cg.create(s, base, body, parks=2)
            assert [len(t["players"]) for t in view["tables"]] == [3, 3]
            # The public view and another park's view hold no table's secrets.
            v1 = await cg.park_view(s, base, tid, 1, tokens[1])
            assert v1["private"] is not None
            async with s.get(f"{base}/api/tournaments/{tid}/parks/1", headers=cb.bearer(tokens[2])) as r:
                assert r.status == 403, await r.text()
            async with s.get(f"{base}/api/tournaments/{tid}/parks/1") as r:
                assert (await r.json())["private"] is None
            async with s.get(f"{base}/api/tournaments/{tid}") as r:
                public = await r.text()
            assert str(v1["private"]["table"]["setup"]["seed"]) not in public
            end = await cg.play_to_the_end(s, base, tid, tokens, seed=8)
            assert end["over"] and [r["round"] for r in end["results"]] == [1, 2]
            rec = await cb.record(s, base, tid, tokens[1])
            assert _replayed(rec).record()["winner"] == end["winner"]
    asyncio.run(main())


@pytest.mark.slow
def test_a_cosplay_tables_tournament_is_played_over_http_and_a_malformed_action_is_a_400(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            body = {"game": "cosplay", "players": ["Ann", "Bob", "Cid", "Dee"], "format": "tables",
                    "rounds": 1, "table_size": 2, "seed": 6}
            tid, tokens, view = await cg.create(s, base, body, parks=2)
            assert view["format"] == "tables" and view["rules"]["table_size"] == 2
            bad = [({"player": 0, "kind": "recruit", "args": [[1]]}, "not an action argument"),
                   ({"player": 0, "kind": "recruit", "args": ["x" * 80]}, "'action.args[0]'"),
                   ({"player": 0, "kind": "x" * 40, "args": []}, "'action.kind'"),
                   ({"player": 999, "kind": "recruit", "args": []}, "'action.player'")]
            for action, why in bad:
                async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tokens[1]),
                                  json={"request_id": "bad-1", "action": action, "match_seq": 0}) as r:
                    assert r.status == 400 and why in (await r.json())["error"], await r.text()
            async with s.post(f"{base}/api/tournaments/{tid}/actions", headers=cb.bearer(tokens[1]),
                              json={"request_id": "bad-2", "action": {"player": 0, "kind": "recruit"}}) as r:
                assert r.status == 400 and "match_seq" in (await r.json())["error"], await r.text()
            end = await cg.play_to_the_end(s, base, tid, tokens, seed=2)
            assert end["over"] and len(end["results"]) == 1
    asyncio.run(main())


def test_a_kiosk_takes_a_park_of_any_game_it_has_registered(tmp_path):
    """A kiosk assigned a park of a Between Battle tournament takes it (its park table plays every
    game the kiosk has registered), and a running tournament of such a game is offered to join."""
    from kiosk.network import Client
    from kiosk.store import Store

    seen: list = []

    class Sink:
        def on_assignment(self, tid, park):
            seen.append(("assignment", tid, park))

        def on_unassigned(self, tournaments):
            seen.append(("unassigned", sorted(t["id"] for t in tournaments)))

    async def wait_for(what):
        for _ in range(400):
            if what():
                return
            await asyncio.sleep(0.025)
        raise AssertionError(f"the kiosk saw only {len(seen)} events, the last {seen[-3:]}")

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            body = {"game": "between", "name": "Ninja night", "players": ["Ann", "Bob", "Cid", "Dan"],
                    "format": "swiss", "rounds": 1, "seed": 3}
            tid, tokens, _view = await cg.create(s, base, body, parks=2)
            kid3, token3 = await cb.pair(s, base, "Table 3")       # paired, assigned to no park
            Store(tmp_path / "kiosk.db").close()
            Store(tmp_path / "kiosk3.db").close()
            client = Client(tmp_path / "kiosk.db", Sink(), post=lambda fn: fn(), url=base, poll=0.05)
            spare = Client(tmp_path / "kiosk3.db", Sink(), post=lambda fn: fn(), url=base, poll=0.05)
            client.start()
            spare.start()
            try:
                client.set_credentials(1, tokens[1])
                spare.set_credentials(kid3, token3)
                await wait_for(lambda: ("assignment", tid, 1) in seen)
                await wait_for(lambda: ("unassigned", [tid]) in seen)    # offered to the spare kiosk
            finally:
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(None, client.stop)
                await loop.run_in_executor(None, spare.stop)

    asyncio.run(main())
