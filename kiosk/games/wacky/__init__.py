"""Wacky Challenge at the table: its screen, its buttons and its LEDs.

Primary button: hold to look at your hand; while looking, tap a card to choose it; letting go
locks the choice (``lock_on_release``).  LEDs: during the secret choice a side's LED is on once
its choice is locked; during the draft the next picker's LED blinks, and so does the LED of the
player offered the booster.  A press or tap at the wrong moment says why on that half
(:func:`hint`).  The hard level is the search bot, which thinks on the table's worker thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action
from kiosk.games.descriptor import BLINK, LOOK, NOTHING, OFF, ON, Buttons, HintWords, KioskGame
from kiosk.games.wacky.happened import public_cards, say
from kiosk.i18n import N_

#: The home screen's line about this game (it picks ``blurb_<game>`` by name).
BLURB = N_("blurb_wacky")


def buttons(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Buttons:
    """The primary button always looks (the hand is what a choice is made from); the secondary does nothing."""
    return Buttons(primary=LOOK, secondary=NOTHING)


def lights(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> str:
    phase = observation.get("phase")
    if phase == "choose":
        return ON if (observation.get("chosen") or [])[seat] else OFF
    if phase in ("pick", "boost"):
        return BLINK if legal else OFF
    return OFF


def hint(observation: Mapping[str, Any], seat: int, legal: Sequence[Action], pressed: str, words: HintWords) -> str:
    """Why a press of ``seat``'s person did nothing, and what the table waits for."""
    phase = observation.get("phase")
    to_act = observation.get("to_act") or ()
    if phase == "choose":
        if legal:
            return words.t("wk_hint_choose")       # hold the button, tap a card, let go
        waiting = [q for q in to_act if q != seat]
        if len(waiting) == 1:
            return words.t("wk_hint_wait_one", name=words.player_name(waiting[0]))
        return words.t("wk_hint_wait_all", n=len(waiting))
    if phase == "pick":
        order, picks = observation.get("order") or (), observation.get("picks", 0)
        nxt = order[picks] if picks < len(order) else None
        if nxt == seat:
            return words.t("wk_hint_pick")
        if nxt is None:
            return ""
        if words.is_bot(nxt):
            return words.t("wk_hint_wait_pick_bot", name=words.player_name(nxt))
        return words.t("wk_hint_wait_pick", name=words.player_name(nxt))
    if phase == "boost":
        offered = (observation.get("booster") or {}).get("seat")
        if offered == seat:
            return words.t("wk_hint_booster")
        if offered is not None:
            return words.t("wk_hint_wait_booster", name=words.player_name(offered))
    if phase == "over":
        return words.t("wk_hint_over")
    return ""


KIOSK = KioskGame(
    game="wacky",
    screens={"play": "kiosk.games.wacky.play:WackyScreen"},
    buttons=buttons,
    lights=lights,
    levels=(("1", "random"), ("2", "casual"), ("3", "sensible"), ("4", "search")),
    default_level=2,
    slow_bots=("search",),
    hint=hint,
    solo_bots=(3, 1, 2, 4, 5, 6),      # the first is offered first: a four-player race
    two_players=True,
    lock_on_release=True,
    phone="kiosk.games.wacky.phone:words",
    events="kiosk.games.wacky.events:event_words",
    public_cards=public_cards,
    say=say,
)
