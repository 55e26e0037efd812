"""What each Guildes seat sees, and the deals consistent with it.

:class:`GuildesHidden` adds the hidden information to the rules of
:class:`cython_ext.guildes_rules.GuildesRules`: ``observed_move`` (what a
seat sees of another's move), ``observe`` (mask a state for one seat) and
``determinize``, which fills a masked view with a consistent deal -- the
placement search described at ``determinize``.  Its subclass
:class:`cython_ext.guildes.GuildesKernel` adds chance and the playout.

This file is compiled by Cython (declarations in ``guildes_hidden.pxd``)
and runs unchanged as plain Python; see :mod:`cython_ext`.  Compiled and
interpreted runs consume the random generator identically and give the
same states.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_rules import GuildesRules

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .guildes_rules import (CHOSEN, DEAL, DPICK, DRAFT, DRAW, EVENT, FACEDOWN, OVER, PLAY, RDEAL, REDIS,
                                REDIST, SEQ, TDEAL, TRICK, imod)
    from .guildes_refine import SWEEPS, c_sweeps
    from .kernel import ptr

    globals().update(enum_constants(__file__))


@cython.cclass
class GuildesHidden(GuildesRules):
    """The rules plus observation and determinization (``cfg`` as for :class:`GuildesRules`)."""

    def __init__(self, cfg: dict) -> None:
        GuildesRules.__init__(self, cfg)
        n, G, h = self.n, self.G, self.h
        hn = (h + 1) * n  # pick slots of the other seats, plus one fixed redistribution slot each
        self.s_work = self.scratch(self.size)
        self.s_pool = self.scratch(G)
        self.s_first = self.scratch(n)
        self.s_last = self.scratch(n)
        self.s_slot_t = self.scratch(hn)
        self.s_slot_p = self.scratch(hn)
        self.s_slot_src = self.scratch(hn)
        self.s_slot_card = self.scratch(hn)
        self.s_slot_own = self.scratch(hn)
        self.s_given = self.scratch(n)
        self.s_sigma = self.scratch(n)
        self.s_seg = self.scratch(hn * G)
        self.s_initial = self.scratch(n * G)
        self.s_item_o = self.scratch(hn)
        self.s_item_g = self.scratch(hn)
        self.s_item_c = self.scratch(hn)
        self.s_chosen = self.scratch(hn)
        self.s_start = self.scratch(hn)
        self.s_tried = self.scratch(hn)
        self.s_extra = self.scratch(n * G)
        self.s_cap = self.scratch(n)
        self.s_resv = self.scratch(G)
        self.s_sinv = self.scratch(n)
        self.s_setg = self.scratch(hn + 1)
        self.s_done = self.scratch(n)
        self.s_hand = self.scratch(n * G)

    def observed_move(self, buf, actor, move, observer):
        b: cython.p_int = ptr(buf)
        phase: cython.int = b[self.o_phase]
        if actor < 0:
            # a dealt card is seen only by the seat whose packet it joins
            if (phase == DEAL and b[self.o_step] // self.h != observer) or phase == RDEAL:
                return self.max_moves
            return move
        if actor == observer:
            return move
        if phase == TRICK or phase == DPICK or (phase == PLAY and self.c_effect(b) == SEQ):
            return move  # public choices
        return self.max_moves  # picks, discards and face-down plays are hidden until revealed

    # -- hidden information -------------------------------------------------
    def observe(self, buf, seat):
        self.c_observe(ptr(buf), seat)

    def c_observe(self, b, seat):
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        g: cython.int
        t: cython.int
        p: cython.int
        for g in range(G):
            b[self.o_deck + g] = -1
        for i in range(n):
            if i == seat:
                continue
            # whether it has chosen is public (the seat waits on it), what it chose is not
            if b[self.o_pending + i] != -1:
                b[self.o_pending + i] = CHOSEN
            for g in range(G):
                b[self.o_disc + i * G + g] = -1
                b[self.o_kept + i * G + g] = -1
            for t in range(h):
                b[self.o_picks + i * h + t] = -1
            for g in range(G):
                b[self.o_known + i * G + g] = -1
            if self.ev_on:
                if b[self.o_pend2 + i] != -1:
                    b[self.o_pend2 + i] = CHOSEN
                b[self.o_fdown + i] = -1
                b[self.o_rdisc + i] = -1
                b[self.o_rrecv + i] = -1
            if self.tr_on:
                for g in range(G):
                    b[self.o_tdisc + i * G + g] = -1
        # a seat remembers the packets it held, as it saw them
        for t in range(h):
            for p in range(n):
                if imod(p + dirn * t, n) != seat:
                    for g in range(G):
                        b[self.o_hist + (t * n + p) * G + g] = -1

    def c_rows_seen(self, b):
        """How many hist rows exist now (picks made so far, plus the current hand)."""
        phase: cython.int = b[self.o_phase]
        if phase == DRAFT:
            return b[self.o_step] + 1
        if phase == PLAY or phase >= REDIS:
            return self.h
        if phase == DEAL:
            return 1
        return 0

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
        for attempt in range(RESTARTS):
            if attempt > 0:  # a dead end wrote into b: back to the view
                if cython.compiled:
                    memcpy(b, self.s_work, self.size * cython.sizeof(cython.int))
                else:
                    buf[:] = self.s_work
            if self.c_fill(b, seat, rng):
                if keep:
                    self.c_keep_chosen(b, seat, rng)
                return
        raise RuntimeError("guildes determinize: no consistent deal found")  # calls Python: the error, never in a sound state

    def c_keep_chosen(self, b, seat, rng):
        """Redraw in the filled world ``b`` the choices the view (``s_work``) marks ``CHOSEN``."""
        n: cython.int = self.n
        G: cython.int = self.G
        i: cython.int
        g: cython.int
        base: cython.int
        t: cython.int = b[self.o_step]
        phase: cython.int = b[self.o_phase]
        view: cython.p_int = self.s_work
        for i in range(n):
            if i == seat or view[self.o_pending + i] != CHOSEN:
                continue
            if phase == DRAFT:
                base = self.o_hist + (t * n + self.c_packet_of(b, i, t)) * G
            else:
                base = self.o_kept + i * G
            g = self.c_draw_pos(b, base, rng)
            b[self.o_pending + i] = g
            if self.ev_on and view[self.o_pend2 + i] == CHOSEN:
                b[base + g] -= 1  # the second card of a batch comes from the rest
                b[self.o_pend2 + i] = self.c_draw_pos(b, base, rng)
                b[base + g] += 1

    def c_draw_plain(self, cand, off, rng):
        """A card drawn uniformly from the counts ``cand[off:off+G]``."""
        tot: cython.int = 0
        g: cython.int
        r: cython.int
        for g in range(self.G):
            tot += cand[off + g]
        r = rng.below(tot)
        for g in range(self.G):
            r -= cand[off + g]
            if r < 0:
                return g
        return -1

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

    def c_draw_pos(self, b, off, rng):
        """A card drawn uniformly from the positive counts ``b[off:off+G]``."""
        tot: cython.int = 0
        g: cython.int
        r: cython.int
        for g in range(self.G):
            if b[off + g] > 0:
                tot += b[off + g]
        r = rng.below(tot)
        for g in range(self.G):
            if b[off + g] > 0:
                r -= b[off + g]
                if r < 0:
                    return g
        return -1

    def c_fill_variants(self, b, seat, rng, eff, phase, redealt, nslots):
        """Hidden parts of other seats' hands that the variants add, after the
        picks are rebuilt: redistribution discards and received cards, the
        face-down card, and hands already discarded in the trick phase."""
        n: cython.int = self.n
        G: cython.int = self.G
        o: cython.int
        kb: cython.int
        g: cython.int
        t: cython.int
        done: cython.bint
        for o in range(n):
            if o == seat:
                continue
            kb = self.o_kept + o * G
            if eff == REDIST and phase == RDEAL:
                g = self.c_draw_pos(b, kb, rng)
                b[self.o_rdisc + o] = g
                b[kb + g] -= 1
            if eff == FACEDOWN and phase == PLAY and b[self.o_step] > 0:
                g = self.c_draw_pos(b, kb, rng)
                b[self.o_fdown + o] = g
                b[kb + g] -= 1
            if self.tr_on and (phase == TRICK or phase == DRAW or phase == DPICK):
                t = b[self.o_trick + o]
                done = t < b[self.o_tstep]
                for g in range(G):
                    b[self.o_tdisc + o * G + g] = b[kb + g] if done else 0
                    if done:
                        b[kb + g] = 0

    def c_cover_drawn(self, b, seat, rng):
        """Cards drawn from the discard pile by trick D must have been in it:
        those not explained by public and own discards go first into other
        seats' past discards (0 when impossible: the caller restarts)."""
        n: cython.int = self.n
        G: cython.int = self.G
        g: cython.int
        need: cython.int
        j: cython.int
        i: cython.int
        room: cython.int
        r: cython.int
        cap: cython.p_int = self.s_cap
        pool: cython.p_int = self.s_pool
        for g in range(G):
            need = b[self.o_drawn + g] - b[self.o_pubdisc + g] - b[self.o_disc + seat * G + g]
            for j in range(2):
                if b[self.o_dcard + j] == g:
                    need += 1
            for i in range(n):
                need -= b[self.o_tdisc + i * G + g]
                if i != seat:
                    need -= b[self.o_disc + i * G + g]  # placed by c_place_known
            while need > 0:
                room = 0
                for i in range(n):
                    if i != seat and cap[i] > 0:
                        room += 1
                if room == 0 or pool[g] <= 0:
                    return 0
                r = rng.below(room)
                for i in range(n):
                    if i != seat and cap[i] > 0:
                        if r == 0:
                            cap[i] -= 1
                            b[self.o_disc + i * G + g] += 1
                            pool[g] -= 1
                            break
                        r -= 1
                need -= 1
        return 1

    def c_place_known(self, b, seat, rng):
        """Put the reserved cards (``s_resv``: what the seat knows the others
        discarded in past rounds) into the other seats' discards, each card to
        a seat drawn in proportion to the room it has left (``s_cap``); 0 when
        there is no room (the caller restarts)."""
        n: cython.int = self.n
        G: cython.int = self.G
        g: cython.int
        q: cython.int
        i: cython.int
        r: cython.int
        room: cython.int
        cap: cython.p_int = self.s_cap
        for g in range(G):
            for q in range(self.s_resv[g]):
                room = 0
                for i in range(n):
                    if i != seat:
                        room += cap[i]
                if room <= 0:
                    return 0
                r = rng.below(room)
                for i in range(n):
                    if i != seat:
                        r -= cap[i]
                        if r < 0:
                            cap[i] -= 1
                            b[self.o_disc + i * G + g] += 1
                            break
        return 1

    def c_assign_drawn(self, b, seat, rng):
        """Cards drawn by trick D that public and own discards do not explain
        came from other seats' discards: each goes, at random, either to the
        seats that have already discarded their hand this round (then it must
        be among the picks of one of them, which ``c_place_played`` chooses:
        counted in the unused row ``seat`` of ``s_extra``) or to the past
        discards (in proportion: each such seat, and the past, one share)."""
        n: cython.int = self.n
        G: cython.int = self.G
        done: cython.int = 0
        prior: cython.int = 0
        o: cython.int
        t: cython.int
        g: cython.int
        need: cython.int
        j: cython.int
        r: cython.int
        for o in range(n):
            if o != seat:
                t = b[self.o_trick + o]
                if t < b[self.o_tstep]:
                    done += 1
                if b[self.o_round] > 0:
                    prior = 1
        for g in range(G):
            need = b[self.o_drawn + g] - b[self.o_pubdisc + g] - b[self.o_disc + seat * G + g]
            need -= b[self.o_tdisc + seat * G + g]
            for j in range(2):
                if b[self.o_dcard + j] == g:
                    need += 1
            while need > 0 and done > 0:
                r = rng.below(done + prior)
                if r < done:
                    self.s_extra[seat * G + g] += 1
                need -= 1

    def c_redistribute(self, b, seat, rng, nslots):
        """After the redistribution: who gave to whom.

        ``sigma[i]`` is the seat that received seat i's discard: a uniform
        permutation, redrawn while it would give ``seat`` back its own card
        when that is not what it received (``s_sinv`` is its inverse).
        Which pick each other seat gave (``given``) is left open, for
        ``c_place_played`` to choose along with the played cards; ``seat``'s
        own discard, a card it knows, becomes a fixed extra slot of its
        receiver.  Returns the new slot count.
        """
        n: cython.int = self.n
        h: cython.int = self.h
        mine: cython.int = b[self.o_rdisc + seat]
        got: cython.int = b[self.o_rrecv + seat]
        i: cython.int
        j: cython.int
        tmp: cython.int
        sigma: cython.p_int = self.s_sigma
        while True:
            for i in range(n):
                sigma[i] = i
            for i in range(n - 1, 0, -1):
                j = rng.below(i + 1)
                tmp = sigma[i]
                sigma[i] = sigma[j]
                sigma[j] = tmp
            if sigma[seat] != seat or mine == got:
                break
        for i in range(n):
            self.s_sinv[sigma[i]] = i
            self.s_given[i] = -1
        if sigma[seat] != seat:
            self.s_slot_t[nslots] = h
            self.s_slot_src[nslots] = FIXED
            self.s_slot_card[nslots] = -1
            self.s_slot_own[nslots] = sigma[seat]
            nslots += 1
        return nslots

    def c_can_supply(self, src, g, fixed):
        """Whether a slot with source ``src`` can still take card ``g``."""
        if src == FIXED:
            return g == fixed
        if src < 0:
            return self.s_pool[g] > 0
        return self.s_seg[src * self.G + g] > 0

    def c_candidate(self, j, item, g, fixed, redealt):
        """Can slot ``j`` take card ``g`` for ``item``?  0 no; 1 as a pick
        the seat still holds; 2 as the pick its giver gave away (which then
        becomes the giver's ``given`` slot).  ``item`` < n is a seat that
        played ``g``; n + q is "seat q gave the card the determinizing seat
        received"; 2n is "some seat that has discarded its hand this round
        held ``g``" (a card trick D drew)."""
        n: cython.int = self.n
        h: cython.int = self.h
        o: cython.int
        q: cython.int
        if self.s_slot_card[j] >= 0 or not self.c_can_supply(self.s_slot_src[j], g, fixed):
            return 0
        if item == 2 * n:
            # a card trick D drew: a pick of any seat that has discarded its hand
            o = self.s_slot_own[j]
            if not self.s_done[o]:
                return 0
            if not redealt or self.s_slot_t[j] == h or j != self.s_given[o] or self.s_sigma[o] == o:
                return 1
            return 0
        if item >= n:
            q = item - n
            if self.s_slot_own[j] == q and self.s_slot_t[j] < h and self.s_given[q] < 0:
                return 2
            return 0
        o = item
        if self.s_slot_own[j] == o:
            if not redealt or self.s_slot_t[j] == h or j != self.s_given[o] or self.s_sigma[o] == o:
                return 1
            return 0
        if redealt:
            q = self.s_sinv[o]
            if q != o and self.s_slot_own[j] == q and self.s_slot_t[j] < h and self.s_sigma[q] != q:
                if self.s_given[q] == j or self.s_given[q] < 0:
                    return 2
        return 0

    def c_place_played(self, b, seat, rng, nslots, redealt):
        """Give each card another seat played this round a slot of that seat.

        After a redistribution a seat's hand is its picks but the one it gave
        away, plus the one it received: a played card may take the pick its
        giver gave (fixing that giver's ``given``), and the giver of the card
        the determinizing seat received must have given a pick that can hold
        it.  A depth-first search, most constrained card first, trying slots
        from a random starting point, so that a consistent placement is found
        whenever one exists within the budget (0 otherwise: the caller
        restarts).  Then each giver still open gives a uniformly chosen pick
        that no played card took.
        """
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        items: cython.int = 0
        fixed: cython.int = b[self.o_rdisc + seat] if self.ev_on else -1
        o: cython.int
        g: cython.int
        q: cython.int
        cnt: cython.int
        j: cython.int
        a: cython.int
        kk: cython.int
        tmp: cython.int
        d: cython.int
        budget: cython.int
        found: cython.int
        kind: cython.int
        best: cython.int
        bestc: cython.int
        ties: cython.int
        slot_src: cython.p_int = self.s_slot_src
        slot_card: cython.p_int = self.s_slot_card
        slot_own: cython.p_int = self.s_slot_own
        slot_t: cython.p_int = self.s_slot_t
        given: cython.p_int = self.s_given
        pool: cython.p_int = self.s_pool
        seg: cython.p_int = self.s_seg
        item_o: cython.p_int = self.s_item_o
        item_g: cython.p_int = self.s_item_g
        item_c: cython.p_int = self.s_item_c
        chosen: cython.p_int = self.s_chosen
        setg: cython.p_int = self.s_setg
        start: cython.p_int = self.s_start
        tried: cython.p_int = self.s_tried
        for o in range(n):
            self.s_done[o] = (o != seat and self.tr_on and b[self.o_trick + o] >= 0
                              and b[self.o_trick + o] < b[self.o_tstep])
        for g in range(G):
            for q in range(self.s_extra[seat * G + g]):
                item_o[items] = 2 * n
                item_g[items] = g
                items += 1
        if not redealt:
            for o in range(n):
                given[o] = -1
        else:
            q = self.s_sinv[seat]
            if q != seat:
                item_o[items] = n + q
                item_g[items] = b[self.o_rrecv + seat]
                items += 1
        for o in range(n):
            if o == seat:
                continue
            for g in range(G):
                for q in range(b[self.o_played + o * G + g] + self.s_extra[o * G + g]):
                    item_o[items] = o
                    item_g[items] = g
                    items += 1
        for a in range(items):
            cnt = 0
            for j in range(nslots):
                if self.c_candidate(j, item_o[a], item_g[a], fixed, redealt):
                    cnt += 1
            if cnt == 0:
                return 0
            item_c[a] = cnt
        # most constrained first (a stable insertion sort)
        for a in range(1, items):
            kk = a
            while kk > 0 and item_c[kk - 1] > item_c[kk]:
                tmp = item_o[kk - 1]
                item_o[kk - 1] = item_o[kk]
                item_o[kk] = tmp
                tmp = item_g[kk - 1]
                item_g[kk - 1] = item_g[kk]
                item_g[kk] = tmp
                tmp = item_c[kk - 1]
                item_c[kk - 1] = item_c[kk]
                item_c[kk] = tmp
                kk -= 1
        for a in range(items):
            chosen[a] = -1
            setg[a] = -1
            start[a] = 0
            tried[a] = 0
        d = 0
        if items > 0:
            start[0] = rng.below(nslots)
        budget = DFS_BUDGET
        while 0 <= d < items:
            budget -= 1
            if budget == 0:
                return 0
            g = item_g[d]
            if chosen[d] >= 0:  # undo the previous choice at this level
                j = chosen[d]
                slot_card[j] = -1
                if slot_src[j] == -1:
                    pool[g] += 1
                elif slot_src[j] >= 0:
                    seg[slot_src[j] * G + g] += 1
                if setg[d] >= 0:
                    given[setg[d]] = -1
                    setg[d] = -1
                chosen[d] = -1
            if chosen[d] < 0 and tried[d] == 0:
                # entering this level afresh: the open item with the fewest
                # candidate slots now goes here; none left for one: back up
                # (ties broken at random, so that restarts explore different orders)
                best = -1
                bestc = nslots + 1
                ties = 0
                for a in range(d, items):
                    cnt = 0
                    for j in range(nslots):
                        if self.c_candidate(j, item_o[a], item_g[a], fixed, redealt):
                            cnt += 1
                    if cnt < bestc:
                        bestc = cnt
                        best = a
                        ties = 1
                        if cnt == 0:
                            break
                    elif cnt == bestc:
                        ties += 1
                        if rng.below(ties) == 0:
                            best = a
                if bestc == 0:
                    d -= 1
                    continue
                tmp = item_o[d]
                item_o[d] = item_o[best]
                item_o[best] = tmp
                tmp = item_g[d]
                item_g[d] = item_g[best]
                item_g[best] = tmp
                g = item_g[d]
            found = -1
            kind = 0
            while tried[d] < nslots:
                j = (start[d] + tried[d]) % nslots
                tried[d] += 1
                kind = self.c_candidate(j, item_o[d], g, fixed, redealt)
                if kind:
                    found = j
                    break
            if found < 0:
                tried[d] = 0
                d -= 1
                continue
            chosen[d] = found
            slot_card[found] = g
            if slot_src[found] == -1:
                pool[g] -= 1
            elif slot_src[found] >= 0:
                seg[slot_src[found] * G + g] -= 1
            if kind == 2:
                q = slot_own[found]
                given[q] = found
                setg[d] = q
            d += 1
            if d < items:
                start[d] = rng.below(nslots)
                tried[d] = 0
        if d != items:
            return 0
        if redealt:
            # each giver still open gives a pick no played card took (any pick
            # when its discard came back to it), uniformly
            for o in range(n):
                if o == seat or given[o] >= 0:
                    continue
                cnt = 0
                for j in range(nslots):
                    if slot_own[j] == o and slot_t[j] < h and (slot_card[j] < 0 or self.s_sigma[o] == o):
                        cnt += 1
                if cnt == 0:
                    return 0
                a = rng.below(cnt)
                for j in range(nslots):
                    if slot_own[j] == o and slot_t[j] < h and (slot_card[j] < 0 or self.s_sigma[o] == o):
                        if a == 0:
                            given[o] = j
                            break
                        a -= 1
            for o in range(n):
                if o != seat:
                    slot_own[given[o]] = self.s_sigma[o]
        return 1

    def c_rebuild_rounds(self, b, seat, t_cur, phase):
        """Recompute hist rows, kept hands and packets from initial contents and picks."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        g: cython.int
        t: cython.int
        p: cython.int
        rows: cython.int
        o: cython.int
        base: cython.int
        prev: cython.int
        po: cython.int
        initial: cython.p_int = self.s_initial
        # offsets in locals: gcc cannot tell that writes to b leave self's fields alone
        hist: cython.int = self.o_hist
        kept: cython.int = self.o_kept
        picks: cython.int = self.o_picks
        played: cython.int = self.o_played
        for i in range(n):
            if i == seat:
                continue
            b[self.o_pending + i] = -1
            for g in range(G):
                b[kept + i * G + g] = -b[played + i * G + g]
            for t in range(t_cur, h):
                b[picks + i * h + t] = -1
        rows = t_cur + 1 if phase == DRAFT else h
        for p in range(n):
            for g in range(G):
                b[hist + p * G + g] = initial[p * G + g]
            for t in range(rows):
                o = imod(p + dirn * t, n)
                base = hist + (t * n + p) * G
                if t > 0:
                    prev = hist + ((t - 1) * n + p) * G
                    po = imod(p + dirn * (t - 1), n)
                    for g in range(G):
                        b[base + g] = b[prev + g]
                    b[base + b[picks + po * h + t - 1]] -= 1
                if t < t_cur and o != seat:
                    b[kept + o * G + b[picks + o * h + t]] += 1
            for t in range(rows, h):
                base = hist + (t * n + p) * G
                for g in range(G):
                    b[base + g] = 0
