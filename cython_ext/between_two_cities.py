"""Between Two Cities kernel: the whole game on one buffer, compiled or interpreted.

Built in layers, each its own module, each adding one concern:

* ``between_two_cities_encoding`` -- the constants: cells, phases, moves,
  categories (read its docstring first);
* ``between_two_cities_placement`` -- configuration, city boards, where a tile may go;
* ``between_two_cities_scoring`` -- city scores, districts, seat scores;
* ``between_two_cities_rules`` -- turn order: to_move, legal, apply;
* this module -- chance (mats, district cards, deals), hidden information
  (observe, determinize, observed moves) and random playouts.

Hidden information: the box, the hands a seat has not held, the discards it
has not seen and the others' pending choices.  ``determinize`` refills them
from the tiles the seat has not seen, uniformly.

Compiled by Cython (declarations in the ``.pxd``) and run unchanged as plain
Python; see :mod:`cython_ext`.  The engine builds the kernel in
``engine/between_two_cities/game.py`` from the edition and the variants.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

import numpy

from cython_ext.errors import BrokenState
from .between_two_cities_policy import BetweenTwoCitiesPolicy
from .between_two_cities_rules import BetweenTwoCitiesRules

if not cython.compiled:
    from .between_two_cities_bounds import btc_bounds

if not cython.compiled:
    from .between_two_cities_encoding import (
        HALF, HIDDEN, KM, MAX_MOVES, NCELL, NOTHING, PH_CHOOSE, PH_DEAL, PH_DIST, PH_JDEAL, PH_MAT, PH_PLACE,
        PLACE_BASE, TILE, UNSEEN)
    from .between_two_cities_pieces import new_tiles
    from .between_two_cities_placement import INFO
    from .kernel import ptr, rng_below, rng_random


@cython.cclass
class BetweenTwoCitiesKernel(BetweenTwoCitiesRules):
    """Rules of Between Two Cities on one buffer (see the module docstring)."""

    def __init__(self, cfg) -> None:
        BetweenTwoCitiesRules.__init__(self, cfg)
        self.reveals = True  # the choices are turned up together (revealed_move)
        self.moves = numpy.zeros(MAX_MOVES, dtype=numpy.intc)
        self.movers = self.scratch(8)
        self.pool_b = self.scratch(KM)
        self.pool_d = self.scratch(KM)
        self.gslot = self.scratch(8)
        self.kinds = self.scratch(KM)
        self.gside = self.scratch(8)
        self.ncand = self.scratch(2)
        self.found = self.scratch(2)
        self.cand_l = self.scratch(NCELL)
        self.cand_r = self.scratch(NCELL)
        self.info0 = self.scratch(INFO)
        self.info1 = self.scratch(INFO)
        self.cinfo = self.scratch(self.NC * INFO)
        self.cvalid = self.scratch(self.NC)
        self.ccode = self.scratch(self.NC * NCELL)
        self.csync = self.scratch(self.NC)
        self.cdx = self.scratch(4)

        self.policy = BetweenTwoCitiesPolicy(self.NC)

    # ------------------------------------------------------------------ chance
    def chance(self, buf, outcomes, probs):
        ph: cython.int = buf[self.O_PHASE]
        n: cython.int = 0
        free: cython.int; m: cython.int; k: cython.int; src: cython.int; total: cython.int
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
                probs[n] = cython.cast(cython.double, buf[src + k]) / total
                n += 1
        return n

    @cython.final
    def chance_source(self, buf):
        """The counts chance draws from: Jamey's draw pile, the duplex or the building box."""
        if buf[self.O_PHASE] == PH_JDEAL:
            return self.O_HAND + 2 * KM
        if self.t_rkind[buf[self.O_ROUND]]:
            return self.O_BOXD
        return self.O_BOXB

    @cython.final
    def mat_used(self, buf, m):
        c: cython.int
        for c in range(buf[self.O_PTR]):
            if buf[self.O_MAT + c] == m:
                return 1
        return 0

    @cython.final
    def card_used(self, buf, k):
        i: cython.int
        if buf[self.O_DDISC] == k:
            return 1
        for i in range(6):
            if buf[self.O_DCARD + i] == k:
                return 1
        return 0

    def sample_chance(self, buf, rng):
        ph: cython.int = buf[self.O_PHASE]
        free: cython.int = 0
        top: cython.int; k: cython.int; r: cython.int; used: cython.int
        if ph == PH_MAT or ph == PH_DIST:
            top = self.NMAT if ph == PH_MAT else 7
            for k in range(top):
                used = self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)
                if not used:
                    free += 1
            r = rng_below(rng, free)
            for k in range(top):
                used = self.mat_used(buf, k) if ph == PH_MAT else self.card_used(buf, k)
                if not used:
                    if r == 0:
                        return k
                    r -= 1
            return 0
        return self.draw_from(buf, self.chance_source(buf), rng)

    @cython.final
    def draw_from(self, buf, src, rng):
        total: cython.int = 0
        k: cython.int; r: cython.int
        for k in range(KM):
            total += buf[src + k]
        r = rng_below(rng, total)
        for k in range(KM):
            r -= buf[src + k]
            if r < 0:
                return k
        return 0

    # ------------------------------------------------------------------ hidden information
    @cython.final
    def has_seen_hand(self, q, s, r, t, placing):
        """Has seat ``s`` held the hand now at position ``q`` (round ``r``, ``t`` passes)?
        ``placing``: the seats are placing, so the hand passed to ``s`` at the last pass still
        lies face down under its city token ("REPEAT: ... pick up those tiles", after PLACE):
        known only if ``s`` held it before, a whole round of passes ago."""
        d: cython.int; npos: cython.int; dist: cython.int
        d = self.t_rdir[r]
        if d == 0:
            return 1 if q == s else 0
        npos = self.NPOS
        dist = ((q - s) * d + npos * 8) % npos  # passes since s held it, modulo a round of the table
        if dist == 0 and placing:
            dist = npos
        return 1 if dist <= t else 0

    def observe(self, buf, seat):
        k: cython.int; r: cython.int; t: cython.int; q: cython.int; rr: cython.int
        passes: cython.int; s: cython.int; placing: cython.bint
        for k in range(KM):
            buf[self.O_BOXB + k] = UNSEEN
            buf[self.O_BOXD + k] = UNSEEN
        r = buf[self.O_ROUND]
        if r < self.NR:
            t = buf[self.O_TURN]
            placing = buf[self.O_PHASE] == PH_PLACE
            for q in range(self.NPOS):
                if not self.has_seen_hand(q, seat, r, t, placing):
                    for k in range(KM):
                        buf[self.O_HAND + q * KM + k] = UNSEEN
        # a discard or choice that does not exist stays NOTHING: whether it exists is public
        for rr in range(min(r, self.NR)):
            passes = (self.t_rhand[rr] - 1) // 2
            for q in range(self.NPOS):
                if not self.has_seen_hand(q, seat, rr, passes, 0) and buf[self.O_DISC + rr * self.NPOS + q] != NOTHING:
                    buf[self.O_DISC + rr * self.NPOS + q] = UNSEEN
        for s in range(self.players):
            if s != seat and buf[self.O_DONE + s]:
                buf[self.O_CHOSEN + s * 2] = UNSEEN
                buf[self.O_CHOSEN + s * 2 + 1] = UNSEEN

    def determinize(self, buf, seat, rng):
        k: cython.int; c: cython.int; base: cython.int; x: cython.int; v: cython.int
        i: cython.int; r: cython.int; q: cython.int; s: cython.int; j: cython.int
        rr: cython.int; nq: cython.int; h: cython.int; a: cython.int; b: cython.int
        npairs: cython.int
        pb: cython.p_int = self.pool_b
        pd: cython.p_int = self.pool_d
        cur: cython.p_int
        pool: cython.p_int
        # the unseen tiles: all tiles less those in cities, in seen hands, pending, discarded
        for k in range(KM):
            pb[k] = self.t_totb[k]
            pd[k] = self.t_totd[k]
        for c in range(self.NC):
            base = self.O_CITY + c * NCELL
            for x in range(NCELL):
                v = buf[base + x]
                if TILE <= v < HALF:
                    pb[v - TILE] -= 1
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
                if buf[h] == UNSEEN:
                    for k in range(KM):
                        buf[h + k] = 0
                    for i in range(buf[self.O_HANDN + q]):
                        k = pool_draw(cur, rng)
                        buf[h + k] += 1
        for rr in range(min(r, self.NR)):
            pool = pd if self.t_rkind[rr] else pb
            nq = self.players if self.t_rkind[rr] else self.NPOS
            for q in range(nq):
                if buf[self.O_DISC + rr * self.NPOS + q] == UNSEEN:
                    buf[self.O_DISC + rr * self.NPOS + q] = pool_draw(pool, rng)
        # others' hidden choices: uniform among the pairs their (now known) hands allow
        for s in range(self.players):
            if s != seat and buf[self.O_DONE + s]:
                h = self.O_HAND + s * KM
                npairs = 0
                for a in range(KM):
                    for b in range(a, KM):
                        if buf[h + a] > 0 and buf[h + b] > (1 if a == b else 0):
                            npairs += 1
                r = rng_below(rng, npairs)
                for a in range(KM):
                    for b in range(a, KM):
                        if buf[h + a] > 0 and buf[h + b] > (1 if a == b else 0):
                            if r == 0:
                                buf[self.O_CHOSEN + s * 2] = a
                                buf[self.O_CHOSEN + s * 2 + 1] = b
                            r -= 1
        # the box holds what is left
        for k in range(KM):
            buf[self.O_BOXB + k] = pb[k]
            buf[self.O_BOXD + k] = pd[k]

    def clear_choices(self, buf: cython.int[::1], seat: cython.int) -> int:
        """``seat``'s view ``buf`` taken back to the start of its choose step: the choices the
        other seats already made there (hidden from it) undone, so that they choose again in a
        search's worlds, each by its own statistics, instead of drawn uniformly by
        ``determinize`` (the ISMCTS option ``step_start``).  Returns how many were undone."""
        s: cython.int
        n: cython.int = 0
        if buf[self.O_PHASE] != PH_CHOOSE:
            return 0
        for s in range(self.players):
            if s != seat and buf[self.O_DONE + s]:
                buf[self.O_DONE + s] = 0
                buf[self.O_CHOSEN + s * 2] = NOTHING
                buf[self.O_CHOSEN + s * 2 + 1] = NOTHING
                n += 1
        return n

    def observed_move(self, buf, actor, move, observer):
        """Others' choices are hidden; so is every tile dealt into another seat's hand."""
        ph: cython.int = buf[self.O_PHASE]
        r: cython.int; hs: cython.int; nh: cython.int; i: cython.int
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

    def revealed_move(self, buf, actor, move, observer):
        """A choice is turned up once every seat has chosen (``reveal``: the step's end, when
        the phase has left ``PH_CHOOSE``); a dealt tile stays hidden."""
        if actor >= 0 and move < PLACE_BASE and buf[self.O_PHASE] != PH_CHOOSE:
            return move
        return -1

    # ------------------------------------------------------------------ playout
    def rollout(self, buf, rng):
        n: cython.int; s: cython.int; m: cython.int; keep: cython.int = -1; duplex: cython.int
        movers: cython.p_int = self.movers
        mv: cython.int[::1] = self.moves
        self.forget_cities()
        while True:
            n = self.to_move_c(buf, movers)
            if n == 0:
                return
            s = movers[0]
            if s < 0 or buf[self.O_PHASE] != PH_PLACE:
                keep = -1
            if s < 0:
                self.apply(buf, -1, self.sample_chance(buf, rng))
            elif buf[self.O_PHASE] == PH_PLACE:
                m = self.random_place(buf, s, rng, keep)
                duplex = self.t_rkind[buf[self.O_ROUND]]
                self.apply_place(buf, s, m)
                self.placed(s, m, duplex)
                # the same seat places again at once: the other city is as it was
                keep = -1
                if buf[self.O_PHASE] == PH_PLACE and buf[self.O_PTR] == s:
                    keep = 1 - (m - PLACE_BASE) // NCELL % 2
                continue
            elif buf[self.O_PHASE] == PH_CHOOSE:
                self.apply(buf, s, self.random_choice(buf, s, rng))
            else:
                m = self.legal(buf, s, mv)
                if m == 0:
                    raise BrokenState(f"between_two_cities rollout: seat {s} has no legal move")  # calls Python: broken state
                self.apply(buf, s, mv[rng_below(rng, m)])

    # ------------------------------------------------------------------ cities seen by a playout
    @cython.final
    def forget_cities(self):
        """Drop the cities' kept ``city_info`` (a new buffer: every city is read afresh when needed)."""
        c: cython.int
        for c in range(self.NC):
            self.cvalid[c] = 0
            self.csync[c] = 0

    @cython.final
    def sync_city(self, b, c):
        """Make city ``c``'s kept ``city_info`` that of its cells in ``b``, for a caller that
        cannot tell whether ``b`` goes on from the buffer last read (``egreedy_move``: a
        heuristic rollout applies its moves itself; a search starts each rollout on a new world).

        The info is checked against the cells it was kept for (``ccode``, while ``csync``):
        kept if they are the same, brought up to date tile by tile (``city_add``) when the
        cells that differ are a few new tiles (a rollout's placements since), else read
        afresh; a city read or updated any other way (``load_city``, ``placed``) is not in sync."""
        o: cython.int = c * NCELL
        base: cython.int = self.O_CITY + o
        code: cython.p_int = self.ccode
        dx: cython.p_int = self.cdx
        i: cython.int
        x: cython.int
        nd: cython.int = -1
        if self.csync[c] and self.cinfo[c * INFO] == self.geo(b, c):
            nd = new_tiles(code, o, b, base, dx, 4)  # -1: not a few new tiles, read again
        if nd >= 0:
            for i in range(nd):
                x = dx[i]
                self.city_add(self.cinfo, c * INFO, x, 1 if b[base + x] < HALF else 0)
                code[o + x] = b[base + x]
            return
        self.city_info(b, c, 0, self.info0)
        for i in range(INFO):
            self.cinfo[c * INFO + i] = self.info0[i]
        for i in range(NCELL):
            code[o + i] = b[base + i]
        self.cvalid[c] = 1
        self.csync[c] = 1

    @cython.final
    def load_city(self, b, c, duplex, info):
        """``city_info`` of city ``c`` into ``info``: read from the board once, then kept up to date by :meth:`placed`."""
        o: cython.int = c * INFO
        i: cython.int
        ci: cython.p_int = self.cinfo
        if not self.cvalid[c]:
            self.city_info(b, c, duplex, info)
            if cython.compiled:  # indexed copies of INFO ints were 6% of a built-in search
                memcpy(cython.address(ci[o]), info, INFO * cython.sizeof(cython.int))
            else:
                for i in range(INFO):
                    ci[o + i] = info[i]
            self.cvalid[c] = 1
            return
        if cython.compiled:
            memcpy(info, cython.address(ci[o]), INFO * cython.sizeof(cython.int))
        else:
            for i in range(INFO):
                info[i] = ci[o + i]
        self.city_need(b, c, duplex, info)

    @cython.final
    def placed(self, seat, move, duplex):
        """After ``seat`` placed ``move`` (a duplex tile if ``duplex``): update the kept info of its city."""
        m: cython.int = move - PLACE_BASE
        x: cython.int = m % NCELL
        c: cython.int = self.cityt[2 * seat + m // NCELL % 2]
        if not self.cvalid[c]:
            return
        self.csync[c] = 0  # the info goes on past the cells sync_city kept
        self.city_add(self.cinfo, c * INFO, x, 1 - duplex)
        if duplex:
            self.city_add(self.cinfo, c * INFO, x + 1, 0)

    def move_values(self, buf, seat, moves, n, out):
        return self.policy.values(self, buf, seat, moves, n, out)  # the heuristic: between_two_cities_policy

    def egreedy_move(self, buf, seat, rng, epsilon, moves, vals):
        """A placement without the list: the random one by :meth:`random_place`, the best by the policy's ``greedy_place``;
        a random choice of two tiles by :meth:`random_choice` (the list's draws, without the list)."""
        m: cython.int
        if buf[self.O_PHASE] == PH_CHOOSE and epsilon > 0.0:
            # the base's draws in its order: none for a lone choice, then epsilon's, then the index
            if self.choice_count(buf, seat) > 1 and not buf[self.O_DONE + seat]:  # a chosen seat: none (the base's -1)
                if epsilon >= 1.0 or rng_random(rng) < epsilon:
                    return self.random_choice(buf, seat, rng)
                epsilon = 0.0  # drawn: the base takes the greedy choice
            return BetweenTwoCitiesRules.egreedy_move(self, buf, seat, rng, epsilon, moves, vals)
        if buf[self.O_PHASE] != PH_PLACE or seat != buf[self.O_PTR]:
            return BetweenTwoCitiesRules.egreedy_move(self, buf, seat, rng, epsilon, moves, vals)
        if epsilon >= 1.0 or (epsilon > 0.0 and rng_random(rng) < epsilon):
            # not a playout of rollout(): each city checked against the cells it was read from
            self.sync_city(ptr(buf), self.cityt[2 * seat])
            self.sync_city(ptr(buf), self.cityt[2 * seat + 1])
            return self.random_place(buf, seat, rng, -1)
        m = self.policy.greedy_place(self, buf, seat, rng)
        if m >= 0:
            return m
        return BetweenTwoCitiesRules.egreedy_move(self, buf, seat, rng, 0.0, moves, vals)  # the listing answers

    def score_bounds(self, buf, lo, hi):
        return btc_bounds(self, ptr(buf), ptr(lo), ptr(hi))  # the solver's bounds: between_two_cities_bounds

    @cython.final
    def choice_count(self, buf, seat):
        """How many choices of two tiles ``legal`` lists for ``seat``: a pair of each kind held
        twice or more, and every two kinds held."""
        h: cython.int = self.O_HAND + seat * KM
        m: cython.int = 0
        n: cython.int = 0
        a: cython.int
        for a in range(KM):
            if buf[h + a] > 0:
                m += 1
                if buf[h + a] > 1:
                    n += 1
        return n + m * (m - 1) // 2

    @cython.final
    def random_choice(self, buf, seat, rng):
        """The choice ``legal`` lists at index ``rng.below(count)``, without writing the list.

        The pairs ``a <= b`` of kinds in hand (``a == b`` when it holds two),
        in ``legal``'s order, so a playout draws exactly what it drew from
        the list.
        """
        h: cython.int = self.O_HAND + seat * KM
        m: cython.int = 0
        n: cython.int = 0
        i: cython.int; j: cython.int; a: cython.int; r: cython.int
        kinds: cython.p_int = self.kinds
        for a in range(KM):
            if buf[h + a] > 0:
                kinds[m] = a
                m += 1
                if buf[h + a] > 1:
                    n += 1
        n += m * (m - 1) // 2
        r = rng_below(rng, n)
        for i in range(m):
            a = kinds[i]
            if buf[h + a] > 1:
                if r == 0:
                    return a * KM + a
                r -= 1
            if r < m - 1 - i:
                return a * KM + kinds[i + 1 + r]
            r -= m - 1 - i
        return 0

    @cython.final
    def random_place(self, buf, seat, rng, keep):
        """A placement of ``seat`` drawn uniformly from the moves ``legal`` lists, without listing them.

        Rejection sampling: draw a (pending tile, city, cell) among the cells
        that pass the cheap checks (:meth:`candidates`), keep it if the city
        stays completable (:meth:`placeable`, the costly check), else strike
        the cell out and draw again; the first completable draw is uniform
        over the legal moves.  That holds while every city in play has a
        completable adjacent cell, so before returning, each other city is
        shown to have one; if one has none, the fallback rule of
        ``gen_cells`` applies and the moves are listed after all.

        ``keep``: the side (0 left, 1 right) whose city is unchanged since the
        previous call placed into the other one (its candidates, struck-out
        cells and proven cell still hold), or -1.
        """
        duplex: cython.int = self.t_rkind[buf[self.O_ROUND]]
        p: cython.int = self.O_PEND + seat * 4
        ng: cython.int = 0
        slot: cython.int; side: cython.int; k: cython.int; x: cython.int; i: cython.int
        n: cython.int; total: cython.int; r: cython.int; g: cython.int; other: cython.int
        gslot: cython.p_int = self.gslot
        gside: cython.p_int = self.gside
        ncand: cython.p_int = self.ncand
        found: cython.p_int = self.found
        b: cython.p_int = ptr(buf)
        mv: cython.int[::1] = self.moves
        # the (pending tile, side) groups of legal(): each gets every legal cell of its city
        for slot in range(4):
            k = buf[p + slot]
            if k < 0 or (slot % 2 == 1 and buf[p + slot - 1] == k):
                continue
            for side in range(2):
                if slot < 2:
                    if buf[self.O_SIDES] & (1 << side):
                        continue
                elif side != self.jside(seat):
                    continue
                gslot[ng] = slot
                gside[ng] = side
                ng += 1
        if ng == 0:  # nothing to place (not reached in play): as legal() would have it
            n = self.legal(buf, seat, mv)
            if n == 0:  # a stale move would be applied again and again: the rollout never ended
                raise BrokenState(f"between_two_cities rollout: seat {seat} has no legal move")  # calls Python: broken state
            return mv[rng_below(rng, n)]
        for side in range(2):
            if side != keep:
                found[side] = 0
                ncand[side] = 0
        for g in range(ng):
            side = gside[g]
            if found[side] != 0:
                continue  # prepared (this call, or kept from the previous one)
            found[side] = -1  # this side in play, no completable cell known yet
            self.load_city(b, self.cityt[2 * seat + side], duplex, self.info0 if side == 0 else self.info1)
            ncand[side] = self.candidates(b, self.cityt[2 * seat + side], duplex, 1,
                                          self.info0 if side == 0 else self.info1,
                                          self.cand_l if side == 0 else self.cand_r)
        while True:
            total = 0
            for g in range(ng):
                total += ncand[gside[g]]
            if total == 0:
                break
            r = rng_below(rng, total)
            g = 0
            while r >= ncand[gside[g]]:
                r -= ncand[gside[g]]
                g += 1
            side = gside[g]
            if self.strike(b, seat, side, duplex, r, found):
                continue
            x = found[side] - 1
            other = 1 - side
            if found[other] == -1:  # the other city in play: it too must have a completable cell
                while ncand[other] > 0 and found[other] == -1:
                    self.strike(b, seat, other, duplex, rng_below(rng, ncand[other]), found)
                if found[other] == -1:
                    break
            return PLACE_BASE + (gslot[g] * 2 + side) * NCELL + x
        n = self.legal(buf, seat, mv)  # a city without a completable adjacent cell
        if n == 0:
            raise BrokenState(f"between_two_cities rollout: seat {seat} has no legal move")  # calls Python: broken state
        return mv[rng_below(rng, n)]

    @cython.final
    def strike(self, b, seat, side, duplex, i, found):
        """Test candidate ``i`` of ``side``: completable, ``found[side]`` becomes its cell + 1 (return 0); else struck out (1)."""
        cand: cython.p_int = self.cand_l if side == 0 else self.cand_r
        x: cython.int = cand[i]
        if self.placeable(b, self.cityt[2 * seat + side], duplex, x, self.info0 if side == 0 else self.info1):
            found[side] = x + 1
            return 0
        self.ncand[side] -= 1
        cand[i] = cand[self.ncand[side]]
        return 1


def sample_choice(kernel, buf, seat: cython.int, rng) -> cython.int:
    """One draw of the rollouts' choice sampler (tests compare it with ``legal``)."""
    k: BetweenTwoCitiesKernel = kernel
    return k.random_choice(buf, seat, rng)


def sample_place(kernel, buf, seat: cython.int, rng, keep: cython.int = -1) -> cython.int:
    """One draw of the rollouts' placement sampler (tests check it is uniform over ``legal``).

    ``keep`` as in :meth:`BetweenTwoCitiesKernel.random_place`: only right
    after a draw for the same seat and buffer placed into the other city."""
    k: BetweenTwoCitiesKernel = kernel
    k.forget_cities()  # the caller applies moves with apply(): read the cities afresh
    return k.random_place(buf, seat, rng, keep)


def kept_city_info(kernel, buf, c: cython.int):
    """``(kept, fresh)``: city ``c``'s info as the last playout kept it (None if it did not read
    the city) and as ``city_info`` reads it from ``buf``; ``need`` and ``s`` (recomputed at each
    use) left out.  Tests compare the two after a playout."""
    k: BetweenTwoCitiesKernel = kernel
    i: cython.int
    fresh = numpy.zeros(INFO, dtype=numpy.intc)
    k.city_info(ptr(buf), c, 0, ptr(fresh))
    fresh[6] = fresh[7] = 0
    if not k.cvalid[c]:
        return None, fresh.tolist()
    kept = [k.cinfo[c * INFO + i] for i in range(INFO)]
    kept[6] = kept[7] = 0
    return kept, fresh.tolist()


def pool_draw(pool, rng):
    """Take one tile from the counts ``pool``, uniformly among the tiles."""
    total: cython.int = 0
    k: cython.int; r: cython.int
    for k in range(KM):
        total += pool[k]
    r = rng_below(rng, total)
    for k in range(KM):
        r -= pool[k]
        if r < 0:
            pool[k] -= 1
            return k
    return 0
