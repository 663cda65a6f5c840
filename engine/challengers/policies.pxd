# Cython declarations for policies.py: its tables typed, so that reading them is a C call,
# and the greedy bot's Deck Phase arithmetic on C numbers.
cimport cython

cdef dict _FACTS
cdef list _LAST_OPTIONS

@cython.locals(best=Py_ssize_t, i=Py_ssize_t)
cpdef Py_ssize_t _best_option_index(options) except -1
cpdef dict _round_facts(r)
cdef tuple _facts(dict facts, ct, r)

@cython.locals(names=set, crowd=double, best=Py_ssize_t, best_v=double, i=Py_ssize_t, v=double, f=tuple)
cpdef tuple best_pick(deck, drawn, dict facts, r, double new_name_cost, Py_ssize_t max_names, set names=*)

@cython.locals(n=Py_ssize_t, k=Py_ssize_t, g=Py_ssize_t, j=Py_ssize_t, weakest=Py_ssize_t, first=Py_ssize_t,
               left=Py_ssize_t, groups=Py_ssize_t, index=Py_ssize_t, group_of=list, card_v=list, g_names=list,
               g_count=list, g_best=list, g_first=list, alive=list, steps=list, by_name=dict, f=tuple)
cpdef list removal_plan(deck, dict facts, r, Py_ssize_t max_names, Py_ssize_t min_deck)

from engine.challengers.match cimport Match, Seat, _Hot

@cython.locals(i=Py_ssize_t)
cpdef best_option(m, ch)
@cython.locals(m=Match, p=Py_ssize_t, from_bench=bint, from_deck=bint, from_exhaust=bint, to_top=bint, hots=list,
               owner=list, rnd=Py_ssize_t, bench=list, options=tuple, best=Py_ssize_t, best_score=double,
               i=Py_ssize_t, opt=tuple, n=Py_ssize_t, score=double, auras=Py_ssize_t, power=Py_ssize_t,
               c=Py_ssize_t, h=_Hot, freed=Py_ssize_t, seat=Seat, whole=bint)
cdef Py_ssize_t _best_move(m, ch) except -1
@cython.locals(kind=str, src=str, dst=str, unit=str, w=str)
cpdef option_score(m, ch, opt)
cdef _base_power(m, types, c)

from engine.challengers.tournament cimport Tournament
from engine.challengers.deckphase cimport DeckPhase

# The bots as extension types: a greedy bot's Deck Phase decision is a C call from
# run_tournament, and its own steps direct calls.  A __dict__ takes what a subclass or a
# caller adds.
cdef class Policy:
    cdef public object _rng_seed, _rng
    cdef dict __dict__
    cpdef deck_action(self, t, dp)
    cpdef choose(self, m, ch)

cdef class GreedyPolicy(Policy):
    cdef public object _removals, _names
    cdef public Py_ssize_t _max_names, _min_deck
    cdef public double _new_name_cost
    @cython.locals(stage=str)
    cpdef deck_action(self, t, dp)
    @cython.locals(stage=str)
    cpdef _act_in_phase(self, r, DeckPhase dp)
    cpdef _other_action(self, r, dp, str stage)
    cpdef _pick_action(self, dp, r)
    @cython.locals(best=Py_ssize_t, best_v=double)
    cpdef _pick_in_phase(self, DeckPhase dp, r)
    @cython.locals(dp=DeckPhase, deck=list, picked=list, names=set, cached=tuple, seen=list, k=Py_ssize_t,
                   i=Py_ssize_t, same=bint)
    cpdef set _phase_names(self, dp)
    @cython.locals(steps=list)
    cpdef _next_removal(self, dp, r)

@cython.locals(t=Tournament, dp=DeckPhase, limit=Py_ssize_t, greedy=GreedyPolicy)
cpdef run_tournament(t, policies, limit=*)
