# Declarations of tree_compact.py for Cython: the kept trees copied into fresh
# arrays (tree reuse), every layer below read through its own fields.

from libc.stdlib cimport free
from cython_ext.tree_memory cimport new_ints, release, resize_ints
from cython_ext.tree_nodes cimport N_CHILD, N_EDGE, N_GROUP, N_KEY, N_PARENT, N_SIB, N_VIS
from cython_ext.tree_segments cimport COUNTED, E_VAL, INFO, LISTED, NEXT, ROOMY
from cython_ext.tree_lists cimport L_COUNT, L_LEN, L_LIST
from cython_ext.tree_values cimport TreeValues


cdef class TreeCompact(TreeValues):
    cdef public bint compacting    # reroot_trees compacts the kept trees (Search; off: bench/reuse_speed.py)
    cpdef int compact(self) except -1
    cdef int _copy_trees(self, int* newid, int* order, int k) except -1
    cdef int _copy_segments(self, int node, int g, int* ogs, int* oed, float* oef, unsigned short* omv) except -1
    cdef int _copy_values(self, int node, int r, int* ovc, double* ovv) except -1
