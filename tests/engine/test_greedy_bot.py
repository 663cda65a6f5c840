"""The greedy bot's shortcuts answer exactly what asking afresh answers.

The greedy bot works a Deck Phase's removals out once and hands them out card by
card; the match's arrange effects read their arrangements from a table.  Both are
speed-ups only: these tests compare them with the plain computation.
"""

from itertools import permutations, product

from engine.challengers.deckphase import REMOVE
from engine.challengers.match import _arrange_shapes
from engine.challengers.policies import GreedyPolicy, make_policy
from engine.challengers.tournament import Setup, Tournament


def test_each_deck_action_is_what_a_fresh_greedy_bot_would_choose(lib):
    removals = 0
    for seed in range(3):
        t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(8)), seed=seed), record=False)
        bots = {p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players}
        while not t.over:
            who = t.next_waiting()
            actor = who[1] if who[0] == "deck" else who[2]
            action = bots[actor].act(t, who)
            if who[0] == "deck":
                fresh = make_policy("greedy", actor).act(t, who)     # no plan: from the deck as it is
                assert action == fresh
                removals += action[2] == "remove"
            t.apply(action)
    assert removals > 50          # the plan was used, card by card


def test_a_removal_plan_is_dropped_when_the_deck_changes_under_it(lib):
    t = Tournament(lib, Setup(players=("P0", "P1"), seed=5), record=False)
    dp = t.deck_phases[0]
    cat = lib.catalogue
    extra = [ct for ct in cat.cards.values() if ct.level in "AB"][:12]
    dp.deck.extend(extra)                      # many names: the bot wants to remove some
    dp.stage = REMOVE
    bot = GreedyPolicy(0)
    first = bot.deck_action(t, dp)
    assert first[0] == "remove"
    # Someone else removes a card the plan did not name: the deck is not the planned one.
    other = next(i for i in range(len(dp.deck)) if i != first[1])
    dp.apply(("remove", other))
    assert bot.deck_action(t, dp) == GreedyPolicy(0).deck_action(t, dp)


def _plain_arrangements(dst, k, alike):
    """The arrange effect's options as the engine first computed them (every permutation)."""
    out, seen = [], set()
    for places in product(*dst):
        for slots in permutations(range(len(places)), k):
            assignment = [None] * len(places)
            for card, slot in zip(range(k), slots):
                assignment[slot] = card
            opt = tuple((places[i], c) for i, c in enumerate(assignment) if c is not None)
            sig = tuple((w, alike[c]) for w, c in opt)
            if sig not in seen:
                seen.add(sig)
                out.append(opt)
    return out


def test_the_arrangement_table_lists_the_same_options_in_the_same_order(lib):
    dsts = {e.dst for ct in lib.catalogue.cards.values() for e in ct.effects if e.do == "arrange"}
    assert dsts
    for dst in dsts:
        for k in range(1, len(dst) + 1):
            for alike in {tuple(min(j, a) for j in range(k)) for a in range(k)} | {tuple(range(k))}:
                assert _arrange_shapes(dst, k, alike) == _plain_arrangements(dst, k, alike)
