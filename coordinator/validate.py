"""Body validation: types, ranges and shapes, before anything touches a tournament.

Every function takes the decoded JSON body and returns a clean dict or raises ``ApiError(400)``
with a reason naming the field.  JSON booleans are never accepted as integers.
"""

from __future__ import annotations

import re

from .service import ApiError

MAX_INDEX = 1000
MAX_SEED = 2**63 - 1
REQUEST_ID = re.compile(r"^[A-Za-z0-9_.:\-]{1,64}$")
PIN = re.compile(r"^[0-9]{6}$")


def _obj(body, allowed, required=()):
    if not isinstance(body, dict):
        raise ApiError(400, "the body must be a JSON object")
    extra = sorted(set(body) - set(allowed))
    if extra:
        raise ApiError(400, f"unknown field(s): {', '.join(extra)} (allowed: {', '.join(allowed)})")
    for k in required:
        if k not in body:
            raise ApiError(400, f"missing field '{k}'")
    return body


def _int(v, name, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int):
        raise ApiError(400, f"'{name}' must be an integer")
    if not lo <= v <= hi:
        raise ApiError(400, f"'{name}' must be {lo} to {hi}, not {v}")
    return v


def _str(v, name, lo=1, hi=40):
    if not isinstance(v, str):
        raise ApiError(400, f"'{name}' must be a string")
    v = v.strip()
    if not lo <= len(v) <= hi:
        raise ApiError(400, f"'{name}' must be {lo} to {hi} characters")
    if any(ord(c) < 32 for c in v):
        raise ApiError(400, f"'{name}' must not hold control characters")
    return v


def pair(body) -> dict:
    _obj(body, ("pin", "name"), ("pin", "name"))
    pin = body["pin"]
    if not isinstance(pin, str) or not PIN.match(pin):
        raise ApiError(400, "'pin' must be a string of 6 digits")
    return {"pin": pin, "name": _str(body["name"], "name")}


def create(body) -> dict:
    _obj(body, ("name", "players", "box", "sets", "robot_level", "solo_cards", "seed", "final_park"), ("players",))
    players = body["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= 8:
        raise ApiError(400, "'players' must be a list of 1 to 8 names")
    names = [_str(p, "players[]", 1, 24) for p in players]
    if len({n.casefold() for n in names}) != len(names):
        raise ApiError(400, "'players' holds the same name twice")
    if any(n.casefold() == "robot" for n in names):
        raise ApiError(400, "'Robot' is the name of the Robot player")
    out = {"players": names}
    if "name" in body:
        out["name"] = _str(body["name"], "name", 1, 60)
    if "box" in body:
        out["box"] = _str(body["box"], "box", 1, 40)
    if body.get("sets") is not None:
        sets = body["sets"]
        if not isinstance(sets, list) or not 1 <= len(sets) <= 20:
            raise ApiError(400, "'sets' must be null or a list of 1 to 20 set ids")
        out["sets"] = [_str(s, "sets[]", 1, 40) for s in sets]
    if "robot_level" in body:
        out["robot_level"] = _int(body["robot_level"], "robot_level", 1, 5)
    if "solo_cards" in body:
        if not isinstance(body["solo_cards"], bool):
            raise ApiError(400, "'solo_cards' must be true or false")
        out["solo_cards"] = body["solo_cards"]
    if body.get("seed") is not None:
        out["seed"] = _int(body["seed"], "seed", 0, MAX_SEED)
    if "final_park" in body:
        out["final_park"] = _int(body["final_park"], "final_park", 1, 4)
    return out


def kiosk_ref(body) -> int:
    _obj(body, ("kiosk_id",), ("kiosk_id",))
    return _int(body["kiosk_id"], "kiosk_id", 1, 2**31)


def final(body) -> int:
    _obj(body, ("park",), ("park",))
    return _int(body["park"], "park", 1, 4)


DECK_ARGS = {"option": 1, "redraw": 0, "pick": 1, "choose": 1, "remove": 1, "done": 0}


def action(body) -> dict:
    _obj(body, ("request_id", "action", "match_seq"), ("request_id", "action"))
    rid = body["request_id"]
    if not isinstance(rid, str) or not REQUEST_ID.match(rid):
        raise ApiError(400, "'request_id' must be 1 to 64 characters of A-Z a-z 0-9 _ . : -")
    a = body["action"]
    if not isinstance(a, list) or not 2 <= len(a) <= 5:
        raise ApiError(400, "'action' must be a list like [\"deck\", player, \"pick\", 0] or [\"match\", park, \"reveal\", side]")
    kind = a[0]
    if kind == "deck":
        _int(a[1], "action[1] (player)", 0, 7)
        if len(a) < 3 or a[2] not in DECK_ARGS:
            raise ApiError(400, f"a Deck Phase action is one of: {', '.join(DECK_ARGS)}")
        if len(a) != 3 + DECK_ARGS[a[2]]:
            raise ApiError(400, f"'{a[2]}' takes {DECK_ARGS[a[2]]} argument(s)")
        if DECK_ARGS[a[2]]:
            _int(a[3], "action[3] (index)", 0, MAX_INDEX)
        if "match_seq" in body:
            raise ApiError(400, "'match_seq' belongs to match actions only")
    elif kind == "match":
        _int(a[1], "action[1] (park)", 1, 4)
        verb = a[2] if len(a) > 2 else None
        if verb == "toss":
            if len(a) != 3:
                raise ApiError(400, "'toss' takes no argument")
        elif verb == "reveal":
            if len(a) != 4:
                raise ApiError(400, "'reveal' takes the side (0 light, 1 dark)")
            _int(a[3], "action[3] (side)", 0, 1)
        elif verb == "choose":
            if len(a) != 5:
                raise ApiError(400, "'choose' takes the side and the option index")
            _int(a[3], "action[3] (side)", 0, 1)
            _int(a[4], "action[4] (option)", 0, MAX_INDEX)
        else:
            raise ApiError(400, "a match action is one of: toss, reveal, choose")
        if "match_seq" not in body:
            raise ApiError(400, "a match action needs 'match_seq' (its index within the park's match)")
        _int(body["match_seq"], "match_seq", 0, 100_000)
    else:
        raise ApiError(400, "'action[0]' must be \"deck\" or \"match\"")
    return body
