# Declarations of guildes_count.py for Cython: the Guildes vote count and the
# tie rule of the event "tied players are not counted" (contracts in the .py).

cpdef enum:
    MAXP = 4        # most places paid for one guild (Alchemists in round 3)


cdef void c_count_votes(int* table, int n, int G, int rnd, int militia, int mvotes,
                        int* places, int* values, int* out) noexcept nogil
cdef void c_exclude_ties(int* table, int n, int G, int militia, int* mark) noexcept nogil
