"""The Wacky Challenge data: pilots, their packs, the starters and the boosters.

The rulebook lists the components (7 characters, 7 packs of 5 race cards --
one train, car, motorbike, boat and plane each --, 5 hierarchy cards, 8
starters) but not what the cards show; ``cards/wacky/wacky.toml`` gives it.
:func:`load` reads that file through a data source (anything with
``read(path)``), checks it and turns it into flat tables indexed by card
number, so the rules look up a card's vehicle or speed with one subscript.
Every mistake stops the load with a message naming the file, the card (or
pilot, or booster) and the field.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, NoReturn

from engine.errors import GameDataError
from engine.game import Action

__all__ = ["BOOSTERS", "DATA_FILE", "VEHICLES", "WackyData", "WackyDataError", "load", "parse"]

DATA_FILE = "wacky/wacky.toml"

VEHICLES = ("train", "car", "motorbike", "boat", "plane")
TRAIN, CAR, MOTORBIKE, BOAT, PLANE = range(5)
#: "Il existe des demi-étapes (voiture, bateau, avion)": only these carry a half-stage.
HALF_VEHICLES = frozenset({CAR, BOAT, PLANE})

#: The boosters the engine knows how to play, by the id the data file uses.
BOOSTERS = ("raise", "fastest", "choose-last", "disguise", "speed-first", "swap", "upside-down")
RAISE, FASTEST, CHOOSE_LAST, DISGUISE, SPEED_FIRST, SWAP, UPSIDE_DOWN = range(7)

MIN_PILOTS = 7          # "7 cartes personnage": one per seat at 7 players
MIN_STARTERS = 8        # players + 1 laid out, up to 7 players
MAX_SPEED = 99
MAX_STAGES = 20

_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")
_TOP_KEYS = {"own_design", "hierarchy", "booster", "pilot", "starter"}
_BOOSTER_KEYS = {"id", "printed", "en", "fr"}
_PILOT_KEYS = {"id", "en", "fr", "booster", "starters_bonus", "cards"}
_CARD_KEYS = {"vehicle", "speed", "stages", "half"}
_STARTER_KEYS = _CARD_KEYS | {"id"}


class WackyDataError(GameDataError):
    """A Wacky Challenge data file that does not follow the format; the message says where."""


@dataclass(frozen=True)
class Booster:
    id: str
    code: int           # index in BOOSTERS
    printed: bool       # False: the project's own design
    text: dict[str, str]


@dataclass(frozen=True)
class Pilot:
    id: str             # the pilot's colour, e.g. "yellow"
    names: dict[str, str]
    booster: int        # booster code
    starters_bonus: int
    cards: tuple[int, ...]   # card numbers of the pack, in vehicle order


@dataclass
class WackyData:
    """Checked data as flat tables: card ``c`` is a ``VEHICLES[vehicle[c]]`` of
    speed ``speed[c]`` showing ``stages[c]`` complete stages and a half-stage when
    ``half[c]``; ``owner[c]`` is its pilot's number (-1: a starter) and
    ``booster[c]`` the code of the booster on its back (-1: none)."""

    source: str
    own_design: bool
    hierarchy: tuple[int, ...]
    boosters: tuple[Booster | None, ...]    # indexed by booster code (None where unused)
    pilots: tuple[Pilot, ...]
    starters: tuple[int, ...]
    names: tuple[str, ...]
    vehicle: tuple[int, ...]
    speed: tuple[int, ...]
    stages: tuple[int, ...]
    half: tuple[bool, ...]
    owner: tuple[int, ...]
    booster: tuple[int, ...]
    index: dict[str, int] = field(default_factory=dict)
    pilot_index: dict[str, int] = field(default_factory=dict)
    # Actions are immutable values: each is built once and handed out again.
    _actions: dict[tuple, Action] = field(default_factory=dict, repr=False)
    choose_actions: list[list[Action]] = field(default_factory=list, repr=False)
    pick_actions: list[list[Action]] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.index = {name: c for c, name in enumerate(self.names)}
        self.pilot_index = {p.id: i for i, p in enumerate(self.pilots)}
        seats = range(MIN_PILOTS)
        self.choose_actions = [[Action(p, "choose", (n,)) for n in self.names] for p in seats]
        self.pick_actions = [[Action(p, "pick", (n,)) for n in self.names] for p in seats]

    @property
    def num_cards(self) -> int:
        return len(self.names)

    def action(self, player: int, kind: str, *args: int | str) -> Action:
        """The one shared Action for these fields."""
        key = (player, kind, args)
        a = self._actions.get(key)
        if a is None:
            a = self._actions[key] = Action(player, kind, args)
        return a


# ---------------------------------------------------------------------------- parsing

class _Where:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, msg: str, what: str | None = None, key: str | None = None) -> NoReturn:
        parts = [self.source]
        if what is not None:
            parts.append(what)
        if key is not None:
            parts.append(f"field '{key}'")
        raise WackyDataError(": ".join([", ".join(parts), msg]))


def _keys(where: _Where, table: Any, allowed: set[str], what: str | None) -> None:
    if not isinstance(table, dict):
        where.fail("must be a table", what)
    unknown = sorted(set(table) - allowed)
    if unknown:
        where.fail(f"unknown field (expected one of {', '.join(sorted(allowed))})", what, unknown[0])


def _int(where: _Where, table: dict[str, Any], key: str, what: str | None, lo: int, hi: int,
         default: int | None = None) -> int:
    v = table.get(key, default)
    if type(v) is not int or not lo <= v <= hi:
        where.fail(f"must be a whole number from {lo} to {hi}, not {v!r}", what, key)
    return v


def _text(where: _Where, table: dict[str, Any], key: str, what: str | None) -> str:
    v = table.get(key)
    if not isinstance(v, str) or not v.strip():
        where.fail(f"must be a non-empty string, not {v!r}", what, key)
    return v


def _bool(where: _Where, table: dict[str, Any], key: str, what: str | None, default: bool | None = None) -> bool:
    v = table.get(key, default)
    if type(v) is not bool:
        where.fail(f"must be true or false, not {v!r}", what, key)
    return v


def _vehicle(where: _Where, table: dict[str, Any], what: str) -> int:
    v = table.get("vehicle")
    if v not in VEHICLES:
        where.fail(f"unknown vehicle {v!r} (one of {', '.join(VEHICLES)})", what, "vehicle")
    return VEHICLES.index(v)


def _card(where: _Where, table: Any, what: str, keys: set[str]) -> tuple[int, int, int, bool]:
    _keys(where, table, keys, what)
    v = _vehicle(where, table, what)
    speed = _int(where, table, "speed", what, 0, MAX_SPEED)
    stages = _int(where, table, "stages", what, 0, MAX_STAGES)
    half = _bool(where, table, "half", what, False)
    if half and v not in HALF_VEHICLES:
        where.fail(f"a {VEHICLES[v]} has no half-stage (only cars, boats and planes do)", what, "half")
    return v, speed, stages, half


def parse(source: str, text: str) -> WackyData:
    """Check the text of a data file (named ``source`` in errors) and build the tables."""
    where = _Where(source)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise WackyDataError(f"{source}: not valid TOML: {e}") from None
    _keys(where, doc, _TOP_KEYS, None)
    own_design = _bool(where, doc, "own_design", None)

    hierarchy = doc.get("hierarchy")
    if not isinstance(hierarchy, list) or sorted(map(str, hierarchy)) != sorted(VEHICLES) or \
            len(set(hierarchy)) != len(VEHICLES):
        where.fail(f"must list the five vehicles once each, top first ({', '.join(VEHICLES)}), not {hierarchy!r}",
                   None, "hierarchy")

    boosters: list[Booster | None] = [None] * len(BOOSTERS)
    raw = doc.get("booster")
    if not isinstance(raw, list):
        where.fail("must be a list of [[booster]] tables", None, "booster")
    for i, b in enumerate(raw):
        what = f"booster {b.get('id')!r}" if isinstance(b, dict) and isinstance(b.get("id"), str) else f"booster {i + 1}"
        _keys(where, b, _BOOSTER_KEYS, what)
        bid = b.get("id")
        if bid not in BOOSTERS:
            where.fail(f"unknown booster {bid!r} (the engine plays {', '.join(BOOSTERS)})", what, "id")
        code = BOOSTERS.index(bid)
        if boosters[code] is not None:
            where.fail(f"the booster {bid!r} is defined twice", what, "id")
        boosters[code] = Booster(bid, code, _bool(where, b, "printed", what),
                                 {"en": _text(where, b, "en", what), "fr": _text(where, b, "fr", what)})

    names: list[str] = []
    vehicle: list[int] = []
    speed: list[int] = []
    stages: list[int] = []
    half: list[bool] = []
    owner: list[int] = []
    back: list[int] = []

    def add(name: str, v: int, s: int, st: int, h: bool, own: int, boost: int, what: str, key: str) -> None:
        if name in names:
            where.fail(f"the id {name!r} is already used by another card", what, key)
        names.append(name)
        vehicle.append(v)
        speed.append(s)
        stages.append(st)
        half.append(h)
        owner.append(own)
        back.append(boost)

    pilots: list[Pilot] = []
    raw = doc.get("pilot")
    if not isinstance(raw, list):
        where.fail("must be a list of [[pilot]] tables", None, "pilot")
    for i, p in enumerate(raw):
        what = f"pilot {p.get('id')!r}" if isinstance(p, dict) and isinstance(p.get("id"), str) else f"pilot {i + 1}"
        _keys(where, p, _PILOT_KEYS, what)
        pid = p.get("id")
        if not isinstance(pid, str) or not _ID.match(pid):
            where.fail(f"must be a lower-case word such as 'yellow', not {pid!r}", what, "id")
        if any(q.id == pid for q in pilots):
            where.fail(f"the pilot {pid!r} is defined twice", what, "id")
        bid = p.get("booster")
        if bid not in BOOSTERS or boosters[BOOSTERS.index(bid)] is None:
            defined = [b.id for b in boosters if b is not None]
            where.fail(f"unknown booster {bid!r} (one of {', '.join(defined)})", what, "booster")
        bonus = _int(where, p, "starters_bonus", what, 0, MAX_STAGES, 0)
        raw_cards = p.get("cards")
        if not isinstance(raw_cards, list) or len(raw_cards) != len(VEHICLES):
            where.fail(f"a pack is {len(VEHICLES)} cards, one of each vehicle", what, "cards")
        pack: list[tuple[int, int, bool] | None] = [None] * len(VEHICLES)
        for k, card in enumerate(raw_cards):
            cwhat = f"pilot {pid!r}, card {k + 1}"
            v, s, st, h = _card(where, card, cwhat, _CARD_KEYS)
            if pack[v] is not None:
                where.fail(f"the pack already has a {VEHICLES[v]} (one card of each vehicle)", cwhat, "vehicle")
            pack[v] = (s, st, h)
        first = len(names)
        for v, card in enumerate(pack):
            assert card is not None           # one card of each vehicle: checked above
            s, st, h = card
            add(f"{pid}-{VEHICLES[v]}", v, s, st, h, i, BOOSTERS.index(bid), f"card '{pid}-{VEHICLES[v]}'", "id")
        pilots.append(Pilot(pid, {"en": _text(where, p, "en", what), "fr": _text(where, p, "fr", what)},
                            BOOSTERS.index(bid), bonus, tuple(range(first, first + len(VEHICLES)))))
    if len(pilots) < MIN_PILOTS:
        where.fail(f"the game needs {MIN_PILOTS} pilots (one per seat at 7 players), not {len(pilots)}", None, "pilot")

    starters: list[int] = []
    raw = doc.get("starter")
    if not isinstance(raw, list):
        where.fail("must be a list of [[starter]] tables", None, "starter")
    for i, s in enumerate(raw):
        sid = s.get("id") if isinstance(s, dict) else None
        what = f"card {sid!r}" if isinstance(sid, str) else f"starter {i + 1}"
        if not isinstance(sid, str) or not _ID.match(sid):
            where.fail(f"must be a lower-case word such as 'starter-train-1', not {sid!r}", what, "id")
        v, sp, st, h = _card(where, s, what, _STARTER_KEYS)
        starters.append(len(names))
        add(sid, v, sp, st, h, -1, -1, what, "id")
    if len(starters) < MIN_STARTERS:
        where.fail(f"the game needs {MIN_STARTERS} starters (players + 1 at 7 players), not {len(starters)}",
                   None, "starter")

    return WackyData(source, own_design, tuple(VEHICLES.index(v) for v in hierarchy), tuple(boosters),
                     tuple(pilots), tuple(starters), tuple(names), tuple(vehicle), tuple(speed), tuple(stages),
                     tuple(half), tuple(owner), tuple(back))


def load(source: Any) -> WackyData:
    """Read and check ``wacky/wacky.toml`` through ``source`` (the ``cards`` package,
    or anything with ``read(path)``)."""
    return parse(DATA_FILE, source.read(DATA_FILE))
