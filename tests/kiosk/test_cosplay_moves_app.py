"""Cosplay Team Battle in the real kiosk app (offscreen): 3-4 players, and every move by taps.

``four``: a solo game against three bots chosen on the home screen; the two seats no half shows
are tiles in the middle that follow the engine turn by turn.  ``moves``: two players at the
table; attaching equipment, using an ability, a combo, La Passion, completing an objective
(its payment changed by tapping hand cards, one change refused), recruiting (a card of the wrong
resource refused) and sending Drama, each by taps,
each checked in the engine's state and on the screen.  English and French runs side by side.
"""

import os
import shutil
from concurrent.futures import ThreadPoolExecutor

import pytest
from kiosk_helpers import ROOT, artifacts_dir, face_pixels, run_script, script_result

pytestmark = pytest.mark.slow   # whole Cosplay games in the real app

TOP_HAND = (100, 0, 420, 80)        # where the top half's hand is drawn (800x480)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    base = tmp_path_factory.mktemp("cosplay-moves")
    art = artifacts_dir() / "cosplay-moves"
    shutil.rmtree(art, ignore_errors=True)
    def one(lang):
        p = run_script("drive_cosplay_moves.py", base / lang, art, "all", lang, timeout=240)
        return script_result(p, "MOVES-RESULT ")

    with ThreadPoolExecutor(max_workers=2) as pool:
        got = dict(zip(("en", "fr"), pool.map(one, ("en", "fr"))))
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for png in art.glob("cosplay-*.png"):
            shutil.copy(png, docs / png.name)
    return got, art


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_solo_against_three_bots_shows_every_seat(runs, lang):
    got, art = runs
    r = got[lang]
    assert r["done"] and r["leaks"] == [] and r["checks"] > 50
    assert r["offered"] == [1, 2, 3]                      # the home screen offers 1 to 3 bots
    assert r["players"] == 4 and r["halves"] == [0, 1, None, None]
    # The middle tiles matched the engine's seats at every step, changed as the game went on, and
    # were lit while their seat played.
    assert r["ends"] >= 2 and r["tile_states"] >= 3 and r["lit_seen"] == [2, 3]
    # while a bot plays, the bottom half says what it just did, with its name
    bots = ("Bot 2", "Bot 3", "Bot 1") if lang == "en" else ("Robot 2", "Robot 3", "Robot 1")
    assert any(b in said for said in r["bots_said"] for b in bots), r["bots_said"]
    for face, n in zip(r["tile_faces"], r["assist_counts"]):
        assert "La Passion" in face and (n == 0 or "[size" in face)
    assert face_pixels(art / f"cosplay-four-{lang}.png", TOP_HAND) == 0      # the facing bot's hand: backs
    assert r["faults"][f"cosplay-four-{lang}"] == []                  # every text fits
    assert r["faults"]["bots-said"] == []                              # ... and every bot move said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_move_by_taps(runs, lang):
    got, art = runs
    r = got[lang]
    assert r["done"] and r["leaks"] == []
    did = r["did"]
    assert set(did) == {"attach", "use", "combo", "steal", "complete", "drama", "recruit"}
    for kind, what in did.items():
        assert what["engine"] is True and what["screen"] is True, (kind, what)
    # what an ability, a combo or an attachment did is said on the player's half
    assert did["attach"]["screen"] and did["use"]["said"] and did["combo"]["said"]
    # La Passion: ringed in the hand, tapped, what it may take offered, taken, then in the discard
    steal = did["steal"]
    assert steal["lit"] and steal["options"] >= 1 and steal["target"] and steal["passion_after"]
    assert "La Passion" in steal["status"]
    # The payment: hand cards paying are ringed; a card that pays nothing is refused, saying why,
    # with the payment and the game unchanged; a payer set aside is replaced; paid as shown.
    done = did["complete"]
    assert done["ringed"] and done["paid_as_shown"], done
    refused = done["refused"]
    assert refused["same_payment"] and refused["same_state"]
    assert done["wrong"] in refused["status"] and refused["status"].startswith(("Refused", "Refusé"))
    # a hand card of a resource the cost does not ask (the wrong resource): refused, nothing changed
    wrong = did["recruit"]["refused"]
    assert wrong["same_payment"] and wrong["same_state"] and wrong["wrong"] in wrong["status"]
    said = {"en": "Refused: %s brings nothing this cost needs.", "fr": "Refusé : %s n'apporte rien à ce coût."}
    assert wrong["status"] == said[lang] % wrong["wrong"]
    # the language changed in the settings while the refusal shows: the refusal follows it (it
    # stayed in the old language before)
    other = "fr" if lang == "en" else "en"
    assert wrong["other_lang"]["status"] == said[other] % wrong["other_lang"]["wrong"], wrong["other_lang"]
    if done["changed"] is not None:           # set aside and replaced, or refused (nothing else pays)
        assert done["changed"]["without"] or done["changed"]["status"].startswith(("Refused", "Refusé"))
    for name in ("attach", "passion", "refused"):
        png = art / f"cosplay-{name}-{lang}.png"
        assert face_pixels(png, TOP_HAND) == 0, name      # the other hand stays face down
    assert {k: v for k, v in r["faults"].items() if v} == {}          # every text fits, at every shot
