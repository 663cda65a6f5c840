"""Haunted House cards, each played from a fixed deck order."""

from cardplay import bench_ids, deck_ids, ids


def option_ids(m):
    return [sorted(ids(m, o)) for o in m.pending.options]


def test_haunted_cards_without_effect_spider_bat_werewolf(match):
    """Spider 3, Bat 5, Werewolf 7: base power only."""
    m = match(["spider", "werewolf"], ["bat", "spider", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 4 and m.winner == 0


def test_butler_puts_up_to_two_bench_cards_on_the_exhaust_pile(match):
    """Butler: up to two cards from the bench to the exhaust pile (none, one or two offered)."""
    m = match(["horse", "newcomer"], ["butler", "dog"], first=0, bench_b=["pig", "cat", "newcomer"])
    m.reveal(0)
    m.reveal(1)
    ch = m.pending
    assert ch.kind == "move" and ch.player == 1
    opts = option_ids(m)
    assert [] in opts and ["pig"] in opts and ["cat", "pig"] in opts
    assert len(opts) == 1 + 3 + 3
    m.choose(1, opts.index(["cat", "pig"]))
    assert bench_ids(m, 1) == {"Newcomer": ["newcomer"]}
    assert sorted(ids(m, m.sides[1].exhaust)) == ["cat", "pig"]


def test_butler_freed_seats_save_a_full_bench(match):
    """Butler: exhausting two bench cards frees two seats, so benching two new names no longer loses."""
    def play(answer):
        m = match(["dog", "champion", "newcomer"], ["butler", "lion", "newcomer"], first=0,
                  bench_b=["pig", "cat", "pony", "spider", "parrot", "cow"])
        m.reveal(0)                        # Dog 3
        m.reveal(1)                        # Butler 1 < 3
        m.choose(1, option_ids(m).index(answer))
        m.reveal(1)                        # + Lion: 6 >= 3
        assert m.holder == 1
        m.reveal(0)                        # Champion 4 < 5
        m.reveal(0)                        # + Newcomer: 5 >= 5: Lion and Butler must be benched
        return m
    m = play(["cat", "pig"])
    assert m.winner is None and m.holder == 0
    assert set(bench_ids(m, 1)) == {"Pony", "Spider", "Parrot", "Cow", "Lion", "Butler"}
    m = play([])                           # declined: no seat for the Lion and the Butler
    assert m.winner == 0 and m.reason == "bench-full"


def test_skeleton_in_possession_plus_one_only(match):
    """Skeleton (in flag possession): +1 while holding the flag, base 2 while attacking."""
    m = match(["dog", "newcomer"], ["newcomer", "skeleton", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.reveal(1)                        # 1 + 2 = 3 >= 3
    assert m.holder == 1
    sk = m.flag_card
    assert m.power(sk, "attack") == 2
    assert m.defense_total() == 3
    m.reveal(0)                        # Newcomer 1 < 3: player 0 out of cards
    assert m.winner == 1


def test_skeleton_opening_holds_at_three(match):
    """Skeleton opening: 3 in possession; a Talent (2) fails, a Dog (3) takes it."""
    m = match(["skeleton", "newcomer"], ["talent", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0
    m.reveal(1)
    assert m.holder == 1


def test_ghost_opponent_exhausts_their_top_card(match):
    """Ghost: the opponent puts the top card of their deck on their exhaust pile."""
    m = match(["horse", "champion", "newcomer"], ["ghost", "dog"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert ids(m, m.sides[0].exhaust) == ["champion"]
    assert deck_ids(m, 0) == ["newcomer"]
    assert m.sides[1].exhaust == []


def test_ghost_opening_and_the_opponent_runs_out(match):
    """Ghost opening exhausts the opponent's only card: they cannot attack and lose."""
    m = match(["ghost", "newcomer"], ["champion"], first=0)
    m.reveal(0)
    assert ids(m, m.sides[1].exhaust) == ["champion"]
    assert m.winner == 0 and m.reason == "out-of-cards"


def test_necromancer_puts_a_base_power_two_bench_card_on_top(match):
    """Necromancer: one base-power-2 card from the bench on top of the deck (must, no decline)."""
    m = match(["horse", "newcomer"], ["necromancer", "dog"], first=0,
              bench_b=["talent", "hermit", "pig"])
    m.reveal(0)
    m.reveal(1)
    ch = m.pending
    assert ch.kind == "move"
    assert sorted(option_ids(m)) == [["hermit"], ["talent"]]
    m.choose(1, option_ids(m).index(["hermit"]))
    assert deck_ids(m, 1) == ["hermit", "dog"]
    assert bench_ids(m, 1) == {"Talent": ["talent"], "Pig": ["pig"]}


def test_necromancer_single_target_moves_without_asking(match):
    """Necromancer with one qualifying card: it goes on top at once."""
    m = match(["horse", "newcomer"], ["necromancer", "dog"], first=0, bench_b=["talent", "pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.pending is None
    assert deck_ids(m, 1) == ["talent", "dog"]
    assert bench_ids(m, 1) == {"Pig": ["pig"]}


def test_teenager_plus_one_per_haunted_card_on_the_bench(match):
    """Teenager: +1 for each Haunted House card on the bench (two Spiders and a Bat: +3)."""
    m = match(["horse", "newcomer"], ["teenager", "newcomer"], first=0,
              bench_b=["spider", "spider", "bat", "pig"])
    m.reveal(0)
    m.reveal(1)                        # 2 + 3 = 5 >= 5
    assert m.holder == 1 and m.defense_total() == 5


def test_teenager_no_haunted_card_no_bonus(match):
    """Teenager with no Haunted House card benched: 2."""
    m = match(["horse"], ["teenager", "newcomer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 2


def test_vacuum_cleaner_puts_up_to_two_bench_cards_on_the_exhaust_pile(match):
    """Vacuum Cleaner: up to two bench cards to the exhaust pile; here one."""
    m = match(["dragon", "newcomer"], ["vacuum-cleaner", "dog"], first=0, bench_b=["pig", "newcomer", "newcomer"])
    m.reveal(0)
    m.reveal(1)
    opts = option_ids(m)
    assert ["newcomer", "newcomer"] in opts and ["newcomer", "pig"] in opts and [] in opts
    m.choose(1, opts.index(["newcomer"]))
    assert bench_ids(m, 1) == {"Pig": ["pig"], "Newcomer": ["newcomer"]}
    assert ids(m, m.sides[1].exhaust) == ["newcomer"]
    assert m.attack_total() == 5


def test_vampire_puts_a_level_b_bench_card_on_top(match):
    """Vampire: one Level-B card from the bench on top of the deck (Level A and C not offered)."""
    m = match(["dragon", "newcomer"], ["vampire", "newcomer"], first=0,
              bench_b=["bat", "pig", "werewolf", "dog-b"])
    m.reveal(0)
    m.reveal(1)
    assert sorted(option_ids(m)) == [["bat"], ["dog-b"]]
    m.choose(1, option_ids(m).index(["bat"]))
    assert deck_ids(m, 1) == ["bat", "newcomer"]
    assert "Bat" not in bench_ids(m, 1)
    m.reveal(1)                        # the Bat attacks next: 4 + 5 = 9 >= 7
    assert m.holder == 1
