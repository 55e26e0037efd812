"""The heuristic kept by node: progressive bias without asking the kernel again.

With a bias, every selection needs the heuristic (``kernel.move_values``) of
the seat's legal moves.  In MO trees (``value_cache``) a node is its seat's own
information set, so the values are kept by node and seat, as the kernel's
answer allows (``_values``); in SO trees the root seat's (a node there is its
information set) and values the kernel calls public.
The selection (``tree_selection``) extends this class.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .tree_lists import TreeLists

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .kernel import dptr, ptr
    from .tree_memory import as_int, new_doubles, new_ints, resize_doubles, resize_ints
    from .tree_nodes import MO

    globals().update(enum_constants(__file__))


@cython.cclass
class TreeValues(TreeLists):
    """The kept heuristic values of the search's nodes (``ismcts.Search``)."""

    def _clear_values(self):
        """No value kept (``Search.clear``)."""
        # the heuristic kept by node (bias with value_cache only: see _values)
        self.vcap = 1
        self.vnode = new_ints(self.vcap, -1)
        self.nvc = 0
        self.vcdead = 0
        self.vccap = 256
        self.vc = new_ints(self.vccap, 0)
        self.vv = new_doubles(self.vccap)
        self.vpublic = False
        return 0

    def _free_values(self):
        if cython.compiled:  # interpreted, _clear_values just replaces the lists
            free(self.vnode); free(self.vc); free(self.vv)
            self.vnode = cython.NULL; self.vc = cython.NULL; self.vv = cython.NULL
        return 0

    def _values(self, node, seat, nl):
        """``hv``: the heuristic (``kernel.move_values``) of ``seat``'s ``nl`` legal moves at
        ``node``.  In MO trees with ``value_cache`` (a node there is its seat's own
        information set, reached by what the seat observed), the values are kept by node
        and seat: a heuristic that reads only what the seat sees (as a search heuristic
        must) and what the node's moves fix gives the same values there, so the tree is
        the same for a fraction of the calls.  What is kept follows ``move_values``'s
        answer: 1, the values of the list, reused while the legal list is the same in the
        same order (The Walled City: one call in 16 at its placements); 3, values of
        single moves, every move's whatever the list (kept as a sorted set, see
        ``_move_values``); 4, values of single moves that read only public information
        and the move (City and Guilds' placements and discards), kept as 3's are, and in
        SO trees for every seat: a node there is the root seat's information set, where another
        seat's hand differs between worlds but the public board its moves fix does not;
        2, values that read a chance outcome the moves do not fix (City and Guilds'
        face-up display at a draw): not kept.  An SO tree keeps the root seat's own values
        (answers 1, 3, 4) as an MO tree keeps its owner's: its nodes are keyed by what the
        root seat observes, as the root seat's MO tree is (Between Two Cities: values read
        the public cities and the seat's own pending tiles, fixed by its own picks); another
        seat's only once the kernel has answered 4 (``vpublic``); and only at nodes of
        ``SO_KEEP_AT`` visits or more: most of its nodes are leaves visited once or twice,
        whose records (~150 values a City and Guilds placement step) would cost more memory
        than the calls they save (1M-node tree: 128 bytes a node kept, 15 from 4 visits on,
        at the same speed).  Either tree keeps nothing at a node under the expansion threshold
        (``expand_after``), a leaf until then: its record (~1.8 KB at a City and Guilds
        placement step) would save fewer calls than that many visits (City and Guilds' MO
        default, 64: 145 bytes a node kept in a 300k-node 4-player tree, 58 from 64 visits
        on, at the same speed).
        Record at ``o``: ``vc[o]`` seat (| ``PER_MOVE``), ``vc[o+1]`` length, ``vc[o+2]`` the
        node's next record, ``vc[o+3]`` room, then the moves from ``vc[o+4]``; values at the
        same offsets in ``vv``.  A list that does not fit its record gets a new one."""
        i: cython.int
        o: cython.int = -1
        code: cython.int
        same: cython.bint
        keep_at: cython.int = self.expand_after if self.mode == MO else max(SO_KEEP_AT, self.expand_after)
        if not self.value_cache or self.nd[8 * node] < keep_at or (self.mode != MO and not (
                self.vpublic or seat == self.root_seat)):
            self.value_calls += 1
            code = self.k.move_values(self.world, seat, self.moves, nl, self.hv)
            self.vpublic = self.vpublic or (self.value_cache and code == 4)
            return 0
        o = self._record_of(node, seat)
        if o >= 0 and self.vc[o] & PER_MOVE:
            return self._move_values(node, o, seat, nl)
        if o >= 0 and self.vc[o + 1] == nl:
            same = True
            for i in range(nl):
                if self.vc[o + 4 + i] != as_int(self.moves[i]):
                    same = False
                    break
            if same:
                for i in range(nl):
                    self.hv[i] = self.vv[o + 4 + i]
                return 0
        self.value_calls += 1
        code = self.k.move_values(self.world, seat, self.moves, nl, self.hv)
        return self._keep(node, o, seat, nl, code)

    @cython.final
    def _record_of(self, node, seat):
        """``seat``'s kept-values record at ``node`` (-1: none)."""
        o: cython.int
        self._vgrow(node)
        o = self.vnode[node]
        while o >= 0 and (self.vc[o] & SEAT_BITS) != seat:
            o = self.vc[o + 2]
        return o

    def kept_value_seats(self) -> set:
        """The seats whose values some node keeps (tests: an SO tree keeps only the root
        seat's, unless the kernel answers 4)."""
        out: set = set()
        n: cython.int
        o: cython.int
        for n in range(self.vcap):
            o = self.vnode[n]
            while o >= 0:
                if self.vc[o] >= 0:  # -1: a record left behind
                    out.add(self.vc[o] & SEAT_BITS)
                o = self.vc[o + 2]
        return out

    @cython.final
    def _vgrow(self, node):
        """``vnode`` long enough for ``node``."""
        i: cython.int
        n: cython.int
        if node >= self.vcap:
            n = self.ncap
            self.vnode = resize_ints(self.vnode, self.vcap, n)
            for i in range(self.vcap, n):
                self.vnode[i] = -1
            self.vcap = n
        return 0

    @cython.final
    def _keep(self, node, o, seat, nl, code):
        """Keep ``hv``, ``move_values``'s answer ``code`` for ``seat``'s legal list at ``node``,
        in record ``o`` (-1: none yet) as ``_values`` says, or not at all."""
        i: cython.int
        if code == 2 or (self.mode != MO and code != 4 and seat != self.root_seat):
            return 0  # a chance outcome read, or (SO) another seat's view: not the node's values
        if code >= 3:
            for i in range(1, nl):
                if as_int(self.moves[i]) <= as_int(self.moves[i - 1]):
                    return 0  # kept sorted: a list that does not ascend is not kept (kernels' ascend)
        self._vgrow(node)
        if o >= 0 and self.vc[o + 3] < nl:
            self.vc[o] = -1  # left behind: the new record goes first in the node's chain
            self.vcdead += self.vc[o + 3] + 4
            o = -1
        if o < 0:
            o = self._vrecord(node, nl)
        self.vc[o] = seat | (PER_MOVE if code >= 3 else 0)
        self.vc[o + 1] = nl
        for i in range(nl):
            self.vc[o + 4 + i] = as_int(self.moves[i])
            self.vv[o + 4 + i] = self.hv[i]
        return 0

    @cython.final
    def _vrecord(self, node, room):
        """A new kept-values record for ``room`` moves, first in ``node``'s chain."""
        n: cython.int = self.vccap
        o: cython.int = self.nvc
        if self.nvc + room + 4 > self.vccap:
            while self.nvc + room + 4 > n:
                n *= 2
            self.vc = resize_ints(self.vc, self.vccap, n)
            self.vv = resize_doubles(self.vv, self.vccap, n)
            self.vccap = n
        self.nvc += room + 4
        self.vc[o + 1] = 0
        self.vc[o + 2] = self.vnode[node]
        self.vc[o + 3] = room
        self.vnode[node] = o
        return o

    @cython.final
    def _move_values(self, node, o, seat, nl):
        """``hv`` from record ``o`` of values of single moves (sorted by move): the moves it
        lacks asked of the kernel in one call (``vm``, their indices in ``vmi``) and added,
        in a record twice as large when they do not fit."""
        r: cython.int = self.vc[o + 1]
        i: cython.int
        j: cython.int
        a: cython.int
        w: cython.int
        m: cython.int
        nm: cython.int = 0
        code: cython.int
        prevm: cython.int = -1
        x: cython.double
        # the walk below runs at most selections (City and Guilds' bias: 4.7 an iteration,
        # ~70 moves each); local pointers, as the C compiler reloads ``self``'s at each store
        kc: cython.p_int = self.vc
        kv: cython.p_double = self.vv
        lm: cython.p_int = ptr(self.moves)
        hv: cython.p_double = dptr(self.hv)
        lack: cython.p_int = ptr(self.vm)
        at: cython.p_int = self.vmi
        start: cython.int = o + 4
        end: cython.int = o + 4 + r
        lim: cython.int = min(r, nl)
        i0: cython.int = 0
        while i0 < lim and kc[start + i0] == as_int(lm[i0]):
            # the usual case (City and Guilds: 96% of the moves): the record is the list
            hv[i0] = kv[start + i0]
            i0 += 1
        j = start + i0
        if i0 > 0:
            prevm = as_int(lm[i0 - 1])
        for i in range(i0, nl):  # one walk along both while the legal moves ascend
            m = as_int(lm[i])
            if m <= prevm:
                j = start
            prevm = m
            while j < end and kc[j] < m:
                j += 1
            if j < end and kc[j] == m:
                hv[i] = kv[j]
                j += 1  # the next move is larger, or the walk starts over
            else:
                lack[nm] = m
                at[nm] = i
                nm += 1
        if nm == 0:
            return 0
        self.value_calls += 1
        code = self.k.move_values(self.world, seat, self.vm, nm, self.vo)
        if code < 3 or (self.mode != MO and code != 4):
            # not values of single moves (public in SO) after all: the whole list, nothing more kept
            self.k.move_values(self.world, seat, self.moves, nl, self.hv)
            return 0
        for i in range(nm):
            self.hv[self.vmi[i]] = self.vo[i]
        for i in range(1, nm):  # the new moves in order (they are unless the list did not ascend)
            m = as_int(self.vm[i])
            x = self.vo[i]
            j = i - 1
            while j >= 0 and as_int(self.vm[j]) > m:
                self.vm[j + 1] = self.vm[j]
                self.vo[j + 1] = self.vo[j]
                j -= 1
            self.vm[j + 1] = m
            self.vo[j + 1] = x
        if r + nm > self.vc[o + 3]:
            self.vc[o] = -1  # left behind
            self.vcdead += self.vc[o + 3] + 4
            a = self._vrecord(node, 2 * (r + nm))
            for i in range(r):
                self.vc[a + 4 + i] = self.vc[o + 4 + i]
                self.vv[a + 4 + i] = self.vv[o + 4 + i]
            o = a
            self.vc[o] = seat | PER_MOVE
        a = r - 1  # merged from the end, in place
        w = r + nm - 1
        j = nm - 1
        while j >= 0:
            if a >= 0 and self.vc[o + 4 + a] > as_int(self.vm[j]):
                self.vc[o + 4 + w] = self.vc[o + 4 + a]
                self.vv[o + 4 + w] = self.vv[o + 4 + a]
                a -= 1
            else:
                self.vc[o + 4 + w] = as_int(self.vm[j])
                self.vv[o + 4 + w] = self.vo[j]
                j -= 1
            w -= 1
        self.vc[o + 1] = r + nm
        return 0
