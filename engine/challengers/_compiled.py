"""Which of Challengers!' modules run compiled, and the import hook that picks the pure ones.

The hot modules (``COMPILED``) are plain Python that the package build also
compiles with Cython (``setup.py``); both play exactly the same events.  The
pure modules are imported instead when

* the environment says ``TABLECUP_PURE_PYTHON=1`` (to compare the two, or to
  debug with Python's tools), or
* in a checkout, a module's ``.py`` is newer than its compiled copy (an edit
  not rebuilt yet: ``pip install -e .`` rebuilds), so an edit is never
  shadowed by a stale build.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import spec_from_file_location

COMPILED = ("shuffling", "piles", "match", "deckphase", "tournament", "policies")
PURE_PYTHON = os.environ.get("TABLECUP_PURE_PYTHON", "") not in ("", "0")
_HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = __name__.rpartition(".")[0]     # engine.challengers
# Only a checkout (an editable install) gets edited.  An installed copy's files all come
# from one wheel, written in no particular order, so their times say nothing there.
_IN_CHECKOUT = not any(part in ("site-packages", "dist-packages") for part in _HERE.split(os.sep))


def _stale(module: str, source: str) -> bool:
    """True when, in a checkout, a compiled copy of ``module`` is older than its source."""
    if not _IN_CHECKOUT:
        return False
    try:
        src_time = os.stat(source).st_mtime
    except OSError:
        return False
    for suffix in EXTENSION_SUFFIXES:
        try:
            if os.stat(os.path.join(_HERE, module + suffix)).st_mtime < src_time:
                return True
        except OSError:
            continue
    return False


class _PureModules:
    """Import hook: the ``.py`` source of a compiled module, when it must be the pure one."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        package, _, module = name.rpartition(".")
        if package != PACKAGE or module not in COMPILED:
            return None
        source = os.path.join(_HERE, module + ".py")
        if PURE_PYTHON or _stale(module, source):
            return spec_from_file_location(name, source)
        return None


if not any(finder is _PureModules for finder in sys.meta_path):
    sys.meta_path.insert(0, _PureModules)


def compiled_modules() -> list[str]:
    """The names of the engine modules running compiled (imported so far)."""
    return [m for m in COMPILED
            if not getattr(sys.modules.get(f"{PACKAGE}.{m}"), "__file__", ".py").endswith(".py")]
