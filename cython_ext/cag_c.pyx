# Compiled twin of cag_py.py (City and Guilds).  cag_py.py is the readable
# reference and documents buffer fields, tile kinds and move encoding; every
# function here mirrors the function of the same name there and consumes the
# random generator identically.  The hot paths (placement generation, chain
# labelling, block and guild counts, the playout) run on raw int pointers.
import numpy as np

from cython_ext.kernel cimport Kernel, Rng

cdef enum:
    NK = 9
    MINSTREL = 8
    TAVERN = 9
    EMPTY = 10
    NG = 4
    NFACE = 3
    DEAL_N = 4
    P_DEAL = 0
    P_DISCARD = 1
    P_SETUP = 2
    P_PLACE = 3
    P_TAVERN = 4
    P_DRAW = 5
    P_END = 6
    MAXS = 1024   # spaces (26 columns x 39 rows would be the most a map can draw)
    MAXP = 8


cdef inline int half_up(int v):
    return (v + 1) // 2


cdef inline int popcount(unsigned int x):
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef inline int cmp3(int a0, int a1, int a2, int b0, int b1, int b2):
    if a0 != b0:
        return 1 if a0 > b0 else -1
    if a1 != b1:
        return 1 if a1 > b1 else -1
    if a2 != b2:
        return 1 if a2 > b2 else -1
    return 0


cdef class CagKernel(Kernel):
    cdef public int S, B, men0, taverns, track_max
    cdef object _arrays
    cdef int* adj
    cdef int* block_of
    cdef int* block_first
    cdef int* block_spaces
    cdef int* totals
    cdef int* values
    cdef int o_phase, o_cur, o_stamp, o_tavleft, o_dealt, o_setupleft, o_money, o_men, o_hsize
    cdef int o_hand, o_known, o_pend, o_face, o_supply, o_tile, o_mowner, o_nmen, o_white
    cdef int o_black, o_done, o_inv, o_istamp
    cdef public int T_BASE, PASS, D_BASE, X_BASE
    cdef int[::1] moves

    def __init__(self, int players, int size, int spaces, int blocks, adj, block_of, block_first,
                 block_spaces, totals, int men0, int taverns, int track_max, values, offsets):
        super().__init__(players, size, 19 * spaces + 4 + NK)
        if spaces > MAXS or players > MAXP:
            raise ValueError("map or player count too large for the compiled kernel")
        self.S = spaces
        self.B = blocks
        self.men0 = men0
        self.taverns = taverns
        self.track_max = track_max
        arrs = [np.ascontiguousarray(np.asarray(a).reshape(-1), dtype=np.intc)
                for a in (adj, block_of, block_first, block_spaces, totals, values)]
        self._arrays = arrs  # keeps the memory the pointers below point into
        cdef int[::1] v
        v = arrs[0]; self.adj = &v[0]
        v = arrs[1]; self.block_of = &v[0]
        v = arrs[2]; self.block_first = &v[0]
        v = arrs[3]; self.block_spaces = &v[0]
        v = arrs[4]; self.totals = &v[0]
        v = arrs[5]; self.values = &v[0]
        o = [int(x) for x in offsets]
        (self.o_phase, self.o_cur, self.o_stamp, self.o_tavleft, self.o_dealt, self.o_setupleft,
         self.o_money, self.o_men, self.o_hsize, self.o_hand, self.o_known, self.o_pend,
         self.o_face, self.o_supply, self.o_tile, self.o_mowner, self.o_nmen, self.o_white,
         self.o_black, self.o_done, self.o_inv, self.o_istamp) = o
        self.T_BASE = 18 * spaces
        self.PASS = 19 * spaces
        self.D_BASE = 19 * spaces + 1
        self.X_BASE = 19 * spaces + 4
        self.moves = np.zeros(self.max_moves, dtype=np.intc)

    # ------------------------------------------------------------------ setup
    cpdef void init(self, int[::1] buf):
        cdef int* b = &buf[0]
        cdef int p, i, k, s
        b[self.o_phase] = P_DEAL
        b[self.o_tavleft] = self.taverns
        b[self.o_setupleft] = self.players
        for p in range(self.players):
            b[self.o_men + p] = self.men0
        for i in range(NFACE):
            b[self.o_face + i] = EMPTY
        for k in range(NK):
            b[self.o_supply + k] = self.totals[k]
        for s in range(self.S):
            b[self.o_tile + s] = EMPTY

    # ------------------------------------------------------------------ turn
    cdef bint need_refill(self, int* b):
        cdef int i, k
        for i in range(NFACE):
            if b[self.o_face + i] == EMPTY:
                for k in range(NK):
                    if b[self.o_supply + k] > 0:
                        return True
                return False
        return False

    cdef bint is_chance(self, int* b):
        cdef int ph = b[self.o_phase]
        return ph == P_DEAL or ((ph == P_SETUP or ph == P_PLACE) and self.need_refill(b))

    cpdef int to_move(self, int[::1] buf, int[::1] out):
        cdef int* b = &buf[0]
        cdef int ph = b[self.o_phase]
        cdef int n = 0, p
        if ph == P_END:
            return 0
        if ph == P_DEAL:
            out[0] = -1
            return 1
        if ph == P_DISCARD:
            for p in range(self.players):
                if b[self.o_pend + p] == 0:
                    out[n] = p
                    n += 1
            return n
        if (ph == P_SETUP or ph == P_PLACE) and self.need_refill(b):
            out[0] = -1
            return 1
        out[0] = b[self.o_cur]
        return 1

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        cdef int* b = &buf[0]
        cdef int kinds, total = 0, n = 0, k, c
        if not self.is_chance(b):
            return 0
        kinds = MINSTREL if b[self.o_phase] == P_DEAL else NK
        for k in range(kinds):
            total += b[self.o_supply + k]
        for k in range(kinds):
            c = b[self.o_supply + k]
            if c > 0:
                outcomes[n] = k
                probs[n] = <double>c / total
                n += 1
        return n

    cdef int sample_kind(self, int* b, Rng rng):
        cdef int kinds = MINSTREL if b[self.o_phase] == P_DEAL else NK
        cdef int total = 0, k, r
        for k in range(kinds):
            total += b[self.o_supply + k]
        r = rng.below(total)
        for k in range(kinds):
            r -= b[self.o_supply + k]
            if r < 0:
                return k
        return kinds - 1

    # ------------------------------------------------------------ placement
    cdef bint has_neighbour_tile(self, int* b, int sp):
        cdef int d, q
        for d in range(4):
            q = self.adj[sp * 4 + d]
            if q >= 0 and b[self.o_tile + q] != EMPTY:
                return True
        return False

    cdef bint block_empty(self, int* b, int blk):
        cdef int i
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            if b[self.o_tile + self.block_spaces[i]] != EMPTY:
                return False
        return True

    cdef int targets_c(self, int* b, bint setup, int* out):
        cdef int n = 0, sp
        if setup:
            for sp in range(self.S):
                if b[self.o_tile + sp] == EMPTY and self.block_empty(b, self.block_of[sp]) \
                        and not self.has_neighbour_tile(b, sp):
                    out[n] = sp
                    n += 1
            if n == 0:
                for sp in range(self.S):
                    if b[self.o_tile + sp] == EMPTY and self.block_empty(b, self.block_of[sp]):
                        out[n] = sp
                        n += 1
            if n > 0:
                return n
        for sp in range(self.S):
            if b[self.o_tile + sp] == EMPTY and self.has_neighbour_tile(b, sp):
                out[n] = sp
                n += 1
        if n == 0:
            for sp in range(self.S):
                if b[self.o_tile + sp] == EMPTY:
                    out[n] = sp
                    n += 1
        return n

    def targets(self, int[::1] buf, bint setup, int[::1] out):
        return self.targets_c(&buf[0], setup, &out[0])

    cdef int legal_c(self, int* b, int seat, int* out):
        cdef int ph = b[self.o_phase]
        cdef int n = 0, k, i, j, ns, men, m
        cdef bint dup, two
        cdef int spaces[MAXS]
        if ph == P_END or ph == P_DEAL or seat < 0 or seat >= self.players:
            return 0
        if ph == P_DISCARD:
            if b[self.o_pend + seat] != 0:
                return 0
            for k in range(NK):
                if b[self.o_hand + seat * NK + k] > 0:
                    out[n] = self.X_BASE + k
                    n += 1
            return n
        if seat != b[self.o_cur] or self.is_chance(b):
            return 0
        if ph == P_DRAW:
            for i in range(NFACE):
                k = b[self.o_face + i]
                if k == EMPTY:
                    continue
                dup = False
                for j in range(i):
                    if b[self.o_face + j] == k:
                        dup = True
                if not dup:
                    out[n] = self.D_BASE + i
                    n += 1
            return n
        ns = self.targets_c(b, ph == P_SETUP, spaces)
        if ph == P_TAVERN:
            for i in range(ns):
                out[i] = self.T_BASE + spaces[i]
            out[ns] = self.PASS
            return ns + 1
        men = b[self.o_men + seat]
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] <= 0:
                continue
            two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
            for i in range(ns):
                m = k * 2 * self.S + spaces[i] * 2
                out[n] = m
                n += 1
                if two:
                    out[n] = m + 1
                    n += 1
        return n

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        return self.legal_c(&buf[0], seat, &out[0])

    # ---------------------------------------------------------------- apply
    cpdef void apply(self, int[::1] buf, int seat, int move):
        self.apply_c(&buf[0], seat, move)

    cdef void apply_c(self, int* b, int seat, int move):
        cdef int ph = b[self.o_phase]
        if seat < 0:
            self.apply_chance(b, move)
        elif ph == P_DISCARD:
            self.discard(b, seat, move - self.X_BASE)
        elif ph == P_DRAW:
            self.draw_c(b, seat, move - self.D_BASE)
        elif ph == P_TAVERN:
            if move == self.PASS:
                self.after_place(b)
            else:
                self.tavern(b, move - self.T_BASE)
        else:
            self.place(b, seat, move)

    cdef void apply_chance(self, int* b, int k):
        cdef int d, p, i
        b[self.o_supply + k] -= 1
        if b[self.o_phase] == P_DEAL:
            d = b[self.o_dealt]
            p = d // DEAL_N
            b[self.o_hand + p * NK + k] += 1
            b[self.o_hsize + p] += 1
            b[self.o_dealt] = d + 1
            if d + 1 == DEAL_N * self.players:
                b[self.o_phase] = P_DISCARD
            return
        for i in range(NFACE):
            if b[self.o_face + i] == EMPTY:
                b[self.o_face + i] = k
                return

    cdef void discard(self, int* b, int seat, int k):
        cdef int p, kk
        b[self.o_pend + seat] = k + 1
        for p in range(self.players):
            if b[self.o_pend + p] == 0:
                return
        for p in range(self.players):
            kk = b[self.o_pend + p] - 1
            b[self.o_hand + p * NK + kk] -= 1
            b[self.o_hsize + p] -= 1
            b[self.o_supply + kk] += 1
            b[self.o_pend + p] = 0
        b[self.o_phase] = P_SETUP
        b[self.o_cur] = 0

    cdef void draw_c(self, int* b, int seat, int slot):
        cdef int k = b[self.o_face + slot]
        b[self.o_face + slot] = EMPTY
        b[self.o_hand + seat * NK + k] += 1
        b[self.o_known + seat * NK + k] += 1
        b[self.o_hsize + seat] += 1
        self.next_turn(b)

    cdef void next_turn(self, int* b):
        b[self.o_cur] = (b[self.o_cur] + 1) % self.players
        b[self.o_phase] = P_SETUP if b[self.o_setupleft] > 0 else P_PLACE

    cdef void invest(self, int* b, int g, int p, int steps):
        cdef int base = self.o_inv + g * self.players
        cdef int target = b[base + p] + steps
        cdef int c = 0, q
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

    cdef void place(self, int* b, int seat, int move):
        cdef int S = self.S
        cdef int k = move // (2 * S)
        cdef int sp = (move // 2) % S
        cdef int opt = move % 2
        cdef int men = 0
        b[self.o_hand + seat * NK + k] -= 1
        b[self.o_hsize + seat] -= 1
        if b[self.o_known + seat * NK + k] > 0:
            b[self.o_known + seat * NK + k] -= 1
        b[self.o_tile + sp] = k
        if k == MINSTREL:
            men = opt
        elif k % 2 == 0:
            if opt == 1:
                men = 2
            else:
                if b[self.o_men + seat] > 0:
                    men = 1
                self.invest(b, k // 2, seat, 1)
        else:
            self.invest(b, k // 2, seat, 2)
        if men > 0:
            b[self.o_men + seat] -= men
            b[self.o_nmen + sp] = men
            b[self.o_mowner + sp] = seat + 1
            self.update_owner(b, self.block_of[sp], seat)
        if b[self.o_phase] == P_SETUP:
            b[self.o_setupleft] -= 1
        self.check_complete(b, self.block_of[sp])

    cdef void tavern(self, int* b, int sp):
        b[self.o_tile + sp] = TAVERN
        b[self.o_tavleft] -= 1
        self.check_complete(b, self.block_of[sp])

    cdef void check_complete(self, int* b, int blk):
        cdef bint full
        cdef int i
        if b[self.o_done + blk] == 0:
            full = True
            for i in range(self.block_first[blk], self.block_first[blk + 1]):
                if b[self.o_tile + self.block_spaces[i]] == EMPTY:
                    full = False
                    break
            if full:
                b[self.o_done + blk] = 1
                self.score_block_c(b, blk)
                if b[self.o_tavleft] > 0 and not self.all_done(b):
                    b[self.o_phase] = P_TAVERN
                    return
        self.after_place(b)

    cdef bint all_done(self, int* b):
        cdef int i
        for i in range(self.B):
            if b[self.o_done + i] == 0:
                return False
        return True

    cdef void after_place(self, int* b):
        cdef int i
        if self.all_done(b):
            self.final_count_c(b)
            b[self.o_phase] = P_END
            return
        for i in range(NFACE):
            if b[self.o_face + i] != EMPTY:
                b[self.o_phase] = P_DRAW
                return
        self.next_turn(b)

    # ------------------------------------------------------------ ownership
    cdef int block_counts_c(self, int* b, int blk, int* bld, int* menc):
        cdef int p, i, sp, o, n = 0
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

    def block_counts(self, int[::1] buf, int blk, int[::1] bld, int[::1] menc):
        return self.block_counts_c(&buf[0], blk, &bld[0], &menc[0])

    cdef void update_owner(self, int* b, int blk, int p):
        cdef int bld[MAXP]
        cdef int menc[MAXP]
        cdef int w, k
        self.block_counts_c(b, blk, bld, menc)
        w = b[self.o_white + blk] - 1
        k = b[self.o_black + blk] - 1
        if w < 0:
            b[self.o_white + blk] = p + 1
            return
        if p == w:
            return
        if bld[p] > bld[w] or (bld[p] == bld[w] and menc[p] > menc[w]):
            b[self.o_white + blk] = p + 1
            b[self.o_black + blk] = w + 1
            return
        if p == k:
            return
        if k < 0 or bld[p] > bld[k] or (bld[p] == bld[k] and menc[p] > menc[k]):
            b[self.o_black + blk] = p + 1

    # ------------------------------------------------------------- chains
    cdef int chains_c(self, int* b, int* comp, int* csize, int* cmask, int* cguild):
        cdef int S = self.S
        cdef int s, k, g, size, mask, top, x, d, q, kq, nc = 0
        cdef int stack[MAXS]
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

    def chains(self, int[::1] buf, int[::1] comp, int[::1] csize, int[::1] cmask, int[::1] cguild):
        return self.chains_c(&buf[0], &comp[0], &csize[0], &cmask[0], &cguild[0])

    cdef bint track_before(self, int* b, int g, int p, int q):
        cdef int P = self.players
        cdef int x = b[self.o_inv + g * P + p], y = b[self.o_inv + g * P + q]
        if x != y:
            return x > y
        return b[self.o_istamp + g * P + p] < b[self.o_istamp + g * P + q]

    cdef int rank_track(self, int* b, int g, int* order):
        cdef int P = self.players
        cdef int base = self.o_inv + g * P
        cdef int n = 0, p, i, j
        for p in range(P):
            if b[base + p] > 0:
                order[n] = p
                n += 1
        for i in range(1, n):
            p = order[i]
            j = i - 1
            while j >= 0 and self.track_before(b, g, p, order[j]):
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = p
        return n

    cdef void pay_block_rules(self, int* b, int value, int first, int second, int third,
                              int present):
        cdef int p1, p2, p3
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

    cdef int block_value_c(self, int* b, int blk):
        cdef int v = self.values[0], i, k
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            k = b[self.o_tile + self.block_spaces[i]]
            if k == TAVERN:
                v += self.values[3]
            elif k == MINSTREL:
                v += self.values[2]
            elif k < 8 and k % 2 == 1:
                v += self.values[1]
        return v

    def block_value(self, int[::1] buf, int blk):
        return self.block_value_c(&buf[0], blk)

    cdef int block_third_c(self, int* b, int blk, int* bld, int* menc):
        cdef int w = b[self.o_white + blk] - 1
        cdef int k = b[self.o_black + blk] - 1
        cdef int best = -1, p
        cdef bint tie = False
        for p in range(self.players):
            if p == w or p == k or bld[p] == 0:
                continue
            if best < 0 or bld[p] > bld[best] or (bld[p] == bld[best] and menc[p] > menc[best]):
                best = p
                tie = False
            elif bld[p] == bld[best] and menc[p] == menc[best]:
                tie = True
        return -1 if tie else best

    def block_third(self, int[::1] buf, int blk, int[::1] bld, int[::1] menc):
        return self.block_third_c(&buf[0], blk, &bld[0], &menc[0])

    cdef int guild_control_c(self, int* b, int blk):
        cdef int comp[MAXS]
        cdef int csize[MAXS]
        cdef int cmask[MAXS]
        cdef int cguild[MAXS]
        cdef int cnt[NG]
        cdef int clen[NG]
        cdef int cblk[NG]
        cdef int g, i, sp, k, c, nb, best = -1
        cdef bint tie = False
        self.chains_c(b, comp, csize, cmask, cguild)
        for g in range(NG):
            cnt[g] = 0
            clen[g] = 0
            cblk[g] = 0
        for i in range(self.block_first[blk], self.block_first[blk + 1]):
            sp = self.block_spaces[i]
            k = b[self.o_tile + sp]
            if k < 8:
                g = k // 2
                cnt[g] += 1
                c = comp[sp]
                nb = popcount(cmask[c])
                if csize[c] > clen[g] or (csize[c] == clen[g] and nb > cblk[g]):
                    clen[g] = csize[c]
                    cblk[g] = nb
        for g in range(NG):
            if cnt[g] == 0:
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

    def guild_control(self, int[::1] buf, int blk):
        return self.guild_control_c(&buf[0], blk)

    cdef void score_block_c(self, int* b, int blk):
        cdef int bld[MAXP]
        cdef int menc[MAXP]
        cdef int order[MAXP]
        cdef int present, value, third, g, n
        present = self.block_counts_c(b, blk, bld, menc)
        value = self.block_value_c(b, blk)
        third = self.block_third_c(b, blk, bld, menc) if present >= 3 else -1
        self.pay_block_rules(b, value, b[self.o_white + blk] - 1, b[self.o_black + blk] - 1,
                             third, present)
        g = self.guild_control_c(b, blk)
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

    def score_block(self, int[::1] buf, int blk):
        self.score_block_c(&buf[0], blk)

    cdef int guild_chain_value_c(self, int* b, int g):
        cdef int comp[MAXS]
        cdef int csize[MAXS]
        cdef int cmask[MAXS]
        cdef int cguild[MAXS]
        cdef int nc, c, v, nb, bestsize = 0, bestval = 0
        nc = self.chains_c(b, comp, csize, cmask, cguild)
        for c in range(nc):
            if cguild[c] != g:
                continue
            nb = popcount(cmask[c])
            v = csize[c] + nb * (nb + 1) // 2
            if csize[c] > bestsize or (csize[c] == bestsize and v > bestval):
                bestsize = csize[c]
                bestval = v
        return bestval

    def guild_chain_value(self, int[::1] buf, int g):
        return self.guild_chain_value_c(&buf[0], g)

    cdef void final_count_c(self, int* b):
        cdef int order[MAXP]
        cdef int g, v, n, p
        for g in range(NG):
            v = self.guild_chain_value_c(b, g)
            n = self.rank_track(b, g, order)
            if v > 0 and n > 0:
                self.pay_block_rules(b, v, order[0], order[1] if n > 1 else -1,
                                     order[2] if n > 2 else -1, n)
        for p in range(self.players):
            b[self.o_money + p] -= b[self.o_men + p]

    def final_count(self, int[::1] buf):
        self.final_count_c(&buf[0])

    # ------------------------------------------------------------ hidden info
    cpdef void observe(self, int[::1] buf, int seat):
        cdef int* b = &buf[0]
        cdef int p, k
        for p in range(self.players):
            if p == seat:
                continue
            for k in range(NK):
                b[self.o_hand + p * NK + k] = -1
            if b[self.o_phase] == P_DISCARD:
                b[self.o_pend + p] = -1
        for k in range(NK):
            b[self.o_supply + k] = -1

    cpdef void determinize(self, int[::1] buf, int seat, Rng rng):
        cdef int* b = &buf[0]
        cdef int pool[NK]
        cdef int P = self.players
        cdef int k, s, i, p, need, t, total, r
        for k in range(NK):
            pool[k] = self.totals[k] - b[self.o_hand + seat * NK + k]
        for s in range(self.S):
            k = b[self.o_tile + s]
            if k < NK:
                pool[k] -= 1
        for i in range(NFACE):
            k = b[self.o_face + i]
            if k < NK:
                pool[k] -= 1
        for p in range(P):
            if p != seat:
                for k in range(NK):
                    pool[k] -= b[self.o_known + p * NK + k]
        for p in range(P):
            if p == seat:
                continue
            if b[self.o_pend + p] < 0:
                b[self.o_pend + p] = 0
            need = b[self.o_hsize + p]
            for k in range(NK):
                b[self.o_hand + p * NK + k] = b[self.o_known + p * NK + k]
                need -= b[self.o_known + p * NK + k]
            for t in range(need):
                total = 0
                for k in range(MINSTREL):
                    total += pool[k]
                r = rng.below(total)
                for k in range(MINSTREL):
                    r -= pool[k]
                    if r < 0:
                        pool[k] -= 1
                        b[self.o_hand + p * NK + k] += 1
                        break
        for k in range(NK):
            b[self.o_supply + k] = pool[k]

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        cdef int ph = buf[self.o_phase]
        if actor < 0 and ph == P_DEAL and buf[self.o_dealt] // DEAL_N != observer:
            return self.max_moves
        if actor >= 0 and ph == P_DISCARD and actor != observer:
            return self.max_moves + 1
        return move

    cpdef void scores(self, int[::1] buf, int[::1] out):
        cdef int p
        for p in range(self.players):
            out[p] = buf[self.o_money + p]

    # ------------------------------------------------------------ playout
    cpdef void rollout(self, int[::1] buf, Rng rng):
        cdef int* b = &buf[0]
        cdef int* mv = &self.moves[0]
        cdef int n, p, seat
        while b[self.o_phase] != P_END:
            if self.is_chance(b):
                self.apply_chance(b, self.sample_kind(b, rng))
                continue
            if b[self.o_phase] == P_DISCARD:
                p = 0
                while b[self.o_pend + p] != 0:
                    p += 1
                n = self.legal_c(b, p, mv)
                self.apply_c(b, p, mv[rng.below(n)])
                continue
            seat = b[self.o_cur]
            if b[self.o_phase] == P_PLACE:
                # same move as legal()[rng.below(n)], without writing the list
                self.apply_c(b, seat, self.random_placement(b, seat, rng))
                continue
            n = self.legal_c(b, seat, mv)
            self.apply_c(b, seat, mv[rng.below(n)])

    cdef int random_placement(self, int* b, int seat, Rng rng):
        cdef int spaces[MAXS]
        cdef int ns, k, n = 0, r, c, men
        cdef bint two
        ns = self.targets_c(b, False, spaces)
        men = b[self.o_men + seat]
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] > 0:
                two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
                n += 2 * ns if two else ns
        r = rng.below(n)
        for k in range(NK):
            if b[self.o_hand + seat * NK + k] > 0:
                two = (k == MINSTREL and men >= 1) or (k < 8 and k % 2 == 0 and men >= 2)
                c = 2 * ns if two else ns
                if r < c:
                    if two:
                        return k * 2 * self.S + spaces[r // 2] * 2 + r % 2
                    return k * 2 * self.S + spaces[r] * 2
                r -= c
        return 0
