"""Card text, generated from the effect data, as message ids and values (no words of any language).

No printed sentence is stored anywhere: what a card says on screen is built here from its
effects, in Tablecup's own words, short enough for a card on a 7-inch screen (:data:`MAX_LENGTH`).
A card with no effect says so.

The engine chooses the sentence, the catalogues say it: :func:`card_message` answers a
:class:`Message` (a message id of the ``challengers`` catalogue and its values), whose values may
be messages themselves (a filter inside a move, a condition after a power), counts (a plural
message takes the form for its ``n``), set and card names (:class:`Named`: words of the card
data, looked up in the names of the language) and plain values (a level letter).  Word order,
agreement and plurals are the catalogue's: a language is its catalogue entries, nothing here.
:func:`say` fills a message in with any ``tr(key, **values)`` (the kiosk passes its gettext
lookup, ``kiosk/games/challengers/cardwords.py``, which lists every id used here).

Two things are done to the words, not by them: a message marked ``case="lower"`` has its first
letter lowered (an effect after its timing, "Attack: this card gets +2."), ``case="upper"``
raised (a condition that opens a sentence).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

MAX_LENGTH = 130


class Named(str):
    """A set icon or card name of the card data ("city", "Newcomer"), said by its name in the
    language of the text (:func:`set_names_for`)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Message:
    """A message id and its values (a value may be a :class:`Message`); ``case``: "lower" or
    "upper" changes the first letter of the said text (see the module's docstring)."""

    id: str
    values: tuple[tuple[str, Any], ...] = ()
    case: str = ""

    def lower(self) -> Message:
        return Message(self.id, self.values, "lower")

    def upper(self) -> Message:
        return Message(self.id, self.values, "upper")


def msg(key: str, **values: Any) -> Message:
    return Message(key, tuple(values.items()))


class Say(Protocol):
    def __call__(self, key: str, **values: Any) -> str: ...


def say(message: Message, tr: Say, names: dict | None = None) -> str:
    """``message`` in words: every value said first (messages by ``tr``, :class:`Named` words by
    ``names``), then ``tr(message.id, **values)``."""
    names = names or {}
    values = {}
    for key, value in message.values:
        if isinstance(value, Message):
            value = say(value, tr, names)
        elif isinstance(value, Named):
            value = names.get(value, str(value))
        values[key] = value
    text = tr(message.id, **values)
    if text and message.case == "lower":
        return text[0].lower() + text[1:]
    if text and message.case == "upper":
        return text[0].upper() + text[1:]
    return text


# --------------------------------------------------------------------------- filters and counts

def _filter(f, n: int | None = None) -> Message:
    """"City cards", "a card with power 3": ``n`` a count (a plural message), None for cards in
    general ("your City cards get +1")."""
    noun = msg("cct_cards") if n is None else msg("cct_cards_n", n=n)
    if f is None:
        return noun
    d = f.as_dict()
    named = " ".join(x for x in (d.get("name"), d.get("set")) if x)
    if named and "level" in d:
        noun = msg("cct_f_named_level", cards=noun, named=_named(d), level=d["level"])
    elif named:
        noun = msg("cct_f_named", cards=noun, named=_named(d))
    elif "level" in d:
        noun = msg("cct_f_level", cards=noun, level=d["level"])
    if "power" in d:
        noun = msg("cct_f_power", cards=noun, power=d["power"])
    if "power_max" in d:
        noun = msg("cct_f_power_max", cards=noun, power=d["power_max"])
    if "power_min" in d:
        noun = msg("cct_f_power_min", cards=noun, power=d["power_min"])
    if d.get("lowest_power"):
        noun = msg("cct_f_lowest_power", cards=noun)
    return noun


def _named(d: dict) -> Message | Named:
    """A filter's card name and set name, in that order."""
    if "name" in d and "set" in d:
        return msg("cct_name_and_set", name=Named(d["name"]), set=Named(d["set"]))
    return Named(d["name"] if "name" in d else d["set"])


def _count(n: int, up_to: bool) -> Message | int:
    """"a", "2", "up to 2"."""
    count: Message | int = msg("cct_count_one") if n == 1 else n
    return msg("cct_up_to", count=count) if up_to else count


_PER = {
    "bench-icons": "cct_per_bench-icons", "bench-powers": "cct_per_bench-powers",
    "empty-seats": "cct_per_empty-seats", "trophies": "cct_per_trophies",
    "opponent-trophies": "cct_per_opponent-trophies", "fans": "cct_per_fans", "exhaust-cards": "cct_per_exhaust-cards",
    "opponent-exhaust-cards": "cct_per_opponent-exhaust-cards", "deck-cards": "cct_per_deck-cards",
    "cards-below": "cct_per_cards-below", "lost-previous-match": "cct_per_lost-previous-match",
    "chosen-seat": "cct_per_chosen-seat",
}


def _counter(counter: str, flt) -> Message:
    """"for each City card on your bench", "for each of your trophies"."""
    if counter == "bench-cards":
        return msg("cct_per_bench-cards", cards=_filter(flt, 1))
    return msg(_PER[counter])


# counter: (its subject, its counted noun) in a condition: "if {your deck holds} {3 cards} or fewer".
_COND_SUBJECT = {
    "deck-cards": ("cct_subject_deck-cards", "cct_noun_cards"),
    "trophies": ("cct_subject_trophies", "cct_noun_trophies"),
    "opponent-exhaust-cards": ("cct_subject_opponent-exhaust-cards", "cct_noun_cards"),
    "exhaust-cards": ("cct_subject_exhaust-cards", "cct_noun_cards"),
    "cards-below": ("cct_subject_cards-below", "cct_noun_cards"),
    "fans": ("cct_subject_fans", "cct_noun_fans"),
    "empty-seats": ("cct_subject_empty-seats", "cct_noun_empty-seats"),
}


def _condition(c) -> Message:
    """"if you hold 3 trophies or fewer"."""
    lo, hi = c.min, c.max
    if c.counter == "lost-previous-match":
        return msg("cct_if_lost") if lo else msg("cct_if_won")
    if c.counter == "bench-cards":
        if hi == 0:
            return msg("cct_if_none_on_bench", cards=_filter(c.filter, 1))
        if lo == 1 and hi is None:
            return msg("cct_if_one_on_bench", cards=_filter(c.filter, 1))
        return msg("cct_if_some_on_bench", count=lo, cards=_filter(c.filter, lo))
    subject, noun = _COND_SUBJECT[c.counter]
    if hi is not None and lo is None:
        return msg("cct_if_at_most", subject=msg(subject), count=msg(noun, n=hi))
    if lo is not None and hi is None:
        return msg("cct_if_at_least", subject=msg(subject), count=msg(noun, n=lo))
    return msg("cct_if_from_to", subject=msg(subject), low=lo, count=msg(noun, n=hi))


# --------------------------------------------------------------------------- places

# A zone by its name ("your bench"), a zone cards come from ("from your bench"), the pile of a
# "top card of ..." move ("your deck"), where cards go ("on your exhaust pile").
_ZONE = {z: f"cct_zone_{z}" for z in ("bench", "deck", "deck-top", "deck-bottom", "exhaust", "opponent-bench",
                                      "opponent-deck-top", "opponent-deck-bottom", "opponent-deck",
                                      "opponent-exhaust", "pile-A", "pile-B", "pile-C")}
_FROM = {z: f"cct_from_{z}" for z in _ZONE}
_PILE = {z: f"cct_pile_{z}" for z in ("deck-top", "deck-bottom", "opponent-deck-top", "opponent-deck-bottom",
                                      "pile-A", "pile-B", "pile-C")}
_TO = {z: f"cct_to_{z}" for z in ("deck-top", "deck-bottom", "exhaust", "bench", "discard", "box",
                                  "opponent-deck-top", "opponent-deck-bottom", "opponent-bench",
                                  "opponent-exhaust")}


def _move(e) -> Message:
    src, dst = e.src, e.dst[0]
    n = e.count
    to = msg(_TO[dst])
    if src == "self":
        return msg("cct_move_self", to=to)
    if e.unit == "seat":
        return msg("cct_move_seat_may" if e.may else "cct_move_seat", zone=msg(_ZONE[src]), to=to)
    if src.startswith("pile-") or src.endswith(("deck-top", "deck-bottom")):
        # One card is "the top card", not a count: a message of its own.
        if src.endswith("deck-bottom"):
            key = "cct_move_bottom_one" if n == 1 else "cct_move_bottom"
        elif src.startswith("pile-") and "deck" in dst:
            key = "cct_move_top_unseen_one" if n == 1 else "cct_move_top_unseen"
        else:
            key = "cct_move_top_one" if n == 1 else "cct_move_top"
        return msg(key, pile=msg(_PILE[src]), to=to) if n == 1 else msg(key, n=n, pile=msg(_PILE[src]), to=to)
    values = {"count": _count(n, e.up_to), "cards": _filter(e.filter, n), "source": msg(_FROM[src]), "to": to}
    if e.bonus_if_done:
        return msg("cct_move_may_bonus" if e.may else "cct_move_bonus", bonus=e.bonus_if_done, **values)
    return msg("cct_move_may" if e.may else "cct_move", **values)


def _arrange(e) -> Message:
    n = e.count
    places = e.dst
    top = sum(1 for p in places if p == ("deck-top",))
    bottom = sum(1 for p in places if p == ("deck-bottom",))
    exhaust = sum(1 for p in places if p == ("exhaust",))
    either = sum(1 for p in places if len(p) > 1)
    if n == 1:
        look = msg("cct_look_bottom_one" if e.src == "deck-bottom" else "cct_look_top_one")
    else:
        look = msg("cct_look_bottom" if e.src == "deck-bottom" else "cct_look_top", n=n)
    if either:
        return msg("cct_arrange_either", look=look)
    if top == n:
        return msg("cct_arrange_any_order", look=look)
    parts = [msg(key, count=k) for key, k in (("cct_part_top", top), ("cct_part_bottom", bottom),
                                              ("cct_part_exhaust", exhaust)) if k]
    said = parts[0]
    for part in parts[1:]:
        said = msg("cct_list", first=said, then=part)
    return msg("cct_arrange_split", look=look, parts=said)


# --------------------------------------------------------------------------- effects and cards

_AURA = {"always": "cct_aura", "attack": "cct_aura_attack", "possession": "cct_aura_possession"}
_POWER = {(False, False): "cct_power", (True, False): "cct_power_per", (False, True): "cct_power_if",
          (True, True): "cct_power_per_if"}


def effect_message(e) -> Message:
    """One effect (without its timing)."""
    do = e.do
    cond = _condition(e.cond) if e.cond is not None else None
    if do == "power":
        per: Message | None = _counter(e.per, e.filter) if e.per else None
        if e.per == "fans" and e.per_n > 1:
            per = msg("cct_per_fans_every", count=e.per_n)
        values = {"amount": e.amount, **({"per": per} if per else {}), **({"cond": cond} if cond else {})}
        return msg(_POWER[per is not None, cond is not None], **values)
    if do == "aura":
        return msg(_AURA[e.during], cards=_filter(e.filter), amount=e.amount)
    if do == "next-card":
        return msg("cct_next_card_attack" if e.during == "attack" else "cct_next_card", amount=e.amount)
    if do == "fans":
        if e.per == "attacker":
            return msg("cct_fans_per_attacker", n=e.amount)
        return msg("cct_fans_if", n=e.amount, cond=cond) if cond else msg("cct_fans", n=e.amount)
    if do == "move":
        move = _move(e)
        return msg("cct_if_then", cond=cond.upper(), effect=move.lower()) if cond else move
    if do == "arrange":
        return _arrange(e)
    if do == "lose":
        return msg("cct_lose_if", cond=cond.upper()) if cond else msg("cct_lose")
    if do == "double-bonuses":
        return msg("cct_double_bonuses")
    if do == "extra-pick":
        if e.draw:
            return msg("cct_extra_pick_draw", n=e.draw, level=e.level)
        cost = e.cost
        key = "cct_extra_pick_remove_for_good" if cost.dst[0] == "box" else "cct_extra_pick_remove"
        return msg(key, count=_count(cost.count, False), cards=_filter(cost.filter, cost.count))
    if do == "replace":
        return msg("cct_replace_bench" if e.when == "bench" else "cct_replace_exhaust", to=msg(_TO[e.dst[0]]))
    if do == "seat":
        if e.double:
            return msg("cct_seat_double")
        return msg("cct_seat_share", name=Named(e.share_with))
    return msg("cct_unknown_effect", effect=do)


_TIMING = {"takes-flag": "cct_on_takes-flag", "attack": "cct_on_attack", "bench": "cct_on_bench",
           "possession": "cct_on_possession", "flag-loss": "cct_on_flag-loss", "picked": "cct_on_picked",
           "no-flag-win": "cct_on_no-flag-win", "special": "cct_on_special"}


def card_message(ct) -> Message:
    """The text on the face of card type ``ct``: its effects in order, each after its timing
    ("Attack: ...") unless the one before had the same; on reveal, no timing."""
    parts = []
    if ct.round_power:
        parts.append(msg("cct_round_power"))
    prev = None
    for e in ct.effects:
        body = effect_message(e)
        if e.on in _TIMING and e.on != prev:
            body = msg(_TIMING[e.on], effect=body.lower())
        prev = e.on
        parts.append(body)
    if not parts:
        return msg("cct_no_effect")
    said = parts[0]
    for part in parts[1:]:
        said = msg("cct_sentences", first=said, then=part)
    return said


def set_names_for(catalogue, lang="en") -> dict:
    """{set icon: set name} in ``lang`` (for filters such as "City cards"), and {card name: its name in
    ``lang``} for filters that name a card ("Newcomer cards" / "cartes Débutant"): icons are ids
    ("city"), names are words ("Newcomer"), so the two never meet.  A language the card data does
    not name says the English names."""
    out = {}
    for s in catalogue.sets.values():
        icon = s.cards[0].set if s.cards else s.id
        if s.kind in ("basic", "additional", "house") or icon not in out:
            out[icon] = s.names.get(lang, s.name)
    for c in catalogue.cards.values():
        if c.name not in out:
            out[c.name] = (getattr(c, "names", None) or {}).get(lang) or c.name
    return out
