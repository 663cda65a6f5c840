"""Card files are checked on load: every mistake gets one message naming file, card, field and line."""

import pytest

import cards
from engine.challengers.cards import CardFileError, parse_set, Catalogue
from engine.challengers.library import load

GOOD = """\
set = "house"
name = "House Set"
box = "base"
kind = "house"

[[card]]
id = "grumpy-cat"
name = "Grumpy Cat"
level = "A"
power = 2
copies = 4
[[card.effect]]
on = "reveal"
do = "power"
amount = 1
per = "empty-seats"
"""

CAPS = {"A": 3, "B": 5, "C": 10}


def broken(old, new):
    assert old in GOOD
    return GOOD.replace(old, new)


def test_a_good_file_parses():
    s = parse_set("house.toml", GOOD, CAPS)
    (c,) = s.cards
    assert (c.id, c.power, c.copies, c.effects[0].per) == ("grumpy-cat", 2, 4, "empty-seats")


@pytest.mark.parametrize("text,field,words", [
    (broken('power = 2', 'power = 4'), "power", "above the Level A cap of 3"),
    (broken('power = 2', 'power = "two"'), "power", "whole number"),
    (broken('copies = 4', 'copies = 0'), "copies", "at least 1"),
    (broken('level = "A"', 'level = "D"'), "level", "unknown level"),
    (broken('copies = 4', 'copies = 4\ncolour = "red"'), "colour", "unknown key 'colour'"),
    (broken('on = "reveal"', 'on = "sunrise"'), "on", "unknown timing"),
    (broken('do = "power"', 'do = "explode"'), "do", "unknown action"),
    (broken('per = "empty-seats"', 'per = "moons"'), "per", "unknown counter"),
    (broken('amount = 1', 'amount = 1\nfrom = "bench"'), "from", "unknown key 'from'"),
    (broken('on = "reveal"', 'on = "bench"'), "do", "cannot happen on 'bench'"),
    (broken('id = "grumpy-cat"', 'id = "Grumpy Cat"'), "id", "lower-case"),
])
def test_each_kind_of_mistake_names_file_card_field_and_line(text, field, words):
    with pytest.raises(CardFileError) as err:
        parse_set("house.toml", text, CAPS)
    msg = str(err.value)
    assert msg.startswith("house.toml")
    assert f"field '{field}'" in msg and words in msg
    if field != "id":
        assert "card 'grumpy-cat'" in msg
    line = int(msg.split("line ")[1].split(":")[0])
    assert field in text.splitlines()[line - 1]           # the line really holds the field


def test_not_toml_at_all_is_refused_with_the_file_name():
    with pytest.raises(CardFileError, match=r"^house.toml: not valid TOML"):
        parse_set("house.toml", "set = [", CAPS)


def test_a_duplicate_id_is_refused():
    s = parse_set("house.toml", GOOD, CAPS)
    twin = parse_set("twin.toml", GOOD.replace('set = "house"', 'set = "twin"'), CAPS)
    with pytest.raises(CardFileError, match="twin.toml: card 'grumpy-cat', field 'id', the id is already used"):
        Catalogue([s, twin])


def test_an_additional_set_must_hold_40_cards():
    additional = GOOD.replace('kind = "house"', 'kind = "additional"')
    with pytest.raises(CardFileError, match="^house.toml: field 'copies', an additional set holds 40 cards, this one 4"):
        Catalogue([parse_set("house.toml", additional, CAPS)])
    basic = GOOD.replace('kind = "house"', 'kind = "basic"')
    with pytest.raises(CardFileError, match="a basic set holds 20 cards, this one 4"):
        Catalogue([parse_set("house.toml", basic, CAPS)])
    Catalogue([parse_set("house.toml", GOOD, CAPS)])     # a house set has no printed size to meet


def test_every_bundled_set_has_its_printed_size(lib):
    """Per-set counts: 20 for a basic set, 40 for each additional set."""
    sizes = {s.id: s.size for s in lib.catalogue.sets.values()}
    for box in lib.boxes.values():
        assert sizes[box.basic] == 20
        for sid in box.additional:
            assert sizes[sid] == 40, sid
    assert sizes["robot"] == 19                      # 8 start cards + 8 R + 3 SOLO, as the box holds


def test_every_bundled_card_is_marked_as_the_source_marks_it(lib):
    cat = lib.catalogue
    assert all(cat.card(c).provisional for c in ("talent-a", "dog-b", "champion-c"))
    own = {c.id for c in cat.cards.values() if c.own_design}
    assert own == {c.id for c in cat.sets["robot"].cards if c.level in ("R", "SOLO")}
    assert len(own) == 11
