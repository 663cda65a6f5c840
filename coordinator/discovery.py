"""Zeroconf (mDNS) advertisement of ``_tablecup._tcp.local.``; failure is logged, never fatal."""

from __future__ import annotations

import logging
import socket

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
        import ifaddr
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                    addrs.add(ip.ip)
    except Exception:  # pragma: no cover - ifaddr ships with zeroconf
        pass
    return sorted(addrs) or ["127.0.0.1"]


def _addresses(host: str) -> list[bytes]:
    return [socket.inet_aton(a) for a in lan_addresses(host)]


class Advertiser:
    """Registers the coordinator's HTTP port; TXT: ``path=/api``, ``version=1``."""

    def __init__(self, port: int, host: str = "0.0.0.0", name: str | None = None, interfaces=None):
        self.port, self.host = port, host
        self.name = name or f"Tablecup coordinator on {socket.gethostname()}"
        self.interfaces = interfaces
        self.zc = None
        self.info = None

    async def start(self) -> bool:
        try:
            from zeroconf import IPVersion
            from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf
            kw = {"ip_version": IPVersion.V4Only}
            if self.interfaces is not None:
                kw["interfaces"] = self.interfaces
            self.zc = AsyncZeroconf(**kw)
            self.info = AsyncServiceInfo(
                SERVICE_TYPE, f"{self.name}.{SERVICE_TYPE}", port=self.port,
                addresses=_addresses(self.host), properties={"path": "/api", "version": "1"},
                server=f"{socket.gethostname()}.local.")
            await self.zc.async_register_service(self.info, allow_name_change=True)
            log.info("advertising %s on port %d (mDNS)", SERVICE_TYPE, self.port)
            return True
        except Exception as exc:
            log.warning("mDNS advertisement failed (kiosks need the address): %s", exc)
            await self.stop()
            return False

    async def stop(self):
        zc, self.zc = self.zc, None
        if zc is None:
            return
        try:
            if self.info is not None:
                await zc.async_unregister_service(self.info)
            await zc.async_close()
        except Exception as exc:
            log.warning("mDNS shutdown: %s", exc)
