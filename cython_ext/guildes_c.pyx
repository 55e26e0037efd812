# Compiled twin of guildes_py.py (the readable reference, which documents the
# buffer layout and the rules).  Line for line the same logic and the same use
# of the random generator, so that both twins give identical states.

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
import numpy as np
from cython_ext.kernel_c cimport Kernel, Rng

DEF MAXP = 4
DEF RESTARTS = 10000
cdef enum:
    EVENT = 0
    DEAL = 1
    DRAFT = 2
    PLAY = 3
    OVER = 4


cdef inline int imod(int a, int n) noexcept nogil:
    cdef int r = a % n
    return r + n if r < 0 else r


cdef void c_count_votes(int* table, int n, int G, int rnd, int militia, int mvotes,
                        int* places, int* values, int* out) noexcept nogil:
    cdef int g, i, c, npl, vbase, pos, level, best, m, total, q, share, hi
    for g in range(G):
        if g == militia:
            for i in range(n):
                out[i] += mvotes * table[i * G + g]
            continue
        npl = places[rnd * G + g]
        vbase = (rnd * G + g) * MAXP
        pos = 0
        level = 1 << 30
        while pos < npl:
            best = 0
            for i in range(n):
                c = table[i * G + g]
                if best < c < level:
                    best = c
            if best == 0:
                break
            m = 0
            for i in range(n):
                if table[i * G + g] == best:
                    m += 1
            total = 0
            hi = pos + m
            if hi > npl:
                hi = npl
            for q in range(pos, hi):
                total += values[vbase + q]
            share = total // m
            for i in range(n):
                if table[i * G + g] == best:
                    out[i] += share
            pos += m
            level = best


def count_votes(int[::1] table, int n, int G, int rnd, int militia, int mvotes,
                int[::1] places, int[::1] values, int[::1] out):
    """Add the votes of one count to ``out`` (see guildes_py.count_votes)."""
    c_count_votes(&table[0], n, G, rnd, militia, mvotes, &places[0], &values[0], &out[0])


cdef class GuildesKernel(Kernel):
    cdef public int n, G, h, k, militia, mvotes, nevents
    cdef public object total, places, values, event_dir
    cdef int* c_total
    cdef int* c_places
    cdef int* c_values
    cdef int* c_event_dir
    cdef int o_round, o_phase, o_step, o_event, o_dir, o_used, o_score, o_deck, o_disc
    cdef int o_table, o_played, o_kept, o_pending, o_picks, o_hist
    # scratch, sized once
    cdef int* s_work
    cdef int* s_pool
    cdef int* s_first
    cdef int* s_last
    cdef int* s_slot_t
    cdef int* s_slot_p
    cdef int* s_slot_src
    cdef int* s_slot_card
    cdef int* s_seg
    cdef int* s_initial
    cdef int* s_item_o
    cdef int* s_item_g
    cdef int* s_item_c
    cdef int* s_chosen
    cdef int* s_start
    cdef int* s_tried
    cdef int* s_votes
    cdef int* s_moves
    cdef int* s_seats

    def __init__(self, dict cfg):
        n, G, h = cfg["players"], cfg["guilds"], cfg["dealt"]
        Kernel.__init__(self, n, cfg["size"], G)
        self.n, self.G, self.h, self.k = n, G, h, cfg["played"]
        self.militia = cfg["militia"]
        self.mvotes = cfg["militia_votes"]
        self.nevents = cfg["nevents"]
        self.total = np.ascontiguousarray(cfg["total"], dtype=np.intc)
        self.places = np.ascontiguousarray(cfg["places"], dtype=np.intc)
        self.values = np.ascontiguousarray(cfg["values"], dtype=np.intc)
        self.event_dir = np.ascontiguousarray(cfg["event_dir"], dtype=np.intc)
        cdef int[::1] v
        v = self.total
        self.c_total = &v[0]
        v = self.places
        self.c_places = &v[0]
        v = self.values
        self.c_values = &v[0]
        v = self.event_dir
        self.c_event_dir = &v[0]
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]
        cdef int hn = h * n
        self.s_work = <int*>malloc(self.size * sizeof(int))
        self.s_pool = <int*>malloc(G * sizeof(int))
        self.s_first = <int*>malloc(n * sizeof(int))
        self.s_last = <int*>malloc(n * sizeof(int))
        self.s_slot_t = <int*>malloc(hn * sizeof(int))
        self.s_slot_p = <int*>malloc(hn * sizeof(int))
        self.s_slot_src = <int*>malloc(hn * sizeof(int))
        self.s_slot_card = <int*>malloc(hn * sizeof(int))
        self.s_seg = <int*>malloc(hn * G * sizeof(int))
        self.s_initial = <int*>malloc(n * G * sizeof(int))
        self.s_item_o = <int*>malloc(hn * sizeof(int))
        self.s_item_g = <int*>malloc(hn * sizeof(int))
        self.s_item_c = <int*>malloc(hn * sizeof(int))
        self.s_chosen = <int*>malloc(hn * sizeof(int))
        self.s_start = <int*>malloc(hn * sizeof(int))
        self.s_tried = <int*>malloc(hn * sizeof(int))
        self.s_votes = <int*>malloc(n * sizeof(int))
        self.s_moves = <int*>malloc((G + 1) * sizeof(int))
        self.s_seats = <int*>malloc(n * sizeof(int))

    def __dealloc__(self):
        free(self.s_work); free(self.s_pool); free(self.s_first); free(self.s_last)
        free(self.s_slot_t); free(self.s_slot_p); free(self.s_slot_src); free(self.s_slot_card)
        free(self.s_seg); free(self.s_initial); free(self.s_item_o); free(self.s_item_g)
        free(self.s_item_c); free(self.s_chosen); free(self.s_start); free(self.s_tried)
        free(self.s_votes); free(self.s_moves); free(self.s_seats)

    # -- helpers ------------------------------------------------------------
    cdef inline int c_holder(self, int* b, int p, int t) noexcept nogil:
        return imod(p + b[self.o_dir] * t, self.n)

    cdef inline int c_packet_of(self, int* b, int seat, int t) noexcept nogil:
        return imod(seat - b[self.o_dir] * t, self.n)

    # -- turn ---------------------------------------------------------------
    cdef int c_to_move(self, int* b, int* out) noexcept nogil:
        cdef int phase = b[self.o_phase], c = 0, i
        if phase == EVENT or phase == DEAL:
            out[0] = -1
            return 1
        if phase == OVER:
            return 0
        for i in range(self.n):
            if b[self.o_pending + i] < 0:
                out[c] = i
                c += 1
        return c

    cpdef int to_move(self, int[::1] buf, int[::1] out):
        return self.c_to_move(&buf[0], &out[0])

    cdef int c_legal(self, int* b, int seat, int* out) noexcept nogil:
        cdef int phase = b[self.o_phase], base, c = 0, g, t
        if phase == DRAFT:
            t = b[self.o_step]
            base = self.o_hist + (t * self.n + self.c_packet_of(b, seat, t)) * self.G
        elif phase == PLAY:
            base = self.o_kept + seat * self.G
        else:
            return 0
        for g in range(self.G):
            if b[base + g] > 0:
                out[c] = g
                c += 1
        return c

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        return self.c_legal(&buf[0], seat, &out[0])

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        cdef int* b = &buf[0]
        cdef int phase = b[self.o_phase], c = 0, e, free_ = 0, left = 0, g
        if phase == EVENT:
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    free_ += 1
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    outcomes[c] = e
                    probs[c] = 1.0 / free_
                    c += 1
        elif phase == DEAL:
            for g in range(self.G):
                left += b[self.o_deck + g]
            for g in range(self.G):
                if b[self.o_deck + g] > 0:
                    outcomes[c] = g
                    probs[c] = b[self.o_deck + g] / <double>left
                    c += 1
        return c

    cdef int c_sample_chance(self, int* b, Rng rng):
        cdef int phase = b[self.o_phase], free_ = 0, e, r, left = 0, g
        if phase == EVENT:
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    free_ += 1
            r = rng.below(free_)
            for e in range(self.nevents):
                if not (b[self.o_used] >> e) & 1:
                    if r == 0:
                        return e
                    r -= 1
            return -1
        for g in range(self.G):
            left += b[self.o_deck + g]
        r = rng.below(left)
        for g in range(self.G):
            r -= b[self.o_deck + g]
            if r < 0:
                return g
        return -1

    cpdef int sample_chance(self, int[::1] buf, Rng rng):
        return self.c_sample_chance(&buf[0], rng)

    cdef void c_apply(self, int* b, int seat, int move) noexcept nogil:
        cdef int phase = b[self.o_phase], j, p, i
        if phase == EVENT:
            b[self.o_event] = move
            b[self.o_dir] = self.c_event_dir[move]
            b[self.o_used] |= 1 << move
            b[self.o_phase] = DEAL
            b[self.o_step] = 0
            return
        if phase == DEAL:
            j = b[self.o_step]
            p = j // self.h
            b[self.o_deck + move] -= 1
            b[self.o_hist + p * self.G + move] += 1
            j += 1
            b[self.o_step] = j
            if j == self.n * self.h:
                b[self.o_phase] = DRAFT
                b[self.o_step] = 0
            return
        b[self.o_pending + seat] = move
        for i in range(self.n):
            if b[self.o_pending + i] < 0:
                return
        if phase == DRAFT:
            self.c_resolve_picks(b)
        else:
            self.c_resolve_plays(b)

    cpdef void apply(self, int[::1] buf, int seat, int move):
        self.c_apply(&buf[0], seat, move)

    cdef void c_resolve_picks(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, t = b[self.o_step], i, g, p, src, dst, x
        for i in range(n):
            g = b[self.o_pending + i]
            p = self.c_packet_of(b, i, t)
            src = self.o_hist + (t * n + p) * G
            if t + 1 < h:
                dst = self.o_hist + ((t + 1) * n + p) * G
                for x in range(G):
                    b[dst + x] = b[src + x]
                b[dst + g] -= 1
            b[self.o_picks + i * h + t] = g
            b[self.o_kept + i * G + g] += 1
            b[self.o_pending + i] = -1
        t += 1
        if t == h:
            b[self.o_phase] = PLAY
            b[self.o_step] = 0
        else:
            b[self.o_step] = t

    cdef void c_resolve_plays(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, i, g, u
        for i in range(n):
            g = b[self.o_pending + i]
            b[self.o_kept + i * G + g] -= 1
            b[self.o_table + i * G + g] += 1
            b[self.o_played + i * G + g] += 1
            b[self.o_pending + i] = -1
        u = b[self.o_step] + 1
        b[self.o_step] = u
        if u == self.k:
            self.c_end_round(b)

    cdef void c_end_round(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, i, r
        for i in range(n * G):
            b[self.o_disc + i] += b[self.o_kept + i]
            b[self.o_kept + i] = 0
            b[self.o_played + i] = 0
        for i in range(n):
            self.s_votes[i] = 0
        c_count_votes(&b[self.o_table], n, G, b[self.o_round], self.militia, self.mvotes,
                      self.c_places, self.c_values, self.s_votes)
        for i in range(n):
            b[self.o_score + i] += self.s_votes[i]
        for i in range(n * h):
            b[self.o_picks + i] = -1
        for i in range(h * n * G):
            b[self.o_hist + i] = 0
        b[self.o_step] = 0
        r = b[self.o_round] + 1
        b[self.o_round] = r
        b[self.o_phase] = OVER if r == 3 else EVENT

    cpdef void scores(self, int[::1] buf, int[::1] out):
        cdef int i
        for i in range(self.n):
            out[i] = buf[self.o_score + i]

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        if actor < 0 or actor == observer:
            return move
        return self.max_moves

    # -- hidden information -------------------------------------------------
    cpdef void observe(self, int[::1] buf, int seat):
        self.c_observe(&buf[0], seat)

    cdef void c_observe(self, int* b, int seat) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, i, g, t, p
        for g in range(G):
            b[self.o_deck + g] = -1
        for i in range(n):
            if i == seat:
                continue
            b[self.o_pending + i] = -1
            for g in range(G):
                b[self.o_disc + i * G + g] = -1
                b[self.o_kept + i * G + g] = -1
            for t in range(h):
                b[self.o_picks + i * h + t] = -1
        for t in range(h):
            for p in range(n):
                if self.c_holder(b, p, t) != seat:
                    for g in range(G):
                        b[self.o_hist + (t * n + p) * G + g] = -1

    cdef int c_rows_seen(self, int* b) noexcept nogil:
        cdef int phase = b[self.o_phase]
        if phase == DRAFT:
            return b[self.o_step] + 1
        if phase == PLAY:
            return self.h
        if phase == DEAL:
            return 1
        return 0

    cpdef void determinize(self, int[::1] buf, int seat, Rng rng):
        cdef int* b = &buf[0]
        cdef int attempt
        memcpy(self.s_work, b, self.size * sizeof(int))
        for attempt in range(RESTARTS):
            memcpy(b, self.s_work, self.size * sizeof(int))
            if self.c_fill(b, seat, rng):
                return
        raise RuntimeError("guildes determinize: no consistent deal found")

    cdef int c_draw_plain(self, int* cand, int off, Rng rng):
        cdef int tot = 0, g, r
        for g in range(self.G):
            tot += cand[off + g]
        r = rng.below(tot)
        for g in range(self.G):
            r -= cand[off + g]
            if r < 0:
                return g
        return -1

    cdef int c_fill(self, int* b, int seat, Rng rng):
        cdef int n = self.n, G = self.G, h = self.h
        cdef int phase = b[self.o_phase], rnd = b[self.o_round]
        cdef int rows = self.c_rows_seen(b)
        cdef int t_cur, dirn = b[self.o_dir]
        cdef int g, c, i, p, t, base, nslots, o, sid, nb, j, src, dealt, full, part, cnt, x, per, q
        cdef int* pool = self.s_pool
        cdef int* first = self.s_first
        cdef int* last = self.s_last
        cdef int* slot_t = self.s_slot_t
        cdef int* slot_p = self.s_slot_p
        cdef int* slot_src = self.s_slot_src
        cdef int* slot_card = self.s_slot_card
        cdef int* seg = self.s_seg
        cdef int* initial = self.s_initial
        if phase == DRAFT:
            t_cur = b[self.o_step]
        elif phase == PLAY:
            t_cur = h
        else:
            t_cur = 0
        for g in range(G):
            c = self.c_total[g] - b[self.o_disc + seat * G + g]
            for i in range(n):
                c -= b[self.o_table + i * G + g] - b[self.o_played + i * G + g]
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
        nslots = 0
        for t in range(t_cur):
            for p in range(n):
                o = imod(p + dirn * t, n)
                if o == seat:
                    last[p] = t
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
        if not self.c_place_played(b, seat, rng, nslots):
            return 0
        for j in range(nslots):
            if slot_card[j] >= 0:
                continue
            src = slot_src[j]
            if src < 0:
                g = self.c_draw_plain(pool, 0, rng)
                pool[g] -= 1
            else:
                g = self.c_draw_plain(seg, src * G, rng)
                seg[src * G + g] -= 1
            slot_card[j] = g
        for x in range(n * G):
            initial[x] = 0
        for p in range(n):
            if first[p] >= 0:
                base = self.o_hist + (first[p] * n + p) * G
                for g in range(G):
                    initial[p * G + g] = b[base + g]
        for j in range(nslots):
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
        if phase == EVENT or phase == OVER:
            for i in range(n):
                if i != seat:
                    for g in range(G):
                        b[self.o_kept + i * G + g] = 0
            for x in range(h * n * G):
                b[self.o_hist + x] = 0
        elif phase == DEAL:
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
        per = (h - self.k) * rnd
        for i in range(n):
            if i == seat:
                continue
            for g in range(G):
                b[self.o_disc + i * G + g] = 0
            for q in range(per):
                g = self.c_draw_plain(pool, 0, rng)
                pool[g] -= 1
                b[self.o_disc + i * G + g] += 1
        for g in range(G):
            b[self.o_deck + g] = pool[g]
        return 1

    cdef int c_place_played(self, int* b, int seat, Rng rng, int nslots):
        cdef int n = self.n, G = self.G, dirn = b[self.o_dir]
        cdef int items = 0, o, g, q, cnt, j, src, a, kk, tmp, d, budget, found, avail
        cdef int* slot_t = self.s_slot_t
        cdef int* slot_p = self.s_slot_p
        cdef int* slot_src = self.s_slot_src
        cdef int* slot_card = self.s_slot_card
        cdef int* pool = self.s_pool
        cdef int* seg = self.s_seg
        cdef int* item_o = self.s_item_o
        cdef int* item_g = self.s_item_g
        cdef int* item_c = self.s_item_c
        cdef int* chosen = self.s_chosen
        cdef int* start = self.s_start
        cdef int* tried = self.s_tried
        for o in range(n):
            if o == seat:
                continue
            for g in range(G):
                for q in range(b[self.o_played + o * G + g]):
                    cnt = 0
                    for j in range(nslots):
                        if imod(slot_p[j] + dirn * slot_t[j], n) == o:
                            src = slot_src[j]
                            avail = pool[g] if src < 0 else seg[src * G + g]
                            if avail > 0:
                                cnt += 1
                    item_o[items] = o
                    item_g[items] = g
                    item_c[items] = cnt
                    items += 1
        if items == 0:
            return 1
        for a in range(1, items):
            kk = a
            while kk > 0 and item_c[kk - 1] > item_c[kk]:
                tmp = item_o[kk - 1]; item_o[kk - 1] = item_o[kk]; item_o[kk] = tmp
                tmp = item_g[kk - 1]; item_g[kk - 1] = item_g[kk]; item_g[kk] = tmp
                tmp = item_c[kk - 1]; item_c[kk - 1] = item_c[kk]; item_c[kk] = tmp
                kk -= 1
        for a in range(items):
            chosen[a] = -1
            start[a] = 0
            tried[a] = 0
        d = 0
        start[0] = rng.below(nslots)
        budget = 20000
        while 0 <= d < items:
            budget -= 1
            if budget == 0:
                return 0
            o = item_o[d]
            g = item_g[d]
            if chosen[d] >= 0:
                j = chosen[d]
                slot_card[j] = -1
                if slot_src[j] < 0:
                    pool[g] += 1
                else:
                    seg[slot_src[j] * G + g] += 1
                chosen[d] = -1
            found = -1
            while tried[d] < nslots:
                j = (start[d] + tried[d]) % nslots
                tried[d] += 1
                if slot_card[j] < 0 and imod(slot_p[j] + dirn * slot_t[j], n) == o:
                    src = slot_src[j]
                    avail = pool[g] if src < 0 else seg[src * G + g]
                    if avail > 0:
                        found = j
                        break
            if found < 0:
                tried[d] = 0
                d -= 1
                continue
            chosen[d] = found
            slot_card[found] = g
            if slot_src[found] < 0:
                pool[g] -= 1
            else:
                seg[slot_src[found] * G + g] -= 1
            d += 1
            if d < items:
                start[d] = rng.below(nslots)
                tried[d] = 0
        return 1 if d == items else 0

    cdef void c_rebuild_rounds(self, int* b, int seat, int t_cur, int phase) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, i, g, t, p, rows, o, base, prev, po
        cdef int* initial = self.s_initial
        for i in range(n):
            if i == seat:
                continue
            b[self.o_pending + i] = -1
            for g in range(G):
                b[self.o_kept + i * G + g] = -b[self.o_played + i * G + g]
            for t in range(h):
                if t >= t_cur:
                    b[self.o_picks + i * h + t] = -1
        rows = t_cur + 1 if phase == DRAFT else h
        for p in range(n):
            for g in range(G):
                b[self.o_hist + p * G + g] = initial[p * G + g]
            for t in range(rows):
                o = self.c_holder(b, p, t)
                base = self.o_hist + (t * n + p) * G
                if t > 0:
                    prev = self.o_hist + ((t - 1) * n + p) * G
                    po = self.c_holder(b, p, t - 1)
                    for g in range(G):
                        b[base + g] = b[prev + g]
                    b[base + b[self.o_picks + po * h + t - 1]] -= 1
                if t < t_cur and o != seat:
                    b[self.o_kept + o * G + b[self.o_picks + o * h + t]] += 1
            for t in range(rows, h):
                for g in range(G):
                    b[self.o_hist + (t * n + p) * G + g] = 0

    # -- playout ------------------------------------------------------------
    cdef void c_rollout(self, int* b, Rng rng):
        cdef int phase, m, j, c, seat
        while True:
            phase = b[self.o_phase]
            if phase == OVER:
                return
            if phase == EVENT or phase == DEAL:
                self.c_apply(b, -1, self.c_sample_chance(b, rng))
                continue
            m = self.c_to_move(b, self.s_seats)
            for j in range(m):
                seat = self.s_seats[j]
                c = self.c_legal(b, seat, self.s_moves)
                self.c_apply(b, seat, self.s_moves[rng.below(c)])

    cpdef void rollout(self, int[::1] buf, Rng rng):
        self.c_rollout(&buf[0], rng)
