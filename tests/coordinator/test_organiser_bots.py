"""The organiser page in headless Chromium adds a bot entrant: the form's "Add a bot" row (name,
level) goes into the tournament (a clash of names shows the coordinator's reason and creates
nothing), the organiser page lists it as a bot, and the TV page marks it in the standings and
at its park."""

import asyncio
import base64

import aiohttp
import pytest

import coordbots as cb
from test_organiser_page import READY, click, fill, text
from test_page import CHROMIUM, DevTools

pytestmark = [pytest.mark.slow,   # the organiser page in Chromium adding a bot
              pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")]


def test_organiser_adds_a_bot_entrant_in_chromium(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                tab = await DevTools().open(s, f"{base}/organiser")
                try:
                    await tab.wait_for(READY)
                    await fill(tab, "#pin", cb.ORG_PIN)
                    await click(tab, "#loginbtn")
                    await tab.wait_for("!document.getElementById('app').hidden")
                    await fill(tab, '#cplayers input[data-i="1"]', "Ann")
                    await fill(tab, '#cplayers input[data-i="2"]', "Bob")
                    await click(tab, "#addbot")
                    assert await tab.js("document.querySelectorAll('#cbots .botrow').length") == 1
                    assert await tab.js("document.querySelector('#cbots .botrow select').value") == "medium"
                    assert "3 players + the Robot" in await text(tab, "#ccount")
                    # a bot with a player's name: the coordinator's 409 reason, nothing created
                    await fill(tab, "#cbots .botrow input", "ann")
                    await click(tab, "#createbtn")
                    await tab.wait_for("document.getElementById('createerr').textContent !== ''")
                    assert "a bot entrant has the name of another player" in await text(tab, "#createerr")
                    async with s.get(base + "/api/tournaments") as r:
                        assert (await r.json())["tournaments"] == []
                    # a second bot, then the first renamed; both at their levels
                    await click(tab, "#addbot")
                    await fill(tab, '#cbots .botrow[data-i="1"] input', "Ada")
                    await fill(tab, '#cbots .botrow[data-i="1"] select', "easy")
                    await fill(tab, '#cbots .botrow[data-i="2"] select', "hard")
                    assert "4 players \u2192 2 parks" in await text(tab, "#ccount")
                    await tab.js("document.getElementById('create').scrollIntoView()")
                    await tab.call("Emulation.setDeviceMetricsOverride", width=1280, height=1400,
                                   deviceScaleFactor=1, mobile=False)
                    await asyncio.sleep(0.2)
                    shot = await tab.call("Page.captureScreenshot", format="png")
                    (tmp_path / "organiser-bots.png").write_bytes(base64.b64decode(shot["data"]))
                    await fill(tab, "#cseed", "5")
                    await click(tab, "#createbtn")
                    await tab.wait_for("document.getElementById('createok').textContent !== ''")
                    assert await tab.js("document.querySelectorAll('#cbots .botrow').length") == 0
                    async with s.get(base + "/api/tournaments") as r:
                        (tour,) = (await r.json())["tournaments"]
                    async with s.get(f"{base}/api/tournaments/{tour['id']}") as r:
                        v = await r.json()
                    assert [(p["name"], p["bot"]) for p in v["players"]] == [
                        ("Ann", None), ("Bob", None), ("Ada", "easy"), ("Bot 2", "hard")]
                    await tab.wait_for(f"document.body.dataset.tournament === '{tour['id']}'")
                    info = await text(tab, "#tinfo")
                    assert "Ada (bot, Easy)" in info and "Bot 2 (bot, Hard)" in info and "Ann," in info
                finally:
                    await tab.close()
                # the TV page: a "bot" mark beside each bot entrant, and nobody else
                tv = await DevTools().open(s, f"{base}/t/{tour['id']}")
                try:
                    await tv.wait_for("document.querySelectorAll('#standings tr').length === 4")
                    marked = await tv.js("[...document.querySelectorAll('#standings tr')].filter(tr => "
                                         "tr.querySelector('.botmark')).map(tr => tr.dataset.player)")
                    assert sorted(marked) == ["2", "3"]
                    shot = await tv.call("Page.captureScreenshot", format="png")
                    (tmp_path / "tv-bots.png").write_bytes(base64.b64decode(shot["data"]))
                    assert await tv.js("document.querySelectorAll('#parks .botmark').length") == 2
                    assert await tv.js("document.querySelector('#standings .botmark').title") == "bot entrant (easy)"
                finally:
                    await tv.close()
    asyncio.run(main())
    for name in ("organiser-bots.png", "tv-bots.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
