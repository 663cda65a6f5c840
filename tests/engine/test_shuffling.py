"""engine.challengers.shuffling: the library's seeding and shuffle, the same draws."""

import os
import random

import pytest

from engine.challengers import shuffling


def test_shuffle_gives_the_same_order_and_leaves_the_same_generator_state_as_random_shuffle():
    assert shuffling._same_as_library()          # this Python shuffles as written out
    for seed in range(50):
        # (33, 65, 129: just above a power of two, where most draws are rejected and drawn again)
        for n in (0, 1, 2, 5, 12, 18, 33, 40, 65, 97, 129, 1030):
            a, b = list(range(n)), list(range(n))
            ra, rb = random.Random(seed), random.Random(seed)
            shuffling.shuffle(ra, a)
            rb.shuffle(b)
            assert a == b and ra.getstate() == rb.getstate()


def test_a_generator_that_draws_differently_is_asked_to_shuffle_itself():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    x = [1, 2, 3]
    shuffling.shuffle(Reversing(0), x)
    assert x == [3, 2, 1]


def test_the_compiled_build_seeds_and_shuffles_on_the_generators_words():
    """Compiled, the C helper (engine/challengers/_twister.pyx) does the work: it passed its
    check against this Python's random.Random at import."""
    if not os.environ.get("TABLECUP_REQUIRE_COMPILED"):
        pytest.skip("set TABLECUP_REQUIRE_COMPILED=1 (./dev.sh test does) to require the compiled build")
    assert shuffling._twister is not None and shuffling._C


def test_seeded_gives_random_randoms_generator_in_the_same_state():
    rng = random.Random(7)
    seeds = [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1, 2**64, 10**30, -1, -(2**40)]
    seeds += [rng.getrandbits(64) for _ in range(200)] + [rng.getrandbits(20) for _ in range(50)]
    for seed in seeds:
        r = shuffling.seeded(seed)
        assert type(r) is random.Random
        assert r.getstate() == random.Random(seed).getstate(), seed
        assert r.random() == random.Random(seed).random()


def test_seeding_then_shuffling_decks_draws_what_the_library_draws():
    """A match's start: seed a generator with 64 random bits, shuffle both decks, toss the flag,
    then later reshuffle a pile; past the 624 words of one Mersenne Twister table too."""
    pick = random.Random(11)
    for _ in range(300):
        seed = pick.getrandbits(64)
        ours, theirs = shuffling.seeded(seed), random.Random(seed)
        for n in (18, 18, 1, 0, 2, 47, 700):
            a, b = [object() for _ in range(n)], []
            b[:] = a
            shuffling.shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
        assert shuffling.randbelow(ours, 2) == theirs.randrange(2)
        assert shuffling.randbelow(ours, 3) == theirs.randrange(3)
        assert ours.getstate() == theirs.getstate()


def test_randbelow_answers_as_randrange_even_for_odd_bounds():
    for n in (1, 2, 3, 5, 6, 7, 100, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 2, 2**32 - 1, 2**32, 2**40):
        ra, rb = random.Random(n), random.Random(n)
        assert [shuffling.randbelow(ra, n) for _ in range(20)] == [rb.randrange(n) for _ in range(20)]
        assert ra.getstate() == rb.getstate()
