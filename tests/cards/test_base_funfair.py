"""Funfair cards, each played from a fixed deck order."""

from cardplay import arrange_ids, bench_ids, deck_ids, ids


def test_funfair_cards_without_effect_pony_rubber_duck_teddy_bear(match):
    """Pony 3, Rubber Duck 5, Teddy Bear 7: base power only."""
    m = match(["pony", "teddy-bear"], ["rubber-duck", "pony", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 4 and m.winner == 0


def test_clown_taking_the_flag_takes_two_fans(match):
    """Clown: if it gets in flag possession, 2 fans (as an attacker)."""
    m = match(["newcomer", "newcomer"], ["clown", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # 1 >= 1
    assert m.holder == 1 and m.sides[1].fans == 2


def test_clown_opening_takes_two_fans_and_failing_takes_none(match):
    """Clown opening gets the flag (2 fans); a Clown that falls short gets none."""
    m = match(["clown", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.sides[0].fans == 2
    m = match(["dog", "newcomer"], ["clown", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.reveal(1)                       # 1 + 1 = 2 < 3
    assert m.holder == 0 and m.sides[1].fans == 0


def test_juggler_returns_the_top_three_in_any_order(match):
    """Juggler: look at the top three cards, return them on top in any order (six orders)."""
    m = match(["juggler", "newcomer", "talent", "dog", "champion"], ["pig"], first=0)
    m.reveal(0)
    ch = m.pending
    assert ch.kind == "arrange" and ch.player == 0
    opts = arrange_ids(m)
    assert len(opts) == 6 and all(all(w == "deck-top" for w, _ in o) for o in opts)
    m.choose(0, opts.index([("deck-top", "dog"), ("deck-top", "newcomer"), ("deck-top", "talent")]))
    assert deck_ids(m, 0) == ["dog", "newcomer", "talent", "champion"]
    assert m.holder == 0 and m.defense_total() == 2


def test_juggler_alike_cards_give_fewer_orders(match):
    """Juggler over Newcomer, Newcomer, Dog: three distinct orders."""
    m = match(["juggler", "newcomer", "newcomer", "dog"], ["pig"], first=0)
    m.reveal(0)
    opts = arrange_ids(m)
    assert len(opts) == 3
    m.choose(0, opts.index([("deck-top", "dog"), ("deck-top", "newcomer"), ("deck-top", "newcomer")]))
    assert deck_ids(m, 0) == ["dog", "newcomer", "newcomer"]


def test_vendor_from_the_bench_funfair_cards_plus_one(match):
    """Vendor (from the bench): Funfair cards +1 in attack and in possession; others nothing."""
    m = match(["champion", "newcomer"], ["pony", "talent"], first=0, bench_b=["vendor"])
    m.reveal(0)
    m.reveal(1)                       # Pony 3 + 1 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4
    m = match(["champion", "newcomer"], ["dog", "newcomer"], first=0, bench_b=["vendor"])
    m.reveal(0)
    m.reveal(1)                       # Dog (City): 3 < 4
    assert m.attack_total() == 3 and m.holder == 0


def test_vendor_copies_stack(match):
    """Two Vendors: a Pony holds the flag at 3 + 2."""
    m = match(["pony", "newcomer"], ["newcomer"], first=0, bench_a=["vendor", "vendor"])
    m.reveal(0)
    assert m.defense_total() == 5


def test_clairvoyant_flag_loss_puts_any_deck_card_on_top(match):
    """Clairvoyant (flag loss): look through the deck, put the chosen card on top."""
    m = match(["clairvoyant", "newcomer", "talent", "horse"], ["lion", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Lion 5 >= 4: the Clairvoyant loses the flag
    ch = m.pending
    assert ch.kind == "move" and ch.player == 0
    assert sorted(ids(m, o) for o in ch.options) == [["horse"], ["newcomer"], ["talent"]]
    m.choose(0, [ids(m, o) for o in ch.options].index(["horse"]))
    assert deck_ids(m, 0) == ["horse", "newcomer", "talent"]
    assert m.holder == 1
    assert bench_ids(m, 0) == {"Clairvoyant": ["clairvoyant"]}
    m.reveal(0)                       # the Horse attacks: 5 >= 5
    assert m.holder == 0


def test_clairvoyant_offers_a_lower_copy_that_changes_the_next_card(match):
    """Clairvoyant among identical cards: the Horse under two Newcomers is a different pick from
    the Horse on top (which changes nothing)."""
    m = match(["clairvoyant", "horse", "newcomer", "horse"], ["lion", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    opts = {(m.deck_depth(o[0]), ids(m, o)[0]) for o in m.pending.options}
    assert opts == {(0, "horse"), (1, "newcomer"), (2, "horse")}
    m.choose(0, [m.deck_depth(o[0]) for o in m.pending.options].index(2))
    assert deck_ids(m, 0) == ["horse", "horse", "newcomer"]


def test_clairvoyant_flag_loss_resolves_before_the_new_holders_cowboy(match):
    """Flag-loss effects first: the Clairvoyant's chosen card is on top when the Cowboy benches the top card."""
    m = match(["clairvoyant", "newcomer", "talent", "horse"], ["newcomer", "cowboy", "dog"], first=0)
    m.reveal(0)                       # Clairvoyant 4
    m.reveal(1)                       # Newcomer 1
    m.reveal(1)                       # + Cowboy 3 = 4 >= 4
    m.choose(0, [ids(m, o) for o in m.pending.options].index(["horse"]))
    # The Cowboy now takes the flag: the top card (the Horse just chosen) goes to the bench.
    assert m.holder == 1
    assert bench_ids(m, 0) == {"Clairvoyant": ["clairvoyant"], "Horse": ["horse"]}
    assert deck_ids(m, 0) == ["newcomer", "talent"]


def test_clairvoyant_without_the_flag_does_nothing(match):
    """Clairvoyant attacking without getting the flag never loses it: no effect."""
    m = match(["horse", "newcomer"], ["clairvoyant", "newcomer", "talent"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.pending is None and deck_ids(m, 1) == ["newcomer", "talent"]


def test_mime_plus_one_per_empty_seat(match):
    """Mime: +1 for each empty seat on the bench (2 seats used -> +4), kept in possession."""
    m = match(["horse", "newcomer"], ["mime", "newcomer"], first=0, bench_b=["pig", "pig", "cat"])
    m.reveal(0)
    m.reveal(1)                       # 1 + 4 = 5 >= 5
    assert m.holder == 1 and m.defense_total() == 5


def test_mime_empty_bench_plus_six(match):
    """Mime with an empty bench: 1 + 6."""
    m = match(["mime", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 7


def test_pyrotechnician_one_card_left_takes_two_fans(match):
    """Pyrotechnician: a single card left in the deck -> 2 fans."""
    m = match(["dragon", "newcomer"], ["pyrotechnician", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.sides[1].fans == 2


def test_pyrotechnician_no_card_left_takes_two_fans(match):
    """Pyrotechnician as the last card of the deck: 2 fans (even though the match is then lost)."""
    m = match(["dragon", "newcomer"], ["pyrotechnician"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.sides[1].fans == 2 and m.winner == 0


def test_pyrotechnician_two_cards_left_takes_none(match):
    """Pyrotechnician with two cards left: no fans."""
    m = match(["dragon", "newcomer"], ["pyrotechnician", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.sides[1].fans == 0


def test_bumper_car_returns_the_top_three_in_any_order(match):
    """Bumper Car: look at the top three, return them on top in any order."""
    m = match(["horse", "newcomer"], ["bumper-car", "pig", "talent", "newcomer", "dog"], first=0)
    m.reveal(0)
    m.reveal(1)
    opts = arrange_ids(m)
    assert m.pending.kind == "arrange" and len(opts) == 6
    m.choose(1, opts.index([("deck-top", "newcomer"), ("deck-top", "talent"), ("deck-top", "pig")]))
    assert deck_ids(m, 1) == ["newcomer", "talent", "pig", "dog"]
    assert m.holder == 1 and m.defense_total() == 6


def test_illusionist_in_possession_plus_one_per_empty_seat(match):
    """Illusionist (in flag possession): +1 per empty seat, only while it holds the flag."""
    m = match(["lion", "newcomer"], ["illusionist", "newcomer"], first=0, bench_b=["pig", "cat"])
    m.reveal(0)
    m.reveal(1)                       # attacking: 5, no bonus; 5 >= 5
    assert m.holder == 1
    ill = m.flag_card
    assert m.power(ill, "attack") == 5
    assert m.defense_total() == 5 + 4


def test_illusionist_bonus_follows_the_bench_while_in_possession(match):
    """Illusionist: when the opponent's Siren empties a seat, the Illusionist's total rises at once."""
    m = match(["illusionist", "newcomer"], ["siren", "champion"], first=0, bench_a=["pig", "cat", "pony"])
    m.reveal(0)
    assert m.defense_total() == 5 + 3
    m.reveal(1)                       # Siren 6: may exhaust a card from my bench
    m.choose(1, [ids(m, o) for o in m.pending.options].index(["cat"]))
    assert m.defense_total() == 5 + 4
    assert m.holder == 0 and m.attack_total() == 6


def test_vendor_played_then_benched_gives_its_bonus(match):
    """Vendor revealed, beaten, benched: the Pony then attacks at 3 + 1 and holds at 4."""
    m = match(["vendor", "pony", "newcomer"], ["dog", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Dog 3 >= 2
    m.reveal(0)                       # Pony 4 >= 3
    assert m.holder == 0 and m.defense_total() == 4
