"""Challengers!' card texts are the engine's message ids said by the ``challengers`` catalogue: the
engine's message holds no word of any language, every id it answers is listed for extraction, and
every card of every box reads in the pseudo-locale with nothing but names left unaccented (a third
language is catalogue entries only).  tests/engine/test_card_text.py reads the English and French."""

from __future__ import annotations

import dataclasses
import re

import pytest
from kiosk_helpers import ROOT
from pseudo_check import untranslated

import cards
from engine.challengers import text as engine_text
from engine.challengers.cards import parse_set
from engine.challengers.library import load
from kiosk import cardtext
from kiosk.games.challengers import cardwords
from kiosk.i18n import PSEUDO

#: A house set whose cards use what the bundled ones do not: a filter with a name, a set, a level and
#: two powers; a condition counted ("2 or more"); a move of two cards "up to", with a bonus.
HOUSE = """\
set = "house"
name = "Cafe Crew"
box = "base"
kind = "house"

[[card]]
id = "barista"
name = "Barista"
level = "A"
power = 2
copies = 1
[[card.effect]]
on = "bench"
do = "aura"
amount = 1
filter = { set = "city", level = "A", power_min = 1, power_max = 3 }
[[card.effect]]
on = "attack"
do = "power"
amount = 2
if = { counter = "bench-cards", min = 2, filter = { set = "city" } }

[[card]]
id = "waiter"
name = "Waiter"
level = "B"
power = 3
copies = 1
[[card.effect]]
on = "reveal"
do = "move"
from = "bench"
to = "exhaust"
count = 2
up_to = true
may = true
bonus_if_done = 2
"""


def _every_card():
    lib = load(cards)
    return lib, [*lib.catalogue.cards.values(), *parse_set("house.toml", HOUSE, None).cards]


def _ids_the_engine_says() -> set[str]:
    """Every message id engine/challengers/text.py can answer: its literal ids and its zone tables'."""
    source = (ROOT / "engine" / "challengers" / "text.py").read_text(encoding="utf-8")
    ids = set(re.findall(r'"(cct_[A-Za-z_-]+)"', source))
    for table in (engine_text._ZONE, engine_text._FROM, engine_text._PILE, engine_text._TO):
        ids |= set(table.values())
    return ids


def test_every_id_the_engine_says_is_listed_for_extraction_and_nothing_else():
    assert _ids_the_engine_says() == set(cardwords.MESSAGES)


def _values(message):
    for _, value in message.values:
        if isinstance(value, engine_text.Message):
            yield from _values(value)
        else:
            yield value


def test_the_engines_message_holds_no_words():
    """Only counts, data names (:class:`Named`) and level letters: the words are the catalogue's."""
    _, every = _every_card()
    for ct in every:
        for value in _values(engine_text.card_message(ct)):
            assert isinstance(value, (int, engine_text.Named)) or re.fullmatch(r"[A-Z]", value), (ct.id, value)


def test_every_card_of_every_box_in_the_pseudo_locale_shows_only_catalogue_words():
    lib, every = _every_card()
    names = engine_text.set_names_for(lib.catalogue, PSEUDO)
    found = {}
    for ct in every:
        said = cardwords.card_text(ct, PSEUDO, names)
        if untranslated(said):
            found[ct.id] = said
    assert not found, found
    # The kiosk's own card faces say the same (it once fell back to English for a third language).
    cardtext.use_catalogue(lib.catalogue)
    ct = lib.catalogue.cards["blacksmith"]
    assert cardtext.card_text(ct, PSEUDO) == cardwords.card_text(ct, PSEUDO, names) != cardtext.card_text(ct, "en")


@pytest.mark.parametrize("lang", ["en", "fr", PSEUDO])
def test_counts_take_their_languages_plural_forms(lang):
    """A condition counted from 0 or 2, a move of one or two cards: each language's forms (French
    says 0 in the singular: "au plus 0 trophée")."""
    lib, every = _every_card()
    names = engine_text.set_names_for(lib.catalogue, lang)
    fan_bus = lib.catalogue.cards["fan-bus"]           # "if you hold 3 trophies or fewer"
    e = fan_bus.effects[0]

    def with_effect(ct, **changes):
        return dataclasses.replace(ct, effects=(dataclasses.replace(ct.effects[0], **changes), *ct.effects[1:]))

    none = cardwords.card_text(with_effect(fan_bus, cond=dataclasses.replace(e.cond, max=0)), lang, names)
    one = cardwords.card_text(with_effect(fan_bus, cond=dataclasses.replace(e.cond, max=1)), lang, names)
    three = cardwords.card_text(fan_bus, lang, names)
    expected = {"en": ("0 trophies", "1 trophy", "3 trophies"), "fr": ("0 trophée", "1 trophée", "3 trophées"),
                PSEUDO: ("0 ţŕöṕĥîéš", "1 ţŕöṕĥý", "3 ţŕöṕĥîéš")}[lang]
    assert [expected[0] in none, expected[1] in one, expected[2] in three] == [True] * 3, (none, one, three)
    barista = next(ct for ct in every if ct.id == "barista")
    said = cardwords.card_text(barista, lang, names)
    assert {"en": "2 City cards", "fr": "2 cartes Ville", PSEUDO: "2 City çàŕďš"}[lang] in said, said


def test_a_language_is_its_catalogue_entries():
    """The words come from the compiled catalogue of the language asked: a language with none reads English."""
    lib, _ = _every_card()
    ct = lib.catalogue.cards["blacksmith"]
    en = engine_text.set_names_for(lib.catalogue, "en")
    assert cardwords.card_text(ct, "de", en) == cardwords.card_text(ct, "en", en) == "Bench: your City cards get +1."
