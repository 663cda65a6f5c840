"""Phone seats at a café park, against a real coordinator (aiohttp on 127.0.0.1, real SQLite): the
kiosk's park controller and network client, its park's table (:class:`kiosk.table.park.ParkTable`)
and the real phone server (:class:`kiosk.phones.park_seats.ParkPhoneSeats`), and phones as the
phone page is (an HTTP client with its cookie jar: the seat's code, then the WebSocket and
``POST /api/act``).

* A Wacky Challenge park of three people: the two on the halves play through ``ParkTable.submit``,
  the third on a phone, whose QR code the seats panel offers under the player's name.  The phone
  sees only its own hand (the contract's leak checker on every view it is sent, and its view is
  the coordinator's private observation for that seat); each of its moves is stored in the park's
  local log and the outbox in one transaction, then applied, and the coordinator's record holds
  every action of the park exactly once.  The park controller is restarted mid-round (its
  objects dropped, the phone server stopped, all built again on the same kiosk.db): the phone
  comes back with the cookie it holds and plays on.  At the next round each phone goes with its
  player: seated here again, it reconnects to the new seat; seated at the other park, it is told
  which.
* A Between Battle Swiss ladder of three at one park: the phones of both halves; at round 2 the
  player who sits it out is told so on their phone.
"""

from __future__ import annotations

import asyncio
import json
import queue
import random
import time

import aiohttp
import cafe
import cafegames as cg
import coordbots as cb
import pytest
from aiohttp import WSMsgType
from leaks import json_texts, observation_leaks, secrets_by_owner, text_leaks, visible_texts

from engine.game import Action
from kiosk.games.challengers.park import library_data
from kiosk.network import Client
from kiosk.park import ParkController
from kiosk.phones.link import PhoneLink
from kiosk.phones.park_seats import KEPT_PARK, ParkPhoneSeats
from kiosk.store import Store

pytestmark = pytest.mark.slow   # whole rounds of café tables with a coordinator, a kiosk and its phone server


def _local(url: str, port: int) -> str:
    """A seat's URL on 127.0.0.1 (the kiosk names its LAN address in its QR codes)."""
    return f"http://127.0.0.1:{port}/t/" + url.rsplit("/t/", 1)[1]


class Kiosk:
    """One park's kiosk: its store, park controller, network client and phone seats; the UI
    thread is this test's event loop (a task runs what the network and the phone server post)."""

    def __init__(self, tmp_path, base, kid, token, port):
        self.tmp_path, self.base, self.kid, self.token, self.port = tmp_path, base, kid, token, port
        self.ui: queue.SimpleQueue = queue.SimpleQueue()

    def start(self):
        # A new UI queue: what the stopped kiosk's client posted dies with its process, as a killed
        # kiosk's does (run after the restart it wrote through the old, closed store).
        self.ui = queue.SimpleQueue()
        self.store = Store(self.tmp_path / "kiosk.db")
        self.store.put("coord_kiosk_id", self.kid)
        self.store.put("coord_token", self.token)
        self.store.put("coord_kiosk_name", "Table 1")
        self.pc = ParkController(self.store, data_for=library_data(cb.lib()))
        self.client = Client(self.tmp_path / "kiosk.db", self.pc, post=self.ui.put, url=self.base, poll=0.05)
        self.pc.attach(self.client)
        self.link = PhoneLink(port=self.port, bind="127.0.0.1")
        self.seats = ParkPhoneSeats(self.link, self.pc.table, post=self.ui.put)
        self.seats.follow(self.pc)
        self.client.start()

    async def stop(self):
        """Gone as a killed kiosk goes: nothing is saved on the way out (what is on disk is all)."""
        await asyncio.get_running_loop().run_in_executor(None, self.client.stop)
        self.link.stop()
        self.store.close()

    def run_posted(self):
        while not self.ui.empty():
            self.ui.get()()

    async def pump(self):
        """The UI thread's clock: what was posted runs soon, also while the test awaits a phone."""
        while True:
            self.run_posted()
            await asyncio.sleep(0.002)

    @property
    def table(self):
        return self.pc.table


class Phone:
    """A phone as the page is: takes a seat with its code (its cookie jar keeps the secret), then
    follows its WebSocket, reconnecting when it drops, until the kiosk revokes it."""

    def __init__(self, base):
        self.base = base
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.view: dict | None = None
        self.views: list[dict] = []
        self.words: list[dict] = []        # anything the kiosk sent that is not a view
        self.closes: list[int | None] = []
        self.connects = 0
        self.gone = False
        self.task: asyncio.Task | None = None

    async def take(self, url):
        async with self.session.get(url) as r:
            assert r.status == 200, await r.text()
        self.task = asyncio.create_task(self._follow())

    async def _follow(self):
        while not self.gone:
            try:
                ws = await self.session.ws_connect(self.base + "/ws")
            except (aiohttp.ClientError, OSError):
                await asyncio.sleep(0.05)       # the kiosk is away (restarting): try again
                continue
            self.connects += 1
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                got = json.loads(msg.data)
                if got["type"] == "view":
                    self.view = got
                    self.views.append(got)
                else:
                    self.words.append(got)
            self.closes.append(ws.close_code)
            if ws.close_code == 4401:
                self.gone = True

    async def act(self, action):
        async with self.session.post(self.base + "/api/act",
                                     json={"version": self.view["version"], "action": action}) as r:
            return r.status, await r.json()

    async def close(self):
        self.gone = True
        if self.task is not None:
            self.task.cancel()
        await self.session.close()


def _choice(legal, seed, n, seat):
    return legal[random.Random(f"{seed}:{n}:{seat}").randrange(len(legal))]


def check_phone_view(k: Kiosk, phone: Phone, checked: dict):
    """The phone's newest view, when it is of the table's state now: no other seat's secret in it
    (the contract's leak checker), and its observation is the engine's for that seat -- the
    coordinator's private observation of it, when the coordinator's table is at the same point."""
    t, v = k.table, phone.view
    if v is None or t.state is None or v["version"] != len(t.actions) or v["players"] != list(t.setup.players):
        return
    seat = v["seat"]
    key = (t.round, v["version"], seat)
    if key in checked:
        return
    engine_view = json.loads(json.dumps(t.state.observation(seat)))
    assert v["observation"] == engine_view
    hidden = secrets_by_owner(t.game, t.data, t.state, seat)
    found = observation_leaks(v["observation"], engine_view, hidden)
    rest = {x: y for x, y in v.items() if x != "observation"}
    found += text_leaks(json_texts(rest), hidden, visible=visible_texts(engine_view))
    assert not found, found
    private = (k.pc.view or {}).get("private") or {}
    same_round = (k.pc.view or {}).get("round") == t.round
    if same_round and (private.get("table") or {}).get("match_seq") == v["version"]:
        assert private["observations"][str(seat)] == engine_view
        checked["coordinator"] = checked.get("coordinator", 0) + 1
    checked[key] = True


def test_a_wacky_park_plays_a_seat_on_a_phone_through_a_restart_and_reseats_it(tmp_path):
    asyncio.run(_wacky_park(tmp_path))


async def _wacky_park(tmp_path):
    port = cb.free_port()
    people = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    body = {"game": "wacky", "format": "tables", "rounds": 2, "table_size": 3, "seed": 11, "players": people,
            "name": "Wacky night"}
    async with cb.inprocess(tmp_path / "coord") as (base, _coord), aiohttp.ClientSession() as s:
        tid, tokens, _ = await cg.create(s, base, body, parks=2)
        async with s.get(base + "/api/me", headers=cb.bearer(tokens[1])) as r:
            kid = (await r.json())["kiosk_id"]
        k = Kiosk(tmp_path, base, kid, tokens[1], port)
        k.start()
        pump = asyncio.create_task(k.pump())
        phone_base = f"http://127.0.0.1:{port}"
        phones: dict[int, Phone] = {}        # entrant -> their phone of round 1
        later: list[Phone] = []              # the phones of the loose seats of round 2
        checked: dict = {}
        restarted = played_by_phone = 0
        seen_round2 = False
        try:
            deadline = time.monotonic() + 240
            other_park = 0.0
            while time.monotonic() < deadline:
                k.run_posted()
                t = k.table
                if time.monotonic() > other_park:
                    other_park = time.monotonic() + 0.05
                    await cg.play_one(s, base, tid, 2, tokens[2], 5)       # the other park's people
                if t.playing and not t.held and t.round == 2:
                    for q in k.seats.loose_seats():
                        if not k.seats.taken(q):
                            later.append(Phone(phone_base))
                            await later[-1].take(_local(k.seats.url(q), port))
                if t.playing and not t.held and t.round == 1:
                    # The seats panel: the third person's seat, on no half, with their name and code.
                    loose = k.seats.loose_seats()
                    assert [t.half_of(q) for q in loose] == [None] * len(loose)
                    assert len(t.entrants) == 3 and len(loose) == 1
                    for q in loose:
                        entrant = t.entrants[q]
                        if entrant not in phones:
                            url = k.seats.url(q)
                            assert url is not None and t.setup.players[q] == people[entrant]
                            phones[entrant] = Phone(phone_base)
                            await phones[entrant].take(_local(url, port))
                            assert k.seats.url(q) is None and k.seats.taken(q)   # the code is used up
                    # The halves' players take their seats' phones too (Wacky allows it), but play
                    # on the table.
                    for half in (0, 1):
                        q = t.seat_on(half)
                        if t.entrants[q] not in phones:
                            phones[t.entrants[q]] = Phone(phone_base)
                            await phones[t.entrants[q]].take(_local(k.seats.url(q), port))
                if t.playing and not t.held:
                    for ph in [*phones.values(), *later]:
                        check_phone_view(k, ph, checked)
                    n = len(t.actions)
                    for q in sorted(t.to_act()):
                        legal = t.legal(q)
                        if not legal:
                            continue
                        a = _choice(legal, t.setup.seed, n, q)
                        if t.half_of(q) is not None:
                            assert t.submit(q, a.kind, *a.args) is not None, t.ignored[-1:]
                            break
                        ph = next((p for p in [*later, *phones.values()] if p.view is not None and p.view["seat"] == q
                                   and p.view["players"] == list(t.setup.players)), None)
                        v = ph.view if ph is not None else None
                        if v is None or v["seat"] != q or v["version"] != n or v["players"] != list(t.setup.players):
                            continue                   # the phone has not the view of now yet
                        rows = len(k.store.outbox_rows())
                        status, got = await ph.act(_choice([x["action"] for x in v["actions"]], t.setup.seed, n, q))
                        k.run_posted()
                        assert status == 200, got
                        played_by_phone += 1
                        # The one path: stored in the local log and the outbox, applied.
                        assert len(k.store.park_actions(t.match_id)) == len(t.actions) == n + 1
                        assert len(k.store.outbox_rows()) <= rows + 1
                        if not restarted and t.state.outcome() is None:
                            # The kiosk is killed mid-round and comes back on the same kiosk.db.
                            restarted = 1
                            before = dict(t.dump())
                            await k.stop()
                            k.start()
                            k.run_posted()
                            assert k.table.dump()["actions"] == before["actions"]
                            assert k.store.get(KEPT_PARK)["key"] == [tid, 1, 1]
                        break
                elif t.held and t.round == 1 and not k.pc.view["over"]:
                    t.next_game()                      # the end screen's button
                if t.playing and t.round == 2:
                    seen_round2 = True
                if k.pc.view is not None and k.pc.view.get("over") and t.held and k.store.outbox_rows() == [] \
                        and t.round == k.pc.view["round"]:
                    break
                await asyncio.sleep(0.005)
            else:
                raise AssertionError(f"not over: {k.pc.dump()}")
            assert restarted and played_by_phone >= 2 and seen_round2
            assert checked.get("coordinator", 0) >= 1, checked
            phone_of_loose = [ph for ph in phones.values() if ph.views and ph.views[0]["seat"] == 2]
            assert phone_of_loose and phone_of_loose[0].connects >= 2     # came back after the restart
            # Round 2: each round-1 phone went with its player.
            async with s.get(f"{base}/api/tournaments/{tid}/record", headers=cb.org(tokens[1])) as r:
                rec = await r.json()
            round2 = record_seating(rec, 2)
            moved = told_here = 0
            for entrant, ph in phones.items():
                park = round2[entrant]
                if park == 1:
                    # Seated here again: the phone reconnected to its new seat, and saw it.
                    assert 4412 in ph.closes, (entrant, ph.closes)
                    assert any(v["players"][v["seat"]] == people[entrant] and v["version"] >= 0
                               and v["players"] != ph.views[0]["players"] for v in ph.views), entrant
                    told_here += 1
                else:
                    assert {"type": "moved", "park": park, "round": 2, "name": people[entrant]} in ph.words, ph.words
                    moved += 1
            assert moved >= 1
            assert cg.kept_tables(k.store, tid) == {key: v for key, v in cafe.tables_of_the_record(rec).items() if key[1] == 1}
        finally:
            for ph in [*phones.values(), *later]:
                await ph.close()
            pump.cancel()
            await k.stop()


def record_seating(rec, rnd):
    """{entrant: park} of round ``rnd``, from the record replayed by the engine alone."""
    from engine import registry
    from engine.cafe import tournament_game
    host = registry.cafe(rec["game"])
    setup = host.setup_from_stored(rec["setup"])
    state = tournament_game(setup).new(cg.data(rec["game"]), setup)
    for a in rec["actions"]:
        if state.round == rnd:
            break
        state.apply(Action.from_json(a))
    assert state.round == rnd
    return {p: t.park for t in state.tables for p in t.players}


def test_a_phone_whose_player_sits_the_next_round_out_is_told_so(tmp_path):
    asyncio.run(_between_bye(tmp_path))


async def _between_bye(tmp_path):
    """Between Battle, a Swiss ladder of three at one park: in each round two play, one has a
    bye.  Both halves' players hold their seats on phones in round 1; at round 2 the phone of the
    one who sits it out is told so, the other's follows its player to the new round's seat."""
    port = cb.free_port()
    people = ["Ann", "Bob", "Cid"]
    body = {"game": "between", "format": "swiss", "rounds": 2, "seed": 3, "players": people, "name": "Ladder"}
    async with cb.inprocess(tmp_path / "coord") as (base, _coord), aiohttp.ClientSession() as s:
        _tid, tokens, _ = await cg.create(s, base, body, parks=1)
        async with s.get(base + "/api/me", headers=cb.bearer(tokens[1])) as r:
            kid = (await r.json())["kiosk_id"]
        k = Kiosk(tmp_path, base, kid, tokens[1], port)
        k.start()
        pump = asyncio.create_task(k.pump())
        phones: dict[int, Phone] = {}
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                t = k.table
                if t.playing and not t.held and t.round == 1 and not phones:
                    assert k.seats.loose_seats() == []          # a duel: both on halves, phones for their hands
                    for q in (0, 1):
                        phones[t.entrants[q]] = Phone(f"http://127.0.0.1:{port}")
                        await phones[t.entrants[q]].take(_local(k.seats.url(q), port))
                if t.playing and not t.held:
                    n = len(t.actions)
                    for q in sorted(t.to_act()):
                        if t.legal(q):
                            a = _choice(t.legal(q), t.setup.seed, n, q)
                            assert t.submit(q, a.kind, *a.args) is not None, t.ignored[-1:]
                            break
                elif t.held and t.round == 1:
                    t.next_game()
                if t.playing and t.round == 2 and any(ph.gone for ph in phones.values()):
                    break
                await asyncio.sleep(0.002)
            else:
                raise AssertionError(f"round 2 not reached: {k.pc.dump()}")
            bye = k.pc.view["byes"]
            assert len(bye) == 1 and bye[0]["player"] in phones
            told = phones[bye[0]["player"]]
            assert told.words[:2] == [{"type": "bye", "round": 2, "name": bye[0]["name"]}, {"type": "revoked"}]
            assert told.closes[-1] == 4401
            # The other one plays on here: its phone is on its new seat, its old cookie opening it.
            (here,) = [p for p in phones if p != bye[0]["player"]]
            seat = k.table.entrants.index(here)
            assert k.seats.taken(seat)
            for _ in range(500):
                v = phones[here].view
                if v is not None and v["players"] == list(k.table.setup.players):
                    break
                await asyncio.sleep(0.01)
            assert v["seat"] == seat and v["players"][seat] == people[here]
            assert phones[here].closes == [4412]
        finally:
            for ph in phones.values():
                await ph.close()
            pump.cancel()
            await k.stop()
