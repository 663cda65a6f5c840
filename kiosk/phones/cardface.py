"""A card as the phone page draws it: one small JSON value, the same shape for every game.

A game's phone words (``kiosk/games/*/phone.py``) send their seat's hand twice: as the words of a
sentence (``hand``, what a screen reader and the tests read) and as ``cards``, one
:func:`card_face` each, which the page draws as the table draws it: the table's light face, a
frame in the colour the table gives the card, a band in its owner's colour (else the frame's),
its big number, its name, a tag, a row of pips and its icon faint in the frame's colour.  The page knows no game: what a card looks like is
said here, by the game.  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kiosk import iconset
from kiosk.cardcolours import FACE


def hex_colour(rgba: Sequence[float]) -> str:
    """A Kivy colour (RGBA, 0-1) as the page's ``#rrggbb``."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, x)) * 255):02x}" for x in rgba[:3])


def card_face(said: str, title: str, badge: str, colour: str, tag: str = "",
              pips: Sequence[tuple[str, str, int]] = (), icon: str = "",
              frame: Sequence[float] | None = None) -> dict[str, Any]:
    """One card for the page: ``said`` is the card in a sentence (its accessible name), ``title``
    its name on the card, ``badge`` its big number (or letter), ``colour`` its band (``#rrggbb``),
    ``tag`` one word under the number, ``pips`` (icon, ``#rrggbb``, count) in a row, ``icon`` the
    name of a :mod:`kiosk.iconset` icon drawn on it (none for a name that is not one), ``frame``
    its frame's colour as the table draws it (a Kivy RGBA, the same one the table's card is
    given; the band's colour when None).  ``face`` is the table's hand-card face, so the phone's
    card and the table's cannot drift apart."""
    face: dict[str, Any] = {"said": said, "title": title, "badge": badge, "band": colour,
                            "frame": hex_colour(frame) if frame is not None else colour, "face": hex_colour(FACE)}
    if tag:
        face["tag"] = tag
    if icon in iconset.ICONS:
        face["icon"] = icon
    if pips:
        face["pips"] = [[icon, hue, n] for icon, hue, n in pips]
    return face
