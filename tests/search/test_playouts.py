"""A game's own playout rule and position evaluation in the search bot (engine/search.py),
and the rules Between Battle and Cosplay Team Battle give it (issue 34: the hard bot plays more
and better playouts within a Raspberry Pi's second)."""

import random

import auction
import pytest

import cards
from engine import registry
from engine.between.policies import playout as between_playout
from engine.cosplay.policies import evaluation as cosplay_evaluation
from engine.cosplay.policies import playout as cosplay_playout
from engine.errors import IllegalAction
from engine.game import GameSetup, Termination
from engine.search import SearchPolicy, policy_factory
from engine.wacky.policies import SensiblePolicy as WackySensible
from engine.wacky.policies import playout as wacky_playout


def _first(seed):
    state = auction.GAME.new(None, GameSetup("auction", ("P1", "P2"), seed))
    return state.observation(0), state.legal_actions(0)


class _Highest:
    """A playout rule for the auction: always the highest bid; counts its calls."""

    def __init__(self):
        self.calls = 0

    def __call__(self, state, seat, rng):
        self.calls += 1
        return max(state.legal_actions(seat), key=lambda a: a.args[0])


def test_the_playout_rule_moves_every_seat_outside_the_bots_tree():
    rule = _Highest()
    # The whole budget (a rule this predictable settles the decision early).
    bot = SearchPolicy(auction.GAME, None, 0, simulations=50, seed=1, playout=rule, stop_when_decided=False)
    bot.act(*_first(1))
    # Each simulation plays four rounds: the opponent's bids and the bot's own after its tree.
    assert rule.calls >= 50 * 4


def test_a_playout_rule_keeps_the_search_deterministic():
    def decide(seed):
        bot = SearchPolicy(auction.GAME, None, 0, simulations=80, seed=seed, playout=_Highest())
        return bot.act(*_first(seed)), bot.last_stats
    for seed in range(3):
        assert decide(seed) == decide(seed)


def test_a_horizon_scores_the_position_by_the_evaluation():
    seen = []

    def evaluation(state, seat):
        seen.append(state.to_act())
        return 1.0 if seat == 0 else 0.0
    bot = SearchPolicy(auction.GAME, None, 0, simulations=40, seed=2, evaluation=evaluation, horizon=0)
    bot.act(*_first(2))
    # Every simulation stopped where the bot left its tree, before the game's end, and was
    # scored by the evaluation alone.
    assert len(seen) == 40 and all(seen)
    assert all(mean == 1.0 for visits, mean in bot.last_stats.values() if visits)


def test_an_evaluation_needs_a_horizon_and_a_horizon_an_evaluation():
    with pytest.raises(ValueError, match="evaluation and a horizon"):
        SearchPolicy(auction.GAME, None, 0, horizon=3)
    with pytest.raises(ValueError, match="evaluation and a horizon"):
        SearchPolicy(auction.GAME, None, 0, evaluation=lambda state, seat: 0.5)


@pytest.mark.parametrize("name, rule", [("between", between_playout), ("cosplay", cosplay_playout),
                                        ("wacky", wacky_playout)])
def test_every_level_of_a_game_searches_with_its_own_playout_rule(name, rule):
    game = registry.get(name)
    data = game.load(cards)
    for bot in (game.policies["search"](data, 0, 1), policy_factory(game, "easy")(data, 1, 2)):
        assert bot._playout is rule


def _play_by_playouts(name, players, seed):
    """A whole game of ``name`` with every seat moved by its playout rule; each action is
    applied by the rules (which refuse an illegal one)."""
    game = registry.get(name)
    data = game.load(cards)
    rule = {"between": between_playout, "cosplay": cosplay_playout, "wacky": wacky_playout}[name]
    state = game.new(data, GameSetup(name, tuple(f"P{i + 1}" for i in range(players)), seed))
    rng = random.Random(seed)
    kinds = set()
    for _ in range(20_000):
        acting = state.to_act()
        if not acting:
            return state, kinds
        seat = min(acting)
        action = rule(state, seat, rng)
        assert action.player == seat
        kinds.add(action.kind)
        state.apply(action)
    raise AssertionError(f"{name}: a game played by the playout rule did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cosplay_playouts_pay_legally_and_finish_the_game(players):
    for seed in range(3):
        state, kinds = _play_by_playouts("cosplay", players, seed)
        assert state.outcome() is not None
        assert {"recruit", "complete", "end", "ready"} <= kinds


def test_cosplay_playouts_answer_like_the_legal_list_where_they_do_not_pay():
    """In the preparation and when a choice is asked, the rule takes an action of the legal list;
    a payment it makes is one the rules accept (checked above), the greedy one."""
    game = registry.get("cosplay")
    data = game.load(cards)
    state = game.new(data, GameSetup("cosplay", ("A", "B"), 4))
    rng = random.Random(4)
    for _ in range(400):
        if not state.to_act():
            break
        seat = min(state.to_act())
        action = cosplay_playout(state, seat, rng)
        if action.kind in ("place", "attach", "ready", "choose", "end", "combo", "use"):
            assert action in state.legal_actions(seat)
        state.apply(action)


def test_between_playouts_are_legal_and_give_the_bigger_pile():
    for seed in range(5):
        state, _ = _play_by_playouts("between", 2, seed)
        assert state.outcome() is not None and state.outcome().termination == Termination.WIN
    game = registry.get("between")
    data = game.load(cards)
    gave = 0
    for seed in range(30):
        state = game.new(data, GameSetup("between", ("A", "B"), seed))
        rng = random.Random(seed)
        while state.to_act():
            seat = min(state.to_act())
            action = between_playout(state, seat, rng)
            assert action in state.legal_actions(seat)
            if action.kind == "give":
                sizes = [len(z) for z in state.zones]
                assert sizes["ab".index(action.args[0])] == max(sizes)
                gave += 1
            state.apply(action)
    assert gave > 0


def test_cosplay_evaluation_favours_the_seat_ahead():
    game = registry.get("cosplay")
    data = game.load(cards)
    state = game.new(data, GameSetup("cosplay", ("A", "B"), 5))
    assert cosplay_evaluation(state, 0) == pytest.approx(cosplay_evaluation(state, 1), abs=0.2)
    state.obj_points[0] += 5
    assert cosplay_evaluation(state, 0) > 0.9
    assert cosplay_evaluation(state, 1) < 0.1


def test_an_illegal_payment_is_still_refused():
    """Control: the rules the playout tests lean on do refuse a payment that does not pay."""
    game = registry.get("cosplay")
    data = game.load(cards)
    state = game.new(data, GameSetup("cosplay", ("A", "B"), 6))
    while state.phase != "main":
        state.apply(state.legal_actions(state.current)[-1])
    with pytest.raises(IllegalAction):
        state.apply(type(state.legal_actions(state.current)[0])(state.current, "recruit", (1,)))


@pytest.mark.parametrize("players", [2, 4, 7])
def test_wacky_playouts_are_legal_and_mostly_draft_the_card_worth_most(players):
    game = registry.get("wacky")
    data = game.load(cards)
    valuer = WackySensible(data)
    best = picks = 0
    for seed in range(4):
        state = game.new(data, GameSetup("wacky", tuple(f"P{i + 1}" for i in range(players)), seed))
        rng = random.Random(seed)
        while state.to_act():
            seat = min(state.to_act())
            action = wacky_playout(state, seat, rng)
            assert action in state.legal_actions(seat)
            if action.kind == "pick" and len(state.row) > 1:
                route = state.routes[seat]
                after = 5 - len(route) - 1
                worth = {c: valuer.card_value(c, route, state.pilot[seat], after) for c in state.row}
                picks += 1
                best += worth[data.index[str(action.args[0])]] == max(worth.values())
            state.apply(action)
        assert state.outcome() is not None
    assert best >= 0.7 * picks


@pytest.mark.parametrize("name", ["between", "cosplay", "wacky"])
def test_the_games_search_bot_decides_the_same_for_the_same_seed(name):
    """With its playout rule (and Cosplay's horizon), the search stays a function of its seed."""
    game = registry.get(name)
    data = game.load(cards)
    state = game.new(data, GameSetup(name, ("A", "B"), 7))
    sensible = {p: game.policies["sensible"](data, p, p) for p in (0, 1)}
    for _ in range(8):
        p = min(state.to_act())
        state.apply(sensible[p].act(state.observation(p), state.legal_actions(p)))
    seat = min(state.to_act())

    def decide():
        bot = policy_factory(game, "easy")(data, seat, 11)
        return bot.act(state.observation(seat), state.legal_actions(seat)), bot.last_stats
    assert decide() == decide()
