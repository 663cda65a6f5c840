"""Checks for the tournament plans in cards/plans/plan-*.toml.

The plans are plain data, loaded here with the standard library's ``tomllib`` (the
engine is not imported).  Every ``problems_*`` helper returns a list of human-readable
problems; an empty list means the rule holds.  ``test_checks_detect_broken_plans``
feeds deliberately broken copies of a good plan to the helpers to show they can fail.
See docs/plans.md for the format and the rules.
"""

from __future__ import annotations

import copy
import itertools
import tomllib
from collections import Counter
from pathlib import Path

import pytest

PLAN_DIR = Path(__file__).resolve().parent.parent / "cards" / "plans"
SLOT_COUNTS = (2, 4, 6, 8)
ROUNDS = 7

# How often each pair of slots meets over the 7 rounds: (fewest, most).
PAIR_MEETINGS = {2: (7, 7), 4: (2, 3), 6: (1, 2), 8: (1, 1)}
# Slot counts for which "no pair meets in two consecutive rounds" is achievable
# (with 2 slots the only pair must meet every round).
NO_BACK_TO_BACK = (4, 6, 8)
# Slot counts with more than one park, where players must move between parks.
MULTI_PARK = (4, 6, 8)
LIGHT_GAMES = (3, 4)
MAX_SIDE_RUN = 3


# --------------------------------------------------------------------------- loading


def load_plan(slots: int) -> dict:
    with open(PLAN_DIR / f"plan-{slots}.toml", "rb") as fh:
        return tomllib.load(fh)


@pytest.fixture(params=SLOT_COUNTS, ids=lambda n: f"plan-{n}")
def plan(request) -> dict:
    return load_plan(request.param)


# --------------------------------------------------------------------------- helpers


def matches(plan: dict):
    """Yield (round_number, park, light, dark) for every match, rounds numbered from 1."""
    for r, rnd in enumerate(plan["rounds"], start=1):
        for park, light, dark in rnd:
            yield r, park, light, dark


def seat_history(plan: dict, slot: int) -> list[tuple[int, str]]:
    """(park, side) for `slot` in each round it plays, in round order."""
    history = []
    for _, park, light, dark in matches(plan):
        if slot == light:
            history.append((park, "light"))
        elif slot == dark:
            history.append((park, "dark"))
    return history


def longest_run(values) -> int:
    best = run = 0
    previous = object()
    for value in values:
        run = run + 1 if value == previous else 1
        previous = value
        best = max(best, run)
    return best


def pair_counts(plan: dict) -> Counter:
    return Counter(frozenset((light, dark)) for _, _, light, dark in matches(plan))


def problems_shape(plan: dict, expected_slots: int) -> list[str]:
    """Header fields are right and there are exactly 7 rounds of [park, light, dark] triples."""
    problems = []
    if plan.get("slots") != expected_slots:
        problems.append(f"slots = {plan.get('slots')!r}, expected {expected_slots}")
    if plan.get("parks") != expected_slots // 2:
        problems.append(f"parks = {plan.get('parks')!r}, expected {expected_slots // 2}")
    rounds = plan.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != ROUNDS:
        n = len(rounds) if isinstance(rounds, list) else rounds
        problems.append(f"expected {ROUNDS} rounds, found {n!r}")
        return problems
    for r, rnd in enumerate(rounds, start=1):
        for match in rnd:
            if not (
                isinstance(match, list)
                and len(match) == 3
                and all(isinstance(x, int) and not isinstance(x, bool) for x in match)
            ):
                problems.append(f"round {r}: malformed match {match!r}")
    return problems


def problems_slots_each_round(plan: dict) -> list[str]:
    """Every slot plays exactly one match per round (so on exactly one park and one side)."""
    problems = []
    everyone = Counter(range(1, plan["slots"] + 1))
    for r, rnd in enumerate(plan["rounds"], start=1):
        seen = Counter()
        for _, light, dark in rnd:
            seen[light] += 1
            seen[dark] += 1
        if seen != everyone:
            twice = sorted(s for s, n in seen.items() if n > 1)
            missing = sorted(set(everyone) - set(seen))
            stray = sorted(set(seen) - set(everyone))
            problems.append(f"round {r}: twice={twice} missing={missing} unknown={stray}")
    return problems


def problems_parks_each_round(plan: dict) -> list[str]:
    """Every park hosts exactly one match per round."""
    problems = []
    parks = list(range(1, plan["parks"] + 1))
    for r, rnd in enumerate(plan["rounds"], start=1):
        used = sorted(park for park, _, _ in rnd)
        if used != parks:
            problems.append(f"round {r}: parks used {used}, expected {parks}")
    return problems


def problems_pair_meetings(plan: dict, fewest: int, most: int) -> list[str]:
    """Each pair of slots meets between `fewest` and `most` times."""
    counts = pair_counts(plan)
    problems = []
    for a, b in itertools.combinations(range(1, plan["slots"] + 1), 2):
        n = counts.get(frozenset((a, b)), 0)
        if not fewest <= n <= most:
            problems.append(f"slots {a} and {b} meet {n} times, expected {fewest}..{most}")
    return problems


def problems_back_to_back(plan: dict) -> list[str]:
    """No pair of slots meets in two consecutive rounds."""
    problems = []
    rounds = [{frozenset((l, d)) for _, l, d in rnd} for rnd in plan["rounds"]]
    for r, (before, after) in enumerate(zip(rounds, rounds[1:]), start=1):
        for pair in sorted(before & after, key=sorted):
            problems.append(f"slots {sorted(pair)} meet in rounds {r} and {r + 1}")
    return problems


def problems_light_balance(plan: dict) -> list[str]:
    """Each slot plays on the light side 3 or 4 times out of 7."""
    problems = []
    for slot in range(1, plan["slots"] + 1):
        light = sum(side == "light" for _, side in seat_history(plan, slot))
        if light not in LIGHT_GAMES:
            problems.append(f"slot {slot} is light {light} times")
    return problems


def problems_side_runs(plan: dict) -> list[str]:
    """No slot plays on the same side more than 3 rounds in a row."""
    problems = []
    for slot in range(1, plan["slots"] + 1):
        run = longest_run(side for _, side in seat_history(plan, slot))
        if run > MAX_SIDE_RUN:
            problems.append(f"slot {slot} stays on one side {run} rounds in a row")
    return problems


def problems_park_movement(plan: dict) -> list[str]:
    """Nobody sits at the same park in all 7 rounds."""
    problems = []
    for slot in range(1, plan["slots"] + 1):
        parks = {park for park, _ in seat_history(plan, slot)}
        if len(parks) < 2:
            problems.append(f"slot {slot} never leaves park(s) {sorted(parks)}")
    return problems


def problems_robot_slot(plan: dict) -> list[str]:
    """robot_slot is present and names one of the plan's slots."""
    robot = plan.get("robot_slot")
    if isinstance(robot, bool) or not isinstance(robot, int):
        return [f"robot_slot missing or not an integer: {robot!r}"]
    if not 1 <= robot <= plan["slots"]:
        return [f"robot_slot {robot} is not one of slots 1..{plan['slots']}"]
    return []


# --------------------------------------------------------------------------- the rules


def test_all_plans_present():
    """Rule: exactly one plan per slot count 2, 4, 6 and 8, and no others."""
    found = sorted(p.name for p in PLAN_DIR.glob("plan-*.toml"))
    assert found == sorted(f"plan-{n}.toml" for n in SLOT_COUNTS)


@pytest.mark.parametrize("slots", SLOT_COUNTS, ids=lambda n: f"plan-{n}")
def test_shape_and_seven_rounds(slots):
    """Rule: plan-N.toml has slots = N, parks = N/2, and exactly 7 rounds of
    [park, light_slot, dark_slot] triples."""
    assert problems_shape(load_plan(slots), slots) == []


def test_every_slot_plays_once_per_round(plan):
    """Rule: every round, every slot plays exactly one match (one park, one side)."""
    assert problems_slots_each_round(plan) == []


def test_every_park_hosts_one_match_per_round(plan):
    """Rule: every round, each park hosts exactly one match."""
    assert problems_parks_each_round(plan) == []


def test_pair_meetings(plan):
    """Rule: 8 slots = full round robin (each pair once); 6 slots = each pair once or
    twice; 4 slots = each pair two or three times; 2 slots = the same pair every round."""
    fewest, most = PAIR_MEETINGS[plan["slots"]]
    assert problems_pair_meetings(plan, fewest, most) == []


@pytest.mark.parametrize("slots", NO_BACK_TO_BACK, ids=lambda n: f"plan-{n}")
def test_no_pair_meets_in_consecutive_rounds(slots):
    """Rule: no pair meets in two consecutive rounds (4, 6 and 8 slots; impossible with 2)."""
    assert problems_back_to_back(load_plan(slots)) == []


def test_light_side_three_or_four_times(plan):
    """Rule: each slot plays on the light side 3 or 4 times out of 7."""
    assert problems_light_balance(plan) == []


def test_robot_slot_exists(plan):
    """Rule: every plan names the slot the Robot takes when the player count is odd."""
    assert problems_robot_slot(plan) == []


def test_no_side_more_than_three_rounds_in_a_row(plan):
    """Rule (nice to have): no slot plays on the same side more than 3 rounds in a row."""
    assert problems_side_runs(plan) == []


@pytest.mark.parametrize("slots", MULTI_PARK, ids=lambda n: f"plan-{n}")
def test_players_move_between_parks(slots):
    """Rule (nice to have): nobody sits at the same park all 7 rounds (every multi-park plan)."""
    assert problems_park_movement(load_plan(slots)) == []


# --------------------------------------------------------------------------- the checks can fail


def _swap_slots(rnd: list, x: int, y: int) -> None:
    """Exchange slots x and y within one round; the round stays structurally valid."""
    for match in rnd:
        for i in (1, 2):
            if match[i] == x:
                match[i] = y
            elif match[i] == y:
                match[i] = x


def _opponent(rnd: list, slot: int) -> int:
    for _, light, dark in rnd:
        if light == slot:
            return dark
        if dark == slot:
            return light
    raise LookupError(slot)


def _round1_pair(p: dict) -> tuple[int, int]:
    _, a, b = p["rounds"][0][0]
    return a, b


def break_slot_twice(p):
    """A slot plays two matches in round 1 (and another slot none)."""
    rnd = p["rounds"][0]
    rnd[1][1] = rnd[0][1]


def break_park_twice(p):
    """Two matches at the same park in round 1."""
    rnd = p["rounds"][0]
    rnd[1][0] = rnd[0][0]


def break_back_to_back(p):
    """The round-1 pair meets again in round 2."""
    a, b = _round1_pair(p)
    rnd = p["rounds"][1]
    _swap_slots(rnd, a, _opponent(rnd, b))


def break_round_robin(p):
    """The round-1 pair meets again in round 3 (not consecutive, but a repeat)."""
    a, b = _round1_pair(p)
    rnd = p["rounds"][2]
    _swap_slots(rnd, a, _opponent(rnd, b))


def break_light_balance(p):
    """Slot 1 is put on the light side in every round."""
    for rnd in p["rounds"]:
        for match in rnd:
            if match[2] == 1:
                match[1], match[2] = match[2], match[1]


def break_park_movement(p):
    """Slot 1 is moved to park 1 in every round (by swapping park numbers)."""
    for rnd in p["rounds"]:
        mine = next(m for m in rnd if 1 in m[1:])
        other = next(m for m in rnd if m[0] == 1)
        mine[0], other[0] = other[0], mine[0]


def break_round_count(p):
    """The last round is dropped."""
    p["rounds"].pop()


def break_robot_slot(p):
    """The robot slot points outside the plan."""
    p["robot_slot"] = p["slots"] + 1


def _pair_meetings(p):
    return problems_pair_meetings(p, *PAIR_MEETINGS[p["slots"]])


def _shape(p):
    return problems_shape(p, p["slots"])


# (how the plan is broken, the check that must notice)
MUTATIONS = [
    (break_slot_twice, problems_slots_each_round),
    (break_park_twice, problems_parks_each_round),
    (break_back_to_back, problems_back_to_back),
    (break_back_to_back, _pair_meetings),
    (break_round_robin, _pair_meetings),
    (break_light_balance, problems_light_balance),
    (break_light_balance, problems_side_runs),
    (break_park_movement, problems_park_movement),
    (break_round_count, _shape),
    (break_robot_slot, problems_robot_slot),
]


@pytest.mark.parametrize("slots", (6, 8), ids=lambda n: f"plan-{n}")
@pytest.mark.parametrize(
    "mutate, check",
    MUTATIONS,
    ids=[f"{m.__name__}->{c.__name__.lstrip('_')}" for m, c in MUTATIONS],
)
def test_checks_detect_broken_plans(mutate, check, slots):
    """Rule under test: the checking helpers themselves. A correct plan passes a check;
    the same plan, broken in memory so that it violates that rule, is reported.
    (Uses the 6- and 8-slot plans, whose pair rules are tight enough for every mutation.)"""
    good = load_plan(slots)
    assert check(good) == [], "the unbroken plan should pass"
    bad = copy.deepcopy(good)
    mutate(bad)
    assert bad != good, "the mutation should change the plan"
    assert check(bad) != [], f"{mutate.__doc__.strip()} was not detected"
