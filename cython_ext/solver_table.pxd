# Declarations of solver_table.py for Cython: the endgame solver's fixed-size
# transposition table (contracts in solver_table.py).

cpdef enum:
    EXACT = 0       # bound flags; LOWER/UPPER: alpha-beta cut-offs on seat 0's value
    LOWER = 1
    UPPER = 2


cdef unsigned long long mix64(unsigned long long z) noexcept nogil
cdef unsigned long long bucket_of(unsigned long long z, unsigned long long buckets) noexcept nogil


cdef class SolverTable:
    cdef public int players
    cdef public int size
    cdef public long long capacity
    cdef public int entry_bytes
    cdef public long long nbytes
    cdef public long long hits, stores, replaced
    cdef public unsigned long long buckets
    cdef bint single               # float32 values (seven players or more)
    cdef long long w               # 64-bit words per entry: key, meta, values
    cdef unsigned long long[::1] ent   # the entries; entd and entf view the same memory
    cdef double[::1] entd
    cdef float[::1] entf
    cdef unsigned long long[::1] mul1
    cdef unsigned long long[::1] mul2
    cdef object _arrays
    cpdef tuple key(self, int[::1] buf)
    cpdef object get(self, tuple key)
    cpdef void put(self, tuple key, tuple value, long long work, int flag)
    # the search loop's calls (cython_ext/solver_search.py)
    cdef long long find(self, unsigned long long b, unsigned long long check) noexcept
    cdef double value_at(self, long long slot, int j) noexcept
    cdef int flag_at(self, long long slot) noexcept
    cdef long long _slot_for(self, unsigned long long b, unsigned long long check, long long work, int flag) noexcept
    cdef void store(self, unsigned long long b, unsigned long long check, double[::1] value, long long work, int flag) noexcept
    cpdef void clear(self)
    cpdef long long used(self)
