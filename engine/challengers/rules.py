"""Rules data: the shared facts, each box's draft and caps, and tournament plans.

Like the card sets, these arrive as TOML texts and are checked on the way in;
a wrong value is refused with a message naming the file and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from engine.challengers.cards import DRAFT_LEVELS, CardFileError


def _load(source, text):
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardFileError(f"{source}: not valid TOML: {e}") from None


def _need(source, data, key, kind):
    if key not in data or not isinstance(data[key], kind):
        raise CardFileError(f"{source}: field '{key}' is missing or has the wrong type")
    return data[key]


@dataclass(frozen=True, slots=True)
class DraftOption:
    """One Deck Phase option: draw from ``level``, keep ``pick``, take ``fans``."""

    level: str
    pick: int
    fans: int = 0

    def describe(self) -> str:
        s = f"{self.pick} from {self.level}"
        return s + (f" (+{self.fans} fans)" if self.fans else "")


def _robot_replace(source: str, pairs: list) -> tuple:
    """((card id, how many R cards), ...) from robot.replace's [["alpha", 1], ...]."""
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and type(pair[1]) is int and pair[1] > 0):
            raise CardFileError(f"{source}: field 'robot.replace': each entry is [card id, how many R cards], "
                                f"such as [\"alpha\", 1], not {pair!r}")
    return tuple((c, n) for c, n in pairs)


@dataclass(frozen=True, slots=True)
class Rules:
    """Facts every box shares."""

    rounds: int
    bench_seats: int
    draw: int
    lead_win: int
    trophies: tuple            # per round, the fans of its four trophies
    robot_deck: tuple          # card ids
    robot_replace: tuple       # ((card id, how many R cards), ...)
    robot_multiplayer_max: int


def parse_rules(source: str, text: str) -> Rules:
    d = _load(source, text)
    robot = _need(source, d, "robot", dict)
    trophies = tuple(tuple(r) for r in _need(source, d, "trophies", list))
    if len(trophies) != d.get("rounds"):
        raise CardFileError(f"{source}: field 'trophies' needs one line per round")
    return Rules(
        rounds=_need(source, d, "rounds", int), bench_seats=_need(source, d, "bench_seats", int),
        draw=_need(source, d, "draw", int), lead_win=_need(source, d, "lead_win", int), trophies=trophies,
        robot_deck=tuple(_need(source, robot, "deck", list)),
        robot_replace=_robot_replace(source, _need(source, robot, "replace", list)),
        robot_multiplayer_max=_need(source, robot, "multiplayer_max_level", int),
    )


@dataclass(frozen=True, slots=True)
class Box:
    """A box: its basic set, additional sets, starter deck, caps and draft."""

    id: str
    name: str
    basic: str
    additional: tuple
    first_game_out: str
    starter: tuple
    caps: dict
    draft: tuple               # per round, a tuple of DraftOption
    names: dict


def parse_box(source: str, text: str) -> Box:
    d = _load(source, text)
    caps = _need(source, d, "caps", dict)
    for lv in DRAFT_LEVELS:
        if not isinstance(caps.get(lv), int):
            raise CardFileError(f"{source}: field 'caps' needs a whole number for level {lv}")
    rounds = _need(source, _need(source, d, "draft", dict), "rounds", list)
    draft = []
    for r, options in enumerate(rounds, 1):
        opts = []
        for o in options:
            if o.get("level") not in DRAFT_LEVELS or not isinstance(o.get("pick"), int) or o["pick"] < 1:
                raise CardFileError(f"{source}: field 'draft', round {r}: each option needs a level A/B/C "
                                    f"and a pick of at least 1, not {o!r}")
            opts.append(DraftOption(o["level"], o["pick"], int(o.get("fans", 0))))
        draft.append(tuple(opts))
    names = {"en": _need(source, d, "name", str)}
    if "name_fr" in d:
        names["fr"] = d["name_fr"]
    return Box(id=_need(source, d, "box", str), name=d["name"], basic=_need(source, d, "basic", str),
               additional=tuple(_need(source, d, "additional", list)),
               first_game_out=_need(source, d, "first_game_out", str),
               starter=tuple(_need(source, d, "starter", list)), caps=dict(caps), draft=tuple(draft),
               names=names)


@dataclass(frozen=True, slots=True)
class Plan:
    """Who plays whom, where: ``rounds[r]`` lists (park, light slot, dark slot)."""

    slots: int
    parks: int
    robot_slot: int
    rounds: tuple

    def seat_of(self, round_no: int, slot: int):
        """(park, side) of ``slot`` in round ``round_no`` (1-based); side 0 = light, 1 = dark."""
        for park, light, dark in self.rounds[round_no - 1]:
            if slot == light:
                return park, 0
            if slot == dark:
                return park, 1
        raise KeyError(f"slot {slot} does not play in round {round_no}")


def parse_plan(source: str, text: str) -> Plan:
    d = _load(source, text)
    slots, parks = _need(source, d, "slots", int), _need(source, d, "parks", int)
    robot = _need(source, d, "robot_slot", int)
    rounds = _need(source, d, "rounds", list)
    out = []
    for r, matches in enumerate(rounds, 1):
        seen: set = set()
        row = []
        for m in matches:
            if len(m) != 3:
                raise CardFileError(f"{source}: round {r}: a match is [park, light, dark], not {m!r}")
            park, light, dark = m
            if not (1 <= park <= parks and 1 <= light <= slots and 1 <= dark <= slots):
                raise CardFileError(f"{source}: round {r}: {m!r} names a park or slot that does not exist")
            if {light, dark} & seen or light == dark:
                raise CardFileError(f"{source}: round {r}: a slot plays twice")
            seen |= {light, dark}
            row.append((park, light, dark))
        if len(seen) != slots:
            raise CardFileError(f"{source}: round {r}: every slot must play once")
        out.append(tuple(sorted(row)))
    return Plan(slots, parks, robot, tuple(out))


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first match: one match, no Deck Phase, with a fixed deck for the person
    (``player``) and one for the Robot (``opponent``), card ids; ``seed`` fixes the flag
    toss and the decks' order, so every new player meets the same match."""

    id: str
    names: dict
    box: str
    seed: int
    player: tuple
    opponent: tuple


def parse_lesson(source: str, text: str, known_card) -> Lesson:
    """A lesson's file, checked: ``known_card(id)`` says whether a card id exists; a wrong
    value is refused naming the file, the deck and the card."""
    d = _load(source, text)
    names = {"en": _need(source, d, "name", str)}
    if "name_fr" in d:
        names["fr"] = _need(source, d, "name_fr", str)
    decks = []
    for side in ("player", "opponent"):
        deck = _need(source, _need(source, d, side, dict), "cards", list)
        if not 1 <= len(deck) <= 20:
            raise CardFileError(f"{source}: field '{side}.cards': a deck of 1 to 20 cards, not {len(deck)}")
        for i, cid in enumerate(deck, 1):
            if not isinstance(cid, str) or not known_card(cid):
                raise CardFileError(f"{source}: field '{side}.cards', card {i}: unknown card id {cid!r}")
        decks.append(tuple(deck))
    seed = _need(source, d, "seed", int)
    return Lesson(id=_need(source, d, "lesson", str), names=names, box=_need(source, d, "box", str),
                  seed=seed, player=decks[0], opponent=decks[1])
