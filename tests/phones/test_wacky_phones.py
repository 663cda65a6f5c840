"""A three-player Wacky Challenge at the real kiosk (a separate process, offscreen): one person at
the table (half 0) and two seats on no half, taken by two phones in headless Chromium from the QR
codes of the table's seats panel.

One scenario, sharing the kiosk and the browsers (Chromium is slow to start):

1. the panel shows both codes, waiting; the phones take them; the panel says so and closes;
2. a full turn: every secret choice (two phones, the table's seat by hold-to-look, a tap and the
   release), the reveal, the picks in order (phones' buttons, the table's tap on the draft row),
   the booster if offered; the table shows every route;
3. every frame a phone received before the reveal is exactly its seat's observation at that
   version, and that observation is the same whatever card the other seats chose;
4. the kiosk is killed with SIGKILL and started again on the same data folder: it resumes the game
   and the pages (left open) reconnect by themselves to the resumed game and play on;
5. the operator frees a phone seat: its page says so, the panel shows a new code, and a phone
   takes the seat again with it.
"""

import asyncio
import json
import os
import shutil
import time

import pytest
from devtools_tab import CHROMIUM, Tab
from kiosk_helpers import ROOT, artifacts_dir
from kiosk_process import Kiosk
from ports import reserved_port

import cards
from engine import registry
from engine.game import Action, GameSetup, replay
from kiosk import i18n

READY = "typeof view !== 'undefined' && view !== null && socket !== null && socket.readyState === 1"
SEED = 11

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")



def _local(url: str, port: int) -> str:
    return f"http://127.0.0.1:{port}/t/" + url.rsplit("/t/", 1)[1]


def _phase(t: dict) -> str:
    return t["spectator"]["phase"]


async def _click(tab: Tab, text: str | None = None) -> str:
    """Tap a move's button on the phone (the first one, or the one saying ``text``); its words."""
    pick = ("[...document.querySelectorAll('#actions button:not([disabled])')]"
            + (f".find(b => b.textContent === {json.dumps(text)})" if text else "[0]"))
    label = await tab.wait_for(f"({pick} || {{}}).textContent")
    await tab.js(f"{pick}.click()")
    return label


@pytest.mark.slow
def test_wacky_with_two_phone_seats_plays_a_turn_survives_kill_9_and_frees_a_seat(tmp_path):
    port = reserved_port()
    data = tmp_path / "data"
    art = artifacts_dir() / "phones"
    art.mkdir(parents=True, exist_ok=True)
    kiosk = Kiosk(data, port, tmp_path / "hook1.txt")
    started = [kiosk]                      # every kiosk process, stopped at the end whatever happens
    game = registry.get("wacky")
    book = game.load(cards)
    frames_before_kill: list[list[str]] = []
    played: dict = {}

    async def scenario(kiosk: Kiosk) -> Kiosk:
        # At home, a person taps Wacky Challenge, "Phones: 2", "Bots: 0", then Solo.
        kiosk.send(f"tseed {SEED}")
        kiosk.send("tap game_wacky")
        kiosk.send("tap tphones2")
        kiosk.send("tap tbots0")
        kiosk.send("tap tsolo")
        t = kiosk.wait(lambda t: t.get("game") is not None, "the game")
        assert [s["kind"] for s in t["seats"]] == ["person", "phone", "phone"]
        assert [s["half"] for s in t["seats"]] == [0, None, None]
        seats = kiosk.ask("seats")
        assert sorted(seats["panel"]) == ["1", "2"] and seats["open"]
        assert not any(s["taken"] for s in seats["panel"].values())
        assert seats["button"] == "Phones 0/2"
        kiosk.send(f"screenshot {art / 'wacky-phone-seats-panel.png'}")
        urls = {int(q): _local(s["url"], port) for q, s in seats["panel"].items()}

        tabs = await asyncio.gather(Tab(390, 844).open(), Tab(360, 740).open())
        try:
            await asyncio.gather(*(tab.go(urls[q]) for q, tab in zip((1, 2), tabs)))
            for tab in tabs:
                await tab.wait_for(READY, timeout=30)
            end = time.time() + 30
            seats = kiosk.ask("seats")
            while not all(s["taken"] for s in seats["panel"].values()):
                assert time.time() < end, seats
                await asyncio.sleep(0.1)
                seats = kiosk.ask("seats")
            assert not seats["open"] and seats["button"] == "Phones 2/2"   # every seat taken: the game shows
            await tabs[1].js("document.getElementById('lang').click()")       # this phone reads French
            await tabs[1].wait_for("document.querySelector('#actions button').textContent.startsWith('Jouer ')")
            for tab, width in zip(tabs, (390, 360), strict=True):
                assert await tab.js("document.documentElement.scrollWidth") <= width   # no sideways scroll
            await tabs[0].screenshot(art / "phone-wacky-en.png")
            await tabs[1].screenshot(art / "phone-wacky-fr.png")

            # ---- the secret choices: both phones, then the table's seat (look, tap, let go)
            for tab in tabs:
                label = await _click(tab)
                assert label.startswith(("Play ", "Jouer ")) and (" st." in label or " ét." in label)  # words, not ids
            kiosk.wait(lambda t: t["spectator"]["chosen"] == [False, True, True], "the phones' choices")
            t = kiosk.table()
            mine = t["observations"][0]["hands"][0][0]
            kiosk.send("button 0 primary down")
            kiosk.send(f"tapcard {mine}")
            kiosk.send("button 0 primary up")
            t = kiosk.wait(lambda t: _phase(t) != "choose", "the reveal")
            revealed = t["spectator"]["played"]
            assert revealed[0] == mine and all(revealed)
            played["reveal"] = len(t["actions"])

            # ---- the picks, in the order the reveal gave, then the booster if any
            while _phase(t) in ("pick", "boost"):
                who = min(t["spectator"]["to_act"])
                n = len(t["actions"])
                if who == 0 and _phase(t) == "pick":
                    kiosk.send("tap row0")                               # the draft row's first card
                elif who == 0:
                    kiosk.send("act 0 pass")
                else:
                    if _phase(t) == "pick":
                        kiosk.send("tap row0")                           # the table cannot pick for a phone
                        assert len(kiosk.table()["actions"]) == n
                    tab = tabs[who - 1]
                    await tab.wait_for(f"view.version === {n}")
                    text = ("Pass" if who == 1 else "Passer") if _phase(t) == "boost" else None
                    await _click(tab, text)
                t = kiosk.wait(lambda t, n=n: len(t["actions"]) > n, f"seat {who}'s move")
            assert _phase(t) == "choose" and t["spectator"]["turn"] == 2
            assert all(len(r) == 1 for r in t["spectator"]["routes"])     # everyone took a card
            texts = kiosk.ask("texts")
            assert texts["screen"] == "wacky.play"
            assert {"Phone 1", "Phone 2"} <= set(texts["texts"])          # the table shows their routes
            kiosk.send(f"screenshot {art / 'wacky-phones-turn-2.png'}")
            kiosk.ask("seats")                                            # (the screenshot is taken)
            for tab in tabs:
                await tab.wait_for(f"view.version === {len(t['actions'])}")
            frames_before_kill.extend(tab.frames_received() for tab in tabs)
            played["setup"], played["actions"] = t["game"], t["actions"]

            # ---- kill -9, restart on the same data folder, resume: the pages come back alone
            before = t
            kiosk.kill9()
            for tab in tabs:
                await tab.wait_for("socket === null || socket.readyState !== 1", timeout=20)
            kiosk = Kiosk(data, port, tmp_path / "hook2.txt")
            started.append(kiosk)
            kiosk.send("tresume")
            t = kiosk.wait(lambda t: t.get("game") is not None, "the resumed game")
            assert t["actions"] == before["actions"] and t["rng"] == before["rng"]
            for tab in tabs:
                await tab.wait_for(READY, timeout=45)
                await tab.wait_for(f"view.version === {len(t['actions'])}")
            for tab in tabs:
                await _click(tab)                                        # turn 2's choices, after the restart
            kiosk.wait(lambda t: t["spectator"]["chosen"] == [False, True, True], "turn 2's phone choices")

            # ---- the operator frees seat 2: its page says so; a new code takes it back
            assert kiosk.ask("seats")["panel"]["2"]["url"] == ""         # a taken seat's code is not shown
            old = urls[2]                                                # the code the phone took the seat with
            kiosk.send("freeseat 2")
            await tabs[1].wait_for("gone === true")
            said = await tabs[1].js("document.getElementById('status').textContent")
            assert "libérée" in said                                     # (in French, this phone's language)
            seats = kiosk.ask("seats")
            new = _local(seats["panel"]["2"]["url"], port)
            assert new != old and not seats["panel"]["2"]["taken"] and seats["panel"]["1"]["taken"]
            async with __import__("aiohttp").ClientSession() as s, s.get(old, allow_redirects=False) as r:
                assert r.status == 401                                   # the old code opens nothing
            await tabs[1].go(old)                                            # the phone's browser says why,
            why = json.dumps(i18n.tr("pp_refused_no_seat", "fr"))           # in the language chosen on it
            await tabs[1].wait_for(f"document.documentElement.lang === 'fr' && document.body.innerText.includes({why})")
            await tabs[1].go(new)
            await tabs[1].wait_for(READY, timeout=30)
            assert await tabs[1].js("view.seat") == 2
            assert await tabs[1].js("view.observation.your_choice") is not None   # its choice was kept
        finally:
            await asyncio.gather(*(tab.close() for tab in tabs))
        return kiosk

    try:
        asyncio.run(asyncio.wait_for(scenario(kiosk), 300))
    finally:
        for k in started:
            k.stop()
    if os.environ.get("TABLECUP_SCREENSHOTS"):
        for name in ("wacky-phone-seats-panel.png", "wacky-phones-turn-2.png", "phone-wacky-en.png", "phone-wacky-fr.png"):
            shutil.copy(art / name, ROOT / "docs" / "screenshots" / name)

    # Before the reveal, a phone was sent its own observation and nothing else: each frame's
    # observation is the engine's for that seat at that version, and it would have been the same
    # had the other seats chosen any other card.
    setup = GameSetup.from_json(played["setup"])
    actions = [Action.from_json(a) for a in played["actions"]]
    for seat, received in zip((1, 2), frames_before_kill, strict=True):
        views = [json.loads(f) for f in received if f.startswith('{"type":"view"')]
        assert views and all(v["seat"] == seat for v in views)
        early = [v for v in views if v["version"] < played["reveal"]]
        assert early, "no frame before the reveal"
        for v in early:
            assert set(v) <= {"type", "game", "title", "seat", "players", "version", "observation", "actions",
                              "over", "outcome", "words"}
            done = actions[:v["version"]]
            state, _ = replay(game, book, setup, done)
            assert v["observation"] == state.observation(seat)
            assert v["observation"]["played"] == [None, None, None]
            for i, a in enumerate(done):
                if a.kind != "choose" or a.player == seat:
                    continue
                for other in state.observation(a.player)["hands"][a.player]:
                    if other == a.args[0]:
                        continue
                    swapped = [*done[:i], Action(a.player, "choose", (other,)), *done[i + 1:]]
                    alt, _ = replay(game, book, setup, swapped)
                    assert alt.observation(seat) == v["observation"], (seat, a, other)
                    assert {x.to_text() for x in alt.legal_actions(seat)} == {
                        Action.from_json(x["action"]).to_text() for x in v["actions"]}
        assert any(v["observation"]["your_choice"] is not None for v in early)
