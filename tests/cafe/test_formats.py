"""The café formats' rules, as pure functions (docs/rules.md, "Café tournaments")."""

import itertools
import random

import pytest

from engine.cafe import formats
from engine.cafe.formats import (
    bracket_order,
    duel_points,
    knockout_round_one,
    pair_swiss,
    place_points,
    places,
    table_sizes,
    tables_byes,
)
from engine.game import Outcome, Termination

# ---------------------------------------------------------------------------- places and points

def test_places_follow_the_games_outcome_winners_first_then_scores():
    # Wacky: a win shared on stages and speeds, the others by stages; equal stages share a place.
    o = Outcome(Termination.WIN, (2, 0), "shared", (9, 4, 9, 4, 7))
    assert places(o, 5) == [1, 4, 1, 4, 3]
    # The winner alone first even when the game's scores do not say so (Between: hit points left).
    assert places(Outcome(Termination.WIN, (1,), "coup-fatal-tie", (3, 3)), 2) == [2, 1]
    # A draw (Cosplay: every player tied): everybody first; no scores: everybody first too.
    assert places(Outcome(Termination.DRAW, (), "shared", (5, 5, 5)), 3) == [1, 1, 1]
    assert places(Outcome(Termination.ABANDONED), 4) == [1, 1, 1, 1]


@pytest.mark.parametrize("k", range(2, 8))
def test_every_table_is_worth_the_same_first_60_last_0_evenly_spaced(k):
    pts = place_points(list(range(1, k + 1)))
    assert pts[0] == formats.FIRST_PLACE_POINTS and pts[-1] == 0
    steps = {a - b for a, b in itertools.pairwise(pts)}
    assert len(steps) == 1, pts


def test_players_sharing_a_place_share_its_points():
    assert place_points([1, 2, 2, 4]) == [60, 30, 30, 0]
    assert place_points([2, 1, 2, 2]) == [20, 60, 20, 20]
    assert place_points([1, 1, 3]) == [45, 45, 0]
    assert place_points([1, 2, 2, 4, 5]) == [60, 38, 38, 15, 0]     # 37.5 each, half up
    assert place_points([1, 1]) == [30, 30]
    with pytest.raises(ValueError, match="at least 2"):
        place_points([1])


def test_a_duel_is_a_win_a_loss_or_a_draw():
    assert duel_points([1, 2]) == [formats.WIN_POINTS, formats.LOSS_POINTS]
    assert duel_points([2, 1]) == [formats.LOSS_POINTS, formats.WIN_POINTS]
    assert duel_points([1, 1]) == [formats.DRAW_POINTS, formats.DRAW_POINTS]
    assert formats.BYE_POINTS == formats.WIN_POINTS


# ---------------------------------------------------------------------------- Swiss

def _rematch_free_exists(order, met, byes):
    """Brute force: is there any pairing of ``order`` (with a bye for an odd count, to a player
    without one when there is such a player) without a rematch?"""
    def free(rest):
        if not rest:
            return True
        a = rest[0]
        return any(b not in met[a] and free(rest[1:i] + rest[i + 1:]) for i, b in enumerate(rest) if i)
    if len(order) % 2 == 0:
        return free(list(order))
    fresh = [p for p in order if not byes[p]] or list(order)
    return any(free([q for q in order if q != p]) for p in fresh)


@pytest.mark.parametrize("n", range(2, 11))
def test_a_whole_swiss_avoids_every_avoidable_rematch_and_gives_at_most_one_bye_each(n):
    rng = random.Random(n)
    for trial in range(6):
        points = [0] * n
        met = {p: set() for p in range(n)}
        byes = dict.fromkeys(range(n), 0)
        rounds = n - 1 if n % 2 == 0 else n
        for _ in range(rounds):
            order = sorted(range(n), key=lambda p: (-points[p], p))
            pairs, bye = pair_swiss(order, met, byes)
            seated = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
            assert sorted(seated) == list(range(n)), "everyone plays or has the bye, once"
            assert (bye is None) == (n % 2 == 0)
            rematches = [pair for pair in pairs if pair[1] in met[pair[0]]]
            if rematches:
                assert not _rematch_free_exists(order, met, byes), (trial, order, pairs, bye)
            if bye is not None:
                assert byes[bye] == 0, "a second bye while someone has had none"
                byes[bye] += 1
                points[bye] += formats.BYE_POINTS
            for a, b in pairs:
                assert order.index(a) < order.index(b), "the higher-placed player is named first"
                met[a].add(b)
                met[b].add(a)
                winner = rng.choice((a, b))
                points[winner] += formats.WIN_POINTS
        if n % 2 == 1:
            assert set(byes.values()) == {1}, "a round robin's worth of rounds: one bye each"


def test_swiss_pairs_neighbours_in_the_standings_and_the_bye_goes_to_the_lowest():
    order = [3, 0, 4, 1, 2]
    pairs, bye = pair_swiss(order, {p: set() for p in range(5)}, dict.fromkeys(range(5), 0))
    assert bye == 2 and pairs == [(3, 0), (4, 1)]
    # The lowest has had a bye: the next one up sits out.
    pairs, bye = pair_swiss(order, {p: set() for p in range(5)}, {2: 1})
    assert bye == 1 and pairs == [(3, 0), (4, 2)]
    # First and second have met: first plays third.
    pairs, bye = pair_swiss([0, 1, 2, 3], {0: {1}, 1: {0}}, {})
    assert pairs == [(0, 2), (1, 3)] and bye is None


def test_swiss_backtracks_rather_than_leave_a_rematch_at_the_bottom():
    # Top-down greedy would pair 0-1 and leave 2-3, who met; the pairing looks further.
    met = {0: set(), 1: {2}, 2: {1, 3}, 3: {2}}
    pairs, _ = pair_swiss([0, 1, 2, 3], met, {})
    assert all(b not in met[a] for a, b in pairs)
    assert pairs == [(0, 2), (1, 3)]


# ---------------------------------------------------------------------------- knockout

def test_the_bracket_keeps_the_top_seeds_apart_until_the_end():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError, match="power of two"):
        bracket_order(6)


@pytest.mark.parametrize("n", range(2, 41))
def test_knockout_byes_go_to_the_top_seeds(n):
    seeds = [f"e{i}" for i in range(n)]          # best seed first
    lines = knockout_round_one(seeds)
    size = len(lines)
    assert size & (size - 1) == 0 and size // 2 < n <= size
    assert sorted(x for x in lines if x is not None) == sorted(seeds)
    with_bye = [a if b is None else b for a, b in zip(lines[::2], lines[1::2]) if a is None or b is None]
    assert sorted(with_bye, key=seeds.index) == seeds[:size - n]
    assert all(a is not None or b is not None for a, b in zip(lines[::2], lines[1::2])), "no empty match"


# ---------------------------------------------------------------------------- tables

@pytest.mark.parametrize("most, least", [(7, 2), (4, 2)])
def test_tables_for_every_count_are_as_even_as_possible_and_within_the_games_limits(most, least):
    for size in range(least, most + 1):
        for count in range(least, 31):
            sizes, out = table_sizes(count, size, least)
            assert sum(sizes) + out == count
            assert all(least <= s <= size for s in sizes), (count, size, sizes)
            assert max(sizes) - min(sizes) <= 1
            assert sizes == sorted(sizes, reverse=True)
            assert len(sizes) == -(-(count - out) // size), "no more tables than the size asks"
            # A bye only when the count cannot fill tables: tables of 2 and an odd count.
            assert out == (1 if size == 2 and count % 2 else 0), (count, size, out)


def test_a_game_with_a_larger_minimum_leaves_the_fewest_out():
    assert table_sizes(7, 4, 3) == ([4, 3], 0)
    assert table_sizes(5, 4, 3) == ([4], 1)
    assert table_sizes(6, 3, 3) == ([3, 3], 0)
    with pytest.raises(ValueError, match="cannot fill"):
        table_sizes(2, 4, 3)


def test_tables_byes_go_to_the_fewest_byes_then_the_lowest_placed():
    order = [5, 4, 3, 2, 1, 0]
    assert tables_byes(order, 1, {}) == [0]
    assert tables_byes(order, 1, {0: 1}) == [1]
    assert tables_byes(order, 2, {0: 1, 1: 1}) == [2, 3]
