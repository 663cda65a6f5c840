"""Seating and names of a game started from home, the router and the notices: no Kivy."""

from types import SimpleNamespace

from engine import registry as engine_games
from kiosk.games import registry as kiosk_games
from kiosk.launch import challengers_names, seat_game, seat_names
from kiosk.notices import Notices
from kiosk.router import Route, route
from kiosk.session import Session


def words(key, **fmt):
    return key + "".join(f":{v}" for v in fmt.values())


def test_solo_seats_one_person_facing_the_first_bot_and_names_them():
    kg = kiosk_games.get("wacky")
    seats = seat_game(kg, engine_games.get("wacky").max_players, "solo", level=0, bots=3)
    assert [(s.kind, s.half) for s in seats] == [("person", 0), ("bot", 1), ("bot", None), ("bot", None)]
    assert {s.policy for s in seats if s.is_bot} == {kg.policy(0)}
    assert seat_names(seats, "solo", words, people=lambda d: ("Ana",)) == ("Ana", "bot_n:1", "bot_n:2", "bot_n:3")


def test_two_people_and_phones_fill_what_the_game_leaves_and_a_lone_bot_is_the_robot():
    kg = kiosk_games.get("wacky")
    most = engine_games.get("wacky").max_players
    seats = seat_game(kg, most, "two", phones=most - 2)
    assert [s.kind for s in seats] == ["person", "person"] + ["phone"] * (most - 2)
    assert seat_names(seats, "two", words)[2:4] == ("phone_player:1", "phone_player:2")
    solo = seat_game(kg, most, "solo", bots=1, phones=1)
    assert [(s.kind, s.half) for s in solo] == [("person", 0), ("phone", None), ("bot", 1)]
    assert seat_names(solo, "solo", words) == ("player_name", "phone_player:1", "robot")
    assert challengers_names("two", words, people=lambda d: ("Ana", d[1])) == ("Ana", "dark")


def test_the_router_asks_the_game_and_keeps_the_operator():
    table = SimpleNamespace(state=None, game=None, storage_error=None)
    session = Session(table)
    assert route(session, "home") == Route("home") and route(session, "operator") == Route("operator")
    table.state, table.game = object(), SimpleNamespace(name="between")
    table.observation = lambda seat: {}
    assert session.table_active() and route(session, "match") == Route("between.play", "between", "play")
    park_table = SimpleNamespace(playing=False, game=SimpleNamespace(name="challengers"),
                                 board=SimpleNamespace(screen=lambda: "match"))
    park = SimpleNamespace(t=None, paired=False, screen=lambda: "park", storage_error="disk full", table=park_table)
    session.enter_park(park)
    assert not session.table_active() and route(session, "between.play") == Route("join")
    assert session.storage_error() == "disk full"
    park.paired = True
    assert route(session, "join") == Route("park")
    park_table.playing = True          # the park's table on the game's screens: its view model says which
    assert route(session, "park") == Route("match", "challengers", "match")
    session.leave_park()
    assert session.table_active() and session.storage_error() is None


def test_challengers_at_the_table_is_routed_by_its_view_model(tmp_path):
    """Challengers! at the local table goes the way of every game: its descriptor's view model
    names the screen, holding a finished match's end on "match" until a tap, then "result"."""
    import cards
    from engine.challengers.library import load
    from kiosk.games.challengers.board import board_of, new_game
    from kiosk.store import open_store
    from kiosk.table import LocalTable

    lib = load(cards)
    store, _ = open_store(tmp_path / "kiosk.db")
    table = LocalTable(store, data_for=lambda game: lib)
    session = Session(table)
    new_game(table, ("Ann", "Bob"), seed=5)
    assert route(session, "home") == Route("deck", "challengers", "deck")
    board = board_of(table)
    for _ in range(500):
        if board.result is not None:
            break
        for half in (0, 1):
            dp = board.deck_phase_at(half)
            if dp is not None and dp.stage != "done":
                act = {"option": "deck.option", "pick": "deck.pick", "choose": "deck.choose"}.get(dp.stage)
                board.submit(half, act, 0) if act is not None else board.submit(half, "deck.done")
        m = board.match_view()
        if m is not None and board.result is None:
            kind, side = m.expect
            board.submit(None if kind == "toss" else board.half_of(side), "match." + kind,
                         *((0,) if kind == "choose" else ()))
    assert board.result is not None and board.bots_wait()
    assert route(session, "deck") == Route("match", "challengers", "match")      # the end held on screen
    board.result["end_seen"] = True
    assert route(session, "match") == Route("result", "challengers", "result")
    board.ack_result()
    assert route(session, "result") == Route("deck", "challengers", "deck") and not board.bots_wait()


def test_notices_say_a_storage_fault_anywhere_and_the_rest_on_home():
    n = Notices()
    n.add("db_set_aside", {"name": "kiosk.db.1"})
    n.add("phones_port_taken", {})
    tr = words.__call__

    def text(**kw):
        return n.text("en", lambda key, lang, **fmt: tr(key, **fmt), **kw)
    assert text(on_home=True, storage_error=None, resume_error=None) == "db_set_aside:kiosk.db.1 phones_port_taken"
    assert text(on_home=False, storage_error=None, resume_error=None) == ""
    assert text(on_home=False, storage_error="full", resume_error=None) == "storage_full"
    assert text(on_home=True, storage_error=None, resume_error=(3, "x" * 100)) == "resume_failed:3:" + "x" * 80
    n.clear()
    assert text(on_home=True, storage_error=None, resume_error=None) == ""
