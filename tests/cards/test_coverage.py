"""Every printed card is played by a test, and every word of the vocabulary is used.

A guard for the per-set test files: a card added to the data without a test
that plays it fails here, naming the card.
"""

from pathlib import Path

from engine.challengers.cards import EFFECT_KEYS, TRIGGERS

HERE = Path(__file__).parent


def test_every_card_of_both_boxes_and_the_robot_is_played_by_a_test(lib):
    text = "\n".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != "test_coverage.py")
    missing = [c.id for c in lib.catalogue.cards.values() if f'"{c.id}"' not in text]
    assert not missing, f"cards no test plays: {missing}"


def test_every_timing_and_action_of_the_vocabulary_is_used_by_some_card(lib):
    used_on = {e.on for c in lib.catalogue.cards.values() for e in c.effects}
    used_do = {e.do for c in lib.catalogue.cards.values() for e in c.effects}
    assert used_on == set(TRIGGERS)
    assert used_do == set(EFFECT_KEYS)
