"""Between Two Cities kernel, rules layer: whose turn, legal moves, applying a move.

A round: chance deals every hand tile by tile (``PH_DEAL``; in the 2-player
advanced game Jamey draws two tiles of each building turn, ``PH_JDEAL``, that
a seat assigns to Jamey's cities, ``PH_ASSIGN``); every seat chooses two
tiles at once (``PH_CHOOSE``, hidden until all have chosen); the choices are
revealed, the hands passed, and the seats place their tiles in seat order
(``PH_PLACE``); the last tile of each hand is discarded face down.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .between_two_cities_scoring import BetweenTwoCitiesScoring

if not cython.compiled:
    from .between_two_cities_encoding import (
        ASSIGN_BASE, CAT_FACTORY, CAT_HOUSE, HALF, KM, NCELL, NOTHING, PH_ASSIGN, PH_CHOOSE, PH_DEAL,
        PH_DIST, PH_END, PH_JDEAL, PH_MAT, PH_PLACE, PLACE_BASE, TILE)
    from .kernel import ptr


@cython.cclass
class BetweenTwoCitiesRules(BetweenTwoCitiesScoring):
    """Turn order, legal moves and moves of the Between Two Cities kernel."""

    def __init__(self, cfg) -> None:
        BetweenTwoCitiesScoring.__init__(self, cfg)
        self.passed = self.scratch(self.NPOS * KM)
        self.passedn = self.scratch(self.NPOS)

    # ------------------------------------------------------------------ turn
    def to_move(self, buf, out):
        return self.to_move_c(buf, ptr(out))

    @cython.final
    def to_move_c(self, buf, out):
        ph: cython.int = buf[self.O_PHASE]
        n: cython.int = 0
        s: cython.int
        if ph == PH_END:
            return 0
        if ph <= PH_JDEAL:
            out[0] = -1  # chance
            return 1
        if ph == PH_ASSIGN:
            out[0] = 0 if self.t_rdir[buf[self.O_ROUND]] > 0 else 1
            return 1
        if ph == PH_PLACE:
            out[0] = buf[self.O_PTR]
            return 1
        for s in range(self.players):  # choose: every seat that has not chosen yet
            if buf[self.O_DONE + s] == 0:
                out[n] = s
                n += 1
        return n

    def legal(self, buf, seat, out):
        ph: cython.int = buf[self.O_PHASE]
        n: cython.int = 0
        h: cython.int; a: cython.int; b: cython.int; duplex: cython.int; p: cython.int
        slot: cython.int; k: cython.int; side: cython.int; c: cython.int; m: cython.int; i: cython.int
        cells: cython.p_int = self.cells
        found: cython.p_int
        if ph == PH_CHOOSE:
            if seat < 0 or seat >= self.players or buf[self.O_DONE + seat]:
                return 0
            h = self.O_HAND + seat * KM
            m = 0
            for a in range(KM):  # the kinds in hand, ascending; pairs only among them
                if buf[h + a] > 0:
                    cells[m] = a
                    m += 1
            for i in range(m):
                a = cells[i]
                if buf[h + a] > 1:
                    out[n] = a * KM + a
                    n += 1
                for p in range(i + 1, m):
                    out[n] = a * KM + cells[p]
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
        m0: cython.int = -1  # each side's cells, found once: every tile of the seat goes to the same city there
        m1: cython.int = -1
        for slot in range(4):
            k = buf[p + slot]
            if k < 0:
                continue
            if slot % 2 == 1 and buf[p + slot - 1] == k:
                continue  # the same tile twice: one set of moves
            for side in range(2):
                if slot < 2:
                    if buf[self.O_SIDES] & (1 << side):
                        continue  # one own tile per city
                elif side != self.jside(seat):
                    continue  # Jamey's tiles go to the city the seat shares with Jamey
                c = self.cityt[2 * seat + side]
                if side == 0:
                    if m0 < 0:
                        m0 = self.gen_cells(ptr(buf), c, duplex, cells)
                    m = m0
                    found = cells
                else:
                    if m1 < 0:
                        m1 = self.gen_cells(ptr(buf), c, duplex, self.cells1)
                    m = m1
                    found = self.cells1
                for i in range(m):
                    out[n] = PLACE_BASE + (slot * 2 + side) * NCELL + found[i]
                    n += 1
        return n

    # ------------------------------------------------------------------ apply
    def apply(self, buf, seat, move):
        ph: cython.int = buf[self.O_PHASE]
        c: cython.int; x: cython.int; i: cython.int; a: cython.int; b: cython.int
        t0: cython.int; t1: cython.int; s: cython.int
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
                # a district of factories and houses is not allowed: that card is redrawn
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
            buf[self.O_JPICK] = NOTHING
            buf[self.O_JPICK + 1] = NOTHING
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

    @cython.final
    def apply_deal(self, buf, k):
        """Deal tile ``k`` from the box to the next hand position."""
        r: cython.int = buf[self.O_ROUND]
        hs: cython.int = self.t_rhand[r]
        i: cython.int = buf[self.O_PTR]
        duplex: cython.int = self.t_rkind[r]
        nh: cython.int = self.players if duplex else self.NPOS
        q: cython.int; jn: cython.int; total: cython.int
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

    @cython.final
    def start_turn(self, buf):
        if self.t_rkind[buf[self.O_ROUND]]:
            buf[self.O_PHASE] = PH_CHOOSE
        elif self.JAMEY:
            buf[self.O_PTR] = 0
            buf[self.O_PHASE] = PH_JDEAL
        else:
            buf[self.O_PHASE] = PH_CHOOSE

    @cython.final
    def reveal(self, buf):
        """Every seat has chosen: the choices become pending tiles, the hands pass on."""
        r: cython.int = buf[self.O_ROUND]
        s: cython.int; a: cython.int; b: cython.int; d: cython.int; npos: cython.int
        q: cython.int; t: cython.int; k: cython.int
        tmp: cython.p_int = self.passed
        tn: cython.p_int = self.passedn
        for s in range(self.players):
            a = buf[self.O_CHOSEN + s * 2]
            b = buf[self.O_CHOSEN + s * 2 + 1]
            buf[self.O_HAND + s * KM + a] -= 1
            buf[self.O_HAND + s * KM + b] -= 1
            buf[self.O_HANDN + s] -= 2
            buf[self.O_PEND + s * 4] = a
            buf[self.O_PEND + s * 4 + 1] = b
            buf[self.O_CHOSEN + s * 2] = NOTHING
            buf[self.O_CHOSEN + s * 2 + 1] = NOTHING
            buf[self.O_DONE + s] = 0
        d = self.t_rdir[r]
        if d != 0:
            # pass every hand (Jamey's too) one position along the direction
            npos = self.NPOS
            if cython.compiled:  # whole hands at a time: element by element this was 8% of a built-in search
                memcpy(tmp, cython.address(buf[self.O_HAND]), npos * KM * cython.sizeof(cython.int))
                memcpy(tn, cython.address(buf[self.O_HANDN]), npos * cython.sizeof(cython.int))
                for q in range(npos):
                    t = (q + d + npos) % npos
                    memcpy(cython.address(buf[self.O_HAND + t * KM]), cython.address(tmp[q * KM]),
                           KM * cython.sizeof(cython.int))
                    buf[self.O_HANDN + t] = tn[q]
            else:
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

    @cython.final
    def has_pending(self, buf, s):
        j: cython.int
        for j in range(4):
            if buf[self.O_PEND + s * 4 + j] >= 0:
                return 1
        return 0

    def begin_place(self, buf):
        s: cython.int = 0
        buf[self.O_SIDES] = 0
        buf[self.O_PHASE] = PH_PLACE
        while s < self.players and not self.has_pending(buf, s):
            s += 1
        if s < self.players:
            buf[self.O_PTR] = s
        else:
            self.end_place(buf)

    @cython.final
    def apply_place(self, buf, seat, move):
        m: cython.int = move - PLACE_BASE
        x: cython.int = m % NCELL
        slot: cython.int = m // NCELL // 2
        side: cython.int = m // NCELL % 2
        c: cython.int = self.cityt[2 * seat + side]
        p: cython.int = self.O_PEND + seat * 4
        k: cython.int = buf[p + slot]
        base: cython.int = self.O_CITY + c * NCELL
        o: cython.int; s: cython.int
        if self.t_rkind[buf[self.O_ROUND]]:
            buf[base + x] = HALF + self.t_dleft[k]
            buf[base + x + 1] = HALF + self.t_dright[k]
            buf[self.O_DPL + c * 2 + buf[self.O_DCNT + c]] = k
            buf[self.O_DCNT + c] += 1
        else:
            buf[base + x] = TILE + k
        buf[p + slot] = NOTHING
        if slot < 2:
            buf[self.O_SIDES] |= 1 << side
        elif buf[self.O_SUB] == 0:
            # Jamey's round-two pair: the other duplex is discarded face up
            o = p + (5 - slot)
            buf[self.O_JDISC + seat] = buf[o]
            buf[o] = NOTHING
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

    @cython.final
    def end_place(self, buf):
        r: cython.int; q: cython.int; k: cython.int
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
