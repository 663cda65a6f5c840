# Cython declarations for match.py: compiled, the match's classes become
# extension types with fixed attributes, and its hot helpers direct C calls.
# The .py file stays the source of truth and runs unchanged without Cython.

cdef class Seat:
    cdef public object key, width
    cdef public list cards


cdef class Side:
    cdef public list deck, bench, exhaust, park, next_bonus
    cdef public object fans, trophies, lost_previous, auras, name
    cpdef seats_used(self)


cdef class Match:
    cdef public object rng, round, piles, log, icons_in_play, holder, flag_card, attacker
    cdef public object attacked_by, pending, _pending_ctx, winner, reason, reveals
    cdef public object players, park, spec, expect
    cdef public list types, owner, kept, sides, attack, agenda, removed
    cdef public dict attack_bonus
    cdef object __weakref__
    cpdef _emit(self, kind, player=*, card=*, value=*, info=*)
    cpdef base_power(self, inst)
    cpdef auras(self, p)
    cpdef power(self, inst, role)
    cpdef attack_total(self)
    cpdef defense_total(self)
    cpdef _to_bench(self, p, cards)
    cpdef _finish(self, winner, reason)
