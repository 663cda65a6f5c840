"""The kiosk's font carries every glyph its texts use: each card's name and text (every card of
every bundled set, EN and FR), every screen string (EN and FR), and every character written
into the kiosk's code and layouts (arrows, ×, •, …).  Checked against the font's character map."""

import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

import cards
from engine.challengers.library import load
from kiosk import cardtext, fonts, i18n
from kiosk_helpers import ROOT


def _texts() -> dict[str, str]:
    """{where: text} for everything the kiosk may draw."""
    lib = load(cards)
    cardtext.use_catalogue(lib.catalogue)
    out = {}
    for lang in ("en", "fr"):
        for ct in lib.catalogue.cards.values():
            out[f"card {ct.id} name ({lang})"] = cardtext.card_name(ct, lang)
            out[f"card {ct.id} text ({lang})"] = cardtext.card_text(ct, lang)
        for key, text in i18n.STRINGS[lang].items():
            out[f"string {key} ({lang})"] = text
    for path in sorted((ROOT / "kiosk").glob("*.py")) + sorted((ROOT / "kiosk").glob("*.kv")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"[^\x00-\x7f]", line):
                out[f"{path.relative_to(ROOT)}:{n}"] = line
    return out


def missing(texts: dict[str, str], font_path) -> dict[str, str]:
    """{character: first place it is used} for characters the font has no glyph for."""
    cmap = TTFont(str(font_path), lazy=True).getBestCmap()
    out = {}
    for where, text in texts.items():
        for ch in text:
            if ch.isspace() or ord(ch) in cmap:
                continue
            out.setdefault(ch, where)
    return out


@pytest.fixture(scope="module")
def texts():
    got = _texts()
    assert sum(k.startswith("card ") for k in got) > 600      # every card, name and text, twice
    return got


@pytest.mark.parametrize("role", ["regular", "bold"])
def test_the_kiosk_font_has_every_glyph(texts, role):
    font = fonts.find()[role]
    assert missing(texts, font) == {}


def test_the_check_finds_what_kivys_bundled_font_lacks(texts):
    """Kivy's Roboto, the kiosk's font before: no arrow, the box players saw in every "move" choice."""
    import kivy
    roboto = Path(kivy.__file__).parent / "data" / "fonts" / "Roboto-Regular.ttf"
    lacks = missing(texts, roboto)
    assert "→" in lacks, lacks


def test_a_missing_font_is_named_with_the_package_to_install(tmp_path):
    with pytest.raises(fonts.FontMissing, match="fonts-dejavu-core"):
        fonts.find((str(tmp_path),))
