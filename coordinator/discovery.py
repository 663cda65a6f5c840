"""Zeroconf (mDNS) advertisement of ``_tablecup._tcp.local.``; failure is logged, never fatal.

What may fail is the network (no multicast, an interface gone: ``OSError``, a timeout) or
zeroconf's own refusals (``zeroconf.Error``: a name taken, a bad type); the kiosks then need the
coordinator's address typed in, which the warning says.  Anything else is a bug and is raised.
"""

from __future__ import annotations

import logging
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

log = logging.getLogger("tablecup.coordinator")

SERVICE_TYPE = "_tablecup._tcp.local."


def lan_addresses(host: str) -> list[str]:
    """The IPv4 addresses the coordinator listening on ``host`` is reached at: ``host``'s own, or
    for every address (``0.0.0.0``) this machine's addresses but the loopback (127.0.0.1 when it
    has no other)."""
    if host not in ("0.0.0.0", "", "::"):
        try:
            return [socket.gethostbyname(host)]
        except OSError:
            return []
    addrs = set()
    try:
        import ifaddr  # ships with zeroconf
        adapters = ifaddr.get_adapters()
    except (ImportError, OSError) as exc:
        log.warning("this machine's addresses could not be listed (%s): advertising 127.0.0.1", exc)
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                addrs.add(ip.ip)
    return sorted(addrs) or ["127.0.0.1"]


def _addresses(host: str) -> list[bytes]:
    return [socket.inet_aton(a) for a in lan_addresses(host)]


class Advertiser:
    """Registers the coordinator's HTTP port; TXT: ``path=/api``, ``version=1``."""

    def __init__(self, port: int, host: str = "0.0.0.0", name: str | None = None,
                 interfaces: list[str] | None = None) -> None:
        self.port, self.host = port, host
        self.name = name or f"Tablecup coordinator on {socket.gethostname()}"
        self.interfaces = interfaces          # None: every interface
        self.zc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None

    async def start(self) -> bool:
        """Advertise; False (with a warning saying why) when the network or zeroconf refuses."""
        from zeroconf import Error as ZeroconfError
        from zeroconf import InterfaceChoice, IPVersion
        from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf
        try:
            zc = self.zc = AsyncZeroconf(interfaces=InterfaceChoice.All if self.interfaces is None else self.interfaces,
                                         ip_version=IPVersion.V4Only)
            info = self.info = AsyncServiceInfo(
                SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}", port=self.port,
                addresses=_addresses(self.host), properties={"path": "/api", "version": "1"},
                server=f"{socket.gethostname()}.local.")
            await zc.async_register_service(info, allow_name_change=True)
        except (OSError, TimeoutError, ZeroconfError) as exc:
            log.warning("mDNS advertisement failed (kiosks need the address): %s", exc)
            await self.stop()
            return False
        log.info("advertising %s on port %d (mDNS)", SERVICE_TYPE, self.port)
        return True

    async def stop(self) -> None:
        """Withdraw the advertisement; a network that fails meanwhile is logged, not raised."""
        from zeroconf import Error as ZeroconfError
        zc, self.zc = self.zc, None
        if zc is None:
            return
        try:
            if self.info is not None:
                await zc.async_unregister_service(self.info)
            await zc.async_close()
        except (OSError, TimeoutError, ZeroconfError) as exc:
            log.warning("mDNS shutdown: %s", exc)
