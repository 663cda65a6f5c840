"""Whether Cosplay Team Battle's hot modules run compiled, decided once for all of them (the
mechanism, shared with Challengers!, is :mod:`engine._compiled`).

The search bot's playouts spend about 90 % of their time in these three modules; the
package build compiles them with Cython (``setup.py``), with the ``.pxd`` declarations beside
them, and both play the same events.  ``state`` cimports ``payment``'s ``Purse`` and
``policies`` ``state``'s ``CosplayState``, laid out once in their own builds: they run together
or not at all.
"""

from __future__ import annotations

import os

from engine._compiled import CompiledPackage

# In the order they import each other.
COMPILED = ("payment", "state", "policies")
PACKAGE = __name__.rpartition(".")[0]     # engine.cosplay

BUILD = CompiledPackage(PACKAGE, os.path.dirname(os.path.abspath(__file__)), COMPILED)
runs_pure = BUILD.runs_pure
compiled_modules = BUILD.compiled_modules
