"""Card text, generated from the effect data, in English and French.

No printed sentence is stored anywhere: what a card says on screen is built
here from its effects, in Tablecup's own words, short enough for a card on a
7-inch screen (:data:`MAX_LENGTH`).  A card with no effect says so.
"""

from __future__ import annotations

LANGS = ("en", "fr")
MAX_LENGTH = 130

_TIMING = {
    "en": {"reveal": "", "takes-flag": "If it takes the flag: ", "attack": "Attack: ", "bench": "Bench: ",
           "possession": "Holding the flag: ", "flag-loss": "Flag loss: ", "picked": "When picked: ",
           "no-flag-win": "No flag: ", "special": "Special: "},
    "fr": {"reveal": "", "takes-flag": "Si elle prend le drapeau : ", "attack": "Attaque : ", "bench": "Banc : ",
           "possession": "Avec le drapeau : ", "flag-loss": "Perte du drapeau : ", "picked": "Sélection : ",
           "no-flag-win": "Insuffisant : ", "special": "Spécial : "},
}

_NO_EFFECT = {"en": "No effect.", "fr": "Sans effet."}


def _filter(f, lang, set_names, plural=True) -> str:
    """"City cards" / "cartes Ville", "cards with power 3" ..."""
    if f is None:
        return "cards" if lang == "en" and plural else ("card" if lang == "en" else ("cartes" if plural else "carte"))
    d = f.as_dict()
    noun_en, noun_fr = ("cards", "cartes") if plural else ("card", "carte")
    before, after_en, after_fr = "", [], []
    if "name" in d:
        before = set_names.get(d["name"], d["name"]) + " "
    if "set" in d:
        before += set_names.get(d["set"], d["set"]) + " "
    if "level" in d:
        before += f"Level-{d['level']} " if lang == "en" else ""
        after_fr.append(f"de niveau {d['level']}")
    if "power" in d:
        after_en.append(f"with power {d['power']}")
        after_fr.append(f"de force {d['power']}")
    if "power_max" in d:
        after_en.append(f"with power {d['power_max']} or less")
        after_fr.append(f"de force {d['power_max']} ou moins")
    if "power_min" in d:
        after_en.append(f"with power {d['power_min']} or more")
        after_fr.append(f"de force {d['power_min']} ou plus")
    if d.get("lowest_power"):
        after_en.append("with the lowest base power")
        after_fr.append("à la plus faible force de base")
    if lang == "en":
        return " ".join(x for x in (before + noun_en, *after_en) if x)
    name = set_names.get(d["name"], d["name"]) if "name" in d else None
    fr_before = " ".join(x for x in (name, set_names.get(d.get("set"), d.get("set"))) if x)
    return " ".join(x for x in (noun_fr, fr_before, *after_fr) if x)


def _counter(counter, flt, lang, set_names) -> str:
    if lang == "en":
        return {
            "bench-cards": f"for each {_filter(flt, lang, set_names, plural=False)} on your bench",
            "bench-icons": "for each set icon on your bench",
            "bench-powers": "for each different power on your bench",
            "empty-seats": "for each empty seat on your bench",
            "trophies": "for each of your trophies",
            "opponent-trophies": "for each trophy of your opponent",
            "fans": "for each fan token you have",
            "exhaust-cards": "for each card in your exhaust pile",
            "opponent-exhaust-cards": "for each card in your opponent's exhaust pile",
            "deck-cards": "for each card left in your deck",
            "cards-below": "for each card under it",
            "lost-previous-match": "if you lost your last match",
            "chosen-seat": "for each card on a seat of your bench you choose",
        }[counter]
    return {
        "bench-cards": f"par {_filter(flt, lang, set_names, plural=False)} sur votre banc",
        "bench-icons": "par icône de set sur votre banc",
        "bench-powers": "par force différente sur votre banc",
        "empty-seats": "par place libre sur votre banc",
        "trophies": "par trophée que vous avez",
        "opponent-trophies": "par trophée de votre adversaire",
        "fans": "par jeton fan que vous avez",
        "exhaust-cards": "par carte dans votre réserve",
        "opponent-exhaust-cards": "par carte dans la réserve adverse",
        "deck-cards": "par carte restant dans votre deck",
        "cards-below": "par carte sous elle",
        "lost-previous-match": "si vous avez perdu votre dernier match",
        "chosen-seat": "par carte d'une place de votre banc au choix",
    }[counter]


_COND_SUBJECT = {
    # counter: (English subject, noun, plural noun), (French subject, noun, plural noun)
    "deck-cards": (("your deck holds", "card", "cards"), ("votre deck contient", "carte", "cartes")),
    "trophies": (("you hold", "trophy", "trophies"), ("vous avez", "trophée", "trophées")),
    "opponent-exhaust-cards": (("your opponent's exhaust pile holds", "card", "cards"),
                               ("la réserve adverse contient", "carte", "cartes")),
    "exhaust-cards": (("your exhaust pile holds", "card", "cards"), ("votre réserve contient", "carte", "cartes")),
    "cards-below": (("it covers", "card", "cards"), ("elle recouvre", "carte", "cartes")),
    "fans": (("you hold", "fan token", "fan tokens"), ("vous avez", "jeton fan", "jetons fan")),
    "empty-seats": (("your bench has", "empty seat", "empty seats"), ("votre banc a", "place libre", "places libres")),
}


def _condition(c, lang, set_names) -> str:
    """"if you hold 3 trophies or fewer" / "si vous avez au plus 3 trophées"."""
    lo, hi = c.min, c.max
    en = lang == "en"
    if c.counter == "lost-previous-match":
        if en:
            return "if you lost your last match" if lo else "if you won your last match"
        return "si vous avez perdu votre dernier match" if lo else "si vous avez gagné votre dernier match"
    if c.counter == "bench-cards":
        noun = _filter(c.filter, lang, set_names, plural=False)
        if hi == 0:
            return f"if there is no {noun} on your bench" if en else f"sans {noun} sur votre banc"
        if lo == 1 and hi is None:
            return f"if there is a {noun} on your bench" if en else f"avec une {noun} sur votre banc"
        return (f"if your bench holds {lo} {noun}s or more" if en
                else f"avec au moins {lo} {noun}s sur votre banc")
    (subject, one, many) = _COND_SUBJECT[c.counter][0 if en else 1]
    def n_noun(n):
        return f"{n} {one if n == 1 else many}"
    if hi is not None and lo is None:
        return f"if {subject} {n_noun(hi)} or fewer" if en else f"si {subject} au plus {n_noun(hi)}"
    if lo is not None and hi is None:
        return f"if {subject} at least {n_noun(lo)}" if en else f"si {subject} au moins {n_noun(lo)}"
    return f"if {subject} {lo} to {n_noun(hi)}" if en else f"si {subject} de {lo} à {n_noun(hi)}"


_ZONE_FROM = {
    "en": {"bench": "your bench", "deck": "your deck", "deck-top": "the top of your deck",
           "deck-bottom": "the bottom of your deck", "exhaust": "your exhaust pile",
           "opponent-bench": "your opponent's bench", "opponent-deck-top": "the top of your opponent's deck",
           "opponent-deck-bottom": "the bottom of your opponent's deck", "opponent-deck": "your opponent's deck",
           "opponent-exhaust": "your opponent's exhaust pile", "pile-A": "the Level-A pile",
           "pile-B": "the Level-B pile", "pile-C": "the Level-C pile"},
    "fr": {"bench": "votre banc", "deck": "votre deck", "deck-top": "le dessus de votre deck",
           "deck-bottom": "le dessous de votre deck", "exhaust": "votre réserve",
           "opponent-bench": "le banc adverse", "opponent-deck-top": "le dessus du deck adverse",
           "opponent-deck-bottom": "le dessous du deck adverse", "opponent-deck": "le deck adverse",
           "opponent-exhaust": "la réserve adverse", "pile-A": "la pile A", "pile-B": "la pile B",
           "pile-C": "la pile C"},
}
# The pile a "top card of ..." move takes from.
_PILE_NAME = {
    "en": {"deck-top": "your deck", "deck-bottom": "your deck", "opponent-deck-top": "your opponent's deck",
           "opponent-deck-bottom": "your opponent's deck", "pile-A": "the Level-A pile",
           "pile-B": "the Level-B pile", "pile-C": "the Level-C pile"},
    "fr": {"deck-top": "de votre deck", "deck-bottom": "de votre deck", "opponent-deck-top": "du deck adverse",
           "opponent-deck-bottom": "du deck adverse", "pile-A": "de la pile A", "pile-B": "de la pile B",
           "pile-C": "de la pile C"},
}
_ZONE_TO = {
    "en": {"deck-top": "on top of your deck", "deck-bottom": "under your deck", "exhaust": "on your exhaust pile",
           "bench": "on your bench", "discard": "out of your deck", "box": "out of the game",
           "opponent-deck-top": "on top of your opponent's deck", "opponent-deck-bottom": "under your opponent's deck",
           "opponent-bench": "on your opponent's bench", "opponent-exhaust": "on your opponent's exhaust pile"},
    "fr": {"deck-top": "sur votre deck", "deck-bottom": "sous votre deck", "exhaust": "dans votre réserve",
           "bench": "sur votre banc", "discard": "hors de votre deck", "box": "hors du jeu",
           "opponent-deck-top": "sur le deck adverse", "opponent-deck-bottom": "sous le deck adverse",
           "opponent-bench": "sur le banc adverse", "opponent-exhaust": "dans la réserve adverse"},
}


def _move(e, lang, set_names) -> str:
    src, dst = e.src, e.dst[0]
    flt = e.filter
    n = e.count
    if lang == "en":
        if src == "self":
            return f"Put this card {_ZONE_TO['en'][dst]}."
        if e.unit == "seat":
            s = f"Choose a seat of {_ZONE_FROM['en'][src]}: put all its cards {_ZONE_TO['en'][dst]}."
            return ("You may: " + s[0].lower() + s[1:]) if e.may else s
        if src.startswith("pile-") or src.endswith(("deck-top", "deck-bottom")):
            what = "the top card" if n == 1 else f"the top {n} cards"
            if src.endswith("deck-bottom"):
                what = "the bottom card" if n == 1 else f"the bottom {n} cards"
            s = f"Put {what} of {_PILE_NAME['en'][src]} {_ZONE_TO['en'][dst]}"
            if src.startswith("pile-") and "deck" in dst:
                s += ", unseen"
            return s + "."
        noun = _filter(flt, "en", set_names, plural=n > 1)
        count = ("up to " if e.up_to else "") + ("a" if n == 1 else str(n))
        verb = "You may put" if e.may else "Put"
        where = "from " + _ZONE_FROM["en"][src]
        if src == "deck":
            where = "of your choice from your deck"
        s = f"{verb} {count} {noun} {where} {_ZONE_TO['en'][dst]}."
        if e.bonus_if_done:
            s = s[:-1] + f"; if you do, +{e.bonus_if_done}."
        return s
    if src == "self":
        return f"Mettez cette carte {_ZONE_TO['fr'][dst]}."
    if e.unit == "seat":
        s = f"Choisissez une place de {_ZONE_FROM['fr'][src]} : toutes ses cartes vont {_ZONE_TO['fr'][dst]}."
        return ("Vous pouvez : " + s[0].lower() + s[1:]) if e.may else s
    if src.startswith("pile-") or src.endswith(("deck-top", "deck-bottom")):
        bottom = src.endswith("deck-bottom")
        what = ("la carte du dessous" if bottom else "la carte du dessus") if n == 1 else \
            (f"les {n} cartes du dessous" if bottom else f"les {n} cartes du dessus")
        s = f"Mettez {what} {_PILE_NAME['fr'][src]} {_ZONE_TO['fr'][dst]}"
        if src.startswith("pile-") and "deck" in dst:
            s += ", sans la regarder" if n == 1 else ", sans les regarder"
        return s + "."
    noun = _filter(flt, "fr", set_names, plural=n > 1)
    count = ("jusqu'à " if e.up_to else "") + ("une" if n == 1 else str(n))
    verb = "Vous pouvez mettre" if e.may else "Mettez"
    where = "de " + _ZONE_FROM["fr"][src]
    where = where.replace("de le ", "du ")
    if src == "deck":
        where = "de votre deck, au choix,"
    s = f"{verb} {count} {noun} {where} {_ZONE_TO['fr'][dst]}."
    if e.bonus_if_done:
        s = s[:-1] + f" ; si vous le faites, +{e.bonus_if_done}."
    return s


def _arrange(e, lang) -> str:
    n = e.count
    places = e.dst
    top = sum(1 for p in places if p == ("deck-top",))
    bottom = sum(1 for p in places if p == ("deck-bottom",))
    exhaust = sum(1 for p in places if p == ("exhaust",))
    either = sum(1 for p in places if len(p) > 1)
    where = "bottom" if e.src == "deck-bottom" else "top"
    if lang == "en":
        look = f"Look at the {where} card of your deck" if n == 1 else f"Look at the {where} {n} cards of your deck"
        if either:
            return f"{look}: put it on top or under."
        if top == n:
            return f"{look}: put them back in any order."
        parts = []
        if top:
            parts.append(f"{top} on top")
        if bottom:
            parts.append(f"{bottom} under")
        if exhaust:
            parts.append(f"{exhaust} on your exhaust pile")
        return f"{look}: put {', '.join(parts)}."
    look = (f"Regardez la carte du {'dessous' if where == 'bottom' else 'dessus'} de votre deck" if n == 1
            else f"Regardez les {n} cartes du {'dessous' if where == 'bottom' else 'dessus'} de votre deck")
    if either:
        return f"{look} : remettez-la dessus ou dessous."
    if top == n:
        return f"{look} : remettez-les dans l'ordre de votre choix."
    parts = []
    if top:
        parts.append(f"{top} dessus")
    if bottom:
        parts.append(f"{bottom} dessous")
    if exhaust:
        parts.append(f"{exhaust} en réserve")
    return f"{look} : {', '.join(parts)}."


def effect_text(e, lang="en", set_names=None) -> str:
    """One effect in words (without its timing)."""
    set_names = set_names or {}
    en = lang == "en"
    do = e.do
    cond = (" " + _condition(e.cond, lang, set_names)) if e.cond is not None else ""
    if do == "power":
        per = (" " + _counter(e.per, e.filter, lang, set_names)) if e.per else ""
        if e.per == "fans" and e.per_n > 1:
            per = f" for every {e.per_n} fan tokens" if en else f" par tranche de {e.per_n} jetons fan"
        if en:
            return f"This card gets +{e.amount}{per}{cond}."
        return f"Cette carte a +{e.amount}{per}{cond}."
    if do == "aura":
        noun = _filter(e.filter, lang, set_names)
        during = {"always": "", "attack": " when attacking" if en else " en attaque",
                  "possession": " when holding the flag" if en else " avec le drapeau"}[e.during]
        return f"Your {noun} get +{e.amount}{during}." if en else f"Vos {noun} ont +{e.amount}{during}."
    if do == "next-card":
        during = (" in this attack" if en else " dans cette attaque") if e.during == "attack" else ""
        return f"Your next card gets +{e.amount}{during}." if en else f"Votre prochaine carte a +{e.amount}{during}."
    if do == "fans":
        if e.per == "attacker":
            return (f"Take {e.amount} fan for each card that attacks it." if en
                    else f"Prenez {e.amount} fan par carte qui l'attaque.")
        s = f"Take {e.amount} fan{'s' if e.amount > 1 else ''}" if en else f"Prenez {e.amount} fan{'s' if e.amount > 1 else ''}"
        return s + cond + "."
    if do == "move":
        s = _move(e, lang, set_names)
        if cond:
            s = (cond.strip()[0].upper() + cond.strip()[1:] + ": " + s[0].lower() + s[1:]) if en else \
                (cond.strip()[0].upper() + cond.strip()[1:] + " : " + s[0].lower() + s[1:])
        return s
    if do == "arrange":
        return _arrange(e, lang)
    if do == "lose":
        base = "you lose this match" if en else "vous perdez ce match"
        if cond:
            c = cond.strip()
            return c[0].upper() + c[1:] + ", " + base + "."
        return base[0].upper() + base[1:] + "."
    if do == "double-bonuses":
        return "Every bonus this card gets counts twice." if en else "Chaque bonus de cette carte compte double."
    if do == "extra-pick":
        if e.draw:
            return (f"Draw {e.draw} Level-{e.level} cards: keep one as an extra pick." if en
                    else f"Piochez {e.draw} cartes {e.level} : gardez-en une en plus.")
        cost = e.cost
        noun = _filter(cost.filter, lang, set_names, plural=cost.count > 1)
        n = "a" if cost.count == 1 else str(cost.count)
        gone = " for good" if cost.dst[0] == "box" else ""
        if en:
            return f"You may remove {n} {noun} from your deck{gone} to pick one more card."
        n = "une" if cost.count == 1 else str(cost.count)
        gone = " définitivement" if cost.dst[0] == "box" else ""
        return f"Vous pouvez retirer {n} {noun} de votre deck{gone} pour choisir une carte de plus."
    if do == "replace":
        to = _ZONE_TO[lang][e.dst[0]]
        if en:
            return f"Instead of going {'on your bench' if e.when == 'bench' else 'on your exhaust pile'}, it goes {to}."
        return f"Au lieu d'aller {'sur votre banc' if e.when == 'bench' else 'dans votre réserve'}, elle va {to}."
    if do == "seat":
        if e.double:
            return ("On your bench it takes two seats or joins another of its name; if it cannot, you lose." if en
                    else "Sur le banc, elle prend deux places ou rejoint une carte de son nom ; sinon vous perdez.")
        share = (set_names or {}).get(e.share_with, e.share_with)
        return (f"Shares a seat with {share} cards." if en
                else f"Partage la place des cartes {share}.")
    return do


def card_text(ct, lang="en", set_names=None) -> str:
    """The text on the face of card type ``ct``, in ``lang`` ("en" or "fr")."""
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (one of {', '.join(LANGS)})")
    parts = []
    if ct.round_power:
        parts.append("Power = the current round." if lang == "en" else "Force = la manche en cours.")
    prev = None
    for e in ct.effects:
        timing = _TIMING[lang][e.on]
        if e.on == prev:
            timing = ""
        prev = e.on
        body = effect_text(e, lang, set_names)
        parts.append(timing + (body[0].lower() + body[1:] if timing and body[:2] not in ("A.", "C.") else body))
    return " ".join(parts) or _NO_EFFECT[lang]


def set_names_for(catalogue, lang="en") -> dict:
    """{set icon: set name} in ``lang`` (for filters such as "City cards"), and {card name: its name in
    ``lang``} for filters that name a card ("Newcomer cards" / "cartes Débutant"): icons are ids
    ("city"), names are words ("Newcomer"), so the two never meet."""
    out = {}
    for s in catalogue.sets.values():
        icon = s.cards[0].set if s.cards else s.id
        if s.kind in ("basic", "additional", "house") or icon not in out:
            out[icon] = s.names.get(lang, s.name)
    for c in catalogue.cards.values():
        if c.name not in out:
            out[c.name] = (getattr(c, "names", None) or {}).get(lang) or c.name
    return out
