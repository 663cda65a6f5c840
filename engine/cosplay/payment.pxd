# Cython declarations for payment.py: compiled, the payment arithmetic runs on C ints and a
# Purse is an extension type whose needed payments are direct C calls.  The .py file stays the
# source of truth and runs unchanged without Cython.

cimport cython

@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t, s0=Py_ssize_t, s1=Py_ssize_t,
               s2=Py_ssize_t)
cpdef bint covers(s, cost)
@cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t, d0=Py_ssize_t, d1=Py_ssize_t,
               d2=Py_ssize_t, surplus=Py_ssize_t)
cpdef bint useful(gives, s, cost)
cpdef tuple add(s, gives)


cdef class Purse:
    cdef public list keys, groups
    cdef public dict _ways
    cpdef _set(self, list keys, list groups)
    cpdef list payments(self, cost)
    @cython.locals(known=list, out=list, groups=list, keys=list, at=list, j=Py_ssize_t, n=Py_ssize_t,
                   i=Py_ssize_t, b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t,
                   kinds=tuple, taken=tuple)
    cpdef list ways(self, cost)
    @cython.locals(b=Py_ssize_t, k=Py_ssize_t, c=Py_ssize_t, a=Py_ssize_t, ask0=bint, ask1=bint, ask2=bint,
                   whole=Py_ssize_t, useful_kinds=list, kinds=list, i=Py_ssize_t, g0=Py_ssize_t,
                   g1=Py_ssize_t, g2=Py_ssize_t, m=Py_ssize_t, alone=Py_ssize_t, places=list,
                   shape=tuple)
    cpdef tuple _plans(self, cost)
