"""The Match Phase, rule by rule (shared/spec/challengers.md, "Match Phase, exactly").

Each test names the rule it checks.  Decks are given top card first and are
not shuffled unless the rule is about shuffling.
"""

import pytest

from cardplay import bench_ids, deck_ids, ids
from engine import IllegalAction
from engine.challengers.match import Match, play, BENCH_FULL, OUT_OF_CARDS


# --- Rule 1: shuffling and who begins -------------------------------------------------

def test_rule1_both_decks_are_shuffled_by_the_match_generator(lib):
    """Rule 1: both decks are shuffled; the seed fixes the order."""
    cat = lib.catalogue
    deck = [cat.card(c) for c in ("newcomer", "talent", "dog", "champion", "pig", "horse", "lion", "bat")]
    orders = {tuple(Match([deck, deck], rng=s).snapshot()["sides"][0]["deck"]) for s in range(20)}
    assert len(orders) > 10                       # really shuffled
    a, b = Match([deck, deck], rng=5), Match([deck, deck], rng=5)
    assert a.snapshot()["sides"] == b.snapshot()["sides"]   # and reproducibly


def test_rule1_a_flag_toss_picks_who_begins(lib):
    """Rule 1: round 1 (no beginner given): the match waits for a flag toss, chance decides."""
    cat = lib.catalogue
    deck = [cat.card("champion")]
    starters = set()
    for seed in range(30):
        m = Match([deck, deck], rng=seed)
        assert m.expect == ("toss", None)
        with pytest.raises(IllegalAction):
            m.reveal(0)                         # nobody reveals before the toss
        m.toss()
        starters.add(m.expect[1])
        assert m.expect[0] == "reveal"
    assert starters == {0, 1}


# --- Rule 2: the opening card ---------------------------------------------------------

def test_rule2_the_beginners_top_card_takes_the_flag_and_its_effect_resolves(match):
    """Rule 2: the beginner reveals their top card; it takes the flag; its effect resolves."""
    m = match(["clown", "pig"], ["dog"], first=0)
    m.reveal(0)
    assert m.holder == 0 and ids(m, [m.flag_card]) == ["clown"]
    assert m.sides[0].fans == 2                   # the Clown's "gets in flag possession: 2 fans"
    assert m.expect == ("reveal", 1)              # the other player attacks


# --- Rule 3: the attack ---------------------------------------------------------------

def test_rule3_attack_totals_add_up_and_are_compared_after_each_card(match):
    """Rule 3: reveal one card at a time; the attack total is the sum of the revealed cards."""
    m = match(["champion"], ["newcomer", "talent", "pig"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert (m.attack_total(), m.defense_total()) == (1, 4) and m.holder == 0
    m.reveal(1)
    assert (m.attack_total(), m.holder) == (3, 0)
    assert m.expect == ("reveal", 1)              # still short: keep attacking
    m.reveal(1)                                   # 1 + 2 + 3 = 6 >= 4
    assert m.holder == 1


def test_rule3_equal_power_is_enough_to_take_the_flag(match):
    """Rule 3: at equal (or greater) the attack stops and takes the flag."""
    m = match(["dog"], ["pig", "horse"], first=0)
    m.reveal(0)
    m.reveal(1)                                   # Pig 3 vs Dog 3
    assert m.holder == 1 and ids(m, [m.flag_card]) == ["pig"]


def test_rule3_never_a_card_more_than_needed(match):
    """Rule 3: once the total is reached the attacker may not reveal again: the roles swap."""
    m = match(["newcomer", "talent"], ["champion", "horse"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1
    with pytest.raises(IllegalAction):
        m.reveal(1)
    assert deck_ids(m, 1) == ["horse"]


def test_rule3_the_last_card_takes_the_flag_and_the_others_slide_under(match):
    """Rule 3: the last revealed card takes the flag; the other attackers slide under it."""
    m = match(["champion"], ["newcomer", "talent", "dog", "lion"], first=0)
    m.reveal(0)
    for _ in range(3):
        m.reveal(1)
    assert ids(m, [m.flag_card]) == ["dog"]
    assert ids(m, m.sides[1].park) == ["newcomer", "talent", "dog"]    # under it, then the flag card
    assert m.attack == []


def test_rule3_the_attack_total_counts_each_cards_own_bonuses(match):
    """Rule 3: attack total = sum of base power + the bonuses that apply to each card."""
    m = match(["lion"], ["gangster", "gangster"], first=0)   # Gangster: +2 during the attack
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 4
    m.reveal(1)
    compare = [e for e in m.log if e.kind == "compare"][-1]
    assert (compare.value, compare.info) == (8, 5) and m.holder == 1
    # Possession: the attack bonus is gone (base 2 only).
    assert m.defense_total() == 2


# --- Rule 4: benching -----------------------------------------------------------------

def test_rule4_the_card_that_lost_the_flag_and_all_under_it_go_to_the_bench(match):
    """Rule 4: the card that lost the flag, and every card under it, go to its owner's bench."""
    m = match(["champion"], ["newcomer", "talent", "dog", "lion"], first=0)
    m.reveal(0)
    for _ in range(3):
        m.reveal(1)              # Newcomer + Talent + Dog = 6 takes the flag
    m.reveal(0) if m.sides[0].deck else None
    assert bench_ids(m, 0) == {"Champion": ["champion"]}


def test_rule4_cards_with_the_same_name_share_one_seat(match):
    """Rule 4: all cards with the same name sit on one seat."""
    m = match(["newcomer", "newcomer", "talent", "horse"], ["pig", "horse", "horse", "lion"], first=1)
    m.reveal(1)                  # Pig 3 holds
    m.reveal(0)
    m.reveal(0)
    m.reveal(0)                  # 1 + 1 + 2 = 4 >= 3
    m.reveal(1)                  # Horse 5 vs Talent 2
    seats = bench_ids(m, 0)
    assert seats == {"Newcomer": ["newcomer", "newcomer"], "Talent": ["talent"]}
    assert len(m.sides[0].bench) == 2


def test_rule4_flag_loss_effects_resolve_before_the_new_holders(match):
    """Rule 4: flag-loss effects resolve before the in-possession effects of the new holder.

    The Clairvoyant (flag loss: choose a card of your deck for the top) resolves
    first; only then does the Cowboy (gets the flag: your opponent's top card
    goes onto their bench) act -- on the card the Clairvoyant chose.
    """
    m2 = match(["clairvoyant", "newcomer", "lion", "talent"], ["pig", "cowboy"], first=0)
    m2.reveal(0)
    m2.reveal(1)                 # Pig 3 < 4
    m2.reveal(1)                 # Pig 3 + Cowboy 3 = 6 >= 4: the Cowboy takes the flag
    ch = m2.pending
    assert ch.kind == "move" and ch.player == 0           # the Clairvoyant's owner chooses first
    lion = next(i for i, o in enumerate(ch.options) if ids(m2, o) == ["lion"])
    m2.choose(0, lion)
    kinds = [e.kind for e in m2.log]
    lost = kinds.index("flag-lost")
    assert kinds.index("chose", lost) < kinds.index("flag", lost) < kinds.index("bench", kinds.index("flag", lost))
    assert bench_ids(m2, 0) == {"Clairvoyant": ["clairvoyant"], "Lion": ["lion"]}   # Cowboy benched the Lion


@pytest.mark.parametrize("capturer,fans", [("clown", 2), ("heroine", 3)])
def test_rule4_the_flag_is_placed_and_its_fans_paid_before_the_loser_benches_and_overflows(match, capturer, fans):
    """Rule 4, the capture's order: flag-loss effects, the flag on the attacker's latest card (its
    "takes the flag" fans at once), then the loser benches -- only then does their bench overflow."""
    full = ["pig", "cat", "pony", "spider", "parrot", "dog"]
    m = match(["newcomer", "talent"], [capturer, "newcomer"], first=0, bench_a=full)
    m.reveal(0)
    events = m.reveal(1)                          # it takes the flag; the Newcomer needs a seventh seat
    assert (m.winner, m.reason) == (1, BENCH_FULL)
    assert m.sides[1].fans == fans                # the capture paid before the bench overflowed
    assert [e.kind for e in events] == ["reveal", "compare", "flag-lost", "flag", "fans", "bench-full", "win"]
    assert m.holder == 1 and ids(m, [m.flag_card]) == [capturer]


def test_rule4_the_loser_benches_after_the_new_holders_takes_the_flag_effect(match):
    """Rule 4: the Cowboy's "takes the flag" move (the opponent's top card to their bench) comes
    before the loser benches: the Horse takes the last seat, the Dog finds none."""
    m = match(["dog", "horse", "newcomer"], ["cowboy", "newcomer"], first=0,
              bench_a=["pig", "cat", "pony", "spider", "parrot"])
    m.reveal(0)
    m.reveal(1)
    assert (m.winner, m.reason) == (1, BENCH_FULL)
    assert "Horse" in bench_ids(m, 0) and "Dog" not in bench_ids(m, 0)
    order = [(e.kind, e.card) for e in m.log]
    assert order.index(("flag", "cowboy")) < order.index(("bench", "horse")) < order.index(("bench-full", None))


# --- Rule 5: roles swap ---------------------------------------------------------------

def test_rule5_roles_swap_after_the_flag_changes_hands(match):
    """Rule 5: after a capture the player who lost the flag attacks."""
    m = match(["talent", "champion"], ["dog", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.expect == ("reveal", 0)


# --- Rule 6: winning ------------------------------------------------------------------

def test_rule6_an_attacker_who_runs_out_of_cards_loses(match):
    """Rule 6: the attacker runs out of deck before reaching the total: the defender wins."""
    m = match(["lion"], ["newcomer", "talent"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.reveal(1)                  # 3 < 5 and no card left
    assert (m.winner, m.reason) == (0, OUT_OF_CARDS)
    assert m.expect == ("over", None)


def test_rule6_a_player_with_no_card_to_attack_with_loses_at_once(match):
    """Rule 6: a player who must attack with an empty deck cannot reach the total."""
    m = match(["newcomer"], ["champion"], first=0)
    m.reveal(0)
    m.reveal(1)                  # Champion takes the flag; the light side has nothing left
    assert (m.winner, m.reason) == (1, OUT_OF_CARDS)


def test_rule6_a_beginner_with_an_empty_deck_loses_when_they_must_reveal(match):
    """Rule 6: the Deck Phase may remove every card; a beginner with none left loses (out of cards)."""
    m = match([], ["champion"], first=0)
    assert m.legal_actions() == [("reveal", 0)]
    events = m.reveal(0)
    assert (m.winner, m.reason) == (1, OUT_OF_CARDS) and m.expect == ("over", None)
    assert [(e.kind, e.player, e.info) for e in events] == [("win", 1, OUT_OF_CARDS)]
    assert m.reveals == 0 and deck_ids(m, 1) == ["champion"]


def test_rule6_an_empty_deck_after_a_flag_toss_or_on_both_sides_loses_for_the_one_who_must_reveal(lib):
    """Rule 6: whoever the toss names must reveal; with both decks empty, the beginner loses."""
    cat = lib.catalogue
    for seed in range(6):
        m = Match([[], [cat.card("pig")]], rng=seed)
        m.toss()
        play(m)
        assert (m.winner, m.reason) == (1, OUT_OF_CARDS)   # the light side never has a card
        both = Match([[], []], rng=seed)
        both.toss()
        beginner = both.expect[1]
        both.reveal(beginner)
        assert (both.winner, both.reason) == (1 - beginner, OUT_OF_CARDS)


def test_rule6_an_empty_deck_defending_loses_once_the_opening_card_takes_the_flag(match):
    """Rule 6: the attacker with an empty deck loses as soon as they must attack."""
    m = match(["newcomer"], [], first=0)
    m.reveal(0)
    assert (m.winner, m.reason) == (0, OUT_OF_CARDS)


def test_rule6_a_player_who_must_bench_without_a_free_seat_loses(match):
    """Rule 6: a player who must bench cards and has no free seat for them loses."""
    m = match(["lion"], ["champion", "dog"], first=1,
              bench_a=["newcomer", "talent", "dog", "pig", "horse", "bat"])
    m.reveal(1)                  # Champion 4
    m.reveal(0)                  # Lion 5 takes the flag: the Champion goes to the dark bench (free)
    assert m.winner is None
    m2 = match(["lion"], ["champion", "dog"], first=1,
               bench_b=["newcomer", "talent", "dog", "pig", "horse", "bat"])
    m2.reveal(1)
    m2.reveal(0)                 # the dark side must bench the Champion: six seats in use
    assert (m2.winner, m2.reason) == (0, BENCH_FULL)


def test_rule6_a_card_joining_an_existing_seat_needs_no_free_seat(match):
    """Rule 6 with rule 4: a card whose name already has a seat fits on a full bench."""
    m = match(["lion", "bat"], ["champion", "dog"], first=1,
              bench_b=["newcomer", "talent", "dog", "pig", "horse", "champion"])
    m.reveal(1)
    m.reveal(0)                  # the Champion joins the Champion seat
    assert m.winner is None and bench_ids(m, 1)["Champion"] == ["champion", "champion"]


# --- Rule 7: after the match ----------------------------------------------------------

def test_rule7_every_card_returns_to_its_owners_deck(match):
    """Rule 7: bench, park, exhaust pile and unplayed cards all return to the deck."""
    m = match(["ghost", "talent", "lion"], ["champion", "newcomer", "dog", "pig"], first=0)
    play(m)
    assert m.over
    back = sorted(c.id for c in m.collected(1))
    assert back == ["champion", "dog", "newcomer", "pig"]       # the Ghost exhausted one: it comes back too
    assert sorted(c.id for c in m.collected(0)) == ["ghost", "lion", "talent"]


# --- Actions --------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    ("reveal", 1), ("reveal", 2), ("choose", 0, 0), ("toss",), ("dance",), (), "reveal", ("reveal",),
])
def test_an_invalid_action_raises_and_changes_nothing(match, action):
    """Invalid actions: a clear error, and the state is exactly as before."""
    m = match(["champion", "dog"], ["newcomer", "talent"], first=0)
    before = m.snapshot()
    with pytest.raises(IllegalAction):
        m.apply(action)
    assert m.snapshot() == before


def test_a_choice_answer_out_of_range_changes_nothing(match):
    """Choices: only an offered option is accepted."""
    m = match(["champion"], ["sorcerer"], first=0, bench_b=["pig"])
    m.reveal(0)
    m.reveal(1)
    before = m.snapshot()
    for bad in (5, -1, True, "0", None):
        with pytest.raises(IllegalAction):
            m.choose(1, bad)
    with pytest.raises(IllegalAction):
        m.choose(0, 0)           # not this player's choice
    assert m.snapshot() == before


def test_legal_actions_lists_exactly_what_apply_accepts(match):
    m = match(["champion"], ["sorcerer", "lion"], first=0, bench_b=["pig", "newcomer"])
    while not m.over:
        legal = m.legal_actions()
        assert legal
        m.apply(legal[-1])


def test_a_copy_plays_on_independently(match):
    """Bots look ahead on copies: a copy plays the same way and leaves the original alone."""
    m = match(["champion", "sorcerer", "dog"], ["newcomer", "talent", "lion", "pig"], first=0, bench_a=["pig"])
    m.reveal(0)
    before = m.snapshot()
    c = m.copy()
    assert c.snapshot() == before
    play(c)
    assert c.over and m.snapshot() == before
    play(m)
    assert (m.winner, m.reason, m.snapshot()["sides"]) == (c.winner, c.reason, c.snapshot()["sides"])
