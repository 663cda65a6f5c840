"""Wacky Challenge at the table: its screen, its buttons and its LEDs.

Primary button: hold to look at your hand; while looking, tap a card to choose it; letting go
locks the choice (``lock_on_release``).  LEDs: during the secret choice a side's LED is on once
its choice is locked; during the draft the next picker's LED blinks, and so does the LED of the
player offered the booster.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.games.descriptor import BLINK, LOOK, NOTHING, OFF, ON, Buttons, KioskGame
from kiosk.i18n import N_

#: The home screen's line about this game (it picks ``blurb_<game>`` by name).
BLURB = N_("blurb_wacky")


def buttons(observation: Mapping[str, Any], seat: int) -> Buttons:
    """The primary button always looks (the hand is what a choice is made from); the secondary does nothing."""
    return Buttons(primary=LOOK, secondary=NOTHING)


def lights(observation: Mapping[str, Any], seat: int) -> str:
    phase = observation.get("phase")
    if phase == "choose":
        return ON if (observation.get("chosen") or [])[seat] else OFF
    if phase in ("pick", "boost"):
        return BLINK if seat in (observation.get("to_act") or ()) else OFF
    return OFF


KIOSK = KioskGame(
    game="wacky",
    screens={"play": "kiosk.games.wacky.play:WackyScreen"},
    buttons=buttons,
    lights=lights,
    levels=(("1", "random"), ("2", "casual"), ("3", "sensible"), ("4", "search")),
    default_level=2,
    solo_bots=(3, 1, 2, 4, 5, 6),      # the first is offered first: a four-player race
    two_players=True,
    lock_on_release=True,
    phone="kiosk.games.wacky.phone:words",
)
