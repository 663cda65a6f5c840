"""Whether Challengers!' hot modules run compiled, decided once for all of them (the
mechanism, shared with the other compiled games, is :mod:`engine._compiled`).

Challengers!' compiled modules ``cimport`` each other's extension types (a ``Match``
is laid out once, in ``match``'s build, and ``tournament``'s build reads its fields at
fixed offsets), so they run together or not at all.
"""

from __future__ import annotations

import os

from engine._compiled import REBUILD, CompiledBuildError, CompiledPackage, inspect_build

COMPILED = ("shuffling", "piles", "match", "deckphase", "tournament", "policies")
# Built with them from a .pyx of its own, with no .py twin: shuffling does without it.
HELPERS = ("_twister",)
PACKAGE = __name__.rpartition(".")[0]     # engine.challengers

BUILD = CompiledPackage(PACKAGE, os.path.dirname(os.path.abspath(__file__)), COMPILED, HELPERS)
runs_pure = BUILD.runs_pure
compiled_modules = BUILD.compiled_modules

__all__ = ["BUILD", "COMPILED", "HELPERS", "PACKAGE", "REBUILD", "CompiledBuildError",
           "compiled_modules", "inspect_build", "runs_pure"]
