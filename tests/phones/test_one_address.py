"""Two phones behind one address (an IPv6 /64 is one address to the guard; so is a NAT) both get
their seats' pages: a browser keeps several idle connections open to a server, and two of them from
one address pass the guard's cap for an address.  The address's own idle connections make room;
nothing is refused.  Two headless Chromiums on 127.0.0.1, a real phone server."""

import asyncio

import pytest
from devtools_tab import CHROMIUM, Tab
from phone_host import ThreadHost, serve_phones

READY = "typeof view !== 'undefined' && view !== null && socket !== null && socket.readyState === 1"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def test_two_phones_behind_one_address_both_play():
    host = ThreadHost("wacky", ("Ann", "Bob", "Cid"), seed=5)
    server = serve_phones(host)
    urls = [host.call(lambda s=s: server.seat_url(s)) for s in (1, 2)]

    async def main():
        tabs = await asyncio.gather(Tab(390, 844).open(), Tab(360, 740).open())
        try:
            await asyncio.gather(*(tab.go(url) for tab, url in zip(tabs, urls, strict=True)))
            for seat, tab in zip((1, 2), tabs, strict=True):
                await tab.wait_for(READY, timeout=30)
                assert await tab.js("view.seat") == seat
            for tab in tabs:                                   # and each page still answers a reload
                await tab.js("location.reload()")
            for tab in tabs:
                await tab.wait_for(READY, timeout=30)
        finally:
            await asyncio.gather(*(tab.close() for tab in tabs))

    try:
        asyncio.run(asyncio.wait_for(main(), 120))
        assert server.guard.refused == 0
        assert server.guard.open_from("127.0.0.1") <= server.guard.per_client
    finally:
        server.stop()
        host.close()
