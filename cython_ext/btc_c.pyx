# Between Two Cities kernel, compiled twin of btc_py.py (the readable reference:
# read it first).  Line-by-line translation with C arrays; same RNG use.
import numpy as np

from cython_ext.kernel cimport Kernel, Rng

DEF BW = 9
DEF NCELL = 81
DEF KM = 32
DEF CENTER = 40
DEF PH_MAT = 0
DEF PH_DIST = 1
DEF PH_DEAL = 2
DEF PH_JDEAL = 3
DEF PH_ASSIGN = 4
DEF PH_CHOOSE = 5
DEF PH_PLACE = 6
DEF PH_END = 7
DEF PLACE_BASE = 1024
DEF ASSIGN_BASE = 1672
DEF MAX_MOVES_C = 1674
DEF CAT_FACTORY = 0
DEF CAT_SHOP = 1
DEF CAT_PARK = 2
DEF CAT_TAVERN = 3
DEF CAT_OFFICE = 4
DEF CAT_HOUSE = 5
DEF CAT_CIVIC = 6

MAX_MOVES = MAX_MOVES_C
HIDDEN = MAX_MOVES_C

cdef int SHOP_PTS[6]
SHOP_PTS[:] = [0, 2, 5, 10, 15, 20]
cdef int TAV_PTS[5]
TAV_PTS[:] = [0, 1, 4, 9, 17]
cdef int OFF_PTS[6]
OFF_PTS[:] = [0, 1, 3, 6, 10, 15]


cdef inline int imin(int a, int b) nogil:
    return a if a < b else b


cdef inline int imax(int a, int b) nogil:
    return a if a > b else b


cdef int shop_best(const int* nb, int g, int* sh, int start) noexcept nogil:
    cdef int x = start, best = -1, d, di, L, y, v, i
    cdef int cells[5]
    while x < NCELL and not sh[x]:
        x += 1
    if x >= NCELL:
        return 0
    for di in range(2):
        d = 3 if di == 0 else 1
        L = 0
        y = x
        while y >= 0 and L < 5 and sh[y]:
            sh[y] = 0
            cells[L] = y
            L += 1
            if L >= 2 or d == 3:
                v = SHOP_PTS[L] + shop_best(nb, g, sh, x + 1)
                if v > best:
                    best = v
            y = nb[(g * NCELL + y) * 4 + d]
        for i in range(L):
            sh[cells[i]] = 1
    return best


cdef class BtcKernel(Kernel):
    cdef public int NC, NPOS, NR, W, JAMEY, TWOSTD, DIST, NMAT, HASMAT, NKB, NKD
    cdef public int O_PHASE, O_ROUND, O_TURN, O_PTR, O_SUB, O_SIDES, O_MAT, O_DCARD, O_DDISC
    cdef public int O_CITY, O_DCNT, O_DPL, O_BOXB, O_BOXD, O_HAND, O_HANDN, O_DONE, O_CHOSEN
    cdef public int O_PEND, O_JPICK, O_DISC, O_JDISC
    cdef int[::1] t_kcat, t_ktav, t_like1, t_like2, t_dislike, t_dleft, t_dright, t_totb, t_totd
    cdef int[::1] t_nb, t_openm, t_land, t_mbox, t_rkind, t_rdir, t_rhand, t_dpts, t_cardcat
    cdef int[::1] cells_mv
    cdef int[::1] moves_mv

    def __init__(self, cfg):
        Kernel.__init__(self, int(cfg["players"]), int(cfg["size"]), MAX_MOVES_C)
        self.NC = cfg["NC"]; self.NPOS = cfg["NPOS"]; self.NR = cfg["NR"]; self.W = cfg["W"]
        self.JAMEY = cfg["JAMEY"]; self.TWOSTD = cfg["TWOSTD"]; self.DIST = cfg["DIST"]
        self.NMAT = cfg["NMAT"]; self.HASMAT = cfg["HASMAT"]; self.NKB = cfg["NKB"]; self.NKD = cfg["NKD"]
        off = cfg["offsets"]
        self.O_PHASE = off["phase"]; self.O_ROUND = off["round"]; self.O_TURN = off["turn"]
        self.O_PTR = off["ptr"]; self.O_SUB = off["sub"]; self.O_SIDES = off["sides"]
        self.O_MAT = off["mat"]; self.O_DCARD = off["dcard"]; self.O_DDISC = off["ddisc"]
        self.O_CITY = off["city"]; self.O_DCNT = off["dcnt"]; self.O_DPL = off["dpl"]
        self.O_BOXB = off["boxb"]; self.O_BOXD = off["boxd"]; self.O_HAND = off["hand"]
        self.O_HANDN = off["handn"]; self.O_DONE = off["done"]; self.O_CHOSEN = off["chosen"]
        self.O_PEND = off["pend"]; self.O_JPICK = off["jpick"]; self.O_DISC = off["disc"]
        self.O_JDISC = off["jdisc"]

        def arr(name):
            return np.ascontiguousarray(cfg[name], dtype=np.intc).ravel().copy()
        self.t_kcat = arr("kcat"); self.t_ktav = arr("ktav"); self.t_like1 = arr("like1")
        self.t_like2 = arr("like2"); self.t_dislike = arr("dislike"); self.t_dleft = arr("dleft")
        self.t_dright = arr("dright"); self.t_totb = arr("totb"); self.t_totd = arr("totd")
        self.t_nb = arr("nb"); self.t_openm = arr("openm"); self.t_land = arr("land")
        self.t_mbox = arr("mbox"); self.t_rkind = arr("rkind"); self.t_rdir = arr("rdir")
        self.t_rhand = arr("rhand"); self.t_dpts = arr("dpts"); self.t_cardcat = arr("cardcat")
        self.cells_mv = np.zeros(NCELL, dtype=np.intc)
        self.moves_mv = np.zeros(MAX_MOVES_C, dtype=np.intc)

    # ------------------------------------------------------------------ geometry
    cdef inline int geo(self, int[::1] buf, int c) noexcept:
        cdef int m = buf[self.O_MAT + c]
        return m if m >= 0 else self.NMAT

    cpdef int city_of(self, int s, int side):
        if self.TWOSTD:
            return 2 * s + side
        if side == 0:
            return s
        return (s + self.NPOS - 1) % self.NPOS

    cdef inline int jside(self, int s) noexcept:
        return 1 if s == 0 else 0

    cdef int feasible(self, int[::1] buf, int c, int g, int rmin, int rmax, int cmin, int cmax,
                      int x1, int x2, int need, int s) noexcept:
        cdef int W = self.W, r, cc, rlo, rhi, clo, chi, base, wr, wc, pairs, x, v, y, z, z2, d
        cdef int head, tail, nfree, lim = s + 1, r2, c2
        cdef int dist[NCELL]
        cdef int queue[NCELL]
        cdef const int* nb = &self.t_nb[0]
        if x1 >= 0:
            r = x1 // BW; cc = x1 % BW
            rmin = imin(rmin, r); rmax = imax(rmax, r); cmin = imin(cmin, cc); cmax = imax(cmax, cc)
        if x2 >= 0:
            r = x2 // BW; cc = x2 % BW
            rmin = imin(rmin, r); rmax = imax(rmax, r); cmin = imin(cmin, cc); cmax = imax(cmax, cc)
        if rmax - rmin + 1 > W or cmax - cmin + 1 > W:
            return 0
        rlo = imax(rmax - W + 1, 0)
        rhi = imin(rmin, BW - W)
        clo = imax(cmax - W + 1, 0)
        chi = imin(cmin, BW - W)
        if rlo > rhi or clo > chi:
            return 0
        base = self.O_CITY + c * NCELL
        for wr in range(rlo, rhi + 1):
            for wc in range(clo, chi + 1):
                head = 0
                tail = 0
                nfree = 0
                for r in range(wr, wr + W):
                    for cc in range(wc, wc + W):
                        x = r * BW + cc
                        v = buf[base + x]
                        if v >= 2 or x == x1 or x == x2:
                            dist[x] = 0
                            queue[tail] = x
                            tail += 1
                        elif v == 0:
                            dist[x] = -1
                            nfree += 1
                        else:
                            dist[x] = -2
                while head < tail:
                    y = queue[head]
                    head += 1
                    for d in range(4):
                        z = nb[(g * NCELL + y) * 4 + d]
                        if z < 0:
                            continue
                        r = z // BW
                        cc = z % BW
                        if r < wr or r >= wr + W or cc < wc or cc >= wc + W:
                            continue
                        if dist[z] == -1:
                            dist[z] = dist[y] + 1
                            queue[tail] = z
                            tail += 1
                            nfree -= 1
                if nfree > 0:
                    continue
                if need <= 0:
                    return 1
                if need == 1 or s > 0:
                    pairs = 0
                    for r in range(wr, wr + W):
                        cc = wc
                        while cc < wc + W - 1:
                            x = r * BW + cc
                            if dist[x] > 0 and dist[x + 1] > 0 and imin(dist[x], dist[x + 1]) <= lim:
                                pairs += 1
                                cc += 2
                            else:
                                cc += 1
                    if pairs >= need:
                        return 1
                    continue
                for r in range(wr, wr + W):
                    for cc in range(wc, wc + W - 1):
                        x = r * BW + cc
                        if dist[x] <= 0 or dist[x + 1] <= 0 or imin(dist[x], dist[x + 1]) != 1:
                            continue
                        for r2 in range(wr, wr + W):
                            for c2 in range(wc, wc + W - 1):
                                y = r2 * BW + c2
                                if dist[y] <= 0 or dist[y + 1] <= 0:
                                    continue
                                if y == x or y == x + 1 or y + 1 == x:
                                    continue
                                if imin(dist[y], dist[y + 1]) == 1:
                                    return 1
                                for d in range(4):
                                    z = nb[(g * NCELL + y) * 4 + d]
                                    z2 = nb[(g * NCELL + y + 1) * 4 + d]
                                    if z == x or z == x + 1 or z2 == x or z2 == x + 1:
                                        return 1
        return 0

    cdef inline int adjacent_built(self, int[::1] buf, int base, int g, int x) noexcept:
        cdef int d, y
        for d in range(4):
            y = self.t_nb[(g * NCELL + x) * 4 + d]
            if y >= 0 and buf[base + y] >= 2:
                return 1
        return 0

    cdef int gen_cells(self, int[::1] buf, int c, int duplex, int[::1] out) noexcept:
        cdef int g = self.geo(buf, c)
        cdef int base = self.O_CITY + c * NCELL
        cdef int rmin, rmax, cmin, cmax, ntiles = 0, x, r, cc, need, n = 0, strict, si, x2, nsingle = 0, s = 0
        if self.HASMAT:
            rmin = self.t_mbox[g * 4]; rmax = self.t_mbox[g * 4 + 1]
            cmin = self.t_mbox[g * 4 + 2]; cmax = self.t_mbox[g * 4 + 3]
        else:
            rmin = 99; rmax = -1; cmin = 99; cmax = -1
        for x in range(NCELL):
            if buf[base + x] >= 2:
                ntiles += 1
                if buf[base + x] < 34:
                    nsingle += 1
                r = x // BW; cc = x % BW
                rmin = imin(rmin, r); rmax = imax(rmax, r); cmin = imin(cmin, cc); cmax = imax(cmax, cc)
        need = 2 - buf[self.O_DCNT + c] - duplex
        # single tiles this city still gets before its duplex tiles (after this one)
        if need == 2:
            s = imax(self.t_rhand[0] - 2 - nsingle, 0)
        for si in range(2):
            strict = 1 - si
            for x in range(NCELL):
                if buf[base + x] != 0:
                    continue
                x2 = -1
                if duplex:
                    if x % BW == BW - 1 or buf[base + x + 1] != 0:
                        continue
                    x2 = x + 1
                if ntiles == 0:
                    if self.HASMAT:
                        if not self.t_openm[g * NCELL + x]:
                            continue
                    elif x != CENTER:
                        continue
                elif strict:
                    if not self.adjacent_built(buf, base, g, x) and (
                            x2 < 0 or not self.adjacent_built(buf, base, g, x2)):
                        continue
                if self.feasible(buf, c, g, rmin, rmax, cmin, cmax, x, x2, need, s):
                    out[n] = x
                    n += 1
            if n > 0 or ntiles == 0:
                break
        return n

    # ------------------------------------------------------------------ turn
    cpdef int to_move(self, int[::1] buf, int[::1] out):
        return self.to_move_c(buf, &out[0])

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        cdef int ph = buf[self.O_PHASE], n = 0, h, a, b, duplex, p, slot, k, side, c, m, i
        cdef int[::1] cells = self.cells_mv
        if ph == PH_CHOOSE:
            if seat < 0 or seat >= self.players or buf[self.O_DONE + seat]:
                return 0
            h = self.O_HAND + seat * KM
            for a in range(KM):
                if buf[h + a] <= 0:
                    continue
                for b in range(a, KM):
                    if buf[h + b] > (1 if a == b else 0):
                        out[n] = a * KM + b
                        n += 1
            return n
        if ph == PH_ASSIGN:
            if seat != (0 if self.t_rdir[buf[self.O_ROUND]] > 0 else 1):
                return 0
            out[0] = ASSIGN_BASE
            n = 1
            if buf[self.O_JPICK] != buf[self.O_JPICK + 1]:
                out[1] = ASSIGN_BASE + 1
                n = 2
            return n
        if ph != PH_PLACE or seat != buf[self.O_PTR]:
            return 0
        duplex = self.t_rkind[buf[self.O_ROUND]]
        p = self.O_PEND + seat * 4
        for slot in range(4):
            k = buf[p + slot]
            if k < 0:
                continue
            if slot % 2 == 1 and buf[p + slot - 1] == k:
                continue
            for side in range(2):
                if slot < 2:
                    if buf[self.O_SIDES] & (1 << side):
                        continue
                elif side != self.jside(seat):
                    continue
                c = self.city_of(seat, side)
                m = self.gen_cells(buf, c, duplex, cells)
                for i in range(m):
                    out[n] = PLACE_BASE + (slot * 2 + side) * NCELL + cells[i]
                    n += 1
        return n

    # ------------------------------------------------------------------ chance
    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        cdef int ph = buf[self.O_PHASE], n = 0, free, m, k, src, total
        if ph == PH_MAT:
            free = self.NMAT - buf[self.O_PTR]
            for m in range(self.NMAT):
                if not self.mat_used(buf, m):
                    outcomes[n] = m
                    probs[n] = 1.0 / free
                    n += 1
            return n
        if ph == PH_DIST:
            free = 0
            for k in range(7):
                if not self.card_used(buf, k):
                    free += 1
            for k in range(7):
                if not self.card_used(buf, k):
                    outcomes[n] = k
                    probs[n] = 1.0 / free
                    n += 1
            return n
        src = self.chance_source(buf)
        total = 0
        for k in range(KM):
            total += buf[src + k]
        for k in range(KM):
            if buf[src + k] > 0:
                outcomes[n] = k
                probs[n] = (<double>buf[src + k]) / total
                n += 1
        return n

    cdef int chance_source(self, int[::1] buf) noexcept:
        if buf[self.O_PHASE] == PH_JDEAL:
            return self.O_HAND + 2 * KM
        if self.t_rkind[buf[self.O_ROUND]]:
            return self.O_BOXD
        return self.O_BOXB

    cdef int mat_used(self, int[::1] buf, int m) noexcept:
        cdef int c
        for c in range(buf[self.O_PTR]):
            if buf[self.O_MAT + c] == m:
                return 1
        return 0

    cdef int card_used(self, int[::1] buf, int k) noexcept:
        cdef int i
        if buf[self.O_DDISC] == k:
            return 1
        for i in range(6):
            if buf[self.O_DCARD + i] == k:
                return 1
        return 0

    cpdef int sample_chance(self, int[::1] buf, Rng rng):
        cdef int ph = buf[self.O_PHASE], top, free = 0, k, r, used
        if ph == PH_MAT or ph == PH_DIST:
            top = self.NMAT if ph == PH_MAT else 7
            for k in range(top):
                used = self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)
                if not used:
                    free += 1
            r = rng.below(free)
            for k in range(top):
                used = self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)
                if not used:
                    if r == 0:
                        return k
                    r -= 1
            return 0
        return self.draw_from(buf, self.chance_source(buf), rng)

    cdef int draw_from(self, int[::1] buf, int src, Rng rng):
        cdef int total = 0, k, r
        for k in range(KM):
            total += buf[src + k]
        r = rng.below(total)
        for k in range(KM):
            r -= buf[src + k]
            if r < 0:
                return k
        return 0

    # ------------------------------------------------------------------ apply
    cpdef void apply(self, int[::1] buf, int seat, int move):
        cdef int ph = buf[self.O_PHASE], c, x, i, a, b, t0, t1, s
        if ph == PH_MAT:
            c = buf[self.O_PTR]
            buf[self.O_MAT + c] = move
            for x in range(NCELL):
                if self.t_land[move * NCELL + x]:
                    buf[self.O_CITY + c * NCELL + x] = 1
            buf[self.O_PTR] = c + 1
            if c + 1 == self.NC:
                buf[self.O_PTR] = 0
                if self.DIST:
                    buf[self.O_PHASE] = PH_DIST
                else:
                    buf[self.O_PHASE] = PH_DEAL
        elif ph == PH_DIST:
            i = buf[self.O_PTR]
            if i % 2 == 1:
                a = self.t_cardcat[buf[self.O_DCARD + i - 1]]
                b = self.t_cardcat[move]
                if (a == CAT_FACTORY and b == CAT_HOUSE) or (a == CAT_HOUSE and b == CAT_FACTORY):
                    buf[self.O_DDISC] = move
                    return
            buf[self.O_DCARD + i] = move
            buf[self.O_PTR] = i + 1
            if i + 1 == 6:
                buf[self.O_PTR] = 0
                buf[self.O_PHASE] = PH_DEAL
        elif ph == PH_DEAL:
            self.apply_deal(buf, move)
        elif ph == PH_JDEAL:
            i = buf[self.O_PTR]
            buf[self.O_JPICK + i] = move
            buf[self.O_HAND + 2 * KM + move] -= 1
            buf[self.O_HANDN + 2] -= 1
            buf[self.O_PTR] = i + 1
            if i == 1:
                buf[self.O_PTR] = 0
                buf[self.O_PHASE] = PH_ASSIGN
        elif ph == PH_ASSIGN:
            a = 0 if self.t_rdir[buf[self.O_ROUND]] > 0 else 1
            t0 = buf[self.O_JPICK]
            t1 = buf[self.O_JPICK + 1]
            if move == ASSIGN_BASE + 1:
                t0, t1 = t1, t0
            buf[self.O_PEND + a * 4 + 2] = t0
            buf[self.O_PEND + (1 - a) * 4 + 2] = t1
            buf[self.O_JPICK] = -1
            buf[self.O_JPICK + 1] = -1
            buf[self.O_PHASE] = PH_CHOOSE
        elif ph == PH_CHOOSE:
            buf[self.O_CHOSEN + seat * 2] = move // KM
            buf[self.O_CHOSEN + seat * 2 + 1] = move % KM
            buf[self.O_DONE + seat] = 1
            for s in range(self.players):
                if buf[self.O_DONE + s] == 0:
                    return
            self.reveal(buf)
        elif ph == PH_PLACE:
            self.apply_place(buf, seat, move)

    cdef void apply_deal(self, int[::1] buf, int k):
        cdef int r = buf[self.O_ROUND]
        cdef int hs = self.t_rhand[r]
        cdef int i = buf[self.O_PTR]
        cdef int duplex = self.t_rkind[r]
        cdef int nh = self.players if duplex else self.NPOS
        cdef int q, jn, total
        if duplex:
            buf[self.O_BOXD + k] -= 1
        else:
            buf[self.O_BOXB + k] -= 1
        jn = 4 if duplex and self.JAMEY else 0
        if i < jn:
            buf[self.O_PEND + (i // 2) * 4 + 2 + i % 2] = k
        else:
            q = (i - jn) // hs
            buf[self.O_HAND + q * KM + k] += 1
            buf[self.O_HANDN + q] += 1
        i += 1
        buf[self.O_PTR] = i
        if jn > 0 and i == jn:
            buf[self.O_SUB] = 0
            self.begin_place(buf)
            return
        total = nh * hs + jn
        if i == total:
            buf[self.O_PTR] = 0
            self.start_turn(buf)

    cdef void start_turn(self, int[::1] buf):
        if self.t_rkind[buf[self.O_ROUND]]:
            buf[self.O_PHASE] = PH_CHOOSE
        elif self.JAMEY:
            buf[self.O_PTR] = 0
            buf[self.O_PHASE] = PH_JDEAL
        else:
            buf[self.O_PHASE] = PH_CHOOSE

    cdef void reveal(self, int[::1] buf):
        cdef int r = buf[self.O_ROUND], s, a, b, d, npos, q, t, k
        cdef int tmp[7 * KM]
        cdef int tn[7]
        for s in range(self.players):
            a = buf[self.O_CHOSEN + s * 2]
            b = buf[self.O_CHOSEN + s * 2 + 1]
            buf[self.O_HAND + s * KM + a] -= 1
            buf[self.O_HAND + s * KM + b] -= 1
            buf[self.O_HANDN + s] -= 2
            buf[self.O_PEND + s * 4] = a
            buf[self.O_PEND + s * 4 + 1] = b
            buf[self.O_CHOSEN + s * 2] = -1
            buf[self.O_CHOSEN + s * 2 + 1] = -1
            buf[self.O_DONE + s] = 0
        d = self.t_rdir[r]
        if d != 0:
            npos = self.NPOS
            for q in range(npos):
                t = (q + d + npos) % npos
                tn[t] = buf[self.O_HANDN + q]
                for k in range(KM):
                    tmp[t * KM + k] = buf[self.O_HAND + q * KM + k]
            for q in range(npos):
                buf[self.O_HANDN + q] = tn[q]
                for k in range(KM):
                    buf[self.O_HAND + q * KM + k] = tmp[q * KM + k]
            buf[self.O_TURN] += 1
        buf[self.O_SUB] = 1
        self.begin_place(buf)

    cdef int has_pending(self, int[::1] buf, int s) noexcept:
        cdef int j
        for j in range(4):
            if buf[self.O_PEND + s * 4 + j] >= 0:
                return 1
        return 0

    cdef void begin_place(self, int[::1] buf):
        cdef int s = 0
        buf[self.O_SIDES] = 0
        buf[self.O_PHASE] = PH_PLACE
        while s < self.players and not self.has_pending(buf, s):
            s += 1
        if s < self.players:
            buf[self.O_PTR] = s
        else:
            self.end_place(buf)

    cdef void apply_place(self, int[::1] buf, int seat, int move):
        cdef int m = move - PLACE_BASE
        cdef int x = m % NCELL
        cdef int slot = m // NCELL // 2
        cdef int side = m // NCELL % 2
        cdef int c = self.city_of(seat, side)
        cdef int p = self.O_PEND + seat * 4
        cdef int k = buf[p + slot]
        cdef int base = self.O_CITY + c * NCELL
        cdef int o, s
        if self.t_rkind[buf[self.O_ROUND]]:
            buf[base + x] = 34 + self.t_dleft[k]
            buf[base + x + 1] = 34 + self.t_dright[k]
            buf[self.O_DPL + c * 2 + buf[self.O_DCNT + c]] = k
            buf[self.O_DCNT + c] += 1
        else:
            buf[base + x] = 2 + k
        buf[p + slot] = -1
        if slot < 2:
            buf[self.O_SIDES] |= 1 << side
        elif buf[self.O_SUB] == 0:
            o = p + (5 - slot)
            buf[self.O_JDISC + seat] = buf[o]
            buf[o] = -1
        if self.has_pending(buf, seat):
            return
        s = seat + 1
        while s < self.players and not self.has_pending(buf, s):
            s += 1
        buf[self.O_SIDES] = 0
        if s < self.players:
            buf[self.O_PTR] = s
        else:
            self.end_place(buf)

    cdef void end_place(self, int[::1] buf):
        cdef int r, q, k
        buf[self.O_PTR] = 0
        if buf[self.O_SUB] == 0:
            # Jamey's round-two duplex tiles are placed: now the humans draw their hands
            buf[self.O_SUB] = 1
            buf[self.O_PTR] = 4
            buf[self.O_PHASE] = PH_DEAL
            return
        r = buf[self.O_ROUND]
        if not self.t_rkind[r] and buf[self.O_HANDN] > 1:
            self.start_turn(buf)
            return
        for q in range(self.NPOS):
            if buf[self.O_HANDN + q] > 0:
                for k in range(KM):
                    if buf[self.O_HAND + q * KM + k] > 0:
                        buf[self.O_DISC + r * self.NPOS + q] = k
                    buf[self.O_HAND + q * KM + k] = 0
                buf[self.O_HANDN + q] = 0
        r += 1
        buf[self.O_ROUND] = r
        buf[self.O_TURN] = 0
        buf[self.O_SUB] = 0
        if r == self.NR:
            buf[self.O_PHASE] = PH_END
        else:
            buf[self.O_PHASE] = PH_DEAL

    # ------------------------------------------------------------------ hidden information
    cdef int seen(self, int q, int s, int r, int t) noexcept:
        cdef int d, npos, dist
        if q == s:
            return 1
        d = self.t_rdir[r]
        if d == 0:
            return 0
        npos = self.NPOS
        dist = ((q - s) * d + npos * 8) % npos
        return 1 if dist <= t else 0

    cpdef void observe(self, int[::1] buf, int seat):
        cdef int k, r, t, q, rr, passes, s
        for k in range(KM):
            buf[self.O_BOXB + k] = -1
            buf[self.O_BOXD + k] = -1
        r = buf[self.O_ROUND]
        if r < self.NR:
            t = buf[self.O_TURN]
            for q in range(self.NPOS):
                if not self.seen(q, seat, r, t):
                    for k in range(KM):
                        buf[self.O_HAND + q * KM + k] = -1
        for rr in range(imin(r, self.NR)):
            passes = (self.t_rhand[rr] - 1) // 2
            for q in range(self.NPOS):
                if not self.seen(q, seat, rr, passes):
                    buf[self.O_DISC + rr * self.NPOS + q] = -1
        for s in range(self.players):
            if s != seat:
                buf[self.O_CHOSEN + s * 2] = -1
                buf[self.O_CHOSEN + s * 2 + 1] = -1

    cpdef void determinize(self, int[::1] buf, int seat, Rng rng):
        cdef int pb[KM]
        cdef int pd[KM]
        cdef int* cur
        cdef int* pool
        cdef int k, c, base, x, v, i, r, q, s, j, rr, nq, h, a, b, npairs
        for k in range(KM):
            pb[k] = self.t_totb[k]
            pd[k] = self.t_totd[k]
        for c in range(self.NC):
            base = self.O_CITY + c * NCELL
            for x in range(NCELL):
                v = buf[base + x]
                if 2 <= v < 34:
                    pb[v - 2] -= 1
            for i in range(buf[self.O_DCNT + c]):
                pd[buf[self.O_DPL + c * 2 + i]] -= 1
        r = buf[self.O_ROUND]
        cur = &pb[0]
        if r < self.NR and self.t_rkind[r]:
            cur = &pd[0]
        if r < self.NR:
            for q in range(self.NPOS):
                if buf[self.O_HAND + q * KM] >= 0:
                    for k in range(KM):
                        cur[k] -= buf[self.O_HAND + q * KM + k]
            for s in range(self.players):
                for j in range(4):
                    k = buf[self.O_PEND + s * 4 + j]
                    if k >= 0:
                        cur[k] -= 1
        for j in range(2):
            k = buf[self.O_JPICK + j]
            if k >= 0:
                pb[k] -= 1
            k = buf[self.O_JDISC + j]
            if k >= 0:
                pd[k] -= 1
        for rr in range(imin(r, self.NR)):
            if self.t_rkind[rr]:
                pool = &pd[0]
            else:
                pool = &pb[0]
            for q in range(self.NPOS):
                k = buf[self.O_DISC + rr * self.NPOS + q]
                if k >= 0:
                    pool[k] -= 1
        if r < self.NR:
            for q in range(self.NPOS):
                h = self.O_HAND + q * KM
                if buf[h] < 0:
                    for k in range(KM):
                        buf[h + k] = 0
                    for i in range(buf[self.O_HANDN + q]):
                        k = pool_draw(cur, rng)
                        buf[h + k] += 1
        for rr in range(imin(r, self.NR)):
            if self.t_rkind[rr]:
                pool = &pd[0]
            else:
                pool = &pb[0]
            nq = self.players if self.t_rkind[rr] else self.NPOS
            for q in range(nq):
                if buf[self.O_DISC + rr * self.NPOS + q] < 0:
                    buf[self.O_DISC + rr * self.NPOS + q] = pool_draw(pool, rng)
        for s in range(self.players):
            if s != seat and buf[self.O_DONE + s]:
                h = self.O_HAND + s * KM
                npairs = 0
                for a in range(KM):
                    for b in range(a, KM):
                        if buf[h + a] > 0 and buf[h + b] > (1 if a == b else 0):
                            npairs += 1
                r = rng.below(npairs)
                for a in range(KM):
                    for b in range(a, KM):
                        if buf[h + a] > 0 and buf[h + b] > (1 if a == b else 0):
                            if r == 0:
                                buf[self.O_CHOSEN + s * 2] = a
                                buf[self.O_CHOSEN + s * 2 + 1] = b
                            r -= 1
        for k in range(KM):
            buf[self.O_BOXB + k] = pb[k]
            buf[self.O_BOXD + k] = pd[k]

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        cdef int ph = buf[self.O_PHASE], r, hs, nh, i
        if ph == PH_CHOOSE and actor != observer:
            return HIDDEN
        if ph == PH_DEAL:
            r = buf[self.O_ROUND]
            hs = self.t_rhand[r]
            nh = self.players if self.t_rkind[r] else self.NPOS
            i = buf[self.O_PTR]
            i -= 4 if self.JAMEY and self.t_rkind[r] else 0
            if 0 <= i < nh * hs and i // hs != observer:
                return HIDDEN
        return move

    # ------------------------------------------------------------------ scoring
    cpdef void city_scores(self, int[::1] buf, out):
        cdef int cs[16]
        cdef int c
        self.city_scores_c(buf, cs)
        for c in range(self.NC):
            out[c] = cs[c]

    cdef void city_scores_c(self, int[::1] buf, int* out):
        cdef int NC = self.NC, c, base, x, v, m1 = 0, m2 = 0, f, per
        cdef int fc[16]
        for c in range(NC):
            fc[c] = 0
            base = self.O_CITY + c * NCELL
            for x in range(NCELL):
                v = buf[base + x]
                if v >= 2 and self.t_kcat[(v - 2) & 31] == CAT_FACTORY:
                    fc[c] += 1
        for c in range(NC):
            m1 = imax(m1, fc[c])
        for c in range(NC):
            if fc[c] < m1:
                m2 = imax(m2, fc[c])
        for c in range(NC):
            f = fc[c]
            per = 4 if f == m1 else (3 if f == m2 else 2)
            out[c] = f * per + self.score_city(buf, self.O_CITY + c * NCELL, self.geo(buf, c))
        if self.DIST and buf[self.O_DCARD + 5] >= 0:
            self.district_points(buf, out)

    cdef void district_points(self, int[::1] buf, int* out):
        cdef int NC = self.NC, i, a, b, c, p1, p2, v1, n1, v2, n2
        cdef int size[16]
        for i in range(3):
            a = self.t_cardcat[buf[self.O_DCARD + 2 * i]]
            b = self.t_cardcat[buf[self.O_DCARD + 2 * i + 1]]
            for c in range(NC):
                size[c] = self.largest_region(buf, self.O_CITY + c * NCELL, self.geo(buf, c), a, b)
            p1 = self.t_dpts[2 * i]
            p2 = self.t_dpts[2 * i + 1]
            v1 = 0
            for c in range(NC):
                v1 = imax(v1, size[c])
            if v1 == 0:
                continue
            n1 = 0
            for c in range(NC):
                if size[c] == v1:
                    n1 += 1
            if n1 > 1:
                for c in range(NC):
                    if size[c] == v1:
                        out[c] += (p1 + p2) // n1
                continue
            v2 = 0
            for c in range(NC):
                if size[c] < v1:
                    v2 = imax(v2, size[c])
            n2 = 0
            for c in range(NC):
                if size[c] == v2:
                    n2 += 1
            for c in range(NC):
                if size[c] == v1:
                    out[c] += p1
                elif v2 > 0 and size[c] == v2:
                    out[c] += p2 // n2

    cdef int score_city(self, int[::1] buf, int base, int g) noexcept:
        cdef int cat[NCELL]
        cdef int seen[NCELL]
        cdef int stack[NCELL]
        cdef int sh[NCELL]
        cdef int present[7]
        cdef int tav[4]
        cdef int x, v, kind, total = 0, d, i, no, others, cx, gb, y, nextf
        cdef int l1, l2, dis, h1, h2, bad, size, top, z
        for i in range(7):
            present[i] = 0
        for i in range(4):
            tav[i] = 0
        for x in range(NCELL):
            seen[x] = 0
            sh[x] = 0
            v = buf[base + x]
            cat[x] = -1
            if v >= 2:
                kind = (v - 2) & 31
                cat[x] = self.t_kcat[kind]
                present[cat[x]] += 1
                if cat[x] == CAT_TAVERN:
                    tav[self.t_ktav[kind]] += 1
        while True:
            d = 0
            for i in range(4):
                if tav[i] > 0:
                    d += 1
                    tav[i] -= 1
            if d == 0:
                break
            total += TAV_PTS[d]
        no = present[CAT_OFFICE]
        total += (no // 6) * 21 + OFF_PTS[no % 6]
        others = 0
        for i in range(5):
            if present[i] > 0:
                others += 1
        for x in range(NCELL):
            cx = cat[x]
            if cx < 0:
                continue
            gb = (g * NCELL + x) * 4
            if cx == CAT_OFFICE:
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] == CAT_TAVERN:
                        total += 1
                        break
            elif cx == CAT_HOUSE:
                nextf = 0
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] == CAT_FACTORY:
                        nextf = 1
                total += 1 if nextf else others
            elif cx == CAT_CIVIC:
                kind = (buf[base + x] - 2) & 31
                l1 = self.t_like1[kind]; l2 = self.t_like2[kind]; dis = self.t_dislike[kind]
                h1 = 0; h2 = 0; bad = 0
                for d in range(4):
                    y = self.t_nb[gb + d]
                    if y >= 0 and cat[y] >= 0:
                        if cat[y] == dis:
                            bad = 1
                        if cat[y] == l1:
                            h1 = 1
                        if cat[y] == l2:
                            h2 = 1
                total += 1 if bad else (6 if h1 + h2 == 2 else (3 if h1 + h2 == 1 else 1))
            elif cx == CAT_PARK and not seen[x]:
                size = 0
                top = 1
                stack[0] = x
                seen[x] = 1
                while top > 0:
                    top -= 1
                    y = stack[top]
                    size += 1
                    for d in range(4):
                        z = self.t_nb[(g * NCELL + y) * 4 + d]
                        if z >= 0 and cat[z] == CAT_PARK and not seen[z]:
                            seen[z] = 1
                            stack[top] = z
                            top += 1
                total += 2 if size == 1 else (8 if size == 2 else 9 + size)
            elif cx == CAT_SHOP:
                sh[x] = 1
        if present[CAT_SHOP]:
            total += shop_best(&self.t_nb[0], g, sh, 0)
        return total

    cdef int largest_region(self, int[::1] buf, int base, int g, int a, int b) noexcept:
        cdef int seen[NCELL]
        cdef int stack[NCELL]
        cdef int best = 0, x, v, cx, size, top, y, d, z, cz
        for x in range(NCELL):
            seen[x] = 0
        for x in range(NCELL):
            v = buf[base + x]
            if v < 2 or seen[x]:
                continue
            cx = self.t_kcat[(v - 2) & 31]
            if cx != a and cx != b:
                continue
            size = 0
            top = 1
            stack[0] = x
            seen[x] = 1
            while top > 0:
                top -= 1
                y = stack[top]
                size += 1
                for d in range(4):
                    z = self.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and not seen[z] and buf[base + z] >= 2:
                        cz = self.t_kcat[(buf[base + z] - 2) & 31]
                        if cz == a or cz == b:
                            seen[z] = 1
                            stack[top] = z
                            top += 1
            best = imax(best, size)
        return best

    cpdef void scores(self, int[::1] buf, int[::1] out):
        cdef int cs[16]
        cdef int s, a, b
        self.city_scores_c(buf, cs)
        for s in range(self.players):
            a = cs[self.city_of(s, 0)]
            b = cs[self.city_of(s, 1)]
            if self.TWOSTD:
                out[s] = a + b
            else:
                out[s] = imin(a, b)

    # ------------------------------------------------------------------ playout
    cpdef void rollout(self, int[::1] buf, Rng rng):
        cdef int movers[8]
        cdef int[::1] mv = self.moves_mv
        cdef int n, s, m
        while True:
            n = self.to_move_c(buf, movers)
            if n == 0:
                return
            s = movers[0]
            if s < 0:
                self.apply(buf, -1, self.sample_chance(buf, rng))
            else:
                m = self.legal(buf, s, mv)
                self.apply(buf, s, mv[rng.below(m)])

    cdef int to_move_c(self, int[::1] buf, int* out) noexcept:
        cdef int ph = buf[self.O_PHASE], n = 0, s
        if ph == PH_END:
            return 0
        if ph <= PH_JDEAL:
            out[0] = -1
            return 1
        if ph == PH_ASSIGN:
            out[0] = 0 if self.t_rdir[buf[self.O_ROUND]] > 0 else 1
            return 1
        if ph == PH_PLACE:
            out[0] = buf[self.O_PTR]
            return 1
        for s in range(self.players):
            if buf[self.O_DONE + s] == 0:
                out[n] = s
                n += 1
        return n


cdef int pool_draw(int* pool, Rng rng):
    cdef int total = 0, k, r
    for k in range(KM):
        total += pool[k]
    r = rng.below(total)
    for k in range(KM):
        r -= pool[k]
        if r < 0:
            pool[k] -= 1
            return k
    return 0


def score_city_py(BtcKernel k, int[::1] buf, int base, int g):
    """One city's score without factories (for tests comparing the twins)."""
    return k.score_city(buf, base, g)
