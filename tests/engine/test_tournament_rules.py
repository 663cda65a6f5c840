"""A whole tournament: seats, trophies, who begins, the end rules, the Robot, replay."""

import pytest

from engine import IllegalAction
from engine.challengers.policies import make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament, replay


def names(n):
    return tuple(f"P{i}" for i in range(n))


def bots(t, kind="greedy"):
    return {p.index: make_policy("robot" if p.robot else kind, p.index) for p in t.players}


def play_to_end(lib, n, seed=1, **kw):
    t = Tournament(lib, Setup(players=names(n), seed=seed, **kw))
    return run_tournament(t, bots(t))


@pytest.mark.parametrize("players,slots,parks,robot", [
    (1, 2, 1, True), (2, 2, 1, False), (3, 4, 2, True), (4, 4, 2, False),
    (5, 6, 3, True), (6, 6, 3, False), (7, 8, 4, True), (8, 8, 4, False)])
def test_slots_parks_and_the_robot_for_each_player_count(lib, players, slots, parks, robot):
    """Slots = players rounded up to even (Robot included); parks = slots / 2."""
    t = Tournament(lib, Setup(players=names(players)))
    assert (t.plan.slots, t.parks, any(p.robot for p in t.players)) == (slots, parks, robot)
    assert sorted(p.slot for p in t.players) == list(range(1, slots + 1))
    if robot:
        assert t.players[-1].slot == t.plan.robot_slot


@pytest.mark.parametrize("n", [1, 2, 5, 8])
def test_every_round_seats_every_player_once_at_the_plans_park(lib, n):
    t = Tournament(lib, Setup(players=names(n)))
    for r in range(1, 8):
        seated = [i for _, a, b in t.pairings(r) for i in (a, b)]
        assert sorted(seated) == list(range(len(t.players)))


def test_trophies_are_dealt_one_per_park_from_each_rounds_four(lib):
    """Each round's four trophies are shuffled and one is dealt to each park."""
    for seed in range(5):
        t = Tournament(lib, Setup(players=names(8), seed=seed))
        for r, values in enumerate(lib.rules.trophies, 1):
            dealt = sorted(t.trophy_for[(r, park)] for park in range(1, 5))
            assert dealt == sorted(values)


def test_each_player_starts_with_the_starter_deck_and_the_robot_with_its_own(lib):
    t = Tournament(lib, Setup(players=names(3)))
    assert [c.id for c in t.players[0].deck] == list(lib.box("base").starter)
    assert sorted(c.id for c in t.players[3].deck) == sorted(lib.rules.robot_deck)


@pytest.mark.parametrize("level,replaced", [(1, set()), (2, {"alpha"}), (3, {"alpha", "beta"}),
                                            (4, {"alpha", "beta", "good-bot"}),
                                            (5, {"alpha", "beta", "good-bot", "champ"})])
def test_robot_levels_replace_start_cards_with_r_cards(lib, level, replaced):
    """Robot levels: 2 Alpha -> R; 3 also Beta; 4 also Good Bot; 5 also C.H.A.M.P. -> two R."""
    t = Tournament(lib, Setup(players=names(1), robot_level=level, seed=level))
    deck = [c for c in t.players[1].deck]
    ids = {c.id for c in deck}
    assert not (ids & replaced)
    assert {"alpha", "beta", "good-bot", "champ"} - replaced <= ids
    r_cards = [c for c in deck if c.level == "R"]
    assert len(r_cards) == len(replaced) + (1 if level == 5 else 0)
    assert len(deck) == 8 + (1 if level == 5 else 0)


def test_the_solo_option_shuffles_the_solo_cards_into_the_r_cards(lib):
    seen = set()
    for seed in range(40):
        t = Tournament(lib, Setup(players=names(1), robot_level=5, solo_cards=True, seed=seed))
        seen |= {c.level for c in t.players[1].deck}
    assert "SOLO" in seen


def test_robot_levels_4_and_5_are_for_the_solo_game(lib):
    with pytest.raises(ValueError, match="solo"):
        Tournament(lib, Setup(players=names(3), robot_level=4))


def test_round_one_begins_with_a_flag_toss(lib):
    t = Tournament(lib, Setup(players=names(2)))
    for i in (0, 1):
        while t.deck_phases[i].stage != "done":
            t.apply(make_policy("greedy").act(t, ("deck", i)))
    assert t.phase == "match" and t.matches[1].expect == ("toss", None)


def test_from_round_two_the_highest_trophy_round_begins(lib):
    """From round 2, the player holding the trophy with the highest round number begins; tie: toss."""
    t = Tournament(lib, Setup(players=names(4), seed=2))
    t.players[0].trophies = [(1, 2)]
    t.players[1].trophies = [(2, 3)]
    t.round = 3
    t._start_matches([(1, 0, 1), (2, 2, 3)])
    assert t.matches[1].expect == ("reveal", 1)     # P1's round-2 trophy beats P0's round-1 trophy
    assert t.matches[2].expect == ("toss", None)    # neither holds a trophy: toss


def test_the_winner_takes_the_parks_trophy_of_the_round(lib):
    t = Tournament(lib, Setup(players=names(4), seed=5))
    policies = bots(t)
    while t.round == 1 and not t.over:
        who = t.waiting()[0]
        t.apply(policies[who[1] if who[0] == "deck" else who[2]].act(t, who))
    for r, park, w, l, why in t.results:
        assert (1, t.trophy_for[(1, park)]) in t.players[w].trophies
        assert t.players[l].trophies == []


def test_a_robots_trophy_goes_back_to_the_box_except_in_solo(lib):
    """The Robot's trophies go back to the box in a multiplayer game; solo, it keeps them."""
    for seed in range(6):
        t = play_to_end(lib, 3, seed=seed)
        robot = t.players[-1]
        assert robot.robot and robot.trophies == []
    kept = 0
    for seed in range(6):
        t = play_to_end(lib, 1, seed=seed)
        kept += len(t.players[1].trophies)
        assert len(t.players[1].trophies) == sum(1 for r in t.results if r[2] == 1)
    assert kept > 0


def test_two_players_end_at_once_on_an_11_fan_lead_and_never_play_a_final(lib):
    """2 players: no Final; a lead of 11 or more fans after a Match Phase wins at once."""
    reasons = set()
    for seed in range(25):
        t = play_to_end(lib, 2, seed=seed)
        assert t.finalists is None and not any(r[0] == "final" for r in t.results)
        a, b = t.players
        if t.end_reason == "lead":
            assert abs(a.total_fans - b.total_fans) >= 11
            assert t.players[t.winner].total_fans > t.players[1 - t.winner].total_fans
        else:
            assert t.end_reason == "most-fans" and t.round == 7
        reasons.add(t.end_reason)
    assert "lead" in reasons


def test_the_lead_rule_is_checked_after_every_match_phase(lib):
    t = Tournament(lib, Setup(players=names(2), seed=0))
    t.players[0].fans = 20                             # as if a huge lead had built up
    policies = bots(t)
    while not t.over:
        who = t.waiting()[0]
        t.apply(policies[who[1] if who[0] == "deck" else who[2]].act(t, who))
    assert (t.round, t.end_reason) == (1, "lead") and t.winner == 0


def test_three_or_more_players_meet_in_a_final_of_the_top_two(lib):
    t = play_to_end(lib, 5, seed=3)
    assert t.end_reason == "final"
    final = [r for r in t.results if r[0] == "final"]
    assert len(final) == 1 and {final[0][2], final[0][3]} == set(t.finalists)
    assert t.winner == final[0][2]


def test_final_tie_breaks_more_trophies_then_the_highest_round_trophy(lib):
    """Final ties: more trophies first, then the single trophy with the highest round number."""
    t = Tournament(lib, Setup(players=names(4)))
    a, b, c, d = t.players
    a.trophies, a.fans = [(1, 2), (2, 2)], 6          # 10 fans, 2 trophies
    b.trophies, b.fans = [(7, 10)], 0                 # 10 fans, 1 trophy
    c.trophies, c.fans = [(1, 3), (3, 3)], 4          # 10 fans, 2 trophies, best round 3
    d.trophies, d.fans = [], 11                       # 11 fans
    assert [p.name for p in t.standings()] == ["P3", "P2", "P0", "P1"]


def test_the_final_has_no_draft_only_removal(lib):
    t = Tournament(lib, Setup(players=names(3), seed=4))
    policies = bots(t)
    while t.phase != "final-deck":
        who = t.waiting()[0]
        t.apply(policies[who[1] if who[0] == "deck" else who[2]].act(t, who))
    assert set(t.deck_phases) == set(t.finalists)
    for dp in t.deck_phases.values():
        assert dp.stage == "remove" and dp.options == ()


def test_hidden_trophy_fans_with_three_or_more_players(lib):
    """Trophies show their round, never their fans, to others, except with 2 players or solo."""
    t = Tournament(lib, Setup(players=names(3)))
    t.players[0].trophies = [(1, 3)]
    rows = {r["player"]: r for r in t.public_standings(viewer=None)}
    assert rows[0]["trophy_rounds"] == [1] and rows[0]["fans"] is None
    assert {r["player"]: r for r in t.public_standings(viewer=0)}[0]["fans"] == 3   # your own
    t2 = Tournament(lib, Setup(players=names(2)))
    t2.players[0].trophies = [(1, 3)]
    assert {r["player"]: r for r in t2.public_standings()}[0]["fans"] == 3


def test_an_invalid_tournament_action_changes_nothing(lib):
    t = Tournament(lib, Setup(players=names(2), seed=9))
    before = t.snapshot()
    for bad in [("match", 1, "reveal", 0), ("deck", 5, "done"), ("deck", 0, "pick", 0), ("deck", 0, "done"),
                ("fly", 1), ("deck",), "deck", ("deck", 0, "option", 9)]:
        with pytest.raises(IllegalAction):
            t.apply(bad)
    assert t.snapshot() == before


@pytest.mark.parametrize("n", [8, 5, 2, 1])
def test_seed_and_actions_replay_a_whole_tournament_event_for_event(lib, n):
    """Determinism: (seed, recorded actions) replays the same tournament, event for event."""
    t = play_to_end(lib, n, seed=11)
    again = replay(lib, t.setup, t.actions)
    assert again.log == t.log
    assert again.snapshot() == t.snapshot()
    other = play_to_end(lib, n, seed=12)
    assert other.log != t.log


def test_random_bots_also_finish_and_replay(lib):
    t = Tournament(lib, Setup(players=names(6), seed=3))
    run_tournament(t, bots(t, "random"))
    assert t.over and replay(lib, t.setup, t.actions).log == t.log


def test_a_complete_tie_at_the_cut_is_decided_by_a_flag_toss(lib):
    """Where fans, trophies and the best trophy round all tie, a toss decides (both can win it)."""
    winners = set()
    for seed in range(12):
        t = Tournament(lib, Setup(players=names(2), seed=seed))
        for p in t.players:
            p.fans, p.trophies = 3, [(2, 2)]
        winners.add(t._top(1)[0])
    assert winners == {0, 1}
    t = Tournament(lib, Setup(players=names(4)))
    t.players[0].fans = 9
    for p in t.players[1:]:
        p.fans = 5
    assert t._top(2)[0] == 0 and t._top(2)[1] in (1, 2, 3)


def test_a_match_spec_rebuilds_the_very_same_match_elsewhere(lib):
    """A kiosk given the tournament's match spec plays exactly the coordinator's match."""
    import json
    from engine.challengers.tournament import match_from_spec
    t = Tournament(lib, Setup(players=names(4), seed=21))
    policies = bots(t)
    while t.phase != "match":
        who = t.waiting()[0]
        t.apply(policies[who[1]].act(t, who))
    for park, m in t.matches.items():
        copy = match_from_spec(lib.catalogue, json.loads(json.dumps(m.spec)))
        assert copy.snapshot() == m.snapshot()
    # Play park 1 on the tournament and on the copy with the same actions: same end.
    spec = json.loads(json.dumps(t.matches[1].spec))
    twin = match_from_spec(lib.catalogue, spec)
    while t.matches[1].winner is None:
        who = next(w for w in t.waiting() if w[1] == 1)
        action = policies[who[2]].act(t, who)
        t.apply(action)
        twin.apply(action[2:])
    original = t.matches[1]
    assert twin.winner == original.winner and twin.reason == original.reason
    assert twin.snapshot()["sides"] == original.snapshot()["sides"]


def test_each_match_draws_only_from_its_own_pile_reserve(lib):
    """Parks playing at once never reach for the same pile card: each has its own reserve."""
    from engine.challengers.piles import LevelPiles, PileReserve
    cat = lib.catalogue
    a_cards = ("pig", "cat", "pony", "cow", "spider", "parrot", "jester", "hermit", "clown", "juggler")
    piles = LevelPiles([cat.card(c) for c in a_cards])
    r1 = PileReserve.set_aside(piles, ([cat.card("villain"), cat.card("ufo")], [cat.card("dog")]), None)
    r2 = PileReserve.set_aside(piles, ([cat.card("dog")], [cat.card("villain")]), None)
    # Twice what the pile-drawing cards could take: Villain 1 + UFO 2 -> 6; Villain alone -> 2.
    assert (len(r1.piles["A"]), len(r2.piles["A"]), len(piles.piles["A"])) == (6, 2, 2)
    a1, a2 = {id(c) for c in r1.piles["A"]}, {id(c) for c in r2.piles["A"]}
    assert not (a1 & a2)
    top = r1.draw("A")
    assert top.id == "juggler"                       # the pile's top card comes first
    r1.give_back(piles)
    assert len(piles.piles["A"]) == 7 and piles.piles["A"][-1].id == "clown"


def test_a_higher_robot_level_is_harder_for_the_greedy_bot(lib):
    """Robot levels make a ladder (bench/robot_levels.py prints the full table)."""
    def wins(level):
        n = 0
        for seed in range(150):
            t = Tournament(lib, Setup(players=("G",), robot_level=level, seed=seed), record=False)
            run_tournament(t, {0: make_policy("greedy", seed), 1: make_policy("robot", seed)})
            n += t.winner == 0
        return n
    w1, w3, w5 = wins(1), wins(3), wins(5)
    assert w1 > w3 > w5


class _RemovesEverything:
    """A greedy bot that, in one Deck Phase (round ``when``, or the Final's), removes every card."""

    def __init__(self, index, when):
        self.bot = make_policy("greedy", index)
        self.when = when
        self.emptied = False

    def act(self, t, who):
        if who[0] == "deck" and not self.emptied:
            dp = t.deck_phases[who[1]]
            if t.round == self.when and dp.stage == "remove":
                if dp.deck:
                    return ("deck", who[1], "remove", 0)
                self.emptied = True
                return ("deck", who[1], "done")
        return self.bot.act(t, who)


@pytest.mark.parametrize("n,when", [(1, 1), (1, 4), (2, 1), (2, 3), (3, "final")])
def test_a_player_who_removes_every_card_loses_that_match_and_the_tournament_goes_on(lib, n, when):
    """The Deck Phase lets a player remove every card; their match is lost out of cards, nothing crashes,
    the tournament ends as usual and replays event for event."""
    for seed in range(3):
        t = Tournament(lib, Setup(players=names(n), seed=seed))
        policies = bots(t)
        final_round = lib.rules.rounds + 1
        emptier = _RemovesEverything(0, final_round if when == "final" else when)
        policies[0] = emptier
        if when == "final":
            # Whoever reaches the Final empties their deck there.
            for i in range(n):
                policies[i] = _RemovesEverything(i, final_round)
        run_tournament(t, policies)
        assert t.over and t.winner is not None
        if when == "final":
            assert t.results[-1][0] == "final" and t.results[-1][4] == "out-of-cards"
            assert any(p.emptied for p in policies.values() if isinstance(p, _RemovesEverything))
        else:
            assert emptier.emptied
            lost = [r for r in t.results if r[0] == when and 0 in r[2:4]]
            assert lost and lost[0][3] == 0 and lost[0][4] == "out-of-cards"
        assert replay(lib, t.setup, t.actions).log == t.log


@pytest.mark.parametrize("n,seed", [(8, 5), (3, 6), (1, 7)])
def test_run_tournament_plays_forced_actions_as_asking_every_time_would(lib, n, seed):
    """run_tournament plays reveals and tosses without asking: the same actions, the same events."""
    fast = Tournament(lib, Setup(players=names(n), seed=seed))
    run_tournament(fast, bots(fast))
    slow = Tournament(lib, Setup(players=names(n), seed=seed))
    policies = bots(slow)
    while not slow.over:
        who = slow.next_waiting()
        slow.apply(policies[who[1] if who[0] == "deck" else who[2]].act(slow, who))
    assert fast.actions == slow.actions
    assert fast.log == slow.log and fast.winner == slow.winner


def test_play_forced_stops_at_a_choice_and_at_its_limit(lib):
    t = Tournament(lib, Setup(players=names(2), seed=3))
    policies = bots(t)
    while t.phase != "match":
        who = t.next_waiting()
        t.apply(policies[who[1]].act(t, who))
    m = t.matches[1]
    assert t.play_forced(1, limit=2) == 2 and len(t.actions) and t.actions[-1][2] in ("reveal", "toss")
    t.play_forced(1)
    assert m.winner is not None or m.expect[0] == "choose"
    with pytest.raises(IllegalAction):
        t.play_forced(9)


def test_a_subclass_of_the_greedy_bot_decides_its_own_deck_phase(lib):
    """run_tournament calls the greedy bot's Deck Phase decision directly (compiled: a C call)
    only for the greedy bot itself: a subclass that decides otherwise is asked."""
    from engine.challengers.policies import GreedyPolicy

    class NeverRemoves(GreedyPolicy):
        asked = 0

        def deck_action(self, t, dp):
            NeverRemoves.asked += 1
            return ("done",) if dp.stage == "remove" else super().deck_action(t, dp)

    t = Tournament(lib, Setup(players=names(2), seed=3))
    run_tournament(t, {0: NeverRemoves(0), 1: make_policy("greedy", 1)})
    mine = [a for a in t.actions if a[:2] == ("deck", 0)]
    assert NeverRemoves.asked == len(mine) > 0
    assert not any(a[2] == "remove" for a in mine)
    assert any(a[2] == "remove" for a in t.actions if a[:2] == ("deck", 1))


def test_a_subclass_of_the_greedy_bot_keeps_its_own_tuning(lib):
    """The greedy bot reads its tuning (max_names, min_deck) once, when it is made: a subclass
    that sets other values plays by them, in every Deck Phase, as the greedy bot plays by its own."""
    from engine.challengers.policies import GreedyPolicy

    class FewNames(GreedyPolicy):
        max_names = 3
        min_deck = 4

    t = Tournament(lib, Setup(players=names(2), seed=5))
    run_tournament(t, {0: FewNames(0), 1: make_policy("greedy", 1)})
    assert any(a[:3] == ("deck", 0, "remove") for a in t.actions)
    few, greedy = t.players[0].deck, t.players[1].deck
    assert len({ct.name for ct in few}) <= 3 or len(few) <= 4
    assert len({ct.name for ct in greedy}) > 3


def test_a_deck_action_applied_for_run_tournament_records_what_apply_records(lib):
    """apply_deck_action (run_tournament's way in, without the tournament's checks of who may
    act) records the same action and events as apply; an illegal action is refused before
    anything is recorded."""
    fast = Tournament(lib, Setup(players=names(3), seed=4))
    slow = Tournament(lib, Setup(players=names(3), seed=4))
    fast_bots, slow_bots = bots(fast), bots(slow)
    refused = 0
    while fast.phase == "deck":
        who = fast.next_waiting()
        assert who == slow.next_waiting()
        dp = fast.deck_phases[who[1]]
        before = (list(fast.actions), list(fast.log))
        with pytest.raises(IllegalAction):
            fast.apply_deck_action(dp, who[1], ("pick", 99))
        assert (fast.actions, fast.log) == before
        refused += 1
        fast.apply_deck_action(dp, who[1], fast_bots[who[1]].deck_action(fast, dp))
        slow.apply(slow_bots[who[1]].act(slow, who))
        assert fast.actions == slow.actions and fast.log == slow.log
    assert refused > 10 and fast.phase == slow.phase == "match" and fast.matches.keys() == slow.matches.keys()
