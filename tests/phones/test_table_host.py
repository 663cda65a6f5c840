"""Phones over the kiosk's real LocalTable (a real kiosk.db), its calls on a thread standing in
for Kivy's: a phone's action is stored and played like a touch, a touch reaches the phones, a
restarted kiosk (new process state, same kiosk.db) resumes the game and lets the phones back in
with their cookies, and leaving the game revokes them."""

import asyncio
import json
import queue
import threading

import aiohttp
from aiohttp import WSMsgType
from ports import reserved_port

from kiosk.phones.link import PhoneLink
from kiosk.phones.table_host import KEPT, PhoneSeats
from kiosk.store import Store
from kiosk.table import LocalTable, Seat, two_at_the_table


class UiThread:
    """One thread running posted functions in order, as Kivy's clock does."""

    def __init__(self):
        self.jobs = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while (job := self.jobs.get()) is not None:
            job()

    def post(self, fn):
        self.jobs.put(fn)

    def call(self, fn):
        out = queue.SimpleQueue()

        def run():
            try:
                out.put((True, fn()))
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                out.put((False, exc))
        self.post(run)
        ok, value = out.get(timeout=10)
        if not ok:
            raise value
        return value

    def close(self):
        self.jobs.put(None)
        self.thread.join(5)



def _local(url, port):
    return f"http://127.0.0.1:{port}/t/" + url.rsplit("/t/", 1)[1]


def test_phones_play_through_the_local_table_and_come_back_after_a_restart(tmp_path):
    ui = UiThread()
    port = reserved_port()
    db = tmp_path / "kiosk.db"

    def kiosk():
        store = Store(db)
        table = LocalTable(store)
        link = PhoneLink(port=port, bind="127.0.0.1")
        seats = PhoneSeats(link, table, post=ui.post)
        return store, table, link, seats

    store, table, link, seats = ui.call(kiosk)
    try:
        ui.call(lambda: table.new_game("between", two_at_the_table(), names=("Ann", "Bob"), seed=3))
        assert ui.call(lambda: link._server is not None)
        urls = [_local(ui.call(lambda s=s: seats.url(s)), port) for s in (0, 1)]
        base = f"http://127.0.0.1:{port}"

        async def phones():
            jars = [aiohttp.CookieJar(unsafe=True) for _ in (0, 1)]
            async with aiohttp.ClientSession(cookie_jar=jars[0]) as a, \
                    aiohttp.ClientSession(cookie_jar=jars[1]) as b:
                for s, url in ((a, urls[0]), (b, urls[1])):
                    async with s.get(url) as r:
                        assert r.status == 200
                ws = [await a.ws_connect(base + "/ws"), await b.ws_connect(base + "/ws")]
                views = [json.loads((await w.receive(timeout=5)).data) for w in ws]
                mover = next(v["seat"] for v in views if v["actions"])
                other = 1 - mover
                choice = views[mover]["actions"][0]["action"]
                async with (a, b)[mover].post(base + "/api/act", json={"version": 0, "action": choice}) as r:
                    assert r.status == 200, await r.text()
                seen = json.loads((await ws[other].receive(timeout=5)).data)
                assert seen["version"] == 1
                # Stored like a touch, and played.
                assert ui.call(lambda: [json.loads(x) for x in store.table_actions(table.table_id)]) == [choice]
                # A touch on the table reaches both phones.
                seat = ui.call(lambda: min(table.to_act()))
                ui.call(lambda: table.act(table.legal(seat)[0]))
                for w in ws:
                    while json.loads((await w.receive(timeout=5)).data)["version"] != 2:
                        pass
                for w in ws:
                    await w.close()
                return jars

        jars = asyncio.run(phones())

        # The kiosk goes away and comes back on the same kiosk.db: the game resumes, the phones
        # come back with their cookies.
        ui.call(link.stop)
        store, table, link, seats = ui.call(kiosk)
        assert ui.call(table.resume)

        async def back():
            for jar in jars:
                async with aiohttp.ClientSession(cookie_jar=jar) as s, s.get(base + "/api/view") as r:
                    assert r.status == 200, await r.text()
                    assert (await r.json())["version"] == 2
            ui.call(lambda: table.leave(abandon=True))
            for jar in jars:
                async with aiohttp.ClientSession(cookie_jar=jar) as s, s.get(base + "/api/view") as r:
                    assert r.status == 401

        asyncio.run(back())
        assert ui.call(lambda: store.get("phone_seats")) is None
    finally:
        ui.call(link.stop)
        ui.close()


def test_a_bot_seat_gets_no_qr_code_and_no_phone_plays_it(tmp_path):
    ui = UiThread()
    try:
        def kiosk():
            table = LocalTable(Store(tmp_path / "kiosk.db"))
            link = PhoneLink(port=reserved_port(), bind="127.0.0.1")
            seats = PhoneSeats(link, table, post=ui.post)
            table.new_game("between", (Seat.person(0), Seat.bot("random", 1)), seed=1)
            return table, link, seats
        _, link, seats = ui.call(kiosk)
        assert ui.call(lambda: seats.url(1)) is None
        assert ui.call(lambda: seats.url(0)).startswith("http://")
        assert ui.call(lambda: seats.host.legal_actions(1)) == []
    finally:
        ui.call(link.stop)
        ui.close()


def test_reloading_the_catalogues_forgets_the_phones_sentences():
    """Words said on phones are remembered between views; compiling new catalogues in a running
    kiosk (i18n.reload) must not leave phones reading the old ones."""
    import cards
    from engine import registry
    from kiosk import i18n
    from kiosk.games.wacky import phone as wacky_phone
    data = registry.get("wacky").load(cards)
    card = next(iter(data.index))
    said = i18n.one_line("cp_ready", "fr")
    assert said and "[" not in said
    wacky_phone.card_text(data, card, "en")
    assert wacky_phone._CARD_TEXT and i18n._one_line.cache_info().currsize > 0
    i18n.reload()
    assert not wacky_phone._CARD_TEXT and i18n._one_line.cache_info().currsize == 0


def test_a_phone_seat_waits_for_its_saved_game_and_comes_back_with_it(tmp_path):
    """A seat held by a phone lasts as long as its saved game: the game leaves the table (Home,
    another game played meanwhile) and comes back, and so does its phone, with the cookie it holds.
    
    Before: leaving the game revoked the phone's secret and dropped it from kiosk.db, so a game
    resumed from Home had its phone refused (401, "scan the QR code again"), while a code once used
    could not be scanned again.  Now the secrets stay beside the saved game in kiosk.db; meanwhile the
    phone is told the game is paused (a WebSocket message and close code 4409, 409 ``game-paused``
    on its requests: its page waits), and once the game is resumed the same cookie opens the seat.
    A real phone server on 127.0.0.1, real HTTP and WebSocket clients, the real LocalTable and kiosk.db."""
    ui = UiThread()
    port = reserved_port()
    base = f"http://127.0.0.1:{port}"

    def kiosk():
        store = Store(tmp_path / "kiosk.db")
        table = LocalTable(store)
        link = PhoneLink(port=port, bind="127.0.0.1")
        return store, table, link, PhoneSeats(link, table, post=ui.post)

    store, table, link, seats = ui.call(kiosk)
    try:
        ui.call(lambda: table.new_game("between", two_at_the_table(), names=("Ann", "Bob"), seed=3))
        between = ui.call(lambda: table.table_id)
        code_url = _local(ui.call(lambda: seats.url(0)), port)
        jars = []                                   # the phone's cookies, from one run to the next

        async def view(s):
            async with s.get(base + "/api/view") as r:
                return r.status, await r.json()

        async def take_and_leave():
            jars.append(aiohttp.CookieJar(unsafe=True))
            async with aiohttp.ClientSession(cookie_jar=jars[0]) as s:
                async with s.get(code_url, allow_redirects=False) as r:
                    assert r.status == 303
                ws = await s.ws_connect(base + "/ws")
                first = json.loads((await ws.receive(timeout=5)).data)
                assert first["seat"] == 0
                # Home: the game stays saved, and the phone is told it is paused (not freed).
                ui.call(table.leave)
                msg = await ws.receive(timeout=5)
                assert json.loads(msg.data) == {"type": "paused"}
                assert (await ws.receive(timeout=5)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
                assert ws.close_code == 4409
                status, body = await view(s)
                assert (status, body["code"]) == (409, "game-paused"), body
                async with s.get(base + "/") as r:
                    assert r.status == 200             # the page loads and waits
                # Another game meanwhile (another game's saved one stays saved): still paused.
                ui.call(lambda: table.new_game("wacky", two_at_the_table(), names=("Cy", "Di"), seed=5))
                status, body = await view(s)
                assert (status, body["code"]) == (409, "game-paused"), body
                ui.call(table.leave)

        asyncio.run(take_and_leave())
        kept = ui.call(lambda: store.get(KEPT))
        assert list(kept["tables"]) == [str(between)] and kept["tables"][str(between)]["held"], kept

        async def resumed():
            async with aiohttp.ClientSession(cookie_jar=jars[0]) as s:
                status, body = await view(s)
                assert status == 200, body
                assert body["seat"] == 0
                ws = await s.ws_connect(base + "/ws")
                assert json.loads((await ws.receive(timeout=5)).data)["seat"] == 0
                await ws.close()
            # The seat's code was used: another phone bringing it is still refused.
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as other, \
                    other.get(code_url, allow_redirects=False) as r:
                assert r.status == 409 and r.headers["X-Tablecup-Refusal"] == "seat-taken"

        assert ui.call(lambda: table.resume(between))
        asyncio.run(resumed())

        # The kiosk restarted while on Home: the saved game and its phone come back all the same.
        ui.call(table.leave)
        ui.call(link.stop)
        store, table, link, seats = ui.call(kiosk)
        assert ui.call(lambda: table.resume(between))
        asyncio.run(resumed())

        # Abandoned: the phone's seat ends with it, and kiosk.db forgets its secret.
        ui.call(lambda: table.leave(abandon=True))

        async def ended():
            async with aiohttp.ClientSession(cookie_jar=jars[0]) as s:
                status, body = await view(s)
                assert (status, body.get("code")) == (401, "no-seat"), body

        asyncio.run(ended())
        assert ui.call(lambda: store.get(KEPT)) is None
    finally:
        ui.call(link.stop)
        ui.close()


def test_a_phone_server_too_slow_to_start_is_said_and_the_next_game_tries_again(tmp_path, monkeypatch):
    """A server that does not bind in time (a loaded Pi) leaves that game without phones, said on
    the table, rather than an error escaping the table's listener; the next game starts it."""
    from kiosk.phones.server import PhoneServer
    opening = PhoneServer._open
    stuck = threading.Event()             # set: the server's opening goes on

    async def slow_open(self):
        while not stuck.is_set():         # the server's loop stays free to be stopped
            await asyncio.sleep(0.01)
        await opening(self)
    monkeypatch.setattr(PhoneServer, "_open", slow_open)
    ui = UiThread()
    said = []
    link = PhoneLink(port=reserved_port(), bind="127.0.0.1", notice=lambda key, fmt: said.append(key),
                     start_timeout=0.2)
    try:
        def slow_start():
            table = LocalTable(Store(tmp_path / "kiosk.db"))
            seats = PhoneSeats(link, table, post=ui.post)
            table.new_game("between", two_at_the_table(), seed=1)
            return table, seats
        table, seats = ui.call(slow_start)
        ui.call(lambda: None)                     # what the table posted has run
        assert said == ["phones_server_late"] and link.unavailable
        assert ui.call(lambda: seats.url(0)) is None

        def next_game():
            stuck.set()
            link.start_timeout = 30.0
            table.leave(abandon=True)
            table.new_game("between", two_at_the_table(), seed=2)
        ui.call(next_game)
        assert ui.call(lambda: seats.url(0)).startswith("http://")
        assert link.unavailable is None and said == ["phones_server_late"]
    finally:
        stuck.set()
        ui.call(link.stop)
        ui.close()
