"""Wacky Challenge events in a sentence, in English and French.

Events name seats by number and cards by their id; the sentence says
"Player 2" ("Joueur 2") for seat 1. Which card a player chose stays out of the
``choose`` event: the sentence only says that they chose.
"""

from __future__ import annotations

from engine.events import Event
from engine.game import Action

_VEHICLE_FR = {"train": "train", "car": "voiture", "motorbike": "moto", "boat": "bateau", "plane": "avion"}
_BOOSTER = {
    "en": {"raise": "moves the {0} to the top of the hierarchy",
           "fastest": "will play the fastest vehicle of its kind next turn",
           "choose-last": "will choose after everyone else next turn",
           "disguise": "will play the top vehicle (at speed 0) next turn",
           "speed-first": "makes speed count first next turn",
           "swap": "swaps {0} of their route with {1} of their hand",
           "upside-down": "turns the hierarchy upside down for next turn"},
    "fr": {"raise": "place le {0} en haut de la hiérarchie",
           "fastest": "jouera le véhicule le plus rapide de sa catégorie au prochain tour",
           "choose-last": "choisira après tous les autres au prochain tour",
           "disguise": "jouera le véhicule du sommet (à vitesse zéro) au prochain tour",
           "speed-first": "fait compter la vitesse d'abord au prochain tour",
           "swap": "échange {0} de son parcours contre {1} de sa main",
           "upside-down": "retourne la hiérarchie pour le prochain tour"},
}


def _who(p: int, lang: str) -> str:
    return f"Joueur {p + 1}" if lang == "fr" else f"Player {p + 1}"


def describe_event(event: Event, lang: str = "en") -> str:
    """One sentence for ``event`` in ``lang`` ("en" or "fr"; anything else reads English)."""
    fr = lang == "fr"
    kind, p, card, value, info = event
    if kind == "choose":
        return f"{_who(p, lang)} " + ("choisit une carte, face cachée." if fr else "chooses a card, face down.")
    if kind == "reveal":
        cards = ", ".join(f"{_who(q, lang)} {c}" for q, c in info)
        return ("Cartes révélées : " if fr else "Cards revealed: ") + cards + "."
    if kind == "order":
        seats = ", ".join(str(q + 1) for q in info)
        return ("Ordre de choix : joueurs " if fr else "Pick order: players ") + seats + "."
    if kind == "pick":
        return f"{_who(p, lang)} " + (f"prend {card}." if fr else f"takes {card}.")
    if kind == "shift":
        order = ", ".join(_VEHICLE_FR.get(v, v) if fr else v for v in info)
        if fr:
            return f"Personne n'a pris {card} : la hiérarchie devient {order}."
        return f"Nobody took {card}: the hierarchy becomes {order}."
    if kind == "booster":
        return (f"{_who(p, lang)} a choisi en dernier : {card} est retourné sur son booster « {info} »." if fr else
                f"{_who(p, lang)} picked last: {card} turns to its booster '{info}'.")
    if kind == "boost":
        word, *rest = info
        if fr and word == "raise":
            rest = [_VEHICLE_FR.get(rest[0], rest[0])]
        return f"{_who(p, lang)} " + _BOOSTER["fr" if fr else "en"][word].format(*rest) + "."
    if kind == "pass":
        return f"{_who(p, lang)} " + ("n'utilise pas son booster." if fr else "does not use the booster.")
    if kind == "turn":
        return f"Tour {value}." if fr else f"Turn {value}."
    if kind == "score":
        stages, pairs, own, bonus, speeds = info
        if fr:
            return (f"{_who(p, lang)} : {value} étapes ({stages} complètes, {pairs} par demi-étapes, "
                    f"{own} de sa couleur, {bonus} de bonus ; vitesses {speeds}).")
        return (f"{_who(p, lang)}: {value} stages ({stages} complete, {pairs} from half-stages, {own} own colour, "
                f"{bonus} bonus; speeds {speeds}).")
    if kind == "end":
        reason, *winners = info
        who = ", ".join(_who(q, lang) for q in winners)
        if fr:
            how = {"stages": "Victoire aux étapes", "speeds": "Victoire aux vitesses (ex-æquo aux étapes)",
                   "shared": "Victoire partagée"}[reason]
            return f"{how} : {who}."
        how = {"stages": "Won on stages", "speeds": "Won on speeds (tied on stages)", "shared": "Shared win"}[reason]
        return f"{how}: {who}."
    return f"{kind} {p} {card} {value} {info}"


def describe_action(action: Action, lang: str = "en") -> str:
    """One action as a button says it: "Choose red-train" / "Choisir red-train"."""
    fr = lang == "fr"
    k, args = action.kind, [str(a) for a in action.args]
    if k == "choose":
        return ("Choisir " if fr else "Choose ") + args[0]
    if k == "pick":
        return ("Prendre " if fr else "Take ") + args[0]
    if k == "pass":
        return "Passer" if fr else "Pass"
    if k == "boost":
        return ("Booster : " if fr else "Booster: ") + " ".join(args)
    return " ".join([k, *args])


def event_message(event: Event) -> tuple[str, dict]:
    """One event as a message id of the kiosk's ``wacky`` catalogue and its values, for a caller
    that says it in its own language (the kiosk: ``kiosk/games/wacky/events.py``).  Values are raw:
    ``who`` a seat (from 0), ``seats``/``winners`` seats, ``card``/``give``/``take`` card ids,
    ``picks`` (seat, card id) pairs, ``vehicles`` vehicle kinds, ``n`` a count (a plural message)."""
    kind, p, card, value, info = event
    if kind in ("choose", "pass"):
        return f"wke_{kind}", {"who": p}
    if kind == "reveal":
        return "wke_reveal", {"picks": [tuple(x) for x in info]}
    if kind == "order":
        return "wke_order", {"seats": list(info)}
    if kind == "pick":
        return "wke_pick", {"who": p, "card": card}
    if kind == "shift":
        return "wke_shift", {"card": card, "vehicles": list(info)}
    if kind == "booster":
        return "wke_booster", {"who": p, "card": card}
    if kind == "boost":
        word, *rest = info
        if word == "raise":
            return "wke_boost_raise", {"who": p, "vehicles": [rest[0]]}
        if word == "swap":
            return "wke_boost_swap", {"who": p, "give": rest[0], "take": rest[1]}
        return f"wke_boost_{word}", {"who": p}
    if kind == "turn":
        return "wke_turn", {"turn": value}
    if kind == "score":
        stages, pairs, own, bonus, speeds = info
        return "wke_score", {"who": p, "n": value, "stages": stages, "pairs": pairs, "own": own, "bonus": bonus,
                             "speeds": speeds}
    if kind == "end":
        reason, *winners = info
        return f"wke_end_{reason}", {"winners": list(winners)}
    return "wke_unknown", {"kind_of_event": kind, "who": p, "card": card}
