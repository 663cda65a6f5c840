"""The Between Battle decks as data: the bundled file, its checks, and replacing it."""

import pytest

import cards
from betweenplay import decks_toml
from engine.between import GAME
from engine.between.cards import BetweenDataError, parse
from engine.game import GameSetup, play_out


def test_the_bundled_decks_are_four_characters_of_17_cards_marked_as_own_design():
    book = GAME.load(cards)
    assert book.own_design is True
    assert sorted(book.characters) == ["cowboy", "knight", "ninja", "pirate"]
    assert book.hand_size == 5
    for ch in book.characters.values():
        deck = [book.cards[c] for c in ch.cards]
        assert len(deck) == 17
        assert sum(c.joker for c in deck) == 1
        assert sorted(c.value for c in deck if not c.joker) == list(range(1, 17))   # each number once
        assert {c.effect for c in deck if c.ability == "special"} == {ch.special}
        assert sum(c.ability == "special" for c in deck) == (2 if ch.id == "ninja" else 3)
        assert sum(c.ability == "unique" for c in deck) == 1
        assert ch.name("fr") and ch.help.get("fr") and ch.help.get("en")
    assert book.character("chevalier").id == "knight" and book.character("Cow-boy").id == "cowboy"


def _one(**card):
    """A file whose pirate's first card is ``card`` (other keys left as in the rules decks)."""
    text = decks_toml()
    inline = ", ".join(f"{k} = {v}" for k, v in card.items())
    return text.replace("{ value = 1 },", "{ " + inline + " },", 1)


@pytest.mark.parametrize("text, message", [
    (_one(value=0), "house.toml: character 'pirate', card 1: field 'value': a whole number from 1 to 99"),
    (_one(value='"seven"'), "house.toml: character 'pirate', card 1: field 'value'"),
    (_one(value=1, colour='"red"'), "house.toml: character 'pirate', card 1: field 'colour': unknown key"),
    (_one(value=1, link='"yes"'), "house.toml: character 'pirate', card 'pirate-1': field 'link': true or false"),
    (_one(value=1, link="true", ability='"special"'),
     "house.toml: character 'pirate', card 'pirate-1': field 'ability': a Link card carries no ability"),
    (_one(value=1, ability='"magic"'), "house.toml: character 'pirate', card 'pirate-1': field 'ability'"),
    (_one(joker="true", value=3), "house.toml: character 'pirate', card 1: field 'value': a Joker has no number"),
    (_one(value=2), "house.toml: character 'pirate', card 'pirate-2': field 'id': two cards have this id"),
    (_one(value=1, id='"Bad Id"'), "house.toml: character 'pirate', card 1: field 'id'"),
    (decks_toml().replace('special = "discard-random"', 'special = "fly"'),
     "house.toml: character 'pirate': field 'special': one of discard-random, tutor"),
    (decks_toml().replace("hit_points = 10", "hit_points = 0", 1), "house.toml: character 'pirate': field 'hit_points'"),
    (decks_toml().replace("own_design = true\n", ""), "house.toml: the file: field 'own_design'"),
    (decks_toml().replace("hand_size = 5", "hand_size = 5\ntable = 1"), "house.toml: the file: field 'table': unknown key"),
    (decks_toml().replace('names = { en = "Pirate"', 'names = { de = "Pirat"', 1),
     "house.toml: character 'pirate': field 'names'"),
    ("own_design = [", "house.toml: not valid TOML"),
])
def test_a_bad_file_is_refused_naming_the_file_the_card_and_the_field(text, message):
    with pytest.raises(BetweenDataError) as err:
        parse([("house.toml", text)])
    assert message in str(err.value)


def test_the_authors_list_replaces_ours_without_code_changes():
    """A deck with a value twice (its own ids), two Jokers, other hit points: loaded and played."""
    text = decks_toml().replace("own_design = true", "own_design = false").replace(
        "{ value = 16 },", '{ value = 8, id = "pirate-8b" }, { joker = true, id = "pirate-joker-2" },', 1)
    text = text.replace("hit_points = 10", "hit_points = 12")
    book = parse([("author.toml", text)])
    assert book.own_design is False
    pirate = [book.cards[c] for c in book.characters["pirate"].cards]
    assert len(pirate) == 18 and [c.value for c in pirate].count(8) == 2 and sum(c.joker for c in pirate) == 2
    state = GAME.new(book, GameSetup("between", ("A", "B"), 4, {"characters": "pirate,ninja"}))
    assert state.hp == (12, 12)
    play_out(state, {p: GAME.policies["random"](book, p, p) for p in (0, 1)})
    assert state.outcome() is not None


def test_an_unknown_card_in_a_fixed_deck_order_is_refused():
    book = GAME.load(cards)
    with pytest.raises(ValueError, match="seat 0's deck"):
        GAME.new(book, GameSetup("between", ("A", "B"), 1, {"characters": "pirate,ninja",
                                                           "decks": [["pirate-99"], []]}))
