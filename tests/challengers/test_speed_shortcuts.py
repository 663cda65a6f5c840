"""The engine's speed-ups answer exactly what the plain computation answers.

Each shortcut here replaced a simpler computation for speed only; these tests keep the
simple one beside it and compare the two on many inputs.
"""

import random

from engine.challengers.policies import card_value, removal_plan


def plain_removal_plan(deck, r, max_names, min_deck):
    """The greedy bot's removals as it first worked them out: group the deck's cards by
    name again for every card removed; the weakest name (by its best card, the first met
    of equal ones) loses its first card while there are too many names."""
    cards = list(deck)
    values = [card_value(c, r) for c in cards]
    names = [c.name for c in cards]
    steps = []
    while len(cards) > min_deck:
        groups = {}
        for i, (name, v) in enumerate(zip(names, values)):
            g = groups.setdefault(name, [v, []])
            g[1].append(i)
            g[0] = max(g[0], v)
        if len(groups) <= max_names:
            break
        weakest = None
        for g in groups.values():
            if weakest is None or g[0] < weakest[0]:
                weakest = g
        if len(names) - len(weakest[1]) < min_deck:
            break
        i = weakest[1][0]
        steps.append((i, len(cards), cards[i]))
        del cards[i], names[i], values[i]
    steps.append((None, len(cards), None))
    return steps[::-1]


def test_the_removal_plan_is_the_plain_one(lib):
    pool = [ct for ct in lib.catalogue.cards.values() if ct.level in ("A", "B", "C", "S")]
    rng = random.Random(7)
    removing = 0
    for _ in range(3000):
        few = rng.sample(pool, rng.randrange(2, 14))            # few names, many copies: ties
        deck = [rng.choice(few) for _ in range(rng.randrange(0, 30))]
        r = rng.randrange(1, 9)
        max_names, min_deck = rng.choice([(7, 8), (3, 4), (5, 12), (1, 0)])
        got = removal_plan(deck, {}, r, max_names, min_deck)
        assert got == plain_removal_plan(deck, r, max_names, min_deck)
        removing += len(got) > 1
    assert removing > 500


def test_a_spec_read_after_the_tournament_builds_the_match_as_it_began(lib):
    """A tournament writes a match's spec out only when it is read: read after everything
    was played (decks changed, reserves drawn), it still describes the match as it began."""
    import json

    from engine.challengers.policies import make_policy
    from engine.challengers.tournament import Setup, Tournament, match_from_spec

    t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(5)), seed=3))
    bots = {p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players}
    started = {}                                   # match -> (its state, its reserve) as it began
    while not t.over:
        for m in t.matches.values():
            if m not in started:
                begun = m.copy()
                started[m] = (begun.snapshot(), {lv: [c.id for c in cards] for lv, cards in begun.piles.piles.items()})
        who = t.next_waiting()
        t.apply(bots[who[1] if who[0] == "deck" else who[2]].act(t, who))
    assert len(started) > 20
    drawn = 0
    for m, (state, reserve) in started.items():
        spec = json.loads(json.dumps(m.spec))
        again = match_from_spec(lib.catalogue, spec, record=False)
        assert again.snapshot() == state
        assert {lv: [c.id for c in cards] for lv, cards in again.piles.piles.items()} == reserve
        assert (again.players, again.park) == (m.players, m.park)
        drawn += sum(len(v) for v in reserve.values()) > sum(len(v) for v in m.piles.piles.values())
    assert drawn                                   # some reserves were drawn from after the spec was due


def test_the_kept_bench_bonuses_are_those_of_the_bench_as_it_is(lib):
    """A capture that benches no card with a bench bonus keeps the bench's bonuses worked
    out before: every card's power still adds up to its breakdown, read off the bench."""
    from engine.challengers.match import ATTACK, POSSESSION, REVEAL, Match
    from engine.challengers.piles import LevelPiles
    from engine.challengers.policies import GreedyPolicy

    box = lib.box("base")
    cat = lib.catalogue
    sets = (box.basic, *box.additional)
    level = {lv: [c for s in sets for c in cat.sets[s].cards if c.level == lv for _ in range(c.copies)]
             for lv in "ABC"}
    starter = [cat.card(c) for c in box.starter]
    rng = random.Random(11)
    choose = GreedyPolicy(0).choose
    checked = with_auras = 0
    for n in range(150):
        decks = [starter + rng.sample(level["A"], 6) + rng.sample(level["B"], 6) + rng.sample(level["C"], 2)
                 for _ in (0, 1)]
        m = Match(decks, rng=n, beginner=n & 1, round=7, record=False,
                  piles=LevelPiles(level["A"] + level["B"] + level["C"], random.Random(n)))
        while m.winner is None:
            kind, p = m.expect
            if kind == REVEAL:
                m.reveal(p)
            else:
                m.choose(m.pending.player, choose(m, m.pending))
            for side in m.sides:
                for i in side.park:
                    for role in (ATTACK, POSSESSION):
                        assert m.power(i, role) == sum(v for _, v in m.power_breakdown(i, role))
                        checked += 1
                with_auras += bool(m.auras(m.sides.index(side)))
    assert checked > 3000 and with_auras > 300
