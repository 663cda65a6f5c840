"""Wacky Challenge's events said in the table's language: the engine gives a message id and its
values (``engine.wacky.text.event_message``), the ``wacky`` catalogue the words.  No Kivy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.events import Event
from engine.wacky.data import VEHICLES
from engine.wacky.text import event_message
from kiosk import i18n
from kiosk.i18n import N_

#: Every message id ``event_message`` answers (listed so that extraction finds them; ``n=`` marks
#: those said with a count).
MESSAGES = (
    N_("wke_choose"), N_("wke_pass"), N_("wke_reveal"), N_("wke_order"), N_("wke_pick"), N_("wke_shift"),
    N_("wke_booster"), N_("wke_boost_raise"), N_("wke_boost_swap"), N_("wke_boost_fastest"),
    N_("wke_boost_choose-last"), N_("wke_boost_disguise"), N_("wke_boost_speed-first"),
    N_("wke_boost_upside-down"), N_("wke_turn"), N_("wke_score", n=0), N_("wke_end_stages"),
    N_("wke_end_speeds"), N_("wke_end_shared"), N_("wke_unknown"),
)


def say_event(event: Event, lang: str, seat_name: Callable[[int], str], card_name: Callable[[str], str]) -> str:
    """``event`` in a sentence of ``lang``: seats said by ``seat_name``, cards by ``card_name``."""
    key, values = event_message(event)
    said: dict[str, Any] = {}
    for name, value in values.items():
        if name == "who":
            said[name] = "" if value is None else seat_name(value)
        elif name in ("card", "give", "take"):
            said[name] = "?" if value is None else card_name(value)
        elif name in ("seats", "winners"):
            said[name] = ", ".join(seat_name(q) for q in value)
        elif name == "picks":
            said[name] = ", ".join(i18n.tr("wke_revealed", lang, who=seat_name(q), card=card_name(c)) for q, c in value)
        elif name == "vehicles":
            said[name] = ", ".join(i18n.tr(f"wk_short_{v}", lang) if v in VEHICLES else str(v) for v in value)
        else:
            said[name] = value
    return i18n.tr(key, lang, **said)


def event_words(data: Any, event: Event, lang: str, names: Sequence[str]) -> str:
    """``KioskGame.events``: one event of a game of ``data`` in ``lang``, the seats by their
    ``names`` (a finished game's log)."""
    return say_event(event, lang, lambda q: names[q] if 0 <= q < len(names) else str(q + 1),
                     lambda card: card_words(data, card, lang) if card in data.index else card)


def card_words(data: Any, card: str, lang: str) -> str:
    """A card in a sentence, as the table's log says it: "Car 5 (1½ st.)"."""
    c = data.index[card]
    n = data.stages[c]
    stages = (f"{n}½" if n else "½") if data.half[c] else str(n)
    return i18n.tr("wk_did_card", lang, vehicle=i18n.tr(f"wk_short_{VEHICLES[data.vehicle[c]]}", lang),
                   speed=data.speed[c], stages=stages)
