# Cython declarations for piles.py: compiled, the piles and a match's reserve are extension
# types, so that the Deck Phase and the tournament (which cimport them) draw and discard with
# direct C calls.  The .py file stays the source of truth.
cimport cython

cdef dict _PILE_DRAWS


cdef class LevelPiles:
    cdef public dict piles, discards
    cpdef LevelPiles copy(self)
    @cython.locals(pile=list, under=list)
    cpdef _cover(self, level, Py_ssize_t n, rng)
    @cython.locals(pile=list)
    cpdef draw(self, level, rng)
    @cython.locals(pile=list, out=list)
    cpdef list draw_many(self, level, Py_ssize_t n, rng)
    @cython.locals(d=list)
    cpdef discard(self, ct)


cdef class PileReserve:
    cdef public dict piles
    cpdef PileReserve copy(self)
    @cython.locals(pile=list)
    cpdef draw(self, level, rng=*)
    @cython.locals(cards=list)
    cpdef give_back(self, LevelPiles level_piles)
