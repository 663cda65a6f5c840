"""Between Battle at the table: its screen, its buttons and its LEDs.

Primary button: hold to look at your hand.  Secondary button: take damage (a first press asks,
a second press confirms).  A press or tap at the wrong moment says why on that half (:func:`hint`).
The hard level is the search bot, which thinks on the table's worker thread.  LEDs: on for the side whose turn (or choice) it is; blinking while a
Knight's restriction binds that side (on its coming turn, or during it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action
from kiosk.games.between.happened import public_cards, say
from kiosk.games.descriptor import BLINK, CARD, LOOK, NOTHING, OFF, ON, SECONDARY, Buttons, HintWords, KioskGame
from kiosk.i18n import N_

#: The home screen's line about this game (it picks ``blurb_<game>`` by name).
BLURB = N_("blurb_between")


def may_take_damage(legal: Sequence[Action]) -> bool:
    """Whether the engine offers the seat to take damage now (its turn, a pile on the table)."""
    return any(a.kind == "damage" for a in legal)


def buttons(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Buttons:
    return Buttons(primary=LOOK, secondary="damage" if may_take_damage(legal) else NOTHING)


def bound(observation: Mapping[str, Any], seat: int) -> bool:
    """A Knight's restriction binds ``seat``: during its turn, or waiting for its next one."""
    now = observation.get("bound") or {}
    if observation.get("current") == seat and (now.get("zone") is not None or now.get("silenced")):
        return True
    nxt = (observation.get("next_bound") or [{}, {}])[seat]
    return bool(nxt.get("zone") is not None or nxt.get("silenced"))


def lights(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> str:
    if observation.get("outcome") is not None:
        return OFF
    if bound(observation, seat):
        return BLINK
    return ON if legal else OFF


def hint(observation: Mapping[str, Any], seat: int, legal: Sequence[Action], pressed: str, words: HintWords) -> str:
    """Why a press of ``seat``'s person did nothing, and what the table waits for."""
    if observation.get("outcome") is not None:
        return words.t("bb_hint_over")
    pend = observation.get("pending")
    if pend is not None:
        if pend["player"] != seat:
            chooser = words.player_name(pend["player"])
            if words.is_bot(pend["player"]):
                return words.t("bb_hint_wait_bot", name=chooser)
            return words.t("bb_hint_wait_choice", name=chooser)
        return words.t("bb_hint_choose_first")
    current: int = observation["current"]
    if current != seat:
        if words.is_bot(current):
            return words.t("bb_hint_wait_bot", name=words.player_name(current))
        return words.t("bb_hint_wait_turn", name=words.player_name(current))
    if pressed == SECONDARY and not may_take_damage(legal):
        return words.t("bb_hint_no_pile")          # nothing on the table to take as damage yet
    if pressed == CARD:
        return words.t("bb_hint_card")
    return ""


KIOSK = KioskGame(
    game="between",
    screens={"play": "kiosk.games.between.play:BetweenScreen"},
    buttons=buttons,
    lights=lights,
    levels=(("1", "random"), ("2", "sensible"), ("3", "search")),
    default_level=1,
    slow_bots=("search",),
    hint=hint,
    solo_bots=(1,),
    two_players=True,
    phone="kiosk.games.between.phone:words",
    events="kiosk.games.between.events:event_words",
    public_cards=public_cards,
    say=say,
)
