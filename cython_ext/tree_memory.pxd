# Declarations of tree_memory.py for Cython: the search tree's typed arrays
# (malloc'ed compiled, Python lists interpreted) and three pointer helpers that
# stay inlined in every module of the loop that cimports them.

from libc.stdlib cimport realloc, free

cdef void* grow(void* p, size_t nbytes) except NULL
cdef int* new_ints(int n, int fill) except NULL
cdef unsigned long long* new_keys(int n) except NULL
cdef double* new_doubles(int n) except NULL
cdef unsigned short* new_shorts(int n) except NULL
cdef unsigned short* resize_shorts(unsigned short* p, int old, int n) except NULL
cdef int* resize_ints(int* p, int old, int n) except NULL
cdef unsigned long long* resize_keys(unsigned long long* p, int old, int n) except NULL
cdef double* resize_doubles(double* p, int old, int n) except NULL
cdef void release(void* p) noexcept


cdef inline unsigned long long* uptr(unsigned long long[::1] v) noexcept:
    return &v[0]


cdef extern from *:
    void __builtin_prefetch(const void* addr) nogil


# Start loading p[i] into the cache (interpreted: nothing).
cdef inline void prefetch(int* p, long i) noexcept nogil:
    __builtin_prefetch(p + i)


# A buffer word as a C int (interpreted: numpy scalar -> Python int).
cdef inline int as_int(int x) noexcept nogil:
    return x
