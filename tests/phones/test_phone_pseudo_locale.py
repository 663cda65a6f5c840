"""Every game's phone page, read in the pseudo-locale in headless Chromium, shows no untranslated
text: seat 0's page on a real phone server follows a whole game (its own moves tapped on the page,
the other seat's played at the table) and every text it shows on the way -- the page's own words,
the game's words for the hand, the moves and the table, the field names of "Everything the table
sent" (opened), the end -- came from the catalogues (tests/kiosk/pseudo_check.py says what may
show as it is: names and the games' data).  The same page in English is read too: the check finds
its English."""

import asyncio
import random

import pytest
from devtools_tab import CHROMIUM, Tab
from phone_host import ThreadHost, serve_phones
from pseudo_check import untranslated_in
from registered import phone_games

from kiosk.i18n import LANGS, PSEUDO

READY = "typeof view !== 'undefined' && view !== null && socket !== null && socket.readyState === 1"
PLAYERS = ("Ann", "Bob")
# Shown as they are on every page: the players' names, the language button's offer (a language's
# code: the offered languages say themselves), the icons' authors and licence.
AS_THEY_ARE = (*PLAYERS, *(lang.upper() for lang in LANGS), "game-icons.net", "Delapouite", "Lorc", "Skoll",
               "Quoting", "CC BY 3.0")
# Lines of the page: its visible text and what a screen reader says of its cards and buttons.
# "Everything the table sent" stays closed: it is the observation as the table sent it (the
# contract's field names, card ids, numbers), data for the curious, under a translated title.
TEXTS = """[...document.body.innerText.split('\\n'),
  ...[...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))]
  .map(t => t.trim()).filter(t => t)"""

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def _walk(game: str, lang: str, moves: int) -> tuple[set[str], bool]:
    """(every text seat 0's page showed in ``lang`` over a game of ``moves`` moves at most, whether
    the game ended)."""
    host = ThreadHost(game, PLAYERS, seed=5)
    server = serve_phones(host)
    url = host.call(lambda: server.seat_url(0))
    rng = random.Random(5)
    seen: set[str] = set()

    async def read(tab):
        seen.update(await tab.js(TEXTS))

    async def main():
        tab = await Tab(390, 844).open()
        try:
            await tab.go(url)                                    # the seat's code: its cookie, then the page
            await tab.wait_for(READY)
            await tab.go(f"http://127.0.0.1:{server.port}/?lang={lang}")
            await tab.wait_for(READY)
            assert await tab.js("document.documentElement.lang") == lang
            for _ in range(moves):
                version = host.call(host.version)
                await tab.wait_for(f"view.version === {version}")
                await read(tab)
                if host.call(lambda: host.state.outcome()) is not None:
                    break
                seat = host.call(lambda: min(host.state.to_act()))
                if seat == 0:                                    # a move tapped on the page
                    count = await tab.wait_for("document.querySelectorAll('#actions button:not([disabled])')"
                                               ".length || null")
                    await tab.js(f"document.querySelectorAll('#actions button')[{rng.randrange(count)}].click()")
                else:                                            # the other seat plays at the table
                    legal = host.call(lambda s=seat: host.state.legal_actions(s))
                    action = rng.choice(legal)
                    host.call(lambda s=seat, a=action: host.submit(s, a))
                await tab.wait_for(f"view.version === {version + 1}")
            await read(tab)
        finally:
            await tab.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 240))
        over = host.call(lambda: host.state.outcome()) is not None
    finally:
        server.stop()
        host.close()
    return seen, over


@pytest.mark.slow   # a whole game on a phone page, for every game with one
@pytest.mark.parametrize("game", phone_games())
def test_every_text_of_the_phone_page_in_the_pseudo_locale_comes_from_the_catalogues(game):
    texts, over = _walk(game, PSEUDO, moves=400)
    assert over, f"{game}: the game did not end in 400 moves"
    assert len(texts) > 10, texts
    found = untranslated_in(texts, AS_THEY_ARE)
    assert not found, "\n".join(f"{t!r} -> {left!r}" for t, left in sorted(found.items()))


def test_the_check_finds_the_english_of_the_page_in_english():
    texts, _ = _walk(phone_games()[0], "en", moves=3)
    assert len(untranslated_in(texts, AS_THEY_ARE)) >= 5
