"""Cosplay Team Battle's events said in the table's language: the engine gives a message id and
its values (``engine.cosplay.text.event_message``), the ``cosplay`` catalogue the words.  No Kivy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cosplay.cards import KINDS
from engine.cosplay.text import event_message
from engine.events import Event
from kiosk import i18n
from kiosk.i18n import N_

#: Every message id ``event_message`` answers (listed so that extraction finds them; ``n=`` marks
#: those said with a count).
MESSAGES = (
    N_("cpe_turn"), N_("cpe_face-up"), N_("cpe_place"), N_("cpe_recruitment"), N_("cpe_reshuffle"),
    N_("cpe_end-turn"), N_("cpe_cemetery"), N_("cpe_drama-back", n=0), N_("cpe_draw", n=0), N_("cpe_attach"),
    N_("cpe_target_drama"), N_("cpe_target_recruit"), N_("cpe_target_complete"), N_("cpe_target_steal"),
    N_("cpe_pay"), N_("cpe_pay_points"), N_("cpe_recruit", n=0), N_("cpe_complete", n=0), N_("cpe_steal"),
    N_("cpe_drama", n=0), N_("cpe_use_discard"), N_("cpe_use_sacrifice"), N_("cpe_combo"),
    N_("cpe_ability_draw", n=0), N_("cpe_ability_score", n=0), N_("cpe_ability_gain"), N_("cpe_ability_discount"),
    N_("cpe_ability_cemetery"), N_("cpe_ability_recover"), N_("cpe_ability_none"), N_("cpe_conveyor", n=0),
    N_("cpe_objective"), N_("cpe_last_round_library"), N_("cpe_last_round_objectives"),
    N_("cpe_game_over_draw"), N_("cpe_game_over", n=0), N_("cpe_unknown"),
)


def say_event(event: Event, lang: str, seat_name: Callable[[int], str], card_name: Callable[[str], str]) -> str:
    """``event`` in a sentence of ``lang``: seats said by ``seat_name``, cards by ``card_name``
    (the game's data: the card's title in that language), resources by their printed names."""
    key, values = event_message(event)
    said: dict[str, Any] = {}
    for name, value in values.items():
        if name in ("who", "victim"):
            said[name] = "" if value is None else seat_name(value)
        elif name in ("card", "other"):
            said[name] = "?" if value is None else card_name(value)
        elif name == "cards":
            said[name] = ", ".join(card_name(c) for c in value)
        elif name == "kind":
            said[name] = KINDS[value].upper()          # BADASS, KAWAII, CRAFT: as the cards print them
        elif name == "winners":
            said[name] = ", ".join(seat_name(q) for q in value)
        elif name == "scores":
            said[name] = ", ".join(i18n.tr("cpe_score", lang, who=seat_name(q), score=s) for q, s in enumerate(value))
        else:
            said[name] = value
    return i18n.tr(key, lang, **said)


def event_words(data: Any, event: Event, lang: str, names: Sequence[str]) -> str:
    """``KioskGame.events``: one event of a game of ``data`` (its catalogue of cards) in ``lang``,
    the seats by their ``names`` (a finished game's log)."""
    return say_event(event, lang, lambda q: names[q] if 0 <= q < len(names) else str(q + 1),
                     lambda card: data.card(card).title(lang))
