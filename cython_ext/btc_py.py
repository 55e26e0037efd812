"""Between Two Cities kernel, pure-Python twin of ``btc_c.pyx`` (the readable reference).

Board: every city is drawn on a 9x9 board (cell ``x = row * 9 + col``), its
landscape mat fixed in the middle; the finished city is some 5x5 window of it
(4x4 in the beginner variant).  A cell holds 0 (empty), 1 (landscape),
``2 + kind`` (a building tile) or ``34 + kind`` (half of a duplex tile).

Moves (one small integer each):

* choose: ``a * 32 + b`` with kinds ``a <= b`` from the seat's hand;
* place:  ``1024 + (slot * 2 + side) * 81 + cell`` -- pending tile ``slot``
  (0/1 own tiles, 2/3 Jamey's tiles) into the seat's ``side`` city
  (0 left, 1 right) at ``cell`` (a duplex: its left half's cell);
* assign: ``1672 + j`` (2-player advanced: Jamey's two drawn tiles, j=1 swaps);
* chance: a tile kind, a duplex type, a mat or a district card (< 32).

The code is written in a C-like style (flat buffer, integer loops) so that the
compiled twin is a line-by-line translation; both use the RNG identically.
"""
from __future__ import annotations

from cython_ext.kernel import Kernel, Rng

BW = 9
NCELL = 81
KM = 32
CENTER = 40
PH_MAT, PH_DIST, PH_DEAL, PH_JDEAL, PH_ASSIGN, PH_CHOOSE, PH_PLACE, PH_END = range(8)
PLACE_BASE = 1024
ASSIGN_BASE = PLACE_BASE + 8 * NCELL
MAX_MOVES = ASSIGN_BASE + 2
HIDDEN = MAX_MOVES
SHOP_PTS = (0, 2, 5, 10, 15, 20)
TAV_PTS = (0, 1, 4, 9, 17)
OFF_PTS = (0, 1, 3, 6, 10, 15)
CAT_FACTORY, CAT_SHOP, CAT_PARK, CAT_TAVERN, CAT_OFFICE, CAT_HOUSE, CAT_CIVIC = range(7)
# config keys: the Game passes a dict with these ints and the table arrays
CFG_INTS = ("NC", "NPOS", "NR", "W", "JAMEY", "TWOSTD", "DIST", "NMAT", "HASMAT", "NKB", "NKD")
OFFSETS = ("phase", "round", "turn", "ptr", "sub", "sides", "mat", "dcard", "ddisc", "city",
           "dcnt", "dpl", "boxb", "boxd", "hand", "handn", "done", "chosen", "pend", "jpick",
           "disc", "jdisc")
TABLES = ("kcat", "ktav", "like1", "like2", "dislike", "dleft", "dright", "totb", "totd",
          "nb", "openm", "land", "mbox", "rkind", "rdir", "rhand", "dpts", "cardcat")


class BtcKernel(Kernel):
    """Rules of Between Two Cities on one buffer (see the module docstring)."""

    def __init__(self, cfg: dict) -> None:
        super().__init__(int(cfg["players"]), int(cfg["size"]), MAX_MOVES)
        for k in CFG_INTS:
            setattr(self, k, int(cfg[k]))
        off = cfg["offsets"]
        for k in OFFSETS:
            setattr(self, "O_" + k.upper(), int(off[k]))
        for k in TABLES:
            setattr(self, "t_" + k, [int(v) for v in cfg[k]])
        self.tmp = [0] * NCELL
        self.dist = [0] * NCELL
        self.queue = [0] * NCELL

    # ------------------------------------------------------------------ geometry
    def geo(self, buf, c):
        m = buf[self.O_MAT + c]
        return m if m >= 0 else self.NMAT

    def city_of(self, s, side):
        if self.TWOSTD:
            return 2 * s + side
        if side == 0:
            return s
        return (s + self.NPOS - 1) % self.NPOS

    def jside(self, s):
        # 2-player advanced: seat 0 shares its right city with Jamey, seat 1 its left
        return 1 if s == 0 else 0

    def feasible(self, buf, c, g, r0min, r0max, c0min, c0max, x1, x2, need, s):
        """Can the city still be completed by adjacent placements after ``x1``/``x2`` are built?

        Some WxW window must hold the bbox; inside it every free cell must be
        connected to a tile (through free cells, bridges included), and the
        ``need`` duplex tiles to come must find free horizontal pairs that the
        ``s`` single tiles placed before them can reach: with ``s == 0`` one
        pair next to a tile and the other next to a tile or to the first pair.
        """
        W = self.W
        rmin, rmax, cmin, cmax = r0min, r0max, c0min, c0max
        if x1 >= 0:
            r = x1 // BW
            cc = x1 % BW
            rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
        if x2 >= 0:
            r = x2 // BW
            cc = x2 % BW
            rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
        if rmax - rmin + 1 > W or cmax - cmin + 1 > W:
            return 0
        rlo = max(rmax - W + 1, 0)
        rhi = min(rmin, BW - W)
        clo = max(cmax - W + 1, 0)
        chi = min(cmin, BW - W)
        if rlo > rhi or clo > chi:
            return 0
        base = self.O_CITY + c * NCELL
        nb = self.t_nb
        dist = self.dist
        queue = self.queue
        lim = s + 1
        for wr in range(rlo, rhi + 1):
            for wc in range(clo, chi + 1):
                # distance of every free cell of the window from the tiles
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
                    continue  # a free cell no tile can ever be placed next to
                if need <= 0:
                    return 1
                if need == 1 or s > 0:
                    # disjoint free pairs whose nearer half is within reach (greedy per row)
                    pairs = 0
                    for r in range(wr, wr + W):
                        cc = wc
                        while cc < wc + W - 1:
                            x = r * BW + cc
                            if dist[x] > 0 and dist[x + 1] > 0 and min(dist[x], dist[x + 1]) <= lim:
                                pairs += 1
                                cc += 2
                            else:
                                cc += 1
                    if pairs >= need:
                        return 1
                    continue
                # two duplex tiles next: one next to a tile, the other next to a tile or to it
                for r in range(wr, wr + W):
                    for cc in range(wc, wc + W - 1):
                        x = r * BW + cc
                        if dist[x] <= 0 or dist[x + 1] <= 0 or min(dist[x], dist[x + 1]) != 1:
                            continue
                        for r2 in range(wr, wr + W):
                            for c2 in range(wc, wc + W - 1):
                                y = r2 * BW + c2
                                if dist[y] <= 0 or dist[y + 1] <= 0:
                                    continue
                                if y == x or y == x + 1 or y + 1 == x:
                                    continue
                                if min(dist[y], dist[y + 1]) == 1:
                                    return 1
                                for d in range(4):
                                    z = nb[(g * NCELL + y) * 4 + d]
                                    z2 = nb[(g * NCELL + y + 1) * 4 + d]
                                    if z == x or z == x + 1 or z2 == x or z2 == x + 1:
                                        return 1
        return 0

    def adjacent_built(self, buf, base, g, x):
        nb = self.t_nb
        for d in range(4):
            y = nb[(g * NCELL + x) * 4 + d]
            if y >= 0 and buf[base + y] >= 2:
                return 1
        return 0

    def gen_cells(self, buf, c, duplex, out):
        """Legal cells for a building (or a duplex's left half) in city ``c``.

        Adjacency is required, and ``feasible`` keeps the city completable by
        adjacent placements; should no adjacent cell pass (not seen in random
        play), any completable empty cell is allowed so that a seat always has
        a move (docs/rulings).
        """
        g = self.geo(buf, c)
        base = self.O_CITY + c * NCELL
        mb = self.t_mbox
        if self.HASMAT:
            rmin, rmax, cmin, cmax = mb[g * 4], mb[g * 4 + 1], mb[g * 4 + 2], mb[g * 4 + 3]
        else:
            rmin, rmax, cmin, cmax = 99, -1, 99, -1
        ntiles = 0
        nsingle = 0
        for x in range(NCELL):
            if buf[base + x] >= 2:
                ntiles += 1
                if buf[base + x] < 34:
                    nsingle += 1
                r = x // BW
                cc = x % BW
                rmin = min(rmin, r); rmax = max(rmax, r); cmin = min(cmin, cc); cmax = max(cmax, cc)
        need = 2 - buf[self.O_DCNT + c] - duplex
        # single tiles this city still gets before its duplex tiles (after this one)
        s = 0
        if need == 2:
            s = max(self.t_rhand[0] - 2 - nsingle, 0)
        n = 0
        for strict in (1, 0):
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
    def to_move(self, buf, out):
        ph = buf[self.O_PHASE]
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
        n = 0
        for s in range(self.players):
            if buf[self.O_DONE + s] == 0:
                out[n] = s
                n += 1
        return n

    def legal(self, buf, seat, out):
        ph = buf[self.O_PHASE]
        n = 0
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
        cells = self.tmp
        for slot in range(4):
            k = buf[p + slot]
            if k < 0:
                continue
            if slot % 2 == 1 and buf[p + slot - 1] == k:
                continue  # the same tile twice: one set of moves
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
    def chance(self, buf, outcomes, probs):
        ph = buf[self.O_PHASE]
        n = 0
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
                probs[n] = buf[src + k] / total
                n += 1
        return n

    def chance_source(self, buf):
        if buf[self.O_PHASE] == PH_JDEAL:
            return self.O_HAND + 2 * KM
        if self.t_rkind[buf[self.O_ROUND]]:
            return self.O_BOXD
        return self.O_BOXB

    def mat_used(self, buf, m):
        for c in range(buf[self.O_PTR]):
            if buf[self.O_MAT + c] == m:
                return 1
        return 0

    def card_used(self, buf, k):
        if buf[self.O_DDISC] == k:
            return 1
        for i in range(6):
            if buf[self.O_DCARD + i] == k:
                return 1
        return 0

    def sample_chance(self, buf, rng):
        ph = buf[self.O_PHASE]
        if ph == PH_MAT or ph == PH_DIST:
            top = self.NMAT if ph == PH_MAT else 7
            free = 0
            for k in range(top):
                if not (self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)):
                    free += 1
            r = rng.below(free)
            for k in range(top):
                if not (self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)):
                    if r == 0:
                        return k
                    r -= 1
            return 0
        return self.draw_from(buf, self.chance_source(buf), rng)

    def draw_from(self, buf, src, rng):
        total = 0
        for k in range(KM):
            total += buf[src + k]
        r = rng.below(total)
        for k in range(KM):
            r -= buf[src + k]
            if r < 0:
                return k
        return 0

    # ------------------------------------------------------------------ apply
    def apply(self, buf, seat, move):
        ph = buf[self.O_PHASE]
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

    def apply_deal(self, buf, k):
        r = buf[self.O_ROUND]
        hs = self.t_rhand[r]
        i = buf[self.O_PTR]
        duplex = self.t_rkind[r]
        nh = self.players if duplex else self.NPOS
        if duplex:
            buf[self.O_BOXD + k] -= 1
        else:
            buf[self.O_BOXB + k] -= 1
        # 2-player advanced round two: Jamey's four duplex tiles first (two per human,
        # face up), placed before the humans draw their own hands
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

    def start_turn(self, buf):
        if self.t_rkind[buf[self.O_ROUND]]:
            buf[self.O_PHASE] = PH_CHOOSE
        elif self.JAMEY:
            buf[self.O_PTR] = 0
            buf[self.O_PHASE] = PH_JDEAL
        else:
            buf[self.O_PHASE] = PH_CHOOSE

    def reveal(self, buf):
        r = buf[self.O_ROUND]
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
            # pass every hand (Jamey's too) one position along the direction
            npos = self.NPOS
            tmp = [0] * (npos * KM)
            tn = [0] * npos
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

    def has_pending(self, buf, s):
        for j in range(4):
            if buf[self.O_PEND + s * 4 + j] >= 0:
                return 1
        return 0

    def begin_place(self, buf):
        buf[self.O_SIDES] = 0
        buf[self.O_PHASE] = PH_PLACE
        s = 0
        while s < self.players and not self.has_pending(buf, s):
            s += 1
        if s < self.players:
            buf[self.O_PTR] = s
        else:
            self.end_place(buf)

    def apply_place(self, buf, seat, move):
        m = move - PLACE_BASE
        x = m % NCELL
        slot = m // NCELL // 2
        side = m // NCELL % 2
        c = self.city_of(seat, side)
        p = self.O_PEND + seat * 4
        k = buf[p + slot]
        base = self.O_CITY + c * NCELL
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
            # Jamey's round-two pair: the other duplex is discarded face up
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

    def end_place(self, buf):
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
        # end of round: the last tile of every hand is discarded face down
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
    def seen(self, buf, q, s, r, t):
        """Has seat ``s`` held the hand now at position ``q`` (round ``r``, ``t`` passes)?"""
        if q == s:
            return 1
        d = self.t_rdir[r]
        if d == 0:
            return 0
        npos = self.NPOS
        dist = ((q - s) * d + npos * 8) % npos
        return 1 if dist <= t else 0

    def observe(self, buf, seat):
        for k in range(KM):
            buf[self.O_BOXB + k] = -1
            buf[self.O_BOXD + k] = -1
        r = buf[self.O_ROUND]
        if r < self.NR:
            t = buf[self.O_TURN]
            for q in range(self.NPOS):
                if not self.seen(buf, q, seat, r, t):
                    for k in range(KM):
                        buf[self.O_HAND + q * KM + k] = -1
        for rr in range(min(r, self.NR)):
            passes = (self.t_rhand[rr] - 1) // 2
            for q in range(self.NPOS):
                if not self.seen(buf, q, seat, rr, passes):
                    buf[self.O_DISC + rr * self.NPOS + q] = -1
        for s in range(self.players):
            if s != seat:
                buf[self.O_CHOSEN + s * 2] = -1
                buf[self.O_CHOSEN + s * 2 + 1] = -1

    def determinize(self, buf, seat, rng):
        pb = [0] * KM
        pd = [0] * KM
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
        cur = pb
        if r < self.NR and self.t_rkind[r]:
            cur = pd
        if r < self.NR:
            for q in range(self.NPOS):
                if buf[self.O_HAND + q * KM] >= 0:
                    for k in range(KM):
                        cur[k] -= buf[self.O_HAND + q * KM + k]
            for s in range(self.players):
                for j in range(4):
                    k = buf[self.O_PEND + s * 4 + j]
                    if k >= 0:
                        # round-two Jamey pairs are duplex tiles; all else follows the round
                        cur[k] -= 1
        for j in range(2):
            k = buf[self.O_JPICK + j]
            if k >= 0:
                pb[k] -= 1
            k = buf[self.O_JDISC + j]
            if k >= 0:
                pd[k] -= 1
        for rr in range(min(r, self.NR)):
            pool = pd if self.t_rkind[rr] else pb
            for q in range(self.NPOS):
                k = buf[self.O_DISC + rr * self.NPOS + q]
                if k >= 0:
                    pool[k] -= 1
        # fill unseen hands, then unseen discards, from the unseen tiles
        if r < self.NR:
            for q in range(self.NPOS):
                h = self.O_HAND + q * KM
                if buf[h] < 0:
                    for k in range(KM):
                        buf[h + k] = 0
                    for i in range(buf[self.O_HANDN + q]):
                        k = self.pool_draw(cur, rng)
                        buf[h + k] += 1
        for rr in range(min(r, self.NR)):
            pool = pd if self.t_rkind[rr] else pb
            nq = self.players if self.t_rkind[rr] else self.NPOS
            for q in range(nq):
                if buf[self.O_DISC + rr * self.NPOS + q] < 0:
                    buf[self.O_DISC + rr * self.NPOS + q] = self.pool_draw(pool, rng)
        # others' hidden choices: uniform among the pairs their (now known) hands allow
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

    def pool_draw(self, pool, rng):
        total = 0
        for k in range(KM):
            total += pool[k]
        r = rng.below(total)
        for k in range(KM):
            r -= pool[k]
            if r < 0:
                pool[k] -= 1
                return k
        return 0

    def observed_move(self, buf, actor, move, observer):
        ph = buf[self.O_PHASE]
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
    def city_scores(self, buf, out):
        """Score of every city (all building types, districts included) into ``out``."""
        NC = self.NC
        fc = [0] * NC
        kc = self.t_kcat
        for c in range(NC):
            base = self.O_CITY + c * NCELL
            for x in range(NCELL):
                v = buf[base + x]
                if v >= 2 and kc[(v - 2) & 31] == CAT_FACTORY:
                    fc[c] += 1
        m1 = 0
        for c in range(NC):
            m1 = max(m1, fc[c])
        m2 = 0
        for c in range(NC):
            if fc[c] < m1:
                m2 = max(m2, fc[c])
        for c in range(NC):
            f = fc[c]
            per = 4 if f == m1 else (3 if f == m2 else 2)
            out[c] = f * per + score_city(self, buf, self.O_CITY + c * NCELL, self.geo(buf, c))
        if self.DIST and buf[self.O_DCARD + 5] >= 0:
            self.district_points(buf, out)

    def district_points(self, buf, out):
        NC = self.NC
        size = [0] * NC
        for i in range(3):
            a = self.t_cardcat[buf[self.O_DCARD + 2 * i]]
            b = self.t_cardcat[buf[self.O_DCARD + 2 * i + 1]]
            for c in range(NC):
                size[c] = largest_region(self, buf, self.O_CITY + c * NCELL, self.geo(buf, c), a, b)
            p1 = self.t_dpts[2 * i]
            p2 = self.t_dpts[2 * i + 1]
            v1 = 0
            for c in range(NC):
                v1 = max(v1, size[c])
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
                    v2 = max(v2, size[c])
            n2 = 0
            for c in range(NC):
                if size[c] == v2:
                    n2 += 1
            for c in range(NC):
                if size[c] == v1:
                    out[c] += p1
                elif v2 > 0 and size[c] == v2:
                    out[c] += p2 // n2

    def scores(self, buf, out):
        cs = [0] * self.NC
        self.city_scores(buf, cs)
        for s in range(self.players):
            a = cs[self.city_of(s, 0)]
            b = cs[self.city_of(s, 1)]
            if self.TWOSTD:
                out[s] = a + b
            else:
                out[s] = min(a, b)

    # ------------------------------------------------------------------ playout
    def rollout(self, buf, rng):
        movers = [0] * 8
        moves = [0] * MAX_MOVES
        while True:
            n = self.to_move(buf, movers)
            if n == 0:
                return
            s = movers[0]
            if s < 0:
                self.apply(buf, -1, self.sample_chance(buf, rng))
            else:
                m = self.legal(buf, s, moves)
                self.apply(buf, s, moves[rng.below(m)])


# ---------------------------------------------------------------------- city scoring
def score_city(k, buf, base, g):
    """Every building type except factories (which need all cities) for one city."""
    kc, kt, nb = k.t_kcat, k.t_ktav, k.t_nb
    cat = [-1] * NCELL
    present = [0] * 7
    tav = [0] * 4
    for x in range(NCELL):
        v = buf[base + x]
        if v >= 2:
            kind = (v - 2) & 31
            cat[x] = kc[kind]
            present[kc[kind]] += 1
            if kc[kind] == CAT_TAVERN:
                tav[kt[kind]] += 1
    total = 0
    # taverns: sets of different kinds, largest sets first (the table is convex)
    while True:
        d = 0
        for i in range(4):
            if tav[i] > 0:
                d += 1
                tav[i] -= 1
        if d == 0:
            break
        total += TAV_PTS[d]
    # offices: sets of six restart; +1 each next to a tavern
    no = present[CAT_OFFICE]
    total += (no // 6) * 21 + OFF_PTS[no % 6]
    others = 0
    for i in range(5):
        if present[i] > 0:
            others += 1
    seen = [0] * NCELL
    stack = [0] * NCELL
    for x in range(NCELL):
        cx = cat[x]
        if cx < 0:
            continue
        gb = (g * NCELL + x) * 4
        if cx == CAT_OFFICE:
            for d in range(4):
                y = nb[gb + d]
                if y >= 0 and cat[y] == CAT_TAVERN:
                    total += 1
                    break
        elif cx == CAT_HOUSE:
            nextf = 0
            for d in range(4):
                y = nb[gb + d]
                if y >= 0 and cat[y] == CAT_FACTORY:
                    nextf = 1
            total += 1 if nextf else others
        elif cx == CAT_CIVIC:
            kind = (buf[base + x] - 2) & 31
            l1, l2, dis = k.t_like1[kind], k.t_like2[kind], k.t_dislike[kind]
            h1 = h2 = bad = 0
            for d in range(4):
                y = nb[gb + d]
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
                    z = nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and cat[z] == CAT_PARK and not seen[z]:
                        seen[z] = 1
                        stack[top] = z
                        top += 1
            total += 2 if size == 1 else (8 if size == 2 else 9 + size)
    if present[CAT_SHOP]:
        sh = [0] * NCELL
        for x in range(NCELL):
            if cat[x] == CAT_SHOP:
                sh[x] = 1
        total += shop_best(nb, g, sh, present[CAT_SHOP], 0)
    return total


def shop_best(nb, g, sh, left, start):
    """Best partition of the shops flagged in ``sh`` into straight lines (exact search).

    The lowest unassigned shop starts its line (lines run east or south), so
    trying every length in both directions from it covers every partition.
    """
    x = start
    while x < NCELL and not sh[x]:
        x += 1
    if x >= NCELL:
        return 0
    best = -1
    for d in (3, 1):  # east, south
        cells = [0] * 5
        L = 0
        y = x
        while y >= 0 and L < 5 and sh[y]:
            sh[y] = 0
            cells[L] = y
            L += 1
            if L >= 2 or d == 3:
                v = SHOP_PTS[L] + shop_best(nb, g, sh, left - L, x + 1)
                if v > best:
                    best = v
            y = nb[(g * NCELL + y) * 4 + d]
        for i in range(L):
            sh[cells[i]] = 1
    return best


def largest_region(k, buf, base, g, a, b):
    """Size of the largest connected group of tiles of categories ``a`` or ``b``."""
    kc, nb = k.t_kcat, k.t_nb
    seen = [0] * NCELL
    stack = [0] * NCELL
    best = 0
    for x in range(NCELL):
        v = buf[base + x]
        if v < 2 or seen[x]:
            continue
        cx = kc[(v - 2) & 31]
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
                z = nb[(g * NCELL + y) * 4 + d]
                if z >= 0 and not seen[z] and buf[base + z] >= 2:
                    cz = kc[(buf[base + z] - 2) & 31]
                    if cz == a or cz == b:
                        seen[z] = 1
                        stack[top] = z
                        top += 1
        best = max(best, size)
    return best


def score_city_py(k, buf, base, g):
    """One city's score without factories (for tests comparing the twins)."""
    return score_city(k, buf, base, g)
