"""City and Guilds heuristic: the kernel's ``move_values`` (rollout policy, progressive bias).

The value of a move for the seat ``p`` to move is the money it expects to add
to ``p``'s own count, read from the board as the counts will read it
(rulebook: Block Ownership, Scoring, Guild Investment, Final Count):

* **A block's two counts**, for the block of the space filled: ``p``'s
  block-control payment (the white/black cubes and third place as they
  stand after the move, recomputed as ``update_owner`` would, paid by the
  block rules at the block's value with the tile in: a market +2, a
  minstrel's house +5, a tavern +5) plus its guild-control payment (the
  guild with the most tiles in the block after the move, ties: none;
  ``p``'s place on that guild's track: £4/£2/£1, alone £7).  Both are
  weighted by how full the block is (its filled spaces over its size): the
  payment is certain once the block is full, and a move that fills the last
  space is valued with the count it triggers (+``TAVERN_BONUS`` when a bonus
  tavern is left to take and the game goes on).  The value is the weighted payment after the move
  minus the weighted payment before.
* **Investment**: a building's single step or a market's two, as
  ``invest`` moves the cube (no gain on a full space or past the track's
  end): ``STEP`` per step, plus the guild's worth times the change of
  ``p``'s share of its payouts by track place (1st 1, 2nd 1/2, 3rd 1/4,
  else 0).  A guild's worth: its expected guild-control payments in the
  blocks not yet counted (£4 times the open blocks times its share of the
  guild tiles on the board) plus half its chain (the final count pays the
  first half of the largest chain's value; the guild's tiles on the board
  stand for it).
* **Chains**: a guild tile next to tiles of its guild lengthens a chain by
  one, ``CROSS`` more when a neighbour of that guild lies in another block
  (the block bonus grows); worth ``p``'s final-count share of it (half,
  a quarter, an eighth by track place).
* **Men**: ``MAN`` per man placed (each man left costs £1 at the end).
* A **draw** (and, negated, a setup **discard**) is worth the tile to
  ``p``: a building its investment step plus ``BUILDING``, a market its two
  steps plus ``MARKET``, a minstrel's house ``MINSTREL_KEEP``.
* Declining a tavern: 0.

Only the public board, the tracks, the cubes and the men with the move
itself are read (never a hand, ``p``'s own included, nor the piles; a
draw reads the face-up display), so a move's value is the same in every
determinization of any seat's view.  Compiled by Cython (declarations in
the ``.pxd``) and run unchanged as plain Python; the kernel's
``move_values`` delegates here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from .city_and_guilds_layout import (DISCARD, DRAW, EMPTY, MINSTREL, NG, NK, PLACE, SETUP,  # noqa: F401
                                         TAVERN, TAVERN_PH)
    from .kernel import ptr  # noqa: F401

STEP = cython.declare(cython.double, 0.5)
MAN = cython.declare(cython.double, 0.3)
CROSS = cython.declare(cython.double, 2.0)
TAVERN_BONUS = cython.declare(cython.double, 2.0)
BUILDING = cython.declare(cython.double, 1.5)
MARKET = cython.declare(cython.double, 0.5)
MINSTREL_KEEP = cython.declare(cython.double, 1.0)
UNKNOWN = cython.declare(cython.double, -1.0)  # before[blk] not computed yet (payments are >= 0)


@cython.cclass
class CityAndGuildsPolicy:
    """Scratch and code of the heuristic; one per kernel (see the module docstring)."""

    def __init__(self, players: cython.int, blocks: cython.int) -> None:
        self.bld = numpy.zeros(blocks * players, dtype=numpy.intc)
        self.menc = numpy.zeros(blocks * players, dtype=numpy.intc)
        self.gcnt = numpy.zeros(blocks * NG, dtype=numpy.intc)
        self.gtot = numpy.zeros(NG, dtype=numpy.intc)
        self.empty = numpy.zeros(blocks, dtype=numpy.intc)
        self.bval = numpy.zeros(blocks, dtype=numpy.intc)
        self.before = numpy.zeros(blocks, dtype=numpy.float64)
        self.worth = numpy.zeros(NG, dtype=numpy.float64)
        self.rank = numpy.zeros(NG, dtype=numpy.intc)
        self.ntrack = numpy.zeros(NG, dtype=numpy.intc)
        self.fmemo = numpy.zeros(blocks * NK * 2, dtype=numpy.float64)
        self.fstamp = numpy.zeros(blocks * NK * 2, dtype=numpy.intc)
        self.kmemo = numpy.zeros(NK * 2, dtype=numpy.float64)
        self.kmen = numpy.zeros(NK * 2, dtype=numpy.intc)
        self.kstamp = numpy.zeros(NK * 2, dtype=numpy.intc)
        self.calls = 0

    def values(self, k, b, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 4
        (each move's value is its own, whatever the other moves, and reads only the public
        board, tracks, cubes and men with the move, never ``seat``'s hand: a search may keep
        them by move, in an SO tree too), or 2 at a draw: the values then read the face-up
        display, which chance refills and the moves to a search node do not fix (so a search
        must not keep them by node)."""
        S: cython.int = k.S
        ph: cython.int = b[k.o_phase]
        i: cython.int
        m: cython.int
        blk: cython.int
        if seat < 0 or seat >= k.players or ph < DISCARD or ph > DRAW:
            for i in range(n):
                out[i] = 0.0
            return 1
        for i in range(n):
            if moves[i] <= 19 * S:  # a placement, tavern or pass: the blocks are read
                self.read_board(k, b, seat)
                break
        else:  # draws and discards only (most of a search's calls): the tiles' tracks alone
            self.read_tracks(k, b, seat, self.count_guild_tiles(k, b))
        self.calls += 1  # fill_value and the tile's own part kept for this call only
        if self.calls == 1 << 30:
            for i in range(k.B * NK * 2):
                self.fstamp[i] = 0
            for i in range(NK * 2):
                self.kstamp[i] = 0
            self.calls = 1
        for i in range(n):
            m = moves[i]
            if m < 18 * S:
                out[i] = self.place_value(k, b, seat, m // (2 * S), (m // 2) % S, m % 2)
            elif m < 19 * S:
                blk = k.block_of[m - 18 * S]
                out[i] = self.fill_value(k, b, seat, blk, -1, 0, k.values[3], 1)
            elif m == 19 * S:
                out[i] = 0.0
            elif m < 19 * S + 4:
                out[i] = self.keep_value(k, b, seat, b[k.o_face + m - 19 * S - 1])
            else:
                out[i] = -self.keep_value(k, b, seat, m - 19 * S - 4)
        return 2 if ph == DRAW else 4

    def read_board(self, k, b, seat):
        """Per block: owners' buildings and men, guild tiles, empty spaces and value; per
        guild: ``seat``'s place, the track, its worth."""
        P: cython.int = k.players
        blk: cython.int
        i: cython.int
        sp: cython.int
        t: cython.int
        o: cython.int
        g: cython.int
        size: cython.int
        total: cython.int = 0
        open_blocks: cython.int = 0
        for i in range(k.B * P):
            self.bld[i] = 0
            self.menc[i] = 0
        for i in range(k.B * NG):
            self.gcnt[i] = 0
        for g in range(NG):
            self.gtot[g] = 0
        for blk in range(k.B):
            self.empty[blk] = 0
            self.bval[blk] = k._block_value(b, blk)
            for i in range(k.block_first[blk], k.block_first[blk + 1]):
                sp = k.block_spaces[i]
                t = b[k.o_tile + sp]
                o = b[k.o_mowner + sp]
                if t == EMPTY:
                    self.empty[blk] += 1
                elif t < 8:
                    self.gcnt[blk * NG + t // 2] += 1
                    self.gtot[t // 2] += 1
                    total += 1
                if o > 0:
                    self.bld[blk * P + o - 1] += 1
                    self.menc[blk * P + o - 1] += b[k.o_nmen + sp]
            if b[k.o_done + blk] == 0:
                open_blocks += 1
        self.open_blocks = open_blocks
        self.read_tracks(k, b, seat, total)
        for blk in range(k.B):
            self.before[blk] = UNKNOWN  # read_before, for the blocks a move fills
        return 0

    def count_guild_tiles(self, k, b):
        """``gtot`` and ``open_blocks`` as ``read_board`` reads them, nothing else (what a tile
        in hand is worth needs no block); returns the guild tiles on the board."""
        blk: cython.int
        i: cython.int
        t: cython.int
        g: cython.int
        total: cython.int = 0
        for g in range(NG):
            self.gtot[g] = 0
        self.open_blocks = 0
        for blk in range(k.B):
            for i in range(k.block_first[blk], k.block_first[blk + 1]):
                t = b[k.o_tile + k.block_spaces[i]]
                if t < 8:
                    self.gtot[t // 2] += 1
                    total += 1
            if b[k.o_done + blk] == 0:
                self.open_blocks += 1
        return total

    def read_tracks(self, k, b, seat, total):
        """Per guild: ``seat``'s place, the seats on the track, its worth (from ``gtot``,
        ``total`` guild tiles and ``open_blocks``)."""
        P: cython.int = k.players
        g: cython.int
        q: cython.int
        for g in range(NG):
            self.ntrack[g] = 0
            self.rank[g] = 0
            if b[k.o_inv + g * P + seat] > 0:
                self.rank[g] = 1
            for q in range(P):
                if b[k.o_inv + g * P + q] > 0:
                    self.ntrack[g] += 1
                    if q != seat and self.rank[g] > 0 and k.track_before(b, g, q, seat):
                        self.rank[g] += 1
        for g in range(NG):
            self.worth[g] = (4.0 * self.open_blocks * (self.gtot[g] + 1.0) / (total + 4.0)) + 0.5 * (self.gtot[g] + 2.0)
        return 0

    def read_before(self, k, b, seat, blk):
        """``seat``'s weighted payments from block ``blk`` now (computed once per call)."""
        size: cython.int = k.block_first[blk + 1] - k.block_first[blk]
        if self.before[blk] != UNKNOWN:
            return self.before[blk]
        if b[k.o_done + blk] or self.empty[blk] == size:
            self.before[blk] = 0.0
        else:
            self.before[blk] = (size - self.empty[blk]) * 1.0 / size * (
                self.block_pay(k, b, seat, blk, -1, 0, 0, self.bval[blk])
                + self.guild_pay(blk, -1))
        return self.before[blk]

    def place_value(self, k, b, seat, kind, sp, opt):
        """A tile of ``kind`` from hand on ``sp`` with option ``opt`` (as ``place`` reads it)."""
        men: cython.int = 0
        g: cython.int = kind // 2
        blk: cython.int = k.block_of[sp]
        add: cython.int = 0
        val: cython.double = 0.0
        d: cython.int
        q: cython.int
        same: cython.int = 0
        cross: cython.int = 0
        kq: cython.int
        f: cython.int
        if kind == MINSTREL:
            add = k.values[2]
            g = -1
        elif kind % 2 == 1:
            add = k.values[1]
        # what the tile and option alone are worth (its men and investment) is the same on
        # every space: kept for this call (a list places each tile on dozens of spaces)
        f = kind * 2 + opt
        if self.kstamp[f] != self.calls:
            self.kstamp[f] = self.calls
            men = k.men_placed(b, seat, kind, opt)
            if k.invest_steps(kind, opt) > 0:
                val += self.invest_value(k, b, seat, g, k.invest_steps(kind, opt))
            val += MAN * men
            self.kmen[f] = men
            self.kmemo[f] = val
        men = self.kmen[f]
        val = self.kmemo[f]
        if g >= 0:
            for d in range(4):
                q = k.adj[sp * 4 + d]
                if q >= 0:
                    kq = b[k.o_tile + q]
                    if kq < 8 and kq // 2 == g:
                        same += 1
                        if k.block_of[q] != blk:
                            cross = 1
            if same > 0:
                val += self.final_share(g) * (1.0 + CROSS * cross)
        # the same tile and option on another space of the block fills it alike: kept for
        # this call (a setup list has a dozen such spaces a block)
        f = (blk * NK + kind) * 2 + opt
        if self.fstamp[f] != self.calls:
            self.fstamp[f] = self.calls
            self.fmemo[f] = self.fill_value(k, b, seat, blk, g, men, add, 0)
        return val + self.fmemo[f]

    def fill_value(self, k, b, seat, blk, g, men, add, tavern):
        """Change of ``seat``'s weighted payments from block ``blk`` when one of its empty
        spaces takes a tile of guild ``g`` (-1: none) with ``men`` of ``seat``'s men,
        adding ``add`` to its value (``tavern``: the tile is a bonus tavern, one fewer left)."""
        size: cython.int = k.block_first[blk + 1] - k.block_first[blk]
        left: cython.int = self.empty[blk] - 1
        after: cython.double
        if b[k.o_done + blk]:
            return 0.0
        after = (size - left) * 1.0 / size * (
            self.block_pay(k, b, seat, blk, seat if men > 0 else -1, men, 1, self.bval[blk] + add)
            + self.guild_pay(blk, g))
        if left == 0 and b[k.o_tavleft] > tavern and self.open_blocks > 1:  # as check_complete offers one
            after += TAVERN_BONUS
        return after - self.read_before(k, b, seat, blk)

    def block_pay(self, k, b, seat, blk, p, men, building, value):
        """``seat``'s block-control payment from ``blk`` at ``value``, after ``p`` (-1: nobody)
        put ``men`` men on one more building there: the cubes as ``update_owner`` moves
        them, third place as ``_block_third`` reads it, the block payment rules."""
        P: cython.int = k.players
        o: cython.int = blk * P
        w: cython.int = b[k.o_white + blk] - 1
        s: cython.int = b[k.o_black + blk] - 1
        third: cython.int = -1
        present: cython.int = 0
        q: cython.int
        tie: cython.bint = False
        p1: cython.int
        p2: cython.int
        if p >= 0:
            self.bld[o + p] += building
            self.menc[o + p] += men
            if w < 0:
                w = p
            elif p != w:
                if self.ahead(o, p, w):
                    s = w
                    w = p
                elif p != s and (s < 0 or self.ahead(o, p, s)):
                    s = p
        for q in range(P):
            if self.bld[o + q] > 0:
                present += 1
        if present >= 3:
            for q in range(P):
                if q == w or q == s or self.bld[o + q] == 0:
                    continue
                if third < 0 or self.ahead(o, q, third):
                    third = q
                    tie = False
                elif self.bld[o + q] == self.bld[o + third] and self.menc[o + q] == self.menc[o + third]:
                    tie = True
        if p >= 0:
            self.bld[o + p] -= building
            self.menc[o + p] -= men
        if present == 0 or w < 0:
            return 0.0
        if present == 1:
            return value if seat == w else 0.0
        p1 = (value + 1) // 2
        p2 = (p1 + 1) // 2
        if present == 2:
            if seat == w:
                return p1 + 1.0
            return p2 + 1.0 if seat == s else 0.0
        if seat == w:
            return p1
        if seat == s:
            return p2
        if seat == third and not tie:
            return (p2 + 1) // 2
        return 0.0

    def ahead(self, o, p, q):
        """``p`` ranks above ``q`` in the block whose counts start at ``o``."""
        return self.bld[o + p] > self.bld[o + q] or (
            self.bld[o + p] == self.bld[o + q] and self.menc[o + p] > self.menc[o + q])

    def guild_pay(self, blk, g):
        """The seat's guild-control payment from ``blk`` with one more tile of guild ``g``
        (-1: none): the guild with the most tiles (a tie: no count), by track place."""
        best: cython.int = -1
        top: cython.int = 0
        c: cython.int
        h: cython.int
        tie: cython.bint = False
        r: cython.int
        for h in range(NG):
            c = self.gcnt[blk * NG + h] + (1 if h == g else 0)
            if c > top:
                top = c
                best = h
                tie = False
            elif c == top and c > 0:
                tie = True
        if best < 0 or tie:
            return 0.0
        r = self.rank[best]
        if r == 0:
            return 0.0
        if self.ntrack[best] == 1:
            return 7.0
        if r == 1:
            return 4.0
        if r == 2:
            return 2.0
        return 1.0 if r == 3 else 0.0

    def final_share(self, g):
        """The seat's share of guild ``g``'s final chain value by its place on the track."""
        r: cython.int = self.rank[g]
        if r == 1:
            return 1.0 if self.ntrack[g] == 1 else 0.5
        if r == 2:
            return 0.25
        return 0.125 if r == 3 else 0.0

    def invest_value(self, k, b, seat, g, steps):
        """``steps`` on guild ``g``'s track for ``seat``, as ``invest`` moves the cube: ``STEP``
        each plus the guild's worth times the change of the seat's payout share."""
        P: cython.int = k.players
        base: cython.int = k.o_inv + g * P
        target: cython.int = b[base + seat] + steps
        c: cython.int = 0
        q: cython.int
        r: cython.int = 1
        if target > k.track_max:
            return 0.0
        for q in range(P):
            if b[base + q] == target:
                c += 1
            elif q != seat and b[base + q] > target:
                r += 1
        if c >= 3:
            return 0.0
        r += c  # arriving last on the space: behind the cubes there
        return STEP * steps + self.worth[g] * (track_share(r) - track_share(self.rank[g]))

    def keep_value(self, k, b, seat, kind):
        """A tile of ``kind`` in ``seat``'s hand: what its placement will invest, and more."""
        if kind == EMPTY:
            return 0.0
        if kind == MINSTREL:
            return MINSTREL_KEEP
        if kind % 2 == 0:
            return BUILDING + self.invest_value(k, b, seat, kind // 2, 1)
        return MARKET + self.invest_value(k, b, seat, kind // 2, 2)


def track_share(r):
    """Payout share of track place ``r`` (1-based; 0: off the track): £4/£2/£1 halve."""
    if r == 1:
        return 1.0
    if r == 2:
        return 0.5
    return 0.25 if r == 3 else 0.0
