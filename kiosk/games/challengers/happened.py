"""Challengers!' moves in words for the halves ("what just happened"): the other player's (the
Robot's) last run of moves, said on each half, the newest first.

No Kivy here.  A run is a seat's actions one after another (a reveal and what followed it, a
choice, a Deck Phase's picks); :func:`say` tells it in the match log's own lines
(:func:`kiosk.games.challengers.matchlog.log_lines`), the last few of them.  It names only the
cards the public view showed around the move (``run.shown``, see :mod:`kiosk.table.happened`):
any other card is "a card", a card drawn face down stays "a card" until it is face up, and a Deck
Phase says nothing (its cards are its player's alone).  The match screen and the Deck Phase
both show each half what it is told (:func:`happened_on`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kiosk.cardtext import card_name as type_name
from kiosk.games.challengers.matchlog import log_lines
from kiosk.i18n import display_name, tr
from kiosk.table.happened import Run, Said, said_to

#: The lines of a run said on a half: its last ones (a long run keeps its outcome in sight).
LINES = 3
#: The events only a Deck Phase has: a run with one of them is a player's own drafting (its
#: cards are theirs alone), said from the match it started on, if any.
DECK_KINDS = frozenset({"option", "redraw", "pick", "remove", "deck-done", "extra-pick"})


def match_part(events: list) -> list:
    """The events of a run that belong to a match: a Deck Phase's are left out (up to the match
    its last action started), and a draw that names its cards (a Deck Phase's) is never said."""
    starts = [k for k, e in enumerate(events) if e.kind == "match"]
    if any(e.kind in DECK_KINDS for e in events[:starts[-1] if starts else len(events)]):
        events = events[starts[-1] + 1:] if starts else []
    return [e for e in events if e.kind != "draw" or (isinstance(e.info, str) and e.info.startswith("pile-"))]


def public_cards(observation: Mapping[str, Any]) -> set[str]:
    """The cards anyone at the table sees in a public observation: every card face up in a match
    being played (benches, exhaust piles, parks, the flag, the attack).  The match that just ended
    is left out: a move of the next Deck Phase must not name a card because it lay there."""
    seen: set[str] = set()
    for m in observation.get("matches") or ():
        seen.update(c for c in m["cards"] if c is not None)
    return seen


def say(run: Run, reader: int | None, words: Any) -> Said | None:
    """``run`` in words for ``reader`` (None: the log): its last :data:`LINES` lines of the match
    log, with the cards they name (only cards of ``run.shown``).  ``words.game_data``: the
    Challengers! library (its catalogue names the cards)."""
    shown = run.shown
    catalogue = words.game_data.catalogue
    named: dict[str, str] = {}

    def card_name(cid: str) -> str:
        if cid not in shown:
            return words.t("log_a_card")
        if cid not in named:
            named[cid] = type_name(catalogue.card(cid), words.lang)
        return named[cid]

    names = [words.player_name(seat) for seat in range(words.player_count)]
    lines = log_lines(match_part(run.events), names, card_name, lambda key, lang, **fmt: words.t(key, **fmt), words.lang)
    if not lines:
        return None
    kept = lines[-LINES:]
    text = ("… " if len(lines) > LINES else "") + " · ".join(kept)
    return Said(run.seat, text, tuple(c for c, name in named.items() if any(name in line for line in kept)))


class SayingWords:
    """What :func:`kiosk.games.challengers.happened.say` says with at a Challengers! table
    (:class:`kiosk.games.descriptor.SayWords`): the screen's language, the table's seats and
    their names as the screens say them, the library naming the cards."""

    def __init__(self, c, lang: str) -> None:
        self.lang = lang
        self._c = c
        self._names = [p.name for p in c.tournament_view.players]

    def t(self, key: str, **fmt) -> str:
        return tr(key, self.lang, **fmt)

    def player_name(self, seat: int) -> str:
        return display_name(self._names[seat], self.lang) if 0 <= seat < len(self._names) else "?"

    def is_bot(self, seat: int) -> bool:
        return self._c.is_robot(seat)

    @property
    def game_data(self):
        return self._c.lib

    @property
    def player_count(self) -> int:
        return len(self._names)


def happened_on(c, half: int, lang: str) -> list[Said]:
    """What ``half``'s seat is told: the other seats' last moves at the local table, the newest
    first (a café park keeps no moves of the table: nothing)."""
    table = getattr(c, "table", None)
    history = getattr(table, "history", None)
    seat = c.player_at(half)
    if history is None or seat is None:
        return []
    return said_to(history.moves, seat, say, SayingWords(c, lang))
