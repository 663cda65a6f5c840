"""Film Studio cards, each played from a fixed deck order."""

from cardplay import bench_ids, deck_ids, ids


from engine.challengers.piles import LevelPiles


def test_film_cards_without_effect_cat_lion_t_rex(match):
    """Cat 3, Lion 5, T-Rex 7: base power only."""
    m = match(["cat", "t-rex"], ["lion", "cat", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 4 and m.winner == 0


def test_gangster_during_the_attack_plus_two_then_base_in_possession(match):
    """Gangster (during the attack): +2 while attacking; holding the flag it is back to 2."""
    m = match(["champion", "newcomer"], ["gangster", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # 2 + 2 = 4 >= 4
    assert m.holder == 1
    assert m.power(m.flag_card, "attack") == 4
    assert m.defense_total() == 2
    m.reveal(0)                       # a Newcomer... 1 < 2: player 0 is out of cards
    assert m.winner == 1


def test_gangster_as_the_opening_card_has_no_bonus(match):
    """Gangster revealed first (never attacking): 2."""
    m = match(["gangster"], ["talent"], first=0)
    m.reveal(0)
    assert m.defense_total() == 2
    m.reveal(1)
    assert m.holder == 1


def test_make_up_artist_from_the_bench_base_power_one_plus_two_during_the_attack(match):
    """Make-Up Artist (from the bench): base-power-1 cards +2 during the attack; not others; not in possession."""
    m = match(["champion", "newcomer"], ["newcomer", "dog"], first=0, bench_b=["make-up-artist"])
    m.reveal(0)
    m.reveal(1)                       # Newcomer 1 + 2
    assert m.attack_total() == 3 and m.holder == 0
    m.reveal(1)                       # Dog 3 (no bonus): 6 >= 4
    assert m.holder == 1
    m = match(["talent", "newcomer"], ["newcomer", "newcomer"], first=0, bench_b=["make-up-artist"])
    m.reveal(0)
    m.reveal(1)                       # 3 >= 2: the Newcomer takes the flag
    assert m.holder == 1
    assert m.defense_total() == 1     # in possession: no bonus


def test_make_up_artist_copies_stack(match):
    """Two Make-Up Artists: a Newcomer attacks with 1 + 4."""
    m = match(["horse", "newcomer"], ["newcomer", "newcomer"], first=0,
              bench_b=["make-up-artist", "make-up-artist"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.power(m.flag_card, "attack") == 5


def test_movie_star_puts_up_to_two_newcomers_from_the_bench_on_top(match):
    """Movie Star: up to two Newcomers from the bench on top of the deck (none, one or two offered)."""
    m = match(["horse", "newcomer"], ["movie-star", "dog"], first=0,
              bench_b=["newcomer", "newcomer", "newcomer", "pig"])
    m.reveal(0)
    m.reveal(1)
    ch = m.pending
    assert ch.kind == "move" and ch.player == 1
    assert sorted(ids(m, o) for o in ch.options) == [[], ["newcomer"], ["newcomer", "newcomer"]]
    m.choose(1, [ids(m, o) for o in ch.options].index(["newcomer", "newcomer"]))
    assert deck_ids(m, 1) == ["newcomer", "newcomer", "dog"]
    assert bench_ids(m, 1) == {"Newcomer": ["newcomer"], "Pig": ["pig"]}
    assert m.expect == ("reveal", 1)  # Movie Star 2 < 5: the attack goes on


def test_movie_star_ignores_other_cards(match):
    """Movie Star: only Newcomers qualify; with none on the bench nothing is asked."""
    m = match(["horse", "newcomer"], ["movie-star", "dog"], first=0, bench_b=["talent", "pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.pending is None
    assert deck_ids(m, 1) == ["dog"]


def test_cowboy_taking_the_flag_benches_the_opponents_top_card(match):
    """Cowboy: if it gets in flag possession, the opponent puts their top deck card on their bench."""
    m = match(["dog", "champion", "newcomer"], ["cowboy", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Cowboy 3 >= 3
    assert m.holder == 1
    assert bench_ids(m, 0) == {"Dog": ["dog"], "Champion": ["champion"]}
    assert deck_ids(m, 0) == ["newcomer"]


def test_cowboy_opening_also_counts_as_getting_the_flag(match):
    """Cowboy revealed first takes the flag: the opponent benches their top card."""
    m = match(["cowboy", "newcomer"], ["dog", "champion"], first=0)
    m.reveal(0)
    assert bench_ids(m, 1) == {"Dog": ["dog"]}
    assert deck_ids(m, 1) == ["champion"]


def test_cowboy_failing_to_take_the_flag_does_nothing(match):
    """Cowboy that does not get the flag: no effect."""
    m = match(["horse", "dog", "newcomer"], ["cowboy", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.sides[0].bench == [] and deck_ids(m, 0) == ["dog", "newcomer"]


def test_cowboy_emptying_the_opponents_deck_wins(match):
    """Cowboy benches the opponent's last card: they cannot attack and lose."""
    m = match(["dog", "newcomer"], ["cowboy"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.winner == 1 and m.reason == "out-of-cards"


def test_director_from_the_bench_film_cards_plus_one_during_the_attack(match):
    """Director (from the bench): Film cards +1 during the attack; other sets nothing; not in possession."""
    m = match(["horse", "newcomer"], ["cat", "dog", "newcomer"], first=0, bench_b=["director"])
    m.reveal(0)
    m.reveal(1)                       # Cat 3 + 1
    assert m.attack_total() == 4
    m.reveal(1)                       # Dog 3 (City): 4 + 3 = 7 >= 5
    assert m.holder == 1 and m.defense_total() == 3
    m = match(["champion", "newcomer"], ["cat", "newcomer"], first=0, bench_b=["director"])
    m.reveal(0)
    m.reveal(1)                       # Cat 4 >= 4
    assert m.holder == 1 and m.defense_total() == 3


def test_comic_character_flag_loss_next_card_plus_two_during_the_attack(match):
    """Comic Character (flag loss): the owner's next card has +2 during the attack, not after."""
    m = match(["comic-character", "talent", "newcomer"], ["lion", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Lion 5 >= 4: the Comic Character loses the flag
    assert m.holder == 1
    m.reveal(0)                       # Talent 2 + 2 = 4 < 5
    assert m.attack_total() == 4 and m.holder == 1
    m.reveal(0)                       # + Newcomer 1 (no bonus) = 5 >= 5
    assert m.holder == 0
    assert m.defense_total() == 1


def test_comic_character_bonus_ends_when_its_card_takes_the_flag(match):
    """Comic Character: the next card with +2 takes the flag and holds it at its base power."""
    m = match(["comic-character", "talent", "newcomer"], ["dog", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Dog 3 < 4
    m.reveal(1)                       # + Newcomer: 4 >= 4
    m.reveal(0)                       # Talent 2 + 2 = 4 >= 1
    assert m.holder == 0
    assert m.defense_total() == 2


def test_heroine_taking_the_flag_takes_three_fans(match):
    """Heroine: gets in flag possession -> 3 fans."""
    m = match(["champion", "newcomer"], ["heroine", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.sides[1].fans == 3 and m.sides[0].fans == 0


def test_heroine_not_taking_the_flag_takes_no_fans(match):
    """Heroine that falls short: no fans."""
    m = match(["t-rex", "newcomer"], ["heroine", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.sides[1].fans == 0


def test_heroine_opening_takes_three_fans(match):
    """Heroine as the opening card gets the flag: 3 fans."""
    m = match(["heroine", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.sides[0].fans == 3


def test_villain_puts_the_top_level_a_card_on_top_of_the_deck(match, card):
    """Villain: the top card of the Level-A pile goes on top of its owner's deck."""
    piles = LevelPiles([card("cow"), card("pig"), card("lion")])       # pig is the A top
    m = match(["horse", "newcomer"], ["villain", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 10
    assert deck_ids(m, 1) == ["pig", "newcomer"]
    pig = m.sides[1].deck[-1]
    assert m.owner[pig] == 1
    assert [c.id for c in piles.piles["A"]] == ["cow"]
    assert [c.id for c in piles.piles["B"]] == ["lion"]


def test_villain_without_piles_does_nothing_else(match):
    """Villain with no level piles given: 10 power, the deck unchanged."""
    m = match(["horse", "newcomer"], ["villain", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and deck_ids(m, 1) == ["newcomer"]


def test_cowboy_benching_onto_a_full_bench_makes_the_opponent_lose(match):
    """Cowboy: the opponent must bench their top card; with no free seat for it they lose."""
    m = match(["dog", "horse", "newcomer"], ["cowboy", "newcomer"], first=0,
              bench_a=["pig", "cat", "pony", "spider", "parrot"])
    m.reveal(0)
    m.reveal(1)                       # the Cowboy benches the Horse in the sixth seat; the Dog finds none
    assert m.winner == 1 and m.reason == "bench-full"


def test_make_up_artist_and_director_played_then_benched_give_their_bonus(match):
    """Make-Up Artist and Director revealed, beaten, benched: their bonus reaches the next attack."""
    m = match(["make-up-artist", "newcomer", "talent"], ["talent", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Talent 2 >= 1
    m.reveal(0)                       # Newcomer 1 + 2 = 3 >= 2
    assert m.holder == 0 and m.power(m.flag_card, "attack") == 3 and m.defense_total() == 1
    m = match(["director", "cat", "newcomer"], ["horse", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Horse 5 >= 4
    m.reveal(0)                       # Cat 3 + 1
    assert m.attack_total() == 4 and m.holder == 1
