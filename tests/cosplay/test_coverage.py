"""Every card of the box is played by a test, and every word of the vocabulary is used.

A guard for the other test files: a card added to the data without a test that
plays it fails here, naming the card.
"""

from pathlib import Path

from engine.cosplay.cards import ABILITIES, LOGOS

HERE = Path(__file__).parent


def test_every_card_is_played_by_a_test(data):
    text = "\n".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != "test_coverage.py")
    missing = [cid for cid in data.types if f'"{cid}"' not in text]
    assert not missing, f"cards no test plays: {missing}"


def test_every_logo_ability_word_and_combo_size_is_used_by_some_card(data):
    cards = list(data.types.values())
    assert {t.logo for t in cards if t.logo} == set(LOGOS)
    words = {t.ability.do for t in cards if t.ability} | {t.combo.do for t in cards if t.combo}
    assert words == set(ABILITIES)
    assert {len(t.combo_with) for t in cards if t.combo} == {1, 2}          # duos and trios
    kinds = {("fixed" if any(t.cost[:3]) else "") + ("any" if t.cost[3] else "")
             for t in cards if t.type == "objective"}
    assert kinds == {"any", "fixedany"}                                      # both kinds of objective
    assert {t.logo for t in cards if t.type == "objective"} >= {None, "recruit", "influence", "discard",
                                                                  "sacrifice"}
