"""Actions on the wire: the one place that decodes them, checks their form and describes it.

A kiosk sends the engine contract's :class:`~engine.game.Action` in its JSON form,
``{"player": 3, "kind": "match.reveal", "args": []}``, decoded once by the contract's codec
(:meth:`Action.from_json`, in :func:`decode_action`).  Its form against the tournament's game
(a kind of its vocabulary, the arguments that kind takes) is :func:`check_form`'s; whether it is
legal now is the game state's (``legal_actions``).  The forms come from each café game's module
(``ACTION_KINDS``: kind -> argument names, ``ARG_RANGE``, ``PLAYERS``), and so does the OpenAPI
schema (:func:`action_request_schema`).

The list form of older kiosks (``["match", 2, "reveal", 1]``, Challengers!' own tuples) is
refused with a message naming the new one; what the store kept in that form is read by the
game's café module (``legacy_action``) when a tournament is loaded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.errors import IllegalAction
from engine.game import Action

EXAMPLE = '{"player": 3, "kind": "match.reveal", "args": []}'
NEW_FORM = (f"an action is the engine contract's JSON, e.g. {EXAMPLE} (the list form "
            '["match", park, "reveal", side] of older kiosks is no longer read: update the kiosk)')


class ActionFormError(ValueError):
    """A wire action that is not of the contract's JSON form (a 400, saying the form)."""


def _integral(v: Any) -> Any:
    """JSON Schema counts 2.0 as an integer: take it as 2 (a bool or 1.5 is still refused)."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def decode_action(value: Any) -> Action:
    """A wire action (the contract's JSON) -> an :class:`Action`.  Checks the form only; raises
    ``ValueError`` saying what is wrong (for the old list form: what the new one is)."""
    if not isinstance(value, dict):          # the list form of older kiosks among others
        raise ActionFormError(NEW_FORM)
    value = dict(value)
    if "player" in value:
        value["player"] = _integral(value["player"])
    if isinstance(value.get("args"), list):
        value["args"] = [_integral(a) for a in value["args"]]
    try:
        return Action.from_json(value)
    except IllegalAction as exc:
        raise ValueError(f"{exc} ({NEW_FORM})") from None


def check_form(cafe: Any, action: Action) -> None:
    """``ValueError`` naming what is wrong unless ``action`` has a form of the game's vocabulary
    (``cafe``: the game's café module): a known kind, its arguments' count and ranges.  A café
    module with its own ``check_form`` (a game whose every action is a table's, its kinds the
    table's game's) says it."""
    own = getattr(cafe, "check_form", None)
    if own is not None:
        own(action)
        return
    lo, hi = cafe.PLAYERS
    if not lo <= action.player <= hi:
        raise ValueError(f"'action.player' must be an integer {lo} to {hi}")
    names = cafe.ACTION_KINDS.get(action.kind)
    if names is None:
        raise ValueError(f"'action.kind': an action of {cafe.GAME} is one of {', '.join(cafe.ACTION_KINDS)}")
    if len(action.args) != len(names):
        raise ValueError(f"'{action.kind}' takes {len(names)} argument(s): {', '.join(names) or 'none'}")
    lo, hi = cafe.ARG_RANGE
    for i, (name, a) in enumerate(zip(names, action.args)):
        if type(a) is not int or not lo <= a <= hi:
            raise ValueError(f"'action.args[{i}]' ({name}) must be an integer {lo} to {hi}")


def action_schema(cafe: Any, kinds: Iterable[str]) -> dict[str, Any]:
    """The JSON Schema of the actions of ``kinds`` of one game (``cafe``: its café module)."""
    lo, hi = cafe.PLAYERS
    forms = []
    for kind in kinds:
        names = cafe.ACTION_KINDS[kind]
        arg = {"type": "integer", "minimum": cafe.ARG_RANGE[0], "maximum": cafe.ARG_RANGE[1]}
        args = ({"type": "array", "prefixItems": [arg for _ in names], "items": False,
                 "minItems": len(names), "maxItems": len(names)} if names else {"type": "array", "maxItems": 0})
        forms.append({"title": f"{cafe.GAME} {kind}", "type": "object", "additionalProperties": False,
                      "required": ["player", "kind"] + (["args"] if names else []),
                      "properties": {"player": {"type": "integer", "minimum": lo, "maximum": hi},
                                     "kind": {"const": kind}, "args": args},
                      "description": f'{{"player": seat, "kind": "{kind}", "args": [{", ".join(names)}]}}'})
    return {"oneOf": forms}


def action_request_schema(cafes: Iterable[Any]) -> dict[str, Any]:
    """The body of ``POST .../actions`` for every café game (``cafes``: their café modules): an
    action of a park's table game (a match) carries ``match_seq``; the others do not."""
    rid = {"type": "string", "pattern": r"^[A-Za-z0-9_.:\-]{1,64}$"}
    seq = {"type": "integer", "minimum": 0, "maximum": 100_000}
    forms = []
    for cafe in cafes:
        own = getattr(cafe, "action_schema", None)
        if own is not None:
            forms.append({"title": f"{cafe.GAME}: a park's table action", "type": "object",
                          "additionalProperties": False, "required": ["request_id", "action", "match_seq"],
                          "properties": {"request_id": rid, "action": own(), "match_seq": seq}})
            continue
        table = [k for k in cafe.ACTION_KINDS if k in cafe.TABLE_KINDS]
        other = [k for k in cafe.ACTION_KINDS if k not in cafe.TABLE_KINDS]
        if other:
            forms.append({"title": f"{cafe.GAME}: a tournament action", "type": "object",
                          "additionalProperties": False, "required": ["request_id", "action"],
                          "properties": {"request_id": rid, "action": action_schema(cafe, other)}})
        if table:
            forms.append({"title": f"{cafe.GAME}: a park's table action", "type": "object",
                          "additionalProperties": False, "required": ["request_id", "action", "match_seq"],
                          "properties": {"request_id": rid, "action": action_schema(cafe, table), "match_seq": seq}})
    return {"oneOf": forms}


def cafe_games() -> list:
    """The café modules of every registered game that has one (imported now)."""
    from engine import registry
    return [registry.cafe(g.name) for g in registry.games() if g.cafe is not None]


def decode_stored(text: str) -> Any:
    """An action as the store keeps it: JSON text (an object, or a list written before the
    contract wire: the game's café module reads those)."""
    return json.loads(text)
