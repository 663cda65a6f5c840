"""The order ``./dev.sh test`` hands test files to its two workers (tests/support/scheduling.py),
played through pytest-xdist's own scheduler with stand-in workers: what each worker is handed,
and when."""

from scheduling import LongFilesAlone
from xdist.scheduler import LoadFileScheduling

INSTALL, FLOORS, CAFE = "tests/appliance/test_install.py", "tests/appliance/test_floors.py", "tests/e2e/test_cafe.py"
#: As tests/conftest.py names them (LONGEST_FIRST): under tests/.
LONG = tuple(path.removeprefix("tests/") for path in (INSTALL, CAFE, FLOORS))
#: The collection as tests/conftest.py sorts it: the longest files first, then the fast lane's.
FILES = {INSTALL: 1, CAFE: 4, FLOORS: 1, "tests/a/test_slow.py": 3, "tests/b/test_fast.py": 5,
         "tests/c/test_fast.py": 2, "tests/d/test_fast.py": 6}
COLLECTION = [f"{path}::test_{i}" for path, n in FILES.items() for i in range(n)]


class Config:
    """What the scheduler reads of pytest's configuration: two workers, and the order of the
    collection kept (``--no-loadscope-reorder``)."""

    option = type("Options", (), {"loadscopereorder": False})()

    def getvalue(self, name):
        return {"tx": ["2*popen"]}[name]


class Worker:
    """A stand-in for an xdist worker: the node ids it was sent, in order."""

    def __init__(self, name):
        self.sent, self.shutting_down = [], False
        self.gateway = type("Gateway", (), {"id": name})()

    def send_runtest_some(self, indices):
        self.sent += [COLLECTION[i] for i in indices]

    def shutdown(self):
        self.shutting_down = True


def started(scheduler_class, **kw):
    sched = scheduler_class(Config(), **kw)
    workers = [Worker("gw0"), Worker("gw1")]
    for w in workers:
        sched.add_node(w)
    for w in workers:
        sched.add_node_collection(w, COLLECTION)
    sched.schedule()
    return sched, workers


def files(node_ids):
    return list(dict.fromkeys(n.split("::")[0] for n in node_ids))


def test_a_worker_running_the_install_is_not_handed_the_floors_to_run_after_it():
    """Before: xdist handed the worker of the one-test install its next file at once, the
    floors (the next long one), to run after the whole install."""
    _, (gw0, gw1) = started(LongFilesAlone, long_files=LONG)
    assert files(gw0.sent) == [INSTALL, "tests/d/test_fast.py"]    # the last file: a short one
    assert files(gw1.sent) == [CAFE]

    _, (b0, _) = started(LoadFileScheduling)
    assert files(b0.sent) == [INSTALL, FLOORS]                       # what xdist alone does


def test_the_long_files_go_to_the_worker_that_frees_up_and_every_test_runs_once():
    sched, (gw0, gw1) = started(LongFilesAlone, long_files=LONG)
    done = {gw0: 0, gw1: 0}

    def run_all_sent(worker):
        while done[worker] < len(worker.sent):
            sched.mark_test_complete(worker, COLLECTION.index(worker.sent[done[worker]]))
            done[worker] += 1
    run_all_sent(gw1)          # gw0 is still on the install: gw1 does all the rest
    assert gw1.shutting_down
    run_all_sent(gw0)
    assert sched.tests_finished
    assert sorted(gw0.sent + gw1.sent) == sorted(COLLECTION)
    # The cafe's worker took a short file while its last two long tests ran, then the floors.
    assert files(gw1.sent)[:3] == [CAFE, "tests/c/test_fast.py", FLOORS]
    assert files(gw0.sent)[:2] == [INSTALL, "tests/d/test_fast.py"]
