"""Cards as data: the effect vocabulary, card types and the catalogue.

A card set is a TOML text (``cards/<box>/<set>.toml``).  This module turns
such texts into frozen :class:`CardType` values and checks them on the way:
unknown keys, power above the box's cap for the level, copies below one,
ill-formed effects and duplicate ids are refused with one message that names
the file, the card, the field and the line.  It reads no file itself: the
caller hands it ``(source name, text)`` pairs.

The vocabulary
--------------
Every effect is a table with ``on`` (when it happens) and ``do`` (what it
does), plus the parameters that action takes.

``on`` (the timing):
    ``reveal``       resolves when revealed (a card with no keyword); a power
                     bonus it gives stays with the card, even in possession.
    ``takes-flag``   once, when this card gets the flag ("If this card gets in
                     flag possession, ...").
    ``attack``       only in the attack that revealed the card.
    ``bench``        while the card sits on its owner's bench; copies stack.
    ``possession``   while the flag is on the card.
    ``flag-loss``    when the flag leaves the card, before the new holder's
                     possession effects.
    ``picked``       once, in the Deck Phase that drafts the card.
    ``no-flag-win``  when revealing the card does not take the flag.
    ``special``      breaks a rule as written (where the card goes, seats).

``do`` (the action), with its parameters:
    ``power``          +``amount`` to this card, times a counter (``per``)
                       divided by ``per_n`` when given.
    ``aura``           (bench) +``amount`` to each of your cards matching
                       ``filter``, ``during`` "always", "attack" or
                       "possession".
    ``next-card``      your next revealed card gets +``amount``; ``during``
                       "attack" ends it with the attack, "kept" keeps it.
    ``fans``           take ``amount`` fans (``per`` = "attacker": one for
                       every card that attacks this card).
    ``move``           move ``count`` cards (``up_to``: or fewer) matching
                       ``filter`` ``from`` a zone ``to`` a zone; ``unit`` =
                       "seat" moves whole bench seats; ``may``: the owner
                       may decline; ``bonus_if_done``: +power to this card
                       if anything moved.
    ``arrange``        look at ``count`` cards ``from`` "deck-top" or
                       "deck-bottom" and put them into the places ``to``
                       lists (one per card, top-most first; a place may be
                       a list of alternatives).
    ``lose``           this card's owner loses the match.
    ``double-bonuses`` every power bonus this card receives counts twice.
    ``extra-pick``     (picked) pick one more card: from the current draw,
                       after paying ``cost`` (a ``move`` table), or from
                       ``draw`` new cards of ``level``.
    ``replace``        (special) a card that would go ``when`` ("bench",
                       "exhaust") goes ``to`` instead.
    ``seat``           (special) ``share_with``: shares a seat with cards of
                       that name; ``double``: takes two seats or joins a
                       seat of its own name, else its owner loses.

Zones: "deck-top", "deck-bottom", "deck" (anywhere: look through it),
"bench", "exhaust", "pile-A"/"pile-B"/"pile-C" (the top of a level pile),
"self" (this card), "discard" (out of the deck: to its level's discard,
starter cards to the box), "box" (out of the game for good).  Prefix
"opponent-" for the opponent's deck, bench and exhaust pile.

Counters (``per`` and conditions): see :data:`COUNTERS`.
Conditions (``if``): ``{ counter = "...", filter = {...}, min = N, max = N }``.
Filters: ``set``, ``name``, ``level``, ``power``, ``power_min``, ``power_max``;
``lowest_power = true`` keeps, of the cards a Match Phase ``move`` looks at
(after the other keys), only those with the lowest base power among them
(the Janitor: "a card with the lowest base power from your bench").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from engine.errors import GameDataError

LEVELS = ("S", "A", "B", "C", "R", "SOLO")
DRAFT_LEVELS = ("A", "B", "C")
KEYWORDS = ("none", "attack", "bench", "possession", "flag-loss", "picked", "no-flag-win", "special")
TRIGGERS = ("reveal", "takes-flag", "attack", "bench", "possession", "flag-loss", "picked", "no-flag-win", "special")
OWN_ZONES = ("deck-top", "deck-bottom", "deck", "bench", "exhaust")
ZONES_FROM = OWN_ZONES + tuple("opponent-" + z for z in OWN_ZONES) + ("pile-A", "pile-B", "pile-C", "self")
ZONES_TO = ("deck-top", "deck-bottom", "bench", "exhaust", "discard", "box",
            "opponent-deck-top", "opponent-deck-bottom", "opponent-bench", "opponent-exhaust")

#: Counters an effect may multiply by or test.  Each is counted for the
#: effect's owner at the moment the effect applies.
COUNTERS = {
    "bench-cards": "cards on your bench (matching the filter)",
    "bench-icons": "different set icons on your bench",
    "bench-powers": "different base powers on your bench",
    "empty-seats": "empty seats on your bench",
    "trophies": "your trophies",
    "opponent-trophies": "your opponent's trophies",
    "fans": "your fan tokens (trophies never count)",
    "exhaust-cards": "cards in your exhaust pile",
    "opponent-exhaust-cards": "cards in your opponent's exhaust pile",
    "deck-cards": "cards left in your deck",
    "cards-below": "cards revealed before this one in this attack",
    "lost-previous-match": "1 if you lost your previous match, else 0",
    "chosen-seat": "cards on a bench seat you choose",
}

FILTER_KEYS = {"set", "name", "level", "power", "power_min", "power_max", "lowest_power"}
COMMON_EFFECT_KEYS = {"on", "do", "if"}
EFFECT_KEYS = {
    "power": {"amount", "per", "per_n", "filter"},
    "aura": {"amount", "filter", "during"},
    "next-card": {"amount", "during"},
    "fans": {"amount", "per"},
    "move": {"from", "to", "count", "up_to", "filter", "may", "unit", "bonus_if_done"},
    "arrange": {"from", "count", "to"},
    "lose": set(),
    "double-bonuses": set(),
    "extra-pick": {"cost", "draw", "level", "may"},
    "replace": {"when", "to"},
    "seat": {"share_with", "double"},
}
ACTIONS_BY_TRIGGER = {
    "reveal": {"power", "next-card", "fans", "move", "arrange", "lose", "double-bonuses"},
    "takes-flag": {"fans", "move"},
    "attack": {"power"},
    "possession": {"power", "fans"},
    "bench": {"aura"},
    "flag-loss": {"next-card", "move", "arrange", "fans"},
    "picked": {"fans", "move", "extra-pick"},
    "no-flag-win": {"fans", "move", "next-card", "arrange"},
    "special": {"replace", "seat"},
}
SET_KEYS = {"set", "name", "name_fr", "box", "kind", "icon", "first_game", "all_icons", "card"}
SET_KINDS = ("basic", "additional", "starter", "robot", "house")
CARD_KEYS = {"id", "name", "name_fr", "level", "power", "copies", "keyword", "effect",
             "provisional", "own_design", "note"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class CardFileError(GameDataError):
    """A card file that does not follow the format; the message says where."""


class Filter:
    """Which cards an effect looks at: by set icon, name, level and base power."""

    __slots__ = ("_memo", "level", "lowest_power", "name", "power", "power_max", "power_min", "set")

    def __init__(self, set=None, name=None, level=None, power=None, power_min=None, power_max=None,
                 lowest_power=False):
        self.set, self.name, self.level = set, name, level
        self.power, self.power_min, self.power_max = power, power_min, power_max
        # Relative to the cards looked at, so not part of the per-card test: the move applies it.
        self.lowest_power = lowest_power
        self._memo = {}

    def __call__(self, ct: CardType) -> bool:
        # Card types are few and immutable: remember each answer.
        hit = self._memo.get(ct.uid)
        if hit is None:
            hit = self._memo[ct.uid] = self._test(ct)
        return hit

    def _test(self, ct: CardType) -> bool:
        if self.set is not None and not ct.has_icon(self.set):
            return False
        if self.name is not None and ct.name != self.name:
            return False
        if self.level is not None and ct.level != self.level:
            return False
        if self.power is not None and ct.power != self.power:
            return False
        if self.power_min is not None and ct.power < self.power_min:
            return False
        return not (self.power_max is not None and ct.power > self.power_max)

    def as_dict(self) -> dict:
        d = {k: getattr(self, k) for k in ("set", "name", "level", "power", "power_min", "power_max")
             if getattr(self, k) is not None}
        if self.lowest_power:
            d["lowest_power"] = True
        return d

    def __repr__(self):
        return f"Filter({self.as_dict()})"


ANY_CARD = Filter()


@dataclass(frozen=True, slots=True)
class Condition:
    """``if``: a counter must lie between ``min`` and ``max`` (inclusive)."""

    counter: str
    filter: Filter | None = None
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card: when it happens (``on``) and what it does (``do``)."""

    on: str
    do: str
    amount: int = 0
    per: str | None = None
    per_n: int = 1
    filter: Filter | None = None
    cond: Condition | None = None
    src: str | None = None
    dst: tuple = ()
    count: int = 1
    up_to: bool = False
    may: bool = False
    unit: str = "card"
    during: str | None = None
    bonus_if_done: int = 0
    cost: Effect | None = None
    draw: int = 0
    level: str | None = None
    when: str | None = None
    share_with: str | None = None
    double: bool = False
    raw: dict = field(default_factory=dict, compare=False, repr=False)


_uid_counter = [0]


@dataclass(frozen=True, slots=True, eq=False)
class CardType:
    """A printed card (all its copies share one type).

    ``power`` is the base power; a card whose base power is the round being
    played (the Robot's Cyborg) has ``round_power`` set and ``power`` 0.
    The effect tuples by timing are precomputed so that play never scans.
    """

    id: str
    name: str
    set: str
    level: str
    power: int
    copies: int
    keyword: str = "none"
    effects: tuple = ()
    box: str = "base"
    names: dict = field(default_factory=dict)
    all_icons: bool = False
    # The set icons the card carries: its set's; a Rainbow card (all_icons) carries
    # those of its box's first game unless the game in play says otherwise
    # (the Match's icons_in_play).  Filled in when the card's box is loaded.
    icons: frozenset = frozenset()
    round_power: bool = False
    provisional: bool = False
    own_design: bool = False
    note: str = ""
    uid: int = -1
    # derived
    on_reveal: tuple = ()
    on_takes_flag: tuple = ()
    on_attack: tuple = ()
    on_bench: tuple = ()
    on_possession: tuple = ()
    on_flag_loss: tuple = ()
    on_picked: tuple = ()
    on_no_flag_win: tuple = ()
    bench_to: str | None = None
    exhaust_to: str | None = None
    seat_key: str = ""
    double_seat: bool = False
    doubles_bonuses: bool = False

    def has_icon(self, set_id: str) -> bool:
        """Rainbow cards carry every set icon."""
        return self.all_icons or self.set == set_id

    @property
    def starter(self) -> bool:
        return self.level == "S"

    def __repr__(self):
        return f"<{self.id}>"


def make_card_type(**kw) -> CardType:
    """Build a card type, deriving the per-timing effect tuples."""
    effects = tuple(kw.get("effects", ()))
    by = {t: tuple(e for e in effects if e.on == t) for t in TRIGGERS}
    bench_to = exhaust_to = None
    share = None
    double = False
    for e in by["special"]:
        if e.do == "replace":
            if e.when == "bench":
                bench_to = e.dst[0]
            else:
                exhaust_to = e.dst[0]
        elif e.do == "seat":
            share = e.share_with or share
            double = double or e.double
    _uid_counter[0] += 1
    return CardType(
        **kw,
        uid=_uid_counter[0],
        on_reveal=tuple(e for e in by["reveal"] if e.do != "double-bonuses"),
        on_takes_flag=by["takes-flag"],
        on_attack=by["attack"],
        on_bench=by["bench"],
        on_possession=by["possession"],
        on_flag_loss=by["flag-loss"],
        on_picked=by["picked"],
        on_no_flag_win=by["no-flag-win"],
        bench_to=bench_to,
        exhaust_to=exhaust_to,
        seat_key=share or kw["name"],
        double_seat=double,
        doubles_bonuses=any(e.do == "double-bonuses" for e in effects),
    )


@dataclass(frozen=True, slots=True)
class CardSet:
    """A set as printed: its id, names, box, kind and cards."""

    id: str
    name: str
    box: str
    kind: str
    cards: tuple
    names: dict
    first_game: bool = True
    source: str = ""

    @property
    def size(self) -> int:
        return sum(c.copies for c in self.cards)


class _Where:
    """Builds error messages that name the file, the card, the field and the line."""

    def __init__(self, source: str, text: str):
        self.source, self.lines = source, text.splitlines()

    def line_of(self, card_id: str | None, key: str | None) -> int | None:
        if card_id is None:
            start = 0
        else:
            pat = re.compile(r'^\s*id\s*=\s*"' + re.escape(card_id) + '"')
            found = next((i for i, l in enumerate(self.lines) if pat.match(l)), None)
            if found is None:
                return None
            start = found
        if key:
            pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
            for i in range(start, len(self.lines)):
                if i > start and card_id is not None and re.match(r"^\s*\[\[card\]\]", self.lines[i]):
                    break
                if pat.match(self.lines[i]):
                    return i + 1
        return start + 1

    def fail(self, msg: str, card_id: str | None = None, key: str | None = None) -> NoReturn:
        parts = [self.source]
        line = self.line_of(card_id, key)
        if card_id is not None:
            parts.append(f"card '{card_id}'")
        if key is not None:
            parts.append(f"field '{key}'")
        if line is not None:
            parts.append(f"line {line}")
        raise CardFileError(": ".join([", ".join(parts), msg]))


def _check_keys(where, table: dict, allowed: set, card_id, context: str):
    for k in table:
        if k not in allowed:
            where.fail(f"unknown key '{k}' in {context} (known: {', '.join(sorted(allowed))})", card_id, k)


def _int(where, value, card_id, key, minimum=None, maximum=None):
    if isinstance(value, bool) or not isinstance(value, int):
        where.fail(f"must be a whole number, not {value!r}", card_id, key)
    if minimum is not None and value < minimum:
        where.fail(f"must be at least {minimum}, not {value}", card_id, key)
    if maximum is not None and value > maximum:
        where.fail(f"must be at most {maximum}, not {value}", card_id, key)
    return value


def _filter(where, raw, card_id, key="filter") -> Filter:
    if not isinstance(raw, dict):
        where.fail("must be a table such as { set = \"castle\" }", card_id, key)
    _check_keys(where, raw, FILTER_KEYS, card_id, "a filter")
    for k in ("power", "power_min", "power_max"):
        if k in raw:
            _int(where, raw[k], card_id, k, 0)
    if "level" in raw and raw["level"] not in LEVELS:
        where.fail(f"unknown level {raw['level']!r} (one of {', '.join(LEVELS)})", card_id, "level")
    for k in ("set", "name"):
        if k in raw and not isinstance(raw[k], str):
            where.fail("must be a string", card_id, k)
    if "lowest_power" in raw and not isinstance(raw["lowest_power"], bool):
        where.fail("must be true or false", card_id, "lowest_power")
    return Filter(**raw)


def _condition(where, raw, card_id) -> Condition:
    if not isinstance(raw, dict):
        where.fail("must be a table such as { counter = \"trophies\", max = 3 }", card_id, "if")
    _check_keys(where, raw, {"counter", "filter", "min", "max"}, card_id, "a condition")
    counter = raw.get("counter")
    if not isinstance(counter, str) or counter not in COUNTERS or counter == "chosen-seat":
        where.fail(f"unknown counter {counter!r} (one of {', '.join(c for c in COUNTERS if c != 'chosen-seat')})",
                   card_id, "counter")
    if "min" not in raw and "max" not in raw:
        where.fail("a condition needs min or max", card_id, "if")
    flt = _filter(where, raw["filter"], card_id) if "filter" in raw else None
    return Condition(counter, flt,
                     _int(where, raw["min"], card_id, "min") if "min" in raw else None,
                     _int(where, raw["max"], card_id, "max") if "max" in raw else None)


def _zone(where, value, allowed, card_id, key):
    if value not in allowed:
        where.fail(f"unknown zone {value!r} (one of {', '.join(allowed)})", card_id, key)
    return value


def parse_effect(where: _Where, raw: dict, card_id: str, nested: bool = False) -> Effect:
    if not isinstance(raw, dict):
        where.fail("each effect must be a table with 'on' and 'do'", card_id, "effect")
    on, do = raw.get("on"), raw.get("do")
    if nested:
        on = on or "picked"
    elif on not in TRIGGERS:
        where.fail(f"unknown timing {on!r} (one of {', '.join(TRIGGERS)})", card_id, "on")
    if not isinstance(do, str) or do not in EFFECT_KEYS:
        where.fail(f"unknown action {do!r} (one of {', '.join(EFFECT_KEYS)})", card_id, "do")
    if not nested and do not in ACTIONS_BY_TRIGGER[on]:
        where.fail(f"action '{do}' cannot happen on '{on}' (allowed: {', '.join(sorted(ACTIONS_BY_TRIGGER[on]))})",
                   card_id, "do")
    _check_keys(where, raw, EFFECT_KEYS[do] | COMMON_EFFECT_KEYS, card_id, f"a '{do}' effect")
    kw: dict[str, Any] = {"on": on, "do": do, "raw": raw}
    if "amount" in raw:
        kw["amount"] = _int(where, raw["amount"], card_id, "amount", -20, 20)
    elif do in ("aura", "next-card", "fans") or (do == "power"):
        where.fail(f"a '{do}' effect needs an amount", card_id, "do")
    if "per" in raw:
        per = raw["per"]
        allowed = ("attacker",) if do == "fans" else tuple(COUNTERS)
        if per not in allowed:
            where.fail(f"unknown counter {per!r} (one of {', '.join(allowed)})", card_id, "per")
        kw["per"] = per
    if "per_n" in raw:
        kw["per_n"] = _int(where, raw["per_n"], card_id, "per_n", 1)
    if "filter" in raw:
        kw["filter"] = _filter(where, raw["filter"], card_id)
    if "if" in raw:
        kw["cond"] = _condition(where, raw["if"], card_id)
    if "during" in raw:
        allowed = ("always", "attack", "possession") if do == "aura" else ("attack", "kept")
        if raw["during"] not in allowed:
            where.fail(f"unknown value {raw['during']!r} (one of {', '.join(allowed)})", card_id, "during")
        kw["during"] = raw["during"]
    elif do == "aura":
        kw["during"] = "always"
    elif do == "next-card":
        kw["during"] = "kept"
    if do == "move":
        if "from" not in raw or "to" not in raw:
            where.fail("a 'move' effect needs 'from' and 'to'", card_id, "do")
        kw["src"] = _zone(where, raw["from"], ZONES_FROM, card_id, "from")
        kw["dst"] = (_zone(where, raw["to"], ZONES_TO, card_id, "to"),)
        if "count" in raw:
            kw["count"] = _int(where, raw["count"], card_id, "count", 1, 10)
        for k in ("up_to", "may"):
            if k in raw:
                if not isinstance(raw[k], bool):
                    where.fail("must be true or false", card_id, k)
                kw[k] = raw[k]
        if "unit" in raw:
            if raw["unit"] not in ("card", "seat"):
                where.fail("unit must be 'card' or 'seat'", card_id, "unit")
            if raw["unit"] == "seat" and not raw["from"].endswith("bench"):
                where.fail("unit 'seat' needs a bench to move from", card_id, "unit")
            kw["unit"] = raw["unit"]
        if "bonus_if_done" in raw:
            kw["bonus_if_done"] = _int(where, raw["bonus_if_done"], card_id, "bonus_if_done", 0, 20)
    elif do == "arrange":
        src = raw.get("from")
        if src not in ("deck-top", "deck-bottom"):
            where.fail("an 'arrange' effect looks at 'deck-top' or 'deck-bottom'", card_id, "from")
        kw["src"] = src
        kw["count"] = _int(where, raw.get("count", 1), card_id, "count", 1, 5)
        places = raw.get("to")
        if not isinstance(places, list) or len(places) != kw["count"]:
            where.fail(f"'to' must list one place for each of the {kw['count']} cards", card_id, "to")
        norm = []
        for p in places:
            alts = tuple(p) if isinstance(p, list) else (p,)
            for a in alts:
                _zone(where, a, ("deck-top", "deck-bottom", "exhaust"), card_id, "to")
            norm.append(alts)
        kw["dst"] = tuple(norm)
    elif do == "extra-pick":
        if "cost" in raw:
            cost = parse_effect(where, {**raw["cost"], "do": "move"}, card_id, nested=True) \
                if isinstance(raw["cost"], dict) else where.fail("cost must be a table", card_id, "cost")
            kw["cost"] = cost
        if "draw" in raw:
            kw["draw"] = _int(where, raw["draw"], card_id, "draw", 1, 5)
            if raw.get("level") not in DRAFT_LEVELS:
                where.fail("a draw needs a level: A, B or C", card_id, "level")
            kw["level"] = raw["level"]
        if "may" in raw:
            kw["may"] = bool(raw["may"])
    elif do == "replace":
        if raw.get("when") not in ("bench", "exhaust"):
            where.fail("'when' must be 'bench' or 'exhaust'", card_id, "when")
        kw["when"] = raw["when"]
        kw["dst"] = (_zone(where, raw.get("to"), ("exhaust", "deck-top", "deck-bottom"), card_id, "to"),)
    elif do == "seat":
        if "share_with" in raw:
            if not isinstance(raw["share_with"], str):
                where.fail("must be a card name", card_id, "share_with")
            kw["share_with"] = raw["share_with"]
        if "double" in raw:
            kw["double"] = bool(raw["double"])
        if "share_with" not in raw and not kw.get("double"):
            where.fail("a 'seat' effect needs share_with or double", card_id, "do")
    return Effect(**kw)


def parse_set(source: str, text: str, caps: dict | None = None, box_caps: dict | None = None) -> CardSet:
    """Parse and check one set file.

    ``caps`` maps a level to the box's highest base power for it
    (``{"A": 3, "B": 5, "C": 10}``); or ``box_caps`` maps each box id to its
    caps, and the set's own ``box`` field picks them (a house set).  Without
    either, powers are not capped.
    """
    where = _Where(source, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CardFileError(f"{source}: not valid TOML: {e}") from None
    _check_keys(where, data, SET_KEYS, None, "the set")
    for k in ("set", "name", "box", "kind"):
        if not isinstance(data.get(k), str):
            where.fail("missing or not a string", None, k)
    if data["kind"] not in SET_KINDS:
        where.fail(f"unknown kind {data['kind']!r} (one of {', '.join(SET_KINDS)})", None, "kind")
    if box_caps is not None:
        if data["box"] not in box_caps:
            where.fail(f"unknown box {data['box']!r} (one of {', '.join(box_caps)})", None, "box")
        caps = box_caps[data["box"]]
    set_id = data["set"]
    cards = []
    seen = set()
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        where.fail("a set needs [[card]] tables", None, "card")
    for raw in raw_cards:
        cid = raw.get("id")
        if not isinstance(cid, str) or not ID_PATTERN.match(cid):
            where.fail(f"every card needs an id in lower-case-hyphenated form, not {cid!r}", None, "id")
        if cid in seen:
            where.fail("this id appears twice in the file", cid, "id")
        seen.add(cid)
        _check_keys(where, raw, CARD_KEYS, cid, "a card")
        for k in ("name", "level"):
            if not isinstance(raw.get(k), str):
                where.fail("missing or not a string", cid, k)
        level = raw["level"]
        if level not in LEVELS:
            where.fail(f"unknown level {level!r} (one of {', '.join(LEVELS)})", cid, "level")
        power = raw.get("power")
        round_power = power == "round"
        if round_power:
            power = 0
        else:
            _int(where, power, cid, "power", 0)
            if caps and level in caps and power > caps[level]:
                where.fail(f"base power {power} is above the Level {level} cap of {caps[level]} in this box",
                           cid, "power")
        _int(where, raw.get("copies"), cid, "copies", 1)
        keyword = raw.get("keyword", "none")
        if keyword not in KEYWORDS:
            where.fail(f"unknown keyword {keyword!r} (one of {', '.join(KEYWORDS)})", cid, "keyword")
        effects = raw.get("effect", [])
        if not isinstance(effects, list):
            where.fail("effects are written as [[card.effect]] tables", cid, "effect")
        parsed = tuple(parse_effect(where, e, cid) for e in effects)
        names = {"en": raw["name"]}
        if "name_fr" in raw:
            names["fr"] = raw["name_fr"]
        cards.append(make_card_type(
            id=cid, name=raw["name"], set=data.get("icon", set_id), level=level, power=power, copies=raw["copies"],
            keyword=keyword, effects=parsed, box=data["box"], names=names,
            all_icons=bool(data.get("all_icons", False)), icons=frozenset((data.get("icon", set_id),)),
            round_power=round_power,
            provisional=bool(raw.get("provisional", False)), own_design=bool(raw.get("own_design", False)),
            note=str(raw.get("note", "")),
        ))
    names = {"en": data["name"]}
    if "name_fr" in data:
        names["fr"] = data["name_fr"]
    return CardSet(id=set_id, name=data["name"], box=data["box"], kind=data["kind"], cards=tuple(cards),
                   names=names, first_game=bool(data.get("first_game", True)), source=source)


#: How many cards a set of each kind holds, as printed.
SET_SIZES = {"basic": 20, "additional": 40}


class Catalogue:
    """Every card set known: the boxes, their sets and card types by id."""

    def __init__(self, sets: Iterable[CardSet], boxes: dict | None = None):
        self.sets: dict[str, CardSet] = {}
        self.cards: dict[str, CardType] = {}
        self.boxes = boxes or {}
        for s in sets:
            self.add(s)

    def add(self, s: CardSet):
        if s.id in self.sets:
            raise CardFileError(f"{s.source}: field 'set', the set id '{s.id}' is already used by "
                                f"{self.sets[s.id].source}")
        expected = SET_SIZES.get(s.kind)
        if expected is not None and s.size != expected:
            raise CardFileError(f"{s.source}: field 'copies', {'an' if s.kind[0] in 'aeiou' else 'a'} {s.kind} "
                                f"set holds {expected} cards, this one {s.size}")
        for c in s.cards:
            if c.id in self.cards:
                raise CardFileError(f"{s.source}: card '{c.id}', field 'id', the id is already used in "
                                    f"{self.sets[self.cards[c.id].set].source}")
        self.sets[s.id] = s
        for c in s.cards:
            self.cards[c.id] = c

    def card(self, card_id: str) -> CardType:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"unknown card id '{card_id}' (see `tablecup cards list`)") from None
