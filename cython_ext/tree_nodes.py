"""The search tree's nodes: their records and the child table that finds them.

One *arena* holds the nodes of every tree (one tree in SO/omniscient mode, one
per seat in MO mode; the roots are nodes ``0..ntrees-1``).  A node is a
decision point (some seats to move, chance already resolved).  Its children
are found by ``(node, ev)`` where ``ev`` is the 64-bit key of the events
between the two decision points as the tree's owner observes them
(``Search.iterate``, ``tree_hash.fold``).

A node is a record of eight ints indexed by id (visits, first child, next
sibling, first segment, parent, that segment's first edge, its 64-bit key in
the last two: one cache line).  Children are found through one open-addressed
table of child ids (linear probing, -1 = empty) checked against those records;
a slot's spare high bits keep part of the hash, so a probe reads only the
records of likely matches.  View hashes are stored only with ``view_keys``
(tree reuse by view, ``find_node``).

The edges of a node are in ``tree_segments``, which extends this class.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .tree_hash import mix64
    from .tree_memory import new_ints, new_keys, prefetch, release, resize_ints, resize_keys

    globals().update(enum_constants(__file__))

GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)


def keys_of(nd, nk, old, n):
    """The 64-bit keys of the node records ``nd`` (``n`` records of ``NODE_INTS`` ints):
    compiled, ``nd`` read as 64-bit words (a key is a record's last two ints);
    interpreted, a list of as many words, grown keeping ``nk``."""
    if cython.compiled:
        return cython.cast(cython.p_ulonglong, nd)
    else:
        return (nk[:NODE_INTS // 2 * old] if old else []) + [0] * (NODE_INTS // 2 * (n - old))


@cython.cclass
class TreeNodes:
    """The node records and the child table of the search's trees (``ismcts.Search``)."""

    def _clear_nodes(self):
        """No node at all, the child table empty (the roots are made by ``Search.clear``)."""
        self.nn = 0
        self.ncap = 1024
        # node i: nd[8i + N_VIS] visits, + N_CHILD first child, + N_SIB next sibling,
        # + N_GROUP first edge segment, + N_PARENT, + N_EDGE that segment's first edge (so its
        # edges load alongside its segment record), and in its last two ints (nk[4i + N_KEY])
        # the key under which the parent finds it: what a visit reads, in one cache line
        self.nd = new_ints(NODE_INTS * self.ncap, 0)
        self.nk = keys_of(self.nd, self.nk, 0, self.ncap)
        self.hcap = 1                                  # view hashes: only with view_keys
        self.nhash = new_keys(self.hcap)
        self.chcap = 1024
        self.chcount = 0
        self.ch_val = new_ints(self.chcap, -1)         # child ids and tags; -1: empty slot
        self.idbits = 1                                # bits of a child id in its slot
        while (1 << self.idbits) < self.max_nodes + MAXSEATS and self.idbits < 30:
            self.idbits += 1
        return 0

    def _free_nodes(self):
        if cython.compiled:  # interpreted, _clear_nodes just replaces the lists
            free(self.nd); free(self.nhash); free(self.ch_val)
            self.nd = cython.NULL; self.nk = cython.NULL
            self.nhash = cython.NULL; self.ch_val = cython.NULL
        return 0

    def node_count(self):
        return self.nn

    def _new_node(self, parent, ev):
        i: cython.int = self.nn
        j: cython.int
        if i == self.ncap:
            self.nd = resize_ints(self.nd, NODE_INTS * self.ncap, NODE_INTS * self.ncap * 2)
            self.nk = keys_of(self.nd, self.nk, self.ncap, self.ncap * 2)
            self.ncap *= 2
        if self.view_keys and i >= self.hcap:
            self.nhash = resize_keys(self.nhash, self.hcap, self.ncap)
            for j in range(self.hcap, self.ncap):
                self.nhash[j] = 0
            self.hcap = self.ncap
        self.nn += 1
        self.nd[8 * i] = 0
        if i < self.hcap:
            self.nhash[i] = 0
        self.nk[4 * i + N_KEY] = ev
        self.nd[8 * i + N_PARENT] = parent
        self.nd[8 * i + N_CHILD] = -1
        self.nd[8 * i + N_SIB] = -1
        self.nd[8 * i + N_GROUP] = -1
        self.nd[8 * i + N_EDGE] = 0
        if parent >= 0:
            self._child_put(i)
            self.nd[8 * i + N_SIB] = self.nd[8 * parent + N_CHILD]
            self.nd[8 * parent + N_CHILD] = i
        return i

    def _child_pos(self, node, ev):
        """Where the child table's probe for ``(node, ev)`` starts."""
        return mix64(ev ^ (node * GOLDEN)) & (self.chcap - 1)

    def _prefetch_children(self, T, cur, evk):
        """Start loading, for each of the ``T`` trees at once, what finding the child of node
        ``cur[t]`` under key ``evk[t]`` reads: the newest child's record, and the child
        table's slot where it is not the one (a descent's records are mostly cache misses;
        issued together, they overlap)."""
        t: cython.int
        c: cython.int
        for t in range(T):
            c = self.nd[8 * cur[t] + N_CHILD]
            if c >= 0:
                prefetch(self.nd, 8 * c)
            prefetch(self.ch_val, self._child_pos(cur[t], evk[t]))
        return 0

    @cython.final
    def _child_get(self, node, ev):
        mask: cython.int = self.chcap - 1
        pos: cython.int
        h: cython.ulonglong
        tag: cython.int
        c: cython.int = self.nd[8 * node + N_CHILD]
        if c >= 0 and self.nk[4 * c + N_KEY] == ev:
            return c  # the newest child: most nodes deep in a tree have just one
        h = mix64(ev ^ (node * GOLDEN))
        pos = h & mask
        tag = h >> 33
        c = self.ch_val[pos]
        while c != -1:
            # a slot's tag bits rule out most other nodes' children without reading
            # their records (each one a cache miss), a miss-free probe past them
            if (c ^ tag) >> self.idbits == 0:
                c &= (1 << self.idbits) - 1
                if self.nd[8 * c + N_PARENT] == node and self.nk[4 * c + N_KEY] == ev:
                    return c
            pos = (pos + 1) & mask
            c = self.ch_val[pos]
        return -1

    @cython.final
    def _child_put(self, child):
        """Enter ``child`` in the child table: its id in the low ``idbits`` bits of its slot,
        the high bits of its hash (a tag) above, up to bit 30."""
        i: cython.int
        oldcap: cython.int
        mask: cython.int
        pos: cython.int
        oldbits: cython.int = self.idbits
        h: cython.ulonglong
        ov: cython.p_int
        while child >> self.idbits:  # more nodes than max_nodes foresaw: fewer tag bits
            self.idbits += 1
        if (self.chcount + 1) * 2 > self.chcap or self.idbits != oldbits:
            # rehash into a table twice as large (or as large, with the new tags)
            oldcap, ov = self.chcap, self.ch_val
            if (self.chcount + 1) * 2 > self.chcap:
                self.chcap = oldcap * 2
            self.ch_val = new_ints(self.chcap, -1)
            self.chcount = 0
            for i in range(oldcap):
                if ov[i] != -1:
                    self._child_put(ov[i] & ((1 << oldbits) - 1))
            release(ov)
        mask = self.chcap - 1
        h = mix64(self.nk[4 * child + N_KEY] ^ (self.nd[8 * child + N_PARENT] * GOLDEN))
        pos = h & mask
        while self.ch_val[pos] != -1:
            pos = (pos + 1) & mask
        self.ch_val[pos] = ((h >> 33) & ~((1 << self.idbits) - 1)) | child
        self.chcount += 1
        return 0

    def find_node(self, h: cython.ulonglong):
        """The most visited node of the root seat's tree whose view hash is ``h``."""
        best: cython.int = -1
        bv: cython.int = -1
        x: cython.int
        c: cython.int
        d: cython.int
        tree_root: cython.int = self.roots[self.root_seat if self.mode == MO else 0]
        stack = [(tree_root, 0)]  # (node, depth below the root)
        while stack:
            x, d = stack.pop()
            if x != tree_root and x < self.hcap and self.nhash[x] == h and self.nd[8 * x] > bv:
                best, bv = x, self.nd[8 * x]
            if d < self.hash_depth:
                c = self.nd[8 * x + N_CHILD]
                while c >= 0:
                    stack.append((c, d + 1))
                    c = self.nd[8 * c + N_SIB]
        return best

    def depth(self, node: cython.int):
        """Depth of ``node`` below its tree's first root (not stored: parents are)."""
        d: cython.int = 0
        while self.nd[8 * node + N_PARENT] >= 0:
            node = self.nd[8 * node + N_PARENT]
            d += 1
        return d

    def children_of(self, node: cython.int):
        """``(child, visits)`` of every child of ``node``, in creation order."""
        c: cython.int = self.nd[8 * node + N_CHILD]
        out = []
        while c >= 0:
            out.append((c, self.nd[8 * c]))
            c = self.nd[8 * c + N_SIB]
        out.reverse()
        return out

    def child_of(self, node: cython.int, key: cython.ulonglong):
        """The child of ``node`` stored under event key ``key`` (see ``iterate``), or -1."""
        return self._child_get(node, key)

    def key_of(self, node: cython.int):
        """The event key under which ``node``'s parent finds it (``child_of``); 0 at a root."""
        return self.nk[4 * node + N_KEY]
