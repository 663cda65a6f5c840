"""A kiosk's store holding round 1's match of a café tournament, as a park receives it.

The park tests start from the same place: a two-player tournament past both Deck Phases, its
first match saved in the kiosk's store for park 1, the way the coordinator's view would have put
it there.  One helper, so that the tests differ only in what they check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.challengers.tournament import Setup, Tournament
from kiosk.store import Store

#: Each Deck Phase stage's first choice (the remove stage ends at once).
_FIRST_CHOICE = {"option": "option", "pick": "pick", "choose": "choose"}


def first_match_spec(lib: Any, players: tuple[str, str] = ("A", "B"), seed: int = 5) -> dict:
    """Round 1's match of a two-player tournament, both Deck Phases played by first choices."""
    t = Tournament(lib, Setup(players=players, seed=seed))
    while t.phase == "deck":
        who = t.waiting()[0]
        stage = t.deck_phases[who[1]].stage
        t.apply(("deck", who[1], "done") if stage == "remove"
                else ("deck", who[1], _FIRST_CHOICE.get(stage, "done"), 0))
    return t.matches[1].spec


def park_store(path: Path, spec: dict, actions: tuple | list = ()) -> tuple[Store, int]:
    """A store at ``path`` whose park 1 of tournament 1 holds ``spec`` (and ``actions`` played
    in it); returns the store and the match's id."""
    store = Store(path)
    store.put("park_tournament", 1)
    store.put("park_number", 1)
    mid = store.new_park_match(1, 1, 1, spec, actions)
    return store, mid
