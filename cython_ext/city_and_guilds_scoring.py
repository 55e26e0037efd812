"""City and Guilds, the counts: investment tracks, block ownership, guild chains,
block scoring and the final count.

:class:`CityAndGuildsScoring` is the lower layer of the kernel: it holds the
edition tables, the buffer offsets and what the rules count on the board;
:class:`cython_ext.city_and_guilds.CityAndGuildsKernel` adds the turns on
top.  Tile kinds, phases and the buffer fields are documented in
:mod:`cython_ext.city_and_guilds_layout`.

The methods work on the buffer as a raw ``int*`` (``b``), compiled; the
few public ones (``chains``, ``block_counts``, ``guild_control``,
``score_block``, ``final_count``...) wrap them for Python callers and tests.
Interpreted, ``b`` is the numpy buffer itself and the tables and scratch
arrays are Python lists.

This file is compiled by Cython (declarations in
``city_and_guilds_scoring.pxd``) and runs unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy as np

from .kernel import Kernel

if not cython.compiled:
    from .city_and_guilds_layout import EMPTY, MINSTREL, NFACE, NG, NK, TAVERN  # noqa: F401
    from .kernel import ptr


@cython.cclass
class CityAndGuildsScoring(Kernel):
    """Edition tables, buffer offsets and the counts.  Edition data arrives as ints and arrays.

    ``adj``: S x 4 neighbour spaces (-1 pad); ``block_of``: block per space;
    ``block_first``/``block_spaces``: spaces of block b are
    ``block_spaces[block_first[b]:block_first[b+1]]``; ``totals``: tiles per
    kind 0..8; ``values``: block, market, minstrel, tavern values;
    ``offsets``: start of each field of ``city_and_guilds_layout.FIELDS``.
    """

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int,
                 spaces: cython.int, blocks: cython.int, adj, block_of, block_first,
                 block_spaces, totals, men0: cython.int, taverns: cython.int,
                 track_max: cython.int, values, offsets) -> None:
        super().__init__(players, size, max_moves)
        self.S = spaces
        self.B = blocks
        self.men0 = men0
        self.taverns = taverns
        self.track_max = track_max
        self._arrays = []
        self.adj = ptr(self.table(adj))
        self.block_of = ptr(self.table(block_of))
        self.block_first = ptr(self.table(block_first))
        self.block_spaces = ptr(self.table(block_spaces))
        self.totals = ptr(self.table(totals))
        self.values = ptr(self.table(values))
        # scratch, allocated once: per seat, per space (chains), per guild
        self.bld = ptr(self.table(np.zeros(players)))
        self.menc = ptr(self.table(np.zeros(players)))
        self.order = ptr(self.table(np.zeros(players)))
        self.comp = ptr(self.table(np.zeros(spaces)))
        self.csize = ptr(self.table(np.zeros(spaces)))
        self.cmask = ptr(self.table(np.zeros(spaces)))
        self.cguild = ptr(self.table(np.zeros(spaces)))
        self.stack = ptr(self.table(np.zeros(spaces)))
        self.seen = ptr(self.table(np.zeros(spaces)))
        self.cnt = ptr(self.table(np.zeros(NG)))
        self.clen = ptr(self.table(np.zeros(NG)))
        self.cblk = ptr(self.table(np.zeros(NG)))
        self.gval = ptr(self.table(np.zeros(NG)))
        self.count_final = True
        o = [int(x) for x in offsets]
        (self.o_phase, self.o_cur, self.o_stamp, self.o_tavleft, self.o_dealt, self.o_setupleft,
         self.o_money, self.o_men, self.o_hsize, self.o_hand, self.o_known, self.o_pend,
         self.o_putback, self.o_face, self.o_supply, self.o_tile, self.o_mowner, self.o_nmen,
         self.o_white, self.o_black, self.o_done, self.o_inv, self.o_istamp) = o

    def table(self, values):
        """A private int copy of ``values`` for an ``int*`` attribute (``ptr(self.table(x))``).

        Compiled, a numpy array kept alive in ``_arrays``; interpreted, a list
        (faster to index than numpy, and ``ptr`` passes it through).
        """
        arr = np.array(values, dtype=np.intc).reshape(-1)
        if arr.size == 0:
            arr = np.zeros(1, dtype=np.intc)
        self._arrays.append(arr)
        if not cython.compiled:
            return arr.tolist()
        return arr

    # ------------------------------------------------------------ placing a tile
    def need_refill(self, b):
        """A face-up slot is empty and the piles still hold a tile (in a view, whose
        piles are hidden, their public size: ``piles_left``)."""
        i: cython.int
        k: cython.int
        for i in range(NFACE):
            if b[self.o_face + i] == EMPTY:
                if b[self.o_supply] < 0:
                    return self.piles_left(b) > 0
                for k in range(NK):
                    if b[self.o_supply + k] > 0:
                        return True
                return False
        return False

    @cython.final
    def piles_left(self, b):
        """Tiles in the piles, from what every seat sees: the box (taverns apart) less
        the hands (their sizes are public), the face-up row and the tiles on the board."""
        c: cython.int = 0
        i: cython.int
        for i in range(NK):
            c += self.totals[i]
        for i in range(self.players):
            c -= b[self.o_hsize + i]
        for i in range(NFACE):
            if b[self.o_face + i] != EMPTY:
                c -= 1
        for i in range(self.S):
            if b[self.o_tile + i] < NK:
                c -= 1
        return c

    def men_placed(self, b, seat, kind, opt):
        """Men a tile of ``kind`` placed with option ``opt`` puts on its space: a minstrel
        ``opt``; a building two with option 1, else one if ``seat`` has a man left; a
        market none.  (The rule, read by ``place`` and by the heuristic.)"""
        if kind == MINSTREL:
            return opt
        if kind % 2 == 0:
            if opt == 1:
                return 2
            return 1 if b[self.o_men + seat] > 0 else 0
        return 0

    def invest_steps(self, kind, opt):
        """Steps up its guild's track a tile of ``kind`` placed with option ``opt`` makes:
        a market two, a building placed without its two men one, a minstrel none."""
        if kind == MINSTREL:
            return 0
        if kind % 2 == 0:
            return 1 if opt == 0 else 0
        return 2

    # ------------------------------------------------------------ tracks
    def invest(self, b, g, p, steps):
        """Move p's cube on guild g; a full space (3 cubes) or the track's end means no gain."""
        base: cython.int = self.o_inv + g * self.players
        target: cython.int = b[base + p] + steps
        c: cython.int = 0
        q: cython.int
        if target > self.track_max:
            return
        for q in range(self.players):
            if b[base + q] == target:
                c += 1
        if c >= 3:
            return
        b[base + p] = target
        b[self.o_stamp] += 1
        b[self.o_istamp + g * self.players + p] = b[self.o_stamp]

    @cython.final
    def track_before(self, b, g, p, q):
        """True when p ranks before q on guild g: further, or there first."""
        P: cython.int = self.players
        x: cython.int = b[self.o_inv + g * P + p]
        y: cython.int = b[self.o_inv + g * P + q]
        if x != y:
            return x > y
        return b[self.o_istamp + g * P + p] < b[self.o_istamp + g * P + q]

    @cython.final
    def rank_track(self, b, g, order):
        """Players above 0 on guild g into ``order``, best first; return how many."""
        P: cython.int = self.players
        base: cython.int = self.o_inv + g * P
        n: cython.int = 0
        p: cython.int
        i: cython.int
        j: cython.int
        for p in range(P):
            if b[base + p] > 0:
                order[n] = p
                n += 1
        for i in range(1, n):  # insertion sort, n <= 5
            p = order[i]
            j = i - 1
            while j >= 0 and self.track_before(b, g, p, order[j]):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = p
        return n

    # ------------------------------------------------------------ ownership
    @cython.final
    def _block_counts(self, b, blk, bld, menc):
        """Buildings with a man and men per player in block blk; return players present."""
        p: cython.int
        i: cython.int
        sp: cython.int
        o: cython.int
        n: cython.int = 0
        for p in range(self.players):
            bld[p] = 0
            menc[p] = 0
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            sp = self.block_spaces[i]
            o = b[self.o_mowner + sp]
            if o > 0:
                bld[o - 1] += 1
                menc[o - 1] += b[self.o_nmen + sp]
        for p in range(self.players):
            if bld[p] > 0:
                n += 1
        return n

    def block_counts(self, buf: cython.int[::1], blk: cython.int, bld: cython.int[::1],
                     menc: cython.int[::1]) -> cython.int:
        return self._block_counts(ptr(buf), blk, ptr(bld), ptr(menc))

    def update_owner(self, b, blk, p):
        """White/black cubes after p put a man in block blk: p must surpass to move up."""
        bld: cython.p_int = self.bld
        menc: cython.p_int = self.menc
        w: cython.int
        k: cython.int
        w = b[self.o_white + blk] - 1
        k = b[self.o_black + blk] - 1
        if w < 0:
            b[self.o_white + blk] = p + 1
            return
        if p == w:  # first already: nothing to count
            return
        self._block_counts(b, blk, bld, menc)
        if bld[p] > bld[w] or (bld[p] == bld[w] and menc[p] > menc[w]):
            b[self.o_white + blk] = p + 1
            b[self.o_black + blk] = w + 1
            return
        if p == k:
            return
        if k < 0 or bld[p] > bld[k] or (bld[p] == bld[k] and menc[p] > menc[k]):
            b[self.o_black + blk] = p + 1

    # ------------------------------------------------------------- chains
    @cython.final
    def _chains(self, b, comp, csize, cmask, cguild):
        """Label guild chains (connected tiles of one guild across blocks and streets):
        comp[s] = chain id or -1; per chain its size, block bitmask, guild; return count."""
        S: cython.int = self.S
        stack: cython.p_int = self.stack
        s: cython.int
        k: cython.int
        g: cython.int
        size: cython.int
        mask: cython.int
        top: cython.int
        x: cython.int
        d: cython.int
        q: cython.int
        kq: cython.int
        nc: cython.int = 0
        for s in range(S):
            comp[s] = -1
        for s in range(S):
            k = b[self.o_tile + s]
            if k >= 8 or comp[s] >= 0:
                continue
            g = k // 2
            comp[s] = nc
            size = 0
            mask = 0
            top = 1
            stack[0] = s
            while top > 0:
                top -= 1
                x = stack[top]
                size += 1
                mask |= 1 << self.block_of[x]
                for d in range(4):
                    q = self.adj[x * 4 + d]
                    if q >= 0 and comp[q] < 0:
                        kq = b[self.o_tile + q]
                        if kq < 8 and kq // 2 == g:
                            comp[q] = nc
                            stack[top] = q
                            top += 1
            csize[nc] = size
            cmask[nc] = mask
            cguild[nc] = g
            nc += 1
        return nc

    def chains(self, buf: cython.int[::1], comp: cython.int[::1], csize: cython.int[::1],
               cmask: cython.int[::1], cguild: cython.int[::1]) -> cython.int:
        return self._chains(ptr(buf), ptr(comp), ptr(csize), ptr(cmask), ptr(cguild))

    # ------------------------------------------------------------- block counts
    @cython.final
    def pay_block_rules(self, b, value, first, second, third, present):
        """Block payment: halves rounded up; lone player all; two players +1 each."""
        p1: cython.int
        p2: cython.int
        p3: cython.int
        if present <= 0 or first < 0:
            return
        if present == 1:
            b[self.o_money + first] += value
            return
        p1 = half_up(value)
        p2 = half_up(p1)
        p3 = half_up(p2)
        if present == 2:
            b[self.o_money + first] += p1 + 1
            b[self.o_money + second] += p2 + 1
            return
        b[self.o_money + first] += p1
        b[self.o_money + second] += p2
        if third >= 0:
            b[self.o_money + third] += p3

    @cython.final
    def _block_value(self, b, blk):
        """Block value: base + market, minstrel and tavern values of its tiles."""
        v: cython.int = self.values[0]
        i: cython.int
        k: cython.int
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            k = b[self.o_tile + self.block_spaces[i]]
            if k == TAVERN:
                v += self.values[3]
            elif k == MINSTREL:
                v += self.values[2]
            elif k < 8 and k % 2 == 1:
                v += self.values[1]
        return v

    def block_value(self, buf: cython.int[::1], blk: cython.int) -> cython.int:
        return self._block_value(ptr(buf), blk)

    @cython.final
    def _block_third(self, b, blk, bld, menc):
        """Third place in block blk (-1 when nobody or a tie)."""
        w: cython.int = b[self.o_white + blk] - 1
        k: cython.int = b[self.o_black + blk] - 1
        best: cython.int = -1
        p: cython.int
        tie: cython.bint = False
        for p in range(self.players):
            if p == w or p == k or bld[p] == 0:
                continue
            if best < 0 or bld[p] > bld[best] or (bld[p] == bld[best] and menc[p] > menc[best]):
                best = p
                tie = False
            elif bld[p] == bld[best] and menc[p] == menc[best]:
                tie = True
        return -1 if tie else best

    def block_third(self, buf: cython.int[::1], blk: cython.int, bld: cython.int[::1],
                    menc: cython.int[::1]) -> cython.int:
        return self._block_third(ptr(buf), blk, ptr(bld), ptr(menc))

    @cython.final
    def _guild_control(self, b, blk):
        """Guild controlling block blk: tiles, then longest chain in/through it, then its
        blocks; -1 when still tied or no guild tile.

        Chains matter only between guilds tied on tiles, so only theirs are walked, and
        only those through the block (from its tiles), not the board's."""
        seen: cython.p_int = self.seen
        queue: cython.p_int = self.stack
        cnt: cython.p_int = self.cnt
        clen: cython.p_int = self.clen
        cblk: cython.p_int = self.cblk
        g: cython.int
        i: cython.int
        j: cython.int
        sp: cython.int
        k: cython.int
        c: cython.int
        nb: cython.int
        x: cython.int
        d: cython.int
        q: cython.int
        kq: cython.int
        head: cython.int
        start: cython.int
        tail: cython.int = 0
        mask: cython.int
        best: cython.int = -1
        tie: cython.bint = False
        top: cython.int = 0
        for g in range(NG):
            cnt[g] = 0
            clen[g] = 0
            cblk[g] = 0
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            k = b[self.o_tile + self.block_spaces[i]]
            if k < 8:
                cnt[k // 2] += 1
        for g in range(NG):
            if cnt[g] > top:
                top = cnt[g]
                best = g
                tie = False
            elif cnt[g] == top and top > 0:
                tie = True
        if not tie:  # one guild has the most tiles (or none has any: best = -1)
            return best
        best = -1
        tie = False
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            sp = self.block_spaces[i]
            k = b[self.o_tile + sp]
            if k >= 8 or cnt[k // 2] < top:
                continue
            g = k // 2
            if seen[sp]:  # its chain was walked from an earlier tile of the block
                continue
            start = tail
            head = tail
            seen[sp] = 1
            queue[tail] = sp
            tail += 1
            mask = 0
            while head < tail:
                x = queue[head]
                head += 1
                mask |= 1 << self.block_of[x]
                for d in range(4):
                    q = self.adj[x * 4 + d]
                    if q >= 0 and not seen[q]:
                        kq = b[self.o_tile + q]
                        if kq < 8 and kq // 2 == g:
                            seen[q] = 1
                            queue[tail] = q
                            tail += 1
            c = tail - start
            nb = popcount(mask)
            if c > clen[g] or (c == clen[g] and nb > cblk[g]):
                clen[g] = c
                cblk[g] = nb
        for j in range(tail):  # seen is all zero between calls
            seen[queue[j]] = 0
        for g in range(NG):  # among the guilds tied on tiles
            if cnt[g] < top:
                continue
            if best < 0:
                best = g
                continue
            c = cmp3(cnt[g], clen[g], cblk[g], cnt[best], clen[best], cblk[best])
            if c > 0:
                best = g
                tie = False
            elif c == 0:
                tie = True
        return -1 if tie else best

    def guild_control(self, buf: cython.int[::1], blk: cython.int) -> cython.int:
        return self._guild_control(ptr(buf), blk)

    @cython.final
    def _score_block(self, b, blk):
        """The two counts of a completed block: its owners, then the controlling guild."""
        bld: cython.p_int = self.bld
        menc: cython.p_int = self.menc
        order: cython.p_int = self.order
        present: cython.int
        value: cython.int
        third: cython.int
        g: cython.int
        n: cython.int
        present = self._block_counts(b, blk, bld, menc)
        value = self._block_value(b, blk)
        third = self._block_third(b, blk, bld, menc) if present >= 3 else -1
        self.pay_block_rules(b, value, b[self.o_white + blk] - 1, b[self.o_black + blk] - 1,
                             third, present)
        g = self._guild_control(b, blk)
        if g < 0:
            return
        n = self.rank_track(b, g, order)
        if n == 1:
            b[self.o_money + order[0]] += 7
        elif n >= 2:
            b[self.o_money + order[0]] += 4
            b[self.o_money + order[1]] += 2
            if n >= 3:
                b[self.o_money + order[2]] += 1

    def score_block(self, buf: cython.int[::1], blk: cython.int) -> None:
        self._score_block(ptr(buf), blk)

    # ------------------------------------------------------------- final count
    @cython.final
    def _guild_chain_value(self, b, g):
        """Final value of guild g: its largest chain's tiles + triangular block bonus
        (1, 3, 6, 10...); of equal-size chains the higher value."""
        return self._chain_value(self._chains(b, self.comp, self.csize, self.cmask, self.cguild), g)

    @cython.final
    def _chain_value(self, nc, g):
        """``_guild_chain_value`` of guild g from the ``nc`` chains ``_chains`` just wrote."""
        csize: cython.p_int = self.csize
        cmask: cython.p_int = self.cmask
        cguild: cython.p_int = self.cguild
        c: cython.int
        v: cython.int
        nb: cython.int
        bestsize: cython.int = 0
        bestval: cython.int = 0
        for c in range(nc):
            if cguild[c] != g:
                continue
            nb = popcount(cmask[c])
            v = chain_points(csize[c], nb)
            if csize[c] > bestsize or (csize[c] == bestsize and v > bestval):
                bestsize = csize[c]
                bestval = v
        return bestval

    def guild_chain_value(self, buf: cython.int[::1], g: cython.int) -> cython.int:
        return self._guild_chain_value(ptr(buf), g)

    @cython.final
    def _final_count(self, b):
        """Each guild's chain value paid by the block rules in track order; -1 per unused man."""
        gval: cython.p_int = self.gval
        g: cython.int
        nc: cython.int = self._chains(b, self.comp, self.csize, self.cmask, self.cguild)
        for g in range(NG):  # the chains once for the four guilds (paying moves no tile)
            gval[g] = self._chain_value(nc, g)
        self._pay_final(b, gval)

    @cython.final
    def _pay_final(self, b, gval):
        """The final count from each guild's chain value ``gval[g]`` (the endgame solver's
        endings count the chains around their last tiles only, city_and_guilds_endings)."""
        order: cython.p_int = self.order
        g: cython.int
        v: cython.int
        n: cython.int
        p: cython.int
        for g in range(NG):
            v = gval[g]
            n = self.rank_track(b, g, order)
            if v > 0 and n > 0:
                self.pay_block_rules(b, v, order[0], order[1] if n > 1 else -1,
                                     order[2] if n > 2 else -1, n)
        for p in range(self.players):
            b[self.o_money + p] -= b[self.o_men + p]

    def final_count(self, buf: cython.int[::1]) -> None:
        self._final_count(ptr(buf))


def half_up(v):
    return (v + 1) // 2


def chain_points(size, blocks):
    """A chain's value at the final count: a point per tile, plus 1 + 2 + ... + ``blocks``
    for the blocks it spans (the bounds and the solver's endings count with it too)."""
    return size + blocks * (blocks + 1) // 2


def popcount(x):
    n: cython.int = 0
    while x:
        x &= x - 1
        n += 1
    return n


def cmp3(a0, a1, a2, b0, b1, b2):
    """Compare (a0, a1, a2) with (b0, b1, b2): 1, 0 or -1."""
    if a0 != b0:
        return 1 if a0 > b0 else -1
    if a1 != b1:
        return 1 if a1 > b1 else -1
    if a2 != b2:
        return 1 if a2 > b2 else -1
    return 0
