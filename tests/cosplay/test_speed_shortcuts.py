"""The engine's speed-ups change nothing: the needed-payment search against the plain one it
replaced, the legal lists and events of fixed-seed games against their digest from before the
speed-ups, and a clone that shares its original's generator until one of them draws."""

import hashlib
import random

import pytest

from engine.cosplay import GAME, payment
from engine.cosplay.payment import MOST_STEPS, MOST_WAYS, Unit, covers, useful
from engine.cosplay.policies import SensiblePolicy
from engine.game import GameSetup, RandomPolicy
from engine.search import SearchPolicy


def plain_plan(cost, kinds):
    """The needed payments of ``cost`` from ``kinds`` as the engine first found them (a search over
    the kinds, each taken 0, 1, 2... times, with at most ``MOST_STEPS`` steps), as (points wasted,
    how many of each kind), best first."""
    n = len(kinds)
    left = [(0, 0, 0)] * (n + 1)
    for i in range(n - 1, -1, -1):
        g, m, _ = kinds[i]
        t = left[i + 1]
        left[i] = (t[0] + g[0] * m, t[1] + g[1] * m, t[2] + g[2] * m)
    found = []
    counts = [0] * n
    steps = [MOST_STEPS]

    def add(s, g):
        return s[0] + g[0], s[1] + g[1], s[2] + g[2]

    def needed_all(s):
        return not any(counts[i] and covers((s[0] - kinds[i][0][0], s[1] - kinds[i][0][1], s[2] - kinds[i][0][2]),
                                            cost) for i in range(n))

    def walk(i, s):
        steps[0] -= 1
        if i == n or steps[0] < 0 or not covers(add(s, left[i]), cost):
            return
        walk(i + 1, s)
        g, m, _ = kinds[i]
        for taken in range(1, m + 1):
            if not useful(g, s, cost):
                break
            s = add(s, g)
            counts[i] = taken
            if covers(s, cost):
                if needed_all(s):
                    waste = sum(s) - sum(cost)
                    away = sum(x for x, (_, _, hand) in zip(counts, kinds) if not hand)
                    order = tuple(j for j in range(n) for _ in range(counts[j]))
                    found.append(((waste, sum(counts), away, order), waste, tuple(counts)))
                break
            walk(i + 1, s)
        counts[i] = 0

    walk(0, (0, 0, 0))
    found.sort()
    return [(waste, kept) for _, waste, kept in found[:MOST_WAYS]]


def counts_of(plans, n):
    out = []
    for waste, taken in plans:
        counts = [0] * n
        for j, x in taken:
            counts[j] = x
        out.append((waste, tuple(counts)))
    return out


@pytest.mark.slow
def test_the_needed_payment_search_finds_what_the_plain_one_found():
    """Small shapes, and crowded ones whose search runs out of steps (what it offers then depends
    on the order it walks in: the fast search must walk in the same order)."""
    rng = random.Random(3)
    points = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (2, 0, 0), (0, 3, 0), (3, 0, 2), (4, 0, 0), (0, 0, 3), (2, 1, 0)]
    ran_out = 0
    for trial in range(400):
        crowded = trial % 4 == 0
        kinds = tuple((rng.choice(points), rng.randint(1, 3 if crowded else 2), rng.random() < 0.4)
                      for _ in range(rng.randint(8, 14) if crowded else rng.randint(0, 6)))
        cost = ((0, 0, 0, rng.randint(3, 18)) if crowded and trial % 8 == 0 else
                (rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 3), rng.randint(0, 9 if crowded else 5)))
        want = plain_plan(cost, kinds)
        assert counts_of(payment._plan(cost, kinds), len(kinds)) == want, (cost, kinds)
        ran_out += _steps(cost, kinds) > MOST_STEPS
    assert ran_out >= 10                 # the bound was reached often enough to be tested


def _steps(cost, kinds):
    """How many steps the plain search would take without its bound (to check the test reaches it)."""
    n = len(kinds)
    count = [0]

    def walk(i, s):
        count[0] += 1
        if count[0] > 2 * MOST_STEPS or i == n:
            return
        tot = [s[r] + sum(g[r] * m for g, m, _ in kinds[i:]) for r in range(3)]
        if not covers(tot, cost):
            return
        walk(i + 1, s)
        g, m, _ = kinds[i]
        for _ in range(m):
            if not useful(g, s, cost):
                break
            s = (s[0] + g[0], s[1] + g[1], s[2] + g[2])
            if covers(s, cost):
                break
            walk(i + 1, s)

    walk(0, (0, 0, 0))
    return count[0]


def test_a_purse_offers_what_the_plain_search_offers():
    """:func:`payments` from units (sorted, grouped, capped, found, named) against the plain search
    on the same kinds, for purses whose kinds interleave in card order."""
    rng = random.Random(11)
    points = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (3, 0, 0), (0, 3, 0), (2, 0, 3)]
    for _ in range(300):
        units = []
        for key in rng.sample(range(60), rng.randint(1, 10)):
            kind = rng.randrange(len(points))
            hand = rng.random() < 0.5
            units.append(Unit(key, points[kind], hand, (kind, hand)))
        cost = (rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 3), rng.randint(0, 6))
        payment._PLANS.clear()
        fast = payment.payments(units, cost)
        original = payment._plan
        payment._PLANS.clear()
        try:
            payment._plan = lambda c, k: [(w, tuple((j, x) for j, x in enumerate(counts) if x))
                                          for w, counts in plain_plan(c, k)]
            plain = payment.payments(units, cost)
        finally:
            payment._plan = original
            payment._PLANS.clear()
        assert fast == plain


#: The digest of the games below as the engine played them before it was made faster (the commit
#: before "the legal list's payments found faster"): every legal list, every event.
GAMES_DIGEST = "56003c0d64e8f8c5ea6bd580467b59c013607d99b1cc30826167393145e31e20"


def _games_digest(data):
    h = hashlib.sha256()

    def note(legal, events):
        h.update(" | ".join(a.to_text() for a in legal).encode())
        h.update(repr(events).encode())

    for n in (2, 3, 4):
        for seed in range(4):
            s = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(n)), seed))
            rng = random.Random(seed)
            while not s.over:
                legal = s.legal_actions(s.current)
                if rng.random() < 0.05:
                    s = s.clone()                    # a clone plays on as its original would have
                note(legal, s.apply(legal[rng.randrange(len(legal))]))
    for n in (2, 3):
        s = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(n)), 7))
        bots = {p: SensiblePolicy(data, p, 7) for p in range(n)}
        while not s.over:
            p = s.current
            legal = s.legal_actions(p)
            note(legal, s.apply(bots[p].act(s.observation(p), legal)))
    s = GAME.new(data, GameSetup("cosplay", ("P0", "P1"), 3))
    bots = {0: RandomPolicy(3), 1: RandomPolicy(4)}
    for step in range(40):
        p = s.current
        legal = s.legal_actions(p)
        if step in (12, 31) and len(legal) > 1:
            bot = SearchPolicy(GAME, data, p, simulations=6, seed=step)
            action = bot.act(s.observation(p), legal)
            h.update(repr(sorted((a.to_text(), v) for a, v in bot.last_stats.items())).encode())
        else:
            action = bots[p].act(s.observation(p), legal)
        note(legal, s.apply(action))
    return h.hexdigest()


def test_fixed_seed_games_list_and_play_as_before(data):
    """Random and sensible bots at 2 to 4 players, and a few search decisions: the same legal lists
    (in the same order: a random bot's pick is an index into it) and the same events."""
    assert _games_digest(data) == GAMES_DIGEST


def test_a_clone_draws_as_its_original_would(data):
    """A clone shares its original's generator until one of them draws: each then reshuffles its
    discard as the other does, whichever draws first."""
    s = GAME.new(data, GameSetup("cosplay", ("P0", "P1"), 5))
    rng = random.Random(5)
    while s.turns[0] < 3:
        legal = s.legal_actions(s.current)
        s.apply(legal[rng.randrange(len(legal))])
    twin = s.clone()
    plays = random.Random(9)
    actions = []
    events = []
    while not s.over:
        legal = s.legal_actions(s.current)
        actions.append(legal[plays.randrange(len(legal))])
        events.append(s.apply(actions[-1]))
    assert any(e.kind == "reshuffle" for ev in events for e in ev)
    assert [twin.apply(a) for a in actions] == events
    assert twin.rng.getstate() == s.rng.getstate()
    third = twin.clone()
    twin.rng.random()                         # one draws: the other's generator is left as it was
    assert third.rng.getstate() == s.rng.getstate() != twin.rng.getstate()


def test_the_legal_lists_purse_and_a_payers_unit_are_those_of_units(data):
    """What the legal list, a payment and a playout read without building every unit (``_purse``,
    ``_gives``, ``unit_points``) against :meth:`units`: the same keys in the same order, grouped
    alike, the same points; and an attachment checked alone (``_can_attach``) against the list of
    them all."""
    from engine.cosplay.payment import Purse
    from engine.cosplay.state import POOL
    checked = attached = attachable = 0
    for seed in range(12):
        s = GAME.new(data, GameSetup("cosplay", ("P0", "P1", "P2"), seed))
        rng = random.Random(seed)
        while not s.over:
            p = s.current
            units = s.units(p)
            purse, *total = s._purse(p)
            plain = Purse(units)
            assert (purse.keys, purse.groups) == (plain.keys, plain.groups)
            assert tuple(total) == s.available_points(p)
            assert s.unit_points(p) == [(u.key, u.gives) for u in units]
            by_key = {u.key: u for u in units}
            for key in [*s.hand[p], *s.assist[p], *s.assist[(p + 1) % 3], *s.discard[p], POOL]:
                unit = by_key.get(key)
                assert s._gives(p, key) == (None if unit is None else unit.gives)
            pairs = set(s._attachable(p))
            mine = [*s.assist[p], *s.hand[p], s.assist[(p + 1) % 3][0] if s.assist[(p + 1) % 3] else -1]
            assert {(e, c) for e in mine for c in mine if s._can_attach(p, e, c)} == pairs
            attachable += bool(pairs)
            checked += 1
            attached += bool(s.attached)
            legal = s.legal_actions(p)
            s.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000 and attached > 50 and attachable > 20


def test_an_unchecked_action_is_the_action_it_names():
    """The legal lists' actions are built without :class:`Action`'s checks: equal, alike, as frozen;
    too many arguments are still refused."""
    import dataclasses

    import pytest

    from engine.cosplay.state import make_action
    from engine.game import MAX_ARGS, Action, ActionSyntaxError
    for p, kind, args in ((0, "end", ()), (1, "recruit", (3, 12, "pool")), (2, "drama", (2, 0, 1, 5, 6))):
        made, checked = make_action(p, kind, args), Action(p, kind, args)
        assert made == checked and hash(made) == hash(checked) and repr(made) == repr(checked)
        assert made.to_text() == checked.to_text() and Action.from_json(made.to_json()) == made
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, "kind", "end")
    with pytest.raises(ActionSyntaxError):
        make_action(0, "drama", tuple(range(MAX_ARGS + 1)))


def _search_digest(data):
    """The hard bot's own search (the game's playout rule, its evaluation at the horizon; no clock,
    so its simulations are all played) at decisions of 2- to 4-player sensible-bot games, and
    the playout rule's moves through whole games: every statistic, every move, every event."""
    from engine.search import GAME_OPTIONS
    GAME.policies["search"](data, 0, 0)            # the game's search options, registered on first use
    options = GAME_OPTIONS["cosplay"]
    h = hashlib.sha256()
    for n, seed in ((2, 0), (2, 1), (3, 2), (4, 3)):
        s = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(n)), seed))
        bots = {p: SensiblePolicy(data, p, seed) for p in range(n)}
        step = 0
        while not s.over:
            p = s.current
            legal = s.legal_actions(p)
            if step % 9 == 4 and len(legal) > 1:
                bot = SearchPolicy(GAME, data, p, simulations=40, seed=step, stop_when_decided=False, **options)
                action = bot.act(s.observation(p), legal)
                h.update(repr(sorted((a.to_text(), v) for a, v in bot.last_stats.items())).encode())
            else:
                action = bots[p].act(s.observation(p), legal)
            h.update(repr(s.apply(action)).encode())
            step += 1
            if step > 60:
                break
    playout = options["playout"]
    for n in (2, 3, 4):
        s = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(n)), 10 + n))
        rng = random.Random(n)
        while not s.over:
            action = playout(s, s.current, rng)
            h.update(action.to_text().encode())
            h.update(repr(s.apply(action)).encode())
    return h.hexdigest()


#: The digest of the search decisions and playouts below as the engine played them before its
#: playouts were made cheaper (issue 34's third pass).
SEARCH_DIGEST = "196bb2313087ac33864fc0a36e96f96bab3b23f97b2d5c347e60d39daf0214cf"


def test_the_hard_bots_search_plays_as_before(data):
    """The hard bot's search with the game's playout rule and evaluation: the same statistics at
    every decision, the same playout moves and events, as before the playouts were made cheaper."""
    assert _search_digest(data) == SEARCH_DIGEST
