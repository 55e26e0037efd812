# Compiled twin of kernel_py.py: the random generator shared by all kernels
# and the base class of game kernels.  Contracts are documented in kernel_py.py.

cdef unsigned long long GOLDEN = 0x9E3779B97F4A7C15ULL


cdef class Rng:
    """splitmix64; bit-identical to kernel_py.Rng so that twins agree."""

    def __init__(self, unsigned long long seed=0):
        self.state = seed

    cpdef unsigned long long next64(self) noexcept:
        cdef unsigned long long z
        self.state += GOLDEN
        z = self.state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
        return z ^ (z >> 31)

    cpdef int below(self, int n) noexcept:
        return <int>(((self.next64() >> 32) * <unsigned long long>n) >> 32)

    cpdef double random(self) noexcept:
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)


cdef class Kernel:
    def __init__(self, int players, int size, int max_moves):
        self.players = players
        self.size = size
        self.max_moves = max_moves

    cpdef int to_move(self, int[::1] buf, int[::1] out):
        raise NotImplementedError

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        raise NotImplementedError

    cpdef void apply(self, int[::1] buf, int seat, int move):
        raise NotImplementedError

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        raise NotImplementedError

    cpdef int sample_chance(self, int[::1] buf, Rng rng):
        cdef int n, i
        cdef double r, acc = 0.0
        if self._chance_moves is None:
            self._chance_moves = memoryview_int(self.max_moves)
            self._chance_probs = memoryview_double(self.max_moves)
        cdef int[::1] outcomes = self._chance_moves
        cdef double[::1] probs = self._chance_probs
        n = self.chance(buf, outcomes, probs)
        r = rng.random()
        for i in range(n):
            acc += probs[i]
            if r < acc:
                return outcomes[i]
        return outcomes[n - 1]

    cpdef void observe(self, int[::1] buf, int seat):
        raise NotImplementedError

    cpdef void determinize(self, int[::1] buf, int seat, Rng rng):
        raise NotImplementedError

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        return move

    cpdef void scores(self, int[::1] buf, int[::1] out):
        raise NotImplementedError

    cpdef void rollout(self, int[::1] buf, Rng rng):
        raise NotImplementedError


def memoryview_int(int n):
    import numpy
    return numpy.zeros(n, dtype=numpy.intc)


def memoryview_double(int n):
    import numpy
    return numpy.zeros(n, dtype=numpy.float64)
