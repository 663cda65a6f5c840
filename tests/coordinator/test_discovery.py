"""Discovery: a zeroconf browser on this host finds the coordinator's _tablecup._tcp service."""

import asyncio
import socket

import pytest

from coordinator.discovery import SERVICE_TYPE, Advertiser


def test_a_browser_on_this_host_finds_the_coordinator():
    pytest.importorskip("zeroconf")
    from zeroconf import IPVersion, ServiceStateChange
    from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

    async def main():
        adv = Advertiser(18471, "127.0.0.1", name="Tablecup test", interfaces=["127.0.0.1"])
        if not await adv.start():
            pytest.skip("multicast (mDNS) is unavailable on this machine: advertising failed")
        found = asyncio.get_running_loop().create_future()
        browser_zc = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)

        def on_change(zeroconf, service_type, name, state_change):
            if state_change is ServiceStateChange.Added and name.startswith("Tablecup test") and not found.done():
                found.set_result(name)

        browser = AsyncServiceBrowser(browser_zc.zeroconf, [SERVICE_TYPE], handlers=[on_change])
        try:
            try:
                name = await asyncio.wait_for(found, 5)
            except asyncio.TimeoutError:
                pytest.skip("no mDNS answer within 5 s: multicast on loopback is unavailable here")
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            assert await info.async_request(browser_zc.zeroconf, 3000)
            assert info.port == 18471
            assert socket.inet_ntoa(info.addresses[0]) == "127.0.0.1"
            assert info.properties[b"path"] == b"/api"
        finally:
            await browser.async_cancel()
            await browser_zc.async_close()
            await adv.stop()
    asyncio.run(main())
