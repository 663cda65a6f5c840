"""The organiser page creates a café tournament of another game (Wacky Challenge in rounds of
tables, Between Battle in a Swiss ladder) through its form, in headless Chromium (DevTools
protocol) against a real coordinator on 127.0.0.1: the form shows the format's options instead
of Challengers!' box and sets, a format the rules refuse shows the coordinator's reason, and the
tournament created is the one the form says; its parks and kiosks are then shown."""

import asyncio
import base64

import aiohttp
import coordbots as cb
import pytest
from test_organiser_page import READY, click, fill, text
from test_page import CHROMIUM, DevTools

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def test_the_organiser_page_creates_a_cafe_tournament_of_another_game(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            await cb.pair(s, base, "Table 1")
            tab = await DevTools().open(s, f"{base}/organiser")
            try:
                await tab.wait_for(READY)
                await fill(tab, "#pin", cb.ORG_PIN)
                await click(tab, "#loginbtn")
                await tab.wait_for("!document.getElementById('app').hidden")
                assert await tab.js("document.getElementById('cformatrow').hidden") is True
                await fill(tab, "#cgame", "wacky")
                assert await tab.js("document.getElementById('cchallengers').hidden") is True
                assert await tab.js("document.getElementById('cformat').value") == "tables"
                for i, n in enumerate(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"], 1):
                    await fill(tab, f'#cplayers input[data-i="{i}"]', n)
                assert "6 entrants" in await text(tab, "#ccount")
                # a table size the game does not seat: the coordinator's reason
                await fill(tab, "#ctable", "8")
                await click(tab, "#createbtn")
                await tab.wait_for("document.getElementById('createerr').textContent !== ''")
                assert "table_size" in await text(tab, "#createerr")
                async with s.get(base + "/api/tournaments") as r:
                    assert (await r.json())["tournaments"] == []
                await fill(tab, "#ctable", "3")
                await fill(tab, "#crounds", "2")
                await fill(tab, "#cname", "Wacky night")
                await click(tab, "#createbtn")
                await tab.wait_for("document.getElementById('createok').textContent !== ''")
                async with s.get(base + "/api/tournaments") as r:
                    (t,) = (await r.json())["tournaments"]
                assert (t["name"], t["game"], t["format"], t["parks"]) == ("Wacky night", "wacky", "tables", 2)
                await tab.wait_for("document.querySelectorAll('#parks tr').length === 2")
                assert await tab.js("document.getElementById('finalbox').hidden") is True
                assert "Round 1 of 2" in await text(tab, "#tstate")
                assert "up to 3 a table" in await text(tab, "#tinfo")
                await tab.call("Emulation.setDeviceMetricsOverride", width=1280, height=1000,
                               deviceScaleFactor=1, mobile=False)
                await tab.wait_for("document.fonts.status === 'loaded'")
                shot = await tab.call("Page.captureScreenshot", format="png")
                (tmp_path / "organiser-cafe.png").write_bytes(base64.b64decode(shot["data"]))
                # Between Battle: a Swiss ladder, the rounds left to the default
                await fill(tab, "#cgame", "between")
                assert await tab.js("document.getElementById('ctablerow').hidden") is True
                for i, n in enumerate(["Ann", "Bob", "Cid", "Dee", "", ""], 1):
                    await fill(tab, f'#cplayers input[data-i="{i}"]', n)
                await fill(tab, "#cformat", "swiss")
                await fill(tab, "#crounds", "")
                await click(tab, "#createbtn")
                await tab.wait_for("document.getElementById('createok').textContent.includes('tournament 2')")
                async with s.get(base + "/api/tournaments/2") as r:
                    v = await r.json()
                assert (v["game"], v["format"], v["rounds"]) == ("between", "swiss", 2)
            finally:
                await tab.close()
        assert (tmp_path / "organiser-cafe.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    asyncio.run(main())
