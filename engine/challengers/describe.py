"""Events in words, for the command line and logs (English; screens have their own texts)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event

#: Seat names when none are given: the tournament's seats, numbered from 0.
SEATS = tuple(f"seat {i}" for i in range(9))

_PLACES = {"deck-top": "on top of the deck", "deck-bottom": "under the deck", "exhaust": "on the exhaust pile",
           "discard": "out of the deck", "box": "back in the box", "bench": "on the bench"}


def describe_event(e: Event, names: Sequence[str] = ("a", "b")) -> str:
    """One line for one match or tournament event."""
    who = names[e.player] if isinstance(e.player, int) and 0 <= e.player < len(names) else e.player
    k = e.kind
    if k == "round":
        return f"round {e.value}"
    if k == "match":
        light, dark = (names[p] if 0 <= p < len(names) else p for p in e.player)
        return f"park {e.value}: {light} against {dark}"
    if k == "option":
        return f"  {who} drafts {e.info}"
    if k == "pick":
        return f"  {who} picks {e.card}" + (" (extra)" if e.info else "")
    if k == "redraw":
        return f"  {who} draws again"
    if k == "remove":
        return f"  {who} removes {e.card} ({e.info})"
    if k == "undo":
        return f"  {who} takes back the {e.info} of {e.card}" if e.card else f"  {who} takes back a {e.info}"
    if k == "deck-done":
        return f"  {who} is ready with {e.value} card(s)"
    if k == "trophy":
        return f"{who} takes the trophy of round {e.value}"
    if k == "trophy-to-box":
        return f"the Robot wins round {e.value}'s trophy; it goes back to the box"
    if k == "finalists":
        return "the Final: " + " against ".join(names[p] for p in e.player)
    if k == "champion":
        return f"{who} wins the tournament ({e.info})"
    if k == "toss":
        return f"flag toss: {who} begins"
    if k == "begin":
        return f"{who} begins"
    if k == "reveal":
        return f"{who} reveals {e.card} (power {e.value})"
    if k == "bonus":
        return f"  {e.card} +{e.value} ({e.info})"
    if k == "compare":
        return f"  attack {e.value} vs {e.info} in possession"
    if k == "flag":
        under = f", {', '.join(e.info)} slide under" if e.info else ""
        return f"{who} takes the flag with {e.card} (total {e.value}{under})"
    if k == "flag-lost":
        return f"{who}'s {e.card} loses the flag"
    if k == "bench":
        return f"  {who} benches {e.card}"
    if k == "bench-full":
        return f"{who} must bench {e.value} more card name(s) and has no free seat"
    if k == "move":
        return f"  {who}: {e.card} goes {_PLACES.get(e.info, e.info)}"
    if k == "draw" and e.card is None:
        return f"  {who} draws {e.value} card(s)"
    if k == "draw":
        return f"  {who} gets {e.card} from {e.info}"
    if k == "fans":
        return f"  {who} takes {e.value} fan(s) ({e.card})"
    if k == "choice":
        return f"  {who} must choose ({e.info}, {e.value} options)"
    if k == "chose":
        return f"  {who} chose option {e.value}"
    if k == "arrange":
        return f"  {who} arranges {e.value} card(s) ({e.card})"
    if k == "lose":
        return f"{who} loses at once ({e.card})"
    if k == "win":
        return f"{who} wins the match ({e.info})"
    return f"{k} {who} {e.card or ''} {e.value if e.value is not None else ''}".rstrip()
