"""Beach Cup starter deck: its Dog (3) looks at your top card and puts it on top or under."""

from cardplay import deck_ids, ids


def _arrange_choice(m, p):
    ch = m.pending
    assert ch is not None and ch.kind == "arrange" and ch.player == p
    return [tuple((w, m.types[c].id) for w, c in o) for o in ch.options]


def test_beach_starter_deck_is_the_base_deck_with_the_looking_dog(lib, card):
    """box.toml: three Newcomers, Talent, the Beach Cup Dog, Champion (the base ids reused)."""
    box = lib.box("beach")
    assert box.starter == ("newcomer", "newcomer", "newcomer", "talent", "dog-beach", "champion")
    dog = card("dog-beach")
    assert (dog.name, dog.level, dog.power, dog.copies, dog.set) == ("Dog", "S", 3, 1, "city")
    assert dog.provisional and dog.names["fr"] == "Chien"
    assert lib.catalogue.sets["starter-beach"].kind == "starter"


def test_dog_beach_offers_top_or_under_and_keeps_it_on_top(match):
    """Dog: "look at the top card ... put it on top" -> the card stays and is revealed next."""
    m = match(["champion"], ["newcomer", "dog-beach", "talent", "newcomer"], first=0)
    m.reveal(0)                                   # Champion 4
    m.reveal(1)                                   # Newcomer 1
    m.reveal(1)                                   # Dog: looks at the Talent
    assert sorted(_arrange_choice(m, 1)) == [(("deck-bottom", "talent"),), (("deck-top", "talent"),)]
    m.choose(1, _arrange_choice(m, 1).index((("deck-top", "talent"),)))
    assert deck_ids(m, 1) == ["talent", "newcomer"]
    assert m.holder == 1 and m.defense_total() == 3   # 1 + 3 >= 4: the Dog takes the flag, no bonus


def test_dog_beach_puts_the_top_card_under_the_deck(match):
    """Dog: "... or under your deck" -> the looked-at card goes to the bottom."""
    m = match(["dog-beach", "champion", "newcomer"], ["talent"], first=0)
    m.reveal(0)                                   # the opening Dog looks at the Champion
    m.choose(0, _arrange_choice(m, 0).index((("deck-bottom", "champion"),)))
    assert deck_ids(m, 0) == ["newcomer", "champion"]
    assert ids(m, [m.flag_card]) == ["dog-beach"] and m.defense_total() == 3


def test_dog_beach_with_an_empty_deck_asks_nothing(match):
    """Dog: nothing left to look at -> no choice, play goes on."""
    m = match(["champion", "newcomer"], ["talent", "dog-beach"], first=0)
    m.reveal(0)
    m.reveal(1)                                   # Talent 2 < 4
    m.reveal(1)                                   # Dog, deck now empty: 2 + 3 >= 4
    assert m.pending is None and m.holder == 1
