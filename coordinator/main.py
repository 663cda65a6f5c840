"""``tablecup coordinator``: run the coordinator service (see docs/protocol.md).

    tablecup coordinator [--host 0.0.0.0] [--port 8470] [--data DIR] [--organiser-pin PIN] [--no-mdns]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sqlite3
import sys
from pathlib import Path

from aiohttp import web

from appliance import dbcheck, paths, sdnotify
from appliance.house import DataFileError, house_set_texts
from engine.challengers.cards import CardFileError

from .service import Coordinator
from .web import make_app

log = logging.getLogger("tablecup.coordinator")


def parse(argv):
    ap = argparse.ArgumentParser(prog="tablecup coordinator", description="Run the tournament coordinator.")
    ap.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    ap.add_argument("--port", type=int, default=8470, help="TCP port (default 8470)")
    ap.add_argument("--data", type=Path, default=None, help=f"data folder (default: {paths.DATA_RULE})")
    ap.add_argument("--organiser-pin", default=None,
                    help="organiser PIN (default: the stored one, or a new one printed at start)")
    ap.add_argument("--no-mdns", action="store_true", help="do not advertise _tablecup._tcp by mDNS")
    ap.add_argument("--log-level", default="INFO")
    return ap.parse_args(argv)


GC_FREEZE_EVERY = 1.0     # seconds


async def gc_keeper(every: float = GC_FREEZE_EVERY):
    """Keep the cyclic GC's full collections short: move what survived into the permanent generation.

    The coordinator keeps every tournament in memory and the engine keeps every event it made
    (~3 GC-tracked objects per applied action), so the heap only grows; CPython's gen-2
    collections then walk all of it and stopped the event loop for 25-80 ms under load (measured
    with gc.callbacks at 64 parks).  The coordinator makes almost no cyclic garbage (< 100 objects
    over 34,000 requests), so freezing the survivors every second costs no memory in practice,
    and the young generations are still collected as usual.
    """
    while True:
        await asyncio.sleep(every)
        gc.freeze()


#: Exit status for a house set that cannot be loaded (fix the file, then start again).
EXIT_BAD_DATA = 2


def load_library(data: Path):
    """The bundled card data plus the café's house sets (the data folder's cards/), as the
    command line and the kiosk load them: a tournament may use a house set."""
    import cards
    from engine.challengers.library import load
    lib = load(cards)
    lib.add_sets(house_set_texts(data))
    return lib


#: Exit status for "the database is damaged": the unit's RestartPreventExitStatus, so systemd
#: does not restart into the same fault; a person restores a backup first.
EXIT_DAMAGED_DB = 3


def damaged_database_line(path: Path, why: str, data: Path) -> str:
    return (f"tablecup coordinator: {path} is damaged ({why}); stop here and {dbcheck.restore_advice(path, data)} "
            f"(see docs/raspberry-pi.md), or move {path.name} away to start with no tournaments")


async def serve(args) -> int:
    data = args.data if args.data is not None else paths.data_dir()
    db_path = Path(data) / "coordinator.db"
    try:
        library = load_library(Path(data))
    except (CardFileError, DataFileError) as exc:
        print(f"tablecup coordinator: house set not loaded: {exc}", file=sys.stderr, flush=True)
        return EXIT_BAD_DATA
    why = dbcheck.problem(db_path)
    if why is None:
        try:
            coordinator = Coordinator(data, organiser_pin=args.organiser_pin, library=library)
        except sqlite3.DatabaseError as exc:        # damage the quick check did not reach
            why = str(exc)
    if why is not None:
        print(damaged_database_line(db_path, why, Path(data)), file=sys.stderr, flush=True)
        return EXIT_DAMAGED_DB
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
    gc.collect()                # start-up garbage (the replay), then the start-up heap is frozen
    gc.freeze()
    keeper = asyncio.create_task(gc_keeper())
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
    keeper.cancel()
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
