"""Secret Base cards, each played from a fixed deck order."""

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.piles import LevelPiles


def pile(card, ids_top_last):
    """LevelPiles holding these cards in this order (the end of each level is the top)."""
    return LevelPiles([card(i) for i in ids_top_last])


def options(m):
    return sorted(tuple(sorted(ids(m, o))) for o in m.pending.options)


def pick(m, p, wanted):
    m.choose(p, [tuple(sorted(ids(m, o))) for o in m.pending.options].index(tuple(sorted(wanted))))


def test_secret_cards_without_effect_rat_snake_mole(match):
    """Rat 3, Snake 5, Mole 7: base power only."""
    m = match(["rat", "mole"], ["snake", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_thief_puts_the_top_level_a_pile_card_on_its_owners_exhaust_pile(match, card):
    """Thief: the top card of the Level-A pile goes onto your exhaust pile (and is yours)."""
    piles = pile(card, ["goat", "rat", "horse"])               # A top: rat
    m = match(["thief", "newcomer"], ["newcomer"], first=0, piles=piles)
    m.reveal(0)
    assert ids(m, m.sides[0].exhaust) == ["rat"]
    assert m.owner[m.sides[0].exhaust[0]] == 0
    assert [c.id for c in piles.piles["A"]] == ["goat"]
    assert "rat" in [c.id for c in m.collected(0)]             # it joins the deck after the match


def test_zombie_attacks_with_one_per_exhaust_card_and_holds_without(match):
    """Zombie (during the attack): +1 per card in your exhaust pile, gone once it holds the flag."""
    m = match(["champion", "newcomer"], ["zombie", "newcomer"], first=0, exhaust_b=["pig", "cow", "newcomer"])
    m.reveal(0)                                   # Champion 4
    m.reveal(1)                                   # Zombie 2 + 3 = 5 >= 4
    assert m.holder == 1 and m.defense_total() == 2


def test_zombie_with_an_empty_exhaust_pile_has_base_power(match):
    """Zombie: no exhausted cards -> 2 in the attack."""
    m = match(["champion", "newcomer"], ["zombie", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 2


def test_safecracker_puts_a_chosen_exhaust_card_under_the_deck(match):
    """Safecracker: put a card from your exhaust pile under your deck (the owner chooses which)."""
    m = match(["safecracker", "newcomer"], ["newcomer"], first=0, exhaust_a=["pig", "horse"])
    m.reveal(0)
    assert options(m) == [("horse",), ("pig",)]               # "a card": no declining
    pick(m, 0, ["horse"])
    assert deck_ids(m, 0) == ["newcomer", "horse"] and ids(m, m.sides[0].exhaust) == ["pig"]


def test_safecracker_with_an_empty_exhaust_pile_does_nothing(match):
    """Safecracker: nothing exhausted -> no choice."""
    m = match(["safecracker", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.pending is None and deck_ids(m, 0) == ["newcomer"]


def test_getaway_vehicle_exhausts_up_to_two_secret_cards_rainbow_included(match):
    """Getaway Vehicle: up to two Secret Base cards from the bench to the exhaust pile; a Rainbow DJ
    carries the Secret Base icon, the Castle Pig does not."""
    m = match(["champion", "newcomer"], ["getaway-vehicle", "newcomer"], first=0, bench_b=["rat", "rat", "dj", "pig"])
    m.reveal(0)
    m.reveal(1)
    assert options(m) == [(), ("dj",), ("dj", "rat"), ("rat",), ("rat", "rat")]
    pick(m, 1, ["rat", "dj"])
    assert bench_ids(m, 1) == {"Rat": ["rat"], "Pig": ["pig"]}
    assert sorted(ids(m, m.sides[1].exhaust)) == ["dj", "rat"]


def test_hacker_sends_one_card_under_one_on_top_one_to_the_exhaust_pile(match):
    """Hacker: look at the top three; one under, one on top, one on the exhaust pile."""
    m = match(["hacker", "newcomer", "talent", "champion", "pig"], ["newcomer"], first=0)
    m.reveal(0)
    opts = [tuple(sorted((w, m.types[c].id) for w, c in o)) for o in m.pending.options]
    assert len(opts) == 6                          # three different cards, three places
    want = tuple(sorted([("deck-top", "champion"), ("deck-bottom", "newcomer"), ("exhaust", "talent")]))
    m.choose(0, opts.index(want))
    assert deck_ids(m, 0) == ["champion", "pig", "newcomer"]
    assert ids(m, m.sides[0].exhaust) == ["talent"]


def test_hacker_exhausting_a_dwarf_puts_it_back_on_top(match):
    """Hacker + Dwarf: the Dwarf sent to the exhaust pile goes on top of the deck instead."""
    m = match(["hacker", "dwarf", "talent", "champion"], ["newcomer"], first=0)
    m.reveal(0)
    opts = [tuple(sorted((w, m.types[c].id) for w, c in o)) for o in m.pending.options]
    want = tuple(sorted([("deck-top", "champion"), ("deck-bottom", "talent"), ("exhaust", "dwarf")]))
    m.choose(0, opts.index(want))
    assert m.sides[0].exhaust == []
    assert deck_ids(m, 0) == ["dwarf", "champion", "talent"]


def test_cabbage_goes_to_the_exhaust_pile_instead_of_the_bench(match):
    """Cabbage (special): when it would be benched it goes on the exhaust pile instead."""
    m = match(["cabbage", "newcomer"], ["champion", "newcomer"], first=0)
    m.reveal(0)                                   # Cabbage 3
    m.reveal(1)                                   # Champion 4 >= 3
    assert m.holder == 1 and bench_ids(m, 0) == {}
    assert ids(m, m.sides[0].exhaust) == ["cabbage"]


def test_scientist_puts_the_only_level_a_bench_card_on_top_of_the_deck(match):
    """Scientist: a Level-A card from the bench on top of the deck; one candidate -> no question."""
    m = match(["scientist", "newcomer"], ["newcomer"], first=0, bench_a=["rat", "snake"])
    m.reveal(0)
    assert m.pending is None
    assert deck_ids(m, 0) == ["rat", "newcomer"] and bench_ids(m, 0) == {"Snake": ["snake"]}


def test_scientist_lets_the_owner_choose_among_level_a_cards(match):
    """Scientist: two Level-A cards on the bench -> the owner chooses, declining is not offered."""
    m = match(["scientist", "newcomer"], ["newcomer"], first=0, bench_a=["rat", "thief", "snake"])
    m.reveal(0)
    assert options(m) == [("rat",), ("thief",)]
    pick(m, 0, ["thief"])
    assert deck_ids(m, 0) == ["thief", "newcomer"]
