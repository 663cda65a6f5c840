"""A Between Battle card named as the screens and the phones say it, in the catalogues' words.

The character's name is the game's (``engine.between.text.character_name``: "Knight",
"Chevalier"); the value and the Joker are placed by the catalogue ("Knight 7", "Ninja Joker"), so
a language orders them its own way.  No Kivy here.
"""

from __future__ import annotations

from engine.between.text import character_name
from kiosk import i18n


def card_name(card_id: str, lang: str) -> str:
    """``"knight-7"`` -> "Knight 7"; ``"ninja-joker"`` -> "Ninja Joker" (in ``lang``)."""
    character, _, rest = str(card_id).rpartition("-")
    who = character_name(character, lang) if character else str(card_id)
    if rest == "joker":
        return i18n.tr("bb_card_joker", lang, who=who)
    return i18n.tr("bb_card_value", lang, who=who, value=rest)


def value_badge(value: int | None, lang: str) -> str:
    """A card's value as its corner shows it: the number, or the Joker's letter."""
    return i18n.tr("bb_joker_badge", lang) if value is None else str(value)
