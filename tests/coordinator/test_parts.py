"""The coordinator's parts each on their own (``access``, ``lifecycle``, ``writes``, ``botplay``,
``views``, ``live``), given a real store in a temporary folder and nothing of the others but what
they are handed; the whole coordinator behind its HTTP API is tested by the other files here."""

import asyncio
import json

import pytest

from coordinator import api, store
from coordinator.access import Access
from coordinator.botplay import BotPlayer
from coordinator.errors import ApiError
from coordinator.lifecycle import Lifecycle, load_tournaments, plan
from coordinator.live import BACKLOG, notify
from coordinator.tournaments import Entry, Finished, Games
from coordinator.views import Records, kiosk_list, me, summaries
from coordinator.writes import Writes


def create_body(**fields):
    return api.decode(api.CreateTournament, json.dumps(fields))


class Store:
    """A real store in ``path`` with its writer running (``async with``)."""

    def __init__(self, path):
        self.path = path

    async def __aenter__(self):
        self.db = store.open_db(self.path)
        self.reader = store.open_reader(self.path)
        self.writer = store.Writer(self.db)
        self.writer.start()
        return self

    async def __aexit__(self, *exc):
        await self.writer.stop()
        self.reader.close()
        self.db.conn.close()


# ---------------------------------------------------------------------- access
def test_access_pairs_one_kiosk_per_code_and_keeps_the_organiser_pin(tmp_path):
    async def main():
        async with Store(tmp_path) as s:
            a = Access(s.db.conn, s.writer)
            assert a.organiser_pin_source == "generated" and len(a.organiser_pin) == 10
            assert a.pairing_pin is None
            await a.new_pairing_pin()
            code = a.pairing_pin
            with pytest.raises(ApiError) as wrong:
                await a.pair("0" * 12 if code != "0" * 12 else "1" * 12, "Table 1", "10.0.0.9")
            assert wrong.value.status == 403 and a.pairing_pin == code       # a wrong guess changes nothing
            assert a.pairing_guesses.failures("10.0.0.9") == 1
            got = await a.pair(code, "Table 1", "10.0.0.5")
            assert a.pairing_pin not in (None, code)                         # one code pairs one kiosk
            k = a.kiosk_from(f"Bearer {got['token']}")
            assert k is not None and (k.id, k.name) == (got["kiosk_id"], "Table 1")
            with pytest.raises(ApiError) as unknown:
                a.kiosk_from("Bearer nope")
            assert unknown.value.status == 401
            assert a.kiosk_from(None, required=False) is None
            await a.revoke(k.id)
            with pytest.raises(ApiError) as revoked:
                a.kiosk_from(f"Bearer {got['token']}")
            assert revoked.value.status == 403 and "revoked" in revoked.value.error
            with pytest.raises(ApiError) as pin:
                a.check_organiser("wrong", "10.0.0.9")
            assert pin.value.status == 403
            a.check_organiser(a.organiser_pin, "10.0.0.9")
            kept = a.organiser_pin
        async with Store(tmp_path) as s:
            again = Access(s.db.conn, s.writer)              # what was stored comes back
            assert (again.organiser_pin, again.organiser_pin_source) == (kept, "stored")
            assert again.kiosks[k.id].revoked and again.pairing_pin is not None
            given = Access(s.db.conn, s.writer, organiser_pin="12345678")
            assert (given.organiser_pin, given.organiser_pin_source) == ("12345678", "--organiser-pin")
    asyncio.run(main())


# ---------------------------------------------------------------------- lifecycle
def test_plan_refuses_what_the_rules_refuse_and_names_the_options_of_the_other_kind():
    for fields, words in [
        ({"players": ["Ann", "ann"]}, "the same name twice"),
        ({"players": ["Ann"], "bots": [{"name": "ANN"}]}, "a bot entrant has the name of another player"),
        ({"players": ["Ann", "Robot"]}, "'Robot' is the name"),
        ({"players": []}, "1 to 8 players"),
        ({"game": "between", "players": ["Ann", "Bob"], "box": "beach"}, "box: Challengers! options"),
        ({"players": ["Ann", "Bob"], "rounds": 2}, "rounds: options of a café format"),
    ]:
        with pytest.raises(ApiError) as got:
            plan(create_body(**fields))
        assert got.value.status == 409 and words in got.value.error, (fields, got.value.error)
    p = plan(create_body(game="between", players=[" Ann ", "Bob"], bots=[{"name": "Zed", "level": "easy"}],
                         format="swiss", rounds=2, seed=7))
    assert (p.name, p.game, p.bots, list(p.setup.players), p.setup.seed) == (
        "Tournament", "between", {2: "easy"}, ["Ann", "Bob", "Zed"], 7)


def test_lifecycle_creates_assigns_and_a_new_coordinator_resumes_the_same_tournament(tmp_path):
    told, kicked = [], []

    async def main():
        async with Store(tmp_path) as s:
            access = Access(s.db.conn, s.writer)
            await access.new_pairing_pin()
            kiosk = await access.pair(access.pairing_pin, "Table 1", "10.0.0.5")
            tournaments = {}
            life = Lifecycle(Games(), s.writer, tournaments, access, lambda e, what: told.append(what),
                             kicked.append)
            view = await life.create(create_body(game="between", players=["Ann", "Bob"],
                                                 bots=[{"name": "Zed"}, {"name": "Yan"}], rounds=1, seed=3))
            tid = view["id"]
            e = tournaments[tid]
            assert isinstance(e, Entry) and kicked == [tid] and view["game"] == "between"
            with pytest.raises(ApiError) as bad_park:
                await life.assign(e, 9, kiosk["kiosk_id"])
            assert bad_park.value.status == 404
            with pytest.raises(ApiError) as no_kiosk:
                await life.assign(e, 1, 99)
            assert no_kiosk.value.status == 404 and "no kiosk 99" in no_kiosk.value.error
            got = await life.assign(e, 1, kiosk["kiosk_id"])
            assert got["kiosks"] == {"1": kiosk["kiosk_id"]} and told == ["kiosks"]
            first = e.state.legal_actions(next(iter(e.state.to_act())))[0]
            e.apply(first, ("r1", kiosk["kiosk_id"], 0))
            await s.writer.write(lambda conn: conn.execute(
                "INSERT INTO actions(tournament_id, seq, action, request_id, kiosk_id, match_seq, created) "
                "VALUES (?,?,?,?,?,?,?)", (tid, 1, store.dumps(first.to_json()), "r1", kiosk["kiosk_id"], 0, 0.0)))
            snapshot = e.cafe.snapshot(e.state)
        async with Store(tmp_path) as s:
            resumed = load_tournaments(s.db.conn, Games())[tid]
            assert isinstance(resumed, Entry)
            assert resumed.cafe.snapshot(resumed.state) == snapshot and resumed.bots == {2: "medium", 3: "medium"}
            assert resumed.kiosks == {1: kiosk["kiosk_id"]} and resumed.rows == [("r1", kiosk["kiosk_id"], 0)]
    asyncio.run(main())


# ---------------------------------------------------------------------- writes
def test_the_write_path_stores_before_it_answers_and_a_resend_is_the_same_answer(tmp_path):
    async def main():
        async with Store(tmp_path) as s:
            access = Access(s.db.conn, s.writer)
            await access.new_pairing_pin()
            paired = await access.pair(access.pairing_pin, "Table 1", "10.0.0.5")
            kiosk = access.kiosks[paired["kiosk_id"]]
            games, tournaments, told, kicked = Games(), {}, [], []
            life = Lifecycle(games, s.writer, tournaments, access, lambda e, what: None, kicked.append)
            tid = (await life.create(create_body(game="between", players=["Ann", "Bob"], rounds=1, seed=3)))["id"]
            await life.assign(tournaments[tid], 1, kiosk.id)
            writes = Writes(games, s.writer, Records(s.reader, games), tournaments,
                            lambda e, what: told.append(what), kicked.append)
            e = tournaments[tid]
            seat = next(iter(e.state.to_act()))
            action = e.state.legal_actions(seat)[0]

            def request(rid, act, seq):
                text = json.dumps({"request_id": rid, "action": act, "match_seq": seq})
                return api.decode(api.ActionRequest, text), text

            # Not legal now: 409 with the legal kinds, nothing applied or stored.
            other = 1 - seat
            with pytest.raises(ApiError) as illegal:
                await writes.act(e, kiosk, *request("x1", {"player": other, "kind": "nothing", "args": []}, 0))
            assert illegal.value.status == 409 and e.version == 0 and writes.requests == {}
            body, text = request("r1", action.to_json(), 0)
            answer, duplicate = await writes.act(e, kiosk, body, text)
            assert not duplicate and json.loads(answer)["seq"] == 1 and told
            stored = s.db.conn.execute("SELECT request_id, action FROM actions WHERE tournament_id = ?",
                                       (tid,)).fetchall()
            assert stored == [("r1", store.dumps(action.to_json()))]
            again, duplicate = await writes.act(e, kiosk, body, text)
            assert duplicate and again == answer and e.version == 1
            # The same request id for another action is refused, saying which it holds.
            with pytest.raises(ApiError) as reused:
                await writes.act(e, kiosk, *request("r1", {"player": other, "kind": "nothing", "args": []}, 1))
            assert reused.value.status == 409 and "already used" in reused.value.error
    asyncio.run(main())


# ---------------------------------------------------------------------- bot play
def test_the_bot_player_asks_for_each_seat_the_game_gives_it_and_stops(tmp_path):
    async def main():
        games = Games()
        e = games.new_entry(1, "Bots", "between", plan(create_body(
            game="between", players=[], bots=[{"name": "Zed", "level": "easy"}, {"name": "Yan", "level": "easy"}],
            rounds=1, seed=11)).setup, bots={0: "easy", 1: "easy"})
        tournaments = {1: e}
        applied = []

        async def apply(tid, seat, version, action):
            assert action in e.state.legal_actions(seat) and version == e.version
            e.apply(action, (f"bot-{tid}-{e.version + 1}", 0, None))
            applied.append(action)
            player.kick(tid)

        player = BotPlayer(tournaments, apply)
        player.kick(1)
        for _ in range(2000):
            if len(applied) >= 3:
                break
            await asyncio.sleep(0.01)
        await player.stop()
        assert len(applied) >= 3 and player.tasks == {} and player.executor is None
    asyncio.run(main())


# ---------------------------------------------------------------------- views and live updates
def test_summaries_me_and_kiosk_list_read_any_tournament():
    from coordinator.access import Kiosk
    done = Finished(2, "Old", 1.0, {"id": 2, "round": 3, "phase": "over", "parks": 1, "version": 9},
                    kiosks={1: 5})
    later = Finished(7, "Later", 2.0, {"id": 7, "game": "wacky", "round": 1, "phase": "over", "parks": 2,
                                       "version": 4, "over": True}, kiosks={2: 5, 1: 6})
    assert [s["id"] for s in summaries([later, done])] == [2, 7]
    assert done.game == "challengers" and done.summary()["over"] is True        # an old summary, completed
    k = Kiosk(5, "Table 5", "h")
    assert [p["tournament"] for p in me([later, done], k)["parks"]] == [2, 7]
    listed = kiosk_list([done, later], [k, Kiosk(6, "Table 6", "h2", revoked=True)])
    assert listed[1] == {"kiosk_id": 6, "name": "Table 6", "revoked": True, "parks": [{"tournament": 7, "park": 1}]}


def test_notify_tells_every_subscriber_but_one_too_far_behind():
    async def main():
        t = Finished(3, "T", 0.0, {"round": 2, "phase": "over", "version": 12})
        notify(t, "nothing to anyone")           # no subscriber: nothing to do
        quick, slow = asyncio.Queue(), asyncio.Queue()
        for _ in range(BACKLOG):
            slow.put_nowait("old")
        t.subscribers.update({quick, slow})
        notify(t, ["round"])
        assert json.loads(quick.get_nowait()) == {"type": "update", "tournament": 3, "version": 12, "round": 2,
                                                  "phase": "over", "what": ["round"]}
        assert slow.qsize() == BACKLOG
    asyncio.run(main())


# ---------------------------------------------------------------------- tournaments and errors
def test_an_entry_keeps_each_parks_table_game_actions_and_replays_to_the_same_state():
    games = Games()
    setup = plan(create_body(game="between", players=["Ann", "Bob", "Cid", "Dee"], rounds=1, seed=5)).setup
    e = games.new_entry(4, "Night", "between", setup, kiosks={1: 1, 2: 2})
    for n in range(6):
        seat = min(e.state.to_act())
        action = e.state.legal_actions(seat)[0]
        park = e.cafe.table_of(e.state, action)
        before = len(e.table_entries(park))
        e.apply(action, (f"r{n}", park, before))
        assert e.table_entries(park)[-1] == len(e.actions) - 1 and e.action_at(len(e.actions)) == action.to_json()
    assert e.version == 6 and e.action_at(0) is None and e.action_at(7) is None
    again = games.replayed(e)
    assert again.cafe.snapshot(again.state) == e.cafe.snapshot(e.state)
    assert (again.rows, again.kiosks, again.lock) == (e.rows, e.kiosks, e.lock)
    with pytest.raises(ApiError) as no_cafe:
        Games().new_entry(1, "x", "no-such-game", setup)
    assert no_cafe.value.status == 409 and "unknown game 'no-such-game'" in no_cafe.value.error


def test_too_many_says_the_whole_seconds_to_wait():
    from coordinator.errors import too_many
    e = too_many("pairing codes", 2.01)
    assert (e.status, e.headers, e.error) == (429, {"Retry-After": "3"},
                                              "too many wrong pairing codes from this address: wait 3 s")
    assert too_many("organiser PINs", 0.0).headers == {"Retry-After": "1"}
