"""Whether Challengers!' hot modules run compiled, decided once for all of them, and the
import hook that picks the pure ones.

The hot modules (``COMPILED``) are plain Python that the package build also
compiles with Cython (``setup.py``); both play exactly the same events.  The
compiled modules ``cimport`` each other's extension types (a ``Match`` is laid out
once, in ``match``'s build, and ``tournament``'s build reads its fields at fixed
offsets), so they run together or not at all: one stale or missing module with
the others compiled would not import (Cython refuses a type whose size changed).
The whole engine runs pure Python when

* the environment says ``TABLECUP_PURE_PYTHON=1`` (to compare the two, or to
  debug with Python's tools);
* nothing is compiled (a checkout never built, or a build made with
  ``TABLECUP_PURE_PYTHON=1``);
* the build is partial (a module of it missing), or, in a checkout, a module's
  ``.py``, ``.pxd`` or ``.pyx`` is newer than its compiled copy (an edit not
  rebuilt yet), so an edit is never shadowed by a stale build.

The last two say so in one warning (the log, or stderr when nothing configured the
log), naming the module and how to rebuild.  ``TABLECUP_REQUIRE_COMPILED=1`` (the
test suite's set-up) turns anything but a whole, current build into an import error
instead (:class:`CompiledBuildError`), unless ``TABLECUP_PURE_PYTHON=1`` asks for
pure Python.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import spec_from_file_location

COMPILED = ("shuffling", "piles", "match", "deckphase", "tournament", "policies")
# Built with them from a .pyx of its own, with no .py twin: shuffling does without it.
HELPERS = ("_twister",)
REBUILD = "pip install -e . (or python setup.py build_ext --inplace)"
_HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = __name__.rpartition(".")[0]     # engine.challengers
# Only a checkout (an editable install) gets edited.  An installed copy's files all come
# from one wheel, written in no particular order, so their times say nothing there.
_IN_CHECKOUT = not any(part in ("site-packages", "dist-packages") for part in _HERE.split(os.sep))

log = logging.getLogger(PACKAGE)


class CompiledBuildError(ImportError):
    """``TABLECUP_REQUIRE_COMPILED`` is set and the engine's build is missing, partial or stale."""


def _extension(here: str, module: str) -> str | None:
    """The compiled file of ``module`` that Python's import would load, if there is one."""
    for suffix in EXTENSION_SUFFIXES:
        path = os.path.join(here, module + suffix)
        if os.path.exists(path):
            return path
    return None


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def inspect_build(here: str, in_checkout: bool) -> tuple[bool, str | None]:
    """(whether to run the build in ``here``, what is wrong with it when there is one).

    ``(True, None)``: every module is compiled and, in a checkout, none older than its
    sources; ``(False, None)``: nothing is compiled; ``(False, why)``: a build is
    there but partial or stale."""
    built = {m: _extension(here, m) for m in COMPILED + HELPERS}
    if not any(built.values()):
        return False, None
    missing = [m for m, path in built.items() if path is None]
    if missing:
        return False, f"the compiled build is partial ({', '.join(missing)} not compiled)"
    if in_checkout:
        stale = []
        for module, path in built.items():
            built_at = _mtime(path) if path else 0.0
            for suffix in (".py", ".pyx", ".pxd"):
                if _mtime(os.path.join(here, module + suffix)) > built_at:
                    stale.append(module + suffix)
        if stale:
            return False, f"{', '.join(stale)} changed since the engine was compiled"
    return True, None


def _decide() -> bool:
    """True when the engine runs pure Python (see the module's docstring)."""
    if os.environ.get("TABLECUP_PURE_PYTHON", "") not in ("", "0"):
        return True
    compiled, problem = inspect_build(_HERE, _IN_CHECKOUT)
    required = os.environ.get("TABLECUP_REQUIRE_COMPILED", "") not in ("", "0")
    if problem is None and not compiled and required:
        problem = "the engine is not compiled"
    if problem is not None:
        text = f"{PACKAGE} runs pure Python (slower): {problem}; rebuild it with {REBUILD}"
        if required:
            raise CompiledBuildError(text.replace("runs pure Python (slower)", "must run compiled"))
        log.warning("%s", text)
    return not compiled


@functools.cache
def runs_pure() -> bool:
    """Whether the whole engine runs pure Python: decided once, when the first compiled module
    is imported (the package alone, listed by the registry, looks at no build)."""
    return _decide()


class _PureModules:
    """Import hook: the ``.py`` source of every compiled module, when the engine runs pure."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        package, _, module = name.rpartition(".")
        if package != PACKAGE or module not in COMPILED or not runs_pure():
            return None
        return spec_from_file_location(name, os.path.join(_HERE, module + ".py"))


if not any(finder is _PureModules for finder in sys.meta_path):
    sys.meta_path.insert(0, _PureModules)


def compiled_modules() -> list[str]:
    """The names of the engine modules running compiled (imported so far)."""
    return [m for m in COMPILED
            if not getattr(sys.modules.get(f"{PACKAGE}.{m}"), "__file__", ".py").endswith(".py")]
