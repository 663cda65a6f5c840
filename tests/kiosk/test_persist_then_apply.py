"""Persist-then-apply in both controllers, without Kivy: a failed write changes nothing.

The store's connection raises sqlite3.OperationalError("database or disk is full") at the write
(the app test, test_storage_faults.py, fills a real file system instead).
"""

import json
import sqlite3

import pytest
from kiosk_helpers import saved_actions
from park_store import first_match_spec, park_store

import cards
from engine.challengers.game import match_actions
from engine.challengers.library import load
from kiosk.games.challengers.board import board_of, state_dump
from kiosk.games.challengers.park import library_data
from kiosk.park import ParkController
from kiosk.store import Store
from kiosk.table import LocalTable


class Failing:
    """A connection whose writes (insert, update, delete) fail while ``on``."""

    def __init__(self, conn):
        self.conn, self.on = conn, False

    def execute(self, sql, *a):
        if self.on and sql.split()[0].lower() in ("insert", "update", "delete"):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *a)

    def __getattr__(self, name):
        return getattr(self.conn, name)


@pytest.fixture(scope="module")
def lib():
    return load(cards)


def finish_deck_phases(c):
    while c.match is None:
        s = c.active_deck_side()
        dp = c.deck_phase_at(s)
        {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
         "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()


def test_the_local_table_a_failed_write_is_not_played(lib, tmp_path):
    store = Store(tmp_path / "k.db")
    c = board_of(LocalTable(store, data_for=lambda game: lib))
    c.new_game(("Light", "Dark"), seed=5)
    finish_deck_phases(c)
    c.submit(None, "match.toss")
    fail = store.db.conn = Failing(store.db.conn)
    before, seen = state_dump(c.t), []
    c.listeners.append(lambda ctl, ev: seen.append(ev))
    fail.on = True
    half = c.half_of(c.match.expect[1])
    assert c.submit(half, "match.reveal") is None
    assert "full" in c.storage_error and state_dump(c.t) == before and seen == [[]]
    assert len(saved_actions(store, c.game_id)) == len(c.t.actions)
    games = store.db.conn.execute("select count(*) from table_games").fetchone()
    assert c.new_game(("Light", "Dark")) is None and state_dump(c.t) == before      # no new game either
    assert store.db.conn.execute("select count(*) from table_games").fetchone() == games
    assert c.unfinished()[0] == c.game_id                                            # nor the old one closed
    fail.on = False
    assert c.submit(half, "match.reveal") and c.storage_error is None
    assert saved_actions(store, c.game_id) == c.table.actions and len(c.t.actions) == len(c.table.actions)


def test_park_controller_a_failed_write_is_not_played_nor_sent(lib, tmp_path):
    store, _ = park_store(tmp_path / "k.db", first_match_spec(lib))
    pc = ParkController(store, data_for=library_data(lib))
    park, board = pc.table, pc.board
    assert park.current() is not None and board.submit(None, "match.toss")
    fail = store.db.conn = Failing(store.db.conn)
    m_before, n_before, outbox = park.current().match.snapshot(), len(park.actions), store.outbox_rows()
    fail.on = True
    half = board.half_of(park.current().match.expect[1])
    assert board.submit(half, "match.reveal") is None
    assert "full" in park.storage_error
    assert park.current().match.snapshot() == m_before and len(park.actions) == n_before and store.outbox_rows() == outbox
    fail.on = False
    assert board.submit(half, "match.reveal") and park.storage_error is None
    assert len(store.park_actions(park.match_id)) == len(park.actions) == n_before + 1


def test_park_controller_stores_a_match_action_before_it_applies_it(lib, tmp_path):
    """The park's table writes a match action (its local log and the outbox) while the match is
    still as it was before it: stored first, then applied, as the local table does."""
    store, _ = park_store(tmp_path / "k.db", first_match_spec(lib))
    pc = ParkController(store, data_for=library_data(lib))
    park, board = pc.table, pc.board
    seen = []
    write = store.park_play

    def watched(*a, **kw):
        seen.append((park.current().match.snapshot(), len(park.actions)))      # what the match is while the write happens
        return write(*a, **kw)
    store.park_play = watched
    for _ in range(4):
        before = (park.current().match.snapshot(), len(park.actions))
        m = park.current().match
        seat = next(p for p in m.players if match_actions(m, p))
        action = match_actions(m, seat)[0]
        assert board.submit(board.half_of(m.players.index(seat)), action.kind, *action.args)
        assert seen[-1] == before and len(park.actions) == before[1] + 1
        stored = store.park_actions(park.match_id)[-1]
        assert stored == action.to_json()                   # the contract's JSON, as the coordinator gets it
        assert json.loads(store.outbox_rows()[-1]["body"])["action"] == action.to_json()


def test_a_park_match_that_cannot_be_replayed_does_not_stop_the_kiosk(lib, tmp_path):
    """A restart in tournament mode replays the saved park match; if that fails the kiosk starts
    anyway (the coordinator's record of the match is used when it answers), the saved rows kept."""
    store, mid = park_store(tmp_path / "k.db", first_match_spec(lib), [("match", 1, "reveal", 0)])   # before the toss
    pc = ParkController(store, data_for=library_data(lib))
    park, board = pc.table, pc.board
    assert park.state is None and "could not be replayed" in pc.say("en")
    assert store.park_actions(mid) == [["match", 1, "reveal", 0]]
