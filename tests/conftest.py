"""Shared fixtures: the real card library, and matches from fixed deck orders.

The small helpers tests import (``ids``, ``bench_ids``, ``deck_ids``) live in
``cardplay.py``: a module named ``conftest`` is ambiguous once a sub-folder has
its own conftest.
"""

import os
import tempfile
from pathlib import Path

import pytest

import cards
from engine.challengers.library import load
from engine.challengers.match import Match, play

# The tests never write the machine's own settings (~/.config/tablecup): whatever a test runs
# in this process, or starts without naming a folder, keeps its settings in this run's own.
os.environ.setdefault("TABLECUP_CONFIG", tempfile.mkdtemp(prefix="tablecup-tests-config-"))


@pytest.fixture(scope="session")
def lib():
    """Every bundled box, set, plan and rule, loaded and checked."""
    return load(cards)


@pytest.fixture
def card(lib):
    """card("hermit") -> its CardType."""
    return lib.catalogue.card


@pytest.fixture
def match(lib):
    """match(deck_a, deck_b, first=0, round=1, bench_a=(), bench_b=(), ...) -> Match

    Decks are lists of card ids, top card first, never shuffled.  ``bench_a``
    and ``bench_b`` (card ids), ``exhaust_a``/``exhaust_b`` set up a position
    before the first reveal; ``piles`` may be a LevelPiles.
    """
    cat = lib.catalogue

    def make(deck_a, deck_b, first=0, round=1, bench_a=(), bench_b=(), exhaust_a=(), exhaust_b=(),
             piles=None, fans=(0, 0), trophies=(0, 0), lost_previous=(False, False), icons_in_play=None):
        m = Match([[cat.card(c) for c in deck_a], [cat.card(c) for c in deck_b]], rng=1, beginner=first,
                  round=round, shuffle=False, piles=piles, fans=fans, trophies=trophies,
                  lost_previous=lost_previous, icons_in_play=icons_in_play)
        for p, ids in ((0, bench_a), (1, bench_b)):
            for c in ids:
                m.place(p, cat.card(c), "bench")
        for p, ids in ((0, exhaust_a), (1, exhaust_b)):
            for c in ids:
                m.place(p, cat.card(c), "exhaust")
        return m

    return make



#: The longest files, longest first, by their durations in full runs and file by file
#: (docs/performance.md, the test suite).  Handed out first, before the other slow files, so that no long one starts late:
#: a file missing from this list only loses its place at the front, never a test.  (Three of them
#: also hold fast-lane tests: those go to the front of the fast lane too, which changes only its order.)
LONGEST_FIRST = (
    "kiosk/test_fit_walk.py",                   # four app processes, two at a time, each a whole walk
    "appliance/test_install.py",                # waits on downloads on a fresh machine
    "kiosk/test_pseudo_locale.py",
    "kiosk/test_french_games.py",
    "appliance/test_floors.py",                 # waits on PyPI
    "kiosk/test_screen_sizes.py",
    "coordinator/test_lan_attacks.py",
    "tournament_e2e/test_cafe_park_games.py",
    "kiosk/test_last_moves_app.py",
    "coordinator/test_bot_only_nights.py",
    "kiosk/test_wacky_app.py",
    "kiosk/test_saved_games_app.py",
    "phones/test_phone_places.py",
    "tournament_e2e/test_cafe.py",
    "tournament_e2e/test_park_match_ends.py",
    "kiosk/test_key_moments.py",
    "coordinator/test_cafe_kill9.py",
    "coordinator/test_schema.py",
    "tournament_e2e/test_cafe_bots.py",
)


def pytest_collection_modifyitems(config, items):
    """The longest files first (:data:`LONGEST_FIRST`), then the other files of the tests marked
    ``slow``, then the rest in their usual order.

    ``./dev.sh test`` hands whole files to its workers (pytest-xdist's ``--dist loadfile``, with
    ``--no-loadscope-reorder`` so that this order is the order they are handed out).  The slow
    files are the long ones (the Debian-chroot install alone takes minutes): started last, one of
    them ran alone on one core at the end while the other core had nothing left to do; started
    first, the many short files fill the other core beside them.  A stable sort: within each
    group, files and tests keep the order they were collected in."""
    tests = Path(__file__).resolve().parent
    rank = {tests / name: i for i, name in enumerate(LONGEST_FIRST)}
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: (rank.get(item.path, len(rank)), item.path not in slow_files))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` as :mod:`scheduling` changes it: a worker running one of
    :data:`LONGEST_FIRST` is not handed the next long file to run after it (xdist hands a worker
    its next file before it starts its last test, so that file would wait the whole long one)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from scheduling import LongFilesAlone
    return LongFilesAlone(config, log, long_files=LONGEST_FIRST)
