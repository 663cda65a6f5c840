"""Between Battle's events said in a sentence, in English and French.

An event names cards by id (``"pirate-7"``, ``"knight-joker"``); a sentence
says "Pirate 7" / "the Knight's Joker".  The names of the four characters of
the bundled decks are known here; a character from another file is named by
its id.
"""

from __future__ import annotations

from engine.events import Event
from engine.game import Action

_NAMES = {
    "en": {"pirate": "Pirate", "knight": "Knight", "cowboy": "Cowboy", "ninja": "Ninja"},
    "fr": {"pirate": "Pirate", "knight": "Chevalier", "cowboy": "Cow-boy", "ninja": "Ninja"},
}

_EFFECTS = {
    "en": {
        "discard-random": "a random card of the opponent's hand is discarded",
        "tutor": "a card of the deck goes to the hand",
        "draw": "one more card drawn",
        "pull-top": "the other zone's top card comes onto it",
        "bind-pile": "the opponent must play on this pile next turn",
        "silence": "the opponent's next card has no ability",
        "extra-turn": "another turn at once",
        "reveal-hand": "the opponent reveals their hand",
    },
    "fr": {
        "discard-random": "une carte au hasard de la main adverse est défaussée",
        "tutor": "une carte du deck rejoint la main",
        "draw": "une carte de plus piochée",
        "pull-top": "la carte du dessus de l'autre zone vient dessus",
        "bind-pile": "l'adversaire devra jouer sur ce paquet au prochain tour",
        "silence": "la prochaine carte de l'adversaire n'aura pas de capacité",
        "extra-turn": "un nouveau tour immédiatement",
        "reveal-hand": "l'adversaire révèle sa main",
    },
}

_REASONS = {
    "en": {
        "hit-points": "the loser's damage reached their hit points",
        "coup-fatal": "Coup fatal: the damage it dealt reached the loser's hit points",
        "coup-fatal-hit-points": "Coup fatal: more hit points left",
        "coup-fatal-tie": "Coup fatal: equal hit points, the player who ended the game wins",
        "no-cards": "the loser had no card to play and no pile to take",
    },
    "fr": {
        "hit-points": "les dégâts du perdant ont atteint ses points de vie",
        "coup-fatal": "Coup fatal : ses dégâts ont atteint les points de vie du perdant",
        "coup-fatal-hit-points": "Coup fatal : plus de points de vie restants",
        "coup-fatal-tie": "Coup fatal : égalité de points de vie, le joueur qui a mis fin à la partie gagne",
        "no-cards": "le perdant n'avait ni carte à jouer ni paquet à prendre",
    },
}


def character_name(character: str, lang: str = "en") -> str:
    """``"knight"`` -> ``"Knight"`` (``"Chevalier"``); a character of another file: its id."""
    return _NAMES.get(lang, _NAMES["en"]).get(character, character)


def card_name(card_id: str, lang: str = "en") -> str:
    """``"knight-7"`` -> ``"Knight 7"`` (``"Chevalier 7"``); ``"ninja-joker"`` -> ``"Ninja Joker"``."""
    character, _, rest = str(card_id).rpartition("-")
    who = character_name(character, lang) if character else str(card_id)
    what = "Joker" if rest == "joker" else rest
    return f"{who} {what}"


def reason_text(reason: str, lang: str = "en") -> str:
    return _REASONS.get(lang, _REASONS["en"]).get(reason, reason)


def describe_event(event: Event, lang: str = "en") -> str:
    """One event as a sentence; seats are said from 1 ("Player 1" / "Joueur 1")."""
    fr = lang == "fr"
    lang = "fr" if fr else "en"
    who = f"{'Joueur' if fr else 'Player'} {event.player + 1}" if isinstance(event.player, int) else ""
    card = card_name(event.card, lang) if event.card is not None else ""
    zone = str(event.value).upper() if event.value is not None else ""
    k = event.kind
    if k == "turn":
        return f"Tour {event.value} : {who}" if fr else f"Turn {event.value}: {who}"
    if k == "play":
        return f"{who} joue {card} sur la zone {zone}." if fr else f"{who} plays {card} on zone {zone}."
    if k == "link":
        return (f"{who} crée un lien avec {card} sur la zone {zone} : {event.info} carte(s) défaussée(s)." if fr
                else f"{who} creates a link with {card} on zone {zone}: {event.info} card(s) discarded.")
    if k == "wild":
        return (f"Le Joker de la zone {zone} n'a rien à faire remonter : n'importe quelle carte pourra y être jouée."
                if fr else f"The Joker on zone {zone} has nothing to raise: any card may be played there.")
    if k == "raise":
        return (f"{who} fait remonter {card} au-dessus du Joker (zone {zone})." if fr
                else f"{who} raises {card} above the Joker (zone {zone}).")
    if k == "ability":
        effect = _EFFECTS[lang].get(event.info, event.info)
        return f"Capacité de {card} : {effect}." if fr else f"{card}'s ability: {effect}."
    if k == "silenced":
        return (f"{card} n'a pas de capacité ce tour-ci (Chevalier)." if fr
                else f"{card} has no ability this turn (the Knight's unique).")
    if k == "discard":
        return f"{who} défausse {card}." if fr else f"{who} discards {card}."
    if k == "draw":
        return f"{who} pioche {event.value} carte(s)." if fr else f"{who} draws {event.value} card(s)."
    if k == "take":
        return (f"{who} prend une carte de son deck et le mélange." if fr
                else f"{who} takes a card from their deck.")
    if k == "shuffle":
        return f"{who} mélange son deck." if fr else f"{who} shuffles their deck."
    if k == "bind":
        return (f"Au prochain tour, {who} devra jouer sur la zone {zone} ou prendre des dégâts." if fr
                else f"On their next turn, {who} must play on zone {zone} or take damage.")
    if k == "silence":
        return (f"Au prochain tour, la carte jouée par {who} n'aura pas de capacité." if fr
                else f"On their next turn, {who}'s played card has no ability.")
    if k == "reveal":
        shown = ", ".join(card_name(c, lang) for c in event.info) or ("rien" if fr else "nothing")
        return f"{who} révèle sa main : {shown}." if fr else f"{who} reveals their hand: {shown}."
    if k == "move":
        return (f"{card} passe de la zone {str(event.info).upper()} à la zone {zone}." if fr
                else f"{card} moves from zone {str(event.info).upper()} to zone {zone}.")
    if k == "damage":
        return f"{who} prend des dégâts." if fr else f"{who} takes damage."
    if k == "give":
        return f"{who} donne le paquet de la zone {zone}." if fr else f"{who} gives the pile of zone {zone}."
    if k == "hit":
        return (f"{who} reçoit {event.value} dégât(s) (zone {str(event.info).upper()})." if fr
                else f"{who} takes {event.value} damage (zone {str(event.info).upper()}).")
    if k == "coup-fatal":
        return (f"Coup fatal de {who} : l'adversaire prend {event.value} dégât(s)." if fr
                else f"Coup fatal by {who}: the opponent takes {event.value} damage.")
    if k == "win":
        return (f"{who} gagne : {reason_text(event.info, lang)}." if fr
                else f"{who} wins: {reason_text(event.info, lang)}.")
    return f"{k} {who} {card} {zone}".strip()


def describe_action(action: Action, lang: str = "en") -> str:
    """One action as a button says it: "Play Pirate 7 on A" / "Jouer Pirate 7 sur A"."""
    fr = lang == "fr"
    lang = "fr" if fr else "en"
    k, args = action.kind, action.args
    card = card_name(str(args[0]), lang) if args and k in ("play", "link", "raise", "take") else ""
    zone = str(args[-1]).upper() if args else ""
    if k == "play":
        return f"Jouer {card} sur {zone}" if fr else f"Play {card} on {zone}"
    if k == "link":
        return f"Lien : {card} sur {zone}" if fr else f"Link: {card} on {zone}"
    if k == "damage":
        return "Prendre des dégâts" if fr else "Take damage"
    if k == "give":
        return f"Donner le paquet {zone}" if fr else f"Give pile {zone}"
    if k == "raise":
        return f"Faire remonter {card}" if fr else f"Raise {card}"
    if k == "take":
        return f"Prendre {card}" if fr else f"Take {card}"
    return " ".join([k, *map(str, args)])


def event_message(event: Event) -> tuple[str, dict]:
    """One event as a message id of the kiosk's ``between`` catalogue and its values, for a caller
    that says it in its own language (the kiosk: ``kiosk/games/between/events.py``).  Values are
    raw: ``who``/``winner``/``loser`` a seat (from 0), ``card`` a card id, ``cards`` card ids,
    ``zone``/``from_zone`` a zone ("a", "b"), ``effect`` an ability's word, ``n`` a count (a plural
    message)."""
    k, p, card, value, info = event
    who = {"who": p}
    if k == "turn":
        return "bbe_turn", {**who, "turn": value}
    if k in ("play", "raise"):
        return f"bbe_{k}", {**who, "card": card, "zone": value}
    if k == "link":
        return "bbe_link", {**who, "card": card, "zone": value, "n": info}
    if k == "wild":
        return "bbe_wild", {"zone": value}
    if k == "ability":
        return f"bbe_ability_{info}", {"card": card}
    if k == "silenced":
        return "bbe_silenced", {"card": card}
    if k == "discard":
        return "bbe_discard", {**who, "card": card}
    if k in ("draw", "coup-fatal"):
        return f"bbe_{k}", {**who, "n": value}
    if k in ("take", "shuffle", "silence", "damage"):
        return f"bbe_{k}", who
    if k in ("bind", "give"):
        return f"bbe_{k}", {**who, "zone": value}
    if k == "reveal":
        return ("bbe_reveal", {**who, "cards": list(info)}) if info else ("bbe_reveal_nothing", who)
    if k == "move":
        return "bbe_move", {"card": card, "from_zone": info, "zone": value}
    if k == "hit":
        return "bbe_hit", {**who, "n": value, "zone": info}
    if k == "win":
        return f"bbe_win_{event.info}", {"winner": p, "loser": 1 - p if isinstance(p, int) else None}
    return "bbe_unknown", {**who, "kind_of_event": k, "card": card}
