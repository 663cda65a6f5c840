"""The Robot's start cards: Alpha 1, Beta 2, Good Bot 3, C.H.A.M.P. 4 (no effect)
and the Cyborg, whose base power is the current round."""

import pytest


def test_robot_start_cards_base_powers_in_play(match):
    """Alpha 1, Beta 2, Good Bot 3, C.H.A.M.P. 4 take or fail to take the flag at those totals."""
    m = match(["champ", "beta"], ["good-bot", "alpha", "champion"], first=0)
    m.reveal(0)
    assert m.defense_total() == 4                  # C.H.A.M.P.
    m.reveal(1)
    assert m.attack_total() == 3 and m.holder == 0  # Good Bot alone falls short
    m.reveal(1)
    assert m.holder == 1 and m.power(m.flag_card, "attack") == 1  # + Alpha 1 reaches 4
    m.reveal(0)                                    # Beta 2 >= Alpha 1
    assert m.holder == 0 and m.defense_total() == 2


@pytest.mark.parametrize("rnd", [1, 3, 5, 7])
def test_cyborg_base_power_is_the_current_round(match, rnd):
    """Cyborg: base power = current round, in possession and in attack."""
    m = match(["cyborg", "newcomer"], ["cyborg", "newcomer"], first=0, round=rnd)
    m.reveal(0)
    assert m.defense_total() == rnd
    assert m.base_power(m.flag_card) == rnd
    m.reveal(1)
    assert m.holder == 1 and m.power(m.flag_card, "attack") == rnd   # equal takes the flag


def test_cyborg_round_three_fails_against_a_champion_round_four_takes_it(match):
    """Cyborg in round 3 (3 < 4) does not take a Champion's flag; in round 4 (4 >= 4) it does."""
    m = match(["champion", "newcomer"], ["cyborg", "alpha"], first=0, round=3)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 3
    m = match(["champion", "newcomer"], ["cyborg", "alpha"], first=0, round=4)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1
