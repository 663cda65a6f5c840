# Cython declarations for deckphase.py: compiled, a Deck Phase is an extension type with
# fixed fields, and its steps direct C calls.  The .py file stays the source of truth.

from engine.challengers.piles cimport LevelPiles

cdef class DeckPhase:
    cdef public LevelPiles piles
    cdef public object player, options, rng, draw_size, log, option, picks_left
    cdef public object redraw_used, fans, pending, _ctx, stage
    cdef public list deck, drawn, picked, removed
    cdef object __weakref__
    cpdef can_redraw(self)
    cpdef apply(self, action)
    cpdef _emit(self, kind, card=*, value=*, info=*)
    cpdef _option(self, i=*)
    cpdef _redraw(self)
    cpdef _pick(self, i=*)
    cpdef _choose(self, i=*)
    cpdef _after_pick(self)
    cpdef _remove(self, i=*)
    cpdef _take_out(self, ct, where)
    cpdef _done(self)
    cpdef _resolve(self, e, ct)


cpdef _checked_index(i, Py_ssize_t n, what)
