"""Card text: generated for every card, in English and French, short enough for a card face.

The engine chooses the sentence (message ids and values), the kiosk's ``challengers`` catalogue
says it (``kiosk.games.challengers.cardwords``); tests/kiosk/test_card_words.py checks the split.
"""

import pytest

from engine.challengers.text import MAX_LENGTH, effect_message, say, set_names_for
from kiosk import i18n
from kiosk.games.challengers.cardwords import card_text

LANGS = i18n.LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_has_text_that_fits_the_card_face(lib, lang):
    names = set_names_for(lib.catalogue, lang)
    for c in lib.catalogue.cards.values():
        text = card_text(c, lang, names)
        assert text.strip(), c.id
        assert len(text) <= MAX_LENGTH, (c.id, len(text), text)


def test_every_card_and_set_has_a_french_name(lib):
    for c in lib.catalogue.cards.values():
        assert c.names.get("fr"), c.id
    for s in lib.catalogue.sets.values():
        assert s.names.get("fr"), s.id


def test_text_says_what_the_effect_data_says(lib, card):
    en = set_names_for(lib.catalogue, "en")
    fr = set_names_for(lib.catalogue, "fr")
    assert card_text(card("blacksmith"), "en", en) == "Bench: your City cards get +1."
    assert card_text(card("blacksmith"), "fr", fr) == "Banc : vos cartes Ville ont +1."
    assert card_text(card("gangster"), "en", en) == "Attack: this card gets +2."
    assert card_text(card("pig"), "en", en) == "No effect."
    assert card_text(card("pig"), "fr", fr) == "Sans effet."
    assert card_text(card("cyborg"), "en", en) == "Power = the current round."
    assert "3 trophies or fewer" in card_text(card("fan-bus"), "en", en)
    assert "Level-A pile" in card_text(card("villain"), "en", en)
    # A filter that names a card names it in the text's language.
    assert card_text(card("animateur"), "en", en) == "Bench: your Newcomer cards get +1."
    assert card_text(card("animateur"), "fr", fr) == "Banc : vos cartes Débutant ont +1."


def test_text_follows_the_data_not_a_table(lib, card):
    """Change an effect's numbers and the text changes with them: nothing is stored per card."""
    import dataclasses
    e = card("gangster").effects[0]
    said = say(effect_message(dataclasses.replace(e, amount=5)), lambda key, **values: i18n.tr(key, "en", **values))
    assert said == "This card gets +5."


def _filters(e):
    """Every filter an effect's data uses: its own, its condition's, its cost's."""
    out = []
    for f in (e.filter, e.cond.filter if e.cond is not None else None):
        if f is not None:
            out.append(f)
    if e.cost is not None:
        out.extend(_filters(e.cost))
    return out


def _words_for(key, value, lang, set_names):
    """What a card's text must say for one filter key."""
    en = lang == "en"
    return {
        "set": set_names.get(value, value),
        "name": set_names.get(value, value),          # the card's name in that language
        "level": f"Level-{value}" if en else f"niveau {value}",
        "power": f"power {value}" if en else f"force {value}",
        "power_min": f"power {value} or more" if en else f"force {value} ou plus",
        "power_max": f"power {value} or less" if en else f"force {value} ou moins",
        "lowest_power": "lowest base power" if en else "plus faible force de base",
    }[key]


@pytest.mark.parametrize("lang", LANGS)
def test_every_filter_an_effect_uses_shows_up_in_the_cards_text(lib, lang):
    """The text is generated from the data: every filter key of every effect is said (the Janitor's
    "with the lowest base power" was applied by the engine but missing from its text)."""
    names = set_names_for(lib.catalogue, lang)
    missing = []
    for c in lib.catalogue.cards.values():
        text = card_text(c, lang, names)
        for e in c.effects:
            for f in _filters(e):
                for key, value in f.as_dict().items():
                    words = _words_for(key, value, lang, names)
                    if words not in text:
                        missing.append((c.id, key, words, text))
    assert not missing, missing
