"""Fairytale Forest cards: Match Phase cards from fixed deck orders, the Grandmother through a Deck Phase."""

import random

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.deckphase import DeckPhase
from engine.challengers.match import BENCH_FULL, CARD_EFFECT
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption


def pile(card, ids_top_last):
    return LevelPiles([card(i) for i in ids_top_last])


def options(m):
    return sorted(tuple(sorted(ids(m, o))) for o in m.pending.options)


def pick(m, p, wanted):
    m.choose(p, [tuple(sorted(ids(m, o))) for o in m.pending.options].index(tuple(sorted(wanted))))


def test_forest_is_left_out_of_a_first_game(lib):
    """The rulebook: leave the Fairytale Forest out of your first game."""
    assert lib.catalogue.sets["forest"].first_game is False
    assert lib.box("beach").first_game_out == "forest"


def test_forest_cards_without_effect_frog_deer_unicorn(match):
    """Frog 3, Deer 5, Unicorn 7: base power only."""
    m = match(["frog", "unicorn"], ["deer", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_fairy_exhausts_every_card_of_the_chosen_seat(match):
    """Fairy: choose a bench seat (no declining), all its cards go on the exhaust pile."""
    m = match(["fairy", "newcomer"], ["newcomer"], first=0, bench_a=["newcomer", "newcomer", "pig"])
    m.reveal(0)
    assert options(m) == [("newcomer", "newcomer"), ("pig",)]
    pick(m, 0, ["newcomer", "newcomer"])
    assert bench_ids(m, 0) == {"Pig": ["pig"]}
    assert ids(m, m.sides[0].exhaust) == ["newcomer", "newcomer"]


def test_fairy_with_an_empty_bench_does_nothing(match):
    """Fairy: no seat to choose -> nothing happens."""
    m = match(["fairy", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.pending is None and m.sides[0].exhaust == []


def test_carriage_exhausts_every_card_of_the_chosen_seat(match):
    """Carriage: as the Fairy; with a single seat it needs no question."""
    m = match(["carriage", "newcomer"], ["newcomer"], first=0, bench_a=["frog", "frog"])
    m.reveal(0)
    assert m.pending is None and bench_ids(m, 0) == {}
    assert ids(m, m.sides[0].exhaust) == ["frog", "frog"]
    assert m.defense_total() == 4


def test_dwarf_goes_on_top_of_the_deck_instead_of_the_exhaust_pile(match):
    """Dwarf (special): a Fairy exhausts the Dwarf seat -> both Dwarves go on top of the deck."""
    m = match(["fairy", "newcomer"], ["newcomer"], first=0, bench_a=["dwarf", "dwarf"])
    m.reveal(0)
    assert m.sides[0].exhaust == [] and bench_ids(m, 0) == {}
    assert deck_ids(m, 0) == ["dwarf", "dwarf", "newcomer"]


def test_dwarf_exhausted_by_the_opponent_returns_to_its_owners_deck(match):
    """Dwarf: a Shop Clerk makes the opponent exhaust their top card, a Dwarf -> it stays on top."""
    m = match(["shop-clerk", "newcomer"], ["dwarf", "talent"], first=0, bench_a=["bunny"])
    m.reveal(0)
    assert m.sides[1].exhaust == [] and deck_ids(m, 1) == ["dwarf", "talent"]


def test_dwarf_is_benched_as_usual(match):
    """Dwarf: only the exhaust pile is replaced; losing the flag benches it."""
    m = match(["dwarf", "newcomer"], ["talent", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert bench_ids(m, 0) == {"Dwarf": ["dwarf"]}


def test_grandmother_offers_every_card_of_power_three_or_more_but_itself(card):
    """Grandmother: Dog (3), Champion (4) and an earlier Grandmother (4) qualify; no declining."""
    piles = pile(card, ["frog", "goat", "hamster", "seagull", "grandmother"])
    deck = [card(i) for i in ("newcomer", "dog", "champion", "grandmother", "pig")]
    dp = DeckPhase(0, deck, [DraftOption("A", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    offered = sorted(tuple(dp.deck[i].id for i in o) for o in dp.pending.options)
    assert offered == [("champion",), ("dog",), ("grandmother",), ("pig",)]
    dp.apply(("choose", [tuple(dp.deck[i].id for i in o) for o in dp.pending.options].index(("pig",))))
    assert dp.removed == [(card("pig"), "box")] and piles.discards["A"] == []
    assert [c.id for c in dp.deck] == ["newcomer", "dog", "champion", "grandmother", "grandmother"]
    assert dp.stage == "pick" and dp.picks_left == 1


def test_grandmother_with_a_single_candidate_removes_it_without_asking(card):
    """Grandmother: only one card of power 3+ besides itself -> it goes, no question."""
    piles = pile(card, ["frog", "goat", "hamster", "seagull", "grandmother"])
    dp = DeckPhase(0, [card("newcomer"), card("talent"), card("pig")], [DraftOption("A", 1)], piles,
                   random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    assert dp.removed == [(card("pig"), "box")] and dp.stage == "remove"


def test_grandmother_picked_through_the_surf_teacher_still_removes(card):
    """Grandmother drawn by a Surf Teacher's extra pick: it is picked, so its removal happens."""
    piles = pile(card, ["frog", "goat", "grandmother", "owl", "eagle", "monkey", "snake", "surf-teacher"])
    dp = DeckPhase(0, [card("newcomer"), card("dog"), card("champion")], [DraftOption("B", 1)], piles,
                   random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))                         # Surf Teacher: draws grandmother, goat, frog
    dp.apply(("choose", 0))                       # the Grandmother
    assert dp.stage == "choose" and dp.pending.kind == "remove"
    offered = sorted(tuple(dp.deck[i].id for i in o) for o in dp.pending.options)
    assert offered == [("champion",), ("dog",), ("surf-teacher",)]
    dp.apply(("choose", [tuple(dp.deck[i].id for i in o) for o in dp.pending.options].index(("dog",))))
    assert [c.id for c in dp.deck] == ["newcomer", "champion", "surf-teacher", "grandmother"]
    assert dp.removed == [(card("dog"), "box")] and dp.stage == "remove"


def test_mirror_puts_a_forest_bench_card_on_top_when_it_does_not_take_the_flag(match):
    """Mirror (no flag win): 1 < 4 -> a Fairytale Forest card from the bench on top of the deck."""
    m = match(["champion", "newcomer"], ["mirror", "newcomer"], first=0, bench_b=["frog", "pig"])
    m.reveal(0)
    m.reveal(1)
    assert deck_ids(m, 1) == ["frog", "newcomer"] and bench_ids(m, 1) == {"Pig": ["pig"]}


def test_mirror_taking_the_flag_does_nothing(match):
    """Mirror: 1 >= 1 -> no effect."""
    m = match(["newcomer", "newcomer"], ["mirror", "newcomer"], first=0, bench_b=["frog"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and bench_ids(m, 1) == {"Frog": ["frog"]}


def test_gingerbread_man_gives_power_four_cards_one_in_flag_possession(match):
    """Gingerbread Man (from the bench): base-power-4 cards +1 holding, not attacking."""
    m = match(["champion", "newcomer"], ["champion", "newcomer"], first=0, bench_a=["gingerbread-man"],
              bench_b=["gingerbread-man"])
    m.reveal(0)
    assert m.defense_total() == 5
    m.reveal(1)                                   # Champion attacks at 4 < 5
    assert m.holder == 0 and m.attack_total() == 4


def test_troll_takes_two_seats(match):
    """Troll (special): benched across two seats."""
    m = match(["troll", "newcomer"], ["giraffe", "newcomer"], first=0)
    m.reveal(0)                                   # Troll 7
    m.reveal(1)                                   # Giraffe 7 >= 7
    assert bench_ids(m, 0) == {"Troll": ["troll"]}
    assert m.sides[0].seats_used() == 2 and m.count("empty-seats", 0) == 4


def test_troll_joins_another_troll_on_a_full_bench(match):
    """Troll: placed on another Troll, it needs no new seat (every seat taken)."""
    m = match(["troll", "newcomer"], ["giraffe", "newcomer"], first=0,
              bench_a=["troll", "pig", "horse", "cow", "alien"])
    assert m.sides[0].seats_used() == 6
    m.reveal(0)
    m.reveal(1)
    assert m.winner is None and bench_ids(m, 0)["Troll"] == ["troll", "troll"]


def test_troll_without_two_seats_or_a_troll_loses_the_match(match):
    """Troll: one free seat and no Troll to join -> its owner loses at once (the card's effect)."""
    m = match(["troll", "newcomer"], ["giraffe", "newcomer"], first=0, bench_a=["pig", "horse", "cow", "alien", "rat"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner == 1 and m.reason == CARD_EFFECT


def test_troll_with_cards_under_it_needing_all_free_seats_loses(match):
    """Troll: two free seats, but a Newcomer under it needs one of them -> no room: its owner loses."""
    m = match(["champion", "giraffe", "newcomer"], ["newcomer", "troll", "unicorn"], first=0,
              bench_b=["pig", "horse", "cow", "alien"])
    m.reveal(0)                                   # Champion 4
    m.reveal(1)                                   # Newcomer 1
    m.reveal(1)                                   # Troll 7: 8 >= 4, the Newcomer slides under it
    assert m.holder == 1
    assert m.defense_total() == 7                 # the cards under it add nothing in possession
    m.reveal(0)                                   # Giraffe 7 >= 7 -> Troll + Newcomer must be benched
    assert m.winner == 0 and m.reason == CARD_EFFECT


def test_a_full_bench_is_still_a_bench_full_loss_with_a_troll(match):
    """Troll: no free seat at all -> the ordinary full-bench loss."""
    m = match(["troll", "newcomer"], ["giraffe", "newcomer"], first=0,
              bench_a=["pig", "horse", "cow", "alien", "rat", "snake"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner == 1 and m.reason == BENCH_FULL


def test_cauldron_removes_a_level_a_bench_card_for_good(match):
    """Cauldron: remove a Level-A card from your bench permanently (mandatory; the Deer is Level B)."""
    m = match(["cauldron", "newcomer"], ["newcomer"], first=0, bench_a=["frog", "deer"])
    m.reveal(0)
    assert m.pending is None and bench_ids(m, 0) == {"Deer": ["deer"]}
    assert [(t.id, w) for t, w in m.removed_cards(0)] == [("frog", "box")]


def test_cauldron_lets_the_owner_choose_among_level_a_cards(match):
    """Cauldron: two Level-A names -> a choice, declining not offered."""
    m = match(["cauldron", "newcomer"], ["newcomer"], first=0, bench_a=["frog", "dwarf"])
    m.reveal(0)
    assert options(m) == [("dwarf",), ("frog",)]
    pick(m, 0, ["dwarf"])
    assert [(t.id, w) for t, w in m.removed_cards(0)] == [("dwarf", "box")]
