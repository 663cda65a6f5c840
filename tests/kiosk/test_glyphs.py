"""The kiosk's font carries every glyph its texts use: each card's name and text (every card of
every bundled set, EN and FR), every screen string (EN and FR), and every character written
into the kiosk's code and layouts (arrows, ×, •, …).  Checked against the font's character map."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
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
        for po in sorted((i18n.LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
            with open(po, "rb") as f:
                for msg in read_po(f):
                    forms = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
                    for i, text in enumerate(forms):
                        out[f"string {msg.id} [{i}] ({lang}, {po.name})"] = text or ""
    # Every character written into the kiosk's code and layouts (its games' screens, the phone
    # page's table side), and into the other games' texts and data, which their screens draw.
    written = [p for ext in ("py", "kv", "md") for p in (ROOT / "kiosk").rglob(f"*.{ext}")]   # md: the rules pages
    written += list((ROOT / "engine").rglob("*.py")) + list((ROOT / "cards").rglob("*.toml"))
    for path in sorted(written):
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
