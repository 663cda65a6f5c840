# Cython declarations for shuffling.py: the indices as C integers.
cimport cython

@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t, bits=list)
cpdef _shuffle_fast(rng, list x)
cpdef shuffle(rng, list x)
cpdef randbelow(rng, n)
cpdef seeded(seed)
cpdef generator_in_state(state)
