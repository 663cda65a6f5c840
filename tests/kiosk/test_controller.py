"""Challengers! at the local table, without Kivy: wrong-time presses, persistence first, resume.

The inputs by halves (the view model kiosk.games.challengers.board.Board) over the game-neutral
LocalTable: every action is a contract action stored in table_actions before it is applied."""

import json

import pytest

import cards
from engine.challengers.library import load
from engine.game import Action
from kiosk.games.challengers.board import board_of, state_dump
from kiosk.store import Store
from kiosk.table import LocalTable
from engine_peek import install as peek_at_the_engine  # noqa: E402 - the tests' view of the engine

peek_at_the_engine()


@pytest.fixture(scope="module")
def lib():
    return load(cards)


def make(lib, path, queue):
    table = LocalTable(Store(path / "k.db"), schedule=lambda fn, d: queue.append(fn), bot_delay=0,
                       data_for=lambda game: lib)
    return board_of(table)


def stored(c):
    """The actions kiosk.db holds for the game on the table, decoded by the contract's codec."""
    return [Action.from_json(json.loads(a)) for a in c.store.table_actions(c.game_id)]


def play_until(c, queue, stop, limit=5000):
    """The human: first option, first card, done; reveals when asked; first option of a choice."""
    while not stop() and limit:
        limit -= 1
        if queue:
            queue.pop(0)()
            continue
        if c.result:
            c.ack_result()
            continue
        if c.t.phase in ("deck", "final-deck"):
            s = c.active_deck_side()
            dp = c.deck_phase_at(s)
            {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
             "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
        else:
            m = c.match
            k, side = m.expect
            if k == "toss":
                c.submit(None, "match.toss")
            elif k == "reveal":
                c.submit(c.half_of(side), "match.reveal")
            elif k == "choose":
                c.submit(c.half_of(m.pending.player), "match.choose", 0)
    assert limit


def test_reveal_at_the_wrong_time_does_nothing(lib, tmp_path):
    q = []
    c = make(lib, tmp_path, q)
    c.new_game(("Ann",), seed=3)
    n = len(c.t.actions)
    assert c.submit(0, "match.reveal") is None and c.submit(1, "match.reveal") is None       # Deck Phase: no match
    assert c.submit(None, "match.toss") is None
    play_until(c, q, lambda: c.match is not None)
    m = c.match
    assert m.expect[0] == "toss"
    assert c.submit(0, "match.reveal") is None and c.submit(1, "match.reveal") is None
    c.submit(None, "match.toss")
    kind, side = m.expect
    assert kind == "reveal"
    before = state_dump(c.t)
    assert c.submit(1 - side, "match.reveal") is None                              # not that side's turn
    assert state_dump(c.t) == before
    assert len(stored(c)) == len(c.t.actions)
    assert c.ignored and len(c.t.actions) > n


def test_robot_acts_through_the_scheduler_only(lib, tmp_path):
    q = []
    c = make(lib, tmp_path, q)
    c.new_game(("Ann",), seed=8)
    play_until(c, q, lambda: c.match is not None and c.match.expect[0] != "toss")
    m = c.match
    robot_side = 1 if c.is_robot(1) else 0
    play_until(c, q, lambda: m.expect == ("reveal", robot_side) or m.winner is not None)
    if m.winner is None:
        assert q, "the Robot's move is scheduled, not made inline"
        assert c.submit(robot_side, "match.reveal") is None                        # the Robot reveals for itself
        q.pop(0)()
        assert c.t.actions[-1][2:] == ("reveal", robot_side)


def test_every_action_is_stored_before_listeners_see_it(lib, tmp_path):
    q = []
    c = make(lib, tmp_path, q)
    seen = []

    def listener(table, events):
        if c.t is not None:
            seen.append(stored(c) == table.actions and len(table.actions) == len(c.t.actions))

    c.listeners.append(listener)
    c.new_game(("Ann",), seed=11)
    play_until(c, q, lambda: c.t.over)
    assert len(seen) > 50 and all(seen)
    assert c.store.unfinished_table_game() is None and c.unfinished() is None
    assert json.loads(c.store.table_history()[0][3])["winners"] == [c.t.winner]


def test_resume_replays_to_the_same_state(lib, tmp_path):
    q = []
    c = make(lib, tmp_path, q)
    c.new_game(("Ann", "Bob"), seed=21)
    play_until(c, q, lambda: c.t.round == 2 and c.match is not None and len(c.match.sides[0].bench) >= 1)
    before = state_dump(c.t)
    c.store.close()
    q2 = []
    c2 = make(lib, tmp_path, q2)
    assert c2.resume()
    assert state_dump(c2.t) == before
    play_until(c2, q2, lambda: c2.t.over)
    assert c2.t.winner in (0, 1)


def test_lights_follow_the_state(lib, tmp_path):
    """Each half's LED from Challengers!' KIOSK.lights over its seat: the side that must act
    blinks, the flag holder's is on, the winner's celebrates while the match's end is held on
    screen (the engine has already moved on to the next Deck Phase) and both are off after."""
    from engine_peek import shown_match

    from kiosk.games.challengers.board import end_held
    q = []
    c = make(lib, tmp_path, q)
    seen = []

    def expected():
        m = shown_match(c)
        out = []
        for half in (0, 1):
            if m is None or half not in m.players:
                out.append("off")
                continue
            side = m.players.index(half)
            kind, who = m.expect
            if m.winner is not None:
                out.append("celebrate" if m.winner == side else "off")
            elif kind in ("reveal", "choose") and who == side:
                out.append("blink")
            else:
                out.append("on" if m.holder == side else "off")
        return tuple(out)

    def check(table, ev):
        assert table.lights() == c.lights() == expected()
        seen.append((c.lights(), end_held(c)))
    c.listeners.append(check)
    c.new_game(("Ann", "Bob"), seed=5)
    play_until(c, q, lambda: c.result is not None)
    assert c.t.matches == {} and end_held(c)                       # the engine is in round 2's Deck Phase
    assert sorted(c.lights()) == ["celebrate", "off"]
    assert c.lights()[c.result["winner"]] == "celebrate"
    states = {s for pair, _ in seen for s in pair}
    assert states == {"off", "on", "blink", "celebrate"}
    c.ack_result()
    assert c.lights() == ("off", "off")