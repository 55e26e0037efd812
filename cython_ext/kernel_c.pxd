# The interface every compiled game kernel implements; see kernel_py.py for
# the contract of each method (the pure-Python twin documents it).

cdef class Rng:
    cdef public unsigned long long state
    cpdef unsigned long long next64(self) noexcept
    cpdef int below(self, int n) noexcept
    cpdef double random(self) noexcept


cdef class Kernel:
    cdef public int players
    cdef public int size
    cdef public int max_moves
    cdef object _chance_moves      # scratch arrays of sample_chance, allocated once
    cdef object _chance_probs
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
