"""Cosplay Team Battle's cards: the data file read, checked and numbered.

The box holds characters and equipment (the *library*), objective cards in
three levels, Drama cards, and each player's ten starters.  No card list is
published, so every card is the project's own design, kept in
``cards/cosplay/*.toml`` (marked ``own_design = true``).  A card's ability is
a word of a small vocabulary with a number and, for some words, a resource
kind: no card needs code of its own, and a new data file replaces the whole
box without touching the engine.

Every card copy on the table is an *instance*, a small int; what it is
(cost, points, logo, ability) is looked up in flat tuples indexed by that
int, because the rules ask these questions in their innermost loops.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import GameDataError

__all__ = [
    "ABILITIES",
    "BADASS",
    "CRAFT",
    "KAWAII",
    "KINDS",
    "LOGOS",
    "CardDataError",
    "CardType",
    "Catalogue",
    "Effect",
    "load",
]

# Resources, as indexes into a points vector (badass, kawaii, craft).
BADASS, KAWAII, CRAFT = 0, 1, 2
KINDS = ("badass", "kawaii", "craft")

# The five activation logos of the rulebook.
LOGOS = ("discard", "influence", "recruit", "sacrifice", "support")

# Ability words -> (needs a number?, needs a resource kind?).  "passion" is La Passion's:
# recruit from another player's assistance zone.
ABILITIES: dict[str, tuple[bool, bool]] = {
    "draw": (True, False),        # draw n cards from your reserve
    "gain": (True, True),         # n points of a kind for one payment this turn
    "drama": (True, False),       # send n Drama cards to an opponent's discard, free
    "cemetery": (False, False),   # send a card of a recruitment zone to the cemetery
    "discount": (True, True),     # recruitments cost n less of a kind (this turn, or while in play)
    "recover": (True, False),     # take n cards from your discard into your hand
    "drama-cost": (True, False),  # Drama cards cost n more (n < 0: less) while in play
    "score": (True, False),       # n objective points
    "passion": (False, False),    # La Passion: recruit from another player's assistance zone
}
# What Influence may do: only lasting changes (it applies "for the rest of the turn").
INFLUENCE_WORDS = frozenset({"discount", "drama-cost"})
# Words that only make sense as a lasting change.
LASTING_ONLY = frozenset({"drama-cost"})

TYPES = ("character", "equipment", "objective", "drama", "starter")
ENCUMBRANCE = {"1": 1, "2": 2, "unlimited": 0}     # 0: no limit


class CardDataError(GameDataError):
    """A data file that is not a valid Cosplay Team Battle box; the message names
    the file, the card and the field."""


#: How a card's parser complains: the field and why, as the error to raise.
_Complaint = Callable[[str, str], CardDataError]


@dataclass(frozen=True, slots=True)
class Effect:
    """An ability: ``do`` a word of :data:`ABILITIES`, ``n`` its number, ``kind`` a
    resource index (or -1)."""

    do: str
    n: int = 0
    kind: int = -1


@dataclass(frozen=True, slots=True)
class CardType:
    """One card as printed.

    ``cost`` is (BADASS, KAWAII, CRAFT, any): the last is a multicolour part
    that any resource pays.  ``gives`` is the points it pays with, by kind.
    ``encumbrance`` (equipment): how many equipment cards a character wearing
    it may carry in all, 0 for no limit.  ``points`` (objectives): the
    objective points it scores.  ``combo``: the partner card ids and the extra
    ability the duo or trio unlocks.
    """

    id: str
    name: str
    type: str
    source: str
    cost: tuple[int, int, int, int] = (0, 0, 0, 0)
    gives: tuple[int, int, int] = (0, 0, 0)
    logo: str | None = None
    ability: Effect | None = None
    combo_with: tuple[str, ...] = ()
    combo: Effect | None = None
    encumbrance: int = 0
    level: int = 0
    points: int = 0
    copies: int = 1
    name_fr: str = ""

    @property
    def printed_cost(self) -> int:
        """The sum of the printed cost, every resource together (for the end-of-game bonus)."""
        return sum(self.cost)

    def title(self, lang: str = "en") -> str:
        return (self.name_fr or self.name) if lang == "fr" else self.name


@dataclass
class Catalogue:
    """The checked box, and every card instance numbered.

    Instances: the library (characters and equipment, every copy), then the
    objectives, then the Drama cards; each player's starters are numbered when
    a game is set up (:meth:`starter_instances`), after those.
    """

    types: dict[str, CardType]
    rules: dict[str, int]
    own_design: bool
    # instance -> type, and the flat facts the rules read
    inst_type: list[CardType] = field(default_factory=list)
    library: tuple[int, ...] = ()
    objectives: tuple[tuple[int, ...], ...] = ((), (), ())      # by level 1, 2, 3
    drama: tuple[int, ...] = ()
    starters: tuple[CardType, ...] = ()                          # one player's ten, in order
    drama_cost: int = 0                                          # a Drama card's printed (multicolour) cost
    _by_players: dict = field(default_factory=dict, repr=False)

    def card(self, card_id: str) -> CardType:
        try:
            return self.types[card_id]
        except KeyError:
            raise KeyError(f"unknown Cosplay Team Battle card {card_id!r}") from None

    def with_players(self, n: int) -> Instances:
        """Every instance of an ``n``-player game (built once per player count)."""
        inst = self._by_players.get(n)
        if inst is None:
            inst = self._by_players[n] = Instances.build(self, n)
        return inst


@dataclass
class Instances:
    """Every card instance of a game with ``n`` players, and its facts as flat tuples."""

    cat: Catalogue
    n: int
    types: tuple[CardType, ...]
    starters: tuple[tuple[int, ...], ...]          # per player
    cost: tuple[tuple[int, int, int, int], ...]
    gives: tuple[tuple[int, int, int], ...]
    total_gives: tuple[int, ...]
    kind: tuple[str, ...]
    recruit_value: tuple[int, ...]                 # printed cost of characters and equipment, else 0
    influential: frozenset[int]                    # the cards with the Influence logo (lasting effects in play)
    influence: dict[int, tuple[int, int]]          # theirs: (resource discounted, or -1: the Drama cost; by how much)
    usable: frozenset[int]                         # a duo or trio, or a Défausse or Sacrifice ability

    @classmethod
    def build(cls, cat: Catalogue, n: int) -> Instances:
        types = list(cat.inst_type)
        starters = []
        for _p in range(n):
            first = len(types)
            types.extend(cat.starters)
            starters.append(tuple(range(first, len(types))))
        return cls(cat, n, tuple(types), tuple(starters), tuple(t.cost for t in types),
                   tuple(t.gives for t in types), tuple(sum(t.gives) for t in types), tuple(t.type for t in types),
                   tuple(t.printed_cost if t.type in ("character", "equipment") else 0 for t in types),
                   frozenset(i for i, t in enumerate(types) if t.logo == "influence"),
                   {i: _lasting(t) for i, t in enumerate(types) if t.logo == "influence"},
                   frozenset(i for i, t in enumerate(types) if t.combo is not None or t.logo in ("discard", "sacrifice")))


def _lasting(t: CardType) -> tuple[int, int]:
    """An Influence card's lasting effect: (the resource it discounts, or -1 when it changes the
    Drama cost; by how much)."""
    a = t.ability
    assert a is not None, "the card files give every card with a logo its ability"
    return (a.kind if a.do == "discount" else -1), a.n


# ---------------------------------------------------------------------------- loading

def load(source: Any, folder: str = "cosplay") -> Catalogue:
    """Read and check every ``*.toml`` of ``folder`` through ``source`` (an object
    with ``files(folder)``, e.g. the ``cards`` package)."""
    files = list(source.files(folder))
    if not files:
        raise CardDataError(f"{folder}/: no Cosplay Team Battle data file")
    return load_texts(files)


def load_texts(files: Iterable[tuple[str, str]]) -> Catalogue:
    """The catalogue from ``[(path, TOML text)]``; the first error names the file, card and field."""
    types: dict[str, CardType] = {}
    rules: dict[str, int] = {}
    own = True
    for path, text in files:
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise CardDataError(f"{path}: not valid TOML: {e}") from None
        if doc.get("own_design") is not True:
            raise CardDataError(f"{path}: field 'own_design': must be true (no card list is published, "
                                "every card here is the project's own design)")
        unknown = set(doc) - {"own_design", "rules", *TYPES}
        if unknown:
            raise CardDataError(f"{path}: unknown table(s) {', '.join(sorted(unknown))} "
                                f"(expected rules, {', '.join(TYPES)})")
        for key, value in doc.get("rules", {}).items():
            if key not in RULE_KEYS:
                raise CardDataError(f"{path}: field 'rules.{key}': unknown rule (one of {', '.join(RULE_KEYS)})")
            if type(value) is not int or value < RULE_KEYS[key]:
                raise CardDataError(f"{path}: field 'rules.{key}': a whole number of at least {RULE_KEYS[key]}")
            rules[key] = value
        for kind in TYPES:
            rows = doc.get(kind, [])
            if not isinstance(rows, list):
                raise CardDataError(f"{path}: field '{kind}': a list of cards ([[{kind}]])")
            for i, row in enumerate(rows):
                card = _card(path, kind, i, row)
                if card.id in types:
                    raise CardDataError(f"{path}: card {card.id!r}, field 'id': already used in {types[card.id].source}")
                types[card.id] = card
    for key in RULE_KEYS:
        if key not in rules:
            raise CardDataError(f"rules: field 'rules.{key}' is missing from every data file")
    _check_box(types)
    return _number(types, rules, own)


RULE_KEYS = {"hand_size": 1, "zones": 1}

_FIELDS = {
    "character": {"id", "name", "name_fr", "copies", "cost", "gives", "logo", "ability", "combo"},
    "equipment": {"id", "name", "name_fr", "copies", "cost", "gives", "logo", "ability", "combo", "encumbrance"},
    "objective": {"id", "name", "name_fr", "copies", "cost", "points", "level", "logo", "ability"},
    "drama": {"id", "name", "name_fr", "copies", "cost"},
    "starter": {"id", "name", "name_fr", "copies", "gives", "ability"},
}
# Which resources each type's cost may name.
_COST_KINDS = {
    "character": {"badass", "kawaii"},
    "equipment": {"craft"},
    "objective": {"badass", "kawaii", "craft", "any"},
    "drama": {"any"},
    "starter": set(),
}


def _card(path: str, kind: str, i: int, row: Any) -> CardType:
    where = f"{path}: {kind} #{i + 1}"
    if not isinstance(row, dict):
        raise CardDataError(f"{where}: a card is a table of fields")
    cid = row.get("id")
    if not isinstance(cid, str) or not cid or not all(ch.isalnum() and ch.islower() or ch.isdigit() or ch == "-"
                                                      for ch in cid) or not cid[0].isalpha():
        raise CardDataError(f"{where}, field 'id': a lower-case id like 'neon-ronin', not {cid!r}")
    where = f"{path}: card {cid!r}"

    def bad(fieldname: str, why: str) -> CardDataError:
        return CardDataError(f"{where}, field '{fieldname}': {why}")

    extra = set(row) - _FIELDS[kind]
    if extra:
        raise bad(min(extra), f"not a field of a {kind} card (fields: {', '.join(sorted(_FIELDS[kind]))})")
    name = row.get("name")
    if not isinstance(name, str) or not name.strip():
        raise bad("name", "a card needs a name")
    name_fr = row.get("name_fr", "")
    if not isinstance(name_fr, str):
        raise bad("name_fr", "a text")
    copies = row.get("copies", 1)
    if type(copies) is not int or not 1 <= copies <= 40:
        raise bad("copies", f"a whole number from 1 to 40, not {copies!r}")

    cost = _vector(row.get("cost", {}), _COST_KINDS[kind], "cost", bad, with_any=True)
    if kind != "starter" and sum(cost) <= 0:
        raise bad("cost", f"a {kind} costs something")
    gives_kinds = {"character": {"badass", "kawaii"}, "equipment": {"craft"}, "starter": set(KINDS)}.get(kind, set())
    gives = _vector(row.get("gives", {}), gives_kinds, "gives", bad, with_any=False)[:3]
    if kind in ("character", "equipment") and sum(gives) <= 0:
        raise bad("gives", f"a {kind} gives points to pay with")

    logo = row.get("logo")
    if logo is not None and logo not in LOGOS:
        raise bad("logo", f"one of {', '.join(LOGOS)}, not {logo!r}")
    ability = _effect(row["ability"], "ability", bad) if "ability" in row else None
    if kind == "starter":
        if ability is not None and ability.do != "passion":
            raise bad("ability", "a starter's only ability is 'passion' (La Passion)")
    else:
        if ability is not None and ability.do == "passion":
            raise bad("ability", "'passion' is La Passion's (a starter)")
        if (ability is None) != (logo is None):
            raise bad("logo" if ability is not None else "ability",
                      "an ability needs an activation logo, and a logo an ability")
        if ability is not None:
            if logo == "influence" and ability.do not in INFLUENCE_WORDS:
                raise bad("ability", f"an Influence card only changes costs while in play "
                                     f"({', '.join(sorted(INFLUENCE_WORDS))}), not {ability.do!r}")
            if logo != "influence" and ability.do in LASTING_ONLY:
                raise bad("ability", f"{ability.do!r} lasts while the card is in play: it needs the influence logo")

    combo_with: tuple[str, ...] = ()
    combo = None
    if "combo" in row:
        c = row["combo"]
        if not isinstance(c, dict):
            raise bad("combo", "a table: { with = [partner ids], do = ..., n = ... }")
        partners = c.get("with")
        if (not isinstance(partners, list) or not 1 <= len(partners) <= 2
                or not all(isinstance(p, str) for p in partners)):
            raise bad("combo", "'with' lists one (duo) or two (trio) partner card ids")
        combo_with = tuple(partners)
        combo = _effect({k: v for k, v in c.items() if k != "with"}, "combo", bad)
        if combo.do in LASTING_ONLY or combo.do == "passion":
            raise bad("combo", f"a combo cannot {combo.do!r}")

    enc = 0
    if kind == "equipment":
        e = row.get("encumbrance")
        if not isinstance(e, str) or e not in ENCUMBRANCE:
            raise bad("encumbrance", f"one of \"1\", \"2\", \"unlimited\" (equipment per character), not {e!r}")
        enc = ENCUMBRANCE[e]
    level = points = 0
    if kind == "objective":
        raw_level = row.get("level")
        if raw_level not in (1, 2, 3):
            raise bad("level", f"1, 2 or 3, not {raw_level!r}")
        level = raw_level
        raw_points = row.get("points")
        if type(raw_points) is not int or raw_points < 1:
            raise bad("points", f"the objective points it scores (at least 1), not {raw_points!r}")
        points = raw_points
    return CardType(cid, name.strip(), kind, path, cost, gives, logo, ability, combo_with, combo, enc, level,
                    points, copies, name_fr)


def _vector(value: Any, allowed: set[str], fieldname: str, bad: _Complaint, with_any: bool) -> tuple[int, int, int, int]:
    if not isinstance(value, dict):
        raise bad(fieldname, "a table of resources, e.g. { badass = 2, kawaii = 1 }")
    out = [0, 0, 0, 0]      # badass, kawaii, cool, any
    for k, v in value.items():
        if k not in allowed:
            raise bad(fieldname, f"{k!r} is not a resource this card may name "
                                 f"({', '.join(sorted(allowed)) or 'none'})")
        if type(v) is not int or not 0 <= v <= 30:
            raise bad(fieldname, f"{k} must be a whole number from 0 to 30, not {v!r}")
        out[3 if k == "any" else KINDS.index(k)] = v
    return out[0], out[1], out[2], out[3]


def _effect(value: Any, fieldname: str, bad: _Complaint) -> Effect:
    if not isinstance(value, dict):
        raise bad(fieldname, "a table like { do = \"draw\", n = 1 }")
    extra = set(value) - {"do", "n", "kind"}
    if extra:
        raise bad(fieldname, f"unknown key {min(extra)!r} (do, n, kind)")
    do = value.get("do")
    if not isinstance(do, str) or do not in ABILITIES:
        raise bad(fieldname, f"unknown ability {do!r} (one of {', '.join(ABILITIES)})")
    needs_n, needs_kind = ABILITIES[do]
    n = value.get("n", 0)
    if needs_n:
        if type(n) is not int or n == 0 or abs(n) > 10 or (n < 0 and do != "drama-cost"):
            raise bad(fieldname, f"{do!r} needs a number n from 1 to 10, not {n!r}")
    elif "n" in value:
        raise bad(fieldname, f"{do!r} takes no number")
    kind = -1
    if needs_kind:
        k = value.get("kind")
        if k not in KINDS:
            raise bad(fieldname, f"{do!r} needs a kind ({', '.join(KINDS)}), not {k!r}")
        kind = KINDS.index(k)
    elif "kind" in value:
        raise bad(fieldname, f"{do!r} takes no kind")
    return Effect(do, n, kind)


def _check_box(types: dict[str, CardType]) -> None:
    for t in types.values():
        for p in t.combo_with:
            if p not in types:
                raise CardDataError(f"{t.source}: card {t.id!r}, field 'combo': unknown partner {p!r}")
            if p == t.id:
                raise CardDataError(f"{t.source}: card {t.id!r}, field 'combo': a card is not its own partner")
            if types[p].type not in ("character", "equipment"):
                raise CardDataError(f"{t.source}: card {t.id!r}, field 'combo': partner {p!r} is not a "
                                    "character or an equipment")
    by_type: dict[str, list[CardType]] = {k: [t for t in types.values() if t.type == k] for k in TYPES}
    for kind in ("character", "equipment", "objective", "drama", "starter"):
        if not by_type[kind]:
            raise CardDataError(f"no {kind} card in the data")
    if len(by_type["drama"]) != 1:
        raise CardDataError(f"{by_type['drama'][1].source}: card {by_type['drama'][1].id!r}: "
                            "the Drama cards are all alike (one [[drama]] entry with copies)")
    if sum(1 for t in by_type["starter"] if t.ability and t.ability.do == "passion") != 1:
        raise CardDataError("starter: exactly one starter card is La Passion (ability 'passion')")
    for level in (1, 2, 3):
        if not any(t.level == level for t in by_type["objective"]):
            raise CardDataError(f"objective: no level-{level} objective in the data")


def _number(types: dict[str, CardType], rules: dict[str, int], own: bool) -> Catalogue:
    cat = Catalogue(types, rules, own)
    inst: list[CardType] = []

    def add(t: CardType) -> list[int]:
        first = len(inst)
        inst.extend([t] * t.copies)
        return list(range(first, len(inst)))

    library = [i for t in types.values() if t.type in ("character", "equipment") for i in add(t)]
    objectives = tuple(tuple(i for t in types.values() if t.type == "objective" and t.level == lv for i in add(t))
                       for lv in (1, 2, 3))
    drama = tuple(i for t in types.values() if t.type == "drama" for i in add(t))
    cat.inst_type = inst
    cat.library = tuple(library)
    cat.objectives = objectives
    cat.drama = drama
    cat.starters = tuple(t for t in types.values() if t.type == "starter" for _ in range(t.copies))
    cat.drama_cost = next(t.cost[3] for t in types.values() if t.type == "drama")
    return cat
