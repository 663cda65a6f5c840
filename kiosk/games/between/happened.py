"""Between Battle's moves in sentences, for the halves ("what just happened") and the log.

No Kivy here.  A run is a seat's actions one after another (a card played and its ability, the
choice of a pile to give, a Joker's raise); :func:`say` tells it to one reader -- "your" where it
touched the reader's own cards ("Robot played Pirate 7 on pile A. It discarded your Ninja 5.")
-- or, with no reader, to the log.  It names only the cards the public view showed around the
move (``run.shown``, see :mod:`kiosk.table.happened`); every card a Between Battle event names
is one (played, discarded, revealed, moved), so that is a guard, not a filter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.games.between.cardname import card_name
from kiosk.table.happened import Run, Said


def public_cards(observation: Mapping[str, Any]) -> set[str]:
    """The cards anyone at the table sees in a public observation: the piles, the discard, the
    damage taken, the cards the Ninja made a player reveal."""
    seen: set[str] = set(observation.get("discard") or ())
    for pile in observation.get("zones") or ():
        seen.update(pile)
    for pile in observation.get("damage") or ():
        seen.update(pile)
    for cards in observation.get("revealed") or ():
        seen.update(cards)
    return seen


def say(run: Run, reader: int | None, words: Any) -> Said | None:
    """``run`` in one sentence for ``reader`` (None: the log), with the cards it names."""
    t, lang = words.t, words.lang
    shown = run.shown
    name = words.player_name(run.seat)
    parts: list[str] = []
    cards: list[str] = []

    def card(c: Any) -> str:
        if c in shown:
            if c not in cards:
                cards.append(c)
            return card_name(c, lang)
        return t("bb_did_a_card")

    def you(seat: Any) -> bool:
        return reader is not None and seat == reader

    for e in run.events:
        k, p = e.kind, e.player
        zone = str(e.value).upper() if e.value is not None else ""
        if k == "play":
            parts.append(t("bb_did_play", name=name, card=card(e.card), zone=zone))
        elif k == "link":
            parts.append(t("bb_did_link", name=name, card=card(e.card), zone=zone, n=int(e.info or 0)))
        elif k == "raise":
            parts.append(t("bb_did_raise", name=name, card=card(e.card)))
        elif k == "wild":
            parts.append(t("bb_did_wild", zone=zone))
        elif k == "silenced":
            parts.append(t("bb_did_silenced", card=card(e.card)))
        elif k == "discard":
            if you(p):
                parts.append(t("bb_did_discard_you", card=card(e.card)))
            else:
                parts.append(t("bb_did_discard", card=card(e.card), victim=words.player_name(p)))
        elif k == "ability" and e.info == "draw":
            parts.append(t("bb_did_draw", name=name))
        elif k == "ability" and e.info == "extra-turn":
            parts.append(t("bb_did_extra", name=name))
        elif k == "take":
            parts.append(t("bb_did_take", name=name))
        elif k == "bind":
            parts.append(t("bb_did_bind_you", zone=zone) if you(p)
                         else t("bb_did_bind", zone=zone, victim=words.player_name(p)))
        elif k == "silence":
            parts.append(t("bb_did_silence_you") if you(p) else t("bb_did_silence", victim=words.player_name(p)))
        elif k == "reveal":
            shown_cards = ", ".join(card(c) for c in e.info or ()) or t("bb_did_nothing")
            parts.append(t("bb_did_reveal_you", name=name, cards=shown_cards) if you(p)
                         else t("bb_did_reveal", victim=words.player_name(p), cards=shown_cards))
        elif k == "move":
            parts.append(t("bb_did_move", card=card(e.card), src=str(e.info).upper(), zone=zone))
        elif k == "damage":
            parts.append(t("bb_did_damage", name=name))
        elif k == "hit":
            taker, n, pile = e.player, int(e.value or 0), str(e.info).upper()
            if taker == run.seat:
                parts.append(t("bb_did_hit", name=name, zone=pile, n=n))
            elif you(taker):
                parts.append(t("bb_did_give_you", name=name, zone=pile, n=n))
            else:
                parts.append(t("bb_did_give", name=name, taker=words.player_name(taker), zone=pile, n=n))
        elif k == "coup-fatal":
            parts.append(t("bb_did_coup_you", name=name, n=int(e.value or 0)) if reader is not None
                         else t("bb_did_coup", name=name, n=int(e.value or 0)))
    if not parts:
        return None
    return Said(run.seat, " ".join(parts), tuple(cards))
