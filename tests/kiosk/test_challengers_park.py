"""A Challengers! park of a café tournament is a ParkTable (``kiosk/games/challengers/park.py``):
its match is played through ``ParkTable.act`` (stored, then applied), its end is held until a tap
with each half still showing its own player (a restart included), nothing reaches the table while
that end is held, and the result screen's "Home" leaves the tournament's screens.  No Kivy: the
park's controller and its table over a real kiosk.db, as the app has them."""

import pytest
from park_store import first_match_spec, park_store

import cards
from engine.challengers.library import load
from kiosk.games.challengers import KIOSK
from kiosk.games.challengers.park import ChallengersPark, ParkBoard, library_data
from kiosk.park import ParkController
from kiosk.store import Store
from kiosk.table.park import ParkTable


@pytest.fixture(scope="module")
def lib():
    return load(cards)


def play_to_the_end(board, park):
    """Every move of the match as a person presses it on its half, until it is won."""
    for _ in range(500):
        g = park.running()
        if g is None:
            return
        seat = min(g.to_act())
        action = park.legal(seat)[0]
        half = None if action.kind == "match.toss" else board.half_of(g.players.index(seat))
        assert board.submit(half, action.kind, *action.args) is not None, park.ignored[-1:]
    raise AssertionError("the match did not end")


def test_the_park_is_its_games_table_read_through_its_view_model(lib, tmp_path):
    store, _ = park_store(tmp_path / "kiosk.db", first_match_spec(lib, ("Ann", "Bob")))
    pc = ParkController(store, data_for=library_data(lib))
    assert isinstance(pc.table, ChallengersPark) and isinstance(pc.table, ParkTable)
    assert isinstance(pc.board, ParkBoard) and KIOSK.view(pc.table) is pc.board
    assert pc.table.game.name == "challengers" and pc.board.screen() == "match" and pc.table.playing


def test_the_end_is_held_with_each_half_its_own_player_and_nothing_reaches_the_table(lib, tmp_path):
    spec = first_match_spec(lib, ("Ann", "Bob"))
    store, _ = park_store(tmp_path / "kiosk.db", spec)
    pc = ParkController(store, data_for=library_data(lib))
    park, board = pc.table, pc.board
    players = tuple(park.current().players)
    play_to_the_end(board, park)
    g = park.current()
    assert g.winner is not None and park.held and board.screen() == "match"
    assert board.result["held"] and board.result["winner"] == g.winner
    assert (board.player_at(0), board.player_at(1)) == players          # light at the bottom, dark on top
    stored, outbox = store.park_actions(park.match_id), store.outbox_rows()
    # Every press at the held end does nothing: a reveal, a toss, a Deck Phase's digit.
    for half in (0, 1):
        assert board.submit(half, "match.reveal") is None
        assert board.submit(half, "deck.pick", 0) is None
    assert board.submit(None, "match.toss") is None
    assert store.park_actions(park.match_id) == stored and store.outbox_rows() == outbox
    lights = board.lights()
    assert lights[players.index(g.winner)] == "celebrate"
    # A restart (kill -9) holds the same end, each half still its own player's.
    again = ParkController(store, data_for=library_data(lib))
    assert again.table.held and again.board.screen() == "match"
    assert (again.board.player_at(0), again.board.player_at(1)) == players
    # The tap: on to the result, then "Next round" acknowledges it; a restart holds nothing then.
    again.board.result["end_seen"] = True
    assert again.board.screen() == "result"
    again.board.ack_result()
    assert not again.table.held and again.board.result is None
    assert not ParkController(store, data_for=library_data(lib)).table.held


def test_a_match_action_with_no_match_running_is_not_stored(lib, tmp_path):
    store = Store(tmp_path / "kiosk.db")
    store.put("park_tournament", 1)
    store.put("park_number", 1)
    pc = ParkController(store, data_for=library_data(lib))
    assert pc.table.running() is None and pc.board.screen() == "park" and not pc.table.playing
    assert pc.board.submit(0, "match.reveal") is None and store.outbox_rows() == []


def test_home_at_the_end_leaves_the_tournaments_screens(lib, tmp_path):
    store, _ = park_store(tmp_path / "kiosk.db", first_match_spec(lib, ("Ann", "Bob")))
    pc = ParkController(store, data_for=library_data(lib))
    heard = []
    pc.listeners.append(lambda c, events: heard.append(events))
    pc.board.close_game()                    # the result screen's "Home" once the tournament is over
    assert ["leave"] in heard and pc.store.get("park_mode") is False
