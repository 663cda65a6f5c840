"""Card faces use the engine's card text said by the catalogues (EN/FR) and every text fits its card."""

import json

import pytest
from kiosk_helpers import run_script

import cards
from engine.challengers.library import load
from engine.challengers.text import set_names_for
from kiosk import cardtext
from kiosk.games.challengers.cardwords import card_text as catalogue_text


def test_cardtext_is_the_engines_message_said_by_the_catalogues():
    lib = load(cards)
    cardtext.use_catalogue(lib.catalogue)
    for lang in ("en", "fr"):
        names = set_names_for(lib.catalogue, lang)
        for ct in lib.catalogue.cards.values():
            assert cardtext.card_text(ct, lang) == catalogue_text(ct, lang, names)
            if lang == "fr" and ct.names.get("fr"):
                assert cardtext.card_name(ct, "fr") == ct.names["fr"]


@pytest.mark.slow
def test_every_card_text_fits_every_face(tmp_path):
    p = run_script("drive_fit.py", tmp_path / "data", timeout=120)
    line = [l for l in p.stdout.splitlines() if l.startswith("FIT-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-3000:]
    r = json.loads(line[-1][len("FIT-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["checked"] >= 162 * 2 * 8
    assert r["bad"] == [], r["bad"][:20]
    assert r["fr_names"] > 100
    assert r["round_powers"] and set(r["round_powers"]) == {"4"}      # the Cyborg in round 4: 4, not "R"
    # Card text is never under 14 sp (800x480: 14 px) on any face that shows it; the enlarged
    # card (a held finger) shows every text whole (overflows() flags a cut there).
    assert r["smallest"] and min(r["smallest"].values()) >= 14, r["smallest"]
    assert r["smallest"]["enlarged"] >= 14
    assert not any(k.startswith("enlarged") for k in r["cut"])
    # The bench seats, too narrow for the longest texts at 14 sp, shorten some (first words and "…").
    assert 0 < r["cut"].get("bench seat en", 0) < 162
