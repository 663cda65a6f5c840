"""The coordinator's pages read in the pseudo-locale (``?lang=qps``) in headless Chromium against a
real coordinator on 127.0.0.1 show no text that did not come from the coordinator's catalogues:
the organiser page through a Challengers! tournament created with its form (people, a bot entrant,
the Robot), a Wacky Challenge night, kiosks at parks, the Final's park and a revoke armed; the TV
page through a Challengers! tournament from its Deck Phase to its end and café tournaments of
Between Battle and Wacky Challenge from their first round to their end.  Every text node, label
for screen readers, placeholder, tooltip and the title is read, hidden parts included
(tests/kiosk/pseudo_check.py says what may show as it is: names and the games' data; here also
the people, kiosks and tournaments the test names, the boxes' names and the command that shows
the PIN).  The same pages in English are read too: the check finds their English."""

import asyncio

import aiohttp
import cafegames as cg
import coordbots as cb
import pytest
from devtools_tab import CHROMIUM, Tab
from pseudo_check import untranslated_in
from test_organiser_page import READY, click, fill

pytestmark = [pytest.mark.slow,   # tournaments played to their end, the pages read in Chromium
              pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")]

PEOPLE = ("Ann", "Bob", "Cyrille", "Diane", "Eli", "Fay")
KIOSKS = ("Table 1", "Table 2", "Table 3", "Counter")
TOURNAMENTS = ("Friday night", "Wacky night", "Ninja night", "Test cup")
# Names the pages show as the coordinator gives them: the Robot's (a player of the tournament),
# and the command that prints the PIN (a command, in any language).
AS_THEY_ARE = (*PEOPLE, *KIOSKS, *TOURNAMENTS, "Robot", "tablecup coordinator --show-pin")

# Every text the page holds: its text nodes (hidden ones too), what a screen reader says, the
# placeholders, the tooltips and the title.
TEXTS = """(() => {
  const out = [document.title];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) out.push(walk.currentNode.data);
  for (const attr of ["placeholder", "aria-label", "alt", "title"])
    for (const e of document.querySelectorAll("[" + attr + "]")) out.push(e.getAttribute(attr));
  return out.map(t => t.trim()).filter(t => t);
})()"""


async def boxes(s, base) -> tuple[str, ...]:
    async with s.get(base + "/api/catalogue/sets") as r:
        return tuple(b["name"] for b in (await r.json())["boxes"])


async def read_organiser(tab, base, s, lang) -> set[str]:
    """Every text of the organiser page in ``lang`` through a night's set-up."""
    seen: set[str] = set()

    async def read():
        seen.update(await tab.js(TEXTS))

    await tab.go(f"{base}/organiser?lang={lang}")
    await tab.wait_for(READY)
    assert await tab.js("document.documentElement.lang") == lang
    await read()
    await fill(tab, "#pin", cb.ORG_PIN)
    await click(tab, "#loginbtn")
    await tab.wait_for("!document.getElementById('app').hidden && document.getElementById('klist').children.length")
    await read()
    # A Challengers! tournament with the form: three people and two bot entrants, so the Robot joins.
    for i, name in enumerate(PEOPLE[:3], 1):
        await fill(tab, f'#cplayers input[data-i="{i}"]', name)
    await click(tab, "#addbot")
    await click(tab, "#addbot")
    await read()
    await fill(tab, "#cname", TOURNAMENTS[0])
    await click(tab, "#createbtn")
    await tab.wait_for("document.getElementById('createok').textContent !== ''")
    await tab.wait_for("document.querySelectorAll('#parks tr').length === 3")
    await read()
    await fill(tab, 'select.kiosksel[data-park="1"]', "1")
    await tab.wait_for("document.getElementById('parkok').textContent !== ''")
    await tab.wait_for("document.querySelector('select.kiosksel[data-park=\"2\"]').textContent.includes('Table 1')")
    await read()
    await fill(tab, "#finalpark", "2")
    await click(tab, "#finalbtn")
    await tab.wait_for("document.getElementById('finalok').textContent !== ''")
    await click(tab, "#klist button.revoke")                        # armed, not sent
    await read()
    # A Wacky Challenge night: the format's words.
    await fill(tab, "#cgame", "wacky")
    for i, name in enumerate(PEOPLE[:4], 1):
        await fill(tab, f'#cplayers input[data-i="{i}"]', name)
    await fill(tab, "#ctable", "3")
    await fill(tab, "#cname", TOURNAMENTS[1])
    await read()
    await click(tab, "#createbtn")
    await tab.wait_for("document.getElementById('tinfo').textContent.includes('Wacky')")
    await read()
    return seen


async def read_tv(s, base, lang) -> set[str]:
    """Every text of the TV page in ``lang``: a Challengers! tournament from its Deck Phase to its end,
    a Between Battle Swiss night with a bye and a bot entrant, a Wacky Challenge night to its end."""
    seen: set[str] = set()
    tab = await Tab(1280, 720).open()
    try:
        # Unknown to the browser's clock, the pseudo-locale tells the time as the browser's own
        # locale does: a 24-hour one has no "AM" or "PM" to read.
        await tab.call("Emulation.setLocaleOverride", locale="en-GB")

        async def read(tid, version_ok):
            await tab.go(f"{base}/t/{tid}?lang={lang}")
            await tab.wait_for(f"document.body.dataset.tournament === '{tid}' && ({version_ok})")
            seen.update(await tab.js(TEXTS))

        tid, tokens, _ = await cb.new_tournament(s, base, PEOPLE[:4], seed=3, name=TOURNAMENTS[3])
        await read(tid, "true")
        bots = [cb.Bot(s, base, tid, park, token, seed=park) for park, token in tokens.items()]
        await asyncio.gather(*(b.run(until=lambda v: v["round"] >= 2 and v["phase"] == "match") for b in bots))
        await read(tid, "true")
        await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 600)
        await read(tid, "document.getElementById('champion').textContent !== ''")

        body = {"game": "between", "name": TOURNAMENTS[2], "players": list(PEOPLE[:4]),
                "bots": [{"name": "Eli", "level": "easy"}], "format": "swiss", "rounds": 2, "seed": 9}
        tid, tokens, _ = await cg.create(s, base, body, parks=2)
        await read(tid, "document.querySelector('.botmark') !== null")
        body = {"game": "wacky", "name": TOURNAMENTS[1], "players": list(PEOPLE), "format": "tables",
                "rounds": 2, "table_size": 3, "seed": 4}
        tid, tokens, _ = await cg.create(s, base, body, parks=2)
        await read(tid, "true")
        await cg.play_to_the_end(s, base, tid, tokens, seed=1)
        await read(tid, "document.getElementById('champion').textContent !== ''")
    finally:
        await tab.close()
    return seen


def test_the_coordinators_pages_in_the_pseudo_locale_show_only_catalogue_words(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            for name in KIOSKS[:2]:
                await cb.pair(s, base, name)
            also = (*AS_THEY_ARE, *await boxes(s, base))
            tab = await Tab(1280, 1400).open()
            try:
                organiser = await read_organiser(tab, base, s, "qps")
            finally:
                await tab.close()
            tv = await read_tv(s, base, "qps")
            return organiser, tv, also
    organiser, tv, also = asyncio.run(main())
    assert len(organiser) > 80 and len(tv) > 40, (len(organiser), len(tv))
    for page, texts in (("organiser", organiser), ("TV", tv)):
        found = untranslated_in(texts, also)
        assert not found, page + ":\n" + "\n".join(f"{t!r} -> {left!r}" for t, left in sorted(found.items()))


def test_the_check_finds_the_english_of_the_organiser_page_in_english(tmp_path):
    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession():
            tab = await Tab(1280, 1400).open()
            try:
                await tab.go(f"{base}/organiser?lang=en")
                await tab.wait_for(READY)
                return await tab.js(TEXTS)
            finally:
                await tab.close()
    texts = asyncio.run(main())
    assert len(untranslated_in(texts, AS_THEY_ARE)) >= 40
