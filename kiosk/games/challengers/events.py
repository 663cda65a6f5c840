"""Challengers!' events said in the table's language, for a finished game's log: a match's events
in the match log's own lines (:func:`kiosk.games.challengers.matchlog.log_lines`), the
tournament's and the Deck Phase's in lines of their own (``cle_*`` keys of the ``challengers``
catalogue).  The engine's ``describe`` module says the same events in English for the command
line; the kiosk's log reads only the catalogues, so a third language is catalogues only.  No Kivy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event
from kiosk.cardtext import card_name as type_name
from kiosk.games.challengers.matchlog import log_lines
from kiosk.i18n import N_, tr

#: Every message id said here (listed so that extraction finds them; ``n=`` marks plural ones).
MESSAGES = (
    N_("cle_round"), N_("cle_round_done"), N_("cle_match"), N_("cle_option"), N_("cle_pick"),
    N_("cle_pick_extra"), N_("cle_extra_pick"), N_("cle_redraw"), N_("cle_remove"), N_("cle_undo"),
    N_("cle_deck_done", n=0), N_("cle_draw", n=0), N_("cle_fans_option", n=0), N_("cle_chose_option"),
    N_("cle_trophy"), N_("cle_trophy_to_box"), N_("cle_finalists"), N_("cle_tie_toss"), N_("cle_champion"),
    N_("cle_toss"), N_("cle_event"),
)
#: Events a finished game's log leaves out: a question (its answer has a line).
SILENT = frozenset({"choice"})


def event_words(data: Any, event: Event, lang: str, names: Sequence[str]) -> str:
    """``KioskGame.events``: one event of a finished Challengers! game in ``lang``, the players by
    their ``names`` (the tournament's seats), the cards by their names in the library ``data``.
    Every card is named: the game is over, nothing it held is secret any more."""
    catalogue = data.catalogue

    def card(cid: Any) -> str:
        try:
            return type_name(catalogue.card(cid), lang)
        except (KeyError, TypeError):
            return str(cid)

    def who(p: Any) -> str:
        return names[p] if isinstance(p, int) and 0 <= p < len(names) else "?"

    k, p = event.kind, event.player
    if k in SILENT:
        return ""
    if k == "toss":          # the "begin" that follows it says who begins
        return tr("cle_toss", lang)
    if k == "round":
        return tr("cle_round", lang, round=event.value)
    if k == "round-done":
        return tr("cle_round_done", lang, round=event.value)
    if k == "match":
        light, dark = (who(q) for q in p)
        return tr("cle_match", lang, park=event.value, light=light, dark=dark)
    if k == "option":
        return tr("cle_option", lang, who=who(p))
    if k == "pick":
        return tr("cle_pick_extra" if event.info else "cle_pick", lang, who=who(p), card=card(event.card))
    if k == "extra-pick":
        return tr("cle_extra_pick", lang, who=who(p))
    if k == "redraw":
        return tr("cle_redraw", lang, who=who(p))
    if k == "remove":
        return tr("cle_remove", lang, who=who(p), card=card(event.card))
    if k == "undo":
        return tr("cle_undo", lang, who=who(p))
    if k == "deck-done":
        return tr("cle_deck_done", lang, who=who(p), n=event.value)
    if k == "draw" and not (isinstance(event.info, str) and event.info.startswith("pile-")):
        return tr("cle_draw", lang, who=who(p), n=event.value or 0)       # a Deck Phase's draw
    if k == "fans" and event.card == "option":
        return tr("cle_fans_option", lang, who=who(p), n=event.value)
    if k == "chose" and event.card is None:
        return tr("cle_chose_option", lang, who=who(p), number=(event.value or 0) + 1)
    if k == "trophy":
        return tr("cle_trophy", lang, who=who(p), round=event.value)
    if k == "trophy-to-box":
        return tr("cle_trophy_to_box", lang, round=event.value)
    if k == "finalists":
        return tr("cle_finalists", lang, players=", ".join(who(q) for q in p))
    if k == "tie-toss":
        return tr("cle_tie_toss", lang, players=", ".join(who(q) for q in p))
    if k == "champion":
        return tr("cle_champion", lang, who=who(p))
    lines = log_lines([event], names, card, tr, lang)
    if lines:
        return lines[0]
    if k == "move":                     # to a place no line says
        return ""
    return tr("cle_event", lang, kind_of_event=k, who=who(p))
