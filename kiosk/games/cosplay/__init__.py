"""Cosplay Team Battle at the table: its screen, its buttons and its LEDs.

Primary button: hold to look at your hand.  Secondary button, on your turn while no choice is
asked: end the turn (a first press asks, a second press confirms; the screen's "End turn"
button asks on a long press).  LEDs: on for the side whose turn it is.  A press or tap at the
wrong moment says why on that half (:func:`hint`).  The hard level is the search bot, which
thinks on the table's worker thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action
from kiosk.games.cosplay.happened import public_cards, say
from kiosk.games.descriptor import CARD, LOOK, NOTHING, OFF, ON, SECONDARY, TABLE, Buttons, HintWords, KioskGame
from kiosk.i18n import N_

#: The home screen's line about this game (it picks ``blurb_<game>`` by name).
BLURB = N_("blurb_cosplay")


def may_end_turn(legal: Sequence[Action]) -> bool:
    """Whether the engine offers the seat to end its turn now (recruiting, nothing under way)."""
    return any(a.kind == "end" for a in legal)


def buttons(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Buttons:
    return Buttons(primary=LOOK, secondary="end" if may_end_turn(legal) else NOTHING)


def lights(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> str:
    if observation.get("over"):
        return OFF
    return ON if observation.get("current") == seat else OFF


def hint(observation: Mapping[str, Any], seat: int, legal: Sequence[Action], pressed: str, words: HintWords) -> str:
    """Why a press of ``seat``'s person did nothing, and what the table waits for."""
    if observation.get("over"):
        return words.t("cp_hint_over")
    current: int = observation["current"]
    if current != seat:
        if words.is_bot(current):
            return words.t("cp_hint_wait_bot", name=words.player_name(current))
        return words.t("cp_hint_wait_turn", name=words.player_name(current))
    if observation.get("choice") is not None:
        return words.t("cp_hint_choose_first")
    if observation.get("phase") == "prepare":
        return words.t("cp_hint_prepare")          # the turn's recruiting starts with "Ready"
    if pressed == CARD:
        return words.t("cp_hint_card")
    if pressed == TABLE:
        return words.t("cp_hint_cannot_pay")
    if pressed == SECONDARY:
        return words.t("cp_hint_end_later")
    return ""


KIOSK = KioskGame(
    game="cosplay",
    screens={"play": "kiosk.games.cosplay.play:CosplayScreen"},
    buttons=buttons,
    lights=lights,
    levels=(("1", "random"), ("2", "sensible"), ("3", "search")),
    default_level=1,
    slow_bots=("search",),
    hint=hint,
    solo_bots=(1, 2, 3),             # 2 to 4 players: the first bot faces the player, the others sit in the middle
    two_players=True,
    phone="kiosk.games.cosplay.phone:words",
    events="kiosk.games.cosplay.events:event_words",
    public_cards=public_cards,
    say=say,
)
