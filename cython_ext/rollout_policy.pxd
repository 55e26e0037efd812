# Declarations of rollout_policy.py: the heuristic rollout of the ISMCTS loop
# (epsilon-greedy over kernel.move_values or over the moves' averages (MAST), optional cut-off).
cimport cython

from cython_ext.kernel cimport Kernel, Rng, dptr, pointer_steps_of, ptr, rng_below, rng_random


# Final (nothing subclasses it): its cdef methods are called directly, not through the vtable.
@cython.final
cdef class RolloutPolicy:
    cdef Kernel k
    cdef bint fast                     # pointer_steps_of(k): play calls k's pointer steps
    cdef public double epsilon
    cdef public int cutoff
    cdef public int own                # -1: every seat plays epsilon-greedy; else that seat alone, the others at random
    cdef public int horizon            # > 0: stop past the kernel's horizon, the rest weighted this percent
    cdef public long long steps        # decisions played by rollouts (statistics)
    cdef public object stop            # the search's stop event while it runs (None: none)
    cdef public bint cut               # the last rollout was cut by that stop
    cdef readonly int stop_every       # decisions between looks at stop
    cdef readonly bint mast            # epsilon-greedy over each seat's move averages, not the heuristic
    cdef readonly int ntrace           # (seat, move) pairs played since the last learn
    cdef object seats_np, moves_np, vals_np, picks_np, msum_np, mcnt_np, trace_np
    cdef int[::1] seats, moves, picks, trace
    cdef double[::1] vals, msum, mcnt

    cdef int play(self, int[::1] buf, Rng rng) except -1
    cdef int pick(self, int[::1] buf, int seat, Rng rng, double epsilon) except -1
    cdef int mast_pick(self, int[::1] buf, int seat, Rng rng, double epsilon) except -1
    cpdef int add(self, int seat, int move) except -1
    cdef int learn(self, double* r) noexcept


# A buffer word as a C int (interpreted: numpy scalar -> Python int).
cdef inline int as_int(int x) noexcept nogil:
    return x
