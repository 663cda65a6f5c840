"""Shuffling a list exactly as ``random.Random.shuffle`` does, in fewer steps.

A match shuffles both decks when it starts, and the library's shuffle is
Python code that calls a helper per card: in a compiled engine it was the
biggest cost of setting a match up.  :func:`shuffle` draws the same numbers
from the same generator in the same order (Fisher-Yates from the top, each
index by rejection sampling on ``getrandbits``), so every seeded game stays
the same.  At import it checks itself against the running Python's shuffle;
should a Python ever shuffle differently, the library's shuffle is used.
"""

from __future__ import annotations

import random
from _random import Random as _CoreRandom

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


# A generator class that overrides random() or getrandbits() draws differently:
# only the plain random.Random (or its unchanged subclasses) takes the fast path.
_FAST = _same_as_library()


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place with ``rng``: the same result as ``rng.shuffle(x)``."""
    if _FAST and type(rng) is random.Random:
        _shuffle_fast(rng, x)
    else:
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


def seeded(seed) -> random.Random:
    """``random.Random(seed)``: the same generator, in the same state."""
    if _FAST_SEED and type(seed) is int:
        return _seeded_fast(seed)
    return random.Random(seed)


def generator_in_state(state) -> random.Random:
    """A ``random.Random`` set to ``state`` (``getstate()``), without seeding it first."""
    r = random.Random.__new__(random.Random)
    r.setstate(state)
    return r
