"""Intervals are measured on a monotonic clock: the wall clock's jump when NTP first sets it after
a Pi boots (no clock battery) must neither end a WebSocket ticket early nor end a back-off.

A real coordinator in this process; the wall clock (``time.time``) is moved an hour forward by
hand, and the ticket's own clock is a clock the test moves."""

import asyncio
import time

import aiohttp
import coordbots as cb
import pytest

from coordinator import web


class HandClock:
    def __init__(self, t=5000.0):
        self.t = t

    def __call__(self):
        return self.t


def wall_clock_jumps(monkeypatch, seconds):
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + seconds)


def test_a_wall_clock_jump_does_not_end_a_ticket_early(tmp_path, monkeypatch):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            tid, _tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob"], seed=3)
            async with s.get(f"{base}/api/tournaments/{tid}/ticket") as r:
                ticket = (await r.json())["ticket"]
            wall_clock_jumps(monkeypatch, 3600)              # NTP arrives: an hour later, by the wall
            async with s.ws_connect(f"{base}/api/tournaments/{tid}/events?ticket={ticket}") as ws:
                assert (await ws.receive_json(timeout=5))["type"] == "hello"
    asyncio.run(main())


def test_a_ticket_lives_its_60_seconds_on_the_monotonic_clock(tmp_path, monkeypatch):
    clock = HandClock()
    monkeypatch.setattr(web, "TICKET_CLOCK", clock)

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            tid, _tokens, _ = await cb.new_tournament(s, base, ["Ann", "Bob"], seed=3)
            async with s.get(f"{base}/api/tournaments/{tid}/ticket") as r:
                got = await r.json()
            assert got["expires_in"] == web.TICKET_SECONDS == 60
            url = f"{base}/api/tournaments/{tid}/events?ticket={got['ticket']}"
            clock.t += 59
            async with s.ws_connect(url) as ws:
                assert (await ws.receive_json(timeout=5))["type"] == "hello"
            clock.t += 2                                     # 61 s after it was given
            with pytest.raises(aiohttp.WSServerHandshakeError) as exc:
                await s.ws_connect(url)
            assert exc.value.status == 401
    asyncio.run(main())


def test_a_wall_clock_jump_does_not_end_a_back_off(tmp_path, monkeypatch):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord), aiohttp.ClientSession() as s:
            statuses = []
            for _ in range(5):                               # 3 free wrong codes, then a wait
                async with s.post(f"{base}/api/pair", json={"pin": "0" * 12, "name": "x"}) as r:
                    statuses.append(r.status)
            assert statuses[-1] == 429, statuses
            wall_clock_jumps(monkeypatch, 3600)
            async with s.post(f"{base}/api/pair", json={"pin": "0" * 12, "name": "x"}) as r:
                assert r.status == 429, await r.text()
            assert coord.pairing_guesses.wait("127.0.0.1") > 0
    asyncio.run(main())
