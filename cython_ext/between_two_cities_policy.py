"""Between Two Cities policy: the kernel's ``move_values`` and greedy move, top layer.

The kernel holds one :class:`BetweenTwoCitiesPolicy`: ``move_values`` delegates to its
``values`` (``between_two_cities_values``, where the heuristic is described) and the
ε-greedy rollout's best placement is its :meth:`greedy_place`.  The layers below, each its
own module and ``cdef class`` (the base first): ``between_two_cities_pieces`` (every city in
pieces), ``_cell_gain`` (a new tile's gain read from the cells next to it, or bounded),
``_gain`` (what new tiles add, read by writing them in; a tile's own term), ``_prepared`` (the pieces
kept along a game), ``_values`` (placement and draft values, a placement value's bound).

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain Python.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from .between_two_cities_values import BetweenTwoCitiesValues

if not cython.compiled:
    from .between_two_cities_encoding import NCELL, PLACE_BASE
    from .between_two_cities_pieces import NCOUNT
    from .between_two_cities_placement import INFO
    from .between_two_cities_rules import BetweenTwoCitiesRules
    from .kernel import dptr, ptr, rng_below


@cython.cclass
class BetweenTwoCitiesPolicy(BetweenTwoCitiesValues):
    """The heuristic and the greedy move of one kernel (see the module docstring)."""

    def __init__(self, nc: cython.int) -> None:
        BetweenTwoCitiesValues.__init__(self, nc)
        # greedy_place: groups, both cities' candidates, the right city's info, checks by side and
        # cell, the valued moves
        self.gslot = numpy.zeros(8, dtype=numpy.intc)
        self.gside = numpy.zeros(8, dtype=numpy.intc)
        self.inplay = numpy.zeros(2, dtype=numpy.intc)
        self.ncand = numpy.zeros(2, dtype=numpy.intc)
        self.cand0 = numpy.zeros(NCELL, dtype=numpy.intc)
        self.cand1 = numpy.zeros(NCELL, dtype=numpy.intc)
        self.info1 = numpy.zeros(INFO, dtype=numpy.intc)
        self.chk = numpy.zeros(2 * NCELL, dtype=numpy.intc)
        self.em = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.ti = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.ev = numpy.zeros(8 * NCELL, dtype=numpy.float64)
        # greedy_place's pruning: each valued move's bound and whether its value is read yet
        self.ub = numpy.zeros(8 * NCELL, dtype=numpy.float64)
        self.done = numpy.zeros(8 * NCELL, dtype=numpy.intc)
        self.prune = 1
        self.cut = 0

    def greedy_place(self, k, buf, seat, rng):
        """A placement of highest :meth:`place_value` among the moves ``legal`` lists, ties
        drawn uniformly, without listing them; -1 where only the list can tell.

        ``legal`` gives each (pending tile, side) group the cells of its city that pass
        the cheap checks (``candidates``) and keep the city completable (``placeable``,
        the costly check).  Here every candidate's value is read from the cells next to it
        (:meth:`bound_base` once per group, :meth:`cell_single` / :meth:`cell_duplex` per cell):
        exactly, but for a shop next to shops, where it is bounded; such a move is valued (:meth:`place_value`)
        only if its bound reaches the best value found, the highest bound first.  A move skipped is below the best, so the tied best are the
        list's, in its order, and the same draws pick among them (``prune`` 0: every
        candidate valued and ``city_info`` read afresh, as before; the tests compare).
        The check runs from the best value down: the candidates tied at the best value are
        drawn one at a time, uniformly, and the first completable one is returned
        (struck-out draws leave a uniform draw over the completable ties); a value below a
        completable one is never checked (when none of the best is completable, the moves
        skipped are valued before the next value down).  That is the list's answer while
        every city in play has a completable adjacent cell, so before returning, a city
        not yet shown to have one (the other city than the move's) is checked; if one has none, the fallback rule of
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
                    if cython.compiled:  # a loop of INFO indexed copies was 2.5% of a default search
                        memcpy(info, cython.address(ptr(self.cinfo)[c * INFO]), INFO * cython.sizeof(cython.int))
                    else:
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
                c = k.cityt[2 * seat + side]
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
                r = rng_below(rng, nt) if nt > 1 else 0
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
            if side == (found - PLACE_BASE) // NCELL % 2:
                continue  # the move found is a completable candidate of this city
            for i in range(ncand[side]):
                if self.check(k, b, seat, side, cand[i], duplex):
                    break
            else:
                return -1
        return found

    def check(self, k, b, seat, side, x, duplex):
        """Is candidate cell ``x`` of ``seat``'s city on ``side`` completable (:meth:`greedy_place`'s info)?  Kept per call."""
        o: cython.int = side * NCELL + x
        if self.chk[o] == 0:
            self.chk[o] = 1 if k.placeable(b, k.cityt[2 * seat + side], duplex, x,
                                           ptr(self.info0) if side == 0 else ptr(self.info1)) else 2
        return 1 if self.chk[o] == 1 else 0


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
