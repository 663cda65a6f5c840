"""The kiosk's link to the coordinator: one background thread with its own asyncio loop.

Nothing here touches a widget.  Every result is handed to ``post(fn)`` (the app passes a
function that schedules ``fn`` on the Kivy clock), so the sink's methods run on the UI thread:

* ``on_status(online, base, detail[, retry])`` -- connection state (the screens say when offline;
  ``detail`` is the error as the network said it, ``retry`` the seconds before the next try);
* ``on_view(view, public)`` -- the park view (``public``: the public view, re-read when the
  round or phase changes, else None);
* ``on_unassigned(tournaments)`` -- paired but not (or no longer) assigned to a park;
  ``on_assignment(tid, park)`` -- the organiser assigned this kiosk;
* ``on_answer(entry, status, answer)`` -- an outbox entry was answered (200, or refused);
* ``on_outbox(n)`` -- entries still waiting; ``on_paired(answer)`` / ``on_pair_failed(why)``;
  ``on_unauthorized(why)`` -- the token is unknown (pair again).

Finding the coordinator: the configured address (``--coordinator URL`` or ``coordinator.toml``),
else mDNS ``_tablecup._tcp.local.``.  While offline a single prober retries ``/api/health`` with
exponential backoff and full jitter (``TABLECUP_BACKOFF_MAX``, default 8 s), and every other task
waits for it: a restarted coordinator is not hit by a storm of retries.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import threading
import time

import aiohttp

from kiosk.outbox import Outbox

log = logging.getLogger("tablecup.kiosk.net")

SERVICE_TYPE = "_tablecup._tcp.local."


class Offline(Exception):
    pass


def configured_url(arg=None):
    """``--coordinator`` first, else ``coordinator.toml`` in the config folder (as ``tablecup doctor`` reads it)."""
    if arg:
        return arg.rstrip("/") if "://" in arg else "http://" + arg.rstrip("/")
    from appliance.config import coordinator_address
    try:
        got = coordinator_address()
    except ValueError as exc:           # one line naming the file, the key and what is wrong
        log.warning("%s; looking for the coordinator by mDNS instead", exc)
        return None
    if got is None:
        return None
    host, port = got
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def browse_mdns(timeout=3.0):
    """The first coordinator advertised on the network, as a base URL, or None (blocking)."""
    try:
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf
    except ImportError:
        return None
    found = []

    class Listener:
        def add_service(self, zc, type_, name):
            found.append(name)

        def update_service(self, zc, type_, name):
            pass

        def remove_service(self, zc, type_, name):
            pass

    zc = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, Listener())
        end = time.monotonic() + timeout
        while not found and time.monotonic() < end:
            time.sleep(0.1)
        for name in found:
            info = zc.get_service_info(SERVICE_TYPE, name, 2000)
            if info and info.parsed_addresses():
                return f"http://{info.parsed_addresses()[0]}:{info.port}"
        browser.cancel()
    except Exception as exc:
        log.warning("mDNS browse failed: %s", exc)
    finally:
        zc.close()
    return None


def _playable(entry: dict) -> bool:
    """Whether a park or tournament the coordinator lists is of a game this kiosk has registered
    (a kiosk package under ``kiosk/games/``: its screens play a park of it); a coordinator that
    names no game runs Challengers! only."""
    from kiosk.games import registry as kiosk_games
    return kiosk_games.find(str(entry.get("game", "challengers"))) is not None


class Client:
    def __init__(self, db_path, sink, post, url=None, poll=None, dup=None):
        self.db_path = db_path
        self.sink = sink
        self.post = post
        self.configured = url
        self.base = url
        self.poll = float(poll if poll is not None else os.environ.get("TABLECUP_POLL", "1.0"))
        self.dup = bool(int(os.environ.get("TABLECUP_OUTBOX_DUP", "0"))) if dup is None else dup
        self.backoff_base = float(os.environ.get("TABLECUP_BACKOFF_BASE", "0.25"))
        self.backoff_max = float(os.environ.get("TABLECUP_BACKOFF_MAX", "8"))
        self.creds = None          # (kiosk_id, token)
        self.park = None           # (tournament id, park)
        self.online = False
        self.loop = None
        self.thread = None
        self._pub_key = None
        self.stats = {"probes": 0, "sent": 0, "duplicates": 0, "refused": 0}

    # ------------------------------------------------------------------ UI-thread API
    def start(self):
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), name="tablecup-net", daemon=True)
        self.thread.start()
        ready.wait(5)
        return self

    def stop(self):
        if self.loop is not None and self.loop.is_running():
            self.loop.call_soon_threadsafe(self._stopping.set)
            self.thread.join(3)

    def set_credentials(self, kiosk_id, token):
        self.creds = (kiosk_id, token) if token else None
        self.kick()

    def set_park(self, tid, park):
        self.park = (tid, park) if tid is not None else None
        self._pub_key = None
        self.kick()

    def kick(self, outbox=True):
        """Something changed: re-read the park view now; send the outbox now."""
        if self.loop is not None:
            def wake():
                self._wake.set()
                if outbox:
                    self._obwake.set()
            self.loop.call_soon_threadsafe(wake)

    def pair(self, pin, name):
        asyncio.run_coroutine_threadsafe(self._pair(pin, name), self.loop)

    # ------------------------------------------------------------------ plumbing
    def _emit(self, name, *args):
        fn = getattr(self.sink, name, None)
        if fn is not None:
            self.post(lambda: fn(*args))

    def _run(self, ready):
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self._stopping = asyncio.Event()
        self._online = asyncio.Event()
        self._probe = asyncio.Event()
        self._wake = asyncio.Event()
        self._obwake = asyncio.Event()
        ready.set()
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    async def _main(self):
        self.session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=6, connect=3))
        tasks = [asyncio.create_task(c) for c in (self._prober(), self._poller(), self._sender(), self._events())]
        try:
            await self._stopping.wait()
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self.session.close()

    def _headers(self):
        return {"Authorization": f"Bearer {self.creds[1]}"} if self.creds else {}

    def _offline(self, why):
        if self._online.is_set():
            self._online.clear()
            self.online = False
            log.warning("coordinator unreachable: %s", why)
            self._emit("on_status", False, self.base, str(why))
        self._probe.set()

    async def _req(self, method, path, body=None, auth=True):
        await self._online.wait()
        try:
            async with self.session.request(method, self.base + path, json=body,
                                            headers=self._headers() if auth else {}) as r:
                try:
                    j = await r.json(content_type=None)
                except Exception:
                    j = {"error": (await r.text())[:200]}
                return r.status, j, r.headers
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            self._offline(exc or type(exc).__name__)
            raise Offline(str(exc)) from None

    async def _wait(self, event, timeout):
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except asyncio.TimeoutError:
            pass
        event.clear()

    def _delay(self, attempt):
        cap = min(self.backoff_max, self.backoff_base * (2 ** attempt))
        return random.uniform(cap / 2, cap)       # exponential backoff, jittered

    # ------------------------------------------------------------------ tasks
    async def _prober(self):
        attempt = 0
        self._probe.set()
        while True:
            await self._probe.wait()
            self._probe.clear()
            while not self._online.is_set():
                self.stats["probes"] += 1
                base = self.configured
                if base is None:
                    base = await asyncio.get_running_loop().run_in_executor(None, browse_mdns)
                why = "no coordinator found (mDNS)" if base is None else ""
                if base is not None:
                    try:
                        async with self.session.get(base + "/api/health",
                                                    timeout=aiohttp.ClientTimeout(total=3)) as r:
                            if r.status == 200:
                                self.base = base
                                self._online.set()
                                self.online = True
                                attempt = 0
                                log.info("coordinator online at %s", base)
                                self._emit("on_status", True, base, "")
                                self._wake.set()
                                self._obwake.set()
                                break
                            why = f"HTTP {r.status}"
                    except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
                        why = str(exc) or type(exc).__name__
                attempt += 1
                delay = self._delay(attempt)
                self._emit("on_status", False, base, why, delay)
                await asyncio.sleep(delay)

    async def _poller(self):
        while True:
            try:
                await self._online.wait()
                if self.creds and self.park:
                    await self._read_park()
                elif self.creds:
                    await self._find_assignment()
            except Offline:
                continue
            except Exception:
                log.exception("poller")
            await self._wait(self._wake, self.poll)

    async def _read_park(self):
        tid, park = want = self.park
        st, view, _ = await self._req("GET", f"/api/tournaments/{tid}/parks/{park}")
        if self.park != want:
            return
        if st == 200:
            pub = None
            key = (view["round"], view["phase"])
            # A coordinator whose park view carries the names, the tournament's name and the winner
            # needs no second request; an older one: the public view when the round or phase changes.
            if "players" not in view and (key != self._pub_key or view.get("over")):
                st2, pub, _ = await self._req("GET", f"/api/tournaments/{tid}", auth=False)
                if st2 != 200:
                    pub = None
                else:
                    self._pub_key = key
            self._emit("on_view", view, pub)
        elif st == 401:
            self._emit("on_unauthorized", view.get("error", ""))
        elif st in (403, 404):
            # another kiosk holds the park now, or the tournament is gone: look for an assignment again
            self._emit("on_lost_park", tid, park, view.get("error", ""))

    async def _find_assignment(self):
        st, me, _ = await self._req("GET", "/api/me")
        if st == 200:
            parks = me.get("parks") or []
            live = [p for p in parks if not p.get("over") and _playable(p)]
            if live:
                got = max(live, key=lambda p: p["tournament"])      # the newest running tournament
                self._emit("on_assignment", got["tournament"], got["park"])
                return
            st, j, _ = await self._req("GET", "/api/tournaments", auth=False)
            if st == 200:
                self._emit("on_unassigned", [t for t in j["tournaments"] if not t.get("over") and _playable(t)])
            return
        if st in (401, 403):                            # unknown or revoked token: pair again
            self._emit("on_unauthorized", (me or {}).get("error", ""))
            return
        if st != 404:                                   # a passing error: try again at the next poll
            return
        # an older coordinator without GET /api/me: scan the running tournaments' public views
        st, j, _ = await self._req("GET", "/api/tournaments", auth=False)
        if st != 200:
            return
        kid = self.creds[0]
        running = sorted((t for t in j["tournaments"] if not t.get("over") and _playable(t)), key=lambda t: -t["id"])
        for t in running:
            st, pub, _ = await self._req("GET", f"/api/tournaments/{t['id']}", auth=False)
            if st != 200:
                continue
            for park, k in pub.get("kiosks", {}).items():
                if k == kid:
                    self._emit("on_assignment", t["id"], int(park))
                    return
        self._emit("on_unassigned", running)

    async def _events(self):
        """The tournament's WebSocket: every push wakes the poller (no hidden information comes this way)."""
        while True:
            await self._online.wait()
            park = self.park
            if park is None:
                await asyncio.sleep(0.5)
                continue
            try:
                async with self.session.ws_connect(f"{self.base}/api/tournaments/{park[0]}/events", heartbeat=20,
                                                   headers=self._headers(),
                                                   timeout=aiohttp.ClientWSTimeout(ws_close=2)
                                                   if hasattr(aiohttp, "ClientWSTimeout") else 2) as ws:
                    async for msg in ws:
                        if self.park != park:
                            break
                        if msg.type == aiohttp.WSMsgType.TEXT:
                            self._wake.set()
            except asyncio.CancelledError:
                raise
            except Exception:
                pass
            await asyncio.sleep(random.uniform(0.5, 1.5))

    async def _sender(self):
        ob = Outbox(self.db_path)
        attempt = 0
        last_n = None
        try:
            while True:
                n = ob.count()
                if n != last_n:
                    last_n = n
                    self._emit("on_outbox", n)
                e = ob.first()
                if e is None or not self.creds:
                    await self._wait(self._obwake, 1.0)
                    continue
                path = f"/api/tournaments/{e['tournament']}/actions"
                try:
                    st, j, hdr = await self._req("POST", path, e["body"])
                except Offline:
                    continue
                if st == 200:
                    attempt = 0
                    checks = 0
                    if self.dup:
                        # test mode: every result is sent twice; the second must be the stored answer
                        try:
                            st2, j2, hdr2 = await self._req("POST", path, e["body"])
                            checks = 1
                            if st2 != 200 or j2 != j or hdr2.get("X-Tablecup-Duplicate") != "1":
                                log.error("duplicate send answered differently: %s %s", st2, j2)
                                checks = -1
                            else:
                                self.stats["duplicates"] += 1
                        except Offline:
                            pass
                    ob.delivered(e, j, checks)
                    self.stats["sent"] += 1
                    self._emit("on_answer", e, 200, j)
                    continue
                if st >= 500 or st == 429:
                    attempt += 1
                    await asyncio.sleep(self._delay(attempt))
                    continue
                if st == 401:
                    self._emit("on_unauthorized", j.get("error", ""))
                    await asyncio.sleep(5)
                    continue
                if st == 409 and e["kind"] == "match" and isinstance(j.get("expected"), int) \
                        and j["expected"] < e["match_seq"]:
                    ob.resend_from(e, j["expected"], self.creds[0])
                    log.warning("outbox: coordinator expects match_seq %s, resending from there", j["expected"])
                    continue
                # Refused (illegal, not this park's kiosk, a different action at that match_seq):
                # the coordinator's state wins; the UI re-reads the park view.
                self.stats["refused"] += 1
                log.warning("outbox: %s refused: %s %s", e["body"], st, j)
                ob.drop(e)
                self._emit("on_answer", e, st, j)
                self._wake.set()
        finally:
            ob.close()

    async def _pair(self, pin, name):
        try:
            st, j, _ = await asyncio.wait_for(self._req("POST", "/api/pair", {"pin": pin, "name": name}, auth=False), 10)
        except (Offline, asyncio.TimeoutError):
            self._emit("on_pair_failed", "offline")
            return
        if st == 200:
            self._emit("on_paired", j)
        else:
            self._emit("on_pair_failed", j.get("error", f"HTTP {st}"))
