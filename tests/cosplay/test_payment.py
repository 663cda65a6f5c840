"""Paying: one target per unit, points never split, the right resource, never more than you
have; refused payments change nothing; the helper proposes the least waste."""

import itertools
import json
import random

import pytest

from cosplay_table import find, names, table
from engine.cosplay.payment import Unit, cheapest, covers
from engine.errors import IllegalAction
from engine.game import Action


def A(p, kind, *args):
    return Action(p, kind, args)


def snapshot(s):
    return json.dumps([[s.observation(p) for p in range(s.n)], s.rng.getstate(), s.library, s.reserve,
                       s.hand, s.obj_piles, s.pending], default=repr)


def refused(s, action):
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


def test_a_card_cannot_split_its_points_between_two_targets(data):
    """« les points supplémentaires ou non utilisés sont perdus »: Chrome Brawler (3 BADASS) pays a
    2-BADASS Rust Knight; its third point does not go toward another card."""
    s = table(data, assists={0: ["chrome-brawler"]}, hands={0: ["badass"]},
              zones=["rust-knight", "neon-ronin"] + [None] * 4)
    brawler = find(s, s.assist[0], "chrome-brawler")
    s.apply(A(0, "recruit", 1))
    s.apply(A(0, "pay", brawler))
    assert brawler in s.discard[0]
    assert A(0, "recruit", 2) not in s.legal_actions(0)          # 1 badass left: cannot pay 2
    refused(s, A(0, "recruit", 2))
    refused(s, A(0, "pay", brawler))                             # it is spent


def test_the_same_card_cannot_pay_twice_for_one_target(data):
    s = table(data, hands={0: ["badass", "badass", "badass"]}, zones=[None] * 5 + ["chrome-brawler"])
    b = s.hand[0][0]
    s.apply(A(0, "recruit", 6))
    s.apply(A(0, "pay", b))
    refused(s, A(0, "pay", b))


def test_the_wrong_resource_is_refused(data):
    """Characters pay BADASS/KAWAII, equipment CRAFT: a KAWAII card does not pay a BADASS cost."""
    s = table(data, hands={0: ["badass", "badass", "kawaii", "craft"]}, zones=["rust-knight"] + [None] * 5)
    s.apply(A(0, "recruit", 1))
    refused(s, A(0, "pay", find(s, s.hand[0], "kawaii")))
    refused(s, A(0, "pay", find(s, s.hand[0], "craft")))
    assert {a.args[0] for a in s.legal_actions(0)} == {c for c in s.hand[0] if names(s, [c]) == ["badass"]}


def test_overdrawing_is_refused(data):
    """Paying what you do not have: a target your cards cannot cover, a card that is not yours,
    a face-down card, or a card once the cost is covered."""
    s = table(data, hands={0: ["badass"]}, assists={0: ["onyx-gladiator"], 1: ["bolt-rider"]},
              facedown=[(0, "onyx-gladiator")], zones=["chrome-brawler"] + [None] * 5,
              objectives=["grand-masquerade", None, None])
    refused(s, A(0, "recruit", 1))                               # 1 badass for a 3-badass cost
    refused(s, A(0, "complete", 1))
    refused(s, A(0, "drama", 1, 1))                              # 1 point for a 2-point Drama
    s2 = table(data, hands={0: ["badass", "badass", "badass", "kawaii"]}, assists={1: ["bolt-rider"]},
               zones=["rust-knight"] + [None] * 5)
    s2.apply(A(0, "recruit", 1))
    refused(s2, A(0, "pay", s2.assist[1][0]))                    # someone else's card
    s2.apply(A(0, "pay", s2.hand[0][0]))
    s2.apply(A(0, "pay", s2.hand[0][1]))                         # covered: the recruit is done
    assert s2.pending is None and len(s2.hand[0]) == 2
    refused(s2, A(0, "pay", s2.hand[0][0]))                      # nothing is being paid now


def test_nothing_else_happens_until_the_named_target_is_paid(data):
    s = table(data, hands={0: ["badass", "badass"]}, zones=["rust-knight"] + [None] * 5)
    s.apply(A(0, "recruit", 1))
    refused(s, A(0, "end"))
    assert {a.kind for a in s.legal_actions(0)} == {"pay"}


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


def test_the_helper_completes_a_payment_under_way(data):
    s = table(data, hands={0: ["badass"] * 3}, assists={0: ["rust-knight"]}, zones=["onyx-gladiator"] + [None] * 5)
    s.apply(A(0, "recruit", 1))
    s.apply(A(0, "pay", s.hand[0][0]))
    plan = s.propose_payment("", None)          # 4 badass still owed: knight + two starters
    assert plan.waste == 0 and len(plan.payers) == 3 and find(s, s.assist[0], "rust-knight") in plan.payers


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
