"""Wacky Challenge on a phone: the seat's hand and moves in words, the race in a few lines.

Read from the seat's own observation and legal actions (and the game's data, which is public),
nothing else: what a phone is sent is what that seat may see.  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Action
from engine.wacky.data import VEHICLES
from kiosk import i18n
from kiosk.games.wacky.colours import card_band, card_tint
from kiosk.phones.cardface import card_face, hex_colour

#: A sentence on one line, without markup (called by this name so that extraction finds its keys).
_say = i18n.one_line


_CARD_TEXT: dict[tuple[int, str, str], str] = {}
i18n.forget_on_reload(_CARD_TEXT.clear)


def card_text(data: Any, card: str, lang: str) -> str:
    """A race card in a few words: "Train 5 · 2 st." (its vehicle, speed and stages), remembered
    (the same few dozen cards are said again in every view)."""
    key = (id(data), card, lang)
    got = _CARD_TEXT.get(key)
    if got is None:
        if len(_CARD_TEXT) > 4096:
            _CARD_TEXT.clear()
        got = _CARD_TEXT[key] = _card_text(data, card, lang)
    return got


def _card_text(data: Any, card: str, lang: str) -> str:
    c = data.index[card]
    n = data.stages[c]
    stages = (f"{n}½" if n else "½") if data.half[c] else str(n)
    return _say("wk_chip", lang, vehicle=_say(f"wk_short_{VEHICLES[data.vehicle[c]]}", lang), speed=data.speed[c],
              stages=_say("wk_stages_short", lang, stages=stages))


def card_shown(data: Any, card: str, lang: str) -> dict[str, Any]:
    """A race card drawn on the phone as on the table: its pilot's band, its speed big, its
    vehicle named, its stages."""
    c = data.index[card]
    n = data.stages[c]
    stages = (f"{n}½" if n else "½") if data.half[c] else str(n)
    return card_face(card_text(data, card, lang), _say(f"wk_short_{VEHICLES[data.vehicle[c]]}", lang),
                     str(data.speed[c]), hex_colour(card_band(data, c)),
                     tag=_say("wk_stages_short", lang, stages=stages), icon=f"vehicle-{VEHICLES[data.vehicle[c]]}",
                     frame=card_tint(data, c))


def _label(data: Any, action: Action, lang: str) -> str:
    k, args = action.kind, action.args
    if k == "choose":
        return _say("wk_phone_choose", lang, card=card_text(data, str(args[0]), lang))
    if k == "pick":
        return _say("wk_phone_take", lang, card=card_text(data, str(args[0]), lang))
    if k == "pass":
        return _say("wk_pass", lang)
    if k == "boost" and args and args[0] == "raise":
        return _say("wk_raise", lang, vehicle=_say(f"wk_short_{args[1]}", lang))
    if k == "boost" and args and args[0] == "swap":
        return _say("wk_phone_swap", lang, give=card_text(data, str(args[1]), lang),
                  take=card_text(data, str(args[2]), lang))
    return _say("wk_use", lang)


def _booster(data: Any, word: str, lang: str) -> str:
    b = next((b for b in data.boosters if b is not None and b.id == word), None)
    return word if b is None else (b.text.get(lang) or b.text["en"])


_PUBLIC: dict[tuple, tuple[list[str], list[str]]] = {}


def _public_key(data: Any, obs: dict[str, Any], lang: str) -> tuple:
    """What the public lines are made of (the same for every seat of one position)."""
    return (id(data), lang, obs["turn"], obs["phase"], tuple(obs["hierarchy"]), tuple(obs["row"]),
            repr(obs["booster"]), repr(obs.get("effect")), tuple(tuple(r) for r in obs["routes"]),
            tuple(obs["chosen"]), tuple(obs["played"]), tuple(obs["order"]), obs["picks"], tuple(obs["scores"]))


def _public(data: Any, obs: dict[str, Any], lang: str) -> tuple[list[str], list[str]]:
    """The race in lines (after the turn's) and one line per seat: made once per position and
    language, then handed to every seat's view (seven phones, one change: one making)."""
    key = _public_key(data, obs, lang)
    got = _PUBLIC.get(key)
    if got is not None:
        return got
    lines = []
    hierarchy = ", ".join(f"{i + 1}. {_say(f'wk_short_{v}', lang)}" for i, v in enumerate(obs["hierarchy"]))
    lines.append(_say("wk_phone_hierarchy", lang, order=hierarchy))
    if obs["row"]:
        lines.append(_say("wk_phone_row", lang, cards=", ".join(card_text(data, c, lang) for c in obs["row"])))
    if obs["booster"] is not None:
        lines.append(_say("wk_phone_booster", lang, seat=obs["booster"]["seat"] + 1,
                          text=_booster(data, obs["booster"]["booster"], lang)))
    if obs.get("effect"):
        lines.append(_say("wk_phone_booster", lang, seat=obs["effect"]["seat"] + 1,
                          text=_booster(data, obs["effect"]["booster"], lang)))
    seats = []
    for q, route in enumerate(obs["routes"]):
        if obs["phase"] == "choose":
            state = _say("wk_locked" if obs["chosen"][q] else "wk_choosing", lang)
        elif obs["phase"] == "pick" and obs["order"]:
            place = obs["order"].index(q)
            state = _say("wk_picked", lang) if place < obs["picks"] else _say("wk_picks_nth", lang, place=place + 1)
        else:
            state = ""
        played = obs["played"][q]
        shown = [_say("wk_total", lang, total=obs["scores"][q])]
        if played is not None:
            shown.append(_say("wk_phone_played", lang, card=card_text(data, played, lang)))
        if route:
            shown.append(", ".join(card_text(data, c, lang) for c in route))
        if state:
            shown.append(state)
        seats.append(" · ".join(shown))
    if len(_PUBLIC) > 64:
        _PUBLIC.clear()
    got = _PUBLIC[key] = (lines, seats)
    return got


def words(data: Any, obs: dict[str, Any], legal: Sequence[Action], lang: str,
          names: Sequence[str] | None = None) -> dict[str, Any]:
    """The phone page's words for one seat (see :class:`kiosk.games.descriptor.KioskGame`);
    ``names`` (the seats' names) are not needed here."""
    you = obs["you"]
    mine = obs["hands"][you] if you is not None else []
    hand = [card_text(data, c, lang) for c in mine]
    lines = [_say("wk_turn", lang, turn=obs["turn"]).rstrip(" ·")]
    if obs["phase"] == "choose" and you is not None and obs["your_choice"] is not None:
        lines.append(_say("wk_phone_chosen", lang, card=card_text(data, obs["your_choice"], lang)))
    public, seats = _public(data, obs, lang)
    return {"hand": hand, "cards": [card_shown(data, c, lang) for c in mine],
            "labels": [_label(data, a, lang) for a in legal], "lines": lines + public, "seats": list(seats)}
