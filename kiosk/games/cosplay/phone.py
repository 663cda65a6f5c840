"""Cosplay Team Battle on a phone: the seat's hand and moves in words, the table in a few lines.

Read from the seat's own observation and legal actions (and the game's card list, which is
public): card numbers become the cards' names, each move a sentence.  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Action
from kiosk import i18n

_RESOURCES = ("BADASS", "KAWAII", "CRAFT")

#: A sentence on one line, without markup (called by this name so that extraction finds its keys).
_say = i18n.one_line


def _gives(gives: Sequence[int]) -> str:
    return " ".join(f"{n} {r}" for n, r in zip(gives, _RESOURCES, strict=False) if n)


def words(data: Any, obs: dict[str, Any], legal: Sequence[Action], lang: str,
          names: Sequence[str] | None = None) -> dict[str, Any]:
    """The phone page's words for one seat (see :class:`kiosk.games.descriptor.KioskGame`);
    ``names``: the seats' names in ``lang`` (without them a seat is "Player 2")."""
    inst = data.with_players(obs["players"])

    def name(c: int | None) -> str:
        return "—" if c is None else inst.types[c].title(lang)

    def card(c: int) -> str:
        t = inst.types[c]
        gives = _gives(inst.gives[c]) if t.type != "drama" else ""
        return f"{t.title(lang)} ({gives})" if gives else t.title(lang)

    def seat(q: int) -> str:
        if names is not None and 0 <= q < len(names):
            return names[q]
        return _say("cpp_seat", lang, number=q + 1)

    def label(a: Action) -> str:
        k, args = a.kind, a.args
        if k == "recruit":
            return _say("cpp_recruit", lang, card=name(obs["zones"][args[0] - 1]), z=args[0])
        if k == "complete":
            return _say("cpp_complete", lang, card=name(obs["objectives"][args[0] - 1]))
        if k == "drama":
            return _say("cpp_drama", lang, n=args[1], who=seat(args[0]))
        if k == "steal":
            return _say("cpp_steal", lang, card=name(args[1]), who=seat(args[0]))
        if k in ("use", "combo"):
            return _say(f"cp_{k}", lang, card=name(args[0]))
        if k == "pay":
            return _say("cpp_pay", lang, card=card(args[0]))
        if k == "place":
            return _say("cpp_place", lang, card=name(args[0]))
        if k == "attach":
            return _say("cp_attach", lang, e=name(args[0]), c=name(args[1]))
        if k == "ready":
            return _say("cp_ready", lang)
        if k == "end":
            return _say("cpp_end", lang)
        if k == "choose":
            word = (obs.get("choice") or {}).get("word")
            if word == "drama":
                return _say("cp_to_player", lang, name=seat(args[0]))
            if word == "cemetery":
                return _say("cp_zone_card", lang, z=args[0], card=name(obs["zones"][args[0] - 1]))
            return name(args[0])
        return " ".join([k, *map(str, args)])

    hand = [card(c) for c in obs.get("hand") or []]
    lines = []
    if obs.get("pending"):
        p = obs["pending"]
        lines.append(_say("cpp_paying", lang, paid=_gives(p["points"]) or "0",
                        payers=", ".join(name(c) for c in p["payers"]) or "—"))
    lines.append(_say("cpp_zones", lang, cards=", ".join(f"{z + 1}. {name(c)}" for z, c in enumerate(obs["zones"]))))
    lines.append(_say("cpp_objectives", lang, cards=", ".join(name(c) for c in obs["objectives"] if c is not None)))
    if obs.get("ending"):
        lines.append(_say("cp_last_round", lang))
    seats = []
    for q, s in enumerate(obs["seats"]):
        out = [_say("cpp_score", lang, score=s["score"]), _say("cp_counts", lang, reserve=s["reserve"],
                                                           discard=len(s["discard"]), hand=s["hand"])]
        up = [c for c in s["assist"] if c not in s["facedown"]]
        if up:
            out.append(", ".join(name(c) for c in up))
        if q == obs["current"] and not obs["over"]:
            out.append(_say("cpp_playing", lang))
        seats.append(" · ".join(out))
    return {"hand": hand, "labels": [label(a) for a in legal], "lines": lines, "seats": seats}
