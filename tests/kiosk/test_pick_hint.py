"""The Deck Phase pick hint's worker (kiosk.games.challengers.pick_hint), without Kivy: answers
come back through ``post``, a stale one is dropped, and the answer is the search bot's decision
from the seat's observation."""

import queue
import time
from pathlib import Path

import pytest

import cards
from engine import registry
from engine.challengers.hint import HintSearchPolicy
from engine.game import GameSetup
from kiosk.games.challengers.pick_hint import PickHints, question_key


@pytest.fixture(scope="module")
def lib():
    return registry.get("challengers").load(cards)


def _pick_state(lib, seed=5):
    """A solo tournament at its first pick (round 1: one draft option, then five cards drawn)."""
    game = registry.get("challengers")
    st = game.new(lib, GameSetup("challengers", ("P",), seed, {"box": "base", "robot_level": 1, "solo_cards": False}))
    st.apply(st.legal_actions(0)[0])
    assert st.observation(0)["deck_phases"][0]["stage"] == "pick"
    return st


def _hints(lib, **kw):
    posted = queue.Queue()
    answered = []
    hints = PickHints(lib, post=posted.put, on_answer=answered.append, **kw)
    return hints, posted, answered


def _deliver(posted, n=1, timeout=20.0):
    """Run ``n`` posted callbacks (as the UI thread would)."""
    for _ in range(n):
        posted.get(timeout=timeout)()


def test_the_answer_is_the_search_bots_choice_from_the_seats_observation(lib):
    st = _pick_state(lib)
    obs, legal = st.observation(0), st.legal_actions(0)
    key = question_key(1, obs)
    hints, posted, answered = _hints(lib, seconds=60.0)       # no time cap: the search is exact
    hints.ask(0, key, obs, legal, seed=11)
    assert hints.thinking(0, key) and hints.answer(0, key) is None
    _deliver(posted)
    a = hints.answer(0, key)
    assert answered == [0] and a is not None and not hints.thinking(0, key)
    bot = HintSearchPolicy(lib, 0, 11)
    chosen = bot.act(obs, legal)
    assert a.records == bot.hints[-1].records and a.action == bot.hints[-1].action
    assert chosen.kind == "deck." + a.action[0]
    assert 0 < a.seconds < 60 and a.started > 0


def test_a_newer_question_for_the_same_half_drops_the_older_answer(lib):
    st = _pick_state(lib)
    obs, legal = st.observation(0), st.legal_actions(0)
    old_key = question_key(1, obs)
    new_key = question_key(2, obs)          # another game at the table: another question
    hints, posted, answered = _hints(lib)
    hints.ask(0, old_key, obs, legal, seed=1)
    hints.ask(0, new_key, obs, legal, seed=2)
    # The worker may have started on the first: it stops at its next look at the clock, and
    # whatever it posts for it is dropped on the UI thread.
    deadline = time.monotonic() + 20
    while hints.answer(0, new_key) is None:
        assert time.monotonic() < deadline, "no answer to the newer question"
        _deliver(posted)
    assert hints.answer(0, old_key) is None and answered == [0]


def test_a_forgotten_question_is_never_shown(lib):
    st = _pick_state(lib)
    obs, legal = st.observation(0), st.legal_actions(0)
    key = question_key(1, obs)
    hints, posted, answered = _hints(lib)
    hints.ask(0, key, obs, legal, seed=1)
    hints.forget(0)                        # the player chose meanwhile, or turned the hint off
    # Cancelled: the worker thread drops it (at its next look at the clock) and posts nothing.
    deadline = time.monotonic() + 20
    while hints.running() is not None:
        assert time.monotonic() < deadline, "the forgotten question is still thought about"
        time.sleep(0.01)
    assert posted.empty()
    assert hints.answer(0, key) is None and answered == []


def test_no_question_outside_a_deck_phase_decision(lib):
    game = registry.get("challengers")
    st = game.new(lib, GameSetup("challengers", ("P",), 5, {"box": "base", "robot_level": 1, "solo_cards": False}))
    assert question_key(1, st.observation(None)) is None           # a spectator has no decision
    assert question_key(1, st.observation(1)) is None              # the Robot drafts no deck
    assert question_key(1, st.observation(0))[3:5] == ("deck", "option")


def test_what_a_seat_saw_is_kept_per_game(lib):
    hints, _posted, _answered = _hints(lib)
    seen = {"you": 0, "round": 1, "matches": [{"side": 0, "players": [0, 1], "park": 1,
                                                "cards": ["dog", "pony"], "owner": [0, 1]}]}
    hints.watch(7, 0, seen)
    assert hints.memories[0].cards_of(1) == {"pony": 1}
    hints.watch(8, 0, {"you": 0, "round": 1, "matches": []})      # a new game forgets it
    assert hints.memories == {}


def _gone(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


@pytest.mark.slow       # worker processes spawned
def test_on_worker_processes_the_answer_is_the_search_bots_and_stop_ends_them(lib):
    st = _pick_state(lib)
    obs, legal = st.observation(0), st.legal_actions(0)
    key = question_key(1, obs)
    hints, posted, answered = _hints(lib, workers=2, pool_seconds=60.0, pool_matches=400)
    hints.pool.start()                     # as the worker thread does at the first question
    hints.ask(0, key, obs, legal, seed=11)
    _deliver(posted)
    a = hints.answer(0, key)
    assert answered == [0] and a.workers == 2
    bot = HintSearchPolicy(lib, 0, 11, matches=400)
    bot.act(obs, legal)
    assert a.records == bot.hints[-1].records and a.action == bot.hints[-1].action
    assert 400 - len(a.records) <= sum(n for _, _, n in a.records) <= 400
    pids = hints.pool.pids
    assert len(pids) == 2 and not any(_gone(p) for p in pids)
    hints.stop()                           # the app stops
    assert all(_gone(p) for p in pids)


@pytest.mark.slow       # worker processes spawned
def test_a_cancelled_hint_posts_nothing_and_its_workers_take_the_next(lib):
    st = _pick_state(lib)
    obs, legal = st.observation(0), st.legal_actions(0)
    key = question_key(1, obs)
    # A hint that would think for hours: it is cancelled when the seat's decision is made.
    hints, posted, answered = _hints(lib, workers=1, pool_seconds=10**6, pool_matches=10**8)
    hints.pool.start()
    try:
        hints.ask(0, key, obs, legal, seed=3)
        deadline = time.monotonic() + 20
        while hints.running() != (0, key):
            assert time.monotonic() < deadline, "the worker thread never took the question"
            time.sleep(0.01)
        hints.forget(0)
        while hints.running() is not None:
            assert time.monotonic() < deadline, "the cancelled hint went on"
            time.sleep(0.01)
        assert posted.empty() and answered == []
        # The next question, on the same worker, is answered as the search bot answers it.
        hints.pool_seconds, hints.pool_matches = 60.0, 200
        st.apply(legal[0])
        obs2, legal2 = st.observation(0), st.legal_actions(0)
        key2 = question_key(1, obs2)
        hints.ask(0, key2, obs2, legal2, seed=4)
        _deliver(posted)
        a = hints.answer(0, key2)
        bot = HintSearchPolicy(lib, 0, 4, matches=200)
        bot.act(obs2, legal2)
        assert a.workers == 1 and a.records == bot.hints[-1].records
    finally:
        hints.stop()
