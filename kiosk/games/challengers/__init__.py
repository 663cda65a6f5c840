"""Challengers! at the table: its screens, its buttons and its LEDs.

Screens (one ``.py`` and one ``.kv`` each, imported when first shown): the Deck Phase (``deck``),
the match (``match``, also ``play``) and the result between rounds and at the end (``result``).
Solo and two-player tournaments are played at the game-neutral local table
(:class:`kiosk.table.LocalTable`) like every game; the screens read it through the game's view
model (``view``: :class:`kiosk.games.challengers.board.Board`, which also holds a finished
match's end on screen until a tap), and every input is a contract action the screen on display
submits (:mod:`.screen`).  A park of a café tournament is a
:class:`kiosk.table.park.ParkTable` too (``park``: :class:`.park.ChallengersPark`, its match
played here, its Deck Phases the coordinator's), read by the same screens through its
:class:`.park.ParkBoard` (``view``).

Primary button: reveal (on its press).  Secondary button (and the shared toss button): toss the
flag.  A press the match does not take now is said on its half (:func:`hint`).  LEDs: the side that must act in its match blinks; the flag holder's is on; the winner's
celebrates while the match's end is on the table.  ``lights`` reads ``observation["matches"]``
only: the local table gives each half's seat its tournament observation (with the match that just
ended while its end is held on screen), a park of a café tournament the observation of the match
it plays (:func:`engine.challengers.game.observe_match`).

What just happened (:mod:`.happened`): each half of the match is told the other player's last
moves, in the match log's words, never naming a card that half may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.game import Action
from kiosk.games.challengers.happened import public_cards, say
from kiosk.games.descriptor import BLINK, CELEBRATE, OFF, ON, PRIMARY, SECONDARY, Buttons, HintWords, KioskGame

REVEAL, TOSS = "reveal", "toss"

SCREENS = {
    "play": "kiosk.games.challengers.match:MatchScreen",
    "match": "kiosk.games.challengers.match:MatchScreen",
    "deck": "kiosk.games.challengers.deckphase:DeckPhaseScreen",
    "result": "kiosk.games.challengers.result:ResultScreen",
}


def buttons(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> Buttons:
    """Primary: reveal; secondary: toss, always: a press the engine does not take now is said
    on its half (what the match waits for)."""
    return Buttons(primary=REVEAL, secondary=TOSS)


def seat_match(observation: Mapping[str, Any], seat: int, finished: bool = False) -> Mapping[str, Any] | None:
    """The running match ``seat`` plays in, from an observation (None outside the Match Phase);
    with ``finished``, also the match it has just played (won or lost) in this round."""
    for m in observation.get("matches") or ():
        if seat in m["players"] and (finished or m["winner"] is None):
            return m
    return None


def lights(observation: Mapping[str, Any], seat: int, legal: Sequence[Action]) -> str:
    """Blinking while ``seat`` must reveal or choose in its match; on while it holds the flag;
    celebrating once it has won the match still in the observation."""
    m = seat_match(observation, seat, finished=True)
    if m is None:
        return OFF
    side = m["players"].index(seat)
    if m["winner"] is not None:
        return CELEBRATE if m["winner"] == side else OFF
    if any(a.kind in ("match.reveal", "match.choose") for a in legal):
        return BLINK
    return ON if m["holder"] == side else OFF


def hint(observation: Mapping[str, Any], seat: int, legal: Sequence[Action], pressed: str, words: HintWords) -> str:
    """Why a press of ``seat``'s person did nothing, said from the seat's observation as its
    screen shows it (a finished match held on screen stands in its matches): tap to go on from
    a finished match; outside a match, a button has no use; in one, what the match waits for."""
    ended = seat_match(observation, seat, finished=True)
    if ended is not None and ended["winner"] is not None:
        return words.t("hint_tap_end")
    m = seat_match(observation, seat)
    if m is None:
        return words.t("hint_not_now") if pressed in (PRIMARY, SECONDARY) else ""
    kind, side = m["expect"]
    if kind == "toss":
        return words.t("hint_toss")
    if kind == "reveal":
        who = m["players"][side]
        if words.is_bot(who):
            return words.t("hint_robot", name=words.player_name(who))
        return words.t("hint_wait_reveal", name=words.player_name(who))
    if kind == "choose" and m.get("pending") is not None:
        return words.t("hint_wait_choose", name=words.player_name(m["players"][m["pending"]["player"]]))
    return words.t("hint_not_now")


def view(table: Any) -> Any:
    """The view model of the tournament on a local table (:class:`.board.Board`)."""
    from kiosk.games.challengers.board import board_of
    return board_of(table)


def screen(observation: Mapping[str, Any]) -> str:
    """The Deck Phase screen while players draft, the result once it is over, else the match."""
    if observation.get("phase") == "over":
        return "result"
    return "deck" if observation.get("phase") in ("deck", "final-deck") else "match"


KIOSK = KioskGame(
    game="challengers",
    screens=SCREENS,
    buttons=buttons,
    lights=lights,
    screen=screen,
    hint=hint,
    view=view,
    levels=(("1", "robot"), ("2", "robot"), ("3", "robot"), ("4", "robot"), ("5", "robot")),
    solo_bots=(1,),
    two_players=True,
    slow_bots=("search",),        # the search bot (engine.challengers.hint) decides off the UI thread
    public_cards=public_cards,
    say=say,
    park="kiosk.games.challengers.park:ChallengersPark",
    events="kiosk.games.challengers.events:event_words",
)
