# Declarations of tree_hash.py for Cython: the 64-bit keys of the search tree.
# Plain cdef functions: the modules of the loop that cimport them call them
# through the pointer Cython imports (docs/performance.md, "Session 9").

from cython_ext.kernel cimport HEADER, ptr
from cython_ext.tree_memory cimport uptr

cdef unsigned long long mix64(unsigned long long z) noexcept nogil
cdef unsigned long long fold(unsigned long long h, int actor, int code) noexcept nogil
cdef unsigned long long words_hash(int* b, unsigned long long* pw, int size) noexcept
