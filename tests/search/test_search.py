"""The search bot (engine/search.py) on the contract's toy games.

It must play better than chance, decide only from what its seat sees, decide
the same way for the same seed, and keep to its budget.
"""

import dataclasses
import random

import pytest

import auction
import toygame
from contract_checks import check_game
from engine.errors import IllegalAction
from engine.game import Action, GameSetup, Outcome, RandomPolicy, Termination, play_out
from engine.search import LEVELS, SearchPolicy, policy_factory, rewards


def _names(n):
    return tuple(f"P{i + 1}" for i in range(n))


def test_hidden_auction_keeps_the_contract():
    for n in (2, 3):
        for seed in range(10):
            check_game(auction.GAME, None, GameSetup("auction", _names(n), seed))


def _mean_reward(n, seeds, make_bot):
    """The mean reward of seat ``seed % n`` played by ``make_bot`` against random bots."""
    total = 0.0
    for seed in seeds:
        state = auction.GAME.new(None, GameSetup("auction", _names(n), seed))
        seat = seed % n
        policies = {q: RandomPolicy(1000 * seed + q) for q in range(n)}
        policies[seat] = make_bot(seat, seed)
        play_out(state, policies)
        total += rewards(state.outcome(), n)[seat]
    return total / len(seeds)


# 120 games at either count: the bot stops a decision once its answer cannot change, which
# leaves its generator elsewhere for the next one, and 60 three-player games were too few to
# tell that apart from luck.
@pytest.mark.parametrize("n, seeds, margin", [(2, range(120), 0.08), (3, range(120), 0.1)])
@pytest.mark.slow
def test_the_search_bot_beats_random_bots(n, seeds, margin):
    searched = _mean_reward(n, seeds, lambda seat, seed: SearchPolicy(auction.GAME, None, seat, simulations=40,
                                                                      seed=seed))
    chance = _mean_reward(n, seeds, lambda seat, seed: RandomPolicy(seed))
    # A seat of n random players wins about 1/n; the search bot clearly more, on the same deals.
    assert searched >= chance + margin, (searched, chance)
    assert searched >= 1 / n + margin


# ---------------------------------------------------------------------------- hidden information

def _swap_hidden(state, seat, rng):
    """A copy of ``state`` whose other seats hold other cards (hands and committed secret
    choices) drawn from the cards ``seat`` has not seen: the same view for ``seat``.  In
    the auction a card is swapped for one of its own rank (each hand holds one per rank)."""
    twin = state.clone()
    n = state.num_players
    if isinstance(state, toygame.HighCard):
        def group(c):
            return 0
        cards = toygame.CARDS
    else:
        group, cards = auction.rank_of, auction.BIDS
    mine = set(state.hands[seat]) | {c for t in state.shown for c in t}
    if state.chosen[seat] is not None:
        mine.add(state.chosen[seat])
    while True:
        unseen = [c for c in cards if c not in mine]
        rng.shuffle(unseen)

        def other_than(c):
            new = next(u for u in unseen if group(u) == group(c))
            unseen.remove(new)
            return new
        for q in range(n):
            if q != seat:
                twin.hands[q] = sorted(other_than(c) for c in state.hands[q])
                if state.chosen[q] is not None:
                    twin.chosen[q] = other_than(state.chosen[q])
        if any(twin.hands[q] != state.hands[q] for q in range(n) if q != seat):
            return twin


def _state_pairs(game, n, seat, count, seed):
    """``count`` pairs of real states from games played at random, the two of a pair
    alike for ``seat`` but not in the others' hidden cards; ``seat`` to act in each."""
    rng = random.Random(seed)
    pairs = []
    g = 0
    while len(pairs) < count:
        state = game.new(None, GameSetup(game.name, _names(n), seed * 100 + g))
        g += 1
        while state.to_act():
            acting = sorted(state.to_act())
            if seat in acting and len(state.legal_actions(seat)) > 1 and rng.random() < 0.6:
                pairs.append((state.clone(), _swap_hidden(state, seat, rng)))
            p = rng.choice(acting)
            state.apply(rng.choice(state.legal_actions(p)))
    return pairs[:count]


def _decisions(game, seat, seed, states, **kw):
    bot = SearchPolicy(game, None, seat, simulations=60, seed=seed, **kw)
    return [bot.act(s.observation(seat), s.legal_actions(seat)) for s in states]


@pytest.mark.parametrize("game, n, seat", [(toygame.GAME, 2, 0), (toygame.GAME, 3, 1), (auction.GAME, 2, 1),
                                           (auction.GAME, 3, 0)])
def test_decisions_do_not_depend_on_the_hidden_cards_of_others(game, n, seat):
    pairs = _state_pairs(game, n, seat, 12, seed=n + seat)
    real = [a for a, _ in pairs]
    swapped = [b for _, b in pairs]
    for a, b in pairs:
        assert a.observation(seat) == b.observation(seat)
        assert a.legal_actions(seat) == b.legal_actions(seat)
        assert [a.hands[q] for q in range(n) if q != seat] != [b.hands[q] for q in range(n) if q != seat]
    for bot_seed in (1, 2):
        assert _decisions(game, seat, bot_seed, real) == _decisions(game, seat, bot_seed, swapped)


def test_the_hidden_card_check_would_catch_a_bot_that_peeks():
    """Control: the same comparison on a bot whose 'determinization' is the real state."""
    seat, n = 0, 2
    pairs = _state_pairs(auction.GAME, n, seat, 12, seed=7)
    looking_at = {}
    peeking_game = dataclasses.replace(auction.GAME, determinize=lambda data, obs, p, rng: looking_at["state"].clone())

    def decide(states):
        bot = SearchPolicy(peeking_game, None, seat, simulations=60, seed=1)
        out = []
        for s in states:
            looking_at["state"] = s
            out.append(bot.act(s.observation(seat), s.legal_actions(seat)))
        return out
    assert decide([a for a, _ in pairs]) != decide([b for _, b in pairs])


# ---------------------------------------------------------------------------- determinism and budget

def _first_decision_state(seed, n=2):
    return auction.GAME.new(None, GameSetup("auction", _names(n), seed))


def test_the_same_seed_decides_the_same():
    for seed in range(5):
        state = _first_decision_state(seed)
        obs, legal = state.observation(0), state.legal_actions(0)
        bots = [SearchPolicy(auction.GAME, None, 0, simulations=80, seed=seed) for _ in range(2)]
        assert bots[0].act(obs, legal) == bots[1].act(obs, legal)
        assert bots[0].last_stats == bots[1].last_stats


def test_a_whole_game_replays_with_the_same_seeds():
    def game_with(bot_seed):
        state = auction.GAME.new(None, GameSetup("auction", _names(3), 11))
        policies = {0: RandomPolicy(5), 1: SearchPolicy(auction.GAME, None, 1, simulations=30, seed=bot_seed),
                    2: SearchPolicy(auction.GAME, None, 2, simulations=30, seed=bot_seed + 1)}
        return play_out(state, policies)
    assert game_with(3) == game_with(3)


class _Counting:
    """Wraps a game's determinize to count its calls."""

    def __init__(self, game):
        self.calls = 0
        self.game = dataclasses.replace(game, determinize=self._determinize)
        self._inner = game.determinize

    def _determinize(self, data, obs, player, rng):
        self.calls += 1
        return self._inner(data, obs, player, rng)


def test_the_simulation_budget_is_kept():
    counting = _Counting(auction.GAME)
    state = _first_decision_state(3)
    bot = SearchPolicy(counting.game, None, 0, simulations=77, seed=0, stop_when_decided=False)
    bot.act(state.observation(0), state.legal_actions(0))
    assert counting.calls == bot.last_simulations == 77
    assert sum(v for v, _ in bot.last_stats.values()) == 77


def test_a_decision_stops_once_its_answer_cannot_change():
    """With its answer settled (the most visited action leads by more than the simulations
    left), the bot stops: the same answer as the whole budget, for fewer simulations."""
    stopped_sooner = 0
    for seed in range(8):
        state = _first_decision_state(seed)
        obs, legal = state.observation(0), state.legal_actions(0)
        whole = SearchPolicy(auction.GAME, None, 0, simulations=400, seed=seed, stop_when_decided=False)
        early = SearchPolicy(auction.GAME, None, 0, simulations=400, seed=seed)
        assert early.act(obs, legal) == whole.act(obs, legal)
        assert early.last_simulations <= whole.last_simulations == 400
        # The same simulations, as far as the early one went.
        lead = max(v for v, _ in early.last_stats.values())
        second = sorted((v for v, _ in early.last_stats.values()), reverse=True)[1]
        if early.last_simulations < 400:
            assert lead - second > 400 - early.last_simulations
            stopped_sooner += 1
    assert stopped_sooner >= 4


class _Clocked:
    """The auction on an injected clock: each move costs ``per_move[0]`` seconds of ``now``."""

    def __init__(self):
        self.now = 0.0
        self.per_move = 0.01
        self.determinized = 0
        self.game = dataclasses.replace(auction.GAME, determinize=self._determinize)

    def _determinize(self, data, obs, p, rng):
        self.determinized += 1
        state = auction.GAME.determinize(data, obs, p, rng)
        apply = state.apply

        def costly(action):
            self.now += self.per_move
            return apply(action)
        state.apply = costly
        return state


def test_a_simulation_longer_than_the_others_is_abandoned_at_the_cap():
    """Issue 34: the p99 of a decision was over the table's 1 s, because the cap was checked only
    before a simulation, against the mean length so far.  Ten simulations of 0.08 s (8 moves of
    0.01 s) end at 0.8 s; the eleventh, begun there, has moves three times dearer (0.24 s) and
    would end at 1.04 s.  The bot reads the clock every few moves and abandons it instead."""
    clocked = _Clocked()
    state = _first_decision_state(4)
    bot = SearchPolicy(clocked.game, None, 0, simulations=10_000, seconds=1.0, clock=lambda: clocked.now, seed=0,
                       stop_when_decided=False)

    def dearer_after_ten(data, obs, p, rng, inner=clocked._determinize):
        if clocked.determinized == 10:
            clocked.per_move = 0.03
        return inner(data, obs, p, rng)
    bot.determinize = dearer_after_ten
    bot.act(state.observation(0), state.legal_actions(0))
    assert clocked.determinized == 11
    assert bot.last_simulations == 10            # the abandoned one is not counted, nor backed up
    assert sum(v for v, _ in bot.last_stats.values()) == 10
    assert clocked.now <= 1.0


def test_the_time_cap_is_not_overrun_by_a_last_simulation():
    """A simulation is not begun that would, at the mean length so far, end past the cap (issue 34:
    a decision's p99 stayed a simulation above the table's 1 s)."""
    now = [0.0]
    game = dataclasses.replace(auction.GAME, determinize=lambda data, obs, p, rng: (
        now.__setitem__(0, now[0] + 0.3), auction.GAME.determinize(data, obs, p, rng))[1])
    state = _first_decision_state(4)
    bot = SearchPolicy(game, None, 0, simulations=10_000, seconds=1.0, clock=lambda: now[0], seed=0)
    bot.act(state.observation(0), state.legal_actions(0))
    # Each simulation takes 0.3 s of this clock: three end at 0.9 s, a fourth would end at 1.2 s.
    assert bot.last_simulations == 3
    assert now[0] <= 1.0


def test_one_legal_action_needs_no_search():
    counting = _Counting(auction.GAME)
    bot = SearchPolicy(counting.game, None, 0, simulations=50)
    only = Action(0, "bid", (3,))
    assert bot.act({}, [only]) == only
    assert counting.calls == 0
    with pytest.raises(IllegalAction):
        bot.act({}, [])


def test_levels_grow_in_budget_and_lose_their_noise():
    easy, medium, hard = (LEVELS[k] for k in ("easy", "medium", "hard"))
    assert easy.simulations < medium.simulations < hard.simulations
    assert easy.noise > medium.noise > hard.noise == 0
    make = policy_factory(auction.GAME, "easy")
    bot = make(None, 1, 9)
    assert isinstance(bot, SearchPolicy) and bot.seat == 1 and bot.simulations == easy.simulations
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        policy_factory(auction.GAME, "expert")


def test_a_game_without_determinize_cannot_be_searched():
    blind = dataclasses.replace(auction.GAME, determinize=None)
    with pytest.raises(ValueError, match="no determinize"):
        SearchPolicy(blind, None, 0)


def test_rewards_from_an_outcome():
    assert rewards(Outcome(Termination.WIN, (2,)), 3) == [0, 0, 1]
    assert rewards(Outcome(Termination.WIN, (0, 2)), 3) == [1, 0, 1]       # a team
    assert rewards(Outcome(Termination.DRAW), 2) == [0.5, 0.5]
    assert rewards(None, 2) == [0.5, 0.5]
    assert rewards(Outcome(Termination.WIN, (1,), scores=(2, 6, 4)), 3, "scores") == [0, 1, 0.5]
    assert rewards(Outcome(Termination.DRAW, (), scores=(3, 3)), 2, "scores") == [0.5, 0.5]
