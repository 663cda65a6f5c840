"""A one-line card text generated from a card's effect data, English or French.

The single call site is :func:`card_text` (the lead may later point it at an
engine module).  The wording is the project's own, kept short for small cards.
"""

from __future__ import annotations

_T = {
    "en": {
        "reveal": "", "takes-flag": "On taking the flag: ", "attack": "Attack: ", "bench": "Bench: ",
        "possession": "Flag: ", "flag-loss": "Flag lost: ", "picked": "When picked: ",
        "no-flag-win": "No flag: ", "special": "",
        "per": " per {what}", "if": " if {what}", "fans": "+{n} fans", "next": "next card +{n}",
        "aura": "your {what} cards +{n}", "lose": "you lose the match", "double": "bonuses count double",
        "extra": "pick 1 more card", "replace": "goes to {dst} instead of {when}",
        "share": "shares a seat with {name}", "dseat": "takes 2 seats",
        "move": "{may}move {count} {from} -> {to}", "arrange": "look at {count} from {from}, arrange",
        "may": "may ", "cards": "card(s)", "power": "power",
        "zones": {"deck-top": "deck top", "deck-bottom": "deck bottom", "deck": "deck", "bench": "bench",
                  "exhaust": "exhaust", "discard": "out", "box": "box", "self": "this card",
                  "pile-A": "pile A", "pile-B": "pile B", "pile-C": "pile C"},
        "opp": "opp. ",
        "counters": {"bench-cards": "bench card", "bench-icons": "bench icon", "bench-powers": "bench power",
                     "empty-seats": "empty seat", "trophies": "trophy", "opponent-trophies": "opp. trophy",
                     "fans": "fan", "exhaust-cards": "exhausted card", "opponent-exhaust-cards": "opp. exhausted card",
                     "deck-cards": "deck card", "cards-below": "card below", "lost-previous-match": "lost last match",
                     "chosen-seat": "card on a chosen seat", "attacker": "attacker"},
    },
    "fr": {
        "reveal": "", "takes-flag": "En prenant le drapeau : ", "attack": "Attaque : ", "bench": "Banc : ",
        "possession": "Drapeau : ", "flag-loss": "Perte du drapeau : ", "picked": "Quand prise : ",
        "no-flag-win": "Sans drapeau : ", "special": "",
        "per": " par {what}", "if": " si {what}", "fans": "+{n} fans", "next": "carte suivante +{n}",
        "aura": "vos cartes {what} +{n}", "lose": "vous perdez le match", "double": "bonus doublés",
        "extra": "prenez 1 carte de plus", "replace": "va en {dst} au lieu de {when}",
        "share": "partage un siège avec {name}", "dseat": "prend 2 sièges",
        "move": "{may}déplacer {count} {from} -> {to}", "arrange": "regardez {count} de {from}, rangez",
        "may": "vous pouvez ", "cards": "carte(s)", "power": "puissance",
        "zones": {"deck-top": "dessus du deck", "deck-bottom": "dessous du deck", "deck": "deck", "bench": "banc",
                  "exhaust": "épuisement", "discard": "hors jeu", "box": "boîte", "self": "cette carte",
                  "pile-A": "pile A", "pile-B": "pile B", "pile-C": "pile C"},
        "opp": "adv. ",
        "counters": {"bench-cards": "carte du banc", "bench-icons": "icône du banc", "bench-powers": "puissance du banc",
                     "empty-seats": "siège libre", "trophies": "trophée", "opponent-trophies": "trophée adv.",
                     "fans": "fan", "exhaust-cards": "carte épuisée", "opponent-exhaust-cards": "carte épuisée adv.",
                     "deck-cards": "carte du deck", "cards-below": "carte dessous", "lost-previous-match": "match précédent perdu",
                     "chosen-seat": "carte d'un siège choisi", "attacker": "attaquant"},
    },
}


def _filter(f) -> str:
    if f is None:
        return ""
    d = f.as_dict() if hasattr(f, "as_dict") else {}
    parts = []
    for k, v in d.items():
        if v is None:
            continue
        if k == "power_min":
            parts.append(f"≥{v}")
        elif k == "power_max":
            parts.append(f"≤{v}")
        elif k == "power":
            parts.append(f"={v}")
        else:
            parts.append(str(v))
    return " ".join(parts)


def _zone(z, t) -> str:
    if not z:
        return ""
    if isinstance(z, (tuple, list)):
        return "/".join(_zone(x, t) for x in z)
    if z.startswith("opponent-"):
        return t["opp"] + t["zones"].get(z[9:], z[9:])
    return t["zones"].get(z, z)


def _one(e, t) -> str:
    d = e.do
    if d == "power":
        s = f"{e.amount:+d}"
        if e.per:
            what = t["counters"].get(e.per, e.per)
            fl = _filter(e.filter)
            s += t["per"].format(what=(what + (f" {fl}" if fl else "")))
            if e.per_n and e.per_n > 1:
                s += f" /{e.per_n}"
    elif d == "aura":
        s = t["aura"].format(what=_filter(e.filter) or "", n=e.amount).replace("  ", " ")
    elif d == "next-card":
        s = t["next"].format(n=e.amount)
    elif d == "fans":
        s = t["fans"].format(n=e.amount)
        if e.per:
            s += t["per"].format(what=t["counters"].get(e.per, e.per))
    elif d == "move":
        s = t["move"].format(may=t["may"] if e.may else "", count=("≤" if e.up_to else "") + str(e.count),
                             **{"from": _zone(e.src, t), "to": _zone(e.dst, t)})
        if e.bonus_if_done:
            s += f", {e.bonus_if_done:+d}"
    elif d == "arrange":
        s = t["arrange"].format(count=e.count, **{"from": _zone(e.src, t)})
    elif d == "lose":
        s = t["lose"]
    elif d == "double-bonuses":
        s = t["double"]
    elif d == "extra-pick":
        s = t["extra"]
    elif d == "replace":
        s = t["replace"].format(dst=_zone(e.dst, t), when=_zone(e.when, t))
    elif d == "seat":
        s = t["share"].format(name=e.share_with) if e.share_with else t["dseat"]
    else:
        s = d
    if e.cond is not None:
        c = e.cond
        what = t["counters"].get(c.counter, c.counter)
        fl = _filter(c.filter)
        rng = ""
        if c.min is not None and c.max is not None:
            rng = f"{c.min}-{c.max}"
        elif c.min is not None:
            rng = f"≥{c.min}"
        elif c.max is not None:
            rng = f"≤{c.max}"
        s += t["if"].format(what=f"{what}{(' ' + fl) if fl else ''} {rng}".strip())
    return t[e.on] + s


def card_text(ct, lang: str = "en") -> str:
    """One line (or two) saying what ``ct`` does; '' for a card without effect."""
    if ct.round_power:
        base = "Power = round" if lang != "fr" else "Puissance = manche"
    else:
        base = ""
    t = _T.get(lang, _T["en"])
    parts = [_one(e, t) for e in ct.effects]
    if base:
        parts.insert(0, base)
    return "; ".join(p for p in parts if p)


def card_name(ct, lang: str = "en") -> str:
    names = getattr(ct, "names", None) or {}
    return names.get(lang) or ct.name
