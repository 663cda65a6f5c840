"""The café module of the games of the table (``engine/cafe/host.py``): a bot entrant decides
from its own table only, so how far the other parks have got (a matter of timing at a café)
does not change what it plays."""

import cards
from engine import registry
from engine.cafe import new_setup, tournament_game


def test_a_bot_entrant_decides_the_same_whatever_the_other_parks_have_done():
    game = registry.get("between")
    data = game.load(cards)
    setup = new_setup("between", ["Ann", "Bob", "Cid", "Dee"], 12, format="swiss", rounds=1)
    state = tournament_game(setup).new(data, setup)
    cafe = registry.cafe("between")
    here = state.table_at(1)
    there = state.table_at(2)
    bot = here.players[min(here.state.to_act())]
    first = cafe.bot_policy(data, "easy", bot, 5).act(state.observation(bot), state.legal_actions(bot))
    for _ in range(3):                           # the other park plays on
        other = there.players[min(there.state.to_act())]
        state.apply(state.legal_actions(other)[0])
    again = cafe.bot_policy(data, "easy", bot, 5).act(state.observation(bot), state.legal_actions(bot))
    assert again == first
    # and a different seed may decide otherwise: the seed is the entrant's, not a constant
    assert {cafe.bot_policy(data, "easy", bot, s).act(state.observation(bot), state.legal_actions(bot))
            for s in range(6)} != {first} or len(state.legal_actions(bot)) == 1
