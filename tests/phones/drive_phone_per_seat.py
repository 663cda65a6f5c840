"""One phone per seat, at the real kiosk (offscreen): a Wacky Challenge with a person on each half
and a third seat on no half (its code on the seats panel).

    python drive_phone_per_seat.py DATA_DIR ARTIFACTS_DIR   ->   "PER-SEAT-RESULT {...}"

Three phones, each an aiohttp client on a loopback address of its own (as on the LAN), on threads
of their own: phone A takes the panel's seat, phone B the bottom half's seat; phone C then tries
both used codes, and the codes as cookies.  A comes back on new connections and plays.  The
operator (operator screen, PIN, "Phone seats") frees the panel's seat: C takes it with the new
code; then frees the bottom half's seat.  At each step the script records what the table's
widgets hold (each half's phone button and QR card, the panel's seats, the news) and every
answer the phones got; the log lines of ``tablecup.phones`` besides.  Screenshots in ARTIFACTS_DIR.
"""

import asyncio
import json
import logging
import os
import sys
import threading
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
sys.path.insert(0, str(Path(__file__).parent.parent / "kiosk"))

from app_driver import Driver, arguments, run_app, touch
from ports import reserved_port

DATA, ART, _, _ = arguments()
PORT = reserved_port()
BASE = f"http://127.0.0.1:{PORT}"
COOKIE = "tablecup_seat"
SEED = 11
out: dict = {"error": None, "looks": {}, "phones": {}, "log": []}


class Phone:
    """A phone's browser on a loopback address of its own: a cookie jar, its requests on a thread
    with an event loop of its own (the Kivy thread only looks at whether they are done)."""

    def __init__(self, addr: str) -> None:
        import aiohttp
        self.addr = addr
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

        async def make():
            return aiohttp.CookieJar(unsafe=True)
        self.jar = asyncio.run_coroutine_threadsafe(make(), self.loop).result(5)

    def run(self, coro):
        """``coro`` started on the phone's thread: a future the script waits for by yielding."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def _session(self):
        import aiohttp
        # force_close: every request on a new connection (the phone comes back on new ones)
        return aiohttp.ClientSession(cookie_jar=self.jar, connector=aiohttp.TCPConnector(
            local_addr=(self.addr, 0), force_close=True))

    def get(self, url: str, follow: bool = True):
        async def go():
            async with self._session() as s, s.get(url, allow_redirects=follow) as r:
                text = await r.text()
                return {"status": r.status, "refusal": r.headers.get("X-Tablecup-Refusal"),
                        "set_cookie": "Set-Cookie" in r.headers or any("Set-Cookie" in h.headers for h in r.history),
                        "json": json.loads(text) if r.content_type == "application/json" else None,
                        "text": text[:600]}
        return self.run(go())

    def post(self, path: str, body: dict):
        async def go():
            async with self._session() as s, s.post(BASE + path, json=body) as r:
                return {"status": r.status, "text": (await r.text())[:600]}
        return self.run(go())

    def cookie(self) -> str | None:
        from yarl import URL
        got = self.jar.filter_cookies(URL(BASE)).get(COOKIE)
        return got.value if got is not None else None

    def set_cookie(self, value: str) -> None:
        self.loop.call_soon_threadsafe(self.jar.update_cookies, {COOKIE: value})


def local(url: str) -> str:
    """A QR code's URL, on this machine's loopback (the kiosk names its LAN address)."""
    return BASE + "/t/" + url.rsplit("/t/", 1)[1]


def hook(app):
    drv = Driver(app, out, ART)

    class Lines(logging.Handler):
        def emit(self, record):
            out["log"].append(record.getMessage())

    logger = logging.getLogger("tablecup.phones")
    logger.addHandler(Lines())
    logger.setLevel(logging.INFO)
    def look(name):
        """What the table's widgets hold now."""
        qr = app.seat_qr
        halves = {}
        for half, w in ((0, qr.ids.bottom), (1, qr.ids.top)):
            card = w.children[-2]                 # the QR card (its image, its caption)
            halves[half] = {"available": w.available, "held": getattr(w, "held", None), "url": w.url,
                            "texture": w.texture is not None, "showing": w.showing, "caption": w.caption,
                            "card_image": card.children[-1].texture is not None,
                            "card_image_opacity": card.children[-1].opacity}
        panel = {}
        for w in qr.ids.loose.children:
            image = next(c for c in w.children if c.__class__.__name__ == "Image")
            panel[w.seat] = {"url": w.url, "texture": w.texture is not None, "taken": w.taken,
                             "state": w.state_text, "image_texture": image.texture is not None,
                             "image_opacity": image.opacity, "name": w.name}
        out["looks"][name] = {"halves": halves, "panel": panel, "panel_open": qr.panel_open,
                              "news": getattr(qr, "news", ""), "actions": len(app.table.actions),
                              "log": len(out["log"])}

    def wait(fut, what):
        for _ in range(300):
            if fut.done():
                return fut.result()
            yield 0.05
        raise TimeoutError(f"the phone did not get an answer: {what}")

    def until(test, what, limit=200):
        """Wait (at most limit frames of 50 ms) for the table to show something; what never came is recorded."""
        for _ in range(limit):
            if test():
                return
            yield 0.05
        out.setdefault("never", []).append(what)

    def operator_free(seat):
        """The operator: the operator screen, the PIN, "Phone seats", then the seat's "Free" twice."""
        qr = app.seat_qr
        app.show_operator()
        op = app.sm.get_screen("operator")
        op.type_pin(op.pin())
        if op.mode == "newpin":
            op.type_pin("2468")                   # a first use asks for the operator's own PIN
        out.setdefault("operator_offers", []).append(op.phone_seats)
        op.ids.phone_seats.trigger_action(0)
        listed = [w.seat for w in qr.ids.loose.children]
        out.setdefault("operator_lists", []).append(sorted(listed))
        if seat not in listed:
            return
        button = next(w for w in qr.ids.loose.children if w.seat == seat).children[0]
        button.trigger_action(0)
        button.trigger_action(0)

    def script():
        qr = app.seat_qr
        phones = out["phones"]
        app.table.seed_games(SEED)
        app.start_table("wacky", "two", phones=1)
        # The phone server starts with the first game: the codes show once it is listening.
        yield from until(lambda: qr.ids.loose.children and qr.ids.loose.children[0].url and qr.ids.bottom.url,
                         "the codes at start", limit=600)
        out["names"] = list(app.table.setup.players)
        look("start")
        drv.shot("per-seat-start")
        panel_url = qr.ids.loose.children[0].url
        half_url = qr.ids.bottom.url
        a, b, c = Phone("127.0.0.2"), Phone("127.0.0.3"), Phone("127.0.0.4")

        # ---- A takes the panel's seat, B the bottom half's
        phones["a_takes"] = yield from wait(a.get(local(panel_url)), "A takes seat 2")
        yield from until(lambda: getattr(qr, "news", ""), "the news of A")
        look("a took")
        phones["b_takes"] = yield from wait(b.get(local(half_url)), "B takes seat 0")
        yield from until(lambda: getattr(qr.ids.bottom, "held", False) or qr.ids.bottom.url != half_url,
                         "the bottom seat taken")
        look("b took")
        touch(qr.ids.bottom.children[-1])         # a tap on the bottom half's phone button
        yield from until(lambda: qr.ids.bottom.showing, "the bottom half's card")
        look("bottom tapped")
        drv.shot("per-seat-taken")
        phones["a_cookie_is_code"] = a.cookie() == panel_url.rsplit("/t/", 1)[1]

        # ---- C: the used codes, then the codes as cookies
        phones["c_panel_code"] = yield from wait(c.get(local(panel_url), follow=False), "C, seat 2's code")
        phones["c_half_code"] = yield from wait(c.get(local(half_url), follow=False), "C, seat 0's code")
        phones["c_cookie_after_codes"] = c.cookie()
        c.set_cookie(panel_url.rsplit("/t/", 1)[1])
        yield 0.05
        phones["c_view_with_code"] = yield from wait(c.get(BASE + "/api/view"), "C's view")
        before = len(app.table.actions)
        phones["c_act_with_code"] = yield from wait(
            c.post("/api/act", {"version": before, "action": {"player": 2, "kind": "pass", "args": []}}), "C acts")
        phones["c_played"] = len(app.table.actions) - before

        # ---- A comes back on new connections, opens its used code again, and plays
        phones["a_view"] = yield from wait(a.get(BASE + "/api/view"), "A's view")
        phones["a_reopens_code"] = yield from wait(a.get(local(panel_url), follow=False), "A's code again")
        view = phones["a_view"]["json"] or {}
        phones["a_seat"] = view.get("seat")
        if view.get("actions"):
            phones["a_act"] = yield from wait(
                a.post("/api/act", {"version": view["version"], "action": view["actions"][0]["action"]}), "A acts")
        phones["a_played"] = len(app.table.actions) - before

        # ---- the operator frees the panel's seat: a new code; C takes it
        operator_free(2)
        yield from until(lambda: qr.ids.loose.children and qr.ids.loose.children[0].url not in ("", panel_url),
                         "a new code for seat 2")
        look("freed 2")
        new_url = qr.ids.loose.children[0].url if qr.ids.loose.children else ""
        phones["new_panel_url_differs"] = bool(new_url) and new_url != panel_url
        phones["c_old_code"] = yield from wait(c.get(local(panel_url), follow=False), "C, the old code")
        if new_url:
            phones["c_new_code"] = yield from wait(c.get(local(new_url)), "C, the new code")
            yield from until(lambda: getattr(qr, "news", "") != out["looks"]["freed 2"]["news"], "the news of C")
        phones["c_view"] = yield from wait(c.get(BASE + "/api/view"), "C's view")
        phones["a_view_after_free"] = yield from wait(a.get(BASE + "/api/view"), "A's view after")
        look("c took")
        drv.shot("per-seat-changed")

        # ---- the operator frees the bottom half's seat: its button offers a new code
        if hasattr(qr, "hide_news"):
            qr.hide_news()
        operator_free(0)
        yield from until(lambda: qr.ids.bottom.url not in ("", half_url), "a new code for the bottom half")
        look("freed 0")
        phones["b_view_after_free"] = yield from wait(b.get(BASE + "/api/view"), "B's view after")
        new_half = qr.ids.bottom.url
        phones["new_half_url_differs"] = bool(new_half) and new_half != half_url
        for p in (a, b, c):
            p.loop.call_soon_threadsafe(p.loop.stop)
        drv.finish()

    drv.follow(script(), first=0.5)


if __name__ == "__main__":
    run_app(["--data", str(DATA), "--windowed", "--phone-port", str(PORT)], hook, out, "PER-SEAT-RESULT")
