"""Each set's mark on a card face: a symbol of its own (a glyph of the kiosk's font, regular and
bold) and a colour band, in both palettes, that the symbol stands out from in grey scale."""

from fontTools.ttLib import TTFont

import cards
from engine.challengers.library import load
from kiosk import fonts
from kiosk.setmarks import BLACK, MARKS, WHITE, contrast, luminance, mark

PALETTES = ("standard", "colour-blind")


def _icons():
    """Every set icon a bundled card carries."""
    lib = load(cards)
    return {ct.set for ct in lib.catalogue.cards.values()}, {ct.id for ct in lib.catalogue.cards.values() if ct.all_icons}


def test_every_bundled_set_has_its_own_symbol():
    icons, rainbow = _icons()
    assert icons <= set(MARKS), icons - set(MARKS)
    symbols = [MARKS[i].symbol for i in sorted(icons | {"rainbow"})]
    assert len(set(symbols)) == len(symbols), symbols
    assert rainbow                                      # Rainbow cards: their own striped mark
    assert len(mark("anything", rainbow=True).band()) > 1


def test_the_symbols_are_in_the_font():
    for role in ("regular", "bold"):
        cmap = TTFont(str(fonts.find()[role]), lazy=True).getBestCmap()
        assert [m.symbol for m in MARKS.values() if ord(m.symbol) not in cmap] == []


def test_each_symbol_reads_on_its_band_in_grey_scale():
    """The symbol is black or white, at least 4.5:1 (WCAG's ratio for text) against every colour
    of its band, in both palettes: it reads in grey scale, where band colours may look alike."""
    for palette in PALETTES:
        for icon, m in MARKS.items():
            ink = m.ink(palette)
            assert ink in (BLACK, WHITE)
            worst = min(contrast(ink, c) for c in m.band(palette))
            assert worst >= 4.5, (palette, icon, worst)


def test_two_sets_differ_by_symbol_and_in_one_box_by_colour():
    """Any two sets differ by their symbol; in the colour-blind palette the sets of one box
    also have bands of different colours (Okabe and Ito's, each once), and where two bands of
    a box are close in grey scale their symbols differ (always)."""
    lib = load(cards)
    by_box: dict = {}
    for ct in lib.catalogue.cards.values():
        by_box.setdefault(ct.box, set()).add("rainbow" if ct.all_icons else ct.set)
    for box, icons in by_box.items():
        icons = sorted(i for i in icons if i != "robot")
        for palette in PALETTES:
            bands = {i: MARKS[i].band(palette) for i in icons}
            for a in icons:
                for b in icons:
                    if a < b:
                        assert MARKS[a].symbol != MARKS[b].symbol
                        if palette == "colour-blind":
                            assert bands[a] != bands[b], (box, a, b)
                        grey = abs(luminance(bands[a][0]) - luminance(bands[b][0]))
                        assert grey >= 0.02 or MARKS[a].symbol != MARKS[b].symbol


def test_a_house_set_gets_a_letter_and_a_steady_colour():
    m = mark("cafe-specials")
    assert m.symbol == "C" and mark("cafe-specials") is m
    for palette in PALETTES:
        assert min(contrast(m.ink(palette), c) for c in m.band(palette)) >= 4.5
