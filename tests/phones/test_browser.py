"""Two phones in headless Chromium take the two seats of a Between Battle by their QR codes'
URLs and play; each sees the other's move live; the frames each received hold none of the other
player's private cards; a third browser without a token gets 401; after a lost connection both
pages reconnect by themselves and play on.  Screenshots of the page (EN and FR, 400x800) go to
docs/screenshots/ when TABLECUP_SCREENSHOTS=1 (else to a temporary folder)."""

import asyncio
import json
import os
from pathlib import Path

import pytest
from devtools_tab import CHROMIUM, Tab
from phone_host import ThreadHost, serve_phones
from registered import phone_games

import cards
from engine import registry
from engine.game import replay

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
READY = "typeof view !== 'undefined' && view !== null && socket !== null && socket.readyState === 1"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


@pytest.mark.slow   # two Chromium phones through a whole duel
def test_two_phones_play_a_duel_in_chromium(tmp_path):
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = serve_phones(host)
    urls = [host.call(lambda s=s: server.seat_url(s)) for s in (0, 1)]
    base = f"http://127.0.0.1:{server.port}"
    shots = DOCS if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path

    async def play_one(tabs):
        """The seat to act taps its first button; both pages then show the new version."""
        version = host.call(host.version)
        seat = host.call(lambda: min(host.state.to_act()))
        label = await tabs[seat].wait_for("document.querySelector('#actions button:not([disabled])')"
                                          " && document.querySelector('#actions button').textContent")
        await tabs[seat].js("document.querySelector('#actions button').click()")
        for t in tabs:
            await t.wait_for(f"view.version === {version + 1}")
        other = 1 - seat
        seen = await tabs[other].js("JSON.stringify(view.observation)")
        assert json.loads(seen) == host.call(lambda: host.state.observation(other))
        assert host.played[-1].player == seat and label
        return seat

    async def main():
        tabs = await asyncio.gather(Tab().open(), Tab().open(), Tab().open())
        a, b, stranger = tabs
        try:
            await asyncio.gather(a.go(urls[0]), b.go(urls[1]), stranger.go(base + "/"))
            for t, url in ((a, urls[0]), (b, urls[1])):
                await t.wait_for(READY)
                here = await t.js("location.href")
                assert here == base + "/" and url.rsplit("/", 1)[1] not in here
                assert await t.js("document.cookie") == ""               # HttpOnly: the script cannot read it
            await stranger.wait_for("document.readyState === 'complete'")
            assert stranger.document_statuses()[-1] == (base + "/", 401)
            assert not stranger.frames_received()
            assert "QR" in await stranger.js("document.body.textContent")

            movers = [await play_one([a, b]), await play_one([a, b])]
            assert len(host.played) == 2
            await b.js("document.getElementById('lang').click()")          # the page's language button
            await b.wait_for("document.documentElement.lang === 'fr'")
            await a.screenshot(shots / "phone-en.png")
            await b.screenshot(shots / "phone-fr.png")
            assert "Votre main" in await b.js("document.body.textContent")
            assert "Your hand" in await a.js("document.body.textContent")

            # The connection is lost (the server drops both sockets): the pages come back alone.
            assert server.drop_phones() == 2
            for t in (a, b):
                await t.wait_for("socket === null || socket.readyState !== 1", timeout=5)
            for t in (a, b):
                await t.wait_for(READY, timeout=10)
            movers.append(await play_one([a, b]))
            assert len(host.played) == 3 and host.played[-1].player == movers[-1]
        finally:
            await asyncio.gather(*(t.close() for t in tabs))
        return [a.frames_received(), b.frames_received()]

    try:
        frames = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        server.stop()
        host.close()

    # What each phone received: its seat's views only, and never a card of the other's hand.
    book = host.data
    for seat, received in enumerate(frames):
        views = [json.loads(f) for f in received]
        assert views and all(v["type"] == "view" and v["seat"] == seat for v in views)
        assert {v["version"] for v in views} >= {0, 1, 2, 3}
        other = 1 - seat
        for text, v in zip(received, views):
            state, _ = replay(host.game, book, host.state.setup, host.played[:v["version"]])
            shown = set(state.observation(seat)["revealed"][other])
            secret = set(state.observation(other)["hand"]) - shown
            assert secret
            for card in secret:
                assert json.dumps(card) not in text, f"seat {seat} was sent {card} of seat {other}'s hand"
    assert cards  # the data the host loaded


def _seat_zero_page(game, names, seed):
    """A table of ``game`` on a real phone server: (host, server, seat 0's URL, seat 0's words)."""
    host = ThreadHost(game, names, seed=seed)
    server = serve_phones(host)
    url = host.call(lambda: server.seat_url(0))
    said = host.call(lambda: host.phone_words(host.state.observation(0), host.state.legal_actions(0)))
    return host, server, url, said


def test_a_cosplay_phone_at_360_px_reads_its_hand_and_moves_in_words(tmp_path):
    """Cosplay Team Battle with three seats: seat 0's page (360 px wide) shows its hand and its
    moves as the game's words (names, not card numbers), in English then French, without
    scrolling sideways; a tap on "End the turn" plays it at the table."""
    host, server, url, said = _seat_zero_page("cosplay", ("Ann", "Bob", "Cy"), seed=4)
    shots = DOCS if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path

    async def main():
        tab = await Tab(360, 740).open()
        try:
            await tab.go(url)
            await tab.wait_for(READY)
            buttons = await tab.js("[...document.querySelectorAll('#actions button')].map(b => b.textContent)")
            assert buttons == said["en"]["labels"] and "End the turn" in buttons
            hand = await tab.js("[...document.querySelectorAll('#hand .pcard')].map(c => c.ariaLabel)")
            assert hand == said["en"]["hand"] and not any(h.isdigit() for h in hand)
            assert await tab.js("document.documentElement.scrollWidth") <= 360
            await tab.screenshot(shots / "phone-cosplay-en.png")
            await tab.js("document.getElementById('lang').click()")
            await tab.wait_for("document.documentElement.lang === 'fr'")
            buttons = await tab.js("[...document.querySelectorAll('#actions button')].map(b => b.textContent)")
            assert buttons == said["fr"]["labels"] and "Finir le tour" in buttons
            assert await tab.js("document.documentElement.scrollWidth") <= 360
            await tab.screenshot(shots / "phone-cosplay-fr.png")
            await tab.js("[...document.querySelectorAll('#actions button')].find(b => b.textContent === 'Finir le tour')"
                         ".click()")
            await tab.wait_for("view.version === 1")
        finally:
            await tab.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 40))
    finally:
        server.stop()
        host.close()
    assert [a.to_text() for a in host.played] == ["0 end"]


# The hand drawn as cards: where every card lies, the size of its number and what it says.
CARD_BOXES = """[...document.querySelectorAll('#hand .pcard')].map(c => {
  const r = c.getBoundingClientRect(), b = c.querySelector('.pc-badge').getBoundingClientRect();
  return {label: c.ariaLabel, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          badge: b.height, title: c.querySelector('.pc-title').textContent,
          frame: getComputedStyle(c).borderTopColor, face: getComputedStyle(c).backgroundColor,
          strip: getComputedStyle(c, '::before').backgroundColor,
          icon: c.querySelector('.pc-icon') ? getComputedStyle(c.querySelector('.pc-icon')).backgroundColor : null};
})"""


def _rgb(rgba) -> str:
    """A Kivy colour as the browser computes a CSS ``#rrggbb`` one: ``rgb(r, g, b)``."""
    return "rgb({}, {}, {})".format(*(round(max(0.0, min(1.0, x)) * 255) for x in rgba[:3]))


def _table_colours(game, host) -> list[tuple[str, str, str]]:
    """Seat 0's hand cards as the table draws them: (face, frame, band) of each, from the same
    functions the table's cards are given their colours by (kiosk/games/*/colours, resources)."""
    from kiosk.cardcolours import FACE
    obs, data = host.state.observation(0), host.data
    hand = obs["hands"][0] if game == "wacky" else obs["hand"]
    if game == "between":
        from kiosk.games.between.colours import card_tint as between_tint
        frames = [between_tint(data, c) for c in hand]
        bands = frames
    elif game == "wacky":
        from kiosk.games.wacky.colours import card_band
        from kiosk.games.wacky.colours import card_tint as wacky_tint
        frames = [wacky_tint(data, data.index[c]) for c in hand]
        bands = [card_band(data, data.index[c]) for c in hand]
    else:
        from kiosk.games.cosplay.resources import card_tint as cosplay_tint
        types = data.with_players(obs["players"]).types
        frames = [cosplay_tint(types[c]) for c in hand]
        bands = frames
    return [(_rgb(FACE), _rgb(f), _rgb(b)) for f, b in zip(frames, bands, strict=True)]


@pytest.mark.parametrize("game", phone_games())
def test_a_phone_at_390_px_draws_its_hand_as_cards(tmp_path, game):
    """Seat 0's page on a 390x844 phone draws each card of its hand as a card: one per card, named
    as the game says it, its number large, on the table's face in the frame, band and icon
    colours the table gives that card (computed by Chromium, compared with the table's own
    colour functions, so the two cannot drift), side by side inside the screen without
    overlapping and without scrolling sideways, in English and French (the pictures:
    docs/screenshots/)."""
    players = min(3, registry.get(game).max_players)
    host, server, url, said = _seat_zero_page(game, ("Ann", "Bob", "Cy")[:players], seed=7)
    table_colours = host.call(lambda: _table_colours(game, host))
    shots = DOCS if os.environ.get("TABLECUP_SCREENSHOTS") else tmp_path

    async def main():
        tab = await Tab(390, 844).open()
        try:
            await tab.go(url)
            await tab.wait_for(READY)
            for lang in ("en", "fr"):
                if lang == "fr":
                    await tab.js("document.getElementById('lang').click()")
                    await tab.wait_for("document.documentElement.lang === 'fr'")
                boxes = await tab.wait_for(f"(() => {{ const b = {CARD_BOXES}; return b.length ? b : null; }})()")
                assert [b["label"] for b in boxes] == said[lang]["hand"]
                assert [b["title"] for b in boxes] == [c["title"] for c in said[lang]["cards"]]
                # Each card's face, frame, band and icon in the table's colours for that card.
                assert [(b["face"], b["frame"], b["strip"]) for b in boxes] == table_colours, boxes
                assert all(b["icon"] in (None, b["frame"]) for b in boxes), boxes
                assert all(b["badge"] >= 24 for b in boxes)
                icons = await tab.wait_for("(() => { const i = [...document.querySelectorAll('#hand .pc-icon')];"
                                           " return i.every(x => x.complete) ? {widths: i.map(x => x.naturalWidth)}"
                                           " : null; })()")
                widths = icons["widths"]                                # every icon named loaded
                assert len(widths) == sum("icon" in c for c in said[lang]["cards"]) and all(widths), icons
                assert all(0 <= b["left"] and b["right"] <= 390 for b in boxes), boxes
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1:]:
                        apart = a["right"] <= b["left"] or b["right"] <= a["left"] or \
                            a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                        assert apart, (a, b)
                assert await tab.js("document.documentElement.scrollWidth") <= 390
                await tab.screenshot(shots / f"phone-cards-{game}-390x844-{lang}.png")
        finally:
            await tab.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 40))
    finally:
        server.stop()
        host.close()


def test_a_phone_page_waits_while_its_game_is_paused_and_comes_back(tmp_path):
    """The seat's game leaves the table saved (Home): the page in Chromium says it is paused and
    keeps trying (it is not told to scan again); once the game is back, with the tokens the table
    kept, the same page shows the seat again by itself."""
    from kiosk.phones.tokens import held_digests
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = serve_phones(host)
    url = host.call(lambda: server.seat_url(0))
    shots = tmp_path

    async def main():
        tab = await Tab().open()
        try:
            await tab.go(url)
            await tab.wait_for(READY)
            kept = host.call(server.tokens.export)
            host.call(lambda: server.attach(None, paused=True))      # the game left the table, saved
            server.pause_secrets(held_digests(kept))
            await tab.wait_for("paused === true && !gone && (socket === null || socket.readyState !== 1)")
            assert "paused" in await tab.js("document.getElementById('status').textContent")
            await tab.screenshot(shots / "phone-paused-en.png")
            # Resumed: the same tokens back on the server; the page comes back without a tap.
            host.call(lambda: server.attach(host))
            host.call(lambda: server.tokens.restore(kept))
            server.changed()
            await tab.wait_for(READY + " && paused === false", timeout=20)
            assert await tab.js("view.seat") == 0
        finally:
            await tab.close()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        server.stop()
        host.close()
