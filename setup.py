"""Build step beside pyproject.toml: compile the Challengers! engine with Cython.

The engine's hot modules are plain Python (the source of truth, and what runs
when nothing is compiled); Cython turns each into a C extension that plays the
same events several times faster, with ``.pxd`` files beside them declaring
the classes' fields and hot methods.  ``TABLECUP_PURE_PYTHON=1`` at build time
skips the compilation; at run time it makes the package import the pure
modules (see ``engine/challengers/__init__.py``).

It also compiles the kiosk's gettext catalogues (``kiosk/locale/*/LC_MESSAGES/*.po``) into
their ``.mo`` files with Babel, in the source tree (an editable install reads them there) before
the package data is copied (a regular install ships them): ``tools/catalogues.py compile``;
and it synthesises the kiosk's short sounds (``kiosk/sounds/*.wav``, ``python -m kiosk.sound``).
"""

import importlib.util
import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent

# The modules compiled, in the order they depend on each other.
COMPILED = [
    # C only, optional: the generator's own words seeded and shuffled (shuffling.py checks
    # it against random.Random at import and does without it when it differs or is absent).
    "engine/challengers/_twister.pyx",
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


def compile_catalogues():
    spec = importlib.util.spec_from_file_location("catalogues", HERE / "tools" / "catalogues.py")
    catalogues = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogues)
    return catalogues.compile_all(HERE / "kiosk" / "locale")


def write_sounds():
    spec = importlib.util.spec_from_file_location("kiosk_sound", HERE / "kiosk" / "sound.py")
    sound = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sound)
    return sound.write_all(HERE / "kiosk" / "sounds")


class BuildWithCatalogues(build_py):
    """build_py that compiles the .po catalogues and synthesises the kiosk's sounds first, so
    their .mo and .wav files are package data."""

    def run(self):
        compile_catalogues()
        write_sounds()
        super().run()


setup(ext_modules=extensions(), cmdclass={"build_py": BuildWithCatalogues})
