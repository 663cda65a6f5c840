"""University cards: Match Phase cards from fixed deck orders, the Cheerleader through a Deck Phase."""

import random

from cardplay import bench_ids, deck_ids, ids
from engine.challengers.deckphase import DeckPhase
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption


def options(m):
    return sorted(tuple(sorted(ids(m, o))) for o in m.pending.options)


def pick(m, p, wanted):
    m.choose(p, [tuple(sorted(ids(m, o))) for o in m.pending.options].index(tuple(sorted(wanted))))


def test_university_cards_without_effect_hamster_owl_gargoyle(match):
    """Hamster 3, Owl 5, Gargoyle 7: base power only."""
    m = match(["hamster", "gargoyle"], ["owl", "newcomer", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7


def test_quarterback_attacks_with_one_per_fan_token(match):
    """Quarterback (during the attack): +1 per fan token; in possession the bonus is gone."""
    m = match(["champion", "newcomer"], ["quarterback", "newcomer"], first=0, fans=(0, 3))
    m.reveal(0)
    m.reveal(1)                                   # 1 + 3 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 1


def test_quarterback_does_not_count_trophies(match):
    """Quarterback: "excluding those on Trophies" -> trophies give nothing."""
    m = match(["champion", "newcomer"], ["quarterback", "newcomer"], first=0, trophies=(0, 5))
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 1


def test_coffee_machine_gives_university_cards_one_during_the_attack(match):
    """Coffee Machine (from the bench): University cards +1 attacking (Hamster 4), not holding (3)."""
    m = match(["champion", "newcomer"], ["hamster", "newcomer"], first=0, bench_b=["coffee-machine"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 3


def test_coffee_machine_gives_other_sets_nothing(match):
    """Coffee Machine: a Goat (Mountain) attacks at 3."""
    m = match(["champion", "newcomer"], ["goat", "newcomer"], first=0, bench_b=["coffee-machine"])
    m.reveal(0)
    m.reveal(1)
    assert m.holder == 0 and m.attack_total() == 3


def test_cheerleader_takes_two_fans_when_picked(card):
    """Cheerleader (when picked): take 2 fans; the other pick takes none."""
    piles = LevelPiles([card(i) for i in ["frog", "goat", "hamster", "seagull", "cheerleader"]])
    dp = DeckPhase(0, [card("newcomer")], [DraftOption("A", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    assert dp.drawn[0].id == "cheerleader"
    dp.apply(("pick", 0))
    assert dp.fans == 2
    dp.apply(("pick", 0))
    assert dp.fans == 2 and dp.stage == "remove"


def test_professor_takes_a_fan_with_a_university_card_on_the_bench(match):
    """Professor: a University card on the bench -> 1 fan."""
    m = match(["professor", "newcomer"], ["newcomer"], first=0, bench_a=["hamster"])
    m.reveal(0)
    assert m.sides[0].fans == 1


def test_professor_takes_no_fan_without_one(match):
    """Professor: no University card benched -> no fan."""
    m = match(["professor", "newcomer"], ["newcomer"], first=0, bench_a=["goat"])
    m.reveal(0)
    assert m.sides[0].fans == 0


def test_janitor_may_exhaust_only_a_lowest_base_power_card(match):
    """Janitor: may put a card with the lowest base power of the bench on the exhaust pile; with two
    names at the lowest power (2) both are offered, the Pig (3) is not."""
    m = match(["janitor", "newcomer"], ["newcomer"], first=0, bench_a=["talent", "hermit", "pig"])
    m.reveal(0)
    assert m.pending.kind == "move" and options(m) == [(), ("hermit",), ("talent",)]
    pick(m, 0, ["hermit"])
    assert bench_ids(m, 0) == {"Talent": ["talent"], "Pig": ["pig"]}
    assert ids(m, m.sides[0].exhaust) == ["hermit"]


def test_janitor_may_decline(match):
    """Janitor: "you may" -> declining leaves the bench as it is."""
    m = match(["janitor", "newcomer"], ["newcomer"], first=0, bench_a=["newcomer", "pig"])
    m.reveal(0)
    assert options(m) == [(), ("newcomer",)]
    pick(m, 0, [])
    assert bench_ids(m, 0) == {"Newcomer": ["newcomer"], "Pig": ["pig"]} and m.sides[0].exhaust == []


def test_janitor_with_an_empty_bench_asks_nothing(match):
    """Janitor: nothing benched -> no choice."""
    m = match(["janitor", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.pending is None


def test_personal_coach_gets_one_per_five_fan_tokens(match):
    """Personal Coach: +1 per full set of 5 fan tokens (11 -> +2), kept."""
    m = match(["personal-coach", "newcomer"], ["newcomer"], first=0, fans=(11, 0), trophies=(9, 0))
    m.reveal(0)
    assert m.defense_total() == 6


def test_personal_coach_below_five_fans_gets_nothing(match):
    """Personal Coach: 4 fans (trophies never count) -> no bonus."""
    m = match(["personal-coach", "newcomer"], ["newcomer"], first=0, fans=(4, 0), trophies=(7, 0))
    m.reveal(0)
    assert m.defense_total() == 4


def test_final_exam_gets_one_per_bench_card_of_power_three_or_lower(match):
    """Final Exam: +1 per bench card with base power <= 3 (two Newcomers, Pig; not the Horse)."""
    m = match(["final-exam", "newcomer"], ["newcomer"], first=0, bench_a=["newcomer", "newcomer", "pig", "horse"])
    m.reveal(0)
    assert m.defense_total() == 6


def test_tutor_puts_a_chosen_deck_card_on_top(match):
    """Tutor: look through the deck, put any card on top -> revealed next."""
    m = match(["horse", "newcomer"], ["tutor", "newcomer", "talent", "champion", "newcomer"], first=0)
    m.reveal(0)                                   # Horse 5
    m.reveal(1)                                   # Tutor 5 >= 5 takes the flag; its effect first
    # Deck, top first: Newcomer, Talent, Champion, Newcomer. The top Newcomer changes nothing;
    # the bottom one, put on top, is a different deck: each copy is offered by its depth.
    assert sorted((m.deck_depth(o[0]), ids(m, o)[0]) for o in m.pending.options) == [
        (0, "newcomer"), (1, "talent"), (2, "champion"), (3, "newcomer")]
    pick(m, 1, ["champion"])
    assert deck_ids(m, 1) == ["champion", "newcomer", "talent", "newcomer"]
    m = match(["horse", "newcomer"], ["tutor", "newcomer", "talent", "champion", "newcomer"], first=0)
    m.reveal(0)
    m.reveal(1)
    m.choose(1, [m.deck_depth(o[0]) for o in m.pending.options].index(3))
    assert deck_ids(m, 1) == ["newcomer", "newcomer", "talent", "champion"]


def test_janitor_lowest_power_filter_key_is_checked():
    """The Janitor's filter key ``lowest_power`` (added for it) must be true or false."""
    import pytest

    from engine.challengers.cards import CardFileError, parse_set

    text = ('set = "x"\nname = "X"\nbox = "beach"\nkind = "starter"\n[[card]]\nid = "j"\nname = "J"\n'
            'level = "B"\npower = 4\ncopies = 1\n[[card.effect]]\non = "reveal"\ndo = "move"\n'
            'from = "bench"\nto = "exhaust"\nfilter = { lowest_power = %s }\n')
    assert parse_set("x.toml", text % "true").cards[0].effects[0].filter.lowest_power is True
    with pytest.raises(CardFileError, match="lowest_power"):
        parse_set("x.toml", text % "1")
