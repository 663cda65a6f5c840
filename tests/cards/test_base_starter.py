"""Starter deck cards (Newcomer, Talent, Dog, Champion): no effect, only base power.

Each is played from a fixed deck order; the checks are the powers, who takes
the flag, where the beaten cards go and how a match is won.
"""

from cardplay import bench_ids


def test_starter_base_powers_in_play(match):
    """Newcomer 1, Talent 2, Dog 3, Champion 4: the totals the engine compares."""
    m = match(["champion", "talent"], ["dog", "newcomer", "talent"], first=0)
    m.reveal(0)                                   # Champion opens: it takes the flag
    assert m.holder == 0 and m.types[m.flag_card].id == "champion"
    assert m.defense_total() == 4
    m.reveal(1)                                   # Dog: 3 < 4, the attack goes on
    assert m.attack_total() == 3 and m.holder == 0 and m.expect == ("reveal", 1)
    m.reveal(1)                                   # + Newcomer: 4 >= 4, takes the flag
    assert m.holder == 1 and m.types[m.flag_card].id == "newcomer"
    assert m.power(m.flag_card, "possession") == 1
    # The Dog slid under the Newcomer; the Champion went to the bench.
    assert [m.types[c].id for c in m.sides[1].park] == ["dog", "newcomer"]
    assert bench_ids(m, 0) == {"Champion": ["champion"]}
    m.reveal(0)                                   # Talent 2 >= 1: takes the flag back
    assert m.holder == 0
    # The Newcomer and the Dog under it go to the bench, one seat per name.
    assert bench_ids(m, 1) == {"Dog": ["dog"], "Newcomer": ["newcomer"]}


def test_starter_equal_total_takes_the_flag_and_no_extra_card_is_revealed(match):
    """Talent 2 takes a Talent 2's flag (equal is enough); the next card stays in the deck."""
    m = match(["talent", "newcomer"], ["talent", "champion"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1
    assert len(m.sides[1].deck) == 1              # the Champion was not revealed
    assert m.expect == ("reveal", 0)


def test_starter_attacker_out_of_cards_loses(match):
    """Newcomer + Newcomer + Newcomer (3) cannot reach a Champion (4): out of cards."""
    m = match(["champion"], ["newcomer", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    for _ in range(3):
        m.reveal(1)
    assert m.attack_total() == 3
    assert m.winner == 0 and m.reason == "out-of-cards" and m.expect[0] == "over"


def test_starter_benching_with_no_free_seat_loses(match):
    """Six names on the bench: a Dog that loses the flag needs a seventh seat."""
    m = match(["dog"], ["champion", "newcomer"], first=0,
              bench_a=["newcomer", "talent", "champion", "pig", "cat", "pony"])
    m.reveal(0)
    m.reveal(1)                                   # Champion 4 beats the Dog 3
    assert m.winner == 1 and m.reason == "bench-full"


def test_starter_same_name_joins_its_seat(match):
    """A Newcomer beaten while a Newcomer sits on the bench joins that seat (no new seat)."""
    m = match(["newcomer", "talent"], ["talent", "dog"], first=0,
              bench_a=["newcomer", "talent", "champion", "pig", "cat", "pony"])
    m.reveal(0)
    m.reveal(1)
    assert m.winner is None
    assert bench_ids(m, 0)["Newcomer"] == ["newcomer", "newcomer"]
