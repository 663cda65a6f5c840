"""Counting a route's stages at the end of the race.

"Chaque joueur peut réordonner ses 5 cartes parcours puis il compte le nombre
d'étapes complètes qu'il a atteint (une demi-étape ne compte pas). Les
aérodromes complets (2 demis-aérodromes) comptent pour 4 étapes. Chaque carte
parcours à la couleur du joueur apporte 1 étape bonus."  And: "Le joueur violet
peut avoir un bonus supplémentaire d'une étape s'il a dans son parcours deux
cartes starter."

The best order of a route never needs a search: two half-stages complete a
stage only when they belong to the same vehicle, and every pair of one
vehicle is worth the same (1, or 4 for two half-aerodromes), so the best
arrangement pairs as many halves of each vehicle as it can -- ``k // 2`` pairs
out of ``k`` halves -- and one odd half per vehicle stays incomplete.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.wacky.data import PLANE, VEHICLES, WackyData

HALF_PAIR = 1            # two half-stages of one vehicle: one stage
AERODROME_PAIR = 4       # "Les aérodromes complets (2 demis-aérodromes) comptent pour 4 étapes"
OWN_COLOUR = 1           # "Chaque carte parcours à la couleur du joueur apporte 1 étape bonus"
STARTERS_FOR_BONUS = 2   # "...s'il a dans son parcours deux cartes starter"


class RouteScore(NamedTuple):
    """A route's stages, worked out part by part (the total is their sum)."""

    total: int
    stages: int      # complete stages printed on the cards
    pairs: int       # stages made of two half-stages (4 for two half-aerodromes)
    own: int         # cards of the player's own colour
    bonus: int       # the pilot's starters bonus (the violet pilot)
    speeds: int      # sum of the speeds on the route: the tie-break

    def to_json(self) -> dict[str, int]:
        return self._asdict()


def score_route(data: WackyData, route: Sequence[int], pilot: int) -> RouteScore:
    """The stages ``route`` (card numbers) earns the pilot numbered ``pilot``."""
    vehicle, half, owner = data.vehicle, data.half, data.owner
    stages = speeds = own = starters = 0
    halves = [0] * len(VEHICLES)
    for c in route:
        stages += data.stages[c]
        speeds += data.speed[c]
        if half[c]:
            halves[vehicle[c]] += 1
        o = owner[c]
        if o == pilot:
            own += 1
        elif o < 0:
            starters += 1
    pairs = 0
    for v, k in enumerate(halves):
        if k > 1:
            pairs += (k // 2) * (AERODROME_PAIR if v == PLANE else HALF_PAIR)
    bonus = data.pilots[pilot].starters_bonus if starters >= STARTERS_FOR_BONUS else 0
    own *= OWN_COLOUR
    return RouteScore(stages + pairs + own + bonus, stages, pairs, own, bonus, speeds)
