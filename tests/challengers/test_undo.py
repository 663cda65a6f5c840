"""Taking back a Deck Phase decision (``deck.undo``): offered only when there is something to
take back, restores what its player sees, replays event for event, and never reaches past a draw."""

import random

import pytest

from engine.challengers import GAME
from engine.errors import IllegalAction
from engine.game import Action, GameSetup, replay


def new(lib, n=3, seed=3):
    return GAME.new(lib, GameSetup("challengers", tuple(f"P{i}" for i in range(n)), seed))


def kinds(state, p):
    return [a.kind for a in state.legal_actions(p)]


def views(state):
    return [state.observation(p) for p in range(state.num_players)] + [state.observation(None)]


def test_undo_is_offered_only_after_a_pick_a_choice_or_a_removal(lib):
    state = new(lib)
    assert "deck.undo" not in kinds(state, 0)
    state.apply(Action(0, "deck.option", (0,)))              # five new cards: final
    assert "deck.undo" not in kinds(state, 0)
    state.apply(Action(0, "deck.pick", (1,)))
    assert "deck.undo" in kinds(state, 0)
    assert "deck.undo" not in kinds(state, 1)                 # nothing of player 0's is player 1's to undo
    with pytest.raises(IllegalAction):
        state.apply(Action(0, "deck.undo", (0,)))             # an undo takes no argument
    state.apply(Action(0, "deck.undo"))
    assert "deck.undo" not in kinds(state, 0)
    before, actions = views(state), list(state.tournament.actions)
    for bad in (Action(0, "deck.undo"), Action(1, "deck.undo"), Action(3, "deck.undo")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert views(state) == before and state.tournament.actions == actions   # refused: nothing changed


def test_a_pick_taken_back_puts_the_card_back_and_the_pick_count_with_it(lib):
    state = new(lib)
    state.apply(Action(0, "deck.option", (0,)))
    before = views(state)
    drawn = before[0]["deck_phases"][0]["drawn"]
    events = state.apply(Action(0, "deck.pick", (2,)))
    mid = state.observation(0)["deck_phases"][0]
    assert mid["picks_left"] == 1 and drawn[2] in mid["deck"] and drawn[2] not in mid["drawn"]
    assert [e.kind for e in events] == ["pick"]
    assert mid["undo"][-1]["undoes"] == "pick" and mid["undo"][-1]["card"] == drawn[2]
    undone = state.apply(Action(0, "deck.undo"))
    assert [(e.kind, e.player, e.card, e.info) for e in undone] == [("undo", 0, drawn[2], "pick")]
    assert views(state) == before                             # everyone sees it as it was
    assert state.tournament.actions[-1] == ("deck", 0, "undo")


def test_the_last_pick_and_the_cards_it_discards_come_back_together(lib):
    state = new(lib)
    t = state.tournament
    state.apply(Action(0, "deck.option", (0,)))
    state.apply(Action(0, "deck.pick", (0,)))
    before = views(state)
    discards = list(t.piles.discards["A"])
    state.apply(Action(0, "deck.pick", (0,)))               # the last pick: the other three to the discard
    assert t.deck_phases[0].stage == "remove" and len(t.piles.discards["A"]) == len(discards) + 3
    state.apply(Action(0, "deck.undo"))
    assert t.piles.discards["A"] == discards and t.deck_phases[0].stage == "pick"
    assert views(state) == before
    state.apply(Action(0, "deck.undo"))                       # and the first pick too
    assert state.observation(0)["deck_phases"][0]["picks_left"] == 2


def test_removals_are_taken_back_the_last_first(lib):
    state = new(lib)
    t = state.tournament
    for a in (Action(0, "deck.option", (0,)), Action(0, "deck.pick", (0,)), Action(0, "deck.pick", (0,))):
        state.apply(a)
    deck = [c.id for c in t.players[0].deck]
    first = views(state)
    state.apply(Action(0, "deck.remove", (len(deck) - 1,)))   # a drafted card: to the discard
    second = views(state)
    state.apply(Action(0, "deck.remove", (0,)))               # a starter card: to the box
    assert len(t.players[0].deck) == len(deck) - 2
    state.apply(Action(0, "deck.undo"))
    assert views(state) == second
    state.apply(Action(0, "deck.undo"))
    assert views(state) == first and [c.id for c in t.players[0].deck] == deck
    state.apply(Action(0, "deck.done"))
    assert "deck.undo" not in kinds(state, 0) and state.undo.get(0) is None


def test_a_redraw_is_final_and_so_is_everything_before_it(lib):
    state = new(lib)
    state.apply(Action(0, "deck.option", (0,)))
    state.apply(Action(0, "deck.pick", (0,)))
    state.apply(Action(0, "deck.redraw"))
    assert "deck.undo" not in kinds(state, 0)
    state.apply(Action(0, "deck.pick", (0,)))
    state.apply(Action(0, "deck.undo"))
    assert state.observation(0)["deck_phases"][0]["picks_left"] == 1
    assert "deck.undo" not in kinds(state, 0)


def test_a_discard_shuffled_back_under_its_pile_cannot_be_taken_back(lib):
    state = new(lib)
    t = state.tournament
    for a in (Action(0, "deck.option", (0,)), Action(0, "deck.pick", (0,)), Action(0, "deck.pick", (0,))):
        state.apply(a)
    assert len(t.piles.discards["A"]) == 3
    del t.piles.piles["A"][2:]                  # a pile nearly empty: the next draw takes the discard under it
    state.apply(Action(1, "deck.option", (0,)))
    assert t.piles.discards["A"] == []
    assert "deck.undo" not in kinds(state, 0)
    assert state.observation(0)["deck_phases"][0]["undo"] == []


def test_a_game_with_undos_replays_event_for_event(lib):
    setup = GameSetup("challengers", ("P0", "P1", "P2"), 7)
    state = GAME.new(lib, setup)
    rng = random.Random(7)
    played, events, undos = [], [], 0
    while state.to_act():
        p = min(state.to_act())
        legal = state.legal_actions(p)
        undo = [a for a in legal if a.kind == "deck.undo"]
        # Take back often, but not forever: a random driver that also finishes.
        a = undo[0] if undo and rng.random() < 0.3 else rng.choice([x for x in legal if x.kind != "deck.undo"])
        undos += a.kind == "deck.undo"
        events.extend(state.apply(a))
        played.append(a)
    assert undos >= 5
    again, again_events = replay(GAME, lib, setup, [Action.from_text(a.to_text()) for a in played])
    assert again_events == events
    assert again.tournament.log == state.tournament.log and again.outcome() == state.outcome()


def test_a_determinized_state_takes_back_the_same_way(lib):
    state = new(lib)
    for a in (Action(0, "deck.option", (0,)), Action(0, "deck.pick", (3,)), Action(0, "deck.pick", (0,)),
              Action(0, "deck.remove", (0,))):
        state.apply(a)
    obs = state.observation(0)
    guess = GAME.determinize(lib, obs, 0, random.Random(1))
    assert guess.observation(0) == obs
    assert guess.legal_actions(0) == state.legal_actions(0)
    for _ in range(3):
        guess.apply(Action(0, "deck.undo"))
        state.apply(Action(0, "deck.undo"))
        assert guess.observation(0)["deck_phases"][0] == state.observation(0)["deck_phases"][0]
        assert guess.observation(0)["piles"] == state.observation(0)["piles"]


def test_a_when_picked_choice_is_taken_back_to_its_question_then_the_pick_to_the_draw(lib):
    state = new(lib)
    t = state.tournament
    state.apply(Action(0, "deck.option", (0,)))
    dp = t.deck_phases[0]
    dp.drawn[0] = lib.catalogue.card("grandmother")     # "when picked: remove a card from your deck"
    before = views(state)
    state.apply(Action(0, "deck.pick", (0,)))
    assert dp.pending is not None and state.undo[0][-1]["undoes"] == "pick"
    asked = views(state)
    state.apply(next(a for a in state.legal_actions(0) if a.kind == "deck.choose"))
    assert dp.pending is None and state.undo[0][-1] == {**state.undo[0][-1], "undoes": "choose", "card": "grandmother"}
    state.apply(Action(0, "deck.undo"))
    assert views(state) == asked                         # the question again, its answer still to give
    state.apply(next(a for a in state.legal_actions(0) if a.kind == "deck.choose"))
    state.apply(Action(0, "deck.undo"))
    state.apply(Action(0, "deck.undo"))
    assert views(state) == before                        # the draw before the pick
