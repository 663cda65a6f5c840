"""Cosplay Team Battle's turns in sentences, for the halves ("what just happened") and the log.

No Kivy here.  A seat's run is its turn, up to its end (what the next turn starts with belongs
to that turn): the cards laid out and equipped, recruited, completed, taken with La Passion, the
Drama sent -- "your" where it took or sent something to the reader.  Cards are card instances
(as the screen's widgets name them, in text: ``"12"``); only those the public view showed
around the move are named (``run.shown``): the zones, the objectives, the cemetery, every
assistance zone and discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.table.happened import Run, Said


def public_cards(observation: Mapping[str, Any]) -> set[str]:
    """The card instances anyone sees in a public observation."""
    seen: set[int] = {c for c in observation.get("zones") or () if c is not None}
    seen.update(c for c in observation.get("objectives") or () if c is not None)
    seen.update(observation.get("cemetery") or ())
    for me in observation.get("seats") or ():
        seen.update(me.get("assist") or ())
        seen.update(me.get("discard") or ())
    return {str(c) for c in seen}


def card_title(card: str, words: Any) -> str:
    return words.game_data.with_players(words.player_count).types[int(card)].title(words.lang)


def say(run: Run, reader: int | None, words: Any) -> Said | None:
    """``run`` (a turn) in one sentence for ``reader`` (None: the log)."""
    t = words.t
    shown = run.shown
    name = words.player_name(run.seat)
    parts: list[str] = []
    cards: list[str] = []

    def card(c: Any) -> str:
        key = str(c)
        if key in shown:
            if key not in cards:
                cards.append(key)
            return card_title(key, words)
        return t("cp_did_a_card")

    def you(seat: Any) -> bool:
        return reader is not None and seat == reader

    ended = False
    for e in run.events:
        k = e.kind
        if k == "place":
            parts.append(t("cp_did_place", name=name, card=card(e.value)))
        elif k == "attach":
            parts.append(t("cp_did_attach", name=name, card=card(e.value)))
        elif k == "recruit":
            parts.append(t("cp_did_recruit", name=name, card=card(e.value), zone=e.info[0]))
        elif k == "complete":
            parts.append(t("cp_did_complete", name=name, card=card(e.value), n=int(e.info[2])))
        elif k == "steal":
            victim = e.info[0]
            parts.append(t("cp_did_steal_you", name=name, card=card(e.value)) if you(victim)
                         else t("cp_did_steal", name=name, card=card(e.value), victim=words.player_name(victim)))
        elif k == "drama":
            n, victim = int(e.value or 0), e.info
            parts.append(t("cp_did_drama_you", name=name, n=n) if you(victim)
                         else t("cp_did_drama", name=name, n=n, victim=words.player_name(victim)))
        elif k == "use":
            parts.append(t("cp_did_use", name=name, card=card(e.value)))
        elif k == "combo":
            parts.append(t("cp_did_combo", name=name))
        elif k == "end-turn":
            ended = True
            break
    if not parts:
        if not ended:
            return None
        parts.append(t("cp_did_end", name=name))
    return Said(run.seat, " ".join(parts), tuple(cards))
