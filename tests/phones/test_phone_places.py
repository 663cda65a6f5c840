"""The phones' buttons never cover a game: at every window size the kiosk supports, in English and
French, each half's "Phone" button and the seats panel's button of Between Battle, Wacky Challenge
and Cosplay Team Battle sit where the game's layout keeps room for them, over none of its buttons,
cards or texts; and every text of those screens fits its widget, with no black band left.

One app process per size (tests/phones/drive_phone_places.py), a few at a time.  With
TABLECUP_SCREENSHOTS=1 the 800x480 pictures are copied to docs/screenshots/.
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, drive_at_sizes

pytestmark = pytest.mark.slow   # the phone buttons walked at every window size

SIZES = ["800x480", "1024x600", "1280x720", "1280x800", "1920x1080", "720x1280"]
GAMES_LOOKED = ("between", "wacky", "cosplay")
MOMENTS = ("start", "look0", "look1")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    got = drive_at_sizes(Path(__file__).parent / "drive_phone_places.py", SIZES, tmp_path_factory.mktemp("places"),
                         artifacts_dir() / "phone-places", "PLACES-RESULT", timeout=600)
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        for png in (artifacts_dir() / "phone-places").glob("phones-*-800x480.png"):
            shutil.copy(png, ROOT / "docs" / "screenshots" / png.name)
    return got


def test_every_game_with_hidden_cards_is_looked_at():
    import importlib.util

    from engine import registry
    from kiosk.games import registry as kiosk_games
    spec = importlib.util.spec_from_file_location("drive_phone_places", Path(__file__).parent / "drive_phone_places.py")
    driver = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(driver)
    GAMES = driver.GAMES
    # the games whose seats phones may take with a page of their own (Challengers! has none)
    phone_games = {g.name for g in registry.games()
                   if g.hidden_information and kiosk_games.get(g.name).phone is not None}
    assert set(GAMES) == set(GAMES_LOOKED) == phone_games


@pytest.mark.parametrize("size", SIZES)
def test_the_phone_buttons_cover_nothing_and_every_text_fits(results, size):
    r = results[size]
    assert r["error"] is None and r.get("rc") == 0, r["error"]
    assert r["window"] == r["size"]
    assert r.get("phones_off") is None, r["phones_off"]      # the phone server served every game
    assert sorted(r["panel_opened"]) == ["cosplay", "cosplay", "wacky", "wacky"]   # phones on no half: it opens
    # Where the seats panel's button goes is the game's to say: Wacky Challenge keeps a place for it;
    # Cosplay Team Battle's middle has none to spare (its panel opens by itself and from the operator).
    looks = r["looks"]
    assert set(looks) == {f"{g}-{m}-{lang}" for g in GAMES_LOOKED for m in MOMENTS for lang in ("en", "fr")}
    for key, look in looks.items():
        game = key.split("-")[0]
        want = ["phone-bottom", "phone-top"] + (["seats-panel"] if game == "wacky" else [])
        assert look["buttons"] == sorted(want), key        # every button shown, in its place
    bad = {k: v for k, v in looks.items() if v["overlaps"] or v["faults"] or v["bands"]}
    assert bad == {}, json.dumps(bad, indent=1, ensure_ascii=False)[:4000]
