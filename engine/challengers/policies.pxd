# Cython declarations for policies.py: its tables typed, so that reading them is a C call.

cdef dict _VALUES
