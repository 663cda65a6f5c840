# Cython declarations for tournament.py: compiled, a Tournament is an extension type with
# fixed fields (a __dict__ still takes anything else a caller hangs on it), and the steps
# a tournament takes for every action direct C calls.  The .py file stays the source of truth.

cimport cython
from engine.challengers.deckphase cimport DeckPhase
from engine.challengers.match cimport Match
from engine.challengers.piles cimport LevelPiles, PileReserve

cdef class Tournament:
    cdef public LevelPiles piles
    cdef public object library, setup, rules, box, rng, log, solo, two_player, plan, parks
    cdef public object set_ids, icons_in_play, by_slot, trophy_for, _icons_sorted, _icons_frozen
    cdef public object round, phase, finalists, winner, end_reason, lesson
    cdef public list actions, players, results
    cdef public dict deck_phases, matches
    cdef dict __dict__
    cdef object __weakref__
    cpdef _emit(self, kind, player=*, card=*, value=*, info=*)
    cpdef _start_round(self, r)
    @cython.locals(m=Match)
    cpdef _start_matches(self, pairings)
    cpdef pairings(self, round_no)
    @cython.locals(dp=DeckPhase, m=Match)
    cpdef apply(self, action)
    cpdef apply_deck_action(self, DeckPhase dp, player, tuple action)
    @cython.locals(m=Match)
    cpdef play_forced(self, park, limit=*)
    @cython.locals(dp=DeckPhase, d=DeckPhase)
    cpdef _deck_phase_done(self, dp)
    @cython.locals(m=Match, x=Match, reserve=PileReserve)
    cpdef _match_done(self, m)
    cpdef _round_done(self)
    cpdef _end(self, winner, reason)
    @cython.locals(d=DeckPhase, m=Match)
    cpdef next_waiting(self)

@cython.locals(m=Match)
cpdef Match _new_match(park, light, dark, light_name, dark_name, seed, beginner, round_no, decks, fans, trophies,
                       lost_previous, reserve, icons_in_play, record)
