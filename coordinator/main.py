"""``tablecup coordinator``: run the coordinator service (see docs/protocol.md).

    tablecup coordinator [--host 0.0.0.0] [--port 8470] [--data DIR] [--organiser-pin PIN] [--no-mdns]
                         [--max-connections N] [--connections-per-client N] [--head-timeout S]
                         [--idle-timeout S]
    tablecup coordinator --show-pin [--data DIR] [--port 8470]

At start it prints where the organiser page is and the organiser PIN on its standard output
(the console, or the service's journal); ``--show-pin`` prints the PIN kept in the data folder
again, without starting anything (see docs/protocol.md, "Organiser PIN").
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sqlite3
import sys
import threading
from pathlib import Path

from appliance import dbcheck, paths, sdnotify
from appliance.lan import RateLimitFilter
from engine.errors import GameDataError

from .discovery import lan_addresses
from .service import DEFAULT_GAME, Coordinator
from .store import DB_NAME, LOG_TABLES, SchemaError, stored_organiser_pin
from .web import new_guard
from .web import serve as serve_app

log = logging.getLogger("tablecup.coordinator")


def parse(argv):
    ap = argparse.ArgumentParser(prog="tablecup coordinator", description="Run the tournament coordinator.")
    ap.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    ap.add_argument("--port", type=int, default=8470, help="TCP port (default 8470)")
    ap.add_argument("--data", type=Path, default=None, help=f"data folder (default: {paths.DATA_RULE})")
    ap.add_argument("--organiser-pin", default=None,
                    help="organiser PIN (default: the stored one, or a new one printed at start)")
    ap.add_argument("--show-pin", action="store_true",
                    help="print the organiser PIN kept in the data folder and the organiser page's address, then exit")
    ap.add_argument("--no-mdns", action="store_true", help="do not advertise _tablecup._tcp by mDNS")
    ap.add_argument("--max-connections", type=int, default=None,
                    help="open connections at most (default: 512, less if the file-descriptor limit is low)")
    ap.add_argument("--connections-per-client", type=int, default=32, help="open connections per client address")
    ap.add_argument("--head-timeout", type=float, default=10.0,
                    help="seconds a connection may take to send a request head once it connects or begins one")
    ap.add_argument("--idle-timeout", type=float, default=30.0,
                    help="seconds a connection may stay idle between two requests")
    ap.add_argument("--log-level", default="INFO")
    return ap.parse_args(argv)


def raise_fd_limit(want: int = 8192) -> int:
    """Raise this process's soft limit on open files towards ``want`` (up to the hard limit); returns it.
    The systemd unit raises the hard limit (LimitNOFILE); a shell's default soft limit is often 1024."""
    try:
        import resource
    except ImportError:          # not on a POSIX system
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError) as exc:
            log.warning("could not raise the open-file limit from %d: %s", soft, exc)
    return soft if soft != resource.RLIM_INFINITY else want


def connection_cap(fd_limit: int, asked: int | None) -> int:
    """Connections at most: what was asked, else 512; never so many that the process runs out of
    file descriptors (the database, the log, mDNS and the listening socket need some)."""
    room = max(16, fd_limit - 64)
    return min(asked or 512, room)


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


#: Where the PIN the coordinator uses comes from, in the words of its start-up lines.
PIN_SOURCES = {"generated": "made at this first start and kept in the data folder",
               "stored": "kept in the data folder", "--organiser-pin": "given with --organiser-pin"}


def page_addresses(host: str, port: int) -> list[str]:
    """The organiser page's address on each of this machine's addresses the coordinator listens on."""
    return [f"http://{a}:{port}/organiser" for a in lan_addresses(host)]


def welcome(coordinator: Coordinator, host: str, port: int) -> str:
    """What the coordinator prints on its standard output once it listens: where the organiser
    page is and the organiser PIN to open it with, for the café owner at the console (or in
    the service's journal) -- not only in a log line among others."""
    pages = page_addresses(host, port)
    source = PIN_SOURCES.get(coordinator.organiser_pin_source, coordinator.organiser_pin_source)
    lines = ["Tablecup coordinator is running.",
             f"  Organiser page: {pages[0] if pages else f'http://<this machine>:{port}/organiser'}",
             *(f"                  {p}" for p in pages[1:]),
             f"  Organiser PIN:  {coordinator.organiser_pin}   ({source})",
             f"  TV page:        {pages[0].removesuffix('organiser') if pages else '/'}",
             "  The organiser page shows the code that pairs each table.",
             "  `tablecup coordinator --show-pin` prints the PIN again."]
    return "\n".join(lines)


def show_pin(args) -> int:
    """``--show-pin``: the organiser PIN kept in the data folder, and the page to type it on."""
    data = Path(args.data if args.data is not None else paths.data_dir(create=False))
    try:
        pin = stored_organiser_pin(data)
    except sqlite3.Error as exc:
        print(f"tablecup coordinator: cannot read {data / DB_NAME}: {exc} (run this as the user the "
              f"coordinator runs as, e.g. sudo -u tablecup)", file=sys.stderr)
        return 1
    if pin is None:
        print(f"tablecup coordinator: no organiser PIN in {data} yet: the coordinator makes one at its first "
              f"start there (or give your own with --organiser-pin)", file=sys.stderr)
        return 1
    print(f"Organiser PIN: {pin}")
    for page in page_addresses(args.host, args.port):
        print(f"Organiser page: {page}")
    print("(A coordinator started with --organiser-pin uses that PIN instead.)")
    return 0


#: Exit status for bundled card data that cannot be loaded (a broken installation: reinstall).
EXIT_BAD_DATA = 2


def load_library(data: Path):
    """The default game's bundled card data plus the café's house sets (the data folder's cards/)
    that load, as the command line and the kiosk load them: a tournament may use a house set; a
    broken one is left out and named in the log."""
    import cards
    from engine import registry
    return registry.cafe(DEFAULT_GAME).load(cards, data)


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
    except GameDataError as exc:
        print(f"tablecup coordinator: card data not loaded: {exc}", file=sys.stderr, flush=True)
        return EXIT_BAD_DATA
    # What the start reads is checked before anything is served; the action and request logs,
    # which grow with every tournament ever played, are checked in full once the service listens
    # (full_check below), so a restart costs what the live tournaments weigh.
    why = dbcheck.problem(db_path, skip=LOG_TABLES)
    if why is None:
        try:
            coordinator = Coordinator(data, organiser_pin=args.organiser_pin, library=library)
        except SchemaError as exc:                  # a database from a newer Tablecup
            log.error("%s", exc)
            return 1
        except sqlite3.DatabaseError as exc:        # damage the quick check did not reach
            why = str(exc)
    if why is not None:
        print(damaged_database_line(db_path, why, Path(data)), file=sys.stderr, flush=True)
        return EXIT_DAMAGED_DB
    fds = raise_fd_limit()
    guard = new_guard(per_client=args.connections_per_client, max_total=connection_cap(fds, args.max_connections),
                      head_timeout=args.head_timeout, idle_timeout=args.idle_timeout)
    try:
        runner = await serve_app(coordinator, args.host, args.port, guard)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        return 1
    log.info("coordinator listening on http://%s:%d (data: %s; %d connections at most, %d per address; "
             "open-file limit %d)", args.host, args.port, data, guard.max_total, guard.per_client, fds)
    print(welcome(coordinator, args.host, args.port), flush=True)
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
    damage: list[str] = []
    cancel_check = threading.Event()
    checker = asyncio.create_task(full_check(db_path, Path(data), damage, stop, cancel_check))
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await stop.wait()
    if not damage:
        log.info("stopping")
    sdnotify.stopping()
    watchdog.cancel()
    keeper.cancel()
    cancel_check.set()
    checker.cancel()
    if advertiser is not None:
        await advertiser.stop()
    await runner.cleanup()
    if damage:
        print(damage[0], file=sys.stderr, flush=True)
        return EXIT_DAMAGED_DB
    return 0


async def full_check(db_path: Path, data: Path, damage: list[str], stop: asyncio.Event,
                     cancel: threading.Event) -> None:
    """The whole database's integrity check, run after the service listens (on a thread: SQLite
    lets go of the interpreter while it reads).  On damage, the one line of a damaged start goes
    into ``damage`` and the service stops, to exit as a damaged start does (status 3).  Setting
    ``cancel`` ends the check early (the service is stopping)."""
    why = await asyncio.to_thread(dbcheck.problem, db_path, (), cancel)
    if cancel.is_set():
        return
    if why is not None:
        damage.append(damaged_database_line(db_path, why, data))
        stop.set()
    else:
        log.info("integrity check of %s: ok", db_path.name)


def run(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.show_pin:
        return show_pin(args)
    logging.basicConfig(level=getattr(logging, str(args.log_level).upper(), logging.INFO), stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # A flood (wrong guesses, refused connections, broken clients) must not fill the disk with logs.
    for handler in logging.getLogger().handlers:
        handler.addFilter(RateLimitFilter())
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(run())
