"""kiosk.table.LocalTable: stored before applied, illegal refused and not stored, resume by
replay, bots through the same path on the injected clock (no Kivy, a real SQLite store)."""

import json

import pytest
from registered import table_games

from engine import registry
from engine.game import Action
from kiosk.store import StorageError, Store
from kiosk.table import LocalTable, Seat, solo, two_at_the_table


class Clock:
    """schedule(fn, delay) recorded; run() calls what is due, in order."""

    def __init__(self):
        self.due = []

    def __call__(self, fn, delay):
        self.due.append((fn, delay))

    def run(self):
        due, self.due = self.due, []
        for fn, _ in due:
            fn()
        return len(due)


def first_legal(table, seat):
    return table.legal(seat)[0]


def test_an_action_is_on_disk_before_the_state_changes(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=7)
    seen = []
    real = store.add_table_action

    def spy(table_id, seq, action_json):
        seen.append((json.loads(action_json), table.state.observation(None)["turn"], len(table.actions)))
        real(table_id, seq, action_json)
        # The write is on disk now, and the engine has not applied the action yet.
        assert json.loads(store.table_actions(table_id)[seq]) == seen[-1][0]
        assert table.state.observation(None) == before

    store.add_table_action = spy
    seat = min(table.to_act())
    before = table.state.observation(None)
    action = first_legal(table, seat)
    events = table.act(action)
    assert events, "the action was applied"
    assert seen == [(action.to_json(), before["turn"], 0)]
    assert table.actions == [action]


def test_a_failed_write_plays_nothing(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=7)
    before = table.dump()

    def full(*_):
        raise StorageError("disk full")

    store.add_table_action = full
    seat = min(table.to_act())
    assert table.act(first_legal(table, seat)) is None
    assert table.storage_error == "disk full"
    assert table.dump() == before


def test_an_illegal_action_is_refused_reported_and_not_stored(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    heard = []
    table.listeners.append(lambda t, events: heard.append(events))
    table.new_game("between", two_at_the_table(), seed=7)
    heard.clear()
    before = table.dump()
    waiting = 1 - min(table.to_act())
    hand = table.observation(waiting)["hand"]
    bad = [Action(waiting, "play", (hand[0], "a")),          # not their turn
           Action(min(table.to_act()), "play", ("pirate-99", "a")),   # no such card in the hand
           Action(min(table.to_act()), "give", ("a",))]      # nothing to give
    for a in bad:
        assert table.act(a) is None
    assert table.submit(waiting, "NOT A WORD") is None        # not even an action
    assert [why for _, why in table.ignored[-4:]][:3] == ["not a legal action now"] * 3
    assert table.dump() == before
    assert store.table_actions(table.table_id) == []
    assert heard == []                                       # nobody was told of a change


def test_resume_replays_the_stored_actions(tmp_path):
    clock = Clock()
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store, schedule=clock)
    table.new_game("between", solo(1, "sensible"), names=("Ann", "Bot"), seed=11)
    while len(table.actions) < 8:          # the person plays their last legal move, the bot answers
        for seat in sorted(table.to_act()):
            if not table.is_bot(seat):
                table.act(table.legal(seat)[-1])
        clock.run()
    assert not table.over
    before = table.dump()
    store.close()

    store2 = Store(tmp_path / "kiosk.db")
    again = LocalTable(store2, schedule=Clock())
    assert again.unfinished() == (table.table_id, "between")
    assert again.resume() is True
    assert again.dump() == before
    assert again.seats == (Seat.person(0), Seat.bot("sensible", 1))
    # A bot's decision depends on the set-up and the actions only: both tables go on alike.
    assert again.bot_action() == table.bot_action()


def test_bots_act_through_the_table_on_the_injected_clock(tmp_path):
    clock = Clock()
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store, schedule=clock, bot_delay=0.25)
    table.new_game("between", (Seat.bot("random", 0), Seat.bot("sensible", 1)), seed=3)
    assert [d for _, d in clock.due] == [0.25]          # one step scheduled, nothing played yet
    assert table.actions == []
    steps = 0
    while not table.over and steps < 2000:
        assert len(clock.due) == 1                      # never two bot steps pending
        clock.run()
        steps += 1
    assert table.over and clock.due == []
    assert len(table.actions) == steps
    stored = [Action.from_json(json.loads(a)) for a in store.table_actions(table.table_id)]
    assert stored == table.actions
    row = store.db.conn.execute("select finished, outcome_json from table_games where id = ?",
                                (table.table_id,)).fetchone()
    assert row[0] is not None and json.loads(row[1]) == table.outcome.to_json()


def test_a_person_cannot_play_a_bots_seat(tmp_path):
    table = LocalTable(Store(tmp_path / "kiosk.db"), schedule=Clock())
    table.new_game("between", solo(1, "random"), seed=5, options={"first": 1})
    assert table.to_act() == {1}
    a = first_legal(table, 1)
    assert table.submit(1, a.kind, *a.args) is None
    assert table.ignored[-1][1] == "a bot plays this seat"


def test_looking_shows_only_the_lookers_seats(tmp_path):
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    table.new_game("between", two_at_the_table(), seed=5)
    assert table.shown_seats() == frozenset()
    table.look(1, True)
    assert table.shown_seats() == {1} and not table.may_show(0)
    table.look(0, True)
    table.look(1, False)
    assert table.shown_seats() == {0}
    bots = LocalTable(Store(tmp_path / "k2.db"))
    bots.new_game("between", solo(1, "random"), seed=5)
    bots.look(1, True)                     # nobody owns the bot's cards on the table
    assert bots.shown_seats() == frozenset()


def test_a_choice_is_locked_on_release_when_the_game_says_so(tmp_path):
    table = LocalTable(Store(tmp_path / "kiosk.db"), lock_on_release=lambda name: True)
    table.new_game("between", two_at_the_table(), seed=5)
    seat = min(table.to_act())
    half = table.half_of(seat)
    table.look(half, True)
    a = first_legal(table, seat)
    table.select(seat, a)
    assert table.actions == []            # chosen, not played while looking
    table.look(half, False)
    assert table.actions == [a]


def test_a_game_that_cannot_be_replayed_is_closed_not_resumed(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=5)
    store.add_table_action(table.table_id, 0, json.dumps({"player": 0, "kind": "jump", "args": []}))
    fresh = LocalTable(store)
    assert fresh.resume() is False
    assert fresh.resume_error[0] == table.table_id and "jump" in fresh.resume_error[1]
    assert fresh.unfinished() is None


def test_seats_are_checked():
    with pytest.raises(ValueError):
        Seat("robot")
    with pytest.raises(ValueError):
        Seat.person(2)
    with pytest.raises(ValueError):
        Seat("bot", 1)


def test_a_new_game_closes_the_unfinished_one_as_abandoned(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=1)
    first = table.table_id
    table.act(first_legal(table, min(table.to_act())))
    table.leave()                                   # home: still resumable
    assert LocalTable(store).unfinished() == (first, "between")
    table.new_game("between", two_at_the_table(), seed=2)
    rows = store.db.conn.execute("select id, finished is not null, outcome_json, note from table_games "
                                 "order by id").fetchall()
    assert rows == [(first, 1, None, "abandoned"), (table.table_id, 0, None, None)]
    assert len(store.table_actions(first)) == 1     # its record is kept


def test_a_new_game_of_another_game_leaves_the_saved_one_resumable(tmp_path):
    """One saved game of each game: a Wacky Challenge game started over a saved Between Battle
    game closes nothing; each resumes, by its id."""
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), seed=1)
    between = table.table_id
    table.act(first_legal(table, min(table.to_act())))
    table.leave()
    table.new_game("wacky", two_at_the_table(), seed=2)
    wacky = table.table_id
    table.leave()
    assert [(r[0], r[1], r[4]) for r in store.unfinished_table_games()] == [(wacky, "wacky", 0), (between, "between", 1)]
    again = LocalTable(store)
    assert again.unfinished() == (wacky, "wacky") and again.unfinished("between") == (between, "between")
    assert again.resume(between) and again.table_id == between and len(again.actions) == 1
    again.leave()
    assert again.resume(wacky) and again.game.name == "wacky"
    again.leave()
    table.new_game("between", two_at_the_table(), seed=3)          # a new Between Battle game ends the old one only
    rows = dict(store.db.conn.execute("select id, note from table_games where finished is not null"))
    assert rows == {between: "abandoned"}
    assert {r[1] for r in store.unfinished_table_games()} == {"between", "wacky"}


@pytest.mark.parametrize("name", table_games())   # Challengers! seats its Robot itself: its own tests
def test_every_new_game_plays_to_its_end_at_the_table_with_bots(tmp_path, name):
    """The table is game-neutral: simultaneous moves (Wacky Challenge), more seats than halves."""
    from engine import registry
    game = registry.get(name)
    clock = Clock()
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store, schedule=clock)
    n = game.min_players
    table.new_game(name, (Seat.bot("random", 0),) + tuple(Seat.bot("random", 1 if i == 0 else None)
                                                          for i in range(n - 1)), seed=4)
    steps = 0
    while not table.over:
        assert clock.run() == 1
        steps += 1
        assert steps < 5000
    assert len(store.table_actions(table.table_id)) == len(table.actions) == steps
    again = LocalTable(Store(tmp_path / "kiosk.db"))
    assert again.unfinished() is None                     # finished: nothing to resume


@pytest.mark.parametrize("game", sorted({"challengers", *table_games()} & {g.name for g in registry.games() if "search" in g.policies}))
def test_every_search_bot_at_the_table_is_given_the_clock(tmp_path, game):
    """Not only engine.search's bot: Challengers!' search bot (the Deck Phase hint) takes a
    clock too, and the table hands it one."""
    table = LocalTable(Store(tmp_path / "kiosk.db"), schedule=Clock())
    table.new_game(game, (Seat.person(0), Seat.bot("search", 1)), seed=4)
    for _ in range(500):                  # the person plays on (never taking a move back) until the bot is asked
        seat = min(table.to_act())
        if table.is_bot(seat):
            break
        table.act(next(a for a in table.legal(seat) if a.kind != "deck.undo"))
    question = table._bot_question()
    assert question is not None
    assert question[1].clock is not None, type(question[1])


def test_a_search_bot_at_the_table_keeps_to_its_levels_time(tmp_path):
    """The hard level of Cosplay Team Battle is the search bot: 1,500 play-outs or 1 s,
    whichever comes first.  At the table it decides within about its second (it took 3-16 s
    when the kiosk gave it no clock)."""
    import time

    from engine.search import LEVELS, SearchPolicy
    table = LocalTable(Store(tmp_path / "kiosk.db"), schedule=Clock())
    table.new_game("cosplay", (Seat.person(0), Seat.bot("search", 1)), seed=4)
    while not table.is_bot(next(iter(sorted(table.to_act())))):
        seat = next(iter(sorted(table.to_act())))
        table.act(table.legal(seat)[0])
    seat, policy, observation, legal = table._bot_question()
    assert isinstance(policy, SearchPolicy) and policy.clock is not None
    started = time.perf_counter()
    assert policy.act(observation, legal) in legal
    assert time.perf_counter() - started < LEVELS["hard"].seconds + 1.0
