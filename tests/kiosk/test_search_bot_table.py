"""Challengers! alone against the search bot at the local table: a two-player tournament whose
second seat is the search bot, deciding on a worker thread (kiosk.table.worker.Worker), its
decisions played back on the table's own thread; a person cannot draft for it."""

import queue
import threading

import pytest

import cards
from engine import registry
from engine.game import replay
from kiosk.games import registry as kiosk_games
from kiosk.games.challengers.board import Board, board_of
from kiosk.store import Store
from kiosk.table import LocalTable
from kiosk.table.worker import Worker
from engine_peek import install as peek_at_the_engine  # noqa: E402 - the tests' view of the engine

peek_at_the_engine()


@pytest.fixture(scope="module")
def lib():
    return registry.get("challengers").load(cards)


def play_for_the_person(c: Board) -> bool:
    """The person's next move (half 0), when the game waits for one: a round's result
    acknowledged, the first choice of each Deck Phase step (Done at the removal), the flag toss,
    a reveal, a match choice.  False when the game waits for the bot."""
    if c.result is not None:
        c.ack_result()
        return True
    if c.t.phase in ("deck", "final-deck"):
        s = c.active_deck_side()
        if s is None:
            return False
        dp = c.deck_phase_at(s)
        if dp.stage == "remove":
            c.submit(s, "deck.done")
        else:
            c.submit(s, "deck." + dp.stage, 0)
        return True
    m = c.match
    if m is None:
        return False
    kind, side = m.expect
    if kind == "toss":
        c.submit(None, "match.toss")
    elif kind == "reveal" and not c.is_robot(c.half_of(side)):
        c.submit(c.half_of(side), "match.reveal")
    elif kind == "choose" and not c.is_robot(c.half_of(m.pending.player)):
        c.submit(c.half_of(m.pending.player), "match.choose", 0)
    else:
        return False
    return True


@pytest.mark.slow   # a whole solo tournament against the search bot
def test_a_solo_tournament_against_the_search_bot_plays_through(lib, tmp_path):
    scheduled, posted = [], queue.Queue()
    threads = set()

    def decide_on(decide):
        def run():
            threads.add(threading.current_thread().name)
            return decide()
        return run

    worker = Worker(post=posted.put)
    table = LocalTable(Store(tmp_path / "k.db"), schedule=lambda fn, d: scheduled.append(fn), bot_delay=0,
                       data_for=lambda game: lib,
                       think=lambda decide, done: worker(decide_on(decide), done))
    c = board_of(table)
    assert kiosk_games.get("challengers").slow_bots == ("search",)
    c.new_game(("Ann",), seed=3, opponent=("Bot 1", "search"))
    assert [p.name for p in c.t.players] == ["Ann", "Bot 1"] and not any(p.robot for p in c.t.players)
    assert [s.policy for s in table.seats] == [None, "search"] and c.is_robot(1)
    refused = 0
    for _ in range(20000):
        if c.t.over:
            break
        if scheduled:
            scheduled.pop(0)()
            continue
        if play_for_the_person(c):
            continue
        bot_dp = c.t.deck_phases.get(1) if c.t.phase in ("deck", "final-deck") else None
        if bot_dp is not None and bot_dp.stage == "option" and refused < 3:
            before = len(table.actions)
            assert c.submit(1, "deck.option", 0) is None and len(table.actions) == before   # not the person's to play
            refused += 1
        posted.get(timeout=30)()                # the bot's move, decided on the worker
    assert c.t.over and c.t.end_reason in ("lead", "most-fans", "final"), c.t.end_reason
    assert threads == {"tablecup-bot"}          # every one of its decisions was made off this thread
    assert refused >= 1
    # Every action was stored before it was applied: the record replays to the same end.
    state, _ = replay(registry.get("challengers"), lib, table.setup, table.actions)
    assert state.tournament.winner == c.t.winner and len(table.store.table_actions(table.table_id)) == len(table.actions)
    bot_actions = [a for a in table.actions if a.player == 1]
    assert sum(a.kind.startswith("deck.") for a in bot_actions) >= 10


def test_a_decision_the_table_outran_is_asked_again(lib, tmp_path):
    """The bot's answer comes back after its choices changed: it is not played, and the bot is
    asked again from the table as it is."""
    jobs = []
    table = LocalTable(Store(tmp_path / "k.db"), schedule=lambda fn, d: fn(), bot_delay=0,
                       data_for=lambda game: lib, think=lambda decide, done: jobs.append((decide, done)))
    c = board_of(table)
    c.new_game(("Ann",), seed=3, opponent=("Bot 1", "search"))
    assert len(jobs) == 1                       # the bot's first draft decision, asked at once
    decide, done = jobs.pop()
    answer = decide()
    # Meanwhile the game is left and another starts: the old answer is not played there.
    c.new_game(("Ann",), seed=4, opponent=("Bot 1", "search"))
    n = len(table.actions)
    done(answer)
    assert len(table.actions) == n and len(jobs) >= 1


def test_a_game_against_the_search_bot_resumes_with_its_bot(lib, tmp_path):
    store = Store(tmp_path / "k.db")
    scheduled = []

    def table():
        t = LocalTable(store, schedule=lambda fn, d: scheduled.append(fn), bot_delay=0, data_for=lambda game: lib,
                       think=lambda decide, done: done(decide()))       # decided at once, in order
        return board_of(t)

    c = table()
    c.new_game(("Ann",), seed=5, opponent=("Bot 1", "search"))
    while scheduled:
        scheduled.pop(0)()
    c.submit(0, "deck.option", 0)
    c.submit(0, "deck.pick", 0)
    n = len(c.table.actions)
    assert any(a.player == 1 for a in c.table.actions)
    again = table()                                   # the kiosk restarted
    assert again.resume()
    assert [s.policy for s in again.table.seats] == [None, "search"] and len(again.table.actions) == n
    assert again.t.players[1].name == "Bot 1" and not again.t.players[1].robot
    while not again.t.over and len(again.table.actions) < n + 30:
        if scheduled:
            scheduled.pop(0)()
        elif not play_for_the_person(again):
            raise AssertionError("the bot holds up the game: nothing scheduled for it")
    assert sum(a.player == 1 for a in again.table.actions[n:]) >= 1          # the bot played on
