# Compiled twin of ismcts_py.py (the readable reference, which documents the
# tree, the keys and the reward modes).  Step for step the same logic and the
# same use of the random generator, so both give identical visit counts.
# The game kernel is called through the cimported Kernel base (vtable calls);
# the tree lives in malloc'ed flat arrays with two open-addressed hash tables.

from libc.stdlib cimport malloc, realloc, free
from libc.math cimport sqrt, log, tanh
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
import numpy as np
from cython_ext.kernel cimport Kernel, Rng

DEF MAXSEATS = 8
cdef int HEADER = 2
cdef unsigned long long GOLDEN = 0x9E3779B97F4A7C15ULL
cdef unsigned long long HASH_MUL = 0x100000001B3ULL
cdef enum:
    SO = 0
    MO = 1
    OMNI = 2
    WIN = 0
    RANK = 1
    SCORE = 2
    CALLBACK = 3


cdef inline unsigned long long mix64(unsigned long long z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline unsigned long long fold(unsigned long long h, int actor, int code) noexcept nogil:
    return mix64(h ^ ((<unsigned long long>(actor + 2) << 32) + <unsigned long long>(<unsigned int>code)))


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef void* grow(void* p, size_t nbytes) except NULL:
    cdef void* q = realloc(p, nbytes)
    if q == NULL:
        raise MemoryError("search tree: out of memory")
    return q


cdef class Search:
    cdef Kernel k
    cdef public int n, size, mm, root_seat, mode, reward_mode, max_nodes, hash_depth, ntrees
    cdef public int root_depth
    cdef public double c, scale
    cdef public object reward_fn, rollout_fn
    cdef public bint determinize, view_keys
    cdef public long long iterations, node_visits_total
    cdef Rng rng
    cdef object world_np, tmp_np, root_np, seats_np, moves_np, sc_np
    cdef int[::1] world, tmp, root, seats, moves, sc
    # nodes
    cdef int nn, ncap
    cdef int* nv
    cdef int* ndepth
    cdef int* nmask
    cdef int* nfirst_child
    cdef int* nnext
    cdef int* nfirst_edge
    cdef unsigned long long* nhash
    # edges
    cdef int ne, ecap
    cdef int* ev_move
    cdef int* ev_seat
    cdef int* ev_visits
    cdef int* ev_avail
    cdef int* ev_next
    cdef double* ev_value
    # child table (node, ev) -> child; edge table key -> edge
    cdef int chcap, chcount
    cdef int* ch_node
    cdef unsigned long long* ch_ev
    cdef int* ch_val
    cdef int ehcap, ehcount
    cdef unsigned long long* eh_key
    cdef int* eh_val
    # roots and root report
    cdef int roots[MAXSEATS]
    cdef double* rvec
    cdef int* rcount
    cdef unsigned long long* pw
    # scratch
    cdef int* eids
    cdef int pcap
    cdef int* path_e
    cdef int* path_nodes
    cdef int acting[MAXSEATS]
    cdef int chosen[MAXSEATS]
    cdef int cur[MAXSEATS]
    cdef unsigned long long evk[MAXSEATS]
    cdef double r[MAXSEATS]

    def __cinit__(self):
        self.nv = NULL; self.ndepth = NULL; self.nmask = NULL; self.nfirst_child = NULL
        self.nnext = NULL; self.nfirst_edge = NULL; self.nhash = NULL
        self.ev_move = NULL; self.ev_seat = NULL; self.ev_visits = NULL; self.ev_avail = NULL
        self.ev_next = NULL; self.ev_value = NULL
        self.ch_node = NULL; self.ch_ev = NULL; self.ch_val = NULL
        self.eh_key = NULL; self.eh_val = NULL
        self.rvec = NULL; self.rcount = NULL; self.pw = NULL; self.eids = NULL
        self.path_e = NULL; self.path_nodes = NULL

    def __init__(self, Kernel kernel, int players, int root_seat, int mode, double exploration,
                 int reward_mode, double scale, int max_nodes, int hash_depth,
                 reward_fn=None, rollout_fn=None):
        cdef int i
        cdef unsigned long long x
        if players > MAXSEATS:
            raise ValueError(f"the search handles at most {MAXSEATS} seats")
        self.k = kernel
        self.n = players
        self.size = kernel.size
        self.mm = kernel.max_moves
        self.root_seat = root_seat
        self.mode = mode
        self.c = exploration
        self.reward_mode = reward_mode
        self.scale = scale
        self.max_nodes = max_nodes
        self.hash_depth = hash_depth
        self.view_keys = True
        self.reward_fn = reward_fn
        self.rollout_fn = rollout_fn
        self.ntrees = players if mode == MO else 1
        self.world_np = np.zeros(self.size, dtype=np.intc)
        self.tmp_np = np.zeros(self.size, dtype=np.intc)
        self.root_np = np.zeros(self.size, dtype=np.intc)
        self.seats_np = np.zeros(players + 1, dtype=np.intc)
        self.moves_np = np.zeros(max(self.mm, 1), dtype=np.intc)
        self.sc_np = np.zeros(players, dtype=np.intc)
        self.world = self.world_np
        self.tmp = self.tmp_np
        self.root = self.root_np
        self.seats = self.seats_np
        self.moves = self.moves_np
        self.sc = self.sc_np
        self.determinize = True
        self.iterations = 0
        self.node_visits_total = 0
        self.pw = <unsigned long long*>grow(NULL, self.size * sizeof(unsigned long long))
        x = 1
        for i in range(self.size):
            self.pw[i] = x
            x = x * HASH_MUL
        self.eids = <int*>grow(NULL, max(self.mm, 1) * sizeof(int))
        self.rvec = <double*>grow(NULL, max(self.mm, 1) * players * sizeof(double))
        self.rcount = <int*>grow(NULL, max(self.mm, 1) * sizeof(int))
        self.pcap = 256
        self.path_e = <int*>grow(NULL, self.pcap * sizeof(int))
        self.path_nodes = <int*>grow(NULL, self.pcap * sizeof(int))
        self.clear()

    def __dealloc__(self):
        self._free_tree()
        free(self.rvec); free(self.rcount); free(self.pw); free(self.eids)
        free(self.path_e); free(self.path_nodes)

    cdef void _free_tree(self) noexcept:
        free(self.nv); free(self.ndepth); free(self.nmask); free(self.nfirst_child)
        free(self.nnext); free(self.nfirst_edge); free(self.nhash)
        free(self.ev_move); free(self.ev_seat); free(self.ev_visits); free(self.ev_avail)
        free(self.ev_next); free(self.ev_value)
        free(self.ch_node); free(self.ch_ev); free(self.ch_val)
        free(self.eh_key); free(self.eh_val)
        self.nv = NULL; self.ndepth = NULL; self.nmask = NULL; self.nfirst_child = NULL
        self.nnext = NULL; self.nfirst_edge = NULL; self.nhash = NULL
        self.ev_move = NULL; self.ev_seat = NULL; self.ev_visits = NULL; self.ev_avail = NULL
        self.ev_next = NULL; self.ev_value = NULL
        self.ch_node = NULL; self.ch_ev = NULL; self.ch_val = NULL
        self.eh_key = NULL; self.eh_val = NULL

    # -- arena --------------------------------------------------------------
    def clear(self):
        """Drop every tree; the roots are nodes 0..ntrees-1."""
        cdef int t, i
        self._free_tree()
        self.nn = 0
        self.ncap = 0
        self.ne = 0
        self.ecap = 0
        self.chcap = 1024
        self.chcount = 0
        self.ch_node = <int*>grow(NULL, self.chcap * sizeof(int))
        self.ch_ev = <unsigned long long*>grow(NULL, self.chcap * sizeof(unsigned long long))
        self.ch_val = <int*>grow(NULL, self.chcap * sizeof(int))
        for i in range(self.chcap):
            self.ch_node[i] = -1
        self.ehcap = 1024
        self.ehcount = 0
        self.eh_key = <unsigned long long*>grow(NULL, self.ehcap * sizeof(unsigned long long))
        self.eh_val = <int*>grow(NULL, self.ehcap * sizeof(int))
        for i in range(self.ehcap):
            self.eh_key[i] = 0
        for t in range(self.ntrees):
            self.roots[t] = self._new_node(-1, 0, 0)
        self.root_depth = 0
        self.reset_root_stats()

    def reset_root_stats(self):
        cdef int i
        for i in range(max(self.mm, 1) * self.n):
            self.rvec[i] = 0.0
        for i in range(max(self.mm, 1)):
            self.rcount[i] = 0

    def node_count(self):
        return self.nn

    def edge_count(self):
        return self.ne

    def memory_bytes(self):
        """Bytes held by the tree arrays and hash tables."""
        return (self.ncap * (6 * sizeof(int) + sizeof(unsigned long long))
                + self.ecap * (5 * sizeof(int) + sizeof(double))
                + self.chcap * (2 * sizeof(int) + sizeof(unsigned long long))
                + self.ehcap * (sizeof(int) + sizeof(unsigned long long)))

    cdef int _new_node(self, int parent, unsigned long long ev, int depth) except -1:
        cdef int i = self.nn
        if i == self.ncap:
            self.ncap = 1024 if self.ncap == 0 else self.ncap * 2
            self.nv = <int*>grow(self.nv, self.ncap * sizeof(int))
            self.ndepth = <int*>grow(self.ndepth, self.ncap * sizeof(int))
            self.nmask = <int*>grow(self.nmask, self.ncap * sizeof(int))
            self.nfirst_child = <int*>grow(self.nfirst_child, self.ncap * sizeof(int))
            self.nnext = <int*>grow(self.nnext, self.ncap * sizeof(int))
            self.nfirst_edge = <int*>grow(self.nfirst_edge, self.ncap * sizeof(int))
            self.nhash = <unsigned long long*>grow(self.nhash, self.ncap * sizeof(unsigned long long))
        self.nn += 1
        self.nv[i] = 0
        self.ndepth[i] = depth
        self.nhash[i] = 0
        self.nmask[i] = 0
        self.nfirst_child[i] = -1
        self.nnext[i] = -1
        self.nfirst_edge[i] = -1
        if parent >= 0:
            self._child_put(parent, ev, i)
            self.nnext[i] = self.nfirst_child[parent]
            self.nfirst_child[parent] = i
        return i

    cdef inline int _child_get(self, int node, unsigned long long ev) noexcept:
        cdef int mask = self.chcap - 1
        cdef int pos = <int>(mix64(ev ^ (<unsigned long long>node * GOLDEN)) & <unsigned long long>mask)
        while self.ch_node[pos] != -1:
            if self.ch_node[pos] == node and self.ch_ev[pos] == ev:
                return self.ch_val[pos]
            pos = (pos + 1) & mask
        return -1

    cdef int _child_put(self, int node, unsigned long long ev, int val) except -1:
        cdef int i, oldcap, mask, pos
        cdef int* on
        cdef unsigned long long* oe
        cdef int* ov
        if (self.chcount + 1) * 2 > self.chcap:
            oldcap, on, oe, ov = self.chcap, self.ch_node, self.ch_ev, self.ch_val
            self.chcap = oldcap * 2
            self.ch_node = <int*>grow(NULL, self.chcap * sizeof(int))
            self.ch_ev = <unsigned long long*>grow(NULL, self.chcap * sizeof(unsigned long long))
            self.ch_val = <int*>grow(NULL, self.chcap * sizeof(int))
            for i in range(self.chcap):
                self.ch_node[i] = -1
            self.chcount = 0
            for i in range(oldcap):
                if on[i] != -1:
                    self._child_put(on[i], oe[i], ov[i])
            free(on); free(oe); free(ov)
        mask = self.chcap - 1
        pos = <int>(mix64(ev ^ (<unsigned long long>node * GOLDEN)) & <unsigned long long>mask)
        while self.ch_node[pos] != -1:
            pos = (pos + 1) & mask
        self.ch_node[pos] = node
        self.ch_ev[pos] = ev
        self.ch_val[pos] = val
        self.chcount += 1
        return 0

    cdef int _edge(self, int node, int seat, int move) except -1:
        cdef unsigned long long key = (<unsigned long long>(node * 8 + seat) * <unsigned long long>self.mm
                                       + <unsigned long long>move) + 1
        cdef int mask = self.ehcap - 1
        cdef int pos = <int>(mix64(key) & <unsigned long long>mask)
        cdef int e, i, oldcap
        cdef unsigned long long* ok
        cdef int* ov
        while self.eh_key[pos] != 0:
            if self.eh_key[pos] == key:
                return self.eh_val[pos]
            pos = (pos + 1) & mask
        e = self.ne
        if e == self.ecap:
            self.ecap = 1024 if self.ecap == 0 else self.ecap * 2
            self.ev_move = <int*>grow(self.ev_move, self.ecap * sizeof(int))
            self.ev_seat = <int*>grow(self.ev_seat, self.ecap * sizeof(int))
            self.ev_visits = <int*>grow(self.ev_visits, self.ecap * sizeof(int))
            self.ev_avail = <int*>grow(self.ev_avail, self.ecap * sizeof(int))
            self.ev_next = <int*>grow(self.ev_next, self.ecap * sizeof(int))
            self.ev_value = <double*>grow(self.ev_value, self.ecap * sizeof(double))
        self.ne += 1
        self.ev_move[e] = move
        self.ev_seat[e] = seat
        self.ev_visits[e] = 0
        self.ev_avail[e] = 0
        self.ev_value[e] = 0.0
        self.ev_next[e] = self.nfirst_edge[node]
        self.nfirst_edge[node] = e
        self.eh_key[pos] = key
        self.eh_val[pos] = e
        self.ehcount += 1
        if self.ehcount * 2 > self.ehcap:
            oldcap, ok, ov = self.ehcap, self.eh_key, self.eh_val
            self.ehcap = oldcap * 2
            mask = self.ehcap - 1
            self.eh_key = <unsigned long long*>grow(NULL, self.ehcap * sizeof(unsigned long long))
            self.eh_val = <int*>grow(NULL, self.ehcap * sizeof(int))
            for i in range(self.ehcap):
                self.eh_key[i] = 0
            for i in range(oldcap):
                if ok[i] != 0:
                    pos = <int>(mix64(ok[i]) & <unsigned long long>mask)
                    while self.eh_key[pos] != 0:
                        pos = (pos + 1) & mask
                    self.eh_key[pos] = ok[i]
                    self.eh_val[pos] = ov[i]
            free(ok); free(ov)
        return e

    # -- root ---------------------------------------------------------------
    def set_root(self, buf, bint determinize):
        cdef int[::1] b = np.ascontiguousarray(buf, dtype=np.intc)
        self.root[:] = b
        self.determinize = determinize

    def find_node(self, unsigned long long h):
        """The most visited node of the root seat's tree whose view hash is ``h``."""
        cdef int best = -1, bv = -1, x, c
        cdef int tree_root = self.roots[self.root_seat if self.mode == MO else 0]
        stack = [tree_root]
        while stack:
            x = stack.pop()
            if x != tree_root and self.nhash[x] == h and self.nv[x] > bv:
                best, bv = x, self.nv[x]
            if self.ndepth[x] - self.root_depth < self.hash_depth:
                c = self.nfirst_child[x]
                while c >= 0:
                    stack.append(c)
                    c = self.nnext[c]
        return best

    def reroot(self, int node):
        self.roots[0] = node
        self.root_depth = self.ndepth[node]
        self.reset_root_stats()

    # -- the iteration ------------------------------------------------------
    cdef inline int _code(self, int t, int actor, int move) except? -2:
        cdef int owner
        if self.mode == OMNI:
            return move
        owner = t if self.mode == MO else self.root_seat
        if actor == owner:
            return move
        return self.k.observed_move(self.world, actor, move, owner)

    cdef int _select(self, int node, int seat, int* edge_out) except -1:
        cdef int nl, i, e, untried = 0, r, best = 0, nvis
        cdef double v, bestv = -1.0e300
        nl = self.k.legal(self.world, seat, self.moves)
        self.nmask[node] |= 1 << seat
        for i in range(nl):
            e = self._edge(node, seat, self.moves[i])
            self.ev_avail[e] += 1
            self.eids[i] = e
            if self.ev_visits[e] == 0:
                untried += 1
        if untried > 0:
            r = self.rng.below(untried)
            for i in range(nl):
                if self.ev_visits[self.eids[i]] == 0:
                    if r == 0:
                        edge_out[0] = self.eids[i]
                        return self.moves[i]
                    r -= 1
        for i in range(nl):
            e = self.eids[i]
            nvis = self.ev_visits[e]
            v = self.ev_value[e] / nvis + self.c * sqrt(log(<double>self.ev_avail[e]) / nvis)
            if v > bestv:
                best = i
                bestv = v
        edge_out[0] = self.eids[best]
        return self.moves[best]

    cdef int _grow_paths(self) except -1:
        self.pcap *= 2
        self.path_e = <int*>grow(self.path_e, self.pcap * sizeof(int))
        self.path_nodes = <int*>grow(self.path_nodes, self.pcap * sizeof(int))
        return 0

    cdef int iterate(self) except -1:
        cdef Kernel k = self.k
        cdef int n = self.n, T = self.ntrees, na, j, s, t, m, e, o, c, i, nc
        cdef int plen = 0, nlen = 0
        cdef bint grown
        cdef unsigned long long vh
        self.world[:] = self.root
        if self.determinize:
            k.determinize(self.world, self.root_seat, self.rng)
        for t in range(T):
            self.cur[t] = self.roots[t]
            self.path_nodes[nlen] = self.roots[t]
            nlen += 1
        while True:
            na = k.to_move(self.world, self.seats)
            if na == 0 or self.seats[0] < 0:
                break
            for j in range(na):
                self.acting[j] = self.seats[j]
            for j in range(na):
                s = self.acting[j]
                t = s if self.mode == MO else 0
                m = self._select(self.cur[t], s, &e)
                self.chosen[j] = m
                if plen == self.pcap:
                    self._grow_paths()
                self.path_e[plen] = e
                plen += 1
            for t in range(T):
                self.evk[t] = 0
            for j in range(na):
                s = self.acting[j]
                m = self.chosen[j]
                for t in range(T):
                    self.evk[t] = fold(self.evk[t], s, self._code(t, s, m))
                k.apply(self.world, s, m)
            while True:
                nc = k.to_move(self.world, self.seats)
                if nc == 0 or self.seats[0] >= 0:
                    break
                o = k.sample_chance(self.world, self.rng)
                if self.mode == OMNI:
                    self.evk[0] = fold(self.evk[0], -1, o)
                k.apply(self.world, -1, o)
            grown = False
            for t in range(T):
                vh = 0
                if self.mode != OMNI:
                    vh = self._owner_view_hash(t)
                    if self.view_keys:
                        self.evk[t] = mix64(self.evk[t] ^ vh)
                c = self._child_get(self.cur[t], self.evk[t])
                if c < 0:
                    grown = True
                    if self.nn < self.max_nodes:
                        c = self._new_node(self.cur[t], self.evk[t], self.ndepth[self.cur[t]] + 1)
                        self.nhash[c] = vh
                self.cur[t] = c
                if c >= 0:
                    if nlen == self.pcap:
                        self._grow_paths()
                    self.path_nodes[nlen] = c
                    nlen += 1
            if grown:
                break
        if k.to_move(self.world, self.seats) > 0:
            if self.rollout_fn is not None:
                self.rollout_fn(self.world_np, self.rng)
            else:
                k.rollout(self.world, self.rng)
        self._reward()
        for i in range(plen):
            e = self.path_e[i]
            s = self.ev_seat[e]
            self.ev_visits[e] += 1
            self.ev_value[e] += self.r[s]
        for i in range(nlen):
            self.nv[self.path_nodes[i]] += 1
        for i in range(plen):
            e = self.path_e[i]
            if self.ev_seat[e] == self.root_seat:
                m = self.ev_move[e]
                self.rcount[m] += 1
                for j in range(n):
                    self.rvec[m * n + j] += self.r[j]
                break
        self.iterations += 1
        self.node_visits_total += nlen
        return 0

    cdef unsigned long long _owner_view_hash(self, int t) except? 0:
        cdef int owner = t if self.mode == MO else self.root_seat, i
        cdef unsigned long long h = 0
        self.tmp[:] = self.world
        self.k.observe(self.tmp, owner)
        for i in range(HEADER, self.size):
            h += <unsigned long long>(<unsigned int>self.tmp[i]) * self.pw[i]
        return mix64(h)

    cdef int _reward(self) except -1:
        cdef int n = self.n, i, j, best, cnt, below, ties, rival
        if self.reward_mode == CALLBACK:
            vals = self.reward_fn(self.world_np)
            for i in range(n):
                self.r[i] = float(vals[i])
            return 0
        self.k.scores(self.world, self.sc)
        if self.reward_mode == WIN:
            best = self.sc[0]
            for i in range(1, n):
                if self.sc[i] > best:
                    best = self.sc[i]
            cnt = 0
            for i in range(n):
                if self.sc[i] == best:
                    cnt += 1
            for i in range(n):
                self.r[i] = 1.0 / cnt if self.sc[i] == best else 0.0
        elif self.reward_mode == RANK:
            for i in range(n):
                below = 0
                ties = 0
                for j in range(n):
                    if self.sc[j] < self.sc[i]:
                        below += 1
                    elif self.sc[j] == self.sc[i] and j != i:
                        ties += 1
                self.r[i] = (below + ties / 2.0) / (n - 1) if n > 1 else 1.0
        else:
            for i in range(n):
                rival = -(1 << 30)
                for j in range(n):
                    if j != i and self.sc[j] > rival:
                        rival = self.sc[j]
                if n == 1:
                    rival = 0
                self.r[i] = 0.5 + 0.5 * tanh(<double>(self.sc[i] - rival) / self.scale)
        return 0

    cpdef long long run(self, Rng rng, long long max_iters, double deadline, long long max_node_visits):
        """Run up to ``max_iters`` iterations, stopping early once the monotonic
        clock (``time.perf_counter()``) passes ``deadline`` (<= 0: none) or the node
        visits reach ``max_node_visits`` (<= 0: none).  Returns the iterations run."""
        cdef long long done = 0
        self.rng = rng
        while done < max_iters:
            self.iterate()
            done += 1
            if deadline > 0 and now() >= deadline:
                break
            if 0 < max_node_visits <= self.node_visits_total:
                break
        return done

    # -- reading the tree ---------------------------------------------------
    def edges_of(self, int node):
        cdef int e = self.nfirst_edge[node]
        out = []
        while e >= 0:
            out.append((self.ev_seat[e], self.ev_move[e], self.ev_visits[e], self.ev_value[e]))
            e = self.ev_next[e]
        out.sort()
        return out

    def children_of(self, int node):
        cdef int c = self.nfirst_child[node]
        out = []
        while c >= 0:
            out.append((c, self.nv[c]))
            c = self.nnext[c]
        out.reverse()
        return out

    def node_info(self, int node):
        return self.nv[node], self.ndepth[node], self.nmask[node]

    def root_vector(self, int move):
        cdef int c = self.rcount[move]
        return c, [self.rvec[move * self.n + i] / c if c else 0.0 for i in range(self.n)]

    def get_roots(self):
        return [self.roots[t] for t in range(self.ntrees)]
