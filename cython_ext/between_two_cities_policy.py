"""Between Two Cities heuristic: the kernel's ``move_values`` (rollout policy, progressive bias).

A seat's score is the lower of its two cities, so every value below is
weighted ``WEAK`` (1.5) for the seat's weaker city (by the building points so
far) and 1 for the other (both 1 in the 2-player standard game, scored by the
sum).

* Placement (``PH_PLACE``): the points the tile adds to its city now --
  every building type as :meth:`score_city` counts it (the city scored with
  the tile written in), plus the factory majority against the other cities'
  factory counts -- and, for a house, ``HOUSE_FUTURE`` (0.5) per building type
  the city still lacks (a house's value grows with the variety to come).
* Draft pick (``PH_CHOOSE``, a pair ``a <= b``): the two tiles' values for the
  seat's two cities, given the better of the two ways to send one tile to
  each city (as the placement rule does).  A tile's value for a city is read
  from its counts, not its geometry: a factory 3, a shop 2 (3.5 once the city
  has one: a line can grow), a park 2 (5 next to the first: a pair), a
  civic building 3, a tavern and an office the points their set gains, a house
  the types it counts now plus ``HOUSE_FUTURE`` for each missing one; plus one
  point per house for a type the city lacks.  A duplex tile: its two halves.
* Every other move (assigning Jamey's tiles): 0.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; the kernel's ``move_values`` delegates here.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_scoring import SHOP_PTS

if not cython.compiled:
    from .between_two_cities_encoding import (
        ASSIGN_BASE, CAT_CIVIC, CAT_FACTORY, CAT_HOUSE, CAT_OFFICE, CAT_PARK, CAT_SHOP, CAT_TAVERN, HALF, KM,
        NCELL, PH_CHOOSE, PH_PLACE, PLACE_BASE, TILE)
    from .between_two_cities_rules import BetweenTwoCitiesRules
    from .between_two_cities_scoring import office_points, shop_best, tavern_points
    from .between_two_cities_placement import INFO
    from .kernel import dptr, ptr

if cython.compiled:  # the shop table as a C array
    SHOP_PTS_P = cython.declare(cython.int[6], SHOP_PTS)
else:
    SHOP_PTS_P = SHOP_PTS
WEAK = cython.declare(cython.double, 1.5)
HOUSE_FUTURE = cython.declare(cython.double, 0.5)
NCOUNT = cython.declare(cython.int, 11)  # cnt: 7 categories, then 4 tavern kinds


@cython.cclass
class BetweenTwoCitiesPolicy:
    """Scratch and code of the heuristic; one per kernel (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        self.before = numpy.zeros(2, dtype=numpy.intc)
        self.fc = numpy.zeros(max(nc, 1), dtype=numpy.intc)
        self.fcode = numpy.full(max(nc, 1) * NCELL, -1, dtype=numpy.intc)  # each city as fc last counted it
        self.fcok = 0
        self.kv = numpy.zeros(2 * KM, dtype=numpy.float64)
        self.need = numpy.zeros(KM, dtype=numpy.intc)
        # every city as prepare() last read it (c * NCELL + cell, c * NCOUNT + count), and the gain's scratch
        nc = max(nc, 1)
        self.cnt = numpy.zeros(nc * NCOUNT, dtype=numpy.intc)
        self.code = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.ct = numpy.full(nc * NCELL, -1, dtype=numpy.intc)
        self.tl = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.plab = numpy.full(nc * NCELL, -1, dtype=numpy.intc)
        self.gsz = numpy.zeros(nc * NCELL, dtype=numpy.intc)
        self.nfree = numpy.zeros(nc, dtype=numpy.intc)
        self.oth = numpy.zeros(nc, dtype=numpy.intc)
        self.score = numpy.zeros(nc, dtype=numpy.intc)
        self.geoc = numpy.full(nc, -1, dtype=numpy.intc)  # the mat it was read with; -1 never read
        self.ntl = numpy.zeros(nc, dtype=numpy.intc)
        # place_value: each city's gain by (single or duplex, kind, cell), stamped with the city's version
        self.ver = numpy.ones(nc, dtype=numpy.intc)
        self.memo = numpy.zeros(nc * 4 * KM * NCELL, dtype=numpy.intc)  # stamp and gain side by side
        self.nlab = numpy.zeros(nc, dtype=numpy.intc)
        self.dx = numpy.zeros(4, dtype=numpy.intc)
        self.newx = numpy.zeros(2, dtype=numpy.intc)
        self.newc = numpy.zeros(2, dtype=numpy.intc)
        self.oldc = numpy.zeros(2, dtype=numpy.intc)
        self.aff = numpy.zeros(16, dtype=numpy.intc)
        self.lab = numpy.zeros(16, dtype=numpy.intc)
        self.seen5 = numpy.zeros(5, dtype=numpy.intc)
        self.tav = numpy.zeros(4, dtype=numpy.intc)
        self.vis = numpy.zeros(NCELL, dtype=numpy.intc)
        self.vl = numpy.zeros(NCELL, dtype=numpy.intc)
        self.stk = numpy.zeros(NCELL, dtype=numpy.intc)
        self.sh = numpy.zeros(NCELL, dtype=numpy.intc)
        self.lines = numpy.zeros(NCELL * 5, dtype=numpy.intc)
        # greedy_place: groups, both cities' info and candidates, checks by side and cell, the valued moves
        self.gslot = numpy.zeros(8, dtype=numpy.intc)
        self.gside = numpy.zeros(8, dtype=numpy.intc)
        self.inplay = numpy.zeros(2, dtype=numpy.intc)
        self.ncand = numpy.zeros(2, dtype=numpy.intc)
        self.cand0 = numpy.zeros(NCELL, dtype=numpy.intc)
        self.cand1 = numpy.zeros(NCELL, dtype=numpy.intc)
        self.info0 = numpy.zeros(INFO, dtype=numpy.intc)
        self.info1 = numpy.zeros(INFO, dtype=numpy.intc)
        self.cinfo = numpy.zeros(nc * INFO, dtype=numpy.intc)  # each city's city_info (need and s aside) as prepared
        self.chk = numpy.zeros(2 * NCELL, dtype=numpy.intc)
        self.em = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.ti = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.ev = numpy.zeros(8 * NCELL, dtype=numpy.float64)
        # greedy_place's pruning: each valued move's bound and whether its value is read yet,
        # the group's tile halves and the parts of the bound that do not depend on the cell
        self.ub = numpy.zeros(8 * NCELL, dtype=numpy.float64)
        self.done = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.bcat = numpy.zeros(2, dtype=numpy.intc)
        self.bkind = numpy.zeros(2, dtype=numpy.intc)
        self.blab = numpy.zeros(8, dtype=numpy.intc)
        self.shopub = numpy.array(shop_join_bounds(), dtype=numpy.intc)
        self.prune = 1
        self.cut = 0

    def values(self, k, buf, seat, moves, n, out):
        """``out[i]``: the value of ``moves[i]`` for ``seat`` (see the module docstring); returns 1."""
        i: cython.int
        m: cython.int
        a: cython.int
        b: cython.int
        side: cython.int
        c: cython.int
        ph: cython.int = buf[k.O_PHASE]
        duplex: cython.int
        w0: cython.double
        w1: cython.double
        if seat < 0 or (ph != PH_PLACE and ph != PH_CHOOSE):
            for i in range(n):
                out[i] = 0.0
            return 1
        duplex = k.t_rkind[buf[k.O_ROUND]]
        if ph == PH_PLACE:
            self.begin_place(k, buf, seat)
            for i in range(n):
                m = moves[i]
                out[i] = self.place_value(k, ptr(buf), seat, m) if PLACE_BASE <= m < ASSIGN_BASE else 0.0
            return 1
        for i in range(KM):
            self.need[i] = 0
        for i in range(n):  # only the kinds these pairs hold are valued (a hand holds few of them)
            self.need[moves[i] // KM] = 1
            self.need[moves[i] % KM] = 1
        for side in range(2):
            c = k.city_of(seat, side)
            self.prepare(k, buf, c)
            self.before[side] = self.score[c]
            self.kind_values(k, c, side, duplex)
        w0 = 1.0
        w1 = 1.0
        if not k.TWOSTD:
            if self.before[0] <= self.before[1]:
                w0 = WEAK
            if self.before[1] <= self.before[0]:
                w1 = WEAK
        for i in range(n):
            m = moves[i]
            a = m // KM
            b = m % KM
            out[i] = max(w0 * self.kv[a] + w1 * self.kv[KM + b], w0 * self.kv[b] + w1 * self.kv[KM + a])
        return 1

    def begin_place(self, k, buf, seat):
        """Set up :meth:`place_value` for ``seat``: both its cities prepared, their scores in ``before``."""
        side: cython.int
        c: cython.int
        for side in range(2):
            c = k.city_of(seat, side)
            self.prepare(k, buf, c)
            self.before[side] = self.score[c]
        self.fcok = 0  # every city's factories: counted at the first factory valued

    def greedy_place(self, k, buf, seat, rng):
        """A placement of highest :meth:`place_value` among the moves ``legal`` lists, ties
        drawn uniformly, without listing them; -1 where only the list can tell.

        ``legal`` gives each (pending tile, side) group the cells of its city that pass
        the cheap checks (``candidates``) and keep the city completable (``placeable``,
        the costly check).  Here every candidate's value is read from the cells next to it
        (:meth:`bound_base` once per group, :meth:`cell_single` / :meth:`cell_duplex` per
        cell): exactly, but for a shop next to shops, where it is bounded; such a move is
        valued (:meth:`place_value`) only if its bound reaches the best value found, the
        highest bound first.  A move skipped is below the best, so the tied best are the
        list's, in its order, and the same draws pick among them (``prune`` 0: every
        candidate valued and ``city_info`` read afresh, as before; the tests compare).
        The check runs from the best value down: the candidates tied at the best value are
        drawn one at a time, uniformly, and the first completable one is returned
        (struck-out draws leave a uniform draw over the completable ties); a value below a
        completable one is never checked (when none of the best is completable, the moves
        skipped are valued before the next value down).  That is the list's answer while
        every city in play has a completable adjacent cell, so before returning, a city
        not yet shown to have one is checked; if one has none, the fallback rule of
        ``gen_cells`` applies and -1 sends the caller to the list.
        """
        b: cython.p_int = ptr(buf)
        duplex: cython.int = k.t_rkind[buf[k.O_ROUND]]
        p: cython.int = k.O_PEND + seat * 4
        ng: cython.int = 0
        n: cython.int = 0
        nt: cython.int
        slot: cython.int
        side: cython.int
        g: cython.int
        i: cython.int
        j: cython.int
        x: cython.int
        c: cython.int = 0
        r: cython.int
        mv: cython.int
        found: cython.int = -1
        best: cython.double = 0.0
        nbest: cython.int = 0
        top: cython.int = -1
        ci: cython.int = 0
        geo: cython.int = 0
        ub: cython.p_double = dptr(self.ub)
        done: cython.p_int = ptr(self.done)
        gslot: cython.p_int = ptr(self.gslot)
        gside: cython.p_int = ptr(self.gside)
        inplay: cython.p_int = ptr(self.inplay)
        ncand: cython.p_int = ptr(self.ncand)
        info: cython.p_int
        cand: cython.p_int
        chk: cython.p_int = ptr(self.chk)
        em: cython.p_int = ptr(self.em)
        ti: cython.p_int = ptr(self.ti)
        ev: cython.p_double = dptr(self.ev)
        # the groups of legal(), in its order
        for slot in range(4):
            j = buf[p + slot]
            if j < 0 or (slot % 2 == 1 and buf[p + slot - 1] == j):
                continue
            for side in range(2):
                if slot < 2:
                    if buf[k.O_SIDES] & (1 << side):
                        continue
                elif side != k.jside(seat):
                    continue
                gslot[ng] = slot
                gside[ng] = side
                ng += 1
        if ng == 0:
            return -1
        inplay[0] = 0
        inplay[1] = 0
        for g in range(ng):
            inplay[gside[g]] = 1
        self.begin_place(k, buf, seat)
        for side in range(2):
            ncand[side] = 0
            if inplay[side]:
                c = k.cityt[2 * seat + side]
                info = ptr(self.info0) if side == 0 else ptr(self.info1)
                cand = ptr(self.cand0) if side == 0 else ptr(self.cand1)
                if self.prune:  # the city as prepare() keeps it (begin_place prepared it)
                    for i in range(INFO):
                        info[i] = self.cinfo[c * INFO + i]
                    k.city_need(b, c, duplex, info)
                else:
                    k.city_info(b, c, duplex, info)
                ncand[side] = k.candidates(b, c, duplex, 1, info, cand)
                for i in range(ncand[side]):
                    chk[side * NCELL + cand[i]] = 0  # not checked yet
        for g in range(ng):
            side = gside[g]
            cand = ptr(self.cand0) if side == 0 else ptr(self.cand1)
            if self.prune:
                c = k.city_of(seat, side)
                geo = k.geo(b, c)
                ci = self.bound_base(k, b, seat, gslot[g], side)
            for i in range(ncand[side]):
                em[n] = PLACE_BASE + (gslot[g] * 2 + side) * NCELL + cand[i]
                if not self.prune:
                    ev[n] = self.place_value(k, b, seat, em[n])
                    done[n] = 1
                else:  # read from the neighbours, exactly but for a shop by shops: no gain() call
                    ub[n] = self.bound_finish(ci + (self.cell_single(k, geo, c, cand[i]) if self.bn == 1 else
                                                    self.cell_duplex(k, geo, c, cand[i])) - self.cut)
                    done[n] = self.bexact
                    ev[n] = ub[n]
                    if not done[n] and (top < 0 or ub[n] > ub[top]):
                        top = n  # the highest bound not exact
                if done[n] and (nbest == 0 or ev[n] > best):
                    best = ev[n]
                    nbest = 1
                n += 1
        if top >= 0 and (nbest == 0 or ub[top] >= best):
            # the highest bound first, then every move whose bound reaches the best value so far:
            # a move skipped is below the best, so the tied best are all valued, in the list's order
            ev[top] = self.place_value(k, b, seat, em[top])
            done[top] = 1
            if nbest == 0 or ev[top] > best:
                best = ev[top]
                nbest = 1
            for i in range(n):
                if not done[i] and ub[i] >= best:
                    ev[i] = self.place_value(k, b, seat, em[i])
                    done[i] = 1
                    if ev[i] > best:
                        best = ev[i]
        while n > 0 and found < 0:
            if not nbest:  # the best of the moves valued (known on the first pass)
                for i in range(n):
                    if done[i] and (nbest == 0 or ev[i] > best):
                        best = ev[i]
                        nbest = 1
            nt = 0
            for i in range(n):
                if done[i] and ev[i] == best:
                    ti[nt] = i
                    nt += 1
            while nt > 0:
                r = rng.below(nt) if nt > 1 else 0
                mv = em[ti[r]] - PLACE_BASE
                if self.check(k, b, seat, mv // NCELL % 2, mv % NCELL, duplex):
                    found = em[ti[r]]
                    break
                nt -= 1
                ti[r] = ti[nt]
            if found >= 0:
                break
            j = 0  # none of them completable: the next value down (the moves skipped are valued now)
            for i in range(n):
                if not done[i]:
                    ev[i] = self.place_value(k, b, seat, em[i])
                if ev[i] != best:
                    em[j] = em[i]
                    ev[j] = ev[i]
                    done[j] = 1
                    j += 1
            n = j
            nbest = 0
        if found < 0:
            return -1
        for side in range(2):
            info = ptr(self.info0) if side == 0 else ptr(self.info1)
            cand = ptr(self.cand0) if side == 0 else ptr(self.cand1)
            if not inplay[side] or info[5] == 0:
                continue  # a city's first tile: no fallback rule
            for i in range(ncand[side]):
                if self.check(k, b, seat, side, cand[i], duplex):
                    break
            else:
                return -1
        return found

    def bound_base(self, k, b, seat, slot, side):
        """The part of :meth:`cell_single`'s (:meth:`cell_duplex`'s) answer that does not depend on
        the cell, for pending tile ``slot`` into ``seat``'s city on ``side`` (:meth:`base_gain`);
        and, as :meth:`place_value` adds them, the factory majority's change, a house's future and
        the weaker city's weight (kept for :meth:`bound_finish`).  The tile's halves go to
        ``bkind`` and ``bcat``, their number to ``bn``."""
        c: cython.int = k.city_of(seat, side)
        kind: cython.int = b[k.O_PEND + seat * 4 + slot]
        total: cython.int
        if k.t_rkind[b[k.O_ROUND]]:
            self.bn = 2
            self.bkind[0] = k.t_dleft[kind]
            self.bkind[1] = k.t_dright[kind]
        else:
            self.bn = 1
            self.bkind[0] = kind
        total = self.base_gain(k, c)
        self.bfd = 0
        if self.bnf > 0:
            if not self.fcok:
                self.count_factories(k, b)
            self.bfd = self.factory_points(k, c, self.fc[c] + self.bnf) - self.factory_points(k, c, self.fc[c])
        self.bhf = self.bnh * HOUSE_FUTURE * (5 - self.oth[c])
        self.bweak = 1 if not k.TWOSTD and self.before[side] <= self.before[1 - side] else 0
        return total

    def base_gain(self, k, c):
        """What :meth:`gain` finds for the ``bn`` tiles of kinds ``bkind`` on the prepared city ``c``
        wherever they go, a new house counted ``others``: what the counts gain (taverns,
        offices), the free houses times the types gained.  Sets ``bcat``, ``bothers`` (the
        types a house counts with the tiles), ``bnf`` and ``bnh`` (factories, houses)."""
        co: cython.int = c * NCOUNT
        cn: cython.p_int = ptr(self.cnt)
        tav: cython.p_int = ptr(self.tav)
        i: cython.int
        cat: cython.int
        nt: cython.int = 0
        no: cython.int = 0
        nf: cython.int = 0
        nh: cython.int = 0
        others: cython.int = 0
        total: cython.int
        for i in range(4):
            tav[i] = cn[co + 7 + i]
        for i in range(5):
            self.seen5[i] = 1 if cn[co + i] > 0 else 0
        for i in range(self.bn):
            cat = k.t_kcat[self.bkind[i]]
            self.bcat[i] = cat
            if cat < 5:
                self.seen5[cat] = 1
            if cat == CAT_TAVERN:
                tav[k.t_ktav[self.bkind[i]]] += 1
                nt += 1
            elif cat == CAT_OFFICE:
                no += 1
            elif cat == CAT_FACTORY:
                nf += 1
            elif cat == CAT_HOUSE:
                nh += 1
        for i in range(5):
            others += self.seen5[i]
        # a house already there gains the new types, less where a new factory is next door (a
        # house by a factory counts 1 <= others); a new house counts others at most
        total = self.nfree[c] * (others - self.oth[c]) + nh * others
        if nt > 0:
            total += tavern_points(tav, 0) - tavern_points(cn, co + 7)
        if no > 0:
            total += office_points(cn[co + CAT_OFFICE] + no) - office_points(cn[co + CAT_OFFICE])
        self.bnf = nf
        self.bnh = nh
        self.bothers = others
        return total

    def bound_finish(self, u):
        """A bound of the gain ``u`` made a bound of :meth:`place_value`, by its own steps in its
        own order (each step is monotone, so the bound stays above the value in floating point)."""
        val: cython.double = u
        if self.bnf > 0:
            val += self.bfd
        if self.bnh > 0:
            val += self.bhf
        if self.bweak:
            val *= WEAK
        return val

    def cell_single(self, k, g, c, x):
        """:meth:`gain`'s part that depends on cell ``x`` for the single tile of :meth:`bound_base`
        (its base counts a new house as ``others``): read from the cells next to it, exactly
        (``bexact`` 1) but for a shop next to shops, where ``shopub`` bounds it (``bexact`` 0).
        A neighbour changes only as the tile makes it: an office by a first tavern +1, a free
        house by a factory 1 instead of ``others``, a civic building by a type it likes or
        dislikes its term with and without the tile; the new tile's own term from its
        neighbours' categories; the park groups it joins."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        cat: cython.int = self.bcat[0]
        kind: cython.int = self.bkind[0]
        gb: cython.int = (g * NCELL + x) * 4
        total: cython.int = 0
        nl: cython.int = 0
        mask: cython.int = 0
        size: cython.int
        d: cython.int
        e: cython.int
        j: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        self.bexact = 1
        for d in range(4):
            y = k.t_nb[gb + d]
            if y < 0 or ct[o + y] < 0:
                continue
            cy = ct[o + y]
            mask |= 1 << cy
            for e in range(d):
                if k.t_nb[gb + e] == y:
                    break
            else:  # each neighbour once, as gain() lists them
                if cy == CAT_CIVIC:
                    ky = (code[o + y] - TILE) & 31
                    if cat == k.t_like1[ky] or cat == k.t_like2[ky] or cat == k.t_dislike[ky]:
                        total += self.civic_change(k, g, o, y, ky, x)
                elif cy == CAT_OFFICE:
                    if cat == CAT_TAVERN and not self.next_to(k, g, o, y, CAT_TAVERN):
                        total += 1
                elif cy == CAT_HOUSE:
                    if cat == CAT_FACTORY and not self.next_to(k, g, o, y, CAT_FACTORY):
                        total += 1 - self.bothers
                elif cy == CAT_PARK and cat == CAT_PARK:
                    for j in range(nl):
                        if blab[j] == plab[o + y]:
                            break
                    else:
                        blab[nl] = plab[o + y]
                        nl += 1
        if cat == CAT_OFFICE:
            if mask & (1 << CAT_TAVERN):
                total += 1
        elif cat == CAT_HOUSE:
            if mask & (1 << CAT_FACTORY):
                total += 1 - self.bothers
        elif cat == CAT_CIVIC:
            total += civic_term(1 if mask & (1 << k.t_dislike[kind]) else 0, 1 if mask & (1 << k.t_like1[kind]) else 0,
                                1 if mask & (1 << k.t_like2[kind]) else 0)
        elif cat == CAT_PARK:
            size = 1
            for j in range(nl):
                size += self.gsz[o + blab[j]]
                total -= park_points(self.gsz[o + blab[j]])
            total += park_points(size)
        elif cat == CAT_SHOP:
            if mask & (1 << CAT_SHOP):
                self.bexact = 0
                total += max(self.shopub[self.shop_run(k, g, o, x, 2) * 5 + self.shop_run(k, g, o, x, 3)],
                             self.shopub[self.shop_run(k, g, o, x, 0) * 5 + self.shop_run(k, g, o, x, 1)])
            else:
                total += self.shopub[0]
        return total

    def cell_duplex(self, k, g, c, x):
        """:meth:`cell_single` for the duplex tile of :meth:`bound_base` on ``x`` and ``x + 1``
        (each half a neighbour of the other: else :meth:`cell_bound`): every tile next to a half
        once, its term with the halves and without (``near_new``), each half's own term from
        its neighbours and the other half, the park groups a park half joins (both halves
        parks: one group); a shop half next to a shop is bounded (``bexact`` 0)."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        aff: cython.p_int = ptr(self.aff)
        total: cython.int = 0
        nl: cython.int = 0
        na: cython.int = 0
        npark: cython.int = 0
        nshop: cython.int = 0
        near: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        cat: cython.int
        oc: cython.int
        kind: cython.int
        mask: cython.int
        size: cython.int
        if k.t_nb[(g * NCELL + x) * 4 + 3] != x + 1 or k.t_nb[(g * NCELL + x + 1) * 4 + 2] != x:
            self.bexact = 0
            return self.cell_bound(k, g, c, x)
        self.bexact = 1
        for i in range(2):
            cat = self.bcat[i]
            oc = self.bcat[1 - i]
            kind = self.bkind[i]
            mask = 1 << oc
            for d in range(4):
                y = k.t_nb[(g * NCELL + x + i) * 4 + d]
                if y < 0 or ct[o + y] < 0:
                    continue
                cy = ct[o + y]
                mask |= 1 << cy
                if cat == CAT_PARK and cy == CAT_PARK:
                    for j in range(nl):
                        if blab[j] == plab[o + y]:
                            break
                    else:
                        blab[nl] = plab[o + y]
                        nl += 1
                elif cat == CAT_SHOP and cy == CAT_SHOP:
                    near = 1
                for j in range(na):
                    if aff[j] == y:
                        break
                else:
                    aff[na] = y
                    na += 1
            if cat == CAT_OFFICE:
                if mask & (1 << CAT_TAVERN):
                    total += 1
            elif cat == CAT_HOUSE:
                if mask & (1 << CAT_FACTORY):
                    total += 1 - self.bothers
            elif cat == CAT_CIVIC:
                total += civic_term(1 if mask & (1 << k.t_dislike[kind]) else 0, 1 if mask & (1 << k.t_like1[kind]) else 0,
                                    1 if mask & (1 << k.t_like2[kind]) else 0)
            elif cat == CAT_PARK:
                npark += 1
            elif cat == CAT_SHOP:
                nshop += 1
        for j in range(na):
            y = aff[j]
            cy = ct[o + y]
            if cy == CAT_CIVIC:
                ky = (code[o + y] - TILE) & 31
                total += self.civic_change(k, g, o, y, ky, x)
            elif cy == CAT_OFFICE:
                total += self.near_new(k, g, o, y, x, CAT_TAVERN) - self.next_to(k, g, o, y, CAT_TAVERN)
            elif cy == CAT_HOUSE:
                if not self.next_to(k, g, o, y, CAT_FACTORY) and self.near_new(k, g, o, y, x, CAT_FACTORY):
                    total += 1 - self.bothers
        if npark > 0:
            size = npark
            for j in range(nl):
                size += self.gsz[o + blab[j]]
                total -= park_points(self.gsz[o + blab[j]])
            total += park_points(size)
        if near:  # a shop half by a shop: bounded as cell_bound bounds it
            self.bexact = 0
            total += nshop * self.shopub[24]
        elif nshop == 2:
            total += SHOP_PTS_P[2]  # the two halves alone: a line of two
        elif nshop == 1:
            total += SHOP_PTS_P[1]
        return total

    def near_new(self, k, g, o, y, x, cat):
        """1 if a neighbour of ``y`` holds a tile of ``cat`` once the duplex halves of :meth:`bound_base` are on ``x``, ``x + 1``."""
        d: cython.int
        z: cython.int
        cz: cython.int
        for d in range(4):
            z = k.t_nb[(g * NCELL + y) * 4 + d]
            if z < 0:
                continue
            cz = self.bcat[0] if z == x else (self.bcat[1] if z == x + 1 else self.ct[o + z])
            if cz == cat:
                return 1
        return 0

    def civic_change(self, k, g, o, y, ky, x):
        """How the term of the civic building of kind ``ky`` at ``y`` changes with the tile of
        :meth:`bound_base` on ``x`` (a duplex: its halves on ``x``, ``x + 1``)."""
        gb: cython.int = (g * NCELL + y) * 4
        d: cython.int
        z: cython.int
        cz: cython.int
        old: cython.int
        bad: cython.int = 0
        h1: cython.int = 0
        h2: cython.int = 0
        nbad: cython.int = 0
        n1: cython.int = 0
        n2: cython.int = 0
        for d in range(4):
            z = k.t_nb[gb + d]
            if z < 0:
                continue
            old = 1
            cz = self.ct[o + z]
            if z == x:
                cz = self.bcat[0]
                old = 0
            elif z == x + 1 and self.bn == 2:
                cz = self.bcat[1]
                old = 0
            if cz < 0:
                continue
            if cz == k.t_dislike[ky]:
                nbad = 1
                bad |= old
            if cz == k.t_like1[ky]:
                n1 = 1
                h1 |= old
            if cz == k.t_like2[ky]:
                n2 = 1
                h2 |= old
        return civic_term(nbad, n1, n2) - civic_term(bad, h1, h2)

    def cell_bound(self, k, g, c, x):
        """The part of a bound of :meth:`gain` that depends on cell ``x`` for the tile of
        :meth:`bound_base` on the prepared city ``c`` (mat ``g``): read from the categories next
        to each new half, never above what ``gain`` finds there.  A new office: 1 by a tavern; a
        new civic building: 1, 3 or 6 as its neighbours (and the other half) allow, 1 by one it
        dislikes; an office next door gains at most 1 from a new tavern, a civic building next
        door at most 3 from a type it likes (6 - 3 for the second like), a house next door never
        gains (the free houses' gain is in the base); parks: the groups joined, exact (plus 9 if
        both halves are parks: two groups of 3 or more score 9 more than one); a shop: 2 alone,
        else what the longest lines through it can add (``shopub``), or the most any shop can add
        for a duplex half.  :meth:`cell_duplex` uses it for halves that are not each other's
        neighbours."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        plab: cython.p_int = ptr(self.plab)
        blab: cython.p_int = ptr(self.blab)
        shopub: cython.p_int = ptr(self.shopub)
        nn: cython.int = self.bn
        total: cython.int = 0
        nl: cython.int = 0
        npark: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        y: cython.int
        cy: cython.int
        ky: cython.int
        cat: cython.int
        oc: cython.int
        kind: cython.int
        near: cython.int
        bad: cython.int
        h1: cython.int
        h2: cython.int
        gb: cython.int
        size: cython.int
        for i in range(nn):
            cat = self.bcat[i]
            kind = self.bkind[i]
            oc = self.bcat[1 - i] if nn == 2 else -1
            gb = (g * NCELL + x + i) * 4
            near = 0
            bad = 0
            h1 = 0
            h2 = 0
            if cat == CAT_CIVIC:
                h1 = 1 if oc == k.t_like1[kind] else 0
                h2 = 1 if oc == k.t_like2[kind] else 0
            for d in range(4):
                y = k.t_nb[gb + d]
                if y < 0:
                    continue
                cy = ct[o + y]
                if cy < 0:
                    continue
                if cy == CAT_CIVIC:
                    ky = (code[o + y] - TILE) & 31
                    if cat == k.t_like1[ky] or cat == k.t_like2[ky]:
                        total += 3
                elif cy == CAT_OFFICE and cat == CAT_TAVERN:
                    total += 1
                if cat == CAT_CIVIC:
                    if cy == k.t_dislike[kind]:
                        bad = 1
                    if cy == k.t_like1[kind]:
                        h1 = 1
                    if cy == k.t_like2[kind]:
                        h2 = 1
                elif cat == CAT_OFFICE:
                    if cy == CAT_TAVERN:
                        near = 1
                elif cat == CAT_SHOP:
                    if cy == CAT_SHOP:
                        near = 1
                elif cat == CAT_PARK and cy == CAT_PARK:
                    for j in range(nl):
                        if blab[j] == plab[o + y]:
                            break
                    else:
                        blab[nl] = plab[o + y]
                        nl += 1
            if cat == CAT_OFFICE:
                if near or oc == CAT_TAVERN:
                    total += 1
            elif cat == CAT_CIVIC:
                total += civic_term(bad, h1, h2)
            elif cat == CAT_PARK:
                npark += 1
            elif cat == CAT_SHOP:
                if not near and oc != CAT_SHOP:
                    total += shopub[0]
                elif nn == 2:
                    total += shopub[24]
                else:
                    total += max(shopub[self.shop_run(k, g, o, x, 2) * 5 + self.shop_run(k, g, o, x, 3)],
                                 shopub[self.shop_run(k, g, o, x, 0) * 5 + self.shop_run(k, g, o, x, 1)])
        if npark > 0:
            size = npark
            for j in range(nl):
                size += self.gsz[o + blab[j]]
                total -= park_points(self.gsz[o + blab[j]])
            total += park_points(size) + (9 if npark == 2 else 0)
        return total

    def shop_run(self, k, g, o, x, d):
        """How many shops (at most 4) follow one another from ``x`` in direction ``d`` on the prepared city at ``o``."""
        n: cython.int = 0
        y: cython.int = k.t_nb[(g * NCELL + x) * 4 + d]
        while y >= 0 and n < 4 and self.ct[o + y] == CAT_SHOP:
            n += 1
            y = k.t_nb[(g * NCELL + y) * 4 + d]
        return n

    def check(self, k, b, seat, side, x, duplex):
        """Is candidate cell ``x`` of ``seat``'s city on ``side`` completable (:meth:`greedy_place`'s info)?  Kept per call."""
        o: cython.int = side * NCELL + x
        if self.chk[o] == 0:
            self.chk[o] = 1 if k.placeable(b, k.cityt[2 * seat + side], duplex, x,
                                           ptr(self.info0) if side == 0 else ptr(self.info1)) else 2
        return 1 if self.chk[o] == 1 else 0

    def prepare(self, k, buf, c):
        """City ``c`` into the scratch: its cells, their categories, its counts (``cnt``), its
        tile cells, its free houses (no factory next door), its park groups; and its
        ``score_city`` into ``score[c]``, summed from these pieces as :meth:`gain` sums its
        changes.  Kept while the city is unchanged: in a rollout most cities are not touched
        between two decisions of a seat.  When the cells that differ are a few new tiles on
        cells that were empty (a rollout's placements since), each is added by
        :meth:`add_tile`; else the city is read again."""
        o: cython.int = c * NCELL
        co: cython.int = c * NCOUNT
        base: cython.int = k.O_CITY + c * NCELL
        g: cython.int = k.geo(ptr(buf), c)
        code: cython.p_int = ptr(self.code)
        ct: cython.p_int = ptr(self.ct)
        tl: cython.p_int = ptr(self.tl)
        plab: cython.p_int = ptr(self.plab)
        x: cython.int
        v: cython.int
        i: cython.int
        nt: cython.int = 0
        nfree: cython.int = 0
        others: cython.int = 0
        ng: cython.int = 0
        total: cython.int
        nd: cython.int = 0
        dx: cython.p_int = ptr(self.dx)
        if self.geoc[c] == g:
            if cython.compiled:  # most calls find the city unchanged: one wide compare first
                if memcmp(cython.address(code[o]), cython.address(buf[base]), NCELL * cython.sizeof(cython.int)) == 0:
                    return
            for x in range(NCELL):
                if code[o + x] != buf[base + x]:
                    if code[o + x] >= TILE or buf[base + x] < TILE or nd == 4 or self.nlab[c] + 4 >= NCELL:
                        nd = -1  # not only new tiles: read again
                        break
                    dx[nd] = x
                    nd += 1
            if nd >= 0:
                for i in range(nd):
                    self.add_tile(k, g, c, dx[i], buf[base + dx[i]])
                    k.city_add(ptr(self.cinfo), c * INFO, dx[i], 1 if buf[base + dx[i]] < HALF else 0)
                return
        for i in range(NCOUNT):
            self.cnt[co + i] = 0
        for x in range(NCELL):
            v = buf[base + x]
            code[o + x] = v
            plab[o + x] = -1
            if v >= TILE:
                ct[o + x] = k.t_kcat[(v - TILE) & 31]
                tl[o + nt] = x
                nt += 1
                self.count(k, co, (v - TILE) & 31)
            else:
                ct[o + x] = -1
        for i in range(5):
            if self.cnt[co + i] > 0:
                others += 1
        for i in range(nt):
            x = tl[o + i]
            if ct[o + x] == CAT_HOUSE:
                if not self.next_to(k, g, o, x, CAT_FACTORY):
                    nfree += 1
            elif ct[o + x] == CAT_PARK and plab[o + x] < 0:
                self.label_park(k, g, o, x, ng)
                ng += 1
        self.nfree[c] = nfree
        self.oth[c] = others
        self.ntl[c] = nt
        self.nlab[c] = ng
        self.changed(c)
        # score_city from the same pieces: count terms, per-tile terms, park groups, shop lines
        total = tavern_points(ptr(self.cnt), co + 7) + office_points(self.cnt[co + CAT_OFFICE])
        for i in range(nt):
            total += self.tile_term(k, g, o, tl[o + i], others)
            if ct[o + tl[o + i]] == CAT_SHOP:
                self.sh[tl[o + i]] = 1
        for i in range(ng):
            total += park_points(self.gsz[o + i])
        if self.cnt[co + CAT_SHOP] > 0:
            total += shop_best(ptr(k.t_nb), g, ptr(self.sh), ptr(self.lines), 0)
            for i in range(nt):
                self.sh[tl[o + i]] = 0
        self.score[c] = total
        self.geoc[c] = g
        k.city_info(ptr(buf), c, 0, ptr(self.info0))  # the placement rules' view of the city, kept alike
        for i in range(INFO):
            self.cinfo[c * INFO + i] = self.info0[i]

    def changed(self, c):
        """City ``c`` prepared anew: the gains kept for it (``memo``) no longer hold."""
        i: cython.int
        o: cython.int = c * 4 * KM * NCELL
        self.ver[c] += 1
        if self.ver[c] >= 1 << 30:  # far from wrapping round: forget every stamp of the city
            for i in range(0, 4 * KM * NCELL, 2):
                self.memo[o + i] = 0
            self.ver[c] = 1

    def add_tile(self, k, g, c, x, v):
        """The tile (or duplex half) of code ``v`` built on the empty cell ``x`` of the prepared
        city ``c``: ``score[c]`` gains what :meth:`gain` would read from the cells it touches
        (:meth:`base_gain` and :meth:`cell_single`; ``gain`` itself for a shop by shops), then the
        pieces are updated (counts, types present, free houses, the park group it joins: one new
        label, the groups it joins keep theirs unused)."""
        o: cython.int = c * NCELL
        co: cython.int = c * NCOUNT
        kind: cython.int = (v - TILE) & 31
        cat: cython.int = k.t_kcat[kind]
        ct: cython.p_int = ptr(self.ct)
        tl: cython.p_int = ptr(self.tl)
        plab: cython.p_int = ptr(self.plab)
        i: cython.int
        y: cython.int
        lab: cython.int
        gn: cython.int
        others: cython.int = 0
        nfree: cython.int = 0
        self.bn = 1
        self.bkind[0] = kind
        gn = self.base_gain(k, c) + self.cell_single(k, g, c, x)
        if not self.bexact:  # a shop by shops: the lines through it
            self.newx[0] = x
            self.newc[0] = v
            gn = self.gain(k, g, c, 1)
        self.score[c] += gn
        self.changed(c)
        self.code[o + x] = v
        ct[o + x] = cat
        plab[o + x] = -1
        tl[o + self.ntl[c]] = x
        self.ntl[c] += 1
        self.count(k, co, kind)
        for i in range(5):
            if self.cnt[co + i] > 0:
                others += 1
        self.oth[c] = others
        for i in range(self.ntl[c]):
            y = tl[o + i]
            if ct[o + y] == CAT_HOUSE and not self.next_to(k, g, o, y, CAT_FACTORY):
                nfree += 1
        self.nfree[c] = nfree
        if cat == CAT_PARK:
            lab = self.nlab[c]
            self.nlab[c] = lab + 1
            self.label_park(k, g, o, x, lab)

    def label_park(self, k, g, o, x, lab):
        """Label ``lab`` the park group of cell ``x`` (joined groups take the new label) and keep its size."""
        ct: cython.p_int = ptr(self.ct)
        plab: cython.p_int = ptr(self.plab)
        stk: cython.p_int = ptr(self.stk)
        y: cython.int
        z: cython.int
        d: cython.int
        size: cython.int = 0
        top: cython.int = 1
        stk[0] = x
        plab[o + x] = lab
        while top > 0:
            top -= 1
            y = stk[top]
            size += 1
            for d in range(4):
                z = k.t_nb[(g * NCELL + y) * 4 + d]
                if z >= 0 and ct[o + z] == CAT_PARK and plab[o + z] != lab:
                    plab[o + z] = lab
                    stk[top] = z
                    top += 1
        self.gsz[o + lab] = size

    def place_value(self, k, b, seat, move):
        """Points placement ``move`` adds to its city now (weighted), plus a house's future."""
        m: cython.int = move - PLACE_BASE
        x: cython.int = m % NCELL
        slot: cython.int = m // NCELL // 2
        side: cython.int = m // NCELL % 2
        c: cython.int = k.city_of(seat, side)
        kind: cython.int = b[k.O_PEND + seat * 4 + slot]
        nf: cython.int = 0
        nh: cython.int = 0
        nn: cython.int = 1
        i: cython.int
        mi: cython.int
        cat: cython.int
        val: cython.double
        if kind < 0:
            return 0.0
        if k.t_rkind[b[k.O_ROUND]]:
            nn = 2
            self.newx[0] = x
            self.newx[1] = x + 1
            self.newc[0] = HALF + k.t_dleft[kind]
            self.newc[1] = HALF + k.t_dright[kind]
        else:
            self.newx[0] = x
            self.newc[0] = TILE + kind
        for i in range(nn):
            cat = k.t_kcat[(self.newc[i] - TILE) & 31]
            if cat == CAT_FACTORY:
                nf += 1
            elif cat == CAT_HOUSE:
                nh += 1
        mi = 2 * (((c * 2 + nn - 1) * KM + kind) * NCELL + x)
        if self.memo[mi] != self.ver[c]:  # the gain depends on the city alone: kept while it is unchanged
            self.memo[mi + 1] = self.gain(k, k.geo(b, c), c, nn)
            self.memo[mi] = self.ver[c]
        val = self.memo[mi + 1]
        if nf > 0:
            if not self.fcok:
                self.count_factories(k, b)
            val += self.factory_points(k, c, self.fc[c] + nf) - self.factory_points(k, c, self.fc[c])
        if nh > 0:
            val += nh * HOUSE_FUTURE * (5 - self.oth[c])
        if not k.TWOSTD and self.before[side] <= self.before[1 - side]:
            val *= WEAK
        return val

    def gain(self, k, g, c, nn):
        """What ``score_city`` gains from the ``nn`` tiles ``newc`` at ``newx`` on the
        prepared city ``c``, found from the cells they touch: the score is a sum of
        count terms (taverns, offices), of per-tile terms that read only the tile's
        neighbours (an office by a tavern, a house, a civic building: those next to a
        new tile are scored before and after) and of houses times the types present,
        plus the park groups and shop lines the new tiles join (the neighbour table is
        symmetric: every edition's bridges lead both ways)."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        code: cython.p_int = ptr(self.code)
        aff: cython.p_int = ptr(self.aff)
        cn: cython.p_int = ptr(self.cnt)
        tav: cython.p_int = ptr(self.tav)
        co: cython.int = c * NCOUNT
        na: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        y: cython.int
        cat: cython.int
        nt: cython.int = 0
        no: cython.int = 0
        parks: cython.int = 0
        shops: cython.int = 0
        others: cython.int = 0
        fa: cython.int = 0
        total: cython.int = 0
        for i in range(nn):
            aff[na] = self.newx[i]
            na += 1
        for i in range(nn):
            for d in range(4):
                y = k.t_nb[(g * NCELL + self.newx[i]) * 4 + d]
                if y >= 0 and ct[o + y] >= 0:
                    for j in range(na):
                        if aff[j] == y:
                            break
                    else:
                        aff[na] = y
                        na += 1
        for j in range(na):
            y = aff[j]
            if ct[o + y] >= 0:
                total -= self.tile_term(k, g, o, y, self.oth[c])
                if ct[o + y] == CAT_HOUSE and not self.next_to(k, g, o, y, CAT_FACTORY):
                    fa += 1
        for i in range(4):
            tav[i] = cn[co + 7 + i]
        for i in range(5):
            self.seen5[i] = 1 if cn[co + i] > 0 else 0
        for i in range(nn):
            cat = k.t_kcat[(self.newc[i] - TILE) & 31]
            ct[o + self.newx[i]] = cat
            self.oldc[i] = code[o + self.newx[i]]
            code[o + self.newx[i]] = self.newc[i]
            if cat < 5:
                self.seen5[cat] = 1
            if cat == CAT_TAVERN:
                tav[k.t_ktav[(self.newc[i] - TILE) & 31]] += 1
                nt += 1
            elif cat == CAT_OFFICE:
                no += 1
            elif cat == CAT_PARK:
                parks += 1
            elif cat == CAT_SHOP:
                shops += 1
        for i in range(5):
            others += self.seen5[i]
        for j in range(na):
            total += self.tile_term(k, g, o, aff[j], others)
        total += (self.nfree[c] - fa) * (others - self.oth[c])
        if nt > 0:
            total += tavern_points(tav, 0) - tavern_points(cn, co + 7)
        if no > 0:
            total += office_points(cn[co + CAT_OFFICE] + no) - office_points(cn[co + CAT_OFFICE])
        if parks > 0:
            total += self.park_gain(k, g, c, nn)
        if shops > 0:
            total += self.shop_gain(k, g, c, nn)
        for i in range(nn):
            ct[o + self.newx[i]] = -1
            code[o + self.newx[i]] = self.oldc[i]
        return total

    def tile_term(self, k, g, o, y, others):
        """The points ``score_city`` gives the tile at ``y`` for its neighbours: an office
        by a tavern 1, a house 1 by a factory else ``others``, a civic building 1, 3 or 6."""
        ct: cython.p_int = ptr(self.ct)
        cx: cython.int = ct[o + y]
        gb: cython.int = (g * NCELL + y) * 4
        d: cython.int
        z: cython.int
        kind: cython.int
        h1: cython.int = 0
        h2: cython.int = 0
        bad: cython.int = 0
        if cx == CAT_OFFICE:
            return self.next_to(k, g, o, y, CAT_TAVERN)
        if cx == CAT_HOUSE:
            return 1 if self.next_to(k, g, o, y, CAT_FACTORY) else others
        if cx == CAT_CIVIC:
            kind = (self.code[o + y] - TILE) & 31
            for d in range(4):
                z = k.t_nb[gb + d]
                if z >= 0 and ct[o + z] >= 0:
                    if ct[o + z] == k.t_dislike[kind]:
                        bad = 1
                    if ct[o + z] == k.t_like1[kind]:
                        h1 = 1
                    if ct[o + z] == k.t_like2[kind]:
                        h2 = 1
            return civic_term(bad, h1, h2)
        return 0

    def next_to(self, k, g, o, y, cat):
        """1 if a neighbour of ``y`` on the prepared city at ``o`` holds a tile of ``cat``."""
        d: cython.int
        z: cython.int
        for d in range(4):
            z = k.t_nb[(g * NCELL + y) * 4 + d]
            if z >= 0 and self.ct[o + z] == cat:
                return 1
        return 0

    def park_gain(self, k, g, c, nn):
        """Park points gained: the groups through the new parks, less the old groups they join."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        plab: cython.p_int = ptr(self.plab)
        vis: cython.p_int = ptr(self.vis)
        stk: cython.p_int = ptr(self.stk)
        lab: cython.p_int = ptr(self.lab)
        nv: cython.int = 0
        nl: cython.int = 0
        i: cython.int
        j: cython.int
        d: cython.int
        x: cython.int
        y: cython.int
        z: cython.int
        size: cython.int
        top: cython.int
        total: cython.int = 0
        for i in range(nn):
            x = self.newx[i]
            if ct[o + x] != CAT_PARK or vis[x]:
                continue
            size = 0
            top = 1
            stk[0] = x
            vis[x] = 1
            self.vl[nv] = x
            nv += 1
            while top > 0:
                top -= 1
                y = stk[top]
                size += 1
                if plab[o + y] >= 0:
                    for j in range(nl):
                        if lab[j] == plab[o + y]:
                            break
                    else:
                        lab[nl] = plab[o + y]
                        nl += 1
                for d in range(4):
                    z = k.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and ct[o + z] == CAT_PARK and not vis[z]:
                        vis[z] = 1
                        self.vl[nv] = z
                        nv += 1
                        stk[top] = z
                        top += 1
            total += park_points(size)
        for j in range(nl):
            total -= park_points(self.gsz[o + lab[j]])
        for i in range(nv):
            vis[self.vl[i]] = 0
        return total

    def shop_gain(self, k, g, c, nn):
        """Shop points gained: the best lines of the shops joined to the new ones, with and without them."""
        o: cython.int = c * NCELL
        ct: cython.p_int = ptr(self.ct)
        sh: cython.p_int = ptr(self.sh)
        stk: cython.p_int = ptr(self.stk)
        nv: cython.int = 0
        i: cython.int
        d: cython.int
        x: cython.int
        y: cython.int
        z: cython.int
        top: cython.int
        total: cython.int
        for i in range(nn):
            x = self.newx[i]
            if ct[o + x] != CAT_SHOP or sh[x]:
                continue
            top = 1
            stk[0] = x
            sh[x] = 1
            self.vl[nv] = x
            nv += 1
            while top > 0:
                top -= 1
                y = stk[top]
                for d in range(4):
                    z = k.t_nb[(g * NCELL + y) * 4 + d]
                    if z >= 0 and ct[o + z] == CAT_SHOP and not sh[z]:
                        sh[z] = 1
                        self.vl[nv] = z
                        nv += 1
                        stk[top] = z
                        top += 1
        total = shop_best(ptr(k.t_nb), g, sh, ptr(self.lines), 0)
        for i in range(nn):
            if ct[o + self.newx[i]] == CAT_SHOP:
                sh[self.newx[i]] = 0
        for i in range(nv):
            if sh[self.vl[i]]:  # an old shop joined: the lines it had without the new ones
                total -= shop_best(ptr(k.t_nb), g, sh, ptr(self.lines), 0)
                break
        for i in range(nv):
            sh[self.vl[i]] = 0
        return total

    def count_factories(self, k, b):
        """Every city's factories into ``fc`` (compiled: a city unchanged since it was last
        counted, one memcmp, keeps its count)."""
        c: cython.int
        x: cython.int
        v: cython.int
        fcode: cython.p_int = ptr(self.fcode)
        for c in range(k.NC):
            if cython.compiled:
                if memcmp(cython.address(fcode[c * NCELL]), cython.address(b[k.O_CITY + c * NCELL]),
                          NCELL * cython.sizeof(cython.int)) == 0:
                    continue
                memcpy(cython.address(fcode[c * NCELL]), cython.address(b[k.O_CITY + c * NCELL]),
                       NCELL * cython.sizeof(cython.int))
            self.fc[c] = 0
            for x in range(NCELL):
                v = b[k.O_CITY + c * NCELL + x]
                if v >= TILE and k.t_kcat[(v - TILE) & 31] == CAT_FACTORY:
                    self.fc[c] += 1
        self.fcok = 1

    def factory_points(self, k, c, f):
        """City ``c``'s factory points with ``f`` factories, the others' counts as in ``fc``."""
        m1: cython.int = f
        m2: cython.int = 0
        o: cython.int
        for o in range(k.NC):
            if o != c and self.fc[o] > m1:
                m1 = self.fc[o]
        if f < m1:
            m2 = f
        for o in range(k.NC):
            if o != c and m2 < self.fc[o] < m1:
                m2 = self.fc[o]
        if f == m1:
            return 4 * f
        if f == m2:
            return 3 * f
        return 2 * f

    def kind_values(self, k, c, side, duplex):
        """``kv[side * KM + kind]`` for every kind marked in ``need`` (duplex types in a duplex
        round) from the counts of the prepared city ``c``, the seat's city on ``side``."""
        o: cython.int = c * NCOUNT
        kind: cython.int
        for kind in range(k.NKD if duplex else k.NKB):
            if not self.need[kind]:
                continue
            if duplex:
                self.kv[side * KM + kind] = (self.kind_value(k, o, k.t_dleft[kind])
                                             + self.kind_value(k, o, k.t_dright[kind]))
            else:
                self.kv[side * KM + kind] = self.kind_value(k, o, kind)

    def count(self, k, o, kind):
        """One tile of ``kind`` into the counts at ``cnt[o]`` (its category; a tavern, its kind too)."""
        self.cnt[o + k.t_kcat[kind]] += 1
        if k.t_kcat[kind] == CAT_TAVERN:
            self.cnt[o + 7 + k.t_ktav[kind]] += 1

    def kind_value(self, k, o, kind):
        """One tile of building ``kind`` for the city whose counts start at ``cnt[o]``."""
        cat: cython.int = k.t_kcat[kind]
        val: cython.double = 3.0
        i: cython.int
        n: cython.int
        others: cython.int = 0
        if cat == CAT_SHOP:
            val = 3.5 if self.cnt[o + CAT_SHOP] > 0 else 2.0
        elif cat == CAT_PARK:
            val = 5.0 if self.cnt[o + CAT_PARK] % 2 == 1 else 2.0
        elif cat == CAT_TAVERN:
            val = -tavern_points(ptr(self.cnt), o + 7)
            self.cnt[o + 7 + k.t_ktav[kind]] += 1
            val += tavern_points(ptr(self.cnt), o + 7)
            self.cnt[o + 7 + k.t_ktav[kind]] -= 1
        elif cat == CAT_OFFICE:
            n = self.cnt[o + CAT_OFFICE]
            val = office_points(n + 1) - office_points(n)
            if self.cnt[o + CAT_TAVERN] > 0:
                val += 0.5
        elif cat == CAT_HOUSE:
            for i in range(5):
                if self.cnt[o + i] > 0:
                    others += 1
            val = others + HOUSE_FUTURE * (5 - others)
        if cat < 5 and self.cnt[o + cat] == 0:
            val += self.cnt[o + CAT_HOUSE]
        return val


def civic_term(bad: cython.int, h1: cython.int, h2: cython.int) -> cython.int:
    """A civic building's points: 1 by a type it dislikes, else 1, 3 or 6 as it has 0, 1 or 2 of the types it likes."""
    return 1 if bad else (6 if h1 + h2 == 2 else (3 if h1 + h2 == 1 else 1))


def shop_join_bounds() -> list:
    """``[w * 5 + e]``: the most a shop can add to the best shop lines when ``w`` shops (at most 4)
    run from it one way and ``e`` the other: in the best lines with it, it lies in a line of
    ``a + 1 + b`` (``a <= w``, ``b <= e``, 5 at most); without it that line is two lines of ``a``
    and ``b``, so the best lines without it score at least ``SHOP_PTS[a + b + 1] - SHOP_PTS[a] -
    SHOP_PTS[b]`` less.  ``[0]``: a shop alone; ``[24]``: the most any shop can add."""
    return [max(SHOP_PTS[a + b + 1] - SHOP_PTS[a] - SHOP_PTS[b]
                for a in range(w + 1) for b in range(e + 1) if a + b < 5)
            for w in range(5) for e in range(5)]


def park_points(size: cython.int) -> cython.int:
    """A group of ``size`` parks: 2, 8, then 9 + size (as ``score_city`` scores it)."""
    return 2 if size == 1 else (8 if size == 2 else 9 + size)


def prepared_scores(kernel, buf, seat: cython.int):
    """The two cities' ``score_city`` as the placement phase sums them (``prepare``); tests compare."""
    k: BetweenTwoCitiesRules = kernel
    pol: BetweenTwoCitiesPolicy = BetweenTwoCitiesPolicy(k.NC)
    side: cython.int
    for side in range(2):
        pol.prepare(k, buf, k.city_of(seat, side))
    return [pol.score[k.city_of(seat, 0)], pol.score[k.city_of(seat, 1)]]


def prepared_city(policy, kernel, buf, c: cython.int):
    """City ``c`` as ``policy`` prepares it from ``buf`` (kept from its earlier calls, or added to):
    ``(score, counts, categories, tile cells, free houses, types present, park group size of each
    cell, its city_info but need and s)``.  Tests compare a policy kept along a game with a fresh one."""
    pol: BetweenTwoCitiesPolicy = policy
    k: BetweenTwoCitiesRules = kernel
    o: cython.int = c * NCELL
    pol.prepare(k, buf, c)
    return (int(pol.score[c]), [int(pol.cnt[c * NCOUNT + i]) for i in range(NCOUNT)],
            [int(pol.ct[o + x]) for x in range(NCELL)], sorted(int(pol.tl[o + i]) for i in range(pol.ntl[c])),
            int(pol.nfree[c]), int(pol.oth[c]),
            [int(pol.gsz[o + pol.plab[o + x]]) if pol.plab[o + x] >= 0 else 0 for x in range(NCELL)],
            [int(pol.cinfo[c * INFO + i]) for i in range(INFO) if i != 6 and i != 7])


def greedy_move(policy, kernel, buf, seat: cython.int, rng) -> cython.int:
    """``policy.greedy_place`` (pruned or not, as its ``prune`` says): tests compare the two."""
    pol: BetweenTwoCitiesPolicy = policy
    return pol.greedy_place(kernel, buf, seat, rng)


def place_bounds(policy, kernel, buf, seat: cython.int) -> list:
    """``(move, bound, value, exact)`` of ``greedy_place``'s pruning for every pending tile of
    ``seat``, both its cities and every empty cell, not landscape (and the empty cell east of it,
    for a duplex tile); ``exact`` 1 where the bound is taken as the value: tests check that no bound is below
    its value and that an exact one is the value."""
    pol: BetweenTwoCitiesPolicy = policy
    k: BetweenTwoCitiesRules = kernel
    b: cython.p_int = ptr(buf)
    out: list = []
    slot: cython.int
    side: cython.int
    x: cython.int
    c: cython.int
    m: cython.int
    ci: cython.int
    u: cython.double
    duplex: cython.int = k.t_rkind[buf[k.O_ROUND]]
    pol.begin_place(k, buf, seat)
    for slot in range(4):
        if buf[k.O_PEND + seat * 4 + slot] < 0:
            continue
        for side in range(2):
            c = k.city_of(seat, side)
            ci = pol.bound_base(k, b, seat, slot, side)
            for x in range(NCELL):
                if buf[k.O_CITY + c * NCELL + x] != 0 or (duplex and (x % 9 == 8 or buf[k.O_CITY + c * NCELL + x + 1] != 0)):
                    continue
                m = PLACE_BASE + (slot * 2 + side) * NCELL + x
                if pol.bn == 1:
                    u = pol.bound_finish(ci + pol.cell_single(k, k.geo(b, c), c, x) - pol.cut)
                else:
                    u = pol.bound_finish(ci + pol.cell_duplex(k, k.geo(b, c), c, x) - pol.cut)
                out.append((m, u, pol.place_value(k, b, seat, m), pol.bexact))
    return out
