# Declarations of tree_hash.py for Cython: the 64-bit keys of the search tree.
# mix64 and fold are inline bodies here, so that every module of the loop that
# cimports them (the child table, the iteration) inlines them; tree_hash.py
# holds their interpreted twins (docs/performance.md, "Session 9").

from cython_ext.kernel cimport HEADER, ptr
from cython_ext.tree_memory cimport uptr


# splitmix64 finaliser: spreads the bits of a 64-bit key.
cdef inline unsigned long long mix64(unsigned long long z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


# Fold one observed event (actor >= -1, what the owner saw of its move) into the key h.
cdef inline unsigned long long fold(unsigned long long h, int actor, int code) noexcept nogil:
    return mix64(h ^ ((<unsigned long long>(actor + 2) << 32) + <unsigned int>code))


cdef unsigned long long words_hash(int* b, unsigned long long* pw, int size) noexcept
