"""What a screen or a phone reads from an observation (:mod:`engine.cosplay.view`) is what the
state says, at every step of games between random and sensible bots, for every seat's view."""

import pytest

from engine.cosplay import GAME
from engine.cosplay.view import payment_move, points_in_view, recruited_cost_in_view, target_cost_in_view, zone_costs
from engine.game import GameSetup, RandomPolicy


@pytest.mark.parametrize("players, seed, bot", [(2, 3, "random"), (3, 4, "sensible"), (4, 5, "random")])
def test_the_views_answers_are_the_states(data, players, seed, bot):
    state = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(players)), seed))
    bots = {p: (RandomPolicy(seed * 7 + p) if bot == "random" else GAME.policies[bot](data, p, seed * 7 + p))
            for p in range(players)}
    steps = 0
    while not state.over and steps < 400:
        p = state.current
        for seat in (*range(players), None):
            obs = state.observation(seat)
            assert zone_costs(data, obs) == [None if c < 0 else state.recruit_cost(c) for c in state.zones]
            for q in range(players):
                assert recruited_cost_in_view(data, obs, q) == state.recruited_cost(q)
            if seat is not None and seat == p:
                assert points_in_view(data, obs, seat) == state.available_points(seat)
        obs = state.observation(p)
        for a in state.legal_actions(p):
            move = payment_move(a)
            if move is not None:
                twin = state.clone()
                twin.apply(a)
                assert all(key in {u.key for u in state.units(p)} for key in move.payers)
                gives = move.points(data, obs, p)
                units = {u.key: u.gives for u in state.units(p)}
                assert gives == tuple(sum(units[k][i] for k in move.payers) for i in range(3))
                target = move.target[0] if len(move.target) == 1 else tuple(move.target)
                assert target_cost_in_view(data, obs, move) == state.target_cost(move.kind, target)
        state.apply(bots[p].act(obs, state.legal_actions(p)))
        steps += 1
