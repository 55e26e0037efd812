"""The search tree's edges: the edge arena and the segments that link edges to nodes.

Statistics live on *edges* ``(node, seat, move)``: visits, availability and the
sum of ``seat``'s reward.  An edge is a record of four words (move, visits,
availability, reward sum).  A node's edges are *segments*: runs of consecutive
edge records, each of one seat, linked from the node.  A seat's first segment
has exactly its first legal moves; moves a later determinization shows go to
one more exact segment each time; at a node visited ``MERGE_AT`` (16) times or
more, a seat's segments are merged into one sorted segment with room to grow
by a quarter (moved on when full; what a merge leaves behind is reused by the
next new segment of that size, ``_recycle``/``_run``).  A segment's three ints
(first edge, seat and length, next segment) sit side by side in ``gs``:
walking a node's segments reads one cache line per segment.  A seat's first
segment may instead be *listed* (``tree_lists``, which extends this class).

Reward sums are 32-bit floats (exact for win rewards up to 2**24 visits; ties
and rank rewards round at 2**-24 relative): compiled they are the edge
records' last word, ``ef`` being ``ed`` read as floats (``floats_of``).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

from .tree_nodes import TreeNodes

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .tree_memory import new_ints, resize_ints
    from .tree_nodes import N_EDGE, N_GROUP

    globals().update(enum_constants(__file__))


def floats_of(ed, ef, old, n):
    """The reward sums of the edge records ``ed`` (``n`` records, ``old`` of them in
    ``ef`` already): compiled, ``ed`` itself read as floats (the sum is each record's
    last word); interpreted, a float32 array of as many words, grown keeping ``ef``."""
    if cython.compiled:
        return cython.cast(cython.p_float, ed)
    elif old == 0:
        return np.zeros(4 * n, dtype=np.float32)
    else:
        return np.concatenate([ef[:4 * old], np.zeros(4 * (n - old), dtype=np.float32)])


@cython.cclass
class TreeSegments(TreeNodes):
    """The edge arena and the segments of the search's trees (``ismcts.Search``)."""

    def _clear_segments(self):
        """No segment and no edge (``Search.clear``)."""
        self.ng = 0
        self.gcap = 1024
        # segment g: gs[3g] its first edge, gs[3g + INFO] seat << 24 | ROOMY | length,
        # gs[3g + NEXT] the next segment of the same node (one record: one cache line)
        self.gs = new_ints(3 * self.gcap, 0)
        self.freed = new_ints(RECYCLE + 1, -1)         # dead runs of k entries, for reuse
        self.ne = 0
        self.dead = 0
        self.ecap = 4096
        # edge e: ed[4e] its move, + E_VIS visits, + E_AVAIL availability, ef[4e + E_VAL]
        # the sum of its seat's rewards (compiled, ef is ed read as floats): one record
        self.ed = new_ints(4 * self.ecap, 0)
        self.ef = floats_of(self.ed, self.ef, 0, self.ecap)
        return 0

    def _free_segments(self):
        if cython.compiled:  # interpreted, _clear_segments just replaces the lists
            free(self.gs); free(self.freed); free(self.ed)
            self.gs = cython.NULL; self.freed = cython.NULL
            self.ed = cython.NULL; self.ef = cython.NULL
        return 0

    def edge_count(self):
        """Entries of the edge arena used (edges, old copies of merged segments, room)."""
        return self.ne

    @cython.final
    def _segment(self, node, seat, size, room):
        """A new segment of ``size`` edges of ``seat`` at ``node``, first in the node's list;
        returns its id.  ``room > size``: room for ``room`` edges, kept in the entry before
        the segment (flag ``ROOMY``)."""
        g: cython.int = self.ng
        f: cython.int
        extra: cython.int = 1 if room > size else 0
        if g == self.gcap:
            self.gs = resize_ints(self.gs, 3 * self.gcap, 6 * self.gcap)
            self.gcap *= 2
        self.ng += 1
        self.gs[3 * g + INFO] = (seat << 24) | size | (ROOMY if extra else 0)
        self.gs[3 * g + NEXT] = self.nd[8 * node + N_GROUP]
        self.nd[8 * node + N_GROUP] = g
        f = self._run(room + extra)
        if extra:
            self.ed[4 * f] = room
        self.gs[3 * g] = f + extra
        self.nd[8 * node + N_EDGE] = self.gs[3 * g]
        return g

    @cython.final
    def _run(self, n):
        """The first of ``n`` fresh consecutive entries of the edge arena: a run of exactly
        that size that a merge or a listed segment left behind, else new ones at its end."""
        f: cython.int
        newcap: cython.int = self.ecap
        if 0 < n <= RECYCLE and self.freed[n] >= 0:
            f = self.freed[n]
            self.freed[n] = self.ed[4 * f]
            return f
        while self.ne + n > newcap:
            newcap *= 2
        if newcap != self.ecap:
            self.ed = resize_ints(self.ed, 4 * self.ecap, 4 * newcap)
            self.ef = floats_of(self.ed, self.ef, self.ecap, newcap)
            self.ecap = newcap
        f = self.ne
        self.ne += n
        return f

    def _copy_edge(self, src, dst):
        """Edge record ``src`` copied to entry ``dst``."""
        self.ed[4 * dst] = self.ed[4 * src]
        self.ed[4 * dst + E_VIS] = self.ed[4 * src + E_VIS]
        self.ed[4 * dst + E_AVAIL] = self.ed[4 * src + E_AVAIL]
        self.ef[4 * dst + E_VAL] = self.ef[4 * src + E_VAL]
        return 0

    @cython.final
    def _recycle(self, g):
        """Offer the entries of unlinked segment ``g`` (with a merged or listed one's header
        entry) to the next new run of that many entries (``_run``): ``freed[k]`` chains runs
        of ``k`` entries through their first ``e_move``."""
        first: cython.int = self.gs[3 * g]
        run: cython.int = self.gs[3 * g + INFO] & 0x7FFFFF
        if self.gs[3 * g + INFO] & (ROOMY | LISTED):
            first -= 1
            run = self.ed[4 * first] + 1
        if 0 < run <= RECYCLE:
            self.ed[4 * first] = self.freed[run]
            self.freed[run] = first
        return 0

    def _exact(self, node, seat, n):
        """A new empty segment of ``seat`` at ``node`` with room for exactly ``n`` edges."""
        g: cython.int = self._segment(node, seat, n, n)
        self.gs[3 * g + INFO] -= n
        return g

    def _seg_room(self, g):
        """How many edges segment ``g`` can hold."""
        if self.gs[3 * g + INFO] & ROOMY:
            return self.ed[4 * (self.gs[3 * g] - 1)]
        return self.gs[3 * g + INFO] & 0x7FFFFF

    def _merge(self, node, seat, missing):
        """Merge ``seat``'s segments at ``node`` into one (unsorted) with room to grow by
        a quarter, plus ``missing`` (a hot node has mostly seen its moves by then); the old
        entries are offered for reuse.  Returns the new segment."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        h: cython.int
        prev: cython.int
        i: cython.int
        d: cython.int
        total: cython.int = 0
        while g >= 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                total += self.gs[3 * g + INFO] & 0x7FFFFF
            g = self.gs[3 * g + NEXT]
        h = self._segment(node, seat, 0, total + missing + (total + missing) // 4 + 1)
        d = self.gs[3 * h]
        g = self.gs[3 * h + NEXT]
        prev = h
        while g >= 0:
            if self.gs[3 * g + INFO] >> 24 == seat:
                for i in range(self.gs[3 * g + INFO] & 0x7FFFFF):
                    self.ed[4 * d] = self.ed[4 * (self.gs[3 * g] + i)]
                    self.ed[4 * d + E_VIS] = self.ed[4 * (self.gs[3 * g] + i) + E_VIS]
                    self.ed[4 * d + E_AVAIL] = self.ed[4 * (self.gs[3 * g] + i) + E_AVAIL]
                    self.ef[4 * d + E_VAL] = self.ef[4 * (self.gs[3 * g] + i) + E_VAL]
                    d += 1
                self.dead += self.gs[3 * g + INFO] & 0x7FFFFF
                self.gs[3 * prev + NEXT] = self.gs[3 * g + NEXT]  # unlinked
                self._recycle(g)
            else:
                prev = g
            g = self.gs[3 * prev + NEXT]
        self.gs[3 * h + INFO] = (seat << 24) | ROOMY | total
        return h

    def _sort_seg(self, g):
        """Sort segment ``g``'s edges by move (insertion sort: its runs are already sorted)."""
        first: cython.int = self.gs[3 * g]
        n: cython.int = self.gs[3 * g + INFO] & 0x7FFFFF
        i: cython.int
        j: cython.int
        m: cython.int
        vi: cython.int
        av: cython.int
        val: cython.float
        for i in range(first + 1, first + n):
            m = self.ed[4 * i]
            if self.ed[4 * (i - 1)] <= m:
                continue
            vi = self.ed[4 * i + E_VIS]
            av = self.ed[4 * i + E_AVAIL]
            val = self.ef[4 * i + E_VAL]
            j = i - 1
            while j >= first and self.ed[4 * j] > m:
                self.ed[4 * (j + 1)] = self.ed[4 * j]
                self.ed[4 * (j + 1) + E_VIS] = self.ed[4 * j + E_VIS]
                self.ed[4 * (j + 1) + E_AVAIL] = self.ed[4 * j + E_AVAIL]
                self.ef[4 * (j + 1) + E_VAL] = self.ef[4 * j + E_VAL]
                j -= 1
            self.ed[4 * (j + 1)] = m
            self.ed[4 * (j + 1) + E_VIS] = vi
            self.ed[4 * (j + 1) + E_AVAIL] = av
            self.ef[4 * (j + 1) + E_VAL] = val
        return 0

    def node_info(self, node: cython.int):
        """``(visits, depth, acting-seat mask)``."""
        g: cython.int = self.nd[8 * node + N_GROUP]
        mask: cython.int = 0
        while g >= 0:
            mask |= 1 << (self.gs[3 * g + INFO] >> 24)
            g = self.gs[3 * g + NEXT]
        return self.nd[8 * node], self.depth(node), mask
