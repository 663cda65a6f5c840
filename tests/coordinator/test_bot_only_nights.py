"""A café night of bot entrants only, for every game the café runs: a real coordinator (aiohttp
on 127.0.0.1, SQLite) plays it to its end with no kiosk and no person, and the same seed gives
the same record (its actions and final standings) on a second coordinator; the TV standings
page, in headless Chromium, shows the final standings of that game
(``docs/screenshots/standings-GAME.png``, refreshed with TABLECUP_SCREENSHOTS=1)."""

import asyncio
import html
import json
import os
import re
import time

import aiohttp
import coordbots as cb
import pytest
from fontTools.ttLib import TTFont
from test_page import CHROMIUM, chromium

from engine import registry
from kiosk import fonts

pytestmark = [pytest.mark.slow,   # four whole tournaments, each played twice by the bots
              pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")]

BOTS = [{"name": n, "level": "easy"} for n in ("Ada", "Bastien", "Cyrielle", "Dmitri")]
NIGHTS = {
    "challengers": {"players": [], "bots": BOTS[:3], "robot_level": 2},
    "between": {"game": "between", "players": [], "bots": BOTS, "format": "swiss", "rounds": 2},
    "wacky": {"game": "wacky", "players": [], "bots": BOTS, "format": "tables", "rounds": 2, "table_size": 4},
    "cosplay": {"game": "cosplay", "players": [], "bots": BOTS, "format": "tables", "rounds": 1, "table_size": 2},
}


async def bots_night(data, game, seed, shot=None, tv=True, timeout=300.0):
    """The night of ``game`` played by its bots alone; -> (its record, its last view, the TV page's
    DOM at the end, or None without ``tv``: a night played only for its record starts no browser)."""
    async with cb.inprocess(data) as (base, _coord), aiohttp.ClientSession() as s:
        _, token = await cb.pair(s, base, "Organiser")
        body = {"name": f"{registry.get(game).title()}: the bots' night", "seed": seed, **NIGHTS[game]}
        async with s.post(base + "/api/tournaments", json=body, headers=cb.org(token)) as r:
            assert r.status == 201, await r.text()
            tid = (await r.json())["id"]
        deadline = time.monotonic() + timeout
        while True:
            async with s.get(f"{base}/api/tournaments/{tid}") as r:
                view = await r.json()
            if view["over"]:
                break
            assert time.monotonic() < deadline, f"the {game} night is not over within {timeout} s: {view}"
            await asyncio.sleep(0.1)          # the bots are playing: look again
        record = await cb.record(s, base, tid, token)
        if not tv:
            return record, view, None
        # One browser both prints the page and takes its picture (the same load of the page).
        picture = [] if shot is None else [f"--screenshot={shot}"]
        dom, _ = await chromium("--virtual-time-budget=4000", "--dump-dom", *picture, f"{base}/t/{tid}")
        return record, view, dom


def canonical(record):
    """A record's actions and final snapshot as one text (a mapping's keys in any order)."""
    return json.dumps([record["actions"], record.get("snapshot")], sort_keys=True)


@pytest.mark.parametrize("game", sorted(NIGHTS))
def test_a_night_of_bots_only_ends_the_same_for_one_seed_and_the_tv_page_shows_it(tmp_path, game):
    shot = (cb.ROOT / "docs" / "screenshots" if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path) \
        / f"standings-{game}.png"
    first, view, dom = asyncio.run(bots_night(tmp_path / "one", game, seed=31, shot=shot))
    again, _, _ = asyncio.run(bots_night(tmp_path / "two", game, seed=31, tv=False))
    assert first["actions"], first
    assert canonical(first) == canonical(again)
    standings = [row["name"] for row in view["standings"]]
    assert sorted(standings) == sorted(b["name"] for b in NIGHTS[game]["bots"])
    for name in standings:
        assert name in dom, (name, dom[:2000])
    # Every character the page shows is in its font (DejaVu Sans, the one a Pi's browser has too):
    # no empty box where a symbol was meant.
    shown = html.unescape(re.sub(r"<[^>]*>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", dom, flags=re.S)))
    cmap = TTFont(str(fonts.find()["regular"]), lazy=True).getBestCmap()
    assert {c for c in shown if not c.isspace() and ord(c) not in cmap} == set()
    assert shot.stat().st_size > 10_000
