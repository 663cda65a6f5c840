"""The Deck Phase hint on worker processes (engine/challengers/hint_pool.py): real spawned
workers, the same answer as the one-process hint whatever their number, a cancelled hint that
frees them, workers that end with their parent (killed with SIGKILL) and with the pool."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.challengers.deckphase import PICK
from engine.challengers.hint import candidates, hint, view_for
from engine.challengers.hint_pool import FIRST_SLICE, SLICE, HintPool, spare_cores
from engine.challengers.policies import make_policy
from engine.challengers.tournament import Setup, Tournament

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow      # worker processes spawned: each pool takes a second or so to start


def _view(lib, seed, stage=None, round_at_least=2):
    """Player 0's view at a Deck Phase decision with at least three choices."""
    t = Tournament(lib, Setup(players=("A", "B"), seed=seed), record=False)
    policies = {i: make_policy("greedy", i) for i in range(2)}
    while not t.over:
        who = t.next_waiting()
        if who == ("deck", 0) and t.round >= round_at_least:
            view = view_for(t, 0)
            if view is not None and len(candidates(view)) >= 3 and stage in (None, view.stage):
                return view
        t.apply(policies[who[1] if who[0] == "deck" else who[2]].act(t, who))
    raise AssertionError("no such decision")


@pytest.fixture(scope="module")
def pools():
    made = {n: HintPool(n) for n in (1, 2, 3)}
    yield made
    for pool in made.values():
        pool.shutdown()


def _gone(pid: int) -> bool:
    """Process ``pid`` ended (or is a zombie nobody reaped yet: it runs no more)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def _wait_until(condition, timeout=20.0, what="the condition"):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not after {timeout} s"
        time.sleep(0.02)


def test_a_worker_per_core():
    """Every core's time goes to the hint while the UI waits for its next frame."""
    assert spare_cores() == len(os.sched_getaffinity(0))


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_pooled_hint_is_the_one_process_hint(lib, pools, workers):
    """Fixed slices, the wins added per choice: the same records and choice as in one process,
    for several views and seeds, with rounds that do not end on a slice's edge."""
    pool = pools[workers]
    for view_seed, stage, seed, count in ((6, None, 3, 300), (8, PICK, 11, 7 * SLICE + 5)):
        view = _view(lib, view_seed, stage)
        assert hint(view, count, seed=seed, pool=pool) == hint(view, count, seed=seed)
    assert pool.ready and len(pool.pids) == workers


def test_a_clock_caps_the_pooled_hint(lib, pools):
    """A clock past its deadline as soon as the first slice is in: every choice still has a rate."""
    view = _view(lib, 6)
    looks = iter(range(10**6))
    h = hint(view, 100_000, seed=2, clock=lambda: next(looks), seconds=1.5, pool=pools[2])
    played = [n for _, _, n in h.records]
    assert min(played) >= FIRST_SLICE and sum(played) < 10_000
    assert h.action in {a for a, _ in candidates(view)}


def test_a_cancelled_hint_stops_its_workers_and_they_play_the_next(lib, pools):
    """A hint far too long to finish, cancelled from another thread once its workers play: it
    ends at once, and the next hint on the same workers is the one-process one."""
    import threading

    pool = pools[1]
    view = _view(lib, 6)
    looked = threading.Event()
    ended: list = []

    def clock():
        looked.set()                 # the round is being waited for: the workers play
        return 0.0

    long_hint = threading.Thread(target=lambda: ended.append(
        hint(view, 10**7, seed=5, clock=clock, seconds=10**6, pool=pool)))
    long_hint.start()
    assert looked.wait(30)
    pool.cancel()
    long_hint.join(10)
    assert not long_hint.is_alive(), "the cancelled hint went on"
    assert ended[0] is None or sum(n for _, _, n in ended[0].records) < 10**6
    assert hint(view, 120, seed=9, pool=pool) == hint(view, 120, seed=9)


def test_a_pool_whose_worker_died_answers_in_this_process(lib):
    view = _view(lib, 6)
    pool = HintPool(1)
    try:
        pool.start()
        os.kill(pool.pids[0], signal.SIGKILL)
        _wait_until(lambda: _gone(pool.pids[0]), what="the killed worker")
        assert hint(view, 90, seed=4, pool=pool) == hint(view, 90, seed=4)
        assert pool.broken
    finally:
        pool.shutdown()


def test_shutdown_ends_the_workers():
    pool = HintPool(2)
    pool.start()
    pids = pool.pids
    assert len(pids) == 2 and not any(_gone(p) for p in pids)
    pool.shutdown()
    assert all(_gone(p) for p in pids)
    assert not pool.ready


def test_workers_die_with_a_parent_killed_with_sigkill(tmp_path):
    """A real parent process (as the kiosk would be) starts the workers and is killed with
    SIGKILL: no worker outlives it."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import sys
        from engine.challengers.hint_pool import HintPool

        if __name__ == "__main__":
            pool = HintPool(2)
            pool.start()
            print(" ".join(map(str, pool.pids)), flush=True)
            sys.stdin.read()            # until killed
    """), encoding="utf-8")
    parent = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        pids = [int(p) for p in parent.stdout.readline().split()]
        assert len(pids) == 2 and not any(_gone(p) for p in pids)
        parent.kill()
        parent.wait(10)
        _wait_until(lambda: all(_gone(p) for p in pids), timeout=10, what="the orphaned workers ending")
    finally:
        parent.kill()
        parent.wait(10)
