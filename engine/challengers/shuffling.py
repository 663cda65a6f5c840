"""Seeding a generator and shuffling a list exactly as ``random.Random`` does, in fewer steps.

A match seeds its own generator and shuffles both decks when it starts, and
the library's shuffle is Python code that calls a helper per card: in a
compiled engine these were the biggest costs of setting a match up.
:func:`seeded` and :func:`shuffle` draw the same numbers from the same
generator in the same order (Fisher-Yates from the top, each index by
rejection sampling on ``getrandbits``), so every seeded game stays the same.

Two ways, each checked at import against the running Python's own
``random.Random`` (same states after seeding, same shuffles, same states
after them), the library's methods being the answer when a check fails:

* compiled, the C helper :mod:`engine.challengers._twister` seeds and shuffles
  on the generator's Mersenne Twister words directly (no call per card, and
  the table every seeding starts from worked out once);
* otherwise the shuffle written out below, calling ``getrandbits`` per card,
  and the C seeding called without ``random.Random``'s two Python methods.
"""

from __future__ import annotations

import importlib
import random
from _random import Random as _CoreRandom
from typing import Any

from engine.challengers._compiled import runs_pure

_twister: Any = None
# The pure-Python engine is pure: it never takes the C helper (which is built, and goes
# stale, with the rest of the compiled engine).
if not runs_pure():
    try:
        _twister = importlib.import_module("engine.challengers._twister")
    except ImportError:
        pass

# n.bit_length() of the small n a shuffle meets, looked up rather than asked (a method call).
_BITS = [n.bit_length() for n in range(1024)]


def _shuffle_fast(rng, x):
    """``rng.shuffle(x)`` of Python 3.11+, written out."""
    getrandbits = rng.getrandbits
    bits = _BITS
    i = len(x) - 1
    while i > 0:
        n = i + 1
        k = bits[n] if n < 1024 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]
        i -= 1


def _same_as_library() -> bool:
    for seed in range(20):
        for n in (0, 1, 2, 3, 7, 31, 64, 200):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            _shuffle_fast(ra, a)
            ra_state = ra.getstate()
            rb.shuffle(b)
            if a != b or ra_state != rb.getstate():
                return False
    return True


def _twister_same_as_library() -> bool:
    """Whether the C helper fits this Python's generator: its layout, its seeds, its shuffles."""
    if _twister is None or _twister.layout_size() != _CoreRandom.__basicsize__:
        return False
    for seed in (0, 2**32 - 1, 2**32, 2**63 + 5, 2**64 - 1):
        ra = random.Random.__new__(random.Random)
        _twister.seed(ra, seed)
        rb = random.Random(seed)
        if ra.getstate() != rb.getstate():
            return False
        for n in (0, 1, 2, 3, 7, 31, 64, 200, 700):      # 700: past a table of 624 words
            a, b = list(range(n)), list(range(n))
            _twister.shuffle(ra, a)
            rb.shuffle(b)
            if a != b or ra.getstate() != rb.getstate():
                return False
        for n in (1, 2, 3, 6, 2**31, 2**32 - 2):
            if _twister.randbelow(ra, n) != rb.randrange(n) or ra.getstate() != rb.getstate():
                return False
    return True


# The C helper, when it is compiled and draws exactly as this Python does.
_C = _twister_same_as_library()
_c_shuffle: Any = _twister.shuffle if _C else None
_c_seed: Any = _twister.seed if _C else None
_c_randbelow: Any = _twister.randbelow if _C else None

# A generator class that overrides random() or getrandbits() draws differently:
# only the plain random.Random (or its unchanged subclasses) takes a fast path.
# The shuffle written out is checked only when the C helper is not there to take it.
_FAST = not _C and _same_as_library()


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place with ``rng``: the same result as ``rng.shuffle(x)``."""
    if type(rng) is random.Random:
        if _C:
            _c_shuffle(rng, x)
            return
        if _FAST:
            _shuffle_fast(rng, x)
            return
    rng.shuffle(x)


# Seeding: ``random.Random(seed)`` runs two Python-level methods (``__init__`` and
# ``seed``) around the C seeding; every match seeds its own generator, so the C part
# is called straight away.  Checked at import like the shuffle.
_seed_core = _CoreRandom.seed


def _seeded_fast(seed):
    r = random.Random.__new__(random.Random)
    _seed_core(r, seed)
    r.gauss_next = None
    return r


def _seeds_as_library() -> bool:
    for seed in (0, 1, 2, 255, 2**32 - 1, 2**32, 2**63 + 5, 2**64 - 1, 10**30, -7):
        if _seeded_fast(seed).getstate() != random.Random(seed).getstate():
            return False
    return True


_FAST_SEED = _seeds_as_library()


def randbelow(rng: random.Random, n):
    """``rng.randrange(n)``: the same number, from the same draws."""
    if _C and type(rng) is random.Random and type(n) is int and 0 < n < 4294967295:
        return _c_randbelow(rng, n)
    return rng.randrange(n)


def seeded(seed) -> random.Random:
    """``random.Random(seed)``: the same generator, in the same state."""
    if type(seed) is int:
        if _C and 0 <= seed < 18446744073709551616:      # 2**64: a match's seed is 64 bits
            r = random.Random.__new__(random.Random)
            _c_seed(r, seed)
            return r
        if _FAST_SEED:
            return _seeded_fast(seed)
    return random.Random(seed)


def generator_in_state(state) -> random.Random:
    """A ``random.Random`` set to ``state`` (``getstate()``), without seeding it first."""
    r = random.Random.__new__(random.Random)
    r.setstate(state)
    return r
