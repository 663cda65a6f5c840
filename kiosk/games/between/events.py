"""Between Battle's events said in the table's language: the engine gives a message id and its
values (``engine.between.text.event_message``), the ``between`` catalogue the words.  No Kivy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.between.text import event_message
from engine.events import Event
from kiosk import i18n
from kiosk.games.between.cardname import card_name
from kiosk.i18n import N_

#: Every message id ``event_message`` answers (listed so that extraction finds them; ``n=`` marks
#: those said with a count).
MESSAGES = (
    N_("bbe_turn"), N_("bbe_play"), N_("bbe_raise"), N_("bbe_link", n=0), N_("bbe_wild"), N_("bbe_silenced"),
    N_("bbe_discard"), N_("bbe_draw", n=0), N_("bbe_coup-fatal", n=0), N_("bbe_take"), N_("bbe_shuffle"),
    N_("bbe_silence"), N_("bbe_damage"), N_("bbe_bind"), N_("bbe_give"), N_("bbe_reveal"),
    N_("bbe_reveal_nothing"), N_("bbe_move"), N_("bbe_hit", n=0),
    N_("bbe_ability_discard-random"), N_("bbe_ability_tutor"), N_("bbe_ability_draw"), N_("bbe_ability_pull-top"),
    N_("bbe_ability_bind-pile"), N_("bbe_ability_silence"), N_("bbe_ability_extra-turn"),
    N_("bbe_ability_reveal-hand"),
    N_("bbe_win_hit-points"), N_("bbe_win_coup-fatal"), N_("bbe_win_coup-fatal-hit-points"),
    N_("bbe_win_coup-fatal-tie"), N_("bbe_win_no-cards"), N_("bbe_unknown"),
)


def say_event(event: Event, lang: str, seat_name: Callable[[int], str]) -> str:
    """``event`` in a sentence of ``lang``: seats said by ``seat_name``, cards by their names."""
    key, values = event_message(event)
    said: dict[str, Any] = {}
    for name, value in values.items():
        if name in ("who", "winner", "loser"):
            said[name] = "" if value is None else seat_name(value)
        elif name == "card":
            said[name] = "?" if value is None else card_name(value, lang)
        elif name == "cards":
            said[name] = ", ".join(card_name(c, lang) for c in value)
        elif name in ("zone", "from_zone"):
            said[name] = str(value).upper()
        else:
            said[name] = value
    return i18n.tr(key, lang, **said)


def event_words(data: Any, event: Event, lang: str, names: Sequence[str]) -> str:
    """``KioskGame.events``: one event in ``lang``, the seats by their ``names`` (a finished game's log)."""
    return say_event(event, lang, lambda q: names[q] if 0 <= q < len(names) else str(q + 1))
