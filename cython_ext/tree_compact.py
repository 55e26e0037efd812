"""The kept trees copied into fresh arrays: what tree reuse keeps, without what it drops.

A search that keeps its tree between moves (``Search.reroot_trees``) makes a
node deep in the old tree the new root; the rest of the old tree stays in the
arrays, unreachable, and the kept nodes lie scattered among them (a descent
is mostly cache misses already).  ``compact`` copies the nodes under the
roots, with their segments, edges, move lists and kept values, into fresh
arrays: the roots become nodes ``0..ntrees-1`` (as in a fresh tree), each
tree's other nodes follow depth first, so a subtree lies together.

Everything a search reads is copied as it was -- visits, keys, view hashes,
each node's children and segments in their order, every edge record (room and
headers included), move lists, kept values -- so a search continued after it
makes the same choices as one continued without it; only the ids and offsets
change (and what ``drop_marks`` and the selection's scratch held of them).
Runs left for reuse, merged segments' old copies and values records left
behind are not copied.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .tree_values import TreeValues

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .tree_lists import L_COUNT, L_LEN, L_LIST
    from .tree_memory import new_ints, release, resize_ints
    from .tree_nodes import N_CHILD, N_EDGE, N_GROUP, N_KEY, N_PARENT, N_SIB, N_VIS
    from .tree_segments import COUNTED, E_VAL, INFO, LISTED, NEXT, ROOMY

    globals().update(enum_constants(__file__))


@cython.cclass
class TreeCompact(TreeValues):
    """The kept trees copied into fresh arrays (``compact``)."""

    def compact(self):
        """Copy the trees under ``roots`` into fresh arrays and free the old ones; the roots
        become nodes ``0..ntrees-1``.  Returns the number of nodes kept."""
        n: cython.int = self.nn
        k: cython.int
        t: cython.int
        i: cython.int
        o: cython.int
        x: cython.int
        sp: cython.int
        ntrees: cython.int = self.ntrees
        lists: cython.bint = self.lists
        count_max: cython.int = self.count_max
        vpublic: cython.bint = self.vpublic
        newid: cython.p_int = new_ints(max(n, 1), -1)
        order: cython.p_int = new_ints(max(n, 1), 0)   # new id -> old id
        stack: cython.p_int = new_ints(max(n, 1), 0)
        try:
            for t in range(ntrees):
                if self.roots[t] < 0 or self.roots[t] >= n or newid[self.roots[t]] >= 0:
                    raise ValueError(f"compact: tree {t}'s root {self.roots[t]} is no node of its own")
                newid[self.roots[t]] = t
                order[t] = self.roots[t]
            k = ntrees
            for t in range(ntrees):  # each tree's nodes depth first, after the roots
                stack[0] = self.roots[t]
                sp = 1
                while sp > 0:
                    sp -= 1
                    x = stack[sp]
                    if x != self.roots[t]:
                        if newid[x] >= 0:
                            raise ValueError(f"compact: node {x} is under two roots")
                        newid[x] = k
                        order[k] = x
                        k += 1
                    x = self.nd[8 * x + N_CHILD]
                    while x >= 0:
                        stack[sp] = x
                        sp += 1
                        x = self.nd[8 * x + N_SIB]
            self._copy_trees(newid, order, k)
        finally:
            release(newid)
            release(order)
            release(stack)
        self.lists = lists
        self.count_max = count_max
        self.vpublic = vpublic
        for t in range(ntrees):
            self.roots[t] = t
        return k

    @cython.final
    def _copy_trees(self, newid, order, k):
        """The ``k`` nodes ``order[0..k-1]`` copied as nodes ``0..k-1`` into fresh arrays
        (``newid``: their new ids by old id), with all they hold; the old arrays freed."""
        ond: cython.p_int = self.nd
        onk: cython.p_ulonglong = self.nk
        onhash: cython.p_ulonglong = self.nhash
        och: cython.p_int = self.ch_val
        ohcap: cython.int = self.hcap
        ogs: cython.p_int = self.gs
        ofreed: cython.p_int = self.freed
        oed: cython.p_int = self.ed
        oef: cython.p_float = self.ef
        omv: cython.p_ushort = self.mv
        ovnode: cython.p_int = self.vnode
        ovc: cython.p_int = self.vc
        ovv: cython.p_double = self.vv
        ovcap: cython.int = self.vcap
        i: cython.int
        o: cython.int
        x: cython.int
        # fresh arrays (each layer's own clearing: the old pointers are kept above)
        self._clear_nodes()
        self._clear_segments()
        self._clear_lists()
        self._clear_values()
        for i in range(k):
            self._new_node(-1, 0)
        for i in range(k):
            o = order[i]
            self.nd[8 * i + N_VIS] = ond[8 * o + N_VIS]
            x = ond[8 * o + N_CHILD]
            self.nd[8 * i + N_CHILD] = newid[x] if x >= 0 else -1
            if i >= self.ntrees:  # a root has no parent, sibling or key
                self.nd[8 * i + N_PARENT] = newid[ond[8 * o + N_PARENT]]
                x = ond[8 * o + N_SIB]
                self.nd[8 * i + N_SIB] = newid[x] if x >= 0 else -1
                self.nk[4 * i + N_KEY] = onk[4 * o + N_KEY]
            if self.view_keys and o < ohcap:
                self.nhash[i] = onhash[o]
            self._copy_segments(i, ond[8 * o + N_GROUP], ogs, oed, oef, omv)
            if o < ovcap:
                self._copy_values(i, ovnode[o], ovc, ovv)
        for i in range(self.ntrees, k):
            self._child_put(i)
        if cython.compiled:  # interpreted, the old lists are simply dropped
            free(ond); free(onhash); free(och); free(ogs); free(ofreed); free(oed)
            free(omv); free(ovnode); free(ovc); free(ovv)
        return 0

    @cython.final
    def _copy_segments(self, node, g, ogs, oed, oef, omv):
        """Node ``node``'s segments from the old segment ``g`` on (``ogs``, ``oed``, ``oef``,
        ``omv``: the old arrays), in their order, each with its whole run of edge entries (a
        header and room included) and, listed, its move list."""
        prev: cython.int = -1
        s: cython.int
        j: cython.int
        w: cython.int
        a: cython.int
        d: cython.int
        info: cython.int
        hdr: cython.int
        start: cython.int
        run: cython.int
        words: cython.int
        off: cython.int
        while g >= 0:
            info = ogs[3 * g + INFO]
            hdr = 1 if info & (ROOMY | LISTED) else 0
            start = ogs[3 * g] - hdr
            run = oed[4 * start] + 1 if hdr else info & 0x7FFFFF
            s = self.ng
            if s == self.gcap:
                self.gs = resize_ints(self.gs, 3 * self.gcap, 6 * self.gcap)
                self.gcap *= 2
            self.ng += 1
            d = self._run(run)
            for j in range(run):
                for w in range(4):
                    self.ed[4 * (d + j) + w] = oed[4 * (start + j) + w]
                if not cython.compiled:  # compiled, ef is ed's words read as floats
                    self.ef[4 * (d + j) + E_VAL] = oef[4 * (start + j) + E_VAL]
            self.gs[3 * s] = d + hdr
            self.gs[3 * s + INFO] = info
            self.gs[3 * s + NEXT] = -1
            if prev < 0:
                self.nd[8 * node + N_GROUP] = s
                self.nd[8 * node + N_EDGE] = d + hdr
            else:
                self.gs[3 * prev + NEXT] = s
            if info & LISTED:
                words = 2 * oed[4 * start + L_COUNT] if info & COUNTED else oed[4 * start + L_LEN]
                off = oed[4 * start + L_LIST]
                a = self._mv_run(words)
                for j in range(words):
                    self.mv[a + j] = omv[off + j]
                self.ed[4 * d + L_LIST] = a
            prev = s
            g = ogs[3 * g + NEXT]
        return 0

    @cython.final
    def _copy_values(self, node, r, ovc, ovv):
        """Node ``node``'s kept-values records from the old record ``r`` on (``ovc``, ``ovv``:
        the old arrays), in their order; records left behind are not copied."""
        last: cython.int = -1
        head: cython.int = -1
        room: cython.int
        a: cython.int
        j: cython.int
        while r >= 0:
            if ovc[r] >= 0:
                room = ovc[r + 3]
                self._vgrow(node)
                a = self._vrecord(node, room)  # first in the chain: relinked in the old order
                if last < 0:
                    head = a
                else:
                    self.vc[last + 2] = a
                self.vnode[node] = head
                self.vc[a + 2] = -1
                self.vc[a] = ovc[r]
                self.vc[a + 1] = ovc[r + 1]
                for j in range(room):
                    self.vc[a + 4 + j] = ovc[r + 4 + j]
                    self.vv[a + 4 + j] = ovv[r + 4 + j]
                last = a
            r = ovc[r + 2]
        return 0
