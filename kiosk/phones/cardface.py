"""A card as the phone page draws it: one small JSON value, the same shape for every game.

A game's phone words (``kiosk/games/*/phone.py``) send their seat's hand twice: as the words of a
sentence (``hand``, what a screen reader and the tests read) and as ``cards``, one
:func:`card_face` each, which the page draws as a card (a band in the card's colour, its big
number, its name, a tag and a row of pips).  The page knows no game: what a card looks like is
said here, by the game.  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kiosk import iconset

#: Bands for things a game tells apart by colour (characters, vehicles, card types): distinct
#: hues that stay apart in grey scale too (light and dark alternate).
BANDS = ("#d1495b", "#edae49", "#00798c", "#66a182", "#8d6cab", "#f28f3b", "#30638e", "#c8553d")


def band(index: int) -> str:
    """The band colour of the ``index``-th thing of a kind (cycling)."""
    return BANDS[index % len(BANDS)]


def hex_colour(rgba: Sequence[float]) -> str:
    """A Kivy colour (RGBA, 0-1) as the page's ``#rrggbb``."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, x)) * 255):02x}" for x in rgba[:3])


def card_face(said: str, title: str, badge: str, colour: str, tag: str = "",
              pips: Sequence[tuple[str, str, int]] = (), icon: str = "") -> dict[str, Any]:
    """One card for the page: ``said`` is the card in a sentence (its accessible name), ``title``
    its name on the card, ``badge`` its big number (or letter), ``colour`` its band (``#rrggbb``),
    ``tag`` one word under the number, ``pips`` (icon, ``#rrggbb``, count) in a row, ``icon`` the
    name of a :mod:`kiosk.iconset` icon drawn on it (none for a name that is not one)."""
    face: dict[str, Any] = {"said": said, "title": title, "badge": badge, "band": colour}
    if tag:
        face["tag"] = tag
    if icon in iconset.ICONS:
        face["icon"] = icon
    if pips:
        face["pips"] = [[icon, hue, n] for icon, hue, n in pips]
    return face
