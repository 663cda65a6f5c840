# Cython declarations for policies.py: compiled, the search bot's playout reads the state's
# fields at fixed offsets (it cimports CosplayState) and pays on C ints.  The .py file stays the
# source of truth and runs unchanged without Cython.

cimport cython
from engine.cosplay.state cimport CosplayState, discounted, make_action
from engine.cosplay.payment cimport covers

@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t, s0=Py_ssize_t, s1=Py_ssize_t,
               s2=Py_ssize_t, d0=Py_ssize_t, d1=Py_ssize_t, d2=Py_ssize_t, g0=Py_ssize_t, g1=Py_ssize_t,
               g2=Py_ssize_t, payers=list)
cpdef _greedy_payers(list units, cost)
@cython.locals(choice=list, options=list, inst=object, types=tuple, fd=set, used=set, assist=list, here=set,
               units=list, t0=Py_ssize_t, t1=Py_ssize_t, t2=Py_ssize_t, best=tuple, cost_of=tuple, z=Py_ssize_t,
               card=Py_ssize_t, b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t, disc=list, turn=list,
               d0=Py_ssize_t, d1=Py_ssize_t, d2=Py_ssize_t, buys=list, discounts=bint, dc=Py_ssize_t,
               pace=list, leader=Py_ssize_t, q=Py_ssize_t, usable=frozenset)
cpdef playout(CosplayState state, Py_ssize_t seat, rng)
