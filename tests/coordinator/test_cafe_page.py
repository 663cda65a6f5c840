"""The TV standings page for a café tournament of another game (Between Battle's Swiss, Wacky
Challenge's tables), in headless Chromium against a real coordinator on 127.0.0.1: the parks'
tables with their players, the format's standings and, once over, the winner, in English and in
French (``?lang=fr``); Chromium takes a screenshot of each (looked at when the page changes), in the
run that prints its DOM."""

import asyncio
import shutil

import aiohttp
import cafegames as cg
import coordbots as cb
import pytest
from test_page import chromium

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [pytest.mark.slow,   # whole tournaments, then the page in Chromium
              pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")]


def test_the_standings_page_shows_a_cafe_tournament_of_any_game_in_english_and_french(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            body = {"game": "wacky", "name": "Wacky night", "players": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"],
                    "format": "tables", "rounds": 2, "table_size": 3, "seed": 4}
            tid, tokens, _ = await cg.create(s, base, body, parks=2)
            dom, _ = await chromium("--virtual-time-budget=4000", "--dump-dom",
                                    f"--screenshot={tmp_path / 'wacky-en.png'}", f"{base}/t/{tid}")
            assert 'data-game="wacky"' in dom and "Tables · Round 1 of 2" in dom
            assert "Park 1" in dom and "Park 2" in dom and "Who plays where" in dom
            for name in body["players"]:
                assert name in dom
            assert "<th>Points</th>" in dom and "<th>Places</th>" in dom
            await cg.play_to_the_end(s, base, tid, tokens, seed=1)
            async with s.get(f"{base}/api/tournaments/{tid}") as r:
                winner = (await r.json())["winner"]
            dom, _ = await chromium("--virtual-time-budget=4000", "--dump-dom",
                                    f"--screenshot={tmp_path / 'wacky-fr.png'}", f"{base}/t/{tid}?lang=fr")
            assert "Tournoi terminé" in dom and "Classement" in dom and f"Vainqueur : {winner}" in dom
            assert '<html lang="fr">' in dom
            body = {"game": "between", "name": "Ninja night", "players": ["Ann", "Bob", "Cid"],
                    "bots": [{"name": "Ada", "level": "easy"}], "format": "swiss", "rounds": 2, "seed": 9}
            tid, tokens, _ = await cg.create(s, base, body, parks=2)
            dom, _ = await chromium("--virtual-time-budget=4000", "--dump-dom",
                                    f"--screenshot={tmp_path / 'between-fr.png'}", f"{base}/t/{tid}?lang=fr")
            assert "Suisse · Manche 1 sur 2" in dom and "Parc 1" in dom and "<th>Buchholz</th>" in dom
            assert 'class="botmark"' in dom
        for name in ("wacky-en", "wacky-fr", "between-fr"):
            assert (tmp_path / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    asyncio.run(main())
