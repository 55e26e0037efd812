"""The deals consistent with what a Guildes seat sees: hidden-information
layer 4 of 4 (below: :mod:`cython_ext.guildes_placement`,
:mod:`cython_ext.guildes_draws`, :mod:`cython_ext.guildes_observe`).

:class:`GuildesHidden` adds to the rules of
:class:`cython_ext.guildes_rules.GuildesRules` ``observed_move`` (what a
seat sees of another's move) and ``observe`` (mask a state for one seat),
both in :mod:`cython_ext.guildes_observe`, and ``determinize``, which
fills a masked view with a consistent deal (here: ``c_fill``, one
attempt; the placement search it calls is described at
``c_determinize``).  Its subclass :class:`cython_ext.guildes.GuildesKernel`
adds chance and the playout.

This file is compiled by Cython (declarations in ``guildes_hidden.pxd``)
and runs unchanged as plain Python; see :mod:`cython_ext`.  Compiled and
interpreted runs consume the random generator identically and give the
same states.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from cython_ext.errors import BrokenState
from .guildes_placement import GuildesPlacement

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .guildes_placement import FIXED
    from .guildes_refine import SWEEPS, c_sweeps
    from .guildes_rules import (DEAL, DPICK, DRAFT, DRAW, EVENT, OVER, PLAY, RDEAL, REDIS, REDIST, TDEAL, TRICK,
                                imod)
    from .kernel import ptr

    globals().update(enum_constants(__file__))


@cython.cclass
class GuildesHidden(GuildesPlacement):
    """The rules, what each seat sees, and determinization (``cfg`` as for :class:`GuildesRules`)."""

    def __init__(self, cfg: dict) -> None:
        GuildesPlacement.__init__(self, cfg)
        self.restarts = RESTARTS

    def determinize(self, buf, seat, rng):
        """Fill a view of ``seat``; another seat's choice already made at this
        step is cleared (it chooses again in the world).  See :meth:`c_determinize`."""
        self.c_determinize(buf, seat, rng, False)

    def determinize_keep(self, buf, seat, rng):
        """Fill a view of ``seat`` keeping every choice already made at this step:
        another seat's (``CHOSEN`` in the view) is drawn uniformly from the
        cards it could have chosen in the sampled world -- its packet while
        drafting, its hand at a discard or a play (a batch's second card from
        the rest).  Draws what :meth:`determinize` draws, then these."""
        self.c_determinize(buf, seat, rng, True)

    @cython.final
    def c_determinize(self, buf, seat, rng, keep):
        """Fill a view of ``seat``.  See docs/games/guildes.md, "Determinization".

        Each unknown pick of another seat is a *slot* whose card can only come
        from one source: the cards that vanished from a packet between two of
        ``seat``'s sightings of it, what was left after its last sighting,
        or -- before its first sighting and for packets it never held -- the
        pool of cards ``seat`` has not seen.  During the play phase the cards
        a seat has played are placed first, each into a slot of that seat
        whose source can supply it; then every open slot draws uniformly from
        its source in the order the picks were made (a dead end restarts).
        """
        b: cython.p_int = ptr(buf)
        attempt: cython.int
        if cython.compiled:
            memcpy(self.s_work, b, self.size * cython.sizeof(cython.int))
        else:
            self.s_work[:] = buf
        for attempt in range(self.restarts):
            if attempt > 0:  # a dead end wrote into b: back to the view
                if cython.compiled:
                    memcpy(b, self.s_work, self.size * cython.sizeof(cython.int))
                else:
                    buf[:] = self.s_work
            if self.c_fill(b, seat, rng):
                if keep:
                    self.c_keep_chosen(b, seat, rng)
                return
        raise BrokenState("guildes determinize: no consistent deal found")  # calls Python: the error, never in a sound state

    @cython.final
    def c_fill(self, b, seat, rng):
        """One attempt at a consistent deal for ``seat``'s view ``b``; 0 for a dead end."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        phase: cython.int = b[self.o_phase]
        rnd: cython.int = b[self.o_round]
        rows: cython.int = self.c_rows_seen(b)
        dirn: cython.int = b[self.o_dir]
        eff: cython.int = self.c_effect(b)
        t_cur: cython.int
        g: cython.int
        c: cython.int
        i: cython.int
        p: cython.int
        t: cython.int
        base: cython.int
        nslots: cython.int
        o: cython.int
        sid: cython.int
        nb: cython.int
        j: cython.int
        src: cython.int
        dealt: cython.int
        full: cython.int
        part: cython.int
        cnt: cython.int
        x: cython.int
        per: cython.int
        q: cython.int
        redealt: cython.bint
        a_: cython.int
        b_: cython.int
        extra: cython.p_int = self.s_extra
        cap: cython.p_int = self.s_cap
        pool: cython.p_int = self.s_pool
        first: cython.p_int = self.s_first
        last: cython.p_int = self.s_last
        slot_t: cython.p_int = self.s_slot_t
        slot_p: cython.p_int = self.s_slot_p
        slot_src: cython.p_int = self.s_slot_src
        slot_card: cython.p_int = self.s_slot_card
        seg: cython.p_int = self.s_seg
        initial: cython.p_int = self.s_initial
        given: cython.p_int = self.s_given
        sigma: cython.p_int = self.s_sigma
        if phase == DRAFT:
            t_cur = b[self.o_step]
        elif phase == PLAY or phase >= REDIS:
            t_cur = h
        else:
            t_cur = 0
        # redistribution already dealt: the seat's received card is in its hand
        redealt = eff == REDIST and phase != REDIS and phase != RDEAL and b[self.o_rrecv + seat] >= 0
        # the pool of cards seat has not seen: all minus public tables of past
        # rounds, its own discards, and the first sighting of every packet
        for g in range(G):
            c = self.c_total[g] - b[self.o_disc + seat * G + g]
            for i in range(n):
                c -= b[self.o_table + i * G + g] - b[self.o_played + i * G + g]
            if self.tr_on:
                c -= b[self.o_pubdisc + g] - b[self.o_drawn + g]
            pool[g] = c
        for p in range(n):
            first[p] = -1
            last[p] = -1
            for t in range(rows):
                if imod(p + dirn * t, n) == seat:
                    first[p] = t
                    break
            if first[p] >= 0:
                base = self.o_hist + (first[p] * n + p) * G
                for g in range(G):
                    pool[g] -= b[base + g]
        # cards the seat knows others discarded in past rounds are in no hand
        # and not in the deck: reserved for those discards
        for g in range(G):
            c = b[self.o_known + seat * G + g]
            c = c if c < pool[g] else pool[g]
            self.s_resv[g] = c if c > 0 else 0
            pool[g] -= self.s_resv[g]
        # slots: (t, p) picks of other seats; source -1 = pool, else a segment
        # id = t * n + p of the sighting that opened it
        nslots = 0
        for t in range(t_cur):
            for p in range(n):
                o = imod(p + dirn * t, n)
                if o == seat:
                    last[p] = t
                    # the segment after this sighting: seen minus own pick minus next sighting
                    sid = t * n + p
                    base = self.o_hist + sid * G
                    for g in range(G):
                        seg[sid * G + g] = b[base + g]
                    seg[sid * G + b[self.o_picks + seat * h + t]] -= 1
                    if t + n < rows:
                        nb = self.o_hist + ((t + n) * n + p) * G
                        for g in range(G):
                            seg[sid * G + g] -= b[nb + g]
                    continue
                slot_t[nslots] = t
                slot_p[nslots] = p
                slot_src[nslots] = -1 if last[p] < 0 else last[p] * n + p
                slot_card[nslots] = -1
                nslots += 1
        # the seat that holds each slot's card now (redistribution moves cards)
        for j in range(nslots):
            self.s_slot_own[j] = imod(slot_p[j] + dirn * slot_t[j], n)
        if redealt:
            nslots = self.c_redistribute(b, seat, rng, nslots)
            if nslots < 0:
                return 0
        for x in range(n * G):
            extra[x] = 0
        if self.tr_on and (phase == TRICK or phase == DRAW or phase == DPICK):
            self.c_assign_drawn(b, seat, rng)
        # played cards first, into slots of their player that can supply them
        if not self.c_place_played(b, seat, rng, nslots, redealt):
            return 0
        # every other slot, in the order the picks were made
        for j in range(nslots):
            if slot_card[j] >= 0:
                continue
            src = slot_src[j]
            if src == FIXED:
                g = b[self.o_rdisc + seat]
            elif src < 0:
                g = self.c_draw_plain(pool, 0, rng)
                pool[g] -= 1
            else:
                g = self.c_draw_plain(seg, src * G, rng)
                seg[src * G + g] -= 1
            slot_card[j] = g
        if phase == PLAY or phase >= REDIS:  # towards the exact weights: cython_ext/guildes_refine.py
            c_sweeps(rng, SWEEPS, nslots, n, G, seat, slot_src, slot_card, self.s_slot_own, pool, seg, b,
                     self.o_played, self.s_hand, extra)
        # initial packets: first sighting plus the pool picks before it; packets
        # never sighted are all pool (their unpicked rest too, while drafting)
        for x in range(n * G):
            initial[x] = 0
        for p in range(n):
            if first[p] >= 0:
                base = self.o_hist + (first[p] * n + p) * G
                for g in range(G):
                    initial[p * G + g] = b[base + g]
        for j in range(nslots):
            if slot_t[j] == h:
                continue
            if slot_src[j] < 0:
                initial[slot_p[j] * G + slot_card[j]] += 1
            o = imod(slot_p[j] + dirn * slot_t[j], n)
            b[self.o_picks + o * h + slot_t[j]] = slot_card[j]
        if phase == DRAFT:
            for p in range(n):
                if first[p] < 0:
                    for q in range(h - t_cur):
                        g = self.c_draw_plain(pool, 0, rng)
                        pool[g] -= 1
                        initial[p * G + g] += 1
        for i in range(n):
            if i != seat:
                b[self.o_pending + i] = -1
        if self.ev_on:
            for i in range(n):
                if i != seat:
                    b[self.o_pend2 + i] = -1
        if phase == EVENT or phase == OVER or phase == TDEAL:
            for i in range(n):
                if i != seat:
                    for g in range(G):
                        b[self.o_kept + i * G + g] = 0
            for x in range(h * n * G):
                b[self.o_hist + x] = 0
        elif phase == DEAL:
            # the seat's own packet so far is visible; others' dealt cards unknown
            dealt = b[self.o_step]
            full = dealt // h
            part = dealt % h
            for p in range(n):
                if p == seat:
                    continue
                cnt = h if p < full else (part if p == full else 0)
                base = self.o_hist + p * G
                for g in range(G):
                    b[base + g] = 0
                for q in range(cnt):
                    g = self.c_draw_plain(pool, 0, rng)
                    pool[g] -= 1
                    b[base + g] += 1
                for g in range(G):
                    b[self.o_kept + p * G + g] = 0
            for x in range(n * G, h * n * G):
                b[self.o_hist + x] = 0
        else:
            self.c_rebuild_rounds(b, seat, t_cur, phase)
            if redealt:
                # who gave whom what: the slots c_redistribute chose
                for o in range(n):
                    if o == seat:
                        continue
                    a_ = slot_card[given[o]]
                    q = 0
                    while sigma[q] != o:
                        q += 1
                    b_ = b[self.o_rdisc + seat] if q == seat else slot_card[given[q]]
                    b[self.o_rdisc + o] = a_
                    b[self.o_rrecv + o] = b_
                    b[self.o_kept + o * G + a_] -= 1
                    b[self.o_kept + o * G + b_] += 1
            if self.ev_on or self.tr_on:
                self.c_fill_variants(b, seat, rng, eff, phase, redealt, nslots)
        if self.tr_on:
            for i in range(n):
                if i != seat and b[self.o_tdisc + i * G] < 0:
                    for g in range(G):
                        b[self.o_tdisc + i * G + g] = 0
        # the rest of the pool: other seats' discards of past rounds (first the
        # cards the seat knows are there), then the deck
        per = (h - self.k) * rnd
        for i in range(n):
            cap[i] = 0
            if i == seat:
                continue
            for g in range(G):
                b[self.o_disc + i * G + g] = 0
            cap[i] = per
            if self.ev_on or self.tr_on:
                cap[i] = b[self.o_ndisc + i]
                if self.tr_on:
                    for g in range(G):
                        cap[i] -= b[self.o_tdisc + i * G + g]
        if not self.c_place_known(b, seat, rng):
            return 0
        if self.tr_on and not self.c_cover_drawn(b, seat, rng):
            return 0
        for i in range(n):
            if i == seat:
                continue
            for q in range(cap[i]):
                g = self.c_draw_plain(pool, 0, rng)
                pool[g] -= 1
                b[self.o_disc + i * G + g] += 1
        for g in range(G):
            b[self.o_deck + g] = pool[g]
        return 1
