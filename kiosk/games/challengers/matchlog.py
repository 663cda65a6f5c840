"""The match log: the events of one match, one line each, in the table's language.

No Kivy here.  The lines are made from the engine's events of the match (the tournament's log
from the match's ``match`` event on), and they say only what the table sees: every card revealed,
benched, moved or taking the flag is face up; a card an effect takes from a level pile into a deck
is not, so its line says "a card" (its first move too).  Choices say who chose, never what the
options held (the cards that moved then have their own lines).  The English ``describe`` module
of the engine is for the command line; these words are the kiosk's catalogues' (``log_*`` keys).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import Event
from kiosk.i18n import N_

#: Where a card goes (a "move" event's place) -> its sentence's key.
PLACES = {"deck-top": N_("log_move_deck-top"), "deck-bottom": N_("log_move_deck-bottom"),
          "exhaust": N_("log_move_exhaust"), "discard": N_("log_move_discard"), "box": N_("log_move_box"),
          "bench": N_("log_move_bench")}

#: The events a match log leaves out: a question (its answer has a line), the match's own start line.
SILENT = frozenset({"choice", "match", "round"})


def match_events(log: Sequence[Event] | None, park: int) -> list[Event]:
    """The events of the latest match at ``park``: from its ``match`` event to now, or to its
    ``win`` once it is over (what the tournament does next is not the match's)."""
    if not log:
        return []
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if e.kind == "match" and e.value == park:
            end = next((j + 1 for j in range(i + 1, len(log)) if log[j].kind == "win"), len(log))
            return list(log[i + 1:end])
    return []


def log_lines(events: Sequence[Event], names: Sequence[str], card_name: Callable[[str], str],
              tr: Callable[..., str], lang: str) -> list[str]:
    """One line for each event of ``events`` a player would want to read back (see :data:`SILENT`).

    ``names``: the tournament's players by index; ``card_name(id)``: a card's name in ``lang``;
    ``tr(key, lang, **fmt)``: the kiosk's catalogues."""
    out: list[str] = []
    hidden: set[tuple[object, str]] = set()      # (player, card id) drawn face down, until it moves once

    def who(p: object) -> str:
        return names[p] if isinstance(p, int) and 0 <= p < len(names) else "?"

    last = None                                  # the kind of the event before
    for e in events:
        k = e.kind
        before, last = last, k
        if k in SILENT:
            continue
        w = who(e.player)
        if k == "toss":
            out.append(tr("log_toss", lang, who=w))
        elif k == "begin" and before != "toss":          # the toss's line says who begins already
            out.append(tr("log_begin", lang, who=w))
        elif k == "reveal":
            out.append(tr("log_reveal", lang, who=w, card=card_name(e.card), power=e.value))
        elif k == "bonus":
            out.append(tr("log_bonus", lang, card=card_name(e.card), amount=e.value))
        elif k == "compare":
            out.append(tr("log_compare", lang, attack=e.value, defense=e.info))
        elif k == "flag":
            out.append(tr("log_flag", lang, who=w, card=card_name(e.card), power=e.value))
        elif k == "flag-lost":
            out.append(tr("log_flag_lost", lang, who=w, card=card_name(e.card)))
        elif k == "bench":
            out.append(tr("log_bench", lang, who=w, card=card_name(e.card)))
        elif k == "bench-full":
            out.append(tr("log_bench_full", lang, who=w))
        elif k == "draw":
            level = str(e.info).removeprefix("pile-")
            hidden.add((e.player, e.card))
            out.append(tr("log_draw", lang, who=w, level=level))
        elif k == "move":
            key = PLACES.get(e.info)
            if key is None:
                continue
            face_down = (e.player, e.card) in hidden
            hidden.discard((e.player, e.card))
            name = tr("log_a_card", lang) if face_down and e.info in ("deck-top", "deck-bottom") else card_name(e.card)
            out.append(tr(key, lang, who=w, card=name))
        elif k == "fans":
            out.append(tr("log_fans", lang, who=w, n=e.value, card=card_name(e.card)))
        elif k == "chose":
            out.append(tr("log_chose", lang, who=w, card=card_name(e.card)))
        elif k == "arrange":
            out.append(tr("log_arrange", lang, who=w, n=e.value, card=card_name(e.card)))
        elif k == "lose":
            out.append(tr("log_lose", lang, who=w, card=card_name(e.card)))
        elif k == "win":
            out.append(tr("log_win", lang, who=w))
    return out
