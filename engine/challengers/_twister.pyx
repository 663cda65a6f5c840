# cython: language_level=3
"""Seeding and shuffling on a ``random.Random``'s own Mersenne Twister words, in C.

Every match seeds its own generator and shuffles two decks with it; done through
the generator's methods, that is one method call per card and a seeding that
works out the same 624-word starting table again every time.  These routines
do the same arithmetic as CPython's ``_random`` module (MT19937, seeded by
``init_by_array``; ``getrandbits(k)`` for k <= 32 is the next word's top k bits;
a shuffle is Fisher-Yates from the top by rejection sampling) straight on the
generator's state, so the generator ends in the same state and every seeded game
stays the same.

This module is an optional helper of :mod:`engine.challengers.shuffling`, which
uses it only after checking, at import, that the generator's C layout is the one
written here and that its seeds and shuffles equal the library's; otherwise (or
when nothing is compiled) the library's methods do the work.
"""

from cpython.object cimport PyObject
from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>

    #define TC_N 624
    #define TC_M 397

    /* The start of CPython's _random.Random object: its 624 words and the index of the
       next word to hand out (TC_N: the table must be regenerated first). */
    typedef struct {
        PyObject_HEAD
        int index;
        uint32_t state[TC_N];
    } tc_random;

    /* init_genrand(19650218): the table every init_by_array starts from, the same
       for every seed, so worked out once. */
    static uint32_t tc_base[TC_N];
    static int tc_base_ready = 0;

    static void tc_prepare(void) {
        int i;
        tc_base[0] = 19650218U;
        for (i = 1; i < TC_N; i++)
            tc_base[i] = 1812433253U * (tc_base[i - 1] ^ (tc_base[i - 1] >> 30)) + (uint32_t)i;
        tc_base_ready = 1;
    }

    /* init_by_array(key, n) on the object's words. */
    static void tc_seed(PyObject *obj, const uint32_t *key, size_t n) {
        tc_random *r = (tc_random *)obj;
        uint32_t *mt = r->state;
        size_t i = 1, j = 0, k;
        if (!tc_base_ready) tc_prepare();
        memcpy(mt, tc_base, sizeof(tc_base));
        r->index = TC_N;
        if (n == 1) {
            /* One key word (every seed below 2**32): j stays 0, so each step adds the same
               word, and the index wraps once, after word TC_N - 1: the same steps as below
               without their two tests. */
            const uint32_t c = key[0];
            for (i = 1; i < TC_N; i++)
                mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + c;
            mt[0] = mt[TC_N - 1];
            mt[1] = (mt[1] ^ ((mt[0] ^ (mt[0] >> 30)) * 1664525U)) + c;
            i = 2;
        } else if (n == 2) {
            /* Two key words (a 64-bit seed, as every tournament match has): the steps add
               key[0] and key[1] + 1 by turns, 624 steps from word 1, the index wrapping once
               after word TC_N - 1 (an odd count of steps: the last pair is split by it). */
            const uint32_t c0 = key[0], c1 = key[1] + 1U;
            for (i = 1; i + 1 < TC_N; i += 2) {
                mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + c0;
                mt[i + 1] = (mt[i + 1] ^ ((mt[i] ^ (mt[i] >> 30)) * 1664525U)) + c1;
            }
            /* i == TC_N - 1: its step takes key[0] (step 623, an odd one), then the wrap,
               then word 1 takes key[1]. */
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + c0;
            mt[0] = mt[TC_N - 1];
            mt[1] = (mt[1] ^ ((mt[0] ^ (mt[0] >> 30)) * 1664525U)) + c1;
            i = 2;
        } else {
            /* Runs of steps up to the table's end, where the index wraps (as after each
               step below), the key's index wrapping at its own end. */
            k = (TC_N > n ? TC_N : n);
            while (k) {
                size_t run = TC_N - i;
                if (run > k) run = k;
                k -= run;
                for (; run; run--) {
                    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
                    i++;
                    if (++j >= n) j = 0;
                }
                if (i >= TC_N) { mt[0] = mt[TC_N - 1]; i = 1; }
            }
        }
        /* TC_N - 1 more steps from i (1 <= i < TC_N): up to the last word, which wraps the
           index once (TC_N - i <= TC_N - 1 steps), then on from word 1. */
        k = TC_N - 1;
        for (; i < TC_N; i++, k--)
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[0] = mt[TC_N - 1];
        for (i = 1; k; i++, k--)
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        mt[0] = 0x80000000U;
    }

    /* The next 32-bit word (genrand_uint32): regenerate the table when it is used up, then
       temper the word. */
    static inline uint32_t tc_next(tc_random *r) {
        uint32_t y;
        uint32_t *mt = r->state;
        if (r->index >= TC_N) {
            int kk;
            for (kk = 0; kk < TC_N - TC_M; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + TC_M] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
            }
            for (; kk < TC_N - 1; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + (TC_M - TC_N)] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
            }
            y = (mt[TC_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
            mt[TC_N - 1] = mt[TC_M - 1] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
            r->index = 0;
        }
        y = mt[r->index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }

    /* A number below n (1 <= n < 2**32) as _randbelow does: getrandbits(n.bit_length())
       until it is below n. */
    static inline uint32_t tc_below(tc_random *r, uint32_t n) {
        int k = 0;
        uint32_t j, m = n;
        while (m) { k++; m >>= 1; }
        if (k >= 32) {
            do { j = tc_next(r); } while (j >= n);
        } else {
            do { j = tc_next(r) >> (32 - k); } while (j >= n);
        }
        return j;
    }

    /* random.shuffle: for i from the last index down to 1, swap item i with a random item
       at or below it. */
    static void tc_shuffle(PyObject *obj, PyObject *list) {
        tc_random *r = (tc_random *)obj;
        PyObject **items = ((PyListObject *)list)->ob_item;
        Py_ssize_t i;
        for (i = PyList_GET_SIZE(list) - 1; i > 0; i--) {
            Py_ssize_t j = (Py_ssize_t)tc_below(r, (uint32_t)(i + 1));
            PyObject *t = items[i];
            items[i] = items[j];
            items[j] = t;
        }
    }

    static uint32_t tc_randbelow(PyObject *obj, uint32_t n) {
        return tc_below((tc_random *)obj, n);
    }
    """
    ctypedef struct tc_random:
        pass
    void tc_seed(PyObject *obj, const uint32_t *key, size_t n)
    void tc_shuffle(PyObject *obj, PyObject *lst)
    uint32_t tc_randbelow(PyObject *obj, uint32_t n)


def layout_size() -> int:
    """The size in bytes of the generator object these routines expect (its ``__basicsize__``)."""
    return sizeof(tc_random)


def seed(rng, unsigned long long value):
    """``rng.seed(value)`` for 0 <= value < 2**64, as the library seeds an int: its 32-bit
    words, lowest first (one word for a value below 2**32), as the key of ``init_by_array``;
    and no Gaussian number kept for later (``gauss_next``)."""
    cdef uint32_t key[2]
    key[0] = <uint32_t>(value & 0xffffffffU)
    key[1] = <uint32_t>(value >> 32)
    tc_seed(<PyObject *>rng, key, 2 if key[1] else 1)
    rng.gauss_next = None


def shuffle(rng, list x):
    """``rng.shuffle(x)`` (Python 3.11 and later), for lists shorter than 2**32."""
    if len(x) >= 0xffffffff:
        raise ValueError("list too long for the C shuffle")
    tc_shuffle(<PyObject *>rng, <PyObject *>x)


def randbelow(rng, unsigned long n):
    """``rng._randbelow(n)`` for 1 <= n < 2**32 (``rng.randrange(n)``)."""
    if n < 1 or n >= 0xffffffff:
        raise ValueError("n out of range for the C randbelow")
    return tc_randbelow(<PyObject *>rng, <uint32_t>n)
