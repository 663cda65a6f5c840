"""Wacky Challenge's moves in sentences, for the halves ("what just happened") and the log.

No Kivy here.  A seat's run is its secret choice (never which card: "Bot 1 chose a card, face
down"; the last chooser's run also turns every card up), or its pick from the draft row and what
followed it (the hierarchy moving, its booster used or passed).  Only the public cards are named
(``run.shown``): the routes, the draft row and the cards revealed this turn -- never a hand,
which the table keeps face down although the engine's view shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.wacky.data import VEHICLES
from kiosk.table.happened import Run, Said


def public_cards(observation: Mapping[str, Any]) -> set[str]:
    """The cards the table shows anyone: every route, the draft row, this turn's revealed cards
    and the card whose booster is offered (hands stay face down at the table)."""
    seen: set[str] = set(observation.get("row") or ())
    for route in observation.get("routes") or ():
        seen.update(route)
    seen.update(c for c in observation.get("played") or () if c)
    booster = observation.get("booster")
    if booster:
        seen.add(booster["card"])
    return seen


def card_words(card: str, words: Any) -> str:
    """A card in a sentence, plain (the log's lines have no markup): "Car 5 (1½ st.)"."""
    data = words.game_data
    c = data.index[card]
    n = data.stages[c]
    stages = (f"{n}½" if n else "½") if data.half[c] else str(n)
    return words.t("wk_did_card", vehicle=words.t(f"wk_short_{VEHICLES[data.vehicle[c]]}"), speed=data.speed[c],
                   stages=stages)


def say(run: Run, reader: int | None, words: Any) -> Said | None:
    """``run`` in one sentence (``reader`` changes nothing here: no move touches another's cards)."""
    t = words.t
    shown = run.shown
    name = words.player_name(run.seat)
    parts: list[str] = []
    cards: list[str] = []

    def card(c: str) -> str:
        if c in shown:
            if c not in cards:
                cards.append(c)
            return card_words(c, words)
        return t("wk_did_a_card")

    events = run.events
    revealed = any(e.kind == "reveal" for e in events)
    for e in events:
        k = e.kind
        if k == "choose":
            parts.append(t("wk_did_choose_last", name=name) if revealed else t("wk_did_choose", name=name))
        elif k == "pick":
            parts.append(t("wk_did_pick", name=name, card=card(e.card)))
        elif k == "shift":
            parts.append(t("wk_did_shift", card=card(e.card)))
        elif k == "booster":
            parts.append(t("wk_did_booster", name=name))
        elif k == "boost":
            word, *rest = e.info
            if word == "raise":
                parts.append(t("wk_did_raise", name=name, vehicle=t(f"wk_short_{rest[0]}")))
            elif word == "swap":
                parts.append(t("wk_did_swap", name=name, gave=card(rest[0]), took=card(rest[1])))
            else:
                parts.append(t("wk_did_boost", name=name))
        elif k == "pass":
            parts.append(t("wk_did_pass", name=name))
    if not parts:
        return None
    return Said(run.seat, " ".join(parts), tuple(cards))
