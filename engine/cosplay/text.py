"""Cosplay Team Battle's events said in a sentence, in English and in French."""

from __future__ import annotations

from engine.events import Event

from .cards import KINDS, Catalogue

__all__ = ["describe_event", "event_message", "remember_names"]

_NAMES: dict[str, tuple[str, str]] = {}
_KINDS_FR = {"badass": "BADASS", "kawaii": "KAWAII", "craft": "CRAFT"}


def remember_names(cat: Catalogue) -> None:
    """Keep the cards' names (EN, FR) so that events, which carry card ids, can be said."""
    for t in cat.types.values():
        _NAMES[t.id] = (t.name, t.name_fr or t.name)


def _name(card_id: str | None, lang: str) -> str:
    if card_id is None:
        return "?"
    en, fr = _NAMES.get(card_id, (card_id.replace("-", " ").title(),) * 2)
    return fr if lang == "fr" else en


def _seat(p: int) -> str:
    return f"P{p + 1}"


def describe_event(event: Event, lang: str = "en") -> str:
    """One event in a sentence (``lang`` "en" or "fr")."""
    fr = lang == "fr"
    k, p, card, value, info = event
    who = _seat(p) if p is not None else ""
    n = lambda: _name(card, lang)
    if k == "turn":
        return f"Tour {value} de {who}." if fr else f"{who}'s turn {value}."
    if k == "face-up":
        return f"{who} retourne {n()} face visible." if fr else f"{who} turns {n()} face up."
    if k == "drama-back":
        return (f"{who} remet {value} carte(s) Drama sur la réserve de Drama." if fr
                else f"{who} puts {value} Drama card(s) back on the Drama pile.")
    if k == "place":
        return (f"{who} pose {n()} dans sa zone d'assistance." if fr
                else f"{who} lays {n()} in their assistance zone.")
    if k == "attach":
        return (f"{who} équipe {_name(info, lang)} de {n()}." if fr
                else f"{who} attaches {n()} to {_name(info, lang)}.")
    if k == "recruitment":
        return f"{who} passe à la phase de recrutement." if fr else f"{who} moves on to recruitment."
    if k == "target":
        what = info[0]
        if what == "drama":
            return f"{who} achète du Drama." if fr else f"{who} buys Drama."
        verb = {"recruit": ("recrute", "recruits"), "complete": ("remplit", "completes"),
                "steal": ("recrute avec La Passion", "recruits with La Passion")}[what]
        return f"{who} {verb[0]} {n()}…" if fr else f"{who} {verb[1]} {n()}…"
    if k == "pay":
        what = n() if card else ("les points gagnés" if fr else "the points gained")
        return f"{who} paie avec {what}." if fr else f"{who} pays with {what}."
    if k == "recruit":
        zone, lost = info
        return (f"{who} recrute {n()} (zone {zone}), {lost} point(s) perdu(s)." if fr
                else f"{who} recruits {n()} (zone {zone}), {lost} point(s) lost.")
    if k == "complete":
        zone, lost, pts = info
        return (f"{who} remplit l'objectif {n()} : {pts} point(s)." if fr
                else f"{who} completes the objective {n()}: {pts} point(s).")
    if k == "steal":
        return (f"{who} recrute {n()} chez {_seat(info[0])} grâce à La Passion." if fr
                else f"{who} recruits {n()} from {_seat(info[0])} with La Passion.")
    if k == "drama":
        return (f"{who} envoie {value} carte(s) Drama dans la défausse de {_seat(info)}." if fr
                else f"{who} sends {value} Drama card(s) to {_seat(info)}'s discard.")
    if k == "use":
        how = {"discard": ("défausse", "discards"), "sacrifice": ("sacrifie", "sacrifices")}[info]
        return f"{who} {how[0]} {n()} pour sa capacité." if fr else f"{who} {how[1]} {n()} for its ability."
    if k == "combo":
        names = ", ".join(_name(c, lang) for c in info)
        return f"{who} active le combo {names}." if fr else f"{who} plays the combo {names}."
    if k == "ability":
        word = info[0] if isinstance(info, tuple) else info
        if word == "draw":
            return f"{n()} : {who} pioche {value} carte(s)." if fr else f"{n()}: {who} draws {value} card(s)."
        if word == "gain":
            kind = KINDS[info[1]].upper()
            return f"{n()} : {who} gagne {value} {kind}." if fr else f"{n()}: {who} gains {value} {kind}."
        if word == "discount":
            kind = KINDS[info[1]].upper()
            return (f"{n()} : les recrutements coûtent {value} {kind} de moins ce tour." if fr
                    else f"{n()}: recruiting costs {value} {kind} less this turn.")
        if word == "score":
            return (f"{n()} : {who} marque {value} point(s) d'objectif." if fr
                    else f"{n()}: {who} scores {value} objective point(s).")
        if word == "cemetery" and isinstance(info, tuple):
            return (f"{n()} : {_name(info[1], lang)} (zone {value}) va au cimetière." if fr
                    else f"{n()}: {_name(info[1], lang)} (zone {value}) goes to the cemetery.")
        if word == "recover" and isinstance(info, tuple):          # else nothing to take back
            return (f"{n()} : {who} reprend {_name(info[1], lang)} de sa défausse." if fr
                    else f"{n()}: {who} takes {_name(info[1], lang)} back from their discard.")
        return f"{n()} : sans effet." if fr else f"{n()}: no effect."
    if k == "cemetery":
        return f"{n()} quitte la zone 6 pour le cimetière." if fr else f"{n()} leaves zone 6 for the cemetery."
    if k == "conveyor":
        return (f"Les zones de recrutement avancent ; la bibliothèque a {value} carte(s)." if fr
                else f"The recruitment zones move on; {value} card(s) left in the library.")
    if k == "objective":
        return (f"Nouvel objectif de niveau {info} : {n()} (zone {value})." if fr
                else f"New level-{info} objective: {n()} (zone {value}).")
    if k == "draw":
        return f"{who} pioche {value} carte(s)." if fr else f"{who} draws {value} card(s)."
    if k == "reshuffle":
        return (f"{who} mélange sa défausse en une nouvelle réserve." if fr
                else f"{who} shuffles their discard into a new reserve.")
    if k == "last-round":
        why = {"library": ("la bibliothèque est vide", "the library is empty"),
               "objectives": ("il n'y a plus d'objectif", "no objective is left")}[info]
        return (f"Dernier tour de table : {why[0]}." if fr else f"Last round: {why[1]}.")
    if k == "end-turn":
        return f"{who} termine son tour." if fr else f"{who} ends their turn."
    if k == "game-over":
        winners, scores = info
        sc = ", ".join(f"{_seat(q)} {s}" for q, s in enumerate(scores))
        if not winners:
            return f"Partie finie, égalité : {sc}." if fr else f"Game over, a draw: {sc}."
        w = " et ".join(map(_seat, winners)) if fr else " and ".join(map(_seat, winners))
        return f"Partie finie, victoire de {w} : {sc}." if fr else f"Game over, {w} win(s): {sc}."
    return f"{k} {who}".strip()


def event_message(event: Event) -> tuple[str, dict]:
    """One event as a message id of the kiosk's ``cosplay`` catalogue and its values, for a caller
    that says it in its own language (the kiosk: ``kiosk/games/cosplay/events.py``).  Values are
    raw: ``who``/``victim`` a seat (from 0), ``card``/``other`` a card id, ``cards`` card ids,
    ``kind`` a resource (an index of ``KINDS``), ``n`` a count (a plural message), ``winners``
    seats, ``scores`` a score per seat."""
    k, p, card, value, info = event
    who = {"who": p}
    base = {"who": p, "card": card}                    # an event that names a card
    if k == "turn":
        return "cpe_turn", {**who, "turn": value}
    if k in ("face-up", "place", "cemetery"):
        return f"cpe_{k}", base
    if k in ("recruitment", "reshuffle", "end-turn"):
        return f"cpe_{k}", who
    if k in ("drama-back", "draw"):
        return f"cpe_{k}", {**who, "n": value}
    if k == "attach":
        return "cpe_attach", {**base, "other": info}
    if k == "target":
        return f"cpe_target_{info[0]}", who if info[0] == "drama" else base
    if k == "pay":
        return ("cpe_pay", base) if card else ("cpe_pay_points", who)
    if k == "recruit":
        zone, lost = info
        return "cpe_recruit", {**base, "zone": zone, "n": lost}
    if k == "complete":
        _zone, _lost, pts = info
        return "cpe_complete", {**base, "n": pts}
    if k == "steal":
        return "cpe_steal", {**base, "victim": info[0]}
    if k == "drama":
        return "cpe_drama", {**who, "victim": info, "n": value}
    if k == "use":
        return f"cpe_use_{info}", base
    if k == "combo":
        return "cpe_combo", {**who, "cards": list(info)}
    if k == "ability":
        word = info[0] if isinstance(info, tuple) else info
        if word in ("draw", "score"):
            return f"cpe_ability_{word}", {**base, "n": value}
        if word in ("gain", "discount"):
            return f"cpe_ability_{word}", {**base, "n": value, "kind": info[1]}
        if word == "cemetery" and isinstance(info, tuple):
            return "cpe_ability_cemetery", {**base, "other": info[1], "zone": value}
        if word == "recover" and isinstance(info, tuple):
            return "cpe_ability_recover", {**base, "other": info[1]}
        return "cpe_ability_none", base            # a Drama ability, or nothing to send or take back
    if k == "conveyor":
        return "cpe_conveyor", {"n": value}
    if k == "objective":
        return "cpe_objective", {"card": card, "zone": value, "level": info}
    if k == "last-round":
        return f"cpe_last_round_{info}", {}
    if k == "game-over":
        winners, scores = info
        if not winners:
            return "cpe_game_over_draw", {"scores": list(scores)}
        return "cpe_game_over", {"winners": list(winners), "scores": list(scores), "n": len(winners)}
    return "cpe_unknown", {**who, "kind_of_event": k, "card": card}
