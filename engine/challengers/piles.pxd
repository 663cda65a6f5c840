# Cython declarations for piles.py: its table typed, so that reading it is a C call.

cdef dict _PILE_DRAWS
