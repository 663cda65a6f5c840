"""Between Battle's cards as data: the characters, their decks and help cards.

The rulebook prints no card list, so the decks are the project's own design,
kept in TOML files of ``cards/between/`` that say so (``own_design = true``).
This module turns such texts into frozen values and checks them on the way:
an unknown key, a value out of range, a Link that also carries an ability,
a character without exactly one help card's worth of fields, a duplicate
card id -- each refused with one message naming the file, the card and the
field.  It reads no file itself: :func:`load` takes a data source (anything
with ``files(folder) -> [(path, text)]``, such as the ``cards`` package).

A character file::

    own_design = true        # required: say whose design the numbers are
    hand_size = 5            # optional, the same in every file that gives it

    [[character]]
    id = "pirate"
    names = { en = "Pirate", fr = "Pirate" }
    hit_points = 10
    special = "discard-random"     # the effect of its special cards
    unique = "tutor"               # the effect of its unique card
    cards = [
      { value = 1 },
      { value = 2, link = true },
      { value = 3, ability = "special" },
      { joker = true },
    ]

A card's id is ``<character>-<value>`` (``<character>-joker`` for the Joker)
unless the card gives its own ``id`` (a deck holding a value twice must).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import GameDataError

__all__ = ["EFFECTS", "BetweenDataError", "Card", "Character", "Deckbook", "load", "parse"]

#: Every effect a special or unique card may carry, and what it does (the rules
#: of each are in :mod:`engine.between.state`).
EFFECTS: dict[str, str] = {
    "discard-random": "discard one random card from the opponent's hand",
    "tutor": "take any card from your deck into your hand, then shuffle the deck",
    "draw": "draw one card from your deck",
    "pull-top": "move the top card of the other zone onto this card",
    "bind-pile": "on their next turn the opponent must play on this pile or take damage, and cannot create a link",
    "silence": "on their next turn the opponent's played card has no ability",
    "extra-turn": "play another turn at once",
    "reveal-hand": "the opponent reveals their hand; those cards stay face up until played",
}

_ID = re.compile(r"[a-z][a-z0-9-]*\Z")
_FILE_KEYS = {"own_design", "hand_size", "character", "note"}
_CHARACTER_KEYS = {"id", "names", "hit_points", "special", "unique", "help", "cards"}
_CARD_KEYS = {"id", "value", "link", "ability", "joker"}
MAX_VALUE = 99


class BetweenDataError(GameDataError):
    """A character file that cannot be played: the message names the file, the card and the field."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a character's deck.

    ``value`` is its number (``None`` for the Joker, which has none); a
    ``link`` card can create links; ``ability`` is ``"special"``, ``"unique"``
    or ``None`` and ``effect`` the word of :data:`EFFECTS` it then triggers.
    ``index`` is the card's place in the :class:`Deckbook` (states hold these
    small numbers, not the records).
    """

    id: str
    character: str
    value: int | None
    link: bool
    ability: str | None
    effect: str | None
    index: int

    @property
    def joker(self) -> bool:
        return self.value is None


@dataclass(frozen=True, slots=True)
class Character:
    """A character's help card and deck: hit points, the effects of its special and
    unique cards, its names and help texts, and its cards (indices into the Deckbook)."""

    id: str
    names: Mapping[str, str]
    hit_points: int
    special: str
    unique: str
    help: Mapping[str, str]
    cards: tuple[int, ...]
    source: str

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang) or self.names["en"]


class Deckbook:
    """Every character and card, checked; the per-card facts as flat tuples so the
    engine's inner loop reads ``values[c]`` rather than attributes."""

    def __init__(self, characters: Iterable[Character], cards: Iterable[Card], hand_size: int,
                 own_design: bool) -> None:
        self.characters: dict[str, Character] = {c.id: c for c in characters}
        self.cards: tuple[Card, ...] = tuple(cards)
        self.hand_size = hand_size
        self.own_design = own_design
        self.by_id: dict[str, int] = {c.id: c.index for c in self.cards}
        self.values: tuple[int | None, ...] = tuple(c.value for c in self.cards)
        self.jokers: tuple[bool, ...] = tuple(c.value is None for c in self.cards)
        self.links: tuple[bool, ...] = tuple(c.link for c in self.cards)
        self.effects: tuple[str | None, ...] = tuple(c.effect for c in self.cards)
        self.ids: tuple[str, ...] = tuple(c.id for c in self.cards)
        self.aliases: dict[str, str] = {}
        for ch in self.characters.values():
            self.aliases[ch.id] = ch.id
            for name in ch.names.values():
                self.aliases.setdefault(name.lower().replace(" ", "-"), ch.id)
                self.aliases.setdefault(name.lower().replace("-", "").replace(" ", ""), ch.id)

    def character(self, name: str) -> Character:
        """The character called ``name`` (its id, or its name in any language, any case)."""
        key = str(name).strip().lower().replace(" ", "-")
        cid = self.aliases.get(key) or self.aliases.get(key.replace("-", ""))
        if cid is None:
            raise ValueError(f"unknown character {name!r} (one of {', '.join(self.characters)})")
        return self.characters[cid]

    def card(self, card_id: str) -> Card:
        try:
            return self.cards[self.by_id[card_id]]
        except KeyError:
            raise KeyError(f"unknown card {card_id!r}") from None


def _fail(source: str, where: str, field: str, why: str) -> BetweenDataError:
    return BetweenDataError(f"{source}: {where}: field '{field}': {why}")


def _names(source: str, where: str, field: str, value: Any, required: bool) -> dict[str, str]:
    if value is None and not required:
        return {}
    if not isinstance(value, dict) or "en" not in value:
        raise _fail(source, where, field, "a table of texts by language, with at least 'en'")
    for lang, text in value.items():
        if not isinstance(text, str) or not text.strip():
            raise _fail(source, where, f"{field}.{lang}", "a non-empty text")
    return dict(value)


def _parse_card(source: str, ch_id: str, n: int, raw: Any, index: int) -> Card:
    where = f"character '{ch_id}', card {n + 1}"
    if not isinstance(raw, dict):
        raise _fail(source, where, "cards", "each card is a table such as { value = 7 }")
    unknown = set(raw) - _CARD_KEYS
    if unknown:
        raise _fail(source, where, min(unknown), f"unknown key (known: {', '.join(sorted(_CARD_KEYS))})")
    joker = raw.get("joker", False)
    if type(joker) is not bool:
        raise _fail(source, where, "joker", "true or false")
    value = raw.get("value")
    if joker:
        if value is not None:
            raise _fail(source, where, "value", "a Joker has no number")
    elif type(value) is not int or not 1 <= value <= MAX_VALUE:
        raise _fail(source, where, "value", f"a whole number from 1 to {MAX_VALUE} (or joker = true)")
    card_id = raw.get("id", f"{ch_id}-{'joker' if joker else value}")
    if type(card_id) is not str or not _ID.match(card_id):
        raise _fail(source, where, "id", "lower-case letters, digits and '-', starting with a letter")
    where = f"character '{ch_id}', card '{card_id}'"
    link = raw.get("link", False)
    if type(link) is not bool:
        raise _fail(source, where, "link", "true or false")
    ability = raw.get("ability")
    if ability not in (None, "special", "unique"):
        raise _fail(source, where, "ability", f"'special' or 'unique', not {ability!r}")
    if link and ability:
        raise _fail(source, where, "ability", "a Link card carries no ability (creating a link is not one)")
    if joker and (link or ability):
        raise _fail(source, where, "joker", "the Joker is neither a Link nor an ability card")
    return Card(card_id, ch_id, value, link, ability, None, index)


def _parse_character(source: str, raw: Any, first_index: int) -> tuple[Character, list[Card]]:
    if not isinstance(raw, dict):
        raise _fail(source, "a character", "character", "each [[character]] is a table")
    ch_id = raw.get("id")
    if type(ch_id) is not str or not _ID.match(ch_id):
        raise _fail(source, "a character", "id", "lower-case letters, digits and '-', starting with a letter")
    where = f"character '{ch_id}'"
    unknown = set(raw) - _CHARACTER_KEYS
    if unknown:
        raise _fail(source, where, min(unknown), f"unknown key (known: {', '.join(sorted(_CHARACTER_KEYS))})")
    names = _names(source, where, "names", raw.get("names"), True)
    help_text = _names(source, where, "help", raw.get("help"), False)
    hp = raw.get("hit_points")
    if type(hp) is not int or not 1 <= hp <= 99:
        raise _fail(source, where, "hit_points", "a whole number from 1 to 99")
    effects = {}
    for kind in ("special", "unique"):
        word = raw.get(kind)
        if not isinstance(word, str) or word not in EFFECTS:
            raise _fail(source, where, kind, f"one of {', '.join(EFFECTS)}, not {word!r}")
        effects[kind] = word
    raw_cards = raw.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise _fail(source, where, "cards", "a list of cards")
    cards = [_parse_card(source, ch_id, n, rc, first_index + n) for n, rc in enumerate(raw_cards)]
    cards = [Card(c.id, c.character, c.value, c.link, c.ability, effects[c.ability] if c.ability else None, c.index)
             for c in cards]
    seen: set[str] = set()
    for c in cards:
        if c.id in seen:
            raise _fail(source, f"{where}, card '{c.id}'", "id",
                        "two cards have this id (give a card that repeats a value its own id)")
        seen.add(c.id)
    if not any(c.value is not None for c in cards):
        raise _fail(source, where, "cards", "a deck needs numbered cards")
    character = Character(ch_id, names, hp, effects["special"], effects["unique"], help_text,
                          tuple(c.index for c in cards), source)
    return character, cards


def parse(texts: Iterable[tuple[str, str]]) -> Deckbook:
    """A :class:`Deckbook` from ``(source name, TOML text)`` pairs, every field checked."""
    characters: list[Character] = []
    cards: list[Card] = []
    hand_size: int | None = None
    own_design = False
    for source, text in texts:
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise BetweenDataError(f"{source}: not valid TOML: {e}") from None
        unknown = set(doc) - _FILE_KEYS
        if unknown:
            raise _fail(source, "the file", min(unknown), f"unknown key (known: {', '.join(sorted(_FILE_KEYS))})")
        mark = doc.get("own_design")
        if type(mark) is not bool:
            raise _fail(source, "the file", "own_design",
                        "say whose design the decks are: true (the project's own) or false (the author's list)")
        own_design = own_design or mark
        hs = doc.get("hand_size", hand_size if hand_size is not None else 5)
        if type(hs) is not int or not 1 <= hs <= 20:
            raise _fail(source, "the file", "hand_size", "a whole number from 1 to 20")
        if hand_size is not None and hs != hand_size:
            raise _fail(source, "the file", "hand_size", f"{hs} here, {hand_size} in an earlier file")
        hand_size = hs
        raw_chars = doc.get("character", [])
        if not isinstance(raw_chars, list):
            raise _fail(source, "the file", "character", "characters are [[character]] tables")
        for raw in raw_chars:
            ch, ch_cards = _parse_character(source, raw, len(cards))
            if any(ch.id == other.id for other in characters):
                raise _fail(source, f"character '{ch.id}'", "id", "another character has this id")
            taken = {c.id for c in cards}
            for c in ch_cards:
                if c.id in taken:
                    raise _fail(source, f"character '{ch.id}', card '{c.id}'", "id", "another character's card has this id")
            characters.append(ch)
            cards.extend(ch_cards)
    if len(characters) < 2:
        raise BetweenDataError("between: a duel needs at least two characters, "
                               f"the files give {len(characters)}")
    return Deckbook(characters, cards, hand_size or 5, own_design)


def load(source: Any) -> Deckbook:
    """Every character file of ``source``'s ``between`` folder, read and checked."""
    return parse(source.files("between"))
