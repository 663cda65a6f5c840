"""Whether a package's hot modules run compiled, decided once for all of them, and the
import hook that picks the pure ones (shared by every game that compiles its engine).

A game's hot modules are plain Python that the package build also compiles with
Cython (``setup.py``); both play exactly the same events.  Compiled modules may
``cimport`` each other's extension types (a class laid out once, in one module's
build, and read at fixed offsets by another's), so a package's modules run
together or not at all: one stale or missing module with the others compiled
might not import (Cython refuses a type whose size changed).  A package runs
pure Python when

* the environment says ``TABLECUP_PURE_PYTHON=1`` (to compare the two, or to
  debug with Python's tools);
* nothing of it is compiled (a checkout never built, or a build made with
  ``TABLECUP_PURE_PYTHON=1``);
* its build is partial (a module of it missing), or, in a checkout, a module's
  ``.py``, ``.pxd`` or ``.pyx`` is newer than its compiled copy (an edit not
  rebuilt yet), so an edit is never shadowed by a stale build.

The last two say so in one warning (the log, or stderr when nothing configured the
log), naming the module and how to rebuild.  ``TABLECUP_REQUIRE_COMPILED=1`` (the
test suite's set-up) turns anything but a whole, current build into an import error
instead (:class:`CompiledBuildError`), unless ``TABLECUP_PURE_PYTHON=1`` asks for
pure Python.

Each package declares its modules once, in its own ``_compiled`` module, with
:class:`CompiledPackage`, and imports that module before any compiled one (its
``__init__``), so the hook is in place when they are first imported.
"""

from __future__ import annotations

import functools
import logging
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location

REBUILD = "pip install -e . (or python setup.py build_ext --inplace)"


class CompiledBuildError(ImportError):
    """``TABLECUP_REQUIRE_COMPILED`` is set and a package's build is missing, partial or stale."""


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


def in_checkout(here: str) -> bool:
    """Whether ``here`` is in a checkout (an editable install), where files get edited.  An
    installed copy's files all come from one wheel, written in no particular order, so their
    times say nothing there."""
    return not any(part in ("site-packages", "dist-packages") for part in here.split(os.sep))


def inspect_build(here: str, checkout: bool, modules: Sequence[str],
                  helpers: Sequence[str] = ()) -> tuple[bool, str | None]:
    """(whether to run the build in ``here``, what is wrong with it when there is one).

    ``(True, None)``: every module is compiled and, in a checkout, none older than its
    sources; ``(False, None)``: nothing is compiled; ``(False, why)``: a build is
    there but partial or stale."""
    built = {m: _extension(here, m) for m in (*modules, *helpers)}
    if not any(built.values()):
        return False, None
    missing = [m for m, path in built.items() if path is None]
    if missing:
        return False, f"the compiled build is partial ({', '.join(missing)} not compiled)"
    if checkout:
        stale = []
        for module, path in built.items():
            built_at = _mtime(path) if path else 0.0
            for suffix in (".py", ".pyx", ".pxd"):
                if _mtime(os.path.join(here, module + suffix)) > built_at:
                    stale.append(module + suffix)
        if stale:
            return False, f"{', '.join(stale)} changed since the engine was compiled"
    return True, None


class CompiledPackage:
    """One package's compiled modules (``modules``, each with a ``.py`` twin, and ``helpers``,
    built from a ``.pyx`` of their own with no twin), in the folder ``here``: decides once
    whether they run compiled, and imports the ``.py`` of every one when they do not."""

    def __init__(self, package: str, here: str, modules: Sequence[str], helpers: Sequence[str] = ()):
        self.package = package
        self.here = here
        self.modules = tuple(modules)
        self.helpers = tuple(helpers)
        self.checkout = in_checkout(here)
        self.log = logging.getLogger(package)
        if not any(getattr(finder, "package", None) == package for finder in sys.meta_path):
            sys.meta_path.insert(0, self)

    def inspect_build(self) -> tuple[bool, str | None]:
        return inspect_build(self.here, self.checkout, self.modules, self.helpers)

    def _decide(self) -> bool:
        """True when the package runs pure Python (see this module's docstring)."""
        if os.environ.get("TABLECUP_PURE_PYTHON", "") not in ("", "0"):
            return True
        compiled, problem = self.inspect_build()
        required = os.environ.get("TABLECUP_REQUIRE_COMPILED", "") not in ("", "0")
        if problem is None and not compiled and required:
            problem = "the engine is not compiled"
        if problem is not None:
            text = f"{self.package} runs pure Python (slower): {problem}; rebuild it with {REBUILD}"
            if required:
                raise CompiledBuildError(text.replace("runs pure Python (slower)", "must run compiled"))
            self.log.warning("%s", text)
        return not compiled

    @functools.cached_property
    def pure(self) -> bool:
        """Whether the whole package runs pure Python: decided once, when the first compiled
        module is imported (the package alone, listed by the registry, looks at no build)."""
        return self._decide()

    def runs_pure(self) -> bool:
        return self.pure

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        """Import hook: the ``.py`` source of every compiled module, when the package runs pure."""
        package, _, module = name.rpartition(".")
        if package != self.package or module not in self.modules or not self.runs_pure():
            return None
        return spec_from_file_location(name, os.path.join(self.here, module + ".py"))

    def compiled_modules(self) -> list[str]:
        """The names of the package's modules running compiled (imported so far)."""
        return [m for m in self.modules
                if not getattr(sys.modules.get(f"{self.package}.{m}"), "__file__", ".py").endswith(".py")]
