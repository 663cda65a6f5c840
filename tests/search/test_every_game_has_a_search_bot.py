"""The hard level of every game with hidden information is the search bot (issue 17)."""

import pytest
from registered import engine_games

import cards
from engine import registry, search
from engine.game import GameSetup

GAMES = engine_games(hidden=True)
#: Challengers! plays its search bot through the Deck Phase hint, not engine.search's.
OWN_SEARCH = {"challengers"}


@pytest.mark.parametrize("name", GAMES)
def test_the_registered_search_bot_is_the_hard_level(name):
    game = registry.get(name)
    bot = game.policies["search"](game.load(cards), 0, 1)
    if name in OWN_SEARCH:
        assert bot.name.startswith("search")
        return
    assert isinstance(bot, search.SearchPolicy)
    assert bot.simulations == search.LEVELS["hard"].simulations


@pytest.mark.parametrize("name", [g for g in GAMES if g not in OWN_SEARCH])
def test_the_search_bot_plays_a_legal_first_move_from_its_own_view(name):
    game = registry.get(name)
    data = game.load(cards)
    state = game.new(data, GameSetup(name, ("A", "B"), 3))
    seat = min(state.to_act())
    bot = search.policy_factory(game, "easy")(data, seat, 1)
    assert bot.act(state.observation(seat), state.legal_actions(seat)) in state.legal_actions(seat)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        search.registered_policy("between", "impossible")
