"""Challengers!' card texts said in a language: the engine chooses the sentence as message ids and
values (``engine.challengers.text.card_message``), the ``challengers`` catalogue says it
(``cct_*`` keys: word order, agreement and plural forms are the catalogue's), the card data the
set and card names.  A third language is its catalogue entries only.  No Kivy.
"""

from __future__ import annotations

from typing import Any

from engine.challengers.text import card_message, say
from kiosk import i18n
from kiosk.i18n import N_

#: Every message id the engine's card texts use (listed so that extraction finds them; ``n=``
#: marks those said with a count).  tests/kiosk/test_card_words.py checks the list against the engine.
MESSAGES = (
    N_("cct_arrange_any_order"), N_("cct_arrange_either"), N_("cct_arrange_split"), N_("cct_aura"),
    N_("cct_aura_attack"), N_("cct_aura_possession"), N_("cct_cards"), N_("cct_cards_n", n=0),
    N_("cct_count_one"), N_("cct_double_bonuses"), N_("cct_extra_pick_draw", n=0), N_("cct_extra_pick_remove"),
    N_("cct_extra_pick_remove_for_good"), N_("cct_f_level"), N_("cct_f_lowest_power"), N_("cct_f_named"),
    N_("cct_f_named_level"), N_("cct_f_power"), N_("cct_f_power_max"), N_("cct_f_power_min"), N_("cct_fans",
    n=0), N_("cct_fans_if", n=0), N_("cct_fans_per_attacker", n=0), N_("cct_from_bench"), N_("cct_from_deck"),
    N_("cct_from_deck-bottom"), N_("cct_from_deck-top"), N_("cct_from_exhaust"), N_("cct_from_opponent-bench"),
    N_("cct_from_opponent-deck"), N_("cct_from_opponent-deck-bottom"), N_("cct_from_opponent-deck-top"),
    N_("cct_from_opponent-exhaust"), N_("cct_from_pile-A"), N_("cct_from_pile-B"), N_("cct_from_pile-C"),
    N_("cct_if_at_least"), N_("cct_if_at_most"), N_("cct_if_from_to"), N_("cct_if_lost"),
    N_("cct_if_none_on_bench"), N_("cct_if_one_on_bench"), N_("cct_if_some_on_bench"), N_("cct_if_then"),
    N_("cct_if_won"), N_("cct_list"), N_("cct_look_bottom", n=0), N_("cct_look_bottom_one"), N_("cct_look_top", n=0), N_("cct_look_top_one"), N_("cct_lose"),
    N_("cct_lose_if"), N_("cct_move"), N_("cct_move_bonus"), N_("cct_move_bottom", n=0), N_("cct_move_bottom_one"), N_("cct_move_may"),
    N_("cct_move_may_bonus"), N_("cct_move_seat"), N_("cct_move_seat_may"), N_("cct_move_self"),
    N_("cct_move_top", n=0), N_("cct_move_top_one"), N_("cct_move_top_unseen", n=0), N_("cct_move_top_unseen_one"), N_("cct_name_and_set"), N_("cct_next_card"),
    N_("cct_next_card_attack"), N_("cct_no_effect"), N_("cct_noun_cards", n=0), N_("cct_noun_empty-seats", n=0),
    N_("cct_noun_fans", n=0), N_("cct_noun_trophies", n=0), N_("cct_on_attack"), N_("cct_on_bench"),
    N_("cct_on_flag-loss"), N_("cct_on_no-flag-win"), N_("cct_on_picked"), N_("cct_on_possession"),
    N_("cct_on_special"), N_("cct_on_takes-flag"), N_("cct_part_bottom"), N_("cct_part_exhaust"),
    N_("cct_part_top"), N_("cct_per_bench-cards"), N_("cct_per_bench-icons"), N_("cct_per_bench-powers"),
    N_("cct_per_cards-below"), N_("cct_per_chosen-seat"), N_("cct_per_deck-cards"), N_("cct_per_empty-seats"),
    N_("cct_per_exhaust-cards"), N_("cct_per_fans"), N_("cct_per_fans_every"),
    N_("cct_per_lost-previous-match"), N_("cct_per_opponent-exhaust-cards"), N_("cct_per_opponent-trophies"),
    N_("cct_per_trophies"), N_("cct_pile_deck-bottom"), N_("cct_pile_deck-top"),
    N_("cct_pile_opponent-deck-bottom"), N_("cct_pile_opponent-deck-top"), N_("cct_pile_pile-A"),
    N_("cct_pile_pile-B"), N_("cct_pile_pile-C"), N_("cct_power"), N_("cct_power_if"), N_("cct_power_per"),
    N_("cct_power_per_if"), N_("cct_replace_bench"), N_("cct_replace_exhaust"), N_("cct_round_power"),
    N_("cct_seat_double"), N_("cct_seat_share"), N_("cct_sentences"), N_("cct_subject_cards-below"),
    N_("cct_subject_deck-cards"), N_("cct_subject_empty-seats"), N_("cct_subject_exhaust-cards"),
    N_("cct_subject_fans"), N_("cct_subject_opponent-exhaust-cards"), N_("cct_subject_trophies"),
    N_("cct_to_bench"), N_("cct_to_box"), N_("cct_to_deck-bottom"), N_("cct_to_deck-top"), N_("cct_to_discard"),
    N_("cct_to_exhaust"), N_("cct_to_opponent-bench"), N_("cct_to_opponent-deck-bottom"),
    N_("cct_to_opponent-deck-top"), N_("cct_to_opponent-exhaust"), N_("cct_unknown_effect"), N_("cct_up_to"),
    N_("cct_zone_bench"), N_("cct_zone_deck"), N_("cct_zone_deck-bottom"), N_("cct_zone_deck-top"),
    N_("cct_zone_exhaust"), N_("cct_zone_opponent-bench"), N_("cct_zone_opponent-deck"),
    N_("cct_zone_opponent-deck-bottom"), N_("cct_zone_opponent-deck-top"), N_("cct_zone_opponent-exhaust"),
    N_("cct_zone_pile-A"), N_("cct_zone_pile-B"), N_("cct_zone_pile-C"),
)


def card_text(ct: Any, lang: str, set_names: dict) -> str:
    """The text on the face of card type ``ct`` in ``lang``, sets and cards named by
    ``set_names`` (``engine.challengers.text.set_names_for`` in the same language)."""
    return say(card_message(ct), lambda key, **values: i18n.tr(key, lang, **values), set_names)
