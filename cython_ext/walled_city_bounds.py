"""The Walled City: bounds on each seat's final votes, for the endgame solver.

``WalledCityBounds.bounds(k, b, lo, hi)`` writes ``lo[p] <= final votes of p
<= hi[p]`` for every way the game can still go and returns the number of
seats, or 0 where it knows none.  It knows them in round 2 once no guild
power can be used any more (every seat's guild pivoted, or the seat passive,
no power in progress, no Drapers stack pending): from there the rules
(shared/rules/walled-city.md) leave only these events, each bounded below.

**What can still move.**  Every build turn builds a wall on a gap empty now
(or, mid-turn, on ``sel_loc``), settles citizens only in that gap's
neighbourhood, promotes nobles only from it to the gap's two closest towers,
and adjusts one die or chit only in it or in those towers.  Roads no longer
change (no power), so the neighbourhoods are today's, and a neighbourhood
beside no such gap (``N*``), a tower beside none (``T*``) keep their pieces;
a die or chit outside them keeps its face.  Per seat ``p`` the citizens it
can still settle are at most ``S[p]``: the larger number of each card it can
still play (its hand; the card being played, or ``sel_nx``, mid-turn), over
its walls left, capped by its supply (nobles ``SN[p]`` likewise); the
promotions left at most ``PR`` (the same numbers over every seat's turns:
the promoted half is a card's other number); the adjustments at most ``A``
(one a turn), each moving a die by 1 or flipping one chit.

**The count** (``count_votes_`` after the last wall): nobles flee a
neighbourhood with a gap unfilled -- surely where a gap is broken (it stays
so), possibly where one is still empty.  So in a neighbourhood of ``N*``
owner ``o``'s citizens lie in ``[c - lost, c + S[o]]`` and its nobles in
``[n - lost, n + SN[o]]``, ``lost`` being all its ``n`` nobles where they may
flee, else ``min(n, PR)`` (after a sure flight: ``[c - n, c - n + S[o]]``,
no nobles).  A rival *surely ahead* of the seat has surely more citizens, or
surely at least as many and surely more nobles; *surely behind* the
reverse, or no citizens at all.  The seat's tie group then occupies places
between (rivals surely ahead) and (rivals not surely behind), and
``place_split_`` pays it the truncated mean of those places' values: within
the lowest and highest of ``pv[q] + chits`` over them, the chits summed in
``[now - 2 min(A, +1 chits), now + 2 min(A, -1 chits)]``; a seat that may
end with no citizen there may take 0.  Outside ``N*`` a neighbourhood is
counted exactly (after its sure flight).  A faction with no die in ``N*``
or ``T*`` is counted exactly too; another's value lies in ``[v - min(A,
down), v + min(A, up)]`` (its dice in reach, 1 to 3 each) and its majority
adds the owners' intervals over its neighbourhoods and towers (watchmen
count as nobles; a tower of ``T*`` gains at most ``min(PR, o's nobles in
N* + SN[o])`` of ``o``'s): the seat takes at least the lowest value when it
is surely ahead of every rival with a citizen there, at most the highest
when no rival is surely ahead of it, else nothing.

**The towers** (the defense's end): most watchmen take both adjacent halves,
second the lower one, an empty zone 0.  With the watchmen as they are (a
tower outside ``T*``; every tower once the walls are built) each seat's
income from today's cards is exact, and a card placed later only raises
it: first place by its half, second place from 0 (or the other half) to at
most its half.  A tower of ``T*`` pays the seat at least today's both halves
when it is surely first (no rival can reach its watchmen), at most both
halves when it may be first, the lower when it may have a watchman.  Every
seat still to place a defense card adds at most, for each seat, the best
over its hand's cards, the zones empty now and both orientations of the
halves facing towers where that seat may score.

So ``lo = votes + the exact parts + the sure ones`` and ``hi = votes + the
exact parts + the highest of each open one + the cards still to come``.  In
the defense (after the count) only the towers are left.  The bounds are
written at the start of a build turn (``P_LOC``), at its adjustment (the
settling and promotions done) and at each defense step; elsewhere the
solver keeps what its parent settled.

Tested in ``tests/walled_city/test_bounds.py`` against random continuations
and every ending of small positions, in both modes.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

if not cython.compiled:
    from .kernel import ptr
    from .walled_city_board import (K, MAXA, MAXO, MAXT, NDICE, NF, OWN, P_ADJUST, P_CARD, P_DCARD, P_DZONE, P_LOC,
                                    P_N1, P_PROMOTE, P_SPLIT)


def _imin(a, b):
    return a if a < b else b


def _ahead(clo, chi, nlo, nhi, o, p):
    """Row ``o`` surely ahead of row ``p``: surely more citizens, or surely at least as many
    and more nobles."""
    return clo[o] > chi[p] or (clo[o] >= chi[p] and nlo[o] > nhi[p])


def _behind(clo, chi, nlo, nhi, o, p):
    """Row ``o`` surely behind row ``p``, or surely absent."""
    return chi[o] <= 0 or chi[o] < clo[p] or (chi[o] <= clo[p] and nhi[o] < nlo[p])


@cython.cclass
class WalledCityBounds:
    """Scratch and code of the bounds; one per kernel (see the module docstring)."""

    def __init__(self) -> None:
        self.comp = numpy.zeros(MAXA, dtype=numpy.intc)
        self.inn = numpy.zeros(MAXA, dtype=numpy.intc)
        self.flee = numpy.zeros(MAXA, dtype=numpy.intc)
        self.mark = numpy.zeros(MAXA + MAXT, dtype=numpy.intc)
        self.inT = numpy.zeros(MAXT, dtype=numpy.intc)
        self.clo = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.chi = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.nlo = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.nhi = numpy.zeros(MAXA * MAXO, dtype=numpy.intc)
        self.chl = numpy.zeros(MAXA, dtype=numpy.intc)
        self.chh = numpy.zeros(MAXA, dtype=numpy.intc)
        self.twl = numpy.zeros(MAXT * MAXO, dtype=numpy.intc)
        self.twh = numpy.zeros(MAXT * MAXO, dtype=numpy.intc)
        self.cs = numpy.zeros(MAXT * MAXO, dtype=numpy.intc)
        self.S = numpy.zeros(MAXO, dtype=numpy.intc)
        self.SN = numpy.zeros(MAXO, dtype=numpy.intc)
        self.avail = numpy.zeros(MAXO, dtype=numpy.intc)
        self.fcl = numpy.zeros(MAXO, dtype=numpy.intc)  # a faction's citizens per owner, low and high
        self.fch = numpy.zeros(MAXO, dtype=numpy.intc)
        self.fnl = numpy.zeros(MAXO, dtype=numpy.intc)  # its nobles
        self.fnh = numpy.zeros(MAXO, dtype=numpy.intc)
        self.cnt = numpy.zeros(MAXO, dtype=numpy.intc)  # one exact count for place_split_
        self.nob = numpy.zeros(MAXO, dtype=numpy.intc)
        self.add = numpy.zeros(MAXO, dtype=numpy.intc)

    def gain2(self, k, b, z, t, h, p, last):
        """Twice the most a half ``h`` placed in empty zone ``z`` facing tower ``t`` adds to seat
        ``p``'s votes (``cs``: 1 it may hold the tower first, 2 second only): first place takes the
        half; second place the lower of the two zones, so the half against a card already in the
        other zone, nothing where none can come (``last``: no other card; or no other zone), else
        at most half of it (the other card's zone pays the other half)."""
        r: cython.int
        other: cython.int
        v: cython.int
        if t < 0:
            return 0
        r = self.cs[t * k.no + p]
        if r == 1:
            return 2 * h
        if r != 2:
            return 0
        other = k.tower_z[t * 2] if k.tower_z[t * 2 + 1] == z else k.tower_z[t * 2 + 1]
        if other < 0 or other == z:
            return 0
        if b[k.o_zown + other] != 0:
            v = k.zone_half_(b, other, t)
            return 2 * (h if h < v else v)
        return 0 if last else h

    def bounds(self, k, b, lo, hi):
        """``lo``/``hi`` per seat (see the module docstring); the seats, or 0: none known."""
        P: cython.int = k.players
        no: cython.int = k.no
        na: cython.int = k.na
        ph: cython.int = b[k.o_phase]
        nows: cython.int
        nowp: cython.int
        build: cython.bint
        p: cython.int
        o: cython.int
        g: cython.int
        t: cython.int
        c: cython.int
        L: cython.int
        a: cython.int
        d: cython.int
        x: cython.int
        f: cython.int
        q: cython.int
        z: cython.int
        n: cython.int
        w: cython.int
        cur: cython.int = b[k.o_cur]
        turns: cython.int
        maxa: cython.int
        A: cython.int = 0
        PR: cython.int = 0
        lost: cython.int
        npos: cython.int
        nneg: cython.int
        best: cython.int
        worst: cython.int
        vmin: cython.int
        vmax: cython.int
        v: cython.int
        up: cython.int
        down: cython.int
        touched: cython.bint
        inL: cython.bint
        inTw: cython.bint
        ahead: cython.bint
        behind: cython.bint
        sure: cython.bint
        v1: cython.int
        v2: cython.int
        low: cython.int
        first: cython.int
        second: cython.int
        gmax: cython.int
        gain: cython.int
        h1: cython.int
        h2: cython.int
        t1: cython.int
        t2: cython.int
        i: cython.int
        if b[k.o_round] != 2 or b[k.o_pw_kind] != 0:
            return 0
        if ph == P_LOC or ph == P_CARD or ph == P_SPLIT or ph == P_N1 or ph == P_PROMOTE or ph == P_ADJUST:
            build = True
        elif ph == P_DCARD or ph == P_DZONE:
            build = False
        else:
            return 0  # mid-turn: the parent's settled seats stand
        if ph == P_LOC and b[k.o_drape]:
            return 0
        for p in range(P):
            if b[k.o_guild + p] > 0 and b[k.o_piv + p] == 0 and not k.passive[p]:
                return 0  # a power may still change anything
        for p in range(P):
            lo[p] = b[k.o_score + p]
            hi[p] = b[k.o_score + p]
        for o in range(no):
            self.S[o] = 0
            self.SN[o] = 0
            self.avail[o] = 0
        for t in range(k.nt):
            self.inT[t] = 0
        k.comps_(b, ptr(self.comp))
        for a in range(na):
            self.inn[a] = 0
            self.flee[a] = 0
        if build:
            # what the turns left can do: settle S/SN, promote PR, adjust A
            for p in range(P):
                maxa = 0
                for c in range(OWN):
                    if b[k.o_hand + p * K + c] > 0 and k.card_a[c] > maxa:
                        maxa = k.card_a[c]
                turns = b[k.o_walls + p]
                nows = 0   # this turn's settling and promotions still to come
                nowp = 0
                if p == cur:
                    if ph == P_LOC:
                        turns -= 1
                    if ph == P_LOC or ph == P_CARD:  # any card of the hand
                        nows = maxa
                        nowp = maxa
                    elif ph == P_SPLIT:  # either half of the card played
                        nows = k.card_a[b[k.o_sel_card]]
                        nowp = nows
                    elif ph == P_N1:
                        nows = b[k.o_sel_nx]
                        nowp = b[k.o_sel_left]
                    elif ph == P_PROMOTE:
                        nowp = b[k.o_sel_left]
                if turns < 0:
                    turns = 0
                self.S[p] = _imin(turns * maxa + nows, b[k.o_nob + p] + b[k.o_pea + p])
                self.SN[p] = _imin(self.S[p], b[k.o_nob + p])
                PR += turns * maxa + nowp
                A += turns
            A += 1  # this turn's adjustment
            for g in range(k.ng):
                w = b[k.o_wall + g]
                x = self.comp[b[k.o_garea + g]]
                if w == 0:  # a wall may come here: reachable, and its nobles may flee
                    self.inn[x] = 1
                    if self.flee[x] == 0:
                        self.flee[x] = 1
                    self.inT[k.gap_tw[g * 2]] = 1
                    self.inT[k.gap_tw[g * 2 + 1]] = 1
                elif w == 2:  # broken: they surely flee
                    self.flee[x] = 2
            if ph != P_LOC:  # the wall of the turn in progress
                g = b[k.o_sel_loc]
                self.inn[self.comp[b[k.o_garea + g]]] = 1
                self.inT[k.gap_tw[g * 2]] = 1
                self.inT[k.gap_tw[g * 2 + 1]] = 1
            # per neighbourhood label and owner: citizens and nobles, then their intervals
            for a in range(na * no):
                self.clo[a] = 0
                self.nlo[a] = 0
            for a in range(na):
                self.chl[a] = 0
                self.chh[a] = 0
            for a in range(na):
                L = self.comp[a]
                for o in range(no):
                    self.clo[L * no + o] += b[k.o_an + a * no + o] + b[k.o_ap + a * no + o]
                    self.nlo[L * no + o] += b[k.o_an + a * no + o]
            for a in range(na):
                if self.comp[a] != a:
                    continue
                for o in range(no):
                    c = self.clo[a * no + o]
                    n = self.nlo[a * no + o]
                    if self.inn[a]:  # promotable before any flight
                        self.avail[o] += n
                    if self.flee[a] == 2:
                        lost = n
                    elif self.inn[a] and self.flee[a] == 1:
                        lost = n
                    elif self.inn[a]:
                        lost = _imin(n, PR)
                    else:
                        lost = 0
                    if self.flee[a] == 2:
                        self.clo[a * no + o] = c - n
                        self.chi[a * no + o] = c - n + (self.S[o] if self.inn[a] else 0)
                        self.nlo[a * no + o] = 0
                        self.nhi[a * no + o] = 0
                    else:
                        self.clo[a * no + o] = c - lost
                        self.chi[a * no + o] = c + (self.S[o] if self.inn[a] else 0)
                        self.nlo[a * no + o] = n - lost
                        self.nhi[a * no + o] = n + (self.SN[o] if self.inn[a] else 0)
            for i in range(k.nc):
                x = self.comp[b[k.o_cloc + i]]
                self.chl[x] += b[k.o_chit + i]
                self.chh[x] += b[k.o_chit + i]
            for a in range(na):  # the chits of N* may flip (each flip is an adjustment)
                if self.comp[a] != a or not self.inn[a]:
                    continue
                npos = 0
                nneg = 0
                for i in range(k.nc):
                    if self.comp[b[k.o_cloc + i]] == a:
                        if b[k.o_chit + i] > 0:
                            npos += 1
                        else:
                            nneg += 1
                self.chl[a] -= 2 * _imin(A, npos)
                self.chh[a] += 2 * _imin(A, nneg)
            # towers: watchmen intervals
            for t in range(k.nt):
                for o in range(no):
                    w = b[k.o_tw + t * no + o]
                    self.twl[t * no + o] = w
                    self.twh[t * no + o] = w + (_imin(PR, self.avail[o] + self.SN[o]) if self.inT[t] else 0)
            # neighbourhoods
            for a in range(na):
                if self.comp[a] != a:
                    continue
                if not self.inn[a]:
                    n = 0
                    for o in range(no):
                        self.cnt[o] = self.clo[a * no + o]
                        self.nob[o] = self.nlo[a * no + o]
                        self.add[o] = 0
                        n += self.cnt[o]
                    if n > 0:
                        k.place_split_(ptr(self.cnt), ptr(self.nob), self.chl[a], ptr(self.add))
                        for p in range(P):
                            lo[p] += self.add[p]
                            hi[p] += self.add[p]
                    continue
                for p in range(P):
                    x = a * no
                    if self.chi[x + p] <= 0:
                        continue
                    best = 0
                    worst = 0
                    for o in range(no):
                        if o == p:
                            continue
                        if _ahead(ptr(self.clo), ptr(self.chi), ptr(self.nlo), ptr(self.nhi), x + o, x + p):
                            best += 1
                        if not _behind(ptr(self.clo), ptr(self.chi), ptr(self.nlo), ptr(self.nhi), x + o, x + p):
                            worst += 1
                    vmin = 1000
                    vmax = -1000
                    for q in range(best, worst + 1):
                        v = k.pv[q] if q < 4 else 0
                        if v < vmin:
                            vmin = v
                        if v > vmax:
                            vmax = v
                    vmin += self.chl[a]
                    vmax += self.chh[a]
                    if self.clo[x + p] <= 0:
                        if vmin > 0:
                            vmin = 0
                        if vmax < 0:
                            vmax = 0
                    lo[p] += vmin
                    hi[p] += vmax
            # factions
            for f in range(NF):
                v = 0
                up = 0
                down = 0
                touched = False
                inL = False
                inTw = False
                for i in range(MAXA + MAXT):
                    self.mark[i] = 0
                for o in range(no):
                    self.fcl[o] = 0
                    self.fch[o] = 0
                    self.fnl[o] = 0
                    self.fnh[o] = 0
                for d in range(NDICE):
                    if b[k.o_die_f + d] != f:
                        continue
                    x = b[k.o_dloc + d]
                    w = b[k.o_die_v + d]
                    v += w
                    if x < na:
                        L = self.comp[x]
                        if self.inn[L]:
                            touched = True
                            inL = True
                            up += 3 - w
                            down += w - 1
                        if self.mark[L]:
                            continue
                        self.mark[L] = 1
                        for o in range(no):  # what settling adds comes once, below
                            self.fcl[o] += self.clo[L * no + o]
                            self.fch[o] += self.chi[L * no + o] - (self.S[o] if self.inn[L] else 0)
                            self.fnl[o] += self.nlo[L * no + o]
                            self.fnh[o] += self.nhi[L * no + o] - (self.SN[o] if self.inn[L] and self.flee[L] != 2
                                                                   else 0)
                    else:
                        t = x - na
                        if self.inT[t]:
                            touched = True
                            inTw = True
                            up += 3 - w
                            down += w - 1
                        if self.mark[MAXA + t]:
                            continue
                        self.mark[MAXA + t] = 1
                        for o in range(no):  # what promotions add comes once, below
                            self.fcl[o] += self.twl[t * no + o]
                            self.fch[o] += self.twl[t * no + o]
                            self.fnl[o] += self.twl[t * no + o]
                            self.fnh[o] += self.twl[t * no + o]
                if not touched:
                    for o in range(no):
                        self.add[o] = 0
                    # exact: the low rows are the counts (no interval outside N* and T*)
                    k.majority_split_(ptr(self.fcl), ptr(self.fnl), v, ptr(self.add))
                    for p in range(P):
                        lo[p] += self.add[p]
                        hi[p] += self.add[p]
                    continue
                for o in range(no):  # settled into one of its neighbourhoods, promoted into its towers
                    if inL:
                        self.fch[o] += self.S[o]
                        self.fnh[o] += self.SN[o]
                    if inTw:
                        self.fch[o] += _imin(PR, self.avail[o] + self.SN[o])
                        self.fnh[o] += _imin(PR, self.avail[o] + self.SN[o])
                vmin = v - _imin(A, down)
                vmax = v + _imin(A, up)
                for p in range(P):
                    if self.fch[p] <= 0:
                        continue
                    sure = self.fcl[p] > 0
                    ahead = False
                    for o in range(no):
                        if o == p:
                            continue
                        if _ahead(ptr(self.fcl), ptr(self.fch), ptr(self.fnl), ptr(self.fnh), o, p):
                            ahead = True
                        if not _behind(ptr(self.fcl), ptr(self.fch), ptr(self.fnl), ptr(self.fnh), o, p):
                            sure = False
                    if sure:
                        lo[p] += vmin
                    if not ahead:
                        hi[p] += vmax
        # towers: today's cards for the watchmen as they stand or may end
        for t in range(k.nt):
            z = k.tower_z[t * 2]
            v1 = k.zone_half_(b, z, t) if z >= 0 else 0
            z = k.tower_z[t * 2 + 1]
            v2 = k.zone_half_(b, z, t) if z >= 0 else 0
            low = v1 if v1 < v2 else v2
            if not self.inT[t]:
                first = 0
                for o in range(no):
                    if b[k.o_tw + t * no + o] > first:
                        first = b[k.o_tw + t * no + o]
                second = 0
                for o in range(no):
                    w = b[k.o_tw + t * no + o]
                    if w < first and w > second:
                        second = w
                for p in range(P):
                    w = b[k.o_tw + t * no + p]
                    self.cs[t * no + p] = 0
                    if first > 0 and w == first:
                        lo[p] += v1 + v2
                        hi[p] += v1 + v2
                        self.cs[t * no + p] = 1
                    elif second > 0 and w == second:
                        lo[p] += low
                        hi[p] += low
                        self.cs[t * no + p] = 2
                continue
            for p in range(P):
                self.cs[t * no + p] = 0
                if self.twh[t * no + p] <= 0:
                    continue
                sure = self.twl[t * no + p] > 0
                ahead = False
                for o in range(no):
                    if o == p:
                        continue
                    if self.twl[t * no + o] > self.twh[t * no + p]:
                        ahead = True
                    if self.twh[t * no + o] > self.twl[t * no + p]:
                        sure = False
                if sure:
                    lo[p] += v1 + v2
                hi[p] += low if ahead else v1 + v2
                self.cs[t * no + p] = 2 if ahead else 1
        # the defense cards still to come: each raises a seat's towers by at most its halves
        # there (in half votes: two cards into the empty zones of a tower the seat holds second
        # pay it the lower of their halves, at most half of each); the last card exactly
        n = 0
        for i in range(P):
            if build or i >= b[k.o_turn]:
                n += 1
        for p in range(P):
            self.add[p] = 0
        for i in range(P):
            if build:
                q = i                      # every seat places one after the count
            else:
                if i < b[k.o_turn]:
                    continue
                q = b[k.o_order + i]
            for p in range(P):
                gmax = 0
                for c in range(K):
                    if ph == P_DZONE and i == b[k.o_turn]:
                        if c != b[k.o_sel_card]:
                            continue
                    elif b[k.o_hand + q * K + c] <= 0:
                        continue
                    for z in range(k.nz):
                        if b[k.o_zown + z] != 0:
                            continue
                        t1 = k.zone_tw[z * 2]
                        t2 = k.zone_tw[z * 2 + 1]
                        h1 = self.gain2(k, b, z, t1, k.card_a[c], p, n == 1)
                        h2 = self.gain2(k, b, z, t2, k.card_b[c], p, n == 1)
                        gain = h1 + h2
                        h1 = self.gain2(k, b, z, t1, k.card_b[c], p, n == 1)
                        h2 = self.gain2(k, b, z, t2, k.card_a[c], p, n == 1)
                        if h1 + h2 > gain:
                            gain = h1 + h2
                        if gain > gmax:
                            gmax = gain
                self.add[p] += gmax
        for p in range(P):
            hi[p] += self.add[p] // 2
        return P
