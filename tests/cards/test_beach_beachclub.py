"""Beach Club cards: Match Phase cards from fixed deck orders, the Surf Teacher through a Deck Phase."""

import random

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.deckphase import DeckPhase
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption

BENCH_OF_FIVE = ["pig", "horse", "cow", "alien", "rat"]


def pile(card, ids_top_last):
    return LevelPiles([card(i) for i in ids_top_last])


def test_beach_club_cards_without_effect_seagull_monkey_crocodile(match):
    """Seagull 3, Monkey 5, Crocodile 7: base power only."""
    m = match(["seagull", "crocodile"], ["monkey", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_kid_gets_four_without_a_strong_bench_card(match):
    """Kid: no card with base power 4 or more on the bench -> +4 (kept in possession)."""
    m = match(["champion", "newcomer"], ["kid", "newcomer"], first=0, bench_b=["pig", "newcomer"])
    m.reveal(0)
    m.reveal(1)                                   # 1 + 4 = 5 >= 4
    assert m.holder == 1 and m.defense_total() == 5


def test_kid_gets_nothing_with_a_base_power_four_card_on_the_bench(match):
    """Kid: a Champion (4) on the bench -> no bonus."""
    m = match(["champion", "newcomer"], ["kid", "newcomer"], first=0, bench_b=["champion"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 1


def test_animateur_gives_newcomers_one_both_kinds_and_copies_stack(match):
    """Animateur (from the bench): Newcomer cards +1, the starter one and the Beach Club one; two
    Animateurs give +2."""
    m = match(["newcomer", "champion"], ["newcomer-beach-club", "newcomer"], first=0, bench_a=["animateur", "animateur"])
    m.reveal(0)
    assert m.defense_total() == 3                 # 1 + 2
    m.reveal(1)                                   # Beach Club Newcomer 2 < 3 (no Animateur on this side)
    assert m.holder == 0
    m = match(["talent", "champion"], ["newcomer-beach-club", "newcomer"], first=0, bench_b=["animateur"])
    m.reveal(0)
    m.reveal(1)                                   # 2 + 1 = 3 >= 2
    assert m.holder == 1 and m.defense_total() == 3


def test_animateur_gives_other_cards_nothing(match):
    """Animateur: a Talent is no Newcomer."""
    m = match(["talent", "newcomer"], ["newcomer"], first=0, bench_a=["animateur"])
    m.reveal(0)
    assert m.defense_total() == 2


def test_beach_club_newcomer_shares_the_newcomer_seat(match):
    """Newcomer (Beach Club, special): it sits on the seat of the starter Newcomers."""
    m = match(["newcomer-beach-club", "newcomer"], ["champion", "newcomer"], first=0, bench_a=["newcomer"])
    m.reveal(0)
    m.reveal(1)                                   # Champion 4 >= 2
    assert bench_ids(m, 0) == {"Newcomer": ["newcomer", "newcomer-beach-club"]}


def test_beach_club_newcomer_joins_the_newcomer_seat_on_a_full_bench(match):
    """Newcomer (Beach Club): with every seat taken, but one of them the Newcomers', it needs no new seat."""
    m = match(["newcomer-beach-club", "newcomer"], ["champion", "newcomer"], first=0,
              bench_a=BENCH_OF_FIVE + ["newcomer"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner is None and len(m.sides[0].bench) == 6
    assert bench_ids(m, 0)["Newcomer"] == ["newcomer", "newcomer-beach-club"]


def test_ice_cream_truck_gives_beach_club_cards_one(match):
    """Ice Cream Truck (from the bench): Beach Club cards +1 (Seagull 4), a Rainbow DJ too (3)."""
    m = match(["seagull", "newcomer"], ["newcomer"], first=0, bench_a=["ice-cream-truck"])
    m.reveal(0)
    assert m.defense_total() == 4
    m = match(["dj", "newcomer"], ["newcomer"], first=0, bench_a=["ice-cream-truck"])
    m.reveal(0)
    m.choose(0, 0)
    assert m.defense_total() == 3


def test_ice_cream_truck_gives_other_sets_nothing(match):
    """Ice Cream Truck: a Castle Pig stays at 3."""
    m = match(["pig", "newcomer"], ["newcomer"], first=0, bench_a=["ice-cream-truck"])
    m.reveal(0)
    assert m.defense_total() == 3


def test_swimmer_counts_the_cards_of_the_chosen_seat(match):
    """Swimmer: choose a bench seat, +1 per card on it (the Newcomer seat holds two)."""
    m = match(["horse", "newcomer"], ["swimmer", "newcomer"], first=0, bench_b=["newcomer", "newcomer", "pig"])
    m.reveal(0)                                   # Horse 5
    m.reveal(1)
    ch = m.pending
    assert ch.kind == "seat" and sorted(ids(m, o) for o in ch.options) == [["newcomer", "newcomer"], ["pig"]]
    m.choose(1, [ids(m, o) for o in ch.options].index(["newcomer", "newcomer"]))
    assert m.holder == 1 and m.defense_total() == 5   # 3 + 2, kept


def test_swimmer_choosing_a_smaller_seat_gets_less(match):
    """Swimmer: the one-card seat chosen -> +1 only."""
    m = match(["horse", "newcomer"], ["swimmer", "newcomer"], first=0, bench_b=["newcomer", "newcomer", "pig"])
    m.reveal(0)
    m.reveal(1)
    m.choose(1, [ids(m, o) for o in m.pending.options].index(["pig"]))
    assert m.holder == 0 and m.attack_total() == 4


def test_swimmer_with_an_empty_bench_asks_nothing(match):
    """Swimmer: no seat to choose -> base power."""
    m = match(["swimmer", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.pending is None and m.defense_total() == 3


def test_surf_teacher_draws_three_level_a_cards_and_keeps_one(card):
    """Surf Teacher (when picked): draw three Level-A cards, pick one as an extra card, discard the others."""
    piles = pile(card, ["frog", "seagull", "goat", "hamster", "rat",             # A: rat on top
                        "owl", "eagle", "monkey", "snake", "surf-teacher"])     # B: surf-teacher on top
    dp = DeckPhase(0, [card("newcomer")], [DraftOption("B", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    assert dp.drawn[0].id == "surf-teacher"
    dp.apply(("pick", 0))
    assert dp.stage == "choose" and dp.pending.kind == "extra-pick"
    assert len(dp.pending.options) == 3
    assert [c.id for c in piles.piles["A"]] == ["frog", "seagull"]               # three drawn
    drawn = ["rat", "hamster", "goat"]                                         # topmost first
    dp.apply(("choose", drawn.index("hamster")))
    assert [c.id for c in dp.deck] == ["newcomer", "surf-teacher", "hamster"]
    assert sorted(c.id for c in piles.discards["A"]) == ["goat", "rat"]
    assert dp.stage == "remove"                   # the normal pick was the Surf Teacher itself


def test_surf_teacher_extra_card_resolves_its_own_when_picked_effect(card):
    """Surf Teacher: the card picked this way is picked, so a Cheerleader's "take 2 fans" happens."""
    piles = pile(card, ["frog", "goat", "cheerleader", "owl", "eagle", "monkey", "snake", "surf-teacher"])
    dp = DeckPhase(0, [card("newcomer")], [DraftOption("B", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    dp.apply(("choose", 0))                       # the Cheerleader, topmost of the three
    assert dp.deck[-1].id == "cheerleader"
    assert dp.fans == 2 and dp.stage == "remove"


def test_sandstorm_puts_the_top_level_c_pile_card_on_top_of_the_deck(match, card):
    """Sandstorm: the top Level-C pile card goes on top of your deck (revealed next)."""
    piles = pile(card, ["mole", "giraffe"])      # C top: giraffe
    m = match(["horse", "newcomer"], ["sandstorm", "newcomer"], first=0, piles=piles)
    m.reveal(0)                                   # Horse 5
    m.reveal(1)                                   # Sandstorm 4 < 5
    assert deck_ids(m, 1) == ["giraffe", "newcomer"]
    m.reveal(1)                                   # Giraffe 7
    assert m.holder == 1 and ids(m, [m.flag_card]) == ["giraffe"]


def test_diver_brings_the_bottom_card_to_the_top(match):
    """Diver: look at the bottom card, put it on top -> it is revealed next."""
    m = match(["diver", "newcomer", "talent", "champion"], ["newcomer"], first=0)
    m.reveal(0)
    opts = [tuple((w, m.types[c].id) for w, c in o) for o in m.pending.options]
    assert sorted(opts) == [(("deck-bottom", "champion"),), (("deck-top", "champion"),)]
    m.choose(0, opts.index((("deck-top", "champion"),)))
    assert deck_ids(m, 0) == ["champion", "newcomer", "talent"]


def test_diver_leaves_the_bottom_card_under(match):
    """Diver: "under" chosen -> the deck is unchanged."""
    m = match(["diver", "newcomer", "talent", "champion"], ["newcomer"], first=0)
    m.reveal(0)
    opts = [tuple((w, m.types[c].id) for w, c in o) for o in m.pending.options]
    m.choose(0, opts.index((("deck-bottom", "champion"),)))
    assert deck_ids(m, 0) == ["newcomer", "talent", "champion"]
