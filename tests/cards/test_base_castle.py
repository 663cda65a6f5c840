"""Castle cards, each played from a fixed deck order (folds in the former example file)."""

from cardplay import bench_ids, ids


def test_hermit_gets_two_without_city_cards_on_the_bench(match):
    """Hermit: no City card on the bench -> +2, kept in flag possession."""
    m = match(["champion", "newcomer"], ["hermit", "newcomer"], first=0, bench_b=["pig"])
    m.reveal(0)                       # Champion (4) takes the flag
    m.reveal(1)                       # Hermit: 2 + 2 = 4 >= 4
    assert m.holder == 1
    assert m.power(m.flag_card, "possession") == 4


def test_hermit_gets_nothing_with_a_city_card_on_the_bench(match):
    """Hermit: a City card (a starter Newcomer carries the City icon) on the bench -> no bonus."""
    m = match(["champion"], ["hermit", "newcomer"], first=0, bench_b=["newcomer"])
    m.reveal(0)
    m.reveal(1)                       # Hermit alone: 2 < 4
    assert m.holder == 0
    assert m.attack_total() == 2


def test_jester_gets_three_with_a_base_power_one_card_on_the_bench(match):
    """Jester: a card of base power 1 on your bench -> +3."""
    m = match(["champion", "newcomer"], ["jester", "newcomer"], first=0, bench_b=["newcomer", "pig"])
    m.reveal(0)
    m.reveal(1)                       # 1 + 3 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4


def test_jester_without_a_base_power_one_card_gets_nothing(match):
    """Jester: no base-power-1 card on the bench -> base 1 only."""
    m = match(["champion"], ["jester", "newcomer"], first=0, bench_b=["talent", "pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 1 and m.holder == 0


def test_stable_boy_plus_one_per_base_power_three_card_on_the_bench(match):
    """Stable Boy: +1 for each card of base power 3 on the bench (Pig, Pig, Dog; not the Champion)."""
    m = match(["dragon"], ["stable-boy", "newcomer"], first=0, bench_b=["pig", "pig", "dog", "champion"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 2 + 3
    assert m.holder == 0


def test_castle_cards_without_effect_pig_horse_dragon(match):
    """Pig 3, Horse 5, Dragon 7: base power only."""
    m = match(["pig", "dragon"], ["horse", "newcomer", "dog", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)                       # Horse 5 >= 3
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)                       # Dragon 7 >= 5
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    m.reveal(1)                       # 1 + 3 + 1 = 5 < 7: out of cards
    assert m.winner == 0 and m.reason == "out-of-cards"


def test_blacksmith_from_the_bench_gives_city_cards_plus_one(match):
    """Blacksmith (from the bench): your City cards have +1, in attack and in possession; others not."""
    m = match(["champion", "newcomer"], ["newcomer", "pig", "talent"], first=0, bench_b=["blacksmith"])
    m.reveal(0)
    m.reveal(1)                       # Newcomer 1 + 1
    nc = m.attack[0]
    assert m.power(nc, "attack") == 2
    m.reveal(1)                       # Pig (Castle): no bonus -> 2 + 3 = 5 >= 4
    assert m.holder == 1
    assert m.power(m.flag_card, "possession") == 3
    m.reveal(0)                       # Newcomer 1 >= 3? no -> player 0 out of cards
    assert m.winner == 1


def test_blacksmith_copies_stack_and_reach_the_card_in_possession(match):
    """Two Blacksmiths on the bench: +2 to City cards, also to the one holding the flag."""
    m = match(["talent", "newcomer"], ["newcomer"], first=0, bench_a=["blacksmith", "blacksmith"])
    m.reveal(0)
    assert m.defense_total() == 2 + 2


def test_blacksmith_gives_nothing_when_not_on_the_bench(match):
    """Blacksmith revealed (not benched): its bench bonus does not apply to City cards."""
    m = match(["dragon"], ["blacksmith", "newcomer", "talent", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 3 + 1 + 2 and m.holder == 0


def test_knight_during_the_attack_plus_one_per_opponent_trophy(match):
    """Knight (during the attack): +1 per opponent trophy; gone once it holds the flag."""
    m = match(["horse", "newcomer"], ["knight", "newcomer"], first=0, trophies=(2, 0))
    m.reveal(0)
    m.reveal(1)                       # 3 + 2 = 5 >= 5
    assert m.holder == 1
    knight = m.flag_card
    assert m.power(knight, "attack") == 5
    assert m.power(knight, "possession") == 3 and m.defense_total() == 3


def test_knight_counts_the_opponents_trophies_not_its_owners(match):
    """Knight: its owner's own trophies give nothing."""
    m = match(["horse"], ["knight", "newcomer"], first=0, trophies=(0, 3))
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 3 and m.holder == 0


def test_sorcerer_may_exhaust_a_weak_bench_card(match):
    """Sorcerer: may put one base-power-3-or-lower card from the bench on the exhaust pile."""
    m = match(["champion", "champion"], ["sorcerer"], first=0, bench_b=["pig", "horse"])
    m.reveal(0)
    m.reveal(1)
    ch = m.pending
    assert ch is not None and ch.kind == "move" and ch.player == 1
    # Only the Pig (3) qualifies; the Horse (5) is too strong; declining is offered.
    assert sorted(ids(m, o) for o in ch.options) == [[], ["pig"]]
    m.choose(1, [ids(m, o) for o in ch.options].index(["pig"]))
    assert bench_ids(m, 1) == {"Horse": ["horse"]}
    assert ids(m, m.sides[1].exhaust) == ["pig"]
    assert m.holder == 1              # 4 >= 4 after the effect


def test_sorcerer_may_decline(match):
    """Sorcerer: 'may' -> declining leaves the bench as it was."""
    m = match(["champion", "champion"], ["sorcerer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    m.choose(1, [ids(m, o) for o in m.pending.options].index([]))
    assert bench_ids(m, 1) == {"Pig": ["pig"]}
    assert m.sides[1].exhaust == []


def test_bard_from_the_bench_plus_one_during_the_attack_only(match):
    """Bard (from the bench): your cards have +1 during the attack, not in flag possession."""
    m = match(["champion", "newcomer"], ["dog", "newcomer"], first=0, bench_b=["bard"])
    m.reveal(0)
    m.reveal(1)                       # Dog 3 + 1 = 4 >= 4
    assert m.holder == 1
    dog = m.flag_card
    assert m.power(dog, "attack") == 4
    assert m.defense_total() == 3     # holding the flag: no Bard bonus


def test_bard_copies_stack(match):
    """Two Bards: +2 to each attacking card."""
    m = match(["horse"], ["newcomer", "newcomer"], first=0, bench_b=["bard", "bard"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 3
    m.reveal(1)
    assert m.holder == 1              # 3 + 3 = 6 >= 5


def test_bard_does_not_help_the_opponent(match):
    """Bard on my bench: the opponent's attack gets nothing."""
    m = match(["dog", "newcomer"], ["talent", "newcomer"], first=0, bench_a=["bard"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 2 and m.holder == 0


def test_prince_flag_loss_goes_to_the_exhaust_pile_not_the_bench(match):
    """Prince (flag loss): it goes on its owner's exhaust pile; the cards under it still go to the bench."""
    m = match(["dog", "prince", "newcomer"], ["champion", "horse", "newcomer", "dragon"], first=0)
    m.reveal(0)                       # Dog
    m.reveal(1)                       # Champion 4 >= 3
    m.reveal(0)                       # Prince 5 >= 4
    assert m.holder == 0
    m.reveal(1)                       # Horse 5 >= 5: the Prince loses the flag
    assert m.holder == 1
    assert ids(m, m.sides[0].exhaust) == ["prince"]
    assert bench_ids(m, 0) == {"Dog": ["dog"]}


def test_prince_cards_under_it_are_benched_on_flag_loss(match):
    """Prince taking the flag with an attacker under it: on flag loss the Prince is exhausted, the other card benched."""
    m = match(["horse", "dragon", "newcomer"], ["newcomer", "prince", "dog"], first=0)
    m.reveal(0)                       # Horse 5
    m.reveal(1)                       # Newcomer 1
    m.reveal(1)                       # + Prince 5 = 6 >= 5: the Newcomer slides under the Prince
    assert m.holder == 1
    m.reveal(0)                       # Dragon 7 >= 5: the Prince loses the flag
    assert ids(m, m.sides[1].exhaust) == ["prince"]
    assert bench_ids(m, 1) == {"Newcomer": ["newcomer"]}


def test_blacksmith_bonus_ends_when_it_leaves_the_bench(match):
    """Blacksmith (from the bench): exhausted by a Sorcerer, it no longer gives City cards +1."""
    m = match(["horse", "newcomer"], ["sorcerer", "newcomer", "newcomer"], first=0, bench_b=["blacksmith"])
    m.reveal(0)
    m.reveal(1)                       # Sorcerer 4: exhaust the Blacksmith (base 3)
    m.choose(1, [ids(m, o) for o in m.pending.options].index(["blacksmith"]))
    assert ids(m, m.sides[1].exhaust) == ["blacksmith"] and m.sides[1].bench == []
    m.reveal(1)                       # Newcomer: 1, no bonus any more: 4 + 1 = 5 >= 5
    assert m.holder == 1
    assert m.power(m.flag_card, "possession") == 1


def test_blacksmith_and_bard_played_then_benched_give_their_bonus(match):
    """Blacksmith and Bard revealed, beaten, benched: from the bench they buff the next attack."""
    m = match(["blacksmith", "talent", "newcomer"], ["champion", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Champion 4 >= 3: the Blacksmith goes to the bench
    m.reveal(0)                       # Talent (City) 2 + 1
    assert m.attack_total() == 3 and m.holder == 1
    m = match(["bard", "dog", "newcomer"], ["horse", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Horse 5 >= 4: the Bard goes to the bench
    m.reveal(0)                       # Dog 3 + 1
    assert m.attack_total() == 4 and m.holder == 1
