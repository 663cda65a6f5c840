"""Why a Challengers! input did nothing, in one sentence for the half it came from.

No Kivy here.  ``what`` is the input as a café park keeps it in its ``ignored`` list: a
contract action's kind and its half (``("match.reveal", 0)``, ``("deck.pick", 1, 2)``).  The
sentence is read from what the screens read (the park's views), never from the engine.  At the
local table, a refused press is said as for every game, by ``KIOSK.hint`` from the seat's
observation (:func:`kiosk.games.challengers.hint`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kiosk.games.challengers.board import end_held


def pressed(what: tuple) -> tuple[str, int | None]:
    """(``"reveal"``, ``"toss"``, ``"choose"``, ``"deck"`` or another word; the half or None) of an ignored input."""
    kind = str(what[0]) if what else ""
    word = kind.split(".", 1)[1] if kind.startswith("match.") else ("deck" if kind.startswith("deck") else kind)
    half = what[1] if word in ("reveal", "choose", "deck") and len(what) > 1 and what[1] in (0, 1) else None
    return word, half


def board_hint(c: Any, word: str, screen: str, lang: str, tr: Callable[..., str]) -> str:
    """What the table waits for, said to a person whose ``word`` input did nothing while the
    ``screen`` named is shown ("" when there is nothing to say)."""
    t = c.tournament_view
    if t is None:
        return ""
    m = c.match_view()
    if end_held(c):
        return tr("hint_tap_end", lang)
    if screen != "match" or m is None:
        return tr("hint_not_now", lang) if word in ("reveal", "toss") else ""
    exp, side = m.expect
    if exp == "toss":
        return tr("hint_toss", lang)
    if exp == "reveal":
        name = t.player_name(m.players[side], lang)
        if t.players[m.players[side]].robot:
            return tr("hint_robot", lang, name=name)
        return tr("hint_wait_reveal", lang, name=name)
    if exp == "choose":
        return tr("hint_wait_choose", lang, name=t.player_name(m.players[m.pending_player], lang))
    return tr("hint_not_now", lang)
