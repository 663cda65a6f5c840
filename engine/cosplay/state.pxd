# Cython declarations for state.py: compiled, CosplayState is an extension type with fixed
# fields (seat numbers and flags as C ints), and the rules' inner steps are direct C calls.
# The .py file stays the source of truth and runs unchanged without Cython.  A field the .py
# assigns must be declared here (tests/engine/test_compiled_fields.py holds it).

cimport cython
from engine.cosplay.payment cimport Purse, add, covers, useful

@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t)
cpdef tuple discounted(tuple cost, Py_ssize_t d0, Py_ssize_t d1, Py_ssize_t d2)
cpdef object make_action(Py_ssize_t p, str kind, tuple args)
cdef object _event(str kind, player=*, card=*, value=*, info=*)
@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, db=Py_ssize_t, dk=Py_ssize_t, dc=Py_ssize_t)
cpdef tuple recruit_cost_now(inst, Py_ssize_t card, turn, influence)
@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t)
cdef list _ways(Purse purse, Py_ssize_t t0, Py_ssize_t t1, Py_ssize_t t2, cost)


@cython.final
cdef class CosplayState:
    cdef public object data, inst, setup, _rng, phase, choice
    cdef public bint _rng_shared, _starting, ending, over
    cdef public Py_ssize_t n, current
    cdef public list library, zones, cemetery, obj_piles, obj_zones, obj_level, drama_pile
    cdef public list hand, reserve, discard, assist, obj_points, completed, turns
    cdef public list agenda, pool, discount
    cdef public set facedown, used, combos_used
    cdef public dict attached

    @cython.locals(v=object)
    cpdef Py_ssize_t recruited_cost(self, Py_ssize_t p)
    cpdef Py_ssize_t score(self, Py_ssize_t p)
    @cython.locals(gives=tuple, kind=tuple, total=tuple, out=list, pool=list, c=object)
    cpdef list unit_points(self, Py_ssize_t p)
    @cython.locals(inst=object, used=set, g=tuple, e=object, c=object, pool=list)
    cpdef _gives(self, Py_ssize_t p, key)
    @cython.locals(inst=object, types=tuple, out=list, pool=list)
    cpdef list units(self, Py_ssize_t p)
    @cython.locals(types=tuple, gives=tuple, kind=tuple, keys=list, groups=list, at=dict, t0=Py_ssize_t,
                   t1=Py_ssize_t, t2=Py_ssize_t, g=tuple, places=list, pool=list)
    cpdef tuple _purse(self, Py_ssize_t p)
    @cython.locals(gives=tuple, kind=tuple, fd=set, used=set, gear=dict, out=list, g=tuple, eq=object)
    cpdef list _paying_assistants(self, Py_ssize_t p, order)
    @cython.locals(gear=dict, mine=list)
    cpdef dict _gear(self, Py_ssize_t p)
    @cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, gives=tuple, kind=tuple, g=tuple, fd=set, used=set,
                   pool=list)
    cpdef tuple available_points(self, Py_ssize_t p)
    @cython.locals(disc=list, drama=Py_ssize_t, influential=frozenset, effect=dict, kind=Py_ssize_t,
                   n=Py_ssize_t, zones=list)
    cpdef tuple _influence(self)
    cpdef list influence_discount(self)
    cpdef Py_ssize_t drama_cost(self)
    cpdef tuple target_cost(self, str what, target)
    cpdef list legal_actions(self, player)
    @cython.locals(out=list)
    cpdef list _prepare_actions(self, Py_ssize_t p)
    @cython.locals(purse=Purse, t0=Py_ssize_t, t1=Py_ssize_t, t2=Py_ssize_t, out=list, disc=list, d0=Py_ssize_t,
                   d1=Py_ssize_t, d2=Py_ssize_t, cost_of=tuple, z=Py_ssize_t, card=Py_ssize_t, target=tuple,
                   dc=Py_ssize_t, most=Py_ssize_t, others=list, k=Py_ssize_t, paid=list, q=Py_ssize_t,
                   combos=list, types=tuple, kind=tuple)
    cpdef list _main_actions(self, Py_ssize_t p)
    @cython.locals(kind=tuple, placeable=list)
    cpdef first_prepare_action(self, Py_ssize_t p)
    @cython.locals(fd=set, loose=list, chars=list, gear=dict, out=list)
    cpdef list _attachable(self, Py_ssize_t p)
    @cython.locals(total=Py_ssize_t, lim=Py_ssize_t)
    cpdef bint _fits(self, e, list carried)
    cpdef bint _can_use(self, Py_ssize_t p, c)
    cpdef _check(self, bint ok, why)
    cpdef tuple _int_args(self, tuple args, Py_ssize_t n, str what)
    cpdef _not_waiting(self, str what)
    cpdef tuple _payers(self, Py_ssize_t p, tuple args, Py_ssize_t n, str what)
    @cython.locals(gives=list, s=tuple, g=tuple)
    cpdef _pay(self, Py_ssize_t p, str what, target, Py_ssize_t card, tuple payers, list ev)
    cpdef _passion(self, Py_ssize_t p)
    @cython.locals(gear=dict, hand=list, discard=list, assist=list, lost=Py_ssize_t, c=Py_ssize_t)
    cpdef _complete(self, Py_ssize_t p, str what, target, tuple cost, list taken, tuple s, list ev)
    cpdef _leave_assist(self, Py_ssize_t q, c)
    cpdef _send_drama(self, Py_ssize_t p, Py_ssize_t q, Py_ssize_t k, list ev)
    cpdef _trigger(self, Py_ssize_t p, Py_ssize_t c, str logo)
    cpdef _arrive_face_up(self, Py_ssize_t p, Py_ssize_t c, list ev)
    cpdef _run_agenda(self, list ev)
    @cython.locals(do=str)
    cpdef _resolve(self, eff, Py_ssize_t p, Py_ssize_t src, list ev)
    cpdef _ask(self, str word, list options, Py_ssize_t src, Py_ssize_t count, Py_ssize_t p, list ev)
    cpdef _choose(self, Py_ssize_t p, str word, Py_ssize_t x, Py_ssize_t src, Py_ssize_t count, list ev)
    @cython.locals(zones=list, last=Py_ssize_t, cards=list, library=list, empty=Py_ssize_t,
                   drawn=Py_ssize_t, short=bint, obj_zones=list, obj_level=list, z=Py_ssize_t,
                   lv=Py_ssize_t, pile=list, hs=Py_ssize_t)
    cpdef _reset(self, Py_ssize_t p, list ev)
    @cython.locals(fd=set, kind=tuple)
    cpdef _begin_turn(self, Py_ssize_t p, list ev)
    @cython.locals(kind=tuple, dramas=list)
    cpdef _drama_back(self, Py_ssize_t p, list ev)
    @cython.locals(got=Py_ssize_t, m=Py_ssize_t, reserve=list, hand=list)
    cpdef Py_ssize_t _draw(self, Py_ssize_t p, Py_ssize_t k, list ev)
    @cython.locals(c=CosplayState)
    cpdef CosplayState clone(self)


@cython.locals(s=CosplayState, seen=set, n=Py_ssize_t, q=Py_ssize_t, discard=list, assist=list, concealed=list,
               hand=list, rest=list, drama=list, lib=list, lv=Py_ssize_t, pile=list)
cpdef CosplayState determinize(data, dict obs, Py_ssize_t player, rng)
