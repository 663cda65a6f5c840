"""Wacky Challenge: the final count and the winner (rules of "Fin de la partie")."""

import pytest
from wackyplay import c, data, new

from engine.game import Termination
from engine.wacky.data import VEHICLES
from engine.wacky.scoring import score_route
from engine.wacky.state import OVER


def score(route, pilot="yellow"):
    return score_route(data(), [c(x) for x in route], data().pilot_index[pilot])


def plain(vehicle, exclude=("yellow",)):
    """A pilot card of ``vehicle`` without a half-stage, of a pilot not excluded."""
    return next(f"{p.id}-{vehicle}" for p in data().pilots if p.id not in exclude
                and not data().half[c(f"{p.id}-{vehicle}")])


def halves(vehicle, k, exclude=("yellow",)):
    """``k`` cards of ``vehicle`` with a half-stage (pilot cards first, then starters)."""
    d = data()
    v = VEHICLES.index(vehicle)
    found = [d.names[x] for x in range(d.num_cards) if d.half[x] and d.vehicle[x] == v
             and (d.owner[x] < 0 or d.pilots[d.owner[x]].id not in exclude)]
    assert len(found) >= k, f"the data has fewer than {k} half-{vehicle}s"
    return found[:k]


def printed(route):
    return sum(data().stages[c(x)] for x in route)


def test_score_complete_stages_only():
    """Score: "il compte le nombre d'étapes complètes qu'il a atteint (une demi-étape ne compte
    pas)." One half-stage alone adds nothing."""
    route = [plain("train"), plain("motorbike")] + halves("car", 1)
    s = score(route)
    assert s.stages == printed(route) and s.pairs == 0 and s.total == printed(route)


def test_score_two_half_stages_of_one_vehicle_make_a_stage():
    """Score: "Il existe des demi-étapes (voiture, bateau, avion) qu'il convient de compléter pour
    gagner l'étape ... en assemblant 2 demi-étapes." """
    route = halves("car", 2)
    s = score(route)
    assert s.pairs == 1 and s.total == printed(route) + 1
    route = halves("boat", 2)
    assert score(route).pairs == 1


def test_score_half_stages_of_different_vehicles_do_not_pair():
    """Score: a half-stage completes only a half-stage of the same vehicle (a car road does not
    end in a harbour)."""
    route = halves("car", 1) + halves("boat", 1) + halves("plane", 1)
    assert score(route).pairs == 0


def test_score_two_half_aerodromes_make_four():
    """Score: "Les aérodromes complets (2 demis-aérodromes) comptent pour 4 étapes." """
    route = halves("plane", 2)
    s = score(route)
    assert s.pairs == 4 and s.total == printed(route) + 4


def test_score_the_engine_finds_the_best_pairing():
    """Score: "Elles peuvent être réordonnées à tout moment afin de maximiser le nombre d'étape":
    three half-aerodromes and two half-cars give one aerodrome (4) and one car stage (1); the odd
    half-aerodrome stays incomplete."""
    route = halves("plane", 3) + halves("car", 2)
    assert score(route).pairs == 5


def test_score_own_colour_adds_one_per_card():
    """Score: "Chaque carte parcours à la couleur du joueur apporte 1 étape bonus." """
    route = ["yellow-train", "yellow-car", plain("boat")]
    s = score(route, "yellow")
    assert s.own == 2
    assert s.total == score(route, "black").total + 2 - (1 if any(x.startswith("black-") for x in route) else 0)


def test_score_violet_bonus_with_two_starters():
    """Score: "Le joueur violet peut avoir un bonus supplémentaire d'une étape s'il a dans son
    parcours deux cartes starter." One starter is not enough; other pilots never get it."""
    starters = [data().names[x] for x in data().starters]
    assert score(starters[:2], "violet").bonus == 1
    assert score(starters[:1], "violet").bonus == 0
    assert score(starters[:3], "violet").bonus == 1
    assert score(starters[:2], "yellow").bonus == 0
    assert score(starters[:2], "violet").total == score(starters[:2], "yellow").total + 1


def _finished(routes, pilots=("yellow", "red", "green")):
    s = new(pilots)
    s.routes = [[c(x) for x in r] for r in routes]
    s.hands = [[] for _ in pilots]
    s.turn = 5
    s._next_turn([])
    assert s.phase == OVER
    return s


def test_winner_most_stages():
    """End: "Le joueur ayant parcouru le plus d'étapes gagne la partie." """
    routes = [["red-train"], ["green-motorbike", "blue-train"], ["orange-car"]]
    s = _finished(routes)
    totals = [score_route(data(), [c(x) for x in r], data().pilot_index[p]).total
              for r, p in zip(routes, ("yellow", "red", "green"))]
    o = s.outcome()
    assert o.termination == Termination.WIN and o.scores == tuple(totals)
    assert o.winners == (totals.index(max(totals)),) and o.reason == "stages"


def test_tie_on_stages_goes_to_the_larger_sum_of_speeds():
    """End: "En cas d'égalité, c'est celui qui cumule les plus grandes vitesses." The same two
    cards' stages, different speeds: the faster route wins."""
    d = data()
    others = [x for p in d.pilots if p.id not in ("yellow", "red") for x in p.cards]
    slow, fast = next((a, b) for a in others for b in others
                      if d.stages[a] == d.stages[b] and not d.half[a] and not d.half[b] and d.speed[a] < d.speed[b])
    s = _finished([[d.names[slow]], [d.names[fast]], []], ("yellow", "red", "black"))
    o = s.outcome()
    assert o.scores[0] == o.scores[1] and o.winners == (1,) and o.reason == "speeds"


def test_tie_on_stages_and_speeds_is_shared():
    """End: still tied after the speeds, the victory is shared by those tied."""
    s = _finished([["blue-train"], ["blue-train"], []], ("yellow", "red", "green"))
    o = s.outcome()
    assert o.winners == (0, 1) and o.reason == "shared" and o.termination == Termination.WIN


@pytest.mark.parametrize("route", [[], ["yellow-plane"]])
def test_score_breakdown_adds_up(route):
    s = score(route)
    assert s.total == s.stages + s.pairs + s.own + s.bonus
