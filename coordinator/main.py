"""``tablecup coordinator``: run the coordinator service (see docs/protocol.md).

    tablecup coordinator [--host 0.0.0.0] [--port 8470] [--data DIR] [--organiser-pin PIN] [--no-mdns]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path

from aiohttp import web

from tablecup import paths, sdnotify

from .service import Coordinator
from .web import make_app

log = logging.getLogger("tablecup.coordinator")


def parse(argv):
    ap = argparse.ArgumentParser(prog="tablecup coordinator", description="Run the tournament coordinator.")
    ap.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    ap.add_argument("--port", type=int, default=8470, help="TCP port (default 8470)")
    ap.add_argument("--data", type=Path, default=None, help="data folder (default: tablecup's data folder)")
    ap.add_argument("--organiser-pin", default=None,
                    help="organiser PIN (default: the stored one, or a new one printed at start)")
    ap.add_argument("--no-mdns", action="store_true", help="do not advertise _tablecup._tcp by mDNS")
    ap.add_argument("--log-level", default="INFO")
    return ap.parse_args(argv)


async def serve(args) -> int:
    data = args.data if args.data is not None else paths.data_dir()
    coordinator = Coordinator(data, organiser_pin=args.organiser_pin)
    app = make_app(coordinator)
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=2)
    await runner.setup()
    site = web.TCPSite(runner, args.host, args.port)
    try:
        await site.start()
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        await runner.cleanup()
        return 1
    log.info("coordinator listening on http://%s:%d (data: %s)", args.host, args.port, data)
    advertiser = None
    if not args.no_mdns:
        from .discovery import Advertiser
        advertiser = Advertiser(args.port, args.host)
        await advertiser.start()
    sdnotify.ready(f"coordinator on port {args.port}")
    watchdog = asyncio.create_task(sdnotify.asyncio_watchdog())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()
    log.info("stopping")
    sdnotify.stopping()
    watchdog.cancel()
    if advertiser is not None:
        await advertiser.stop()
    await runner.cleanup()
    return 0


def run(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=getattr(logging, str(args.log_level).upper(), logging.INFO), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(run())
