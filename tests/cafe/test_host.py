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


def test_a_parks_view_gives_its_kiosk_the_table_of_the_round_before_once_the_next_is_seated():
    """The move that ends a round (another's) may not have reached the park's kiosk before the
    next round is seated: its private part keeps that park's last table (set-up, seats, every
    action), for that kiosk only, until the tournament is over."""
    from types import SimpleNamespace

    game = registry.get("between")
    data = game.load(cards)
    setup = new_setup("between", ["Ann", "Bob", "Cid", "Dee"], 12, format="swiss", rounds=2)
    state = tournament_game(setup).new(data, setup)
    cafe = registry.cafe("between")
    entry = SimpleNamespace(id=1, name="Night", version=0, state=state, kiosks={1: 7, 2: 8}, bots={},
                            table_entries=lambda park: None)
    assert "finished" not in cafe.park_view(entry, 1, True)["private"]
    first = {t.park: t for t in state.tables}
    while state.round == 1:
        p = min(state.to_act())
        state.apply(state.legal_actions(p)[0])
    for park in (1, 2):
        view = cafe.park_view(entry, park, True)
        done = view["private"]["finished"]
        t = first[park]
        assert done["round"] == 1 and done["seats"] == list(t.players)
        assert done["setup"]["seed"] == t.setup.seed and done["actions"] == [a.to_json() for a in t.actions]
        assert t.state.outcome() is not None
        assert cafe.park_view(entry, park, False)["private"] is None          # the park's kiosk only
    while not state.over:
        p = min(state.to_act())
        state.apply(state.legal_actions(p)[0])
    assert "finished" not in cafe.park_view(entry, 1, True)["private"]
