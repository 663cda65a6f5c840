"""Challengers!' screens read views built from observations: they say what the engine says.

A solo and a 2-player tournament are played at a LocalTable (no Kivy); after every action the
views the screens read (kiosk.games.challengers.view) are compared with the engine's own objects:
the match (benches, flag and attack powers, whose turn, a pending choice's options), each half's Deck Phase and the standings.  And what the views may not show, they
do not: no card of a deck is named, the Robot's choices are not opened.
"""

import pytest

import cards
from engine.challengers.library import load
from kiosk.games.challengers.board import board_of
from kiosk.store import Store
from kiosk.table import LocalTable
from engine_peek import install as peek_at_the_engine  # noqa: E402 - the tests' view of the engine

peek_at_the_engine()


@pytest.fixture(scope="module")
def lib():
    return load(cards)


def check_match(c, lib):
    m, v = c.match, c.match_view()
    assert v.expect == tuple(m.expect) and v.holder == m.holder and v.flag_card == m.flag_card
    assert v.attack == list(m.attack) and v.winner == m.winner and v.players == list(m.players)
    if m.flag_card is not None:
        assert v.power_breakdown(m.flag_card, "possession") == list(m.power_breakdown(m.flag_card, "possession"))
    assert v.defense_total() == m.defense_total() and v.attack_total() == m.attack_total()
    assert [v.power(i, "attack") for i in m.attack] == [m.power(i, "attack") for i in m.attack]
    for sv, s in zip(v.sides, m.sides):
        assert sv.deck_size == len(s.deck) and sv.fans == s.fans and sv.exhaust == list(s.exhaust)
        assert [(x.key, x.cards, x.width) for x in sv.bench] == [(x.key, list(x.cards), x.width) for x in s.bench]
        assert sv.seats_used() == s.seats_used()
    shown = {i for s in m.sides for seat in s.bench for i in seat.cards} | set(m.attack) | (
        {m.flag_card} if m.flag_card is not None else set())
    for i in shown:
        assert v.types[i] is lib.catalogue.card(m.types[i].id)
    offered = set()
    if m.pending is not None and m.expect[0] == "choose":
        chooser_is_robot = c.is_robot(c.half_of(m.pending.player))
        assert v.pending is not None and v.pending.options == m.pending.options
        for option in m.pending.options:
            for x in option:
                if type(x) is int:
                    offered.add(x)
                    assert v.deck_depth(x) is None          # a deck's order is nobody's to see
        return chooser_is_robot
    assert v.pending is None
    # Nothing of a deck is named (the chooser's view names the cards of their options only).
    for s in m.sides:
        for i in s.deck:
            assert v.types[i] is None
    return False


def play(c, lib, queue, stop):
    checked = {"match": 0, "deck": 0, "choice": 0, "robot_choice": 0}
    for _ in range(6000):
        if stop():
            return checked
        if queue:
            queue.pop(0)()
            continue
        if c.result:
            c.ack_result()
            continue
        t = c.t
        assert [r for r in c.tournament_view.public_standings()] == t.public_standings(None)
        assert c.tournament_view.round == t.round and c.tournament_view.phase == t.phase
        if t.phase in ("deck", "final-deck"):
            for half in (0, 1):
                dv, dp = c.deck_phase_at(half), t.deck_phases.get(half)
                assert (dv is None) == (dp is None)
                if dv is not None:
                    assert dv.stage == dp.stage and [x.id for x in dv.deck] == [x.id for x in dp.deck]
                    assert [x.id for x in dv.drawn] == [x.id for x in dp.drawn] and dv.can_redraw() == dp.can_redraw()
                    assert dv.options == tuple(dp.options) and dv.picks_left == dp.picks_left
                    assert (dv.pending is None) == (dp.pending is None)
                    checked["deck"] += 1
            s = c.active_deck_side()
            dp = c.deck_phase_at(s)
            {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
             "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
            continue
        m = c.match
        robot_choice = check_match(c, lib)
        checked["match"] += 1
        k, side = m.expect
        if k == "toss":
            c.submit(None, "match.toss")
        elif k == "reveal":
            c.submit(c.half_of(side), "match.reveal")
        elif k == "choose":
            checked["robot_choice" if robot_choice else "choice"] += 1
            c.submit(c.half_of(m.pending.player), "match.choose", len(m.pending.options) - 1)
    raise AssertionError("the tournament did not end")


@pytest.mark.parametrize("players,seed", [(("Ann",), 4), (("Ann", "Bob"), 9)])
def test_the_views_say_what_the_engine_says(lib, tmp_path, players, seed):
    q = []
    table = LocalTable(Store(tmp_path / "k.db"), schedule=lambda fn, d: q.append(fn), bot_delay=0,
                       data_for=lambda game: lib)
    c = board_of(table)
    c.new_game(players, seed=seed)
    checked = play(c, lib, q, lambda: c.t.over)
    assert checked["match"] >= 30 and checked["deck"] >= 10 and checked["choice"] + checked["robot_choice"] >= 1, checked
    assert c.tournament_view.over and c.tournament_view.winner == c.t.winner and c.tournament_view.end_reason == c.t.end_reason


def test_the_robot_waits_while_a_match_end_is_shown_and_a_person_tosses(lib, tmp_path):
    q = []
    table = LocalTable(Store(tmp_path / "k.db"), schedule=lambda fn, d: q.append(fn), bot_delay=0,
                       data_for=lambda game: lib)
    c = board_of(table)
    c.new_game(("Ann",), seed=2)
    tosses_by_person = held = 0
    for _ in range(6000):
        if c.t.over:
            break
        if c.result is not None:
            held += 1
            assert not q and table.bot_action() is None, "the Robot waits while the end is shown"
            c.ack_result()
            continue
        if q:
            q.pop(0)()
            continue
        if c.t.phase in ("deck", "final-deck"):
            s = c.active_deck_side()
            dp = c.deck_phase_at(s)
            {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
             "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
            continue
        m = c.match
        k, side = m.expect
        if k == "toss":
            assert not q and table.bot_action() is None, "a person tosses, whoever's side it is"
            tosses_by_person += 1
            assert c.submit(None, "match.toss") is not None
        elif k == "reveal":
            c.submit(c.half_of(side), "match.reveal")
        elif k == "choose":
            c.submit(c.half_of(m.pending.player), "match.choose", 0)
    assert c.t.over and tosses_by_person >= 1 and held >= 3


def test_challengers_buttons_and_lights_follow_the_observation(lib, tmp_path):
    """KIOSK: primary = reveal, secondary = toss; a seat's LED blinks while it must reveal or
    choose in its match and is on while it holds the flag (from its observation alone)."""
    from kiosk.games.challengers import KIOSK
    from kiosk.games.descriptor import BLINK, OFF, ON
    q = []
    table = LocalTable(Store(tmp_path / "k.db"), schedule=lambda fn, d: q.append(fn), bot_delay=0,
                       data_for=lambda game: lib)
    c = board_of(table)
    c.new_game(("Ann", "Bob"), seed=3)
    seen = set()

    def look(*_):
        if c.t is None:
            return
        for seat in (0, 1):
            obs = table.observation(seat)
            legal = table.legal(seat)
            assert (KIOSK.buttons(obs, seat, legal).primary, KIOSK.buttons(obs, seat, legal).secondary) == ("reveal", "toss")
            m = c.match
            want = OFF
            if m is not None and m.winner is None and seat in m.players:
                side = m.players.index(seat)
                kind, who = m.expect
                if kind in ("reveal", "choose") and who == side:
                    want = BLINK
                elif m.holder == side:
                    want = ON
            assert KIOSK.lights(obs, seat, legal) == want
            seen.add(want)
    c.listeners.append(look)
    play(c, lib, q, lambda: c.t.round >= 3)
    assert seen == {OFF, ON, BLINK}
