# Cython declarations for match.py: compiled, the match's classes become
# extension types with fixed attributes, and its steps and helpers direct C
# calls.  The .py file stays the source of truth and runs unchanged without Cython.

cimport cython

cdef class _Fx:
    cdef readonly object effect, filter, cond_filter, during_name, dst, move_src, move_dst, move_where
    cdef readonly Py_ssize_t do, amount, per, per_n, count, bonus_if_done, during, cond_counter, cond_min, cond_max
    cdef readonly Py_ssize_t move_kind
    cdef readonly bint has_cond, has_min, has_max, up_to, may, seat_unit, lowest_power, from_opponent, to_opponent


cdef class _Hot:
    cdef readonly Py_ssize_t power
    cdef readonly object seat_key, bench_to
    cdef readonly bint round_power, doubles_bonuses, double_seat
    cdef readonly tuple reveal_fx, attack_fx, possession_fx, bench_fx, on_takes_flag, on_flag_loss, on_no_flag_win


# The name tables (_DO_CODES, _DURING_CODES, _COUNTER_CODES, _COUNTER_NAMES) stay module
# attributes: read when an effect's row is made and by tests, never in play.
cdef dict _HOT, _ARRANGE_SHAPES, _FX
cdef tuple _BUSY, _OVER, _REVEAL_BY
cdef Py_ssize_t _FROM_SELF, _FROM_PILE, _FROM_ZONE
cdef Py_ssize_t _DO_OTHER, _DO_POWER, _DO_FANS, _DO_NEXT_CARD, _DO_MOVE, _DO_ARRANGE, _DO_LOSE
cdef Py_ssize_t _DURING_OTHER, _DURING_ALWAYS, _DURING_ATTACK, _DURING_POSSESSION
cdef Py_ssize_t _C_BENCH_CARDS, _C_EMPTY_SEATS, _C_DECK_CARDS, _C_FANS, _C_TROPHIES, _C_OPPONENT_TROPHIES
cdef Py_ssize_t _C_EXHAUST_CARDS, _C_OPPONENT_EXHAUST_CARDS, _C_CARDS_BELOW, _C_LOST_PREVIOUS, _C_BENCH_POWERS
cdef Py_ssize_t _C_BENCH_ICONS, _C_CHOSEN_SEAT, _C_NONE, _C_UNKNOWN
cdef Py_ssize_t _counter_code(name) except? -3
cpdef _Fx _fx_of(e)
cdef _Hot _hot(ct)
cdef dict _PASSES
@cython.locals(hits=dict)
cdef _passes(flt, ct)


cdef class Seat:
    cdef public str key           # a card name: compared as str, identity first
    cdef public Py_ssize_t width  # 1, or 2 for a card that takes two seats (a C integer: summed at every capture)
    cdef public list cards


cdef class Side:
    cdef public list deck, bench, exhaust, park, next_bonus
    cdef public object fans, trophies, lost_previous, auras, name
    cdef public dict aura_bonus
    @cython.locals(seat=Seat, used=Py_ssize_t)
    cpdef Py_ssize_t seats_used(self) except -1


cdef class Match:
    cdef public object rng, round, piles, log, icons_in_play, holder, flag_card, attacker
    cdef public object attacked_by, pending, _pending_ctx, winner, reason, reveals
    cdef public object players, park, expect, _spec, _spec_maker
    cdef public list types, owner, kept, sides, attack, agenda, removed
    cdef public dict attack_bonus
    cdef public list _hots_list
    cdef public object _hots_types
    cdef object __weakref__
    cpdef list _hots(self)
    cpdef _new_instance(self, ct, owner)
    cpdef _emit(self, kind, player=*, card=*, value=*, info=*)
    cpdef base_power(self, inst)
    cpdef _begin(self, p)
    @cython.locals(side=Side, effects=tuple, n=cython.Py_ssize_t, k=cython.Py_ssize_t, hots=list, h=_Hot,
                   inst=Py_ssize_t, fc=Py_ssize_t, fx=_Fx)
    cpdef reveal(self, p)
    cpdef choose(self, p, index)
    @cython.locals(agenda=list, step=tuple, n=Py_ssize_t)
    cpdef _run(self, steps)
    cpdef _ask(self, p, kind, source, options, handler, args, detail=*)
    cpdef _finish(self, winner, reason)
    @cython.locals(side=Side, seat=Seat, hots=list, h=_Hot, inst=Py_ssize_t, fx=_Fx)
    cpdef auras(self, Py_ssize_t p)
    @cython.locals(side=Side, both=tuple, fx=_Fx, during=Py_ssize_t, att=Py_ssize_t, pos=Py_ssize_t)
    cpdef Py_ssize_t _aura_bonus(self, Py_ssize_t p, ct, bint attacking) except? -1
    cpdef power(self, Py_ssize_t inst, str role)
    @cython.locals(hots=list, h=_Hot, side=Side, p=Py_ssize_t, bonus=Py_ssize_t, base=Py_ssize_t, fx=_Fx)
    cpdef Py_ssize_t _power(self, Py_ssize_t inst, bint attacking) except? -1
    @cython.locals(total=Py_ssize_t, i=Py_ssize_t)
    cpdef Py_ssize_t attack_total(self) except? -1
    cpdef Py_ssize_t defense_total(self) except? -1
    cpdef count(self, str counter, p, flt=*, inst=*)
    @cython.locals(side=Side, n=Py_ssize_t, s=Seat)
    cpdef Py_ssize_t _count(self, Py_ssize_t counter, Py_ssize_t p, flt, inst) except? -1
    @cython.locals(n=Py_ssize_t)
    cdef bint _fx_holds(self, _Fx fx, Py_ssize_t p, inst) except -1
    cpdef _effect_amount(self, e, inst, p)
    cdef Py_ssize_t _fx_amount(self, _Fx fx, inst, Py_ssize_t p) except? -1
    cdef Py_ssize_t _fx_scaled(self, _Fx fx, inst, Py_ssize_t p) except? -1
    cpdef _step_effect(self, e, inst, p)
    @cython.locals(do=Py_ssize_t)
    cdef _do_effect(self, _Fx fx, inst, Py_ssize_t p)
    cpdef _add_kept(self, inst, p, amount)
    @cython.locals(side=Side)
    cpdef _gain_fans(self, p, n, source)
    # The steps of a capture: card and player numbers as C integers (list indices).
    @cython.locals(hots=list, h=_Hot, d=Py_ssize_t, att=Py_ssize_t, dfn=Py_ssize_t)
    cpdef _step_compare(self, Py_ssize_t inst, Py_ssize_t p)
    @cython.locals(side=Side)
    cpdef _step_attack_on(self, Py_ssize_t p)
    cpdef _step_flag_lost(self, inst, Py_ssize_t p)
    @cython.locals(side=Side)
    cpdef _step_bench_park(self, Py_ssize_t p)
    @cython.locals(side=Side)
    cpdef _step_take_flag(self, Py_ssize_t inst, Py_ssize_t p)
    @cython.locals(side=Side, other=Py_ssize_t)
    cpdef _step_swap(self, Py_ssize_t holder)
    @cython.locals(side=Side)
    cpdef _take_from(self, inst)
    @cython.locals(side=Side)
    cpdef _put(self, inst, str where, p)
    @cython.locals(side=Side, h=_Hot, seat=Seat, bench=list, placed=list, types=list, hots=list, auras_change=bint, key=str,
                   new_keys=list, need=Py_ssize_t,
                   inst=Py_ssize_t, c=Py_ssize_t)
    cpdef _to_bench(self, Py_ssize_t p, cards)
    @cython.locals(i=cython.Py_ssize_t, types=list, owner=list, out=list)
    cpdef collected(self, p)
    @cython.locals(kind=Py_ssize_t)
    cdef _effect_move(self, _Fx fx, inst, p)
    @cython.locals(side=Side, seat=Seat)
    cpdef _lies_in_play(self, inst)
    cpdef _subsets(self, pool, count, up_to, may)
    cpdef _deck_picks(self, deck, pool, count, up_to, may)
    cpdef _answer_move(self, e, inst, p, dst, tp, option)
    @cython.locals(side=Side)
    cdef _effect_arrange(self, _Fx fx, inst, p)
    @cython.locals(side=Side)
    cpdef _answer_arrange(self, e, inst, p, looked, option)


@cython.locals(match=Match, kind=str)
cpdef play(match, choose=*, limit=*)

@cython.locals(match=Match, n=cython.Py_ssize_t, limit=cython.Py_ssize_t, kind=str)
cpdef Py_ssize_t play_forced(match, park, list actions, limit=*) except -1

@cython.locals(side=Side)
cdef list _pool(side, src)

@cython.locals(m=Match, side=Side, types=list, owner=list, hots=list, deck=list, cards=list, k=Py_ssize_t,
               p=Py_ssize_t)
cdef _lay_out_decks(m, decks, bint shuffle)

@cython.locals(ngroups=Py_ssize_t, pos=Py_ssize_t, g=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, combo=list, used=list,
               pick=list)
cpdef _append_multisets(list groups, Py_ssize_t k, list options)
