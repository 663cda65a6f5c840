"""Cosplay Team Battle at the table: its screen, its buttons and its LEDs.

Primary button: hold to look at your hand.  Secondary button, on your turn while nothing is
being paid: end the turn (a first press asks, a second press confirms; the screen's "End turn"
button asks on a long press).  LEDs: on for the side whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.games.descriptor import LOOK, NOTHING, OFF, ON, Buttons, KioskGame
from kiosk.i18n import N_

#: The home screen's line about this game (it picks ``blurb_<game>`` by name).
BLURB = N_("blurb_cosplay")


def may_end_turn(observation: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat`` may end its turn now: its turn, recruiting, no payment or choice under way."""
    return (not observation.get("over") and observation.get("current") == seat
            and observation.get("phase") == "main" and observation.get("pending") is None
            and observation.get("choice") is None)


def buttons(observation: Mapping[str, Any], seat: int) -> Buttons:
    return Buttons(primary=LOOK, secondary="end" if may_end_turn(observation, seat) else NOTHING)


def lights(observation: Mapping[str, Any], seat: int) -> str:
    if observation.get("over"):
        return OFF
    return ON if observation.get("current") == seat else OFF


KIOSK = KioskGame(
    game="cosplay",
    screens={"play": "kiosk.games.cosplay.play:CosplayScreen"},
    buttons=buttons,
    lights=lights,
    levels=(("1", "random"), ("2", "sensible"), ("3", "search")),
    default_level=1,
    solo_bots=(1, 2, 3),             # 2 to 4 players: the first bot faces the player, the others sit in the middle
    two_players=True,
    phone="kiosk.games.cosplay.phone:words",
)
