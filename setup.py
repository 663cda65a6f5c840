"""Build step beside pyproject.toml: compile the Challengers! engine with Cython.

The engine's hot modules are plain Python (the source of truth, and what runs
when nothing is compiled); Cython turns each into a C extension that plays the
same events several times faster, with ``.pxd`` files beside them declaring
the classes' fields and hot methods.  ``TABLECUP_PURE_PYTHON=1`` at build time
skips the compilation; at run time it makes the package import the pure
modules (see ``engine/challengers/__init__.py``).
"""

import os

from setuptools import setup

# The modules compiled, in the order they depend on each other.
COMPILED = [
    "engine/challengers/shuffling.py",
    "engine/challengers/piles.py",
    "engine/challengers/match.py",
    "engine/challengers/deckphase.py",
    "engine/challengers/tournament.py",
    "engine/challengers/policies.py",
]


def extensions():
    if os.environ.get("TABLECUP_PURE_PYTHON"):
        return []
    from Cython.Build import cythonize

    return cythonize(COMPILED, language_level=3, quiet=True,
                     compiler_directives={"binding": True, "embedsignature": True})


setup(ext_modules=extensions())
