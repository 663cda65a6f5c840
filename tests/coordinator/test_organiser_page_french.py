"""The organiser page in French, in headless Chromium (DevTools protocol) against a real
coordinator on 127.0.0.1: a French browser gets it in French, ``?lang=en`` and ``?lang=fr`` choose,
and with tournaments of two games, a bot entrant, the Robot and kiosks at parks on screen, no
English is left among its words (its text, options, placeholders, labels for screen readers);
the names it shows (games, boxes, people) stay as they are and the sets take the French names
their cards print.  The log-in box says where the organiser PIN is.  The screenshot is kept in
the test's folder (``TABLECUP_SCREENSHOTS=1`` refreshes docs/screenshots/organiser-fr.png)."""

import asyncio
import base64
import json
import os
import re

import aiohttp
import coordbots as cb
import pytest
from test_organiser_page import READY, click, fill, text
from test_page import CHROMIUM, DevTools

SHOT_DOC = cb.ROOT / "docs" / "screenshots" / "organiser-fr.png"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")

# Every word the page writes, hidden parts included: its text, the options' text, placeholders,
# labels for screen readers, alternative texts, the title.
WORDS_ON_PAGE = """(() => {
  const out = [document.title, document.body.textContent];
  for (const e of document.querySelectorAll("[placeholder]")) out.push(e.placeholder);
  for (const e of document.querySelectorAll("[aria-label]")) out.push(e.getAttribute("aria-label"));
  for (const e of document.querySelectorAll("[alt]")) out.push(e.alt);
  return out.join("\\n");
})()"""

# English words of the page's own sentences and labels (none of them a French word, nor part of
# a name the page shows: games, boxes, the people and kiosks named below).
ENGLISH = ["Log", "Organiser", "Tournament", "tournament", "Park", "park", "Kiosk", "kiosk", "Player", "Players",
           "player", "players", "Round", "Rounds", "round", "Create", "Created", "Add", "Name", "Game", "Box", "box",
           "Seed", "Final", "choose", "Swiss", "Knockout", "Level", "level", "Easy", "Medium", "Hard", "Remove",
           "Revoke", "revoked", "browser", "Over", "winner", "up to", "of", "the", "and", "at", "is", "Type", "Pick",
           "Open", "default", "random", "optional", "entrants", "here", "vs", "now", "not", "yet", "No",
           "Additional", "Basic", "cards", "chosen", "pairing", "Paired", "Most", "Deck", "Match",
           "sets:", "bot entrant", "Bot entrants", "plays", "Sure", "name", "Playing", "where", "which", "with", "light", "dark"]


def leftovers(words: str) -> list[str]:
    # The command that prints the PIN again is a command, in any language.
    words = words.replace("tablecup coordinator --show-pin", "")
    return sorted({w for w in ENGLISH if re.search(r"(?<![\w-])" + re.escape(w) + r"(?![\w-])", words)})


def test_the_organiser_page_in_french_has_no_english_left(tmp_path):
    shot = SHOT_DOC if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path / "organiser-fr.png"

    async def main():
        async with cb.inprocess(tmp_path / "data") as (base, _coord), aiohttp.ClientSession() as s:
            k1, _ = await cb.pair(s, base, "Table 1")
            await cb.pair(s, base, "Comptoir")
            tab = await DevTools().open(s, "about:blank")
            try:
                # A browser whose language is French gets the page in French; ?lang=en overrides it.
                await tab.call("Network.enable")
                await tab.call("Network.setUserAgentOverride", userAgent="Mozilla/5.0 Chromium", acceptLanguage="fr-FR,fr")
                await tab.call("Page.navigate", url=f"{base}/organiser")
                await tab.wait_for(READY)
                assert await tab.js("navigator.language") == "fr-FR"
                assert await tab.js("document.documentElement.lang") == "fr"
                assert await text(tab, "#loginbtn") == "Se connecter"
                await tab.call("Page.navigate", url=f"{base}/organiser?lang=en")
                await tab.wait_for(READY)
                assert await tab.js("document.documentElement.lang") == "en"
                assert await text(tab, "#loginbtn") == "Log in"
                # Where the PIN is, in both languages: not only in a log.
                assert "--show-pin" in await text(tab, "#pinhint") and "operator screen" in await text(tab, "#pinhint")
                await tab.call("Page.navigate", url=f"{base}/organiser?lang=fr")
                await tab.wait_for(READY)
                assert "--show-pin" in await text(tab, "#pinhint") and "\u00e9cran op\u00e9rateur" in await text(tab, "#pinhint")
                assert not leftovers(await tab.js(WORDS_ON_PAGE)), leftovers(await tab.js(WORDS_ON_PAGE))
                # A wrong PIN: the coordinator's reason (the API's words), after nothing English of the page's.
                await fill(tab, "#pin", "0000")
                await click(tab, "#loginbtn")
                await tab.wait_for("document.getElementById('loginerr').textContent !== ''")
                await fill(tab, "#pin", cb.ORG_PIN)
                await click(tab, "#loginbtn")
                await tab.wait_for("!document.getElementById('app').hidden")
                async with s.get(base + "/api/kiosks", headers={"X-Organiser-Pin": cb.ORG_PIN}) as r:
                    names = {k["name"] for k in (await r.json())["kiosks"]}
                assert "Navigateur organisateur" in names, names
                # A Challengers! tournament through the form: five people (the Robot joins) and a bot entrant.
                for i, n in enumerate(["Ann", "Bob", "Cyrille", "Diane"], 1):
                    await fill(tab, f'#cplayers input[data-i="{i}"]', n)
                await click(tab, "#addbot")
                assert await text(tab, "#ccount") == "5 joueurs + le Robot \u2192 3 parcs"
                assert "Château" in await tab.js("document.getElementById('csets').textContent")
                await fill(tab, "#cname", "Soirée")
                await click(tab, "#createbtn")
                await tab.wait_for("document.getElementById('createok').textContent !== ''")
                assert "tournoi 1" in await text(tab, "#createok")
                await tab.wait_for("document.querySelectorAll('#parks tr').length === 3")
                assert await text(tab, "#tstate") == "Manche 1 sur 7 \u00b7 Phase de deck"
                await fill(tab, 'select.kiosksel[data-park="1"]', str(k1))
                await tab.wait_for("document.getElementById('parkok').textContent.startsWith('Parc 1')")
                assert await text(tab, '#parks tr[data-park="1"] td:nth-child(2)') == "Ann (clair) contre Bob (sombre)"
                assert "(bot, Moyen)" in await text(tab, "#tinfo") and "Robot (niveau 1" in await text(tab, "#tinfo")
                assert "Ville" in await text(tab, "#tinfo")
                words = await tab.js(WORDS_ON_PAGE)
                assert not leftovers(words), leftovers(words)
                # A Wacky Challenge night: the game's and the format's names.
                await fill(tab, "#cgame", "wacky")
                assert await tab.js("document.getElementById('cformat').selectedOptions[0].textContent") == "Par tables"
                for i, n in enumerate(["Ann", "Bob", "Cyrille", "Diane", "Eli", ""], 1):
                    await fill(tab, f'#cplayers input[data-i="{i}"]', n)
                await tab.js("document.querySelector('#cbots .botrow button').click()")
                assert await text(tab, "#ccount") == "5 participants"
                await fill(tab, "#ctable", "3")
                await fill(tab, "#cname", "Soirée Wacky")
                await click(tab, "#createbtn")
                await tab.wait_for("document.getElementById('createok').textContent.includes('tournoi 2')")
                await tab.wait_for("document.getElementById('tstate').textContent === 'Manche 1 sur 3'")
                assert "Wacky Challenge \u00b7 Par tables, jusqu\u2019\u00e0 3 par table" in await text(tab, "#tinfo")
                words = await tab.js(WORDS_ON_PAGE)
                assert not leftovers(words), leftovers(words)
                # Back to the Challengers! tournament and form, as the screenshot shows them.
                await fill(tab, "#cgame", "challengers")
                await fill(tab, "#tsel", "1")
                await tab.wait_for("document.getElementById('tstate').textContent.includes('Phase de deck')")
                words = await tab.js(WORDS_ON_PAGE)
                assert not leftovers(words), leftovers(words)
                # Every fixed word of the HTML is the French catalogue's, as the coordinator serves it.
                async with s.get(base + "/api/words?lang=fr") as r:
                    french = (await r.json())["words"]
                shown = json.loads(await tab.js("JSON.stringify([...document.querySelectorAll('[data-t]')]"
                                                ".map(e => [e.dataset.t, e.textContent]))"))
                assert len(shown) > 40 and all(french[key] == said for key, said in shown), shown
                await tab.call("Emulation.setDeviceMetricsOverride", width=1280, height=1400, deviceScaleFactor=1, mobile=False)
                await tab.wait_for("document.fonts.status === 'loaded'")
                got = await tab.call("Page.captureScreenshot", format="png")
                shot.write_bytes(base64.b64decode(got["data"]))
            finally:
                await tab.close()
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    asyncio.run(main())
