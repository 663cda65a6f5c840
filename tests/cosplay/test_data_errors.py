"""A bad data file is refused with an error naming the file, the card and the field; a
good replacement file changes the game without a line of code."""

import pytest

import cards
from engine.cosplay import GAME
from engine.cosplay.cards import CardDataError, load_texts
from engine.game import GameSetup

BOX = cards.read("cosplay/box.toml")


def broken(old: str, new: str) -> str:
    assert old in BOX, old
    return BOX.replace(old, new, 1)


@pytest.mark.parametrize("old, new, message", [
    ('id = "neon-ronin"\nname = "Neon Ronin"\ncost = { badass = 2 }',
     'id = "neon-ronin"\nname = "Neon Ronin"\ncost = { craft = 2 }',
     "box.toml: card 'neon-ronin', field 'cost': 'craft' is not a resource"),
    ('logo = "recruit"\nability = { do = "draw", n = 1 }',
     'logo = "recruit"\nability = { do = "dance", n = 1 }',
     "card 'neon-ronin', field 'ability': unknown ability 'dance'"),
    ('logo = "recruit"\nability = { do = "draw", n = 1 }',
     'logo = "glitter"\nability = { do = "draw", n = 1 }',
     "card 'neon-ronin', field 'logo': one of discard, influence, recruit, sacrifice, support"),
    ('logo = "recruit"\nability = { do = "draw", n = 1 }',
     'ability = { do = "draw", n = 1 }',
     "card 'neon-ronin', field 'logo': an ability needs an activation logo"),
    ('ability = { do = "draw", n = 1 }', 'ability = { do = "draw" }',
     "card 'neon-ronin', field 'ability': 'draw' needs a number n from 1 to 10"),
    ('ability = { do = "gain", n = 1, kind = "kawaii" }', 'ability = { do = "gain", n = 1, kind = "glam" }',
     "card 'pastel-pixie', field 'ability': 'gain' needs a kind"),
    ('logo = "influence"\nability = { do = "drama-cost", n = 1 }',
     'logo = "influence"\nability = { do = "draw", n = 1 }',
     "card 'gravel-monk', field 'ability': an Influence card only changes costs"),
    ('combo = { with = ["paper-kitsune"]', 'combo = { with = ["paper-fox"]',
     "card 'tin-samurai', field 'combo': unknown partner 'paper-fox'"),
    ('encumbrance = "unlimited"', 'encumbrance = "3"',
     "card 'foam-sword', field 'encumbrance': one of"),
    ('level = 1\ncost = { any = 5 }\npoints = 2', 'level = 4\ncost = { any = 5 }\npoints = 2',
     "card 'first-photo', field 'level': 1, 2 or 3"),
    ('id = "rust-knight"', 'id = "neon-ronin"', "card 'neon-ronin', field 'id': already used"),
    ('id = "rust-knight"', 'id = "Rust Knight"', "field 'id': a lower-case id"),
    ('gives = { badass = 2 }\n\n[[character]]\nid = "bubble-bard"', 'gives = { }\n\n[[character]]\nid = "bubble-bard"',
     "card 'rust-knight', field 'gives': a character gives points"),
    ('own_design = true', 'own_design = false', "box.toml: field 'own_design': must be true"),
    ('hand_size = 5', 'hand_size = "five"', "field 'rules.hand_size': a whole number"),
    ('copies = 20', 'copies = 0', "card 'drama', field 'copies'"),
    ('copies = 20\ncost = { any = 3 }', 'copies = 20\ncost = { badass = 3 }',
     "card 'drama', field 'cost': 'badass' is not a resource this card may name (any)"),
    ('id = "neon-ronin"\nname = "Neon Ronin"', 'id = "neon-ronin"\nname = "Neon Ronin"\nsparkle = 3',
     "card 'neon-ronin', field 'sparkle': not a field of a character card"),
])
def test_a_bad_file_names_the_file_card_and_field(old, new, message):
    with pytest.raises(CardDataError) as err:
        load_texts([("cosplay/box.toml", broken(old, new))])
    assert message in str(err.value)
    assert "cosplay/box.toml" in str(err.value) or "rules" in str(err.value)


def test_not_toml_names_the_file():
    with pytest.raises(CardDataError, match=r"cosplay/box.toml: not valid TOML"):
        load_texts([("cosplay/box.toml", BOX + "\n[[character]\n")])


def test_a_missing_folder_says_so():
    class Empty:
        def files(self, folder):
            return []
    with pytest.raises(CardDataError, match="no Cosplay Team Battle data file"):
        GAME.load(Empty())


def test_a_replacement_file_changes_the_game_without_code(data):
    """Cheaper Drama and a hand of six: data only."""
    text = BOX.replace("hand_size = 5", "hand_size = 6").replace("cost = { any = 3 }", "cost = { any = 1 }")

    class Source:
        def files(self, folder):
            return [("cosplay/box.toml", text)]

    other = GAME.load(Source())
    s = GAME.new(other, GameSetup("cosplay", ("a", "b"), 1))
    assert len(s.hand[0]) == 6 and s.drama_cost() == 1
    assert len(GAME.new(data, GameSetup("cosplay", ("a", "b"), 1)).hand[0]) == 5
    GAME.load(cards)                                   # the bundled names back for the other tests
