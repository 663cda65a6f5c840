"""How ``./dev.sh test`` hands test files to its workers: pytest-xdist's ``--dist loadfile``,
except for what a worker is given while it still runs one of the suite's longest files.

A worker of pytest-xdist runs a test only once it knows the next one (the test's teardown
depends on it), so the controller hands a worker its next file as soon as two or fewer tests
of its current one are left.  When those are the one test of the Debian-chroot install (the
suite's longest), the next file in the queue waits behind it for all of that install: with the
longest files first, that was the second longest single-test file, the dependencies' floors,
and the two network-bound installs ran one after the other on one worker while the other worker
did everything else.  Here a worker busy with one of the longest files is given the *last*
file in the queue (a short one of the fast lane), and the long files ahead stay for a worker
that is about to be free.
"""

from __future__ import annotations

from collections.abc import Collection

from xdist.scheduler import LoadFileScheduling


class LongFilesAlone(LoadFileScheduling):
    """``--dist loadfile`` that never queues a file behind one of ``long_files``: a worker still
    running one of them gets the last file of the queue instead of the first.  ``long_files``
    are paths as the node ids end (``appliance/test_install.py`` names
    ``tests/appliance/test_install.py``)."""

    def __init__(self, config, log=None, *, long_files: Collection[str] = ()) -> None:
        super().__init__(config, log)
        self.long_files = tuple(long_files)

    def is_long(self, scope: str) -> bool:
        return any(scope == name or scope.endswith("/" + name) for name in self.long_files)

    def busy_with_a_long_file(self, node) -> bool:
        """Whether any test still to run on ``node`` is in one of the long files."""
        return any(self.is_long(scope) and not all(tests.values())
                   for scope, tests in self.assigned_work.get(node, {}).items())

    def _assign_work_unit(self, node) -> None:
        if len(self.workqueue) > 1 and self.busy_with_a_long_file(node):
            last = next(reversed(self.workqueue))
            self.workqueue.move_to_end(last, last=False)     # the base class takes the first
        super()._assign_work_unit(node)
