"""Each card set's mark on a Challengers! card face: a colour band and a symbol.

Several effects name a set ("your Funfair cards get +1"), so a player must see a card's set at
a glance.  The colour tells sets apart quickly; the symbol is what still tells them apart
without colour (colour blindness, a grey-scale screen): every set has its own symbol, drawn in
black or white, whichever stands out more from its band.  The symbols are characters of DejaVu
Sans, the kiosk's font (regular and bold), so they need no image.

A card's set here is its set *icon* (``CardType.set``): a starter card carries the City's icon
and shows the City's mark.  A Rainbow card (``all_icons``) carries every icon: its band is
striped.  A house set's icon, unknown here, gets the first letter of its id as its symbol and
a colour picked from its id (the same on every kiosk).

Two palettes, as :mod:`kiosk.palette`: "standard" colours chosen for their theme, and
"colour-blind" ones taken from Okabe and Ito's eight colours, each of which appears once among
the sets of one box.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

RGBA = tuple[float, float, float, float]
BLACK: RGBA = (0.08, 0.08, 0.10, 1.0)
WHITE: RGBA = (1.0, 1.0, 1.0, 1.0)


def _hex(code: str) -> RGBA:
    code = code.lstrip("#")
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (round(r, 3), round(g, 3), round(b, 3), 1.0)


# Okabe and Ito's colours (safe for the common kinds of colour blindness).
_OI = {"orange": _hex("E69F00"), "sky": _hex("56B4E9"), "green": _hex("009E73"), "yellow": _hex("F0E442"),
       "blue": _hex("0072B2"), "vermilion": _hex("D55E00"), "purple": _hex("CC79A7"), "black": _hex("1A1A1A"),
       "grey": _hex("999999")}


@dataclass(frozen=True)
class SetMark:
    """How one set icon looks: its symbol and its band's colour (or stripes) in each palette."""

    symbol: str
    standard: tuple[RGBA, ...]
    colour_blind: tuple[RGBA, ...]

    def band(self, palette: str = "standard") -> tuple[RGBA, ...]:
        """The band's colours, left to right (one colour, or a Rainbow's stripes)."""
        return self.colour_blind if palette == "colour-blind" else self.standard

    def ink(self, palette: str = "standard") -> RGBA:
        """Black or white, whichever contrasts more with every colour of the band."""
        key = (self.symbol, self.standard, palette)
        got = _INKS.get(key)
        if got is None:
            band = self.band(palette)
            dark = min(contrast(BLACK, c) for c in band)
            light = min(contrast(WHITE, c) for c in band)
            got = _INKS[key] = BLACK if dark >= light else WHITE
        return got


_INKS: dict = {}          # (symbol, colours, palette) -> ink: card faces ask at every redraw


#: The marks of the bundled sets' icons (base box, Beach Cup box, the Robot's cards).
MARKS: dict[str, SetMark] = {
    "city": SetMark("⌂", ((0.50, 0.60, 0.74, 1),), (_OI["sky"],)),
    "castle": SetMark("♜", ((0.50, 0.36, 0.64, 1),), (_OI["purple"],)),
    "film": SetMark("▶", ((0.72, 0.14, 0.18, 1),), (_OI["vermilion"],)),
    "funfair": SetMark("☸", ((0.96, 0.48, 0.72, 1),), (_OI["yellow"],)),
    "haunted": SetMark("☠", ((0.20, 0.18, 0.26, 1),), (_OI["black"],)),
    "shipwreck": SetMark("⚓", ((0.08, 0.50, 0.55, 1),), (_OI["green"],)),
    "space": SetMark("★", ((0.12, 0.16, 0.46, 1),), (_OI["blue"],)),
    "robot": SetMark("⚙", ((0.60, 0.62, 0.64, 1),), (_OI["grey"],)),
    "beachclub": SetMark("☀", ((0.98, 0.80, 0.28, 1),), (_OI["yellow"],)),
    "forest": SetMark("♣", ((0.16, 0.48, 0.20, 1),), (_OI["green"],)),
    "mountain": SetMark("▲", ((0.60, 0.80, 0.96, 1),), (_OI["blue"],)),
    "rainbow": SetMark("◓", ((1.0, 0.62, 0.62, 1), (1.0, 0.80, 0.50, 1), (0.98, 0.95, 0.52, 1),
                             (0.62, 0.90, 0.62, 1), (0.62, 0.80, 1.0, 1), (0.82, 0.70, 1.0, 1)),
                       (_OI["vermilion"], _OI["orange"], _OI["yellow"], _OI["green"], _OI["sky"], _OI["purple"])),
    "secret": SetMark("☾", ((0.26, 0.28, 0.16, 1),), (_OI["black"],)),
    "toystore": SetMark("✈", ((0.98, 0.56, 0.16, 1),), (_OI["orange"],)),
    "university": SetMark("✎", ((0.48, 0.27, 0.12, 1),), (_OI["purple"],)),
}

#: Colours a house set's icon may get (picked by its id).
_HOUSE_STANDARD = ((0.40, 0.68, 0.56, 1), (0.82, 0.60, 0.30, 1), (0.34, 0.34, 0.64, 1), (0.80, 0.42, 0.58, 1))
_HOUSE_COLOUR_BLIND = (_OI["orange"], _OI["sky"], _OI["green"], _OI["purple"])


def mark(icon: str, rainbow: bool = False) -> SetMark:
    """The mark of set icon ``icon`` (``rainbow``: the card carries every icon)."""
    if rainbow:
        return MARKS["rainbow"]
    got = MARKS.get(icon)
    if got is None:
        letter = next((ch for ch in icon if ch.isalnum()), "?").upper()
        k = zlib.crc32(icon.encode("utf-8"))
        got = MARKS[icon] = SetMark(letter, (_HOUSE_STANDARD[k % len(_HOUSE_STANDARD)],),
                                    (_HOUSE_COLOUR_BLIND[k % len(_HOUSE_COLOUR_BLIND)],))
    return got


def luminance(rgba) -> float:
    """Relative luminance (WCAG 2): the grey a colour becomes in grey scale, 0 black to 1 white."""
    def lin(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(float(c)) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG contrast ratio of two colours, 1 (same grey) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
