"""Between Battle's card colours, the table's and the phone's.  No Kivy here."""

from __future__ import annotations

from typing import Any

from kiosk.cardcolours import PLAIN

#: A hand card's frame by its kind: a special (its ability), a link, the Joker, a plain number.
KIND_TINTS = {"ability": (0.85, 0.60, 0.12, 1), "link": (0.20, 0.62, 0.66, 1), "joker": (0.60, 0.38, 0.85, 1),
              "plain": PLAIN}


def card_tint(data: Any, card: str) -> tuple:
    """Card ``card``'s frame: the colour of its kind (a special, a link, the Joker, a plain number)."""
    c = data.card(card)
    kind = "joker" if c.value is None else "link" if c.link else "ability" if c.ability else "plain"
    return KIND_TINTS[kind]
