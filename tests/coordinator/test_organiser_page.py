"""The organiser page in headless Chromium (DevTools protocol) against a real coordinator on
127.0.0.1: log in with the organiser PIN (a wrong one shows the coordinator's reason), the page
pairs the browser itself, creates a tournament through its form (a bad form shows the 4xx
reason), assigns kiosks to parks, moves the Final and revokes a kiosk -- each checked through the
API.  ``TABLECUP_SCREENSHOTS=1`` refreshes docs/screenshots/organiser.png."""

import asyncio
import base64
import json
import os

import aiohttp
import pytest

import coordbots as cb
from test_page import CHROMIUM, DevTools

SHOT_DOC = cb.ROOT / "docs" / "screenshots" / "organiser.png"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


# The page is ready once its words are in (fetched from the coordinator's catalogues) and its
# buttons are wired: lang.js marks the body with the words' language.
READY = "document.readyState === 'complete' && document.body.dataset.lang !== undefined"


async def fill(tab, selector, value):
    await tab.js(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.value = {json.dumps(value)};"
                 " e.dispatchEvent(new Event('input')); e.dispatchEvent(new Event('change')); })()")


async def click(tab, selector):
    await tab.js(f"document.querySelector({json.dumps(selector)}).click()")


async def text(tab, selector):
    return await tab.js(f"document.querySelector({json.dumps(selector)}).textContent")


@pytest.mark.slow
def test_organiser_page_in_chromium(tmp_path):
    SHOT = SHOT_DOC if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path / "organiser.png"

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, coord):
            async with aiohttp.ClientSession() as s:
                k1, _ = await cb.pair(s, base, "Table 1")
                k2, _ = await cb.pair(s, base, "Table 2")
                k3, _ = await cb.pair(s, base, "Bar counter")
                tab = await DevTools().open(s, f"{base}/organiser")
                try:
                    await tab.wait_for(READY)
                    # a wrong PIN: the coordinator's reason, and the app stays hidden
                    await fill(tab, "#pin", "000000")
                    await click(tab, "#loginbtn")
                    await tab.wait_for("document.getElementById('loginerr').textContent !== ''")
                    assert await text(tab, "#loginerr") == "wrong organiser PIN"
                    assert await tab.js("document.getElementById('app').hidden") is True
                    # the right PIN: the browser pairs itself once ("Organiser browser")
                    await fill(tab, "#pin", cb.ORG_PIN)
                    await click(tab, "#loginbtn")
                    await tab.wait_for("!document.getElementById('app').hidden")
                    await tab.wait_for("/^\\d{12}$/.test(document.getElementById('pairpin').dataset.code)")
                    assert await tab.js(f"sessionStorage.getItem('tablecup.organiserPin') === '{cb.ORG_PIN}'")
                    token = await tab.js("localStorage.getItem('tablecup.organiserToken')")
                    assert token
                    async with s.get(base + "/api/me", headers=cb.bearer(token)) as r:
                        me = await r.json()
                    assert me["name"] == "Organiser browser" and me["parks"] == []
                    pin_shown = await text(tab, "#pairpin")
                    assert pin_shown.replace(" ", "") == coord.pairing_pin and " " in pin_shown   # in groups of 4
                    # the QR code: an SVG image that the page's CSP allows, carrying the code and the address
                    await tab.wait_for("!document.getElementById('pairqr').hidden && "
                                       "document.getElementById('pairqr').complete && "
                                       "document.getElementById('pairqr').naturalWidth > 50")
                    async with s.get(base + "/api/pairing-pin", headers=cb.org()) as r:
                        info = await r.json()
                    assert info["uri"].startswith("tablecup://pair?code=" + coord.pairing_pin)
                    assert "coordinator=http" in info["uri"] and info["qr"].startswith("data:image/svg+xml")
                    # the form lists the catalogue's sets, the base box's defaults ticked
                    assert await tab.js("document.querySelectorAll('#csets input:checked').length") == 5
                    assert await tab.js("document.getElementById('cbasic').value") == "city"
                    await fill(tab, "#cbox", "beach")
                    assert await tab.js("document.getElementById('cbasic').value") == "rainbow"
                    await fill(tab, "#cbox", "base")

                    # a bad form: the coordinator's 400 reason is shown
                    await fill(tab, '#cplayers input[data-i="1"]', "Ann")
                    await fill(tab, '#cplayers input[data-i="2"]', "ann")
                    await click(tab, "#createbtn")
                    await tab.wait_for("document.getElementById('createerr').textContent !== ''")
                    assert "same name twice" in await text(tab, "#createerr")
                    async with s.get(base + "/api/tournaments") as r:
                        assert (await r.json())["tournaments"] == []
                    # too few additional sets: the engine's reason
                    await fill(tab, '#cplayers input[data-i="2"]', "Bob")
                    await tab.js("document.querySelector('#csets input:checked').checked = false")
                    await click(tab, "#createbtn")
                    await tab.wait_for("document.getElementById('createerr').textContent.includes('five different')")

                    # the real one: 5 players + the Robot (level 2), 3 parks, Final at park 2
                    await fill(tab, "#cbox", "base")
                    for i, n in enumerate(["Ann", "Bob", "Cyrille", "Diane", "Ed"], 1):
                        await fill(tab, f'#cplayers input[data-i="{i}"]', n)
                    assert not await tab.js("document.getElementById('crobotrow').hidden")
                    assert "3 parks" in await text(tab, "#ccount")
                    await fill(tab, "#cname", "Café Cup")
                    await fill(tab, "#crobot", "2")
                    await fill(tab, "#cseed", "77")
                    await fill(tab, "#cfinal", "2")
                    await click(tab, "#createbtn")
                    await tab.wait_for("document.getElementById('createok').textContent !== ''")
                    assert await text(tab, "#createerr") == ""
                    async with s.get(base + "/api/tournaments") as r:
                        ts = (await r.json())["tournaments"]
                    assert len(ts) == 1 and ts[0]["name"] == "Café Cup"
                    tid = ts[0]["id"]
                    async with s.get(f"{base}/api/tournaments/{tid}") as r:
                        v = await r.json()
                    assert [p["name"] for p in v["players"]] == ["Ann", "Bob", "Cyrille", "Diane", "Ed", "Robot"]
                    assert v["setup"]["robot_level"] == 2 and v["setup"]["final_park"] == 2
                    assert v["setup"]["box"] == "base"
                    assert v["setup"]["sets"] == ["city", "castle", "film", "funfair", "haunted", "shipwreck"]
                    assert v["parks"] == 3 and v["kiosks"] == {}
                    rec = await cb.record(s, base, tid, token)
                    assert rec["setup"]["seed"] == 77
                    await tab.wait_for(f"document.body.dataset.tournament === '{tid}'")
                    assert await tab.js("document.querySelectorAll('#parks select.kiosksel').length") == 3
                    assert await tab.js("document.getElementById('tvlink').getAttribute('href')") == f"/t/{tid}"
                    assert "Round 1 of 7" in await text(tab, "#tstate")

                    # assign kiosks to parks through the selects
                    await fill(tab, 'select.kiosksel[data-park="1"]', str(k1))
                    await tab.wait_for("document.getElementById('parkok').textContent.includes('Park 1')")
                    await fill(tab, 'select.kiosksel[data-park="2"]', str(k2))
                    await tab.wait_for("document.getElementById('parkok').textContent.includes('Park 2')")
                    async with s.get(f"{base}/api/tournaments/{tid}") as r:
                        assert (await r.json())["kiosks"] == {"1": k1, "2": k2}
                    # the browser's own kiosk is never offered for a park
                    own = await tab.js("[...document.querySelectorAll('select.kiosksel[data-park=\"3\"] option')]"
                                       ".map(o => o.value)")
                    assert str(me["kiosk_id"]) not in own and str(k3) in own

                    # the Final's park
                    await fill(tab, "#finalpark", "3")
                    await click(tab, "#finalbtn")
                    await tab.wait_for("document.getElementById('finalok').textContent !== ''")
                    async with s.get(f"{base}/api/tournaments/{tid}") as r:
                        assert (await r.json())["setup"]["final_park"] == 3

                    # revoke (two clicks: arm, confirm), then assigning it shows the 409 reason
                    await click(tab, f'button.revoke[data-kiosk="{k3}"]')
                    assert await text(tab, f'button.revoke[data-kiosk="{k3}"]') == "Sure? Revoke"
                    # the list drawn again meanwhile (the page refreshes every few seconds) keeps it armed
                    await tab.js("window.__drawn = 0; refresh(true).then(() => { window.__drawn = 1; })")
                    await tab.wait_for("window.__drawn === 1")
                    assert await text(tab, f'button.revoke[data-kiosk="{k3}"]') == "Sure? Revoke"
                    await click(tab, f'button.revoke[data-kiosk="{k3}"]')
                    await tab.wait_for(f"document.querySelector('tr[data-kiosk=\"{k3}\"] .revoked') !== null")
                    async with s.get(base + "/api/kiosks", headers=cb.org()) as r:
                        ks = {k["kiosk_id"]: k for k in (await r.json())["kiosks"]}
                    assert ks[k3]["revoked"] and not ks[k1]["revoked"]
                    assert ks[me["kiosk_id"]]["name"] == "Organiser browser"
                    await tab.js("(() => { const s = document.querySelector('select.kiosksel[data-park=\"3\"]');"
                                 f" s.append(new Option('x', '{k3}')); }})()")
                    await fill(tab, 'select.kiosksel[data-park="3"]', str(k3))
                    await tab.wait_for("document.getElementById('parkerr').textContent !== ''")
                    assert await text(tab, "#parkerr") == f"Park 3: kiosk {k3} is revoked"

                    # a reload keeps the login (sessionStorage) and the token (localStorage): no new pairing
                    await tab.call("Page.reload")
                    await tab.wait_for("!document.getElementById('app').hidden && document.body.dataset.tournament"
                                       f" === '{tid}'")
                    assert await tab.js("localStorage.getItem('tablecup.organiserToken')") == token
                    async with s.get(base + "/api/kiosks", headers=cb.org()) as r:
                        assert len((await r.json())["kiosks"]) == 4

                    # the screenshot (a laptop browser; full page)
                    await tab.js("window.scrollTo(0, 0)")
                    h = await tab.js("document.documentElement.scrollHeight")
                    await tab.call("Emulation.setDeviceMetricsOverride", width=1280, height=int(h),
                                   deviceScaleFactor=1, mobile=False)
                    await asyncio.sleep(0.3)
                    shot = await tab.call("Page.captureScreenshot", format="png")
                    SHOT.parent.mkdir(parents=True, exist_ok=True)
                    SHOT.write_bytes(base64.b64decode(shot["data"]))
                    # a phone: the layout is one column, nothing wider than the screen
                    await tab.call("Emulation.setDeviceMetricsOverride", width=390, height=844,
                                   deviceScaleFactor=2, mobile=True)
                    await asyncio.sleep(0.3)
                    assert await tab.js("document.documentElement.scrollWidth") <= 390
                    # log out: the token is revoked on the coordinator and gone from the browser
                    await click(tab, "#logout")
                    await tab.wait_for("document.readyState === 'complete' && !document.getElementById('login').hidden")
                    assert await tab.js("localStorage.getItem('tablecup.organiserToken')") is None
                    assert await tab.js("sessionStorage.getItem('tablecup.organiserPin')") is None
                    async with s.get(base + "/api/me", headers=cb.bearer(token)) as r:
                        assert r.status == 403
                finally:
                    await tab.close()
        assert SHOT.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    asyncio.run(main())
