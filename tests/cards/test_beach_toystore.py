"""Toy Store cards: Match Phase cards from fixed deck orders, the Matryoshka through a Deck Phase."""

import random

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.deckphase import DeckPhase
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption


def pile(card, ids_top_last):
    return LevelPiles([card(i) for i in ids_top_last])


def options(m):
    return sorted(tuple(sorted(ids(m, o))) for o in m.pending.options)


def pick(m, p, wanted):
    m.choose(p, [tuple(sorted(ids(m, o))) for o in m.pending.options].index(tuple(sorted(wanted))))


def test_toy_store_cards_without_effect_rocking_horse_bunny_giraffe(match):
    """Rocking Horse 3, Bunny 5, Giraffe 7: base power only."""
    m = match(["rocking-horse", "giraffe"], ["bunny", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_model_railway_puts_a_level_a_bench_card_on_top_when_it_does_not_take_the_flag(match):
    """Model Railway (no flag win): 1 < 4 -> a Level-A card from the bench (the Pig, not the Horse)
    goes on top of the deck, and is revealed next."""
    m = match(["champion", "newcomer"], ["model-railway", "newcomer"], first=0, bench_b=["pig", "horse"])
    m.reveal(0)
    m.reveal(1)
    assert m.pending is None and deck_ids(m, 1) == ["pig", "newcomer"]
    assert bench_ids(m, 1) == {"Horse": ["horse"]}
    m.reveal(1)                                   # 1 + 3 = 4 >= 4
    assert m.holder == 1 and ids(m, [m.flag_card]) == ["pig"]


def test_model_railway_does_nothing_when_it_takes_the_flag(match):
    """Model Railway: 1 >= 1 takes the flag -> no effect."""
    m = match(["newcomer", "newcomer"], ["model-railway", "newcomer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and bench_ids(m, 1) == {"Pig": ["pig"]}


def test_action_figure_gives_the_next_card_two_when_it_does_not_take_the_flag(match):
    """Action Figure (no flag win): next card +2, kept in possession."""
    m = match(["horse", "newcomer"], ["action-figure", "talent", "newcomer"], first=0)
    m.reveal(0)                                   # Horse 5
    m.reveal(1)                                   # 2 < 5
    m.reveal(1)                                   # Talent 2 + 2: 2 + 4 >= 5
    assert m.holder == 1 and m.defense_total() == 4


def test_action_figure_taking_the_flag_gives_no_bonus(match):
    """Action Figure: it takes the flag -> no bonus for the next card."""
    m = match(["talent", "champion", "newcomer"], ["action-figure", "talent", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                                   # 2 >= 2
    assert m.holder == 1 and m.sides[1].next_bonus == []


def test_puppet_gets_two_with_a_card_below_it(match):
    """Puppet: another card revealed before it in this attack -> +2, kept."""
    m = match(["horse", "newcomer"], ["newcomer", "puppet", "newcomer"], first=0)
    m.reveal(0)                                   # Horse 5
    m.reveal(1)                                   # Newcomer 1
    m.reveal(1)                                   # Puppet 2 + 2: 1 + 4 >= 5
    assert m.holder == 1 and m.defense_total() == 4


def test_puppet_first_in_the_attack_gets_nothing(match):
    """Puppet: revealed first (nothing below it) -> 2."""
    m = match(["champion", "newcomer"], ["puppet", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 2


def test_puppet_as_the_opening_card_gets_nothing(match):
    """Puppet: the opening card has nothing below it."""
    m = match(["puppet", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 2


def test_shop_clerk_exhausts_the_opponents_top_card_with_a_toy_store_card_benched(match):
    """Shop Clerk: a Toy Store card on your bench -> the opponent puts their top card on their exhaust pile."""
    m = match(["shop-clerk", "newcomer"], ["champion", "talent"], first=0, bench_a=["bunny"])
    m.reveal(0)
    assert ids(m, m.sides[1].exhaust) == ["champion"] and deck_ids(m, 1) == ["talent"]


def test_shop_clerk_without_a_toy_store_card_does_nothing(match):
    """Shop Clerk: no Toy Store card benched -> nothing."""
    m = match(["shop-clerk", "newcomer"], ["champion", "talent"], first=0, bench_a=["pig"])
    m.reveal(0)
    assert m.sides[1].exhaust == [] and deck_ids(m, 1) == ["champion", "talent"]


def test_wind_up_car_removes_a_bench_card_for_good_and_gets_four(match):
    """Wind Up Car: you may remove a bench card permanently; if you do, +4 (kept)."""
    m = match(["horse", "newcomer"], ["wind-up-car", "newcomer"], first=0, bench_b=["pig", "newcomer"])
    m.reveal(0)                                   # Horse 5
    m.reveal(1)
    assert options(m) == [(), ("newcomer",), ("pig",)]
    pick(m, 1, ["pig"])
    assert m.holder == 1 and m.defense_total() == 6
    assert bench_ids(m, 1) == {"Newcomer": ["newcomer"]}
    assert [(t.id, w) for t, w in m.removed_cards(1)] == [("pig", "box")]
    assert "pig" not in [t.id for t in m.collected(1)]


def test_wind_up_car_declined_gets_nothing(match):
    """Wind Up Car: declining keeps the bench and the power at 2."""
    m = match(["horse", "newcomer"], ["wind-up-car", "newcomer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    pick(m, 1, [])
    assert m.holder == 0 and m.attack_total() == 2 and bench_ids(m, 1) == {"Pig": ["pig"]}
    assert m.removed == []


def test_karaoke_kit_puts_the_top_level_b_pile_card_under_the_deck(match, card):
    """Karaoke Kit (no flag win): 4 < 5 -> the top Level-B pile card goes under your deck."""
    piles = pile(card, ["eagle", "owl"])          # B top: owl
    m = match(["horse", "newcomer"], ["karaoke-kit", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)
    assert deck_ids(m, 1) == ["newcomer", "owl"]
    assert m.owner[m.sides[1].deck[0]] == 1


def test_karaoke_kit_taking_the_flag_draws_nothing(match, card):
    """Karaoke Kit: 4 >= 4 -> no effect."""
    piles = pile(card, ["eagle", "owl"])
    m = match(["champion", "newcomer"], ["karaoke-kit", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and deck_ids(m, 1) == ["newcomer"] and len(piles.piles["B"]) == 2


def test_game_collector_gives_the_next_card_six(match):
    """Game Collector (no flag win): 3 < 7 -> next card +6, kept in possession."""
    m = match(["giraffe", "newcomer"], ["game-collector", "newcomer", "newcomer"], first=0)
    m.reveal(0)                                   # Giraffe 7
    m.reveal(1)                                   # 3 < 7
    m.reveal(1)                                   # Newcomer 1 + 6: 3 + 7 >= 7
    assert m.holder == 1 and m.defense_total() == 7


def test_matryoshka_may_remove_a_deck_card_for_good_to_pick_one_more(card):
    """Matryoshka (when picked): remove a deck card permanently (out of the game, not to its discard),
    then pick an extra card."""
    piles = pile(card, ["mole", "giraffe", "unicorn", "gargoyle", "matryoshka"])
    dp = DeckPhase(0, [card("newcomer"), card("rat")], [DraftOption("C", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))                         # Matryoshka
    assert dp.stage == "choose" and dp.pending.kind == "extra-pick"
    offered = sorted(tuple(dp.deck[i].id for i in o) for o in dp.pending.options)
    assert offered == [(), ("newcomer",), ("rat",)]
    dp.apply(("choose", [tuple(dp.deck[i].id for i in o) for o in dp.pending.options].index(("rat",))))
    assert dp.removed == [(card("rat"), "box")] and piles.discards["A"] == []
    assert dp.stage == "pick" and dp.picks_left == 1
    dp.apply(("pick", [c.id for c in dp.drawn].index("mole")))
    assert [c.id for c in dp.deck] == ["newcomer", "matryoshka", "mole"] and dp.stage == "remove"


def test_matryoshka_declined_adds_no_pick(card):
    """Matryoshka: "you may" -> declining removes nothing, the phase moves on."""
    piles = pile(card, ["mole", "giraffe", "unicorn", "gargoyle", "matryoshka"])
    dp = DeckPhase(0, [card("newcomer")], [DraftOption("C", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    dp.apply(("choose", [len(o) for o in dp.pending.options].index(0)))
    assert dp.removed == [] and dp.stage == "remove" and len(dp.deck) == 2
