"""The Deck Phase pick hint's worker (kiosk.games.challengers.pick_hint), without Kivy: answers
come back through ``post``, a stale one is dropped, and the answer is the search bot's decision
from the seat's observation."""

import queue
import time

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
    try:
        _deliver(posted, timeout=5)
    except queue.Empty:
        pass
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
