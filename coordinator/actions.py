"""Engine actions on the wire: the one place that decodes and encodes them.

Actions travel as JSON lists, the engine's tuples today (``["match", 2, "reveal", 1]``).
:func:`decode_action` turns a wire action into the engine's value, :func:`encode_action` the
other way, and :data:`ACTION_FORMS` lists the forms accepted (the OpenAPI schema is built from
it).  Moving to the engine's own typed action codec changes this module only.
"""

from __future__ import annotations

import json

MAX_INDEX = 1000

#: Every action form: (kind, verb, the names of the integer arguments after the verb, their ranges).
#: ``player``/``park`` is the action's second element; ``i``/``side`` follow the verb.
ACTION_FORMS = (
    ("deck", "option", ("index",)), ("deck", "pick", ("index",)), ("deck", "choose", ("index",)),
    ("deck", "remove", ("index",)), ("deck", "redraw", ()), ("deck", "done", ()),
    ("match", "toss", ()), ("match", "reveal", ("side",)), ("match", "choose", ("side", "option")),
)
_RANGES = {"player": (0, 7), "park": (1, 4), "index": (0, MAX_INDEX), "side": (0, 1), "option": (0, MAX_INDEX)}
_FORMS = {(k, v): args for k, v, args in ACTION_FORMS}


def _is_int(v) -> bool:
    return (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())


def decode_action(value) -> tuple:
    """A wire action (a JSON list such as ``["match", 2, "reveal", 1]``) -> the engine's action.

    Checks the shape only (kind, verb, argument count and ranges); whether the action is legal
    now is the engine's business.  Raises ``ValueError`` naming the element that is wrong.
    A number such as 2.0 counts as the integer 2 (as JSON Schema has it)."""
    if not isinstance(value, list) or not 3 <= len(value) <= 5:
        raise ValueError('must be a list like ["deck", player, "pick", 0] or ["match", park, "reveal", side]')
    kind = value[0]
    if kind not in ("deck", "match"):
        raise ValueError('action[0] must be "deck" or "match"')
    who = "player" if kind == "deck" else "park"
    lo, hi = _RANGES[who]
    if not _is_int(value[1]) or not lo <= value[1] <= hi:
        raise ValueError(f"action[1] ({who}) must be an integer {lo} to {hi}")
    args = _FORMS.get((kind, value[2])) if isinstance(value[2], str) else None
    if args is None:
        verbs = [v for k, v, _ in ACTION_FORMS if k == kind]
        raise ValueError(f"action[2]: a {kind} action is one of: {', '.join(verbs)}")
    if len(value) != 3 + len(args):
        raise ValueError(f"'{value[2]}' takes {len(args)} argument(s): {', '.join(args) or 'none'}")
    for i, name in enumerate(args, start=3):
        lo, hi = _RANGES[name]
        if not _is_int(value[i]) or not lo <= value[i] <= hi:
            raise ValueError(f"action[{i}] ({name}) must be an integer {lo} to {hi}")
    return tuple(int(x) if isinstance(x, float) else x for x in value)


def _int_schema(name):
    lo, hi = _RANGES[name]
    return {"type": "integer", "minimum": lo, "maximum": hi}


def action_schema(kind: str) -> dict:
    forms = []
    for k, verb, args in ACTION_FORMS:
        if k != kind:
            continue
        items = [{"const": k}, _int_schema("player" if k == "deck" else "park"), {"const": verb},
                 *(_int_schema(a) for a in args)]
        forms.append({"type": "array", "prefixItems": items, "items": False,
                      "minItems": len(items), "maxItems": len(items),
                      "description": f'["{k}", {"player" if k == "deck" else "park"}, "{verb}"'
                                     + "".join(f", {a}" for a in args) + "]"})
    return {"oneOf": forms}




def encode_action(action) -> list:
    """The engine's action -> its JSON value."""
    return list(action)


def decode_stored(text: str) -> tuple:
    """An action as the store keeps it (JSON text, checked when it was received)."""
    return tuple(json.loads(text))
