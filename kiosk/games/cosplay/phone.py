"""Cosplay Team Battle on a phone: the seat's hand and moves in words, the table in a few lines.

Read from the seat's own observation and legal actions (and the game's card list, which is
public): card numbers become the cards' names, each move a sentence.  A payment is one move,
as at the table: the phone offers the same list, one button per target and payment ("Recruit
Neon Ronin (zone 2): pay with Badass ×2, Rust Knight").  No Kivy here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cosplay.state import POOL
from engine.cosplay.view import payment_move, target_cost_in_view
from engine.game import Action
from kiosk import i18n
from kiosk.games.cosplay.resources import COLOURS, ICONS, card_tint
from kiosk.phones.cardface import card_face, hex_colour

#: A card's type in a word, by type (named here so that extraction finds them).
TYPE_WORDS = {"character": i18n.N_("cpp_type_character"), "equipment": i18n.N_("cpp_type_equipment"),
              "objective": i18n.N_("cpp_type_objective"), "drama": i18n.N_("cpp_type_drama"),
              "starter": i18n.N_("cpp_type_starter")}

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

    def payers(keys: Sequence[int | str]) -> str:
        """The payers by name, alike cards once with their number ("Badass ×2")."""
        counted: dict[str, int] = {}
        for key in keys:
            said = _say("cp_pool", lang) if key == POOL else name(int(key))
            counted[said] = counted.get(said, 0) + 1
        return ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counted.items()) or _say("cp_free", lang)

    def target(k: str, args: Sequence[Any]) -> str:
        if k == "recruit":
            return _say("cpp_recruit", lang, card=name(obs["zones"][args[0] - 1]), z=args[0])
        if k == "complete":
            return _say("cpp_complete", lang, card=name(obs["objectives"][args[0] - 1]))
        if k == "drama":
            n, recipients = int(args[0]), [int(q) for q in args[1:]]
            if len(set(recipients)) == 1:
                return _say("cpp_drama", lang, n=n, who=seat(recipients[0]))
            split = ", ".join(_say("cp_drama_part", lang, n=recipients.count(q), name=seat(q))
                              for q in sorted(set(recipients)))
            return _say("cpp_drama_split", lang, n=n, split=split)
        return _say("cpp_steal", lang, card=name(args[1]), who=seat(args[0]))

    def label(a: Action) -> str:
        k, args = a.kind, a.args
        move = payment_move(a)
        if move is not None:
            lost = sum(move.points(data, obs, a.player)) - sum(target_cost_in_view(data, obs, move))
            if lost > 0:
                return _say("cpp_pay_lost", lang, move=target(k, move.target), payers=payers(move.payers), lost=lost)
            return _say("cpp_pay_move", lang, move=target(k, move.target), payers=payers(move.payers))
        if k in ("use", "combo"):
            return _say(f"cp_{k}", lang, card=name(int(args[0])))
        if k == "place":
            return _say("cpp_place", lang, card=name(int(args[0])))
        if k == "attach":
            return _say("cp_attach", lang, e=name(int(args[0])), c=name(int(args[1])))
        if k == "ready":
            return _say("cp_ready", lang)
        if k == "end":
            return _say("cpp_end", lang)
        if k == "choose":
            word = (obs.get("choice") or {}).get("word")
            if word == "drama":
                return _say("cp_to_player", lang, name=seat(int(args[0])))
            if word == "cemetery":
                return _say("cp_zone_card", lang, z=args[0], card=name(obs["zones"][int(args[0]) - 1]))
            return name(int(args[0]))
        return " ".join([k, *map(str, args)])

    def shown(c: int) -> dict[str, Any]:
        """A hand card drawn on the phone as on the table: a band by type, what it pays with
        (the big number, and each resource's icon), its name."""
        t = inst.types[c]
        gives = inst.gives[c] if t.type not in ("drama", "objective") else (0, 0, 0)
        pips = [(ICONS[i], f"#{COLOURS[i]}", n) for i, n in enumerate(gives) if n]
        return card_face(card(c), t.title(lang), str(sum(gives)) if pips else "–",
                         hex_colour(card_tint(t)), tag=_say(TYPE_WORDS[t.type], lang), pips=pips,
                         icon=f"cosplay-{t.type}", frame=card_tint(t))

    mine = obs.get("hand") or []
    hand = [card(c) for c in mine]
    lines = []
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
    return {"hand": hand, "cards": [shown(c) for c in mine], "labels": [label(a) for a in legal], "lines": lines,
            "seats": seats}
