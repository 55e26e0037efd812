"""The ISMCTS iteration loop over one game kernel.

One *arena* holds the nodes of every tree (one tree in SO/omniscient mode, one
per seat in MO mode).  A node is a decision point (some seats to move, chance
already resolved).  Its children are found by ``(node, ev)`` where ``ev`` is a
64-bit fold of the events between the two decision points *as the tree's owner
observes them* (``kernel.observed_move``: a hidden pick of another seat folds
to the same code whatever it was, so the tree does not branch on it), then of
the hash of the owner's view at the new decision point (what the step revealed
to it: a hand received, cards turned face up).  So a node is an information
set of its owner, and a later search finds its root in the tree by view hash.
Chance outcomes enter the key only through that view hash (in omniscient
mode, used by the PIMC baseline, every move and outcome is folded as is).

Statistics live on *edges* ``(node, seat, move)``: visits, availability and
the sum of ``seat``'s reward.  At a simultaneous step every acting seat selects
at the same node on its own edges (decoupled), then the joint step is applied.

Reward modes: ``WIN`` win share (ties split), ``RANK`` rank, ``SCORE``
normalised score margin, computed from ``kernel.scores`` exactly like
``engine.core.returns_from`` with score keys; ``CALLBACK`` calls
``reward_fn(world)`` (games with their own tie-breaks).

Storage: nodes and edges are flat arrays indexed by id (``nv[node]``,
``ev_visits[edge]`` ...), grown by doubling; children and edges are found
through two open-addressed hash tables with linear probing (``ch_*``:
``(node, ev) -> child``, ``eh_*``: edge key ``-> edge``, key 0 = empty).
Compiled they are ``malloc``'ed C arrays, interpreted Python lists; the
helpers ``new_*``/``resize_*``/``release`` are the only code that differs.

This file is compiled by Cython (declarations in ``ismcts.pxd``) and runs
unchanged as plain Python; both modes use the random generator identically
(same calls, same order), so they give the same trees for the same kernel,
root and seed.

>>> import numpy
>>> view_hash(numpy.zeros(6, dtype=numpy.intc), 6) == view_hash(numpy.zeros(6, dtype=numpy.intc), 6)
True
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

if not cython.compiled:
    import time
    from math import log, sqrt, tanh

    from cython_ext.shim import enum_constants

    from .kernel import HEADER, ptr

    globals().update(enum_constants(__file__))

    def uptr(v):
        """Interpreted stand-in for the ``.pxd``'s pointer to ``v[0]``: the array itself."""
        return v

    def as_int(x):
        """Interpreted stand-in for the ``.pxd``'s C int: a numpy scalar read from a
        buffer becomes a Python int (numpy int32 arithmetic would wrap in the keys)."""
        return int(x)

MASK64 = (1 << 64) - 1
GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
LOW32 = cython.declare(cython.uint, 0xFFFFFFFF)
HASH_MUL = cython.declare(cython.ulonglong, 0x100000001B3)  # odd multiplier of the view hash polynomial


def mix64(z):
    """splitmix64 finaliser: spreads the bits of a 64-bit key."""
    if not cython.compiled:  # C wraps unsigned arithmetic modulo 2**64
        z &= MASK64
    z = (z ^ (z >> 30)) * MIX1
    if not cython.compiled:
        z &= MASK64
    z = (z ^ (z >> 27)) * MIX2
    if not cython.compiled:
        z &= MASK64
    return z ^ (z >> 31)


def fold(h, actor, code):
    """Fold one observed event ``(actor, code)`` into the running key ``h``."""
    a: cython.ulonglong = actor + 2        # actor >= -1 (chance)
    c: cython.ulonglong = code & LOW32       # the code as an unsigned 32-bit word
    return mix64(h ^ ((a << 32) + c))


def words_hash(b, pw, size):
    """Hash of buffer words ``HEADER:size`` (a seat's view): sum of the words (as
    unsigned 32-bit) times the powers ``pw`` of ``HASH_MUL``, modulo 2**64."""
    i: cython.int
    h: cython.ulonglong = 0
    if cython.compiled:
        for i in range(HEADER, size):
            h += cython.cast(cython.ulonglong, cython.cast(cython.uint, b[i])) * pw[i]
    else:  # the same sum, vectorised (numpy's uint64 wraps like C)
        words = (np.asarray(b[HEADER:size], dtype=np.int64) & 0xFFFFFFFF).astype(np.uint64)
        h = int((words * pw[HEADER:size]).sum(dtype=np.uint64))
    return mix64(h)


_POW: dict = {}


def powers(size):
    """``HASH_MUL ** i`` modulo 2**64 for ``i < size`` (a shared, read-only uint64 array)."""
    if size not in _POW:
        p = np.zeros(max(size, 1), dtype=np.ulonglong)
        x = 1
        for i in range(size):
            p[i] = x
            x = (x * HASH_MUL) & MASK64
        _POW[size] = p
    return _POW[size]


def view_hash(buf, size: cython.int):
    """The view hash the tree stores on a node, of a seat's view ``buf`` (``find_node`` looks it up)."""
    b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
    pw: cython.ulonglong[::1] = powers(size)
    return words_hash(ptr(b), uptr(pw), size)


def now():
    """The monotonic clock of ``time.perf_counter()``, in seconds."""
    if cython.compiled:
        ts = cython.declare(timespec)
        clock_gettime(CLOCK_MONOTONIC, cython.address(ts))
        return ts.tv_sec + ts.tv_nsec * 1e-9
    else:
        return time.perf_counter()


# -- the tree's arrays: the only code that differs between the two modes ------

def grow(p, nbytes):
    """``realloc``, raising MemoryError on failure (compiled only)."""
    q: cython.p_void = realloc(p, nbytes)
    if q == cython.NULL:
        raise MemoryError("search tree: out of memory")  # calls Python: raise
    return q


def new_ints(n, fill):
    """A fresh array of ``n`` ints set to ``fill``."""
    i: cython.int
    if cython.compiled:
        p: cython.p_int = cython.cast(cython.p_int, grow(cython.NULL, n * cython.sizeof(cython.int)))
    else:
        p = [0] * n
    for i in range(n):
        p[i] = fill
    return p


def new_keys(n):
    """A fresh array of ``n`` zero 64-bit keys."""
    i: cython.int
    if cython.compiled:
        p: cython.p_ulonglong = cython.cast(cython.p_ulonglong, grow(cython.NULL, n * cython.sizeof(cython.ulonglong)))
        for i in range(n):
            p[i] = 0
        return p
    else:
        return [0] * n


def new_doubles(n):
    """A fresh array of ``n`` zero doubles."""
    i: cython.int
    if cython.compiled:
        p: cython.p_double = cython.cast(cython.p_double, grow(cython.NULL, n * cython.sizeof(cython.double)))
        for i in range(n):
            p[i] = 0.0
        return p
    else:
        return [0.0] * n


def resize_ints(p, old, n):
    """``p`` (``old`` entries) grown to ``n`` entries, keeping its contents."""
    if cython.compiled:
        return cython.cast(cython.p_int, grow(p, n * cython.sizeof(cython.int)))
    else:
        return p[:old] + [0] * (n - old)


def resize_keys(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, grow(p, n * cython.sizeof(cython.ulonglong)))
    else:
        return p[:old] + [0] * (n - old)


def resize_doubles(p, old, n):
    if cython.compiled:
        return cython.cast(cython.p_double, grow(p, n * cython.sizeof(cython.double)))
    else:
        return p[:old] + [0.0] * (n - old)


def release(p):
    """Free an array (interpreted, the list is simply dropped)."""
    if cython.compiled:
        free(p)


@cython.cclass
class Search:
    """The search tree and iteration loop over one game kernel.

    ``mode``: SO (one tree owned by ``root_seat``), MO (one tree per seat) or
    OMNI (one tree, every move visible: determinized UCT on a fixed world).
    """

    def __init__(self, kernel, players: cython.int, root_seat: cython.int, mode: cython.int,
                 exploration: cython.double, reward_mode: cython.int, scale: cython.double,
                 max_nodes: cython.int, hash_depth: cython.int, reward_fn=None, rollout_fn=None):
        if players > MAXSEATS:
            raise ValueError(f"the search handles at most {MAXSEATS} seats")
        if not cython.compiled:  # the C arrays of the .pxd
            self.roots = [0] * MAXSEATS
            self.acting = [0] * MAXSEATS
            self.chosen = [0] * MAXSEATS
            self.cur = [0] * MAXSEATS
            self.evk = [0] * MAXSEATS
            self.r = [0.0] * MAXSEATS
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
        self.view_keys = True  # False: children keyed by observed moves only
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
        self.pw_np = powers(self.size)
        self.pw = uptr(self.pw_np)
        self.eids = new_ints(max(self.mm, 1), 0)
        self.rvec = new_doubles(max(self.mm, 1) * players)
        self.rcount = new_ints(max(self.mm, 1), 0)
        self.pcap = 256
        self.path_e = new_ints(self.pcap, 0)
        self.path_nodes = new_ints(self.pcap, 0)
        self.clear()

    def __dealloc__(self):
        self._free_tree()
        release(self.rvec)
        release(self.rcount)
        release(self.eids)
        release(self.path_e)
        release(self.path_nodes)

    def _free_tree(self):
        if cython.compiled:  # interpreted, clear() just replaces the lists
            free(self.nv); free(self.ndepth); free(self.nmask); free(self.nfirst_child)
            free(self.nnext); free(self.nfirst_edge); free(self.nhash)
            free(self.ev_move); free(self.ev_seat); free(self.ev_visits); free(self.ev_avail)
            free(self.ev_next); free(self.ev_value)
            free(self.ch_node); free(self.ch_ev); free(self.ch_val)
            free(self.eh_key); free(self.eh_val)
            self.nv = cython.NULL; self.ndepth = cython.NULL; self.nmask = cython.NULL
            self.nfirst_child = cython.NULL; self.nnext = cython.NULL; self.nfirst_edge = cython.NULL
            self.nhash = cython.NULL
            self.ev_move = cython.NULL; self.ev_seat = cython.NULL; self.ev_visits = cython.NULL
            self.ev_avail = cython.NULL; self.ev_next = cython.NULL; self.ev_value = cython.NULL
            self.ch_node = cython.NULL; self.ch_ev = cython.NULL; self.ch_val = cython.NULL
            self.eh_key = cython.NULL; self.eh_val = cython.NULL

    # -- arena --------------------------------------------------------------
    def clear(self):
        """Drop every tree; the roots are nodes 0..ntrees-1."""
        t: cython.int
        self._free_tree()
        self.nn = 0
        self.ncap = 1024
        self.nv = new_ints(self.ncap, 0)               # node visits
        self.ndepth = new_ints(self.ncap, 0)
        self.nmask = new_ints(self.ncap, 0)            # seats that acted here (bitmask)
        self.nfirst_child = new_ints(self.ncap, 0)
        self.nnext = new_ints(self.ncap, 0)            # next sibling
        self.nfirst_edge = new_ints(self.ncap, 0)
        self.nhash = new_keys(self.ncap)               # view hash of the owner (0 if not computed)
        self.ne = 0
        self.ecap = 1024
        self.ev_move = new_ints(self.ecap, 0)
        self.ev_seat = new_ints(self.ecap, 0)
        self.ev_visits = new_ints(self.ecap, 0)
        self.ev_avail = new_ints(self.ecap, 0)
        self.ev_next = new_ints(self.ecap, 0)          # next edge of the same node
        self.ev_value = new_doubles(self.ecap)         # sum of the edge seat's rewards
        self.chcap = 1024
        self.chcount = 0
        self.ch_node = new_ints(self.chcap, -1)        # -1: empty slot
        self.ch_ev = new_keys(self.chcap)
        self.ch_val = new_ints(self.chcap, 0)
        self.ehcap = 1024
        self.ehcount = 0
        self.eh_key = new_keys(self.ehcap)             # 0: empty slot (keys are >= 1)
        self.eh_val = new_ints(self.ehcap, 0)
        for t in range(self.ntrees):
            self.roots[t] = self._new_node(-1, 0, 0)
        self.root_depth = 0
        self.reset_root_stats()

    def reset_root_stats(self):
        i: cython.int
        for i in range(max(self.mm, 1) * self.n):
            self.rvec[i] = 0.0
        for i in range(max(self.mm, 1)):
            self.rcount[i] = 0

    def node_count(self):
        return self.nn

    def edge_count(self):
        return self.ne

    def memory_bytes(self):
        """Bytes held by the tree arrays and hash tables (compiled; interpreted a C-sized estimate)."""
        isz = 4
        ksz = dsz = 8
        return (self.ncap * (6 * isz + ksz) + self.ecap * (5 * isz + dsz)
                + self.chcap * (2 * isz + ksz) + self.ehcap * (isz + ksz))

    def _new_node(self, parent, ev, depth):
        i: cython.int = self.nn
        if i == self.ncap:
            self.nv = resize_ints(self.nv, self.ncap, self.ncap * 2)
            self.ndepth = resize_ints(self.ndepth, self.ncap, self.ncap * 2)
            self.nmask = resize_ints(self.nmask, self.ncap, self.ncap * 2)
            self.nfirst_child = resize_ints(self.nfirst_child, self.ncap, self.ncap * 2)
            self.nnext = resize_ints(self.nnext, self.ncap, self.ncap * 2)
            self.nfirst_edge = resize_ints(self.nfirst_edge, self.ncap, self.ncap * 2)
            self.nhash = resize_keys(self.nhash, self.ncap, self.ncap * 2)
            self.ncap *= 2
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

    def _child_get(self, node, ev):
        mask: cython.int = self.chcap - 1
        pos: cython.int = mix64(ev ^ (node * GOLDEN)) & mask
        while self.ch_node[pos] != -1:
            if self.ch_node[pos] == node and self.ch_ev[pos] == ev:
                return self.ch_val[pos]
            pos = (pos + 1) & mask
        return -1

    def _child_put(self, node, ev, val):
        i: cython.int
        oldcap: cython.int
        mask: cython.int
        pos: cython.int
        on: cython.p_int
        oe: cython.p_ulonglong
        ov: cython.p_int
        if (self.chcount + 1) * 2 > self.chcap:  # rehash into a table twice as large
            oldcap, on, oe, ov = self.chcap, self.ch_node, self.ch_ev, self.ch_val
            self.chcap = oldcap * 2
            self.ch_node = new_ints(self.chcap, -1)
            self.ch_ev = new_keys(self.chcap)
            self.ch_val = new_ints(self.chcap, 0)
            self.chcount = 0
            for i in range(oldcap):
                if on[i] != -1:
                    self._child_put(on[i], oe[i], ov[i])
            release(on)
            release(oe)
            release(ov)
        mask = self.chcap - 1
        pos = mix64(ev ^ (node * GOLDEN)) & mask
        while self.ch_node[pos] != -1:
            pos = (pos + 1) & mask
        self.ch_node[pos] = node
        self.ch_ev[pos] = ev
        self.ch_val[pos] = val
        self.chcount += 1
        return 0

    def _edge(self, node, seat, move):
        """The edge ``(node, seat, move)``, created on first use."""
        key: cython.ulonglong = node * 8 + seat
        mask: cython.int = self.ehcap - 1
        pos: cython.int
        key = key * self.mm + move + 1  # unsigned 64-bit, >= 1 (0 marks an empty slot)
        pos = mix64(key) & mask
        e: cython.int
        i: cython.int
        oldcap: cython.int
        ok: cython.p_ulonglong
        ov: cython.p_int
        while self.eh_key[pos] != 0:
            if self.eh_key[pos] == key:
                return self.eh_val[pos]
            pos = (pos + 1) & mask
        e = self.ne
        if e == self.ecap:
            self.ev_move = resize_ints(self.ev_move, self.ecap, self.ecap * 2)
            self.ev_seat = resize_ints(self.ev_seat, self.ecap, self.ecap * 2)
            self.ev_visits = resize_ints(self.ev_visits, self.ecap, self.ecap * 2)
            self.ev_avail = resize_ints(self.ev_avail, self.ecap, self.ecap * 2)
            self.ev_next = resize_ints(self.ev_next, self.ecap, self.ecap * 2)
            self.ev_value = resize_doubles(self.ev_value, self.ecap, self.ecap * 2)
            self.ecap *= 2
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
        if self.ehcount * 2 > self.ehcap:  # rehash into a table twice as large
            oldcap, ok, ov = self.ehcap, self.eh_key, self.eh_val
            self.ehcap = oldcap * 2
            mask = self.ehcap - 1
            self.eh_key = new_keys(self.ehcap)
            self.eh_val = new_ints(self.ehcap, 0)
            for i in range(oldcap):
                if ok[i] != 0:
                    pos = mix64(ok[i]) & mask
                    while self.eh_key[pos] != 0:
                        pos = (pos + 1) & mask
                    self.eh_key[pos] = ok[i]
                    self.eh_val[pos] = ov[i]
            release(ok)
            release(ov)
        return e

    # -- root ---------------------------------------------------------------
    def set_root(self, buf, determinize: cython.bint):
        b: cython.int[::1] = np.ascontiguousarray(buf, dtype=np.intc)
        self.root[:] = b
        self.determinize = determinize

    def find_node(self, h: cython.ulonglong):
        """The most visited node of the root seat's tree whose view hash is ``h``."""
        best: cython.int = -1
        bv: cython.int = -1
        x: cython.int
        c: cython.int
        tree_root: cython.int = self.roots[self.root_seat if self.mode == MO else 0]
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

    def reroot(self, node: cython.int):
        """Make ``node`` the root of the (single) tree, keeping its subtree."""
        self.roots[0] = node
        self.root_depth = self.ndepth[node]
        self.reset_root_stats()

    # -- the iteration ------------------------------------------------------
    def _code(self, t, actor, move):
        """What the owner of tree ``t`` sees of ``actor`` playing ``move``."""
        owner: cython.int
        if self.mode == OMNI:
            return move
        owner = t if self.mode == MO else self.root_seat
        if actor == owner:
            return move
        return self.k.observed_move(self.world, actor, move, owner)

    def _select(self, node, seat):
        """UCB1 among ``seat``'s edges at ``node`` (an untried one first, drawn at random)."""
        nl: cython.int
        i: cython.int
        e: cython.int
        untried: cython.int = 0
        r: cython.int
        best: cython.int = 0
        nvis: cython.int
        v: cython.double
        bestv: cython.double = -1.0e300
        nl = self.k.legal(self.world, seat, self.moves)
        self.nmask[node] |= 1 << seat
        for i in range(nl):
            e = self._edge(node, seat, as_int(self.moves[i]))
            self.ev_avail[e] += 1
            self.eids[i] = e
            if self.ev_visits[e] == 0:
                untried += 1
        if untried > 0:
            r = self.rng.below(untried)
            for i in range(nl):
                if self.ev_visits[self.eids[i]] == 0:
                    if r == 0:
                        return self.eids[i]
                    r -= 1
        for i in range(nl):
            e = self.eids[i]
            nvis = self.ev_visits[e]
            v = self.ev_value[e] / nvis + self.c * sqrt(log(self.ev_avail[e]) / nvis)
            if v > bestv:
                best = i
                bestv = v
        return self.eids[best]

    def _grow_paths(self):
        self.path_e = resize_ints(self.path_e, self.pcap, self.pcap * 2)
        self.path_nodes = resize_ints(self.path_nodes, self.pcap, self.pcap * 2)
        self.pcap *= 2
        return 0

    def iterate(self):
        """One iteration: determinize, descend (adding one node per tree), roll out, back up."""
        k: Kernel = self.k  # calls Python: a reference to the kernel
        n: cython.int = self.n
        T: cython.int = self.ntrees
        na: cython.int
        j: cython.int
        s: cython.int
        t: cython.int
        m: cython.int
        e: cython.int
        o: cython.int
        c: cython.int
        i: cython.int
        nc: cython.int
        plen: cython.int = 0
        nlen: cython.int = 0
        grown: cython.bint
        vh: cython.ulonglong
        self.world[:] = self.root
        if self.determinize:
            k.determinize(self.world, self.root_seat, self.rng)  # calls Python: the Rng object
        for t in range(T):
            self.cur[t] = self.roots[t]
            self.path_nodes[nlen] = self.roots[t]
            nlen += 1
        while True:
            na = k.to_move(self.world, self.seats)
            if na == 0 or self.seats[0] < 0:
                break
            for j in range(na):
                self.acting[j] = as_int(self.seats[j])
            for j in range(na):
                s = self.acting[j]
                t = s if self.mode == MO else 0
                e = self._select(self.cur[t], s)
                self.chosen[j] = self.ev_move[e]
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
                    self.evk[t] = fold(self.evk[t], s, self._code(t, s, m))  # calls Python: observed_move may raise
                k.apply(self.world, s, m)
            while True:
                nc = k.to_move(self.world, self.seats)
                if nc == 0 or self.seats[0] >= 0:
                    break
                o = k.sample_chance(self.world, self.rng)  # calls Python: the Rng object
                if self.mode == OMNI:
                    # SO/MO: what an owner sees of chance shows in its view hash below,
                    # so a kernel reporting hidden deals as seen cannot split nodes
                    self.evk[0] = fold(self.evk[0], -1, o)
                k.apply(self.world, -1, o)
            grown = False
            for t in range(T):
                vh = 0
                if self.mode != OMNI:
                    # what the owner now sees (cards revealed, hands received) is part
                    # of its information set, not only the observed moves
                    vh = self._owner_view_hash(t)  # calls Python: observe may raise
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
                self.rollout_fn(self.world_np, self.rng)  # calls Python: the optional Python rollout
            else:
                k.rollout(self.world, self.rng)  # calls Python: the Rng object
        self._reward()
        for i in range(plen):
            e = self.path_e[i]
            s = self.ev_seat[e]
            self.ev_visits[e] += 1
            self.ev_value[e] += self.r[s]
        for i in range(nlen):
            self.nv[self.path_nodes[i]] += 1
        # root move report: the root seat's edge is the first one chosen by it
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

    def _owner_view_hash(self, t):
        owner: cython.int = t if self.mode == MO else self.root_seat
        self.tmp[:] = self.world
        self.k.observe(self.tmp, owner)
        return words_hash(ptr(self.tmp), self.pw, self.size)

    def _reward(self):
        """Fill ``r`` with every seat's reward for the finished world."""
        n: cython.int = self.n
        i: cython.int
        j: cython.int
        best: cython.int
        cnt: cython.int
        below: cython.int
        ties: cython.int
        rival: cython.int
        if self.reward_mode == CALLBACK:
            vals = self.reward_fn(self.world_np)  # calls Python: the optional Python reward
            for i in range(n):
                self.r[i] = float(vals[i])  # calls Python: its result
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
                self.r[i] = 0.5 + 0.5 * tanh((self.sc[i] - rival) / self.scale)
        return 0

    def run(self, rng, max_iters, deadline, max_node_visits):
        """Run up to ``max_iters`` iterations, stopping early once the monotonic
        clock (``time.perf_counter()``) passes ``deadline`` (<= 0: none) or the node
        visits reach ``max_node_visits`` (<= 0: none).  Returns the iterations run."""
        done: cython.longlong = 0
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
    def edges_of(self, node: cython.int):
        """``(seat, move, visits, value_sum)`` of every edge of ``node``, by seat then move."""
        e: cython.int = self.nfirst_edge[node]
        out = []
        while e >= 0:
            out.append((self.ev_seat[e], self.ev_move[e], self.ev_visits[e], self.ev_value[e]))
            e = self.ev_next[e]
        out.sort()
        return out

    def children_of(self, node: cython.int):
        """``(child, visits)`` of every child of ``node``, in creation order."""
        c: cython.int = self.nfirst_child[node]
        out = []
        while c >= 0:
            out.append((c, self.nv[c]))
            c = self.nnext[c]
        out.reverse()
        return out

    def node_info(self, node: cython.int):
        """``(visits, depth, acting-seat mask)``."""
        return self.nv[node], self.ndepth[node], self.nmask[node]

    def root_vector(self, move: cython.int):
        """``(iterations through move, mean reward vector)`` of the root seat's move."""
        c: cython.int = self.rcount[move]
        return c, [self.rvec[move * self.n + i] / c if c else 0.0 for i in range(self.n)]

    def get_roots(self):
        return [self.roots[t] for t in range(self.ntrees)]
