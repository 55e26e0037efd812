# Declarations of ismcts.py for Cython: the ISMCTS iteration loop (the tree,
# its keys and the reward modes are documented in ismcts.py).  The game kernel
# is called through the cimported Kernel base (vtable calls); compiled, the
# tree lives in malloc'ed flat arrays, in the layers Search extends
# (tree_nodes <- tree_segments <- tree_lists <- tree_values <- tree_compact <- tree_selection).

from libc.math cimport log
from cython_ext.clock cimport now
from cython_ext.kernel cimport Kernel, Rng, RANK_KEYS, pointer_steps_of, ptr, terminal_rewards
from cython_ext.rollout_policy cimport RolloutPolicy
from cython_ext.tree_hash cimport fold, mix64, words_hash
from cython_ext.tree_memory cimport as_int, new_doubles, new_ints, prefetch, release, resize_ints, uptr
from cython_ext.tree_nodes cimport MAXSEATS, MO, N_EDGE, N_GROUP, OMNI
from cython_ext.tree_segments cimport E_VAL, E_VIS
from cython_ext.tree_selection cimport TreeSelection, LOGTAB, XTAB

cpdef enum:
    RIVALS = 8      # room for competitors that are not seats (kernel.rank_keys)

# the reward is reward_fn(world), a Python call: a code beside the kernel's REWARD_*, which
# kernel.terminal_rewards reads for every other mode
cpdef enum:
    CALLBACK = 3


cdef class Search(TreeSelection):
    cdef public int size, reward_mode
    cdef public double scale
    cdef public object reward_fn, rollout_fn
    cdef public RolloutPolicy mast   # rollout=mast: the policy whose averages each iteration feeds (None: off)
    cdef public bint determinize
    cdef public bint reveal        # the kernel's revealed_move re-keys a step's hidden moves
    cdef public long long iterations, node_visits_total
    cdef public int pool_k          # > 0: the iterations search these worlds in turn (fix_worlds)
    cdef readonly object pool_np    # the worlds, one a row (None: none fixed)
    cdef int[:, ::1] pool
    cdef object world_np, tmp_np, root_np, seats_np, sc_np, pw_np, kb_np
    cdef int[::1] tmp, root, seats, sc, kb
    # root report
    cdef double* rvec
    cdef int* rcount
    cdef unsigned long long* pw
    # the descent's path
    cdef int pcap
    cdef int* path_e
    cdef int* path_s
    cdef int* path_nodes
    cdef int acting[MAXSEATS]
    cdef int chosen[MAXSEATS]
    cdef int cur[MAXSEATS]
    cdef unsigned long long evk[MAXSEATS]
    cdef int codes[MAXSEATS * MAXSEATS]   # a step's observed codes, by tree and mover (reveal)
    cdef unsigned long long vks[MAXSEATS]
    cdef double r[MAXSEATS]

    cdef void _free_tree(self) noexcept
    cdef int _prefetch_next(self, int T) noexcept
    cdef inline int _code(self, int t, int actor, int move) except? -2
    cdef int _grow_paths(self) except -1
    cdef int iterate(self) except -1
    cdef unsigned long long _owner_view_hash(self, int t) except? 0
    cdef int _reveal_keys(self, int T, int na) except -1
    cdef int _reward(self) except -1
    cpdef long long run(self, Rng rng, long long max_iters, double deadline, long long max_node_visits)
