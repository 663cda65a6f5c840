"""The Deck Phase hint and the Challengers! search bot (engine/challengers/hint.py)."""

import re

import pytest

from engine.challengers.deckphase import OPTION, PICK, REMOVE
from engine.challengers.hint import (CLOCK_CHUNK, DeckView, LegacyHintSearchPolicy, Opponent, candidates,
                                    hint, matches_for, practice, view_for)
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament

SIMS = 24


def _play_until(t, stop, policies):
    """Play ``t`` with ``policies`` until ``stop(t, who)`` says so; returns who waits then."""
    while not t.over:
        who = t.next_waiting()
        if stop(t, who):
            return who
        actor = who[1] if who[0] == "deck" else who[2]
        t.apply(policies[actor].act(t, who))
    raise AssertionError("the tournament ended first")


def _greedy(n=2):
    return {i: make_policy("greedy", i) for i in range(n)}


@pytest.mark.parametrize("stage", [OPTION, PICK, REMOVE])
def test_the_hint_suggests_a_legal_action_with_a_reason(lib, stage):
    t = Tournament(lib, Setup(players=("A", "B"), seed=5), record=False)
    _play_until(t, lambda t, who: who == ("deck", 0) and t.round >= 3 and t.deck_phases[0].stage == stage, _greedy())
    view = view_for(t, 0)
    h = hint(view, SIMS, seed=1)
    dp = t.deck_phases[0]
    assert h.action in dp.legal_actions()
    assert re.fullmatch(r".+: wins \d+ % of \d+ practice matches vs \d+ % \(.+\)", h.reason), h.reason
    assert {a for a, _, _ in h.records} == {a for a, _ in candidates(view)}
    assert sum(n for _, _, n in h.records) <= SIMS + len(h.records)
    t.apply(("deck", 0, *h.action))          # the engine takes it


def test_the_hint_is_the_same_for_the_same_seed(lib):
    t = Tournament(lib, Setup(players=("A", "B"), seed=8), record=False)
    _play_until(t, lambda t, who: who == ("deck", 0) and t.round >= 2 and t.deck_phases[0].stage == PICK, _greedy())
    view = view_for(t, 0)
    assert hint(view, SIMS, seed=4) == hint(view, SIMS, seed=4)


def test_the_hint_finds_the_clearly_stronger_card(lib, card):
    """A drawn level-C card against a 1-power level-A card: the practice matches see it."""
    starter = tuple(card(c) for c in lib.box("base").starter)
    c_cards = sorted((c for c in lib.catalogue.cards.values() if c.level == "C" and not c.effects),
                     key=lambda c: -c.power)
    a_cards = sorted((c for c in lib.catalogue.cards.values() if c.level == "A" and not c.effects),
                     key=lambda c: c.power)
    strong, weak = c_cards[0], a_cards[0]
    view = DeckView(round=4, stage=PICK, deck=starter, drawn=(weak, strong), picks_left=1,
                    opponent=Opponent(starter + (a_cards[-1],)))
    h = hint(view, 200, seed=0)
    assert h.action == ("pick", 1), h.reason
    assert h.records[0][1] > h.records[1][1]


def test_the_hint_does_not_read_the_opponents_draft(lib):
    """Two tournaments alike until the opponent drafts differently, after the player drew:
    the player's view and hint are the same in both."""
    hints = []
    for other_pick in (0, 1):
        t = Tournament(lib, Setup(players=("A", "B"), seed=21), record=False)
        _play_until(t, lambda t, who: t.round == 3 and who == ("deck", 0), _greedy())
        t.apply(("deck", 0, "option", 0))        # the player draws first
        assert t.deck_phases[0].stage == PICK
        t.apply(("deck", 1, "option", 1))        # then the opponent, out of sight
        t.apply(("deck", 1, "pick", other_pick))
        view = view_for(t, 0)
        hints.append((view, hint(view, SIMS, seed=2), sorted(c.id for c in t.players[1].deck)))
    (v0, h0, deck0), (v1, h1, deck1) = hints
    assert deck0 != deck1                        # the opponents' decks do differ
    assert v0 == v1
    assert h0 == h1


def test_the_search_bot_plays_whole_tournaments(lib):
    for players, level in ((("A", "B"), 1), (("Solo",), 3)):
        t = Tournament(lib, Setup(players=players, seed=3, robot_level=level), record=False)
        policies = {0: LegacyHintSearchPolicy(seed=1, simulations=12)}
        policies.update({p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players[1:]})
        run_tournament(t, policies)
        assert t.over


def test_search_is_a_challengers_policy_by_name_on_the_contract_not_in_the_legacy_table(lib):
    # The legacy table (make_policy) lists the bots the search bot builds on, never the search
    # bot itself: that would make the bots' module reach up to the hint (an import cycle).
    from engine.challengers import GAME
    from engine.challengers.hint import HintSearchPolicy
    assert isinstance(GAME.policies["search"](lib, 0, 7), HintSearchPolicy)
    assert LegacyHintSearchPolicy(7).name == "search"
    with pytest.raises(ValueError, match="unknown policy 'search'"):
        make_policy("search", 7)


def test_the_search_bot_plays_on_the_contract(lib):
    """Through GAME.policies, as the kiosk and the coordinator will: observations in, actions out."""
    from engine import registry
    from engine.challengers.hint import HintSearchPolicy, policy_factory
    from engine.game import GameSetup, play_out

    game = registry.get("challengers")
    assert "search" in game.policies
    state = game.new(lib, GameSetup("challengers", ("A", "B"), 4))
    bot = policy_factory(simulations=10)(lib, 0, 1)
    assert isinstance(bot, HintSearchPolicy)
    play_out(state, {0: bot, 1: game.policies["greedy"](lib, 1, 2)})
    assert state.outcome() is not None
    assert bot.hints and all(re.search(r"wins \d+ % of \d+ practice matches", h.reason) for h in bot.hints)
    assert bot.memory.seen.get(1)            # it remembers the cards it saw the other play


def test_the_greedy_choice_stands_unless_practice_beats_it(lib, card):
    """Two equal cards: the default keeps its place; a clearly better card displaces it."""
    starter = tuple(card(c) for c in lib.box("base").starter)
    plain = sorted((c for c in lib.catalogue.cards.values() if c.level == "A" and not c.effects), key=lambda c: c.power)
    strong = max((c for c in lib.catalogue.cards.values() if c.level == "C" and not c.effects), key=lambda c: c.power)
    twins = DeckView(round=4, stage=PICK, deck=starter, drawn=(plain[-1], plain[-1], plain[0]), picks_left=1,
                     opponent=Opponent(starter))
    assert hint(twins, 60, seed=3).action == ("pick", 0)
    assert hint(twins, 60, seed=3, default=("pick", 2)).action == ("pick", 2)  # weaker, but not clearly
    clear = DeckView(round=4, stage=PICK, deck=starter, drawn=(plain[0], strong), picks_left=1,
                     opponent=Opponent(starter))
    assert hint(clear, 200, seed=3, default=("pick", 0)).action == ("pick", 1)


def _late(lib, seed=6):
    """A tournament waiting for player 0 at a round-5+ Deck Phase decision with at least three
    choices, and player 0's view of it."""
    t = Tournament(lib, Setup(players=("A", "B"), seed=seed), record=False)
    _play_until(t, lambda t, who: who == ("deck", 0) and t.round >= 5 and view_for(t, 0) is not None
                and len(candidates(view_for(t, 0))) >= 3, _greedy())
    return t, view_for(t, 0)


def _late_view(lib, seed=6):
    return _late(lib, seed)[1]


def test_every_choice_meets_the_same_opponents_whether_or_not_they_are_kept(lib):
    """Match k's opponent deck and luck, drawn once and kept for the other choices, give the
    very matches that drawing them again would."""
    view = _late_view(lib)
    trials: dict = {}
    for _, make_deck in candidates(view):
        assert practice(view, make_deck, 0, 30, 7, trials) == practice(view, make_deck, 0, 30, 7)
        assert practice(view, make_deck, 20, 45, 7, trials) == practice(view, make_deck, 20, 45, 7)
    assert sorted(trials) == list(range(45))


def test_later_rounds_get_fewer_dearer_practice_matches(lib):
    assert matches_for(1000, 1) == 1000
    counts = [matches_for(1000, r) for r in range(1, 9)]
    assert counts == sorted(counts, reverse=True) and counts[-1] < 0.6 * counts[0]
    t, view = _late(lib)
    bot = LegacyHintSearchPolicy(seed=3, simulations=80)
    bot.act(t, ("deck", 0))
    budget = matches_for(80, view.round)
    assert budget < 80 * 0.7
    assert 0.8 * budget <= sum(n for _, _, n in bot.bot.hints[-1].records) <= budget + len(candidates(view))


def test_a_clock_caps_the_hint_and_every_choice_still_plays(lib):
    """A clock that moves 1 ms per look: a 20 ms cap stops the search long before its count."""
    view = _late_view(lib)
    ticks = iter(range(10**6))
    h = hint(view, 5000, seed=2, clock=lambda: next(ticks) / 1000, seconds=0.02)
    played = [n for _, _, n in h.records]
    assert h.action in {a for a, _ in candidates(view)}
    assert min(played) >= CLOCK_CHUNK
    assert sum(played) < 1000
    assert hint(view, 60, seed=2) == hint(view, 60, seed=2, clock=lambda: 0.0, seconds=1.0)   # in time: as without


def test_practice_matches_split_over_workers_win_as_many_as_in_one_run(lib):
    """Match k depends on the seed and k only: a share cut into slices, each played with its
    own trials (as a worker process would), wins exactly what the whole share wins in one run,
    whatever the number of slices -- what lets a pooled hint answer as the one-process one."""
    view = _late_view(lib)
    for _, make_deck in candidates(view):
        whole = practice(view, make_deck, 0, 40, 3)
        for slices in (2, 3):
            cuts = [40 * s // slices for s in range(slices + 1)]
            assert sum(practice(view, make_deck, a, b, 3, {}) for a, b in zip(cuts, cuts[1:])) == whole
