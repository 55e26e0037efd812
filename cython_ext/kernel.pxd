# Declarations of kernel.py for Cython: the random generator shared by every
# kernel and the base class of the game kernels (contracts in kernel.py).

cpdef enum:
    CHANCE = -1
    HEADER = 2      # buffer words owned by engine.core: [dealer seed, observer + 1]
    RANK_KEYS = 4   # rank key words per competitor (kernel.rank_keys)

# terminal_rewards' modes (both loops read these; 3 is the ISMCTS loop's REWARD_CALLBACK,
# a Python reward function, which terminal_rewards never sees, so FIELD skips it)
cpdef enum:
    REWARD_WIN = 0
    REWARD_RANK = 1
    REWARD_SCORE = 2
    REWARD_FIELD = 4


cimport cython
from libc.math cimport tanh


# Final (nothing subclasses it): its cpdef methods are called directly, not through the
# vtable and the check for a Python override, so gcc inlines them into the rollouts.
@cython.final
cdef class Rng:
    cdef public unsigned long long state
    cpdef unsigned long long next64(self) noexcept
    cpdef int below(self, int n) noexcept
    cpdef double random(self) noexcept


# Rng's draws for another module's loops, inlined there: a call of an Rng method from
# another module goes through the vtable (a final class's calls are direct only inside
# kernel.py).  The one C body of splitmix64: Rng's methods call these.  Interpreted,
# kernel.py's rng_below and rng_random call the methods.
cdef inline unsigned long long rng_next64(Rng rng) noexcept:
    cdef unsigned long long z
    rng.state += 0x9E3779B97F4A7C15ULL
    z = rng.state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int rng_below(Rng rng, int n) noexcept:
    return <int>(((rng_next64(rng) >> 32) * <unsigned long long>n) >> 32)


cdef inline double rng_random(Rng rng) noexcept:
    return (rng_next64(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef class Kernel:
    cdef public int players
    cdef public int size
    cdef public int max_moves
    cdef public bint reveals       # revealed_move may show what observed_move hid
    cdef object _chance_moves      # scratch arrays of sample_chance, allocated once
    cdef object _chance_probs
    cdef int[::1] _rank_scores     # scratch of the base rank_keys, allocated in __init__
    # the kernel's own pointer steps below (the search loop and rollout_policy call them, no
    # memoryview built)
    cdef public bint pointer_steps
    cdef int c_to_move(self, int* b, int* out) noexcept nogil
    cdef int c_legal(self, int* b, int seat, int* out) noexcept nogil
    cdef void c_apply(self, int* b, int seat, int move) noexcept nogil
    cdef int c_sample_chance(self, int* b, Rng rng)
    cdef int c_move_values(self, int* b, int seat, int* moves, int n, double* out) except -1
    cdef int c_egreedy(self, int* b, int seat, Rng rng, double epsilon, int* moves, double* vals) except -1
    cpdef int to_move(self, int[::1] buf, int[::1] out)
    cpdef int legal(self, int[::1] buf, int seat, int[::1] out)
    cpdef void apply(self, int[::1] buf, int seat, int move)
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs)
    cpdef int sample_chance(self, int[::1] buf, Rng rng)
    cpdef void observe(self, int[::1] buf, int seat)
    cpdef void determinize(self, int[::1] buf, int seat, Rng rng)
    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer)
    cpdef int revealed_move(self, int[::1] buf, int actor, int move, int observer) except? -2
    cpdef void scores(self, int[::1] buf, int[::1] out)
    cpdef int rank_keys(self, int[::1] buf, int[::1] out)
    cpdef void rollout(self, int[::1] buf, Rng rng)
    cpdef int move_values(self, int[::1] buf, int seat, int[::1] moves, int n, double[::1] out)
    cpdef int egreedy_move(self, int[::1] buf, int seat, Rng rng, double epsilon, int[::1] moves, double[::1] vals)
    cpdef int score_bounds(self, int[::1] buf, int[::1] lo, int[::1] hi)
    cpdef int free_words(self, int[::1] buf, int[::1] out)
    cpdef int horizon_mark(self, int[::1] buf)
    cpdef void horizon_close(self, int[::1] buf, int weight)



# The first element of a buffer as a C pointer, for the kernels' nogil cores.
# Interpreted, kernel.py's ptr() returns the array itself: the same code then
# indexes a numpy array instead of a pointer.
cdef inline int* ptr(int[::1] v) noexcept:
    return &v[0]


cdef inline double* dptr(double[::1] v) noexcept:
    return &v[0]


# Whether the loops may call kernel k's pointer steps (c_to_move ...).  Interpreted, only a
# kernel interpreted too has them (a compiled kernel's cdef methods are not Python's).
cdef inline bint pointer_steps_of(Kernel k) noexcept:
    return k.pointer_steps


cdef int greedy_pick(int* moves, double* vals, int nl, Rng rng) noexcept
cdef int key_cmp(int[::1] kb, int a, int b) noexcept
cdef int terminal_rewards(Kernel k, int[::1] buf, int mode, double scale, int[::1] sc, int[::1] kb,
                          double* out) except -1
