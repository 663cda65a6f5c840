"""Build step beside pyproject.toml: compile the Challengers! and Cosplay engines with Cython.

The engine's hot modules are plain Python (the source of truth, and what runs
when nothing is compiled); Cython turns each into a C extension that plays the
same events several times faster, with ``.pxd`` files beside them declaring
the classes' fields and hot methods.  ``TABLECUP_PURE_PYTHON=1`` at build time
skips the compilation; at run time it makes the package import the pure
modules, all of them, and so does a build that is partial or older than its sources (see
``engine/_compiled.py``).

The C files compile side by side, the largest first, as many at a time as the machine has cores
and memory for (``TABLECUP_BUILD_JOBS`` sets it), and without debugging information: on a
2-core machine the build took 85 s one after the other, and a Raspberry Pi is about 3x slower.

It also compiles the gettext catalogues (the kiosk's ``kiosk/locale/*/LC_MESSAGES/*.po`` and the
coordinator pages' ``coordinator/locale/*/LC_MESSAGES/*.po``) into
their ``.mo`` files with Babel, in the source tree (an editable install reads them there) before
the package data is copied (a regular install ships them): ``tools/catalogues.py compile``;
and it synthesises the kiosk's short sounds (``kiosk/sounds/*.wav``, ``python -m kiosk.sound``).
"""

import importlib.util
import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
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
    # Cosplay Team Battle: what its search bot's playouts spend their time in.
    "engine/cosplay/payment.py",
    "engine/cosplay/state.py",
    "engine/cosplay/policies.py",
]


def extensions():
    if os.environ.get("TABLECUP_PURE_PYTHON"):
        return []
    from Cython.Build import cythonize

    modules = cythonize(COMPILED, language_level=3, quiet=True,
                        compiler_directives={"binding": True, "embedsignature": True})
    for module in modules:
        # No debugging information: gcc takes about 15 % less time and memory, and the objects
        # are a ninth of the size.
        module.extra_compile_args.append("-g0")
    return modules


#: What gcc needs at most for one of the C files (match.c: about 340 MB at -O3).
MEMORY_PER_JOB_KB = 512 * 1024


def build_jobs() -> int:
    """C files compiled at once: one per core this process may use, no more than the memory
    available has room for (a Raspberry Pi 4 may have 1 GB for its 4 cores)."""
    if os.environ.get("TABLECUP_BUILD_JOBS"):
        return max(1, int(os.environ["TABLECUP_BUILD_JOBS"]))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:
        with open("/proc/meminfo") as meminfo:
            available_kb = next(int(line.split()[1]) for line in meminfo
                                if line.startswith("MemAvailable:"))
    except (OSError, StopIteration, ValueError):
        return cores
    return max(1, min(cores, available_kb // MEMORY_PER_JOB_KB))


class ParallelBuildExt(build_ext):
    """build_ext compiling :func:`build_jobs` C files at a time, the largest first (the build
    lasts about as long as match.c alone once there are cores for the rest beside it)."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:          # (unless build_ext -j N said otherwise)
            self.parallel = build_jobs()

    def build_extensions(self):
        def c_size(ext):
            return sum(os.path.getsize(s) for s in ext.sources if os.path.exists(s))
        self.extensions.sort(key=c_size, reverse=True)
        super().build_extensions()


def compile_catalogues():
    spec = importlib.util.spec_from_file_location("catalogues", HERE / "tools" / "catalogues.py")
    catalogues = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogues)
    # Not the pseudo-locale: a test language (tools/catalogues.py compile makes it for the tests).
    return catalogues.compile_every(HERE, pseudo=False)


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


setup(ext_modules=extensions(),
      cmdclass={"build_py": BuildWithCatalogues, "build_ext": ParallelBuildExt})
