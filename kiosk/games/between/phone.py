"""Between Battle on a phone: the seat's hand by name, the two zones and the damage in a few lines.

Read from the seat's own observation and legal actions; the moves keep the engine's own words
(``describe_action``).  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.between.text import card_name
from engine.game import Action
from kiosk import i18n


def words(data: Any, obs: dict[str, Any], legal: Sequence[Action], lang: str,
          names: Sequence[str] | None = None) -> dict[str, Any]:
    """The phone page's words for one seat (see :class:`kiosk.games.descriptor.KioskGame`);
    ``names`` (the seats' names) are not needed here."""
    hand = [card_name(c, lang) for c in obs.get("hand") or []]
    tops = [card_name(zone[-1], lang) if zone else "—" for zone in obs.get("zones") or []]
    lines = [i18n.tr("bbp_zones", lang, a=tops[0] if tops else "—", b=tops[1] if len(tops) > 1 else "—")]
    seats = [i18n.tr("bbp_seat", lang, hp=obs["hit_points"][q], damage=len(obs["damage"][q]),
                     hand=obs["hand_sizes"][q])
             for q in range(len(obs["hit_points"]))]
    return {"hand": hand, "lines": lines, "seats": seats}
