"""engine.challengers.shuffling.shuffle: the library's shuffle, the same draws."""

import random

from engine.challengers import shuffling


def test_shuffle_gives_the_same_order_and_leaves_the_same_generator_state_as_random_shuffle():
    assert shuffling._FAST                       # this Python shuffles as written out
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
