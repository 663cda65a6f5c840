"""Between Battle on a phone: the seat's hand by name, the two zones and the damage in a few lines.

Read from the seat's own observation and legal actions; the moves in the catalogue's words.  No
Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Action
from kiosk import i18n
from kiosk.games.between.cardname import card_name, value_badge
from kiosk.games.between.colours import card_tint
from kiosk.phones.cardface import card_face, hex_colour

#: A sentence on one line, without markup (called by this name so that extraction finds its keys).
_say = i18n.one_line

#: The tags of a card with a power (named here so that extraction finds them).
TAGS = {"link": i18n.N_("bb_tag_link"), "special": i18n.N_("bb_tag_special"), "unique": i18n.N_("bb_tag_unique")}


def words(data: Any, obs: dict[str, Any], legal: Sequence[Action], lang: str,
          names: Sequence[str] | None = None) -> dict[str, Any]:
    """The phone page's words for one seat (see :class:`kiosk.games.descriptor.KioskGame`);
    ``names`` (the seats' names) are not needed here."""
    mine = obs.get("hand") or []
    hand = [card_name(c, lang) for c in mine]
    tops = [card_name(zone[-1], lang) if zone else "—" for zone in obs.get("zones") or []]
    lines = [i18n.tr("bbp_zones", lang, a=tops[0] if tops else "—", b=tops[1] if len(tops) > 1 else "—")]
    seats = [i18n.tr("bbp_seat", lang, hp=obs["hit_points"][q], damage=len(obs["damage"][q]),
                     hand=obs["hand_sizes"][q])
             for q in range(len(obs["hit_points"]))]
    return {"hand": hand, "cards": [card_shown(data, c, lang) for c in mine], "lines": lines, "seats": seats,
            "labels": [label(a, lang) for a in legal]}


def label(action: Action, lang: str) -> str:
    """One move as its button says it: "Play Pirate 7 on A", "Take damage"."""
    k, args = action.kind, action.args
    zone = str(args[-1]).upper() if args else ""
    if k == "play":
        return _say("bbp_play", lang, card=card_name(str(args[0]), lang), zone=zone)
    if k == "link":
        return _say("bbp_link", lang, card=card_name(str(args[0]), lang), zone=zone)
    if k == "raise":
        return _say("bbp_raise", lang, card=card_name(str(args[0]), lang))
    if k == "take":
        return _say("bbp_take", lang, card=card_name(str(args[0]), lang))
    if k == "give":
        return _say("bbp_give", lang, zone=zone)
    if k == "damage":
        return _say("bb_take_damage", lang)
    return " ".join([k, *map(str, args)])


def card_shown(data: Any, card_id: str, lang: str) -> dict[str, Any]:
    """A card drawn on the phone as on the table: its value big (J for the Joker), its frame in
    its kind's colour, its character named and its icon, its power as a tag (link, special, unique)."""
    c = data.card(card_id)
    tag = "link" if c.link else c.ability
    return card_face(card_name(card_id, lang), data.characters[c.character].name(lang),
                     value_badge(c.value, lang), hex_colour(card_tint(data, card_id)),
                     tag=i18n.tr(TAGS[tag], lang) if tag in TAGS else "", icon=f"character-{c.character}",
                     frame=card_tint(data, card_id))
