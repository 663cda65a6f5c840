"""Shipwreck cards, each played from a fixed deck order."""

from cardplay import arrange_ids, bench_ids, deck_ids, ids


def option_ids(m):
    return [ids(m, o) for o in m.pending.options]


def test_shipwreck_cards_without_effect_parrot_shark_kraken(match):
    """Parrot 3, Shark 5, Kraken 7: base power only."""
    m = match(["parrot", "kraken"], ["shark", "parrot", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 4 and m.winner == 0


def test_merman_plus_three_with_a_shipwreck_card_on_the_bench(match):
    """Merman: at least one Shipwreck card on the bench -> +3 (kept in possession)."""
    m = match(["champion", "newcomer"], ["merman", "newcomer"], first=0, bench_b=["parrot"])
    m.reveal(0)
    m.reveal(1)                        # 1 + 3 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4


def test_merman_without_a_shipwreck_card_gets_nothing(match):
    """Merman: no Shipwreck card benched -> 1."""
    m = match(["champion"], ["merman", "newcomer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 1 and m.holder == 0


def test_sailor_puts_any_deck_card_under_the_deck(match):
    """Sailor: look through the deck, put the chosen card under it."""
    m = match(["sailor", "champion", "newcomer", "dog"], ["pig"], first=0)
    m.reveal(0)
    ch = m.pending
    assert ch.kind == "move" and ch.player == 0
    assert sorted(option_ids(m)) == [["champion"], ["dog"], ["newcomer"]]
    m.choose(0, option_ids(m).index(["champion"]))
    assert deck_ids(m, 0) == ["newcomer", "dog", "champion"]
    assert m.holder == 0 and m.defense_total() == 2


def test_sailor_offers_each_copy_by_its_depth_when_the_order_left_behind_differs(match):
    """Sailor among identical cards (issue: the upper Newcomer was never offered): a pick is a
    position in the deck. Putting the upper Newcomer under brings the Lifeguard up with two cards
    left, so it gets no +2 and the Sailor's attack takes the flag at 2 + 4 = 6."""
    m = match(["lifeguard", "director"], ["sailor", "newcomer", "lifeguard", "newcomer"], first=0, round=7)
    m.reveal(0)                                   # Lifeguard, 1 card left: 4 + 2 = 6
    m.reveal(1)                                   # Sailor 2: look through the deck
    ch = m.pending
    depths = sorted((m.deck_depth(o[0]), ids(m, o)[0]) for o in ch.options)
    assert depths == [(0, "newcomer"), (1, "lifeguard"), (2, "newcomer")]
    m.choose(1, [m.deck_depth(o[0]) for o in ch.options].index(0))   # the upper Newcomer goes under
    assert deck_ids(m, 1) == ["lifeguard", "newcomer", "newcomer"]
    m.reveal(1)                                   # Lifeguard with 2 cards left: 4, no +2
    assert m.holder == 1 and m.defense_total() == 4
    # The lower Newcomer, already at the bottom, changes nothing: the Sailor reaches only 2 + 1.
    m = match(["lifeguard", "director"], ["sailor", "newcomer", "lifeguard", "newcomer"], first=0, round=7)
    m.reveal(0)
    m.reveal(1)
    m.choose(1, [m.deck_depth(o[0]) for o in m.pending.options].index(2))
    assert deck_ids(m, 1) == ["newcomer", "lifeguard", "newcomer"]
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 3


def test_sailor_merges_copies_whose_pick_leaves_the_same_deck(match):
    """Two Newcomers next to each other: either one under gives the same deck, one option."""
    m = match(["sailor", "champion", "newcomer", "newcomer", "dog"], ["pig"], first=0)
    m.reveal(0)
    assert sorted(option_ids(m)) == [["champion"], ["dog"], ["newcomer"]]


def test_sailor_offers_one_option_for_each_different_deck_it_can_leave(lib):
    """Sailor on random decks full of copies: one option per distinct deck order that
    "put any card under" can leave, each option leaving its own."""
    import random

    from engine.challengers.match import Match
    cat = lib.catalogue
    kinds = [cat.card(c) for c in ("newcomer", "talent", "dog", "pig")]
    rng = random.Random(5)
    for seed in range(60):
        rest = [rng.choice(kinds) for _ in range(rng.randrange(2, 9))]
        m = Match([[cat.card("sailor")] + rest, [cat.card("pig")]], rng=seed, beginner=0, shuffle=False)
        m.reveal(0)
        deck = [m.types[c].id for c in m.sides[0].deck]
        reachable = {tuple([deck[i]] + deck[:i] + deck[i + 1:]) for i in range(len(deck))}
        options = m.pending.options if m.pending is not None else [None]
        assert len(options) == len(reachable), (deck, options)
        left = set()
        for i in range(len(options)):
            twin = m.copy()
            if twin.pending is not None:
                twin.choose(0, i)
            left.add(tuple(twin.types[c].id for c in twin.sides[0].deck))
        assert left == reachable


def test_treasure_in_possession_plus_two_only(match):
    """Treasure (in flag possession): +2 while holding the flag; 2 while attacking."""
    m = match(["newcomer", "newcomer"], ["treasure", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1
    assert m.power(m.flag_card, "attack") == 2
    assert m.defense_total() == 4
    m = match(["treasure", "newcomer"], ["dog", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                        # Dog 3 < 4
    assert m.holder == 0


def test_cook_from_the_bench_plus_one_to_the_card_in_flag_possession(match):
    """Cook (from the bench): your card in flag possession has +1; attacking cards nothing."""
    m = match(["dog", "newcomer"], ["talent", "newcomer"], first=0, bench_a=["cook"])
    m.reveal(0)
    assert m.defense_total() == 4
    m.reveal(1)                        # Talent 2 < 4
    m.reveal(1)                        # + Newcomer: 3 < 4: player 1 is out of cards
    assert m.winner == 0
    m = match(["champion", "newcomer"], ["dog", "newcomer", "newcomer"], first=0, bench_b=["cook"])
    m.reveal(0)
    m.reveal(1)                        # Dog attacking: 3, no Cook bonus
    assert m.attack_total() == 3 and m.holder == 0


def test_cook_copies_stack(match):
    """Two Cooks: +2 in flag possession."""
    m = match(["newcomer", "newcomer"], ["newcomer"], first=0, bench_a=["cook", "cook"])
    m.reveal(0)
    assert m.defense_total() == 3


def test_lifeguard_plus_two_with_one_card_left(match):
    """Lifeguard: a single card left in the deck -> +2 (kept in possession)."""
    m = match(["horse", "newcomer"], ["lifeguard", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                        # 4 + 2 = 6 >= 5
    assert m.holder == 1 and m.defense_total() == 6


def test_lifeguard_no_bonus_with_two_cards_left(match):
    """Lifeguard with two cards left: 4."""
    m = match(["horse", "newcomer"], ["lifeguard", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 4 and m.holder == 0


def test_navigator_flag_loss_puts_one_of_the_top_two_under(match):
    """Navigator (flag loss): look at the top two, one under the deck, the other on top."""
    m = match(["navigator", "newcomer", "champion", "talent"], ["lion", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                        # Lion 5 >= 4
    ch = m.pending
    assert ch.kind == "arrange" and ch.player == 0
    assert sorted(arrange_ids(m)) == sorted([
        [("deck-top", "newcomer"), ("deck-bottom", "champion")],
        [("deck-top", "champion"), ("deck-bottom", "newcomer")],
    ])
    m.choose(0, arrange_ids(m).index([("deck-top", "champion"), ("deck-bottom", "newcomer")]))
    assert deck_ids(m, 0) == ["champion", "talent", "newcomer"]
    assert m.holder == 1 and bench_ids(m, 0) == {"Navigator": ["navigator"]}


def test_navigator_flag_loss_resolves_before_the_cowboys_effect(match):
    """Navigator first, then the new holder's Cowboy benches the card the Navigator put on top."""
    m = match(["navigator", "newcomer", "champion", "talent"], ["newcomer", "cowboy"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.reveal(1)                        # 1 + 3 = 4 >= 4
    m.choose(0, arrange_ids(m).index([("deck-top", "champion"), ("deck-bottom", "newcomer")]))
    assert bench_ids(m, 0) == {"Navigator": ["navigator"], "Champion": ["champion"]}
    assert deck_ids(m, 0) == ["talent", "newcomer"]


def test_siren_may_exhaust_a_card_from_the_opponents_bench(match):
    """Siren: may put a card from the opponent's bench on the opponent's exhaust pile."""
    m = match(["dragon", "newcomer"], ["siren", "newcomer"], first=0, bench_a=["pig", "cat"],
              bench_b=["parrot"])
    m.reveal(0)
    m.reveal(1)
    ch = m.pending
    assert ch.kind == "move" and ch.player == 1
    assert sorted(option_ids(m)) == [[], ["cat"], ["pig"]]     # the Siren owner's Parrot is not offered
    m.choose(1, option_ids(m).index(["pig"]))
    assert bench_ids(m, 0) == {"Cat": ["cat"]}
    assert ids(m, m.sides[0].exhaust) == ["pig"]
    assert m.owner[m.sides[0].exhaust[0]] == 0
    assert m.sides[1].exhaust == [] and bench_ids(m, 1) == {"Parrot": ["parrot"]}


def test_siren_may_decline(match):
    """Siren: declining leaves the opponent's bench alone."""
    m = match(["dragon", "newcomer"], ["siren", "newcomer"], first=0, bench_a=["pig"])
    m.reveal(0)
    m.reveal(1)
    m.choose(1, option_ids(m).index([]))
    assert bench_ids(m, 0) == {"Pig": ["pig"]} and m.sides[0].exhaust == []


def test_submarine_exhausts_the_bottom_card_of_the_deck(match):
    """Submarine: the bottom-most card of its owner's deck goes on the exhaust pile."""
    m = match(["submarine", "newcomer", "talent", "champion"], ["pig"], first=0)
    m.reveal(0)
    assert ids(m, m.sides[0].exhaust) == ["champion"]
    assert deck_ids(m, 0) == ["newcomer", "talent"]
    assert m.defense_total() == 9


def test_cook_played_then_benched_gives_its_bonus(match):
    """Cook revealed, beaten, benched: the Champion that takes the flag next holds at 4 + 1."""
    m = match(["cook", "champion", "newcomer"], ["dog", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Dog 3 >= 2
    m.reveal(0)                       # Champion 4 (no bonus attacking) >= 3
    assert m.holder == 0
    assert m.power(m.flag_card, "attack") == 4 and m.defense_total() == 5
