"""The Robot's R and SOLO cards (Tablecup's own design), each played from a fixed deck order."""

from cardplay import bench_ids, deck_ids, ids


def test_tin_soldier_is_a_plain_4(match):
    m = match(["champion"], ["tin-soldier", "dog"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 4


def test_laser_bot_has_plus_2_only_while_attacking(match):
    m = match(["horse", "dog"], ["laser-bot", "lion"], first=0)
    m.reveal(0)                  # Horse 5
    m.reveal(1)                  # Laser Bot 3 + 2 = 5: takes the flag
    assert m.holder == 1
    assert m.defense_total() == 3    # in possession: its base power only


def test_shield_bot_has_plus_2_in_possession(match):
    m = match(["shield-bot"], ["champion", "dog"], first=0)
    m.reveal(0)
    assert m.defense_total() == 5
    m.reveal(1)                  # Champion 4 < 5
    assert m.holder == 0


def test_spark_bot_takes_a_fan_when_it_takes_the_flag(match):
    m = match(["spark-bot", "pig"], ["lion", "newcomer"], first=1)
    m.reveal(1)                  # Lion 5
    m.reveal(0)                  # Spark Bot 3 < 5: no flag, no fan
    assert m.sides[0].fans == 0
    m2 = match(["spark-bot"], ["dog", "lion"], first=1)
    m2.reveal(1)
    m2.reveal(0)                 # 3 >= 3: takes the flag
    assert m2.sides[0].fans == 1


def test_radar_bot_looks_at_the_top_card_and_keeps_or_buries_it(match):
    m = match(["radar-bot", "newcomer", "champion"], ["lion"], first=0)
    m.reveal(0)
    ch = m.pending
    assert ch.kind == "arrange" and len(ch.options) == 2
    under = next(i for i, o in enumerate(ch.options) if o[0][0] == "deck-bottom")
    m.choose(0, under)
    assert deck_ids(m, 0) == ["champion", "newcomer"]


def test_magnet_bot_exhausts_the_opponents_top_card(match):
    m = match(["magnet-bot"], ["pig", "lion"], first=0)
    m.reveal(0)
    assert ids(m, m.sides[1].exhaust) == ["pig"] and deck_ids(m, 1) == ["lion"]


def test_turbo_bot_gives_the_next_card_plus_2(match):
    m = match(["lion", "newcomer"], ["turbo-bot", "dog"], first=0)
    m.reveal(0)                  # Lion 5
    m.reveal(1)                  # Turbo Bot 3 < 5
    m.reveal(1)                  # Dog 3 + 2 = 5: with Turbo Bot 3 it makes 8
    assert m.holder == 1 and m.defense_total() == 5     # the +2 stays with the Dog


def test_copper_bot_has_plus_1_only_while_attacking(match):
    m = match(["horse", "dog"], ["copper-bot", "lion"], first=0)
    m.reveal(0)
    m.reveal(1)                  # 4 + 1 = 5 >= 5
    assert m.holder == 1 and m.defense_total() == 4


def test_overlord_has_plus_1_in_possession(match):
    m = match(["overlord"], ["horse", "dog"], first=0)
    m.reveal(0)
    assert m.defense_total() == 6
    m.reveal(1)                  # Horse 5 < 6
    assert m.holder == 0


def test_hydra_bot_goes_under_its_deck_when_it_loses_the_flag(match):
    m = match(["hydra-bot", "newcomer"], ["horse", "lion"], first=0)
    m.reveal(0)
    m.reveal(1)                  # Horse 5 >= 4: Hydra Bot loses the flag
    assert deck_ids(m, 0) == ["newcomer", "hydra-bot"]
    assert bench_ids(m, 0) == {}


def test_fan_bot_takes_two_fans_when_it_takes_the_flag(match):
    m = match(["fan-bot"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.sides[0].fans == 2
