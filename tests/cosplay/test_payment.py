"""Paying: one target per unit, points never split, the right resource, never more than you
have; refused payments change nothing; the helper proposes the least waste."""

import itertools
import json
import random

import pytest
from cosplay_table import find, names, table

from engine.cosplay.payment import MOST_WAYS, Unit, cheapest, covers, payments
from engine.errors import IllegalAction
from engine.game import Action


def A(p, kind, *args):
    return Action(p, kind, args)


def snapshot(s):
    return json.dumps([[s.observation(p) for p in range(s.n)], s.rng.getstate(), s.library, s.reserve,
                       s.hand, s.obj_piles], default=repr)


def refused(s, action):
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


def test_a_card_cannot_split_its_points_between_two_targets(data):
    """« les points supplémentaires ou non utilisés sont perdus »: Chrome Brawler (3 BADASS) pays a
    2-BADASS Rust Knight; its third point does not go toward another card."""
    s = table(data, assists={0: ["chrome-brawler"]}, hands={0: ["badass"]},
              zones=["rust-knight", "neon-ronin"] + [None] * 5)
    brawler = find(s, s.assist[0], "chrome-brawler")
    s.apply(A(0, "recruit", 1, brawler))
    assert brawler in s.discard[0]
    assert not [a for a in s.legal_actions(0) if a.kind == "recruit"]     # 1 badass left: cannot pay 2
    refused(s, A(0, "recruit", 2, *s.hand[0]))
    refused(s, A(0, "recruit", 2, brawler, *s.hand[0]))                   # it is spent


def test_the_same_card_cannot_pay_twice_for_one_target(data):
    s = table(data, hands={0: ["badass", "badass", "badass"]}, zones=[None] * 5 + ["chrome-brawler"])
    b = s.hand[0][0]
    refused(s, A(0, "recruit", 6, b, b, b))
    refused(s, A(0, "recruit", 6, b, s.hand[0][1], b))


def test_the_wrong_resource_is_refused(data):
    """Characters pay BADASS/KAWAII, equipment CRAFT: a KAWAII card does not pay a BADASS cost."""
    s = table(data, hands={0: ["badass", "badass", "kawaii", "craft"]}, zones=["rust-knight"] + [None] * 5)
    badass = [c for c in s.hand[0] if names(s, [c]) == ["badass"]]
    refused(s, A(0, "recruit", 1, badass[0], find(s, s.hand[0], "kawaii")))
    refused(s, A(0, "recruit", 1, find(s, s.hand[0], "craft"), *badass))
    assert [a.args for a in s.legal_actions(0) if a.kind == "recruit"] == [(1, *badass)]


def test_overdrawing_is_refused(data):
    """Paying what you do not have: a target your cards cannot cover, a card that is not yours,
    a face-down card, or a card once the cost is covered."""
    s = table(data, hands={0: ["badass"]}, assists={0: ["onyx-gladiator"], 1: ["bolt-rider"]},
              facedown=[(0, "onyx-gladiator")], zones=["chrome-brawler"] + [None] * 5,
              objectives=["grand-masquerade", None, None])
    refused(s, A(0, "recruit", 1, *s.hand[0]))                      # 1 badass for a 3-badass cost
    refused(s, A(0, "recruit", 1, *s.hand[0], *s.assist[0]))        # ... the gladiator is face down
    refused(s, A(0, "complete", 1, *s.hand[0]))
    refused(s, A(0, "drama", 1, 1, *s.hand[0]))                     # 1 point for a 3-point Drama
    s2 = table(data, hands={0: ["badass", "badass", "badass", "kawaii"]}, assists={1: ["bolt-rider"]},
               zones=["rust-knight"] + [None] * 5)
    refused(s2, A(0, "recruit", 1, s2.hand[0][0], s2.assist[1][0]))    # someone else's card
    refused(s2, A(0, "recruit", 1, *s2.hand[0][:3]))                   # covered after two: the third brings nothing
    refused(s2, A(0, "recruit", 1, s2.hand[0][0]))                     # not covered
    refused(s2, A(0, "recruit", 1, s2.hand[0][0], "nope"))             # not a payer
    refused(s2, A(0, "pay", s2.hand[0][0]))                            # paying is no action of its own
    s2.apply(A(0, "recruit", 1, s2.hand[0][0], s2.hand[0][1]))
    assert len(s2.hand[0]) == 2 and names(s2, s2.discard[0]) == ["badass", "badass"]


def test_one_payment_is_one_action_whose_events_say_each_payer(data):
    """The target and its payers in one action; its events say the target, each payer in order,
    then the recruit (as the log always said them)."""
    s = table(data, hands={0: ["badass", "badass"]}, assists={0: ["rust-knight"]}, zones=["chrome-brawler"]
              + [None] * 5)                                        # badass 3
    knight, brawler = find(s, s.assist[0], "rust-knight"), s.zones[0]
    hb = sorted(s.hand[0])
    ev = s.apply(A(0, "recruit", 1, hb[0], knight))
    assert [(e.kind, e.value) for e in ev[:3]] == [("target", brawler), ("pay", hb[0]), ("pay", knight)]
    assert ev[3].kind == "recruit" and ev[3].info == (1, 0)
    assert names(s, s.discard[0]) == ["badass", "rust-knight"] and s.hand[0] == [hb[1]]


def test_the_legal_list_offers_each_needed_payment_once(data):
    """Alike cards are one choice (the lowest numbers named); a payment with a card that could be
    left out is not offered; the least wasteful comes first."""
    s = table(data, hands={0: ["badass", "badass", "badass"]}, assists={0: ["rust-knight", "chrome-brawler"]},
              zones=["neon-ronin"] + [None] * 5)                   # badass 2
    knight, brawler = find(s, s.assist[0], "rust-knight"), find(s, s.assist[0], "chrome-brawler")
    hb = sorted(s.hand[0])
    offered = [a.args[1:] for a in s.legal_actions(0) if a.kind == "recruit"]
    assert offered == [(knight,), (hb[0], hb[1]), (brawler,)]      # no waste, fewest cards first; the brawler wastes 1
    # a starter alike the one offered, or an extra card, still pays (as older games recorded them)
    assert s.clone().apply(A(0, "recruit", 1, hb[2], hb[0]))
    assert s.clone().apply(A(0, "recruit", 1, hb[0], knight))


def test_the_helper_proposes_the_least_waste_or_says_none(data):
    s = table(data, hands={0: ["badass", "badass"]}, assists={0: ["chrome-brawler", "rust-knight"]},
              zones=["storm-valkyrie", "onyx-gladiator", "dragon-regent", "celestial-idol", None, None])
    hb = sorted(c for c in s.hand[0])
    knight = find(s, s.assist[0], "rust-knight")
    brawler = find(s, s.assist[0], "chrome-brawler")
    # 3 badass: the brawler alone wastes nothing
    assert s.propose_payment("recruit", 1) == (( brawler,), 0)
    # 5 badass: knight (2) + brawler (3), or brawler + two starters: fewest cards wins the tie
    plan = s.propose_payment("recruit", 2)
    assert plan.waste == 0 and set(plan.payers) == {knight, brawler}
    # 7 badass: all 7 points
    assert set(s.propose_payment("recruit", 3).payers) == {knight, brawler, *hb}
    assert s.propose_payment("recruit", 4) is None                # kawaii 7: none exists
    # a multicolour objective takes any resource; 5 of 7 points with no waste
    s.obj_zones[0] = find(s, [i for i, t in enumerate(s.inst.types) if t.id == "first-photo"], "first-photo")
    assert s.propose_payment("complete", 1).waste == 0


def test_the_helper_prefers_the_hand_when_all_else_is_equal(data):
    s = table(data, hands={0: ["bubble-bard"]}, assists={0: ["pastel-pixie"]}, zones=["paper-kitsune"] + [None] * 5)
    assert s.propose_payment("recruit", 1).payers == (find(s, s.hand[0], "bubble-bard"),)


def test_the_helper_agrees_with_trying_every_subset():
    rng = random.Random(5)
    for _ in range(300):
        units = [Unit(i, (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 2)), i < 3) for i in range(8)]
        cost = (rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 3), rng.randint(0, 6))
        best = None
        for r in range(len(units) + 1):
            for comb in itertools.combinations(units, r):
                pts = [sum(u.gives[j] for u in comb) for j in range(3)]
                if covers(pts, cost):
                    w = sum(pts) - sum(cost)
                    best = w if best is None else min(best, w)
        plan = cheapest(units, cost)
        assert (plan is None) == (best is None)
        if plan is not None:
            assert plan.waste == best
            chosen = [u for u in units if u.key in plan.payers]
            assert covers([sum(u.gives[j] for u in chosen) for j in range(3)], cost)


def test_the_offered_payments_are_every_needed_one_once():
    """:func:`payments` against trying every subset: the covering subsets none of whose units could
    be left out, alike units counted as one, the least wasteful first (at most ``MOST_WAYS``)."""
    rng = random.Random(7)
    for _ in range(300):
        units = []
        for i in range(rng.randint(0, 8)):
            kind = rng.randrange(5)
            units.append(Unit(i, ((1, 0, 0), (0, 1, 0), (0, 0, 1), (2, 0, 0), (0, 3, 1))[kind], i < 4,
                              None if kind == 4 else ("kind", kind, i < 4)))
        cost = (rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 4))

        def pts(comb):
            return [sum(u.gives[j] for u in comb) for j in range(3)]

        want = set()
        for r in range(len(units) + 1):
            for comb in itertools.combinations(units, r):
                if covers(pts(comb), cost) and not any(covers(pts([u for u in comb if u is not v]), cost) for v in comb):
                    want.add(tuple(sorted(repr(u.key if u.alike is None else u.alike) for u in comb)))
        got = payments(units, cost)
        by_key = {u.key: u for u in units}
        kinds = [tuple(sorted(repr(by_key[k].key if by_key[k].alike is None else by_key[k].alike) for k in p.payers))
                 for p in got]
        assert set(kinds) <= want and len(set(kinds)) == len(kinds)
        assert len(kinds) == min(len(want), MOST_WAYS)           # every one, or the best MOST_WAYS
        wastes = [p.waste for p in got]
        assert wastes == sorted(wastes)
        best = cheapest(units, cost)
        assert (best is None) == (not got) and (best is None or best.waste == got[0].waste)


def test_a_crowded_hand_is_offered_a_bounded_list(data):
    """Twenty units (five starters, fifteen characters, six of them equipped) have tens of
    thousands of needed payments for a big Drama purchase: each target is offered at most
    ``MOST_WAYS`` of them, a purchase buys at most ``DRAMA_AT_ONCE`` cards, and every action is
    one short line."""
    from engine.cosplay import GAME
    from engine.cosplay.state import DRAMA_AT_ONCE
    from engine.cosplay.view import payment_move
    from engine.game import GameSetup
    for seed in range(2):
        rng = random.Random(seed)
        s = GAME.new(data, GameSetup("cosplay", ("P1", "P2"), seed))
        types = s.inst.types
        chars = rng.sample([c for c in s.library if types[c].type == "character"], 15)
        gear = rng.sample([c for c in s.library if types[c].type == "equipment"], 6)
        s.library = [c for c in s.library if c not in chars and c not in gear]
        s.assist[0] = chars + gear
        s.attached.update(zip(gear, chars))
        s.reserve[0] += s.hand[0]
        s.hand[0] = [c for c in s.reserve[0] if types[c].type == "starter" and types[c].ability is None][:5]
        s.reserve[0] = [c for c in s.reserve[0] if c not in s.hand[0]]
        legal = s.legal_actions(0)
        targets: dict = {}
        for a in legal:
            m = payment_move(a)
            if m is not None:
                targets.setdefault((m.kind, m.target), []).append(a)
                assert Action.from_text(a.to_text()) == a
        assert targets and all(len(ways) <= MOST_WAYS for ways in targets.values())
        assert max(target[0] for kind, target in targets if kind == "drama") == DRAMA_AT_ONCE
        assert len(legal) < 400
