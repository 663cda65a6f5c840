"""City cards (the base box's basic set), each played from a fixed deck order."""

from cardplay import arrange_ids, deck_ids, ids


def test_reporter_offers_one_on_top_one_under(match):
    """Reporter: look at the top two cards, put one under the deck and the other on top."""
    m = match(["reporter", "dog", "champion", "newcomer"], ["talent"], first=0)
    m.reveal(0)
    ch = m.pending
    assert ch is not None and ch.kind == "arrange" and ch.player == 0
    assert sorted(arrange_ids(m)) == sorted([
        [("deck-top", "dog"), ("deck-bottom", "champion")],
        [("deck-top", "champion"), ("deck-bottom", "dog")],
    ])
    m.choose(0, arrange_ids(m).index([("deck-top", "champion"), ("deck-bottom", "dog")]))
    assert deck_ids(m, 0) == ["champion", "newcomer", "dog"]
    assert m.holder == 0 and m.defense_total() == 2      # the Reporter itself: base 2


def test_reporter_with_one_card_left_is_not_stuck(match):
    """Reporter with a single card left: nothing to split, the match goes on."""
    m = match(["reporter", "dog"], ["talent", "newcomer"], first=0)
    m.reveal(0)
    if m.pending is not None:                 # top or bottom of a one-card deck: the same
        assert all(len(o) == 1 for o in m.pending.options)
        m.choose(0, 0)
    assert deck_ids(m, 0) == ["dog"]
    assert m.holder == 0 and m.expect == ("reveal", 1)


def test_city_cards_without_effect_base_powers(match):
    """Talent (A) 2, Dog (B) 3, Champion (C) 4: no effect, only base power."""
    m = match(["champion-c", "talent-a"], ["dog-b", "newcomer", "talent-a"], first=0)
    m.reveal(0)
    assert m.defense_total() == 4
    m.reveal(1)
    assert m.attack_total() == 3 and m.holder == 0
    m.reveal(1)
    assert m.holder == 1
    m.reveal(0)                                          # Talent 2 >= Newcomer 1
    assert m.holder == 0 and m.defense_total() == 2


def test_mascot_counts_different_set_icons_on_the_bench(match):
    """Mascot: +1 for each different set icon on your bench (two City cards count once)."""
    m = match(["dragon"], ["mascot", "newcomer"], first=0,
              bench_b=["newcomer", "dog", "pig", "cat"])     # City, City, Castle, Film: 3 icons
    m.reveal(0)
    m.reveal(1)
    mascot = m.attack[0]
    assert m.power(mascot, "attack") == 2 + 3
    assert m.holder == 0


def test_mascot_bonus_is_kept_in_flag_possession(match):
    """Mascot's immediate bonus stays with it once it holds the flag."""
    m = match(["champion", "newcomer"], ["mascot", "newcomer"], first=0, bench_b=["pig", "cat"])
    m.reveal(0)
    m.reveal(1)                                           # 2 + 2 = 4 >= 4
    assert m.holder == 1
    assert m.defense_total() == 4


def test_mascot_empty_bench_no_bonus(match):
    """Mascot with an empty bench: base 2 only."""
    m = match(["dog"], ["mascot", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 2 and m.holder == 0


def test_fan_bus_takes_two_fans_with_three_trophies(match):
    """Fan-Bus: three or fewer trophies -> take 2 fans."""
    m = match(["fan-bus", "newcomer"], ["newcomer"], first=0, trophies=(3, 0))
    m.reveal(0)
    assert m.sides[0].fans == 2 and m.sides[1].fans == 0
    assert m.defense_total() == 6


def test_fan_bus_no_fans_with_four_trophies(match):
    """Fan-Bus: four trophies -> no fans."""
    m = match(["fan-bus", "newcomer"], ["newcomer"], first=0, trophies=(4, 0))
    m.reveal(0)
    assert m.sides[0].fans == 0


def test_fan_bus_attacking_takes_fans_even_without_the_flag(match):
    """Fan-Bus resolves when revealed, whether or not it takes the flag; fans never count trophies."""
    m = match(["dragon", "newcomer"], ["fan-bus", "newcomer", "newcomer"], first=0, trophies=(0, 1))
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.sides[1].fans == 2 and m.sides[1].trophies == 1
