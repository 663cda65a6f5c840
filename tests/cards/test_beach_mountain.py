"""Mountain Top cards, each played from a fixed deck order."""

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.match import CARD_EFFECT


def test_mountain_cards_without_effect_goat_eagle_mammoth(match):
    """Goat 3, Eagle 5, Mammoth 7: base power only."""
    m = match(["goat", "mammoth"], ["eagle", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_yodeler_takes_a_fan_when_its_reveal_does_not_take_the_flag(match):
    """Yodeler (no flag win): 2 < 4 -> take 1 fan."""
    m = match(["champion", "newcomer"], ["yodeler", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.sides[1].fans == 1


def test_yodeler_takes_no_fan_when_it_takes_the_flag(match):
    """Yodeler: 2 >= 2 takes the flag -> no fan."""
    m = match(["talent", "newcomer"], ["yodeler", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.sides[1].fans == 0


def test_yodeler_as_the_opening_card_takes_no_fan(match):
    """Yodeler: the opening card always takes the flag -> no fan."""
    m = match(["yodeler", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.sides[0].fans == 0


def test_climber_gets_two_with_a_card_in_the_opponents_exhaust_pile(match):
    """Climber: the opponent has an exhausted card -> +2, kept."""
    m = match(["champion", "newcomer"], ["climber", "newcomer"], first=0, exhaust_a=["pig"])
    m.reveal(0)
    m.reveal(1)                                   # 2 + 2 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4


def test_climber_ignores_its_own_exhaust_pile(match):
    """Climber: only the opponent's exhaust pile counts."""
    m = match(["champion", "newcomer"], ["climber", "newcomer"], first=0, exhaust_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 2


def test_skier_exhausts_a_card_of_the_opponents_bench_chosen_by_its_owner(match):
    """Skier: put a card from the opponent's bench on their exhaust pile (mandatory; the Skier's owner
    chooses which)."""
    m = match(["skier", "newcomer"], ["newcomer"], first=0, bench_b=["pig", "horse"])
    m.reveal(0)
    ch = m.pending
    assert ch.player == 0 and sorted(ids(m, o) for o in ch.options) == [["horse"], ["pig"]]
    m.choose(0, [ids(m, o) for o in ch.options].index(["horse"]))
    assert bench_ids(m, 1) == {"Pig": ["pig"]} and ids(m, m.sides[1].exhaust) == ["horse"]
    assert m.sides[0].exhaust == []


def test_skier_on_a_dwarf_sends_it_to_its_owners_deck_top(match):
    """Skier + Dwarf: the opponent's Dwarf goes on top of the opponent's deck instead of their exhaust pile."""
    m = match(["skier", "newcomer"], ["newcomer"], first=0, bench_b=["dwarf"])
    m.reveal(0)
    assert bench_ids(m, 1) == {} and m.sides[1].exhaust == []
    assert deck_ids(m, 1) == ["dwarf", "newcomer"]


def test_snowman_has_three_more_only_in_flag_possession(match):
    """Snowman (in flag possession): +3 holding, nothing attacking."""
    m = match(["champion", "newcomer"], ["snowman", "talent"], first=0)
    m.reveal(0)
    m.reveal(1)                                   # attacking: 3 < 4
    assert m.attack_total() == 3 and m.holder == 0
    m = match(["snowman", "newcomer"], ["champion", "talent"], first=0)
    m.reveal(0)
    assert m.defense_total() == 6
    m.reveal(1)                                   # Champion 4 < 6
    assert m.holder == 0


def test_vet_gives_base_power_three_cards_one_during_the_attack(match):
    """Vet (from the bench): base-power-3 cards +1 during the attack, not holding."""
    m = match(["champion", "newcomer"], ["goat", "newcomer"], first=0, bench_b=["vet"])
    m.reveal(0)
    m.reveal(1)                                   # Goat 3 + 1 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 3


def test_vet_gives_other_powers_nothing(match):
    """Vet: a Talent (2) attacks at 2."""
    m = match(["champion", "newcomer"], ["talent", "newcomer"], first=0, bench_b=["vet"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 2


def test_ice_bob_gives_mountain_cards_one_in_flag_possession_only(match):
    """Ice Bob (from the bench): Mountain cards +1 in flag possession; attacking, none."""
    m = match(["goat", "newcomer"], ["goat", "newcomer"], first=0, bench_a=["ice-bob"], bench_b=["ice-bob"])
    m.reveal(0)
    assert m.defense_total() == 4
    m.reveal(1)                                   # Goat attacks at 3 < 4
    assert m.holder == 0 and m.attack_total() == 3


def test_yeti_takes_a_fan_for_every_attacking_card(match):
    """Yeti (in flag possession): 1 fan per card that attacks it."""
    m = match(["yeti", "newcomer"], ["newcomer", "talent", "champion", "newcomer"], first=0)
    m.reveal(0)                                   # Yeti 6
    m.reveal(1)
    assert m.sides[0].fans == 1
    m.reveal(1)
    assert m.sides[0].fans == 2
    m.reveal(1)                                   # 1 + 2 + 4 = 7 >= 6: the Champion takes the flag
    assert m.sides[0].fans == 3 and m.holder == 1 and m.sides[1].fans == 0
    m.reveal(0)                                   # the Yeti is benched: no more fans
    assert m.sides[0].fans == 3


def test_yeti_attacking_takes_no_fans(match):
    """Yeti: attacking it is not in possession -> no fans for its owner."""
    m = match(["horse", "newcomer"], ["yeti", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                                   # Yeti 6 >= 5
    assert m.sides[1].fans == 0


def test_zeppelin_loses_the_match_with_a_level_c_card_on_the_bench(match):
    """Zeppelin: a Level-C card on your bench -> you lose the match at once."""
    m = match(["champion", "newcomer"], ["zeppelin", "newcomer"], first=0, bench_b=["mammoth"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner == 0 and m.reason == CARD_EFFECT and m.over


def test_zeppelin_as_the_opening_card_loses_too(match):
    """Zeppelin: the opening card's effect applies as well."""
    m = match(["zeppelin", "newcomer"], ["newcomer"], first=0, bench_a=["giraffe"])
    m.reveal(0)
    assert m.winner == 1 and m.reason == CARD_EFFECT


def test_zeppelin_without_level_c_on_the_bench_is_an_eleven(match):
    """Zeppelin: no Level-C card benched (Level-B Horse, starter Champion) -> 11 power, play goes on."""
    m = match(["champion", "newcomer"], ["zeppelin", "newcomer"], first=0, bench_b=["horse", "champion"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner is None and m.holder == 1 and m.defense_total() == 11
