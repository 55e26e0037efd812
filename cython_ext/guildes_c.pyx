# Compiled twin of guildes_py.py (the readable reference, which documents the
# buffer layout and the rules).  Line for line the same logic and the same use
# of the random generator, so that both twins give identical states.

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
import numpy as np
from cython_ext.kernel cimport Kernel, Rng

DEF MAXP = 4
DEF RESTARTS = 10000
DEF FIXED = -2
cdef enum:
    EVENT = 0
    DEAL = 1
    DRAFT = 2
    PLAY = 3
    OVER = 4
    TDEAL = 5
    REDIS = 6
    RDEAL = 7
    START = 8
    TRICK = 9
    DRAW = 10
    DPICK = 11
cdef enum:
    FEWER = 0
    NOTIES = 1
    SEQ = 2
    REDIST = 3
    ONETWO = 4
    FACEDOWN = 5
cdef enum:
    PROTECT = 0
    SWAPT = 1
    SACRIF = 2
    DRAWD = 3
    SWAPH = 4
    VIRT = 5

SUPPORTS_VARIANTS = True


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


cdef void c_exclude_ties(int* table, int n, int G, int militia, int* mark) noexcept nogil:
    cdef int g, i, j, c
    for g in range(G):
        if g == militia:
            continue
        for i in range(n):
            c = table[i * G + g]
            mark[i] = 0
            if c > 0:
                for j in range(n):
                    if j != i and table[j * G + g] == c:
                        mark[i] = 1
        for i in range(n):
            if mark[i]:
                table[i * G + g] = 0


def exclude_ties(int[::1] table, int n, int G, int militia, int[::1] mark):
    """See guildes_py.exclude_ties."""
    c_exclude_ties(&table[0], n, G, militia, &mark[0])


cdef void c_perm_decode(int code, int n, int* out) noexcept nogil:
    cdef int avail[8]
    cdef int i, j, f = 1, d, m = n
    for i in range(n):
        avail[i] = i
    for i in range(2, n):
        f *= i
    for i in range(n):
        d = code // f
        code = code % f
        out[i] = avail[d]
        for j in range(d, m - 1):
            avail[j] = avail[j + 1]
        m -= 1
        if i < n - 1:
            f //= (n - 1 - i)


def perm_decode(int code, int n, int[::1] out):
    """See guildes_py.perm_decode."""
    c_perm_decode(code, n, &out[0])


def move_bound(int n, int G, int events, int tricks):
    cdef int m = G, f = 1, i
    if events:
        for i in range(2, n + 1):
            f *= i
        m = max(m, f)
    if tricks:
        m = max(m, 1 + n * n * G * G, 16)
    return m


def count_votes(int[::1] table, int n, int G, int rnd, int militia, int mvotes,
                int[::1] places, int[::1] values, int[::1] out):
    """Add the votes of one count to ``out`` (see guildes_py.count_votes)."""
    c_count_votes(&table[0], n, G, rnd, militia, mvotes, &places[0], &values[0], &out[0])


cdef class GuildesKernel(Kernel):
    cdef public int n, G, h, k, militia, mvotes, nevents, ev_on, tr_on, ntricks, fact
    cdef public object total, places, values, event_dir
    cdef public object event_eff, trick_kind, trick_guild, trick_ok, worth10
    cdef int* c_event_eff
    cdef int* c_trick_kind
    cdef int* c_trick_guild
    cdef int* c_trick_ok
    cdef int* c_worth10
    cdef int o_ndisc, o_start, o_sub, o_pend2, o_fdown, o_rdisc, o_rrecv, o_trick, o_prevtrick
    cdef int o_tstep, o_virt, o_pubdisc, o_drawn, o_dcard, o_tdisc
    cdef int* s_ct
    cdef int* s_mark
    cdef int* s_extra
    cdef int* s_cap
    cdef int* s_src
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
    cdef int* s_slot_own
    cdef int* s_given
    cdef int* s_sigma
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
        self.ev_on = int(cfg.get("events", 0))
        self.tr_on = int(cfg.get("tricks", 0))
        Kernel.__init__(self, n, cfg["size"], move_bound(n, G, self.ev_on, self.tr_on))
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
        self.event_eff = np.ascontiguousarray(cfg.get("event_effect", np.zeros(self.nevents)), dtype=np.intc)
        self.ntricks = cfg.get("ntricks", 0)
        self.trick_kind = np.ascontiguousarray(cfg.get("trick_kind", np.zeros(1)), dtype=np.intc)
        self.trick_guild = np.ascontiguousarray(cfg.get("trick_guild", np.zeros(1)), dtype=np.intc)
        self.trick_ok = np.ascontiguousarray(cfg.get("trick_ok", np.zeros(1)), dtype=np.intc)
        self.worth10 = np.ascontiguousarray(cfg.get("worth10", np.zeros(G)), dtype=np.intc)
        v = self.event_eff
        self.c_event_eff = &v[0]
        v = self.trick_kind
        self.c_trick_kind = &v[0]
        v = self.trick_guild
        self.c_trick_guild = &v[0]
        v = self.trick_ok
        self.c_trick_ok = &v[0]
        v = self.worth10
        self.c_worth10 = &v[0]
        self.fact = 1
        for i in range(2, n + 1):
            self.fact *= i
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]
        g = o.get
        self.o_ndisc = g("ndisc", -1)
        self.o_start, self.o_sub, self.o_pend2 = g("start", -1), g("sub", -1), g("pend2", -1)
        self.o_fdown, self.o_rdisc, self.o_rrecv = g("fdown", -1), g("rdisc", -1), g("rrecv", -1)
        self.o_trick, self.o_prevtrick, self.o_tstep = g("trick", -1), g("prevtrick", -1), g("tstep", -1)
        self.o_virt, self.o_pubdisc, self.o_drawn = g("virt", -1), g("pubdisc", -1), g("drawn", -1)
        self.o_dcard, self.o_tdisc = g("dcard", -1), g("tdisc", -1)
        cdef int hn = (h + 1) * n
        self.s_work = <int*>malloc(self.size * sizeof(int))
        self.s_pool = <int*>malloc(G * sizeof(int))
        self.s_first = <int*>malloc(n * sizeof(int))
        self.s_last = <int*>malloc(n * sizeof(int))
        self.s_slot_t = <int*>malloc(hn * sizeof(int))
        self.s_slot_p = <int*>malloc(hn * sizeof(int))
        self.s_slot_src = <int*>malloc(hn * sizeof(int))
        self.s_slot_card = <int*>malloc(hn * sizeof(int))
        self.s_slot_own = <int*>malloc(hn * sizeof(int))
        self.s_given = <int*>malloc(n * sizeof(int))
        self.s_sigma = <int*>malloc(n * sizeof(int))
        self.s_seg = <int*>malloc(hn * G * sizeof(int))
        self.s_initial = <int*>malloc(n * G * sizeof(int))
        self.s_item_o = <int*>malloc(hn * sizeof(int))
        self.s_item_g = <int*>malloc(hn * sizeof(int))
        self.s_item_c = <int*>malloc(hn * sizeof(int))
        self.s_chosen = <int*>malloc(hn * sizeof(int))
        self.s_start = <int*>malloc(hn * sizeof(int))
        self.s_tried = <int*>malloc(hn * sizeof(int))
        self.s_votes = <int*>malloc(n * sizeof(int))
        self.s_moves = <int*>malloc((self.max_moves + 1) * sizeof(int))
        self.s_seats = <int*>malloc(n * sizeof(int))
        self.s_ct = <int*>malloc(n * G * sizeof(int))
        self.s_mark = <int*>malloc(n * sizeof(int))
        self.s_extra = <int*>malloc(n * G * sizeof(int))
        self.s_cap = <int*>malloc(n * sizeof(int))
        self.s_src = <int*>malloc(8 * sizeof(int))

    def __dealloc__(self):
        free(self.s_work); free(self.s_pool); free(self.s_first); free(self.s_last)
        free(self.s_slot_t); free(self.s_slot_p); free(self.s_slot_src); free(self.s_slot_card)
        free(self.s_slot_own); free(self.s_given); free(self.s_sigma)
        free(self.s_seg); free(self.s_initial); free(self.s_item_o); free(self.s_item_g)
        free(self.s_item_c); free(self.s_chosen); free(self.s_start); free(self.s_tried)
        free(self.s_votes); free(self.s_moves); free(self.s_seats)
        free(self.s_ct); free(self.s_mark); free(self.s_extra); free(self.s_cap); free(self.s_src)

    # -- helpers ------------------------------------------------------------
    cdef inline int c_holder(self, int* b, int p, int t) noexcept nogil:
        return imod(p + b[self.o_dir] * t, self.n)

    cdef inline int c_packet_of(self, int* b, int seat, int t) noexcept nogil:
        return imod(seat - b[self.o_dir] * t, self.n)

    # -- variant helpers (see guildes_py.py) ---------------------------------
    cdef inline int c_effect(self, int* b) noexcept nogil:
        if not self.ev_on or b[self.o_event] < 0:
            return -1
        return self.c_event_eff[b[self.o_event]]

    cdef inline int c_to_play(self, int* b) noexcept nogil:
        return self.k - 1 if self.c_effect(b) == FEWER else self.k

    cdef int c_batch(self, int* b) noexcept nogil:
        cdef int kr, size, pos, u
        if self.c_effect(b) != ONETWO:
            return 1
        kr = self.c_to_play(b)
        size = 1 if kr % 3 == 1 else 2
        pos = 0
        u = b[self.o_step]
        while pos + size <= u:
            pos += size
            size = 3 - size
        if pos + size > kr:
            size = kr - pos
        return size

    cdef inline int c_seq_seat(self, int* b) noexcept nogil:
        return imod(b[self.o_start] - b[self.o_step] - b[self.o_sub], self.n)

    cdef int c_trick_holder(self, int* b, int t) noexcept nogil:
        cdef int i
        for i in range(self.n):
            if b[self.o_trick + i] == t:
                return i
        return -1

    def trick_holder(self, int[::1] buf, int t):
        return self.c_trick_holder(&buf[0], t)

    cdef int c_protected(self, int* b) noexcept nogil:
        cdef int i, t
        for i in range(self.n):
            t = b[self.o_trick + i]
            if t >= 0 and self.c_trick_kind[t] == PROTECT:
                return i
        return -1

    cdef int c_pile_total(self, int* b) noexcept nogil:
        cdef int c = 0, i, g, j
        for i in range(self.n):
            c += b[self.o_ndisc + i]
        for g in range(self.G):
            c += b[self.o_pubdisc + g] - b[self.o_drawn + g]
        for j in range(2):
            if b[self.o_dcard + j] >= 0:
                c -= 1
        return c

    cdef int c_pile(self, int* b, int g) noexcept nogil:
        cdef int c = b[self.o_pubdisc + g] - b[self.o_drawn + g], i, j
        for i in range(self.n):
            c += b[self.o_disc + i * self.G + g] + b[self.o_tdisc + i * self.G + g]
        for j in range(2):
            if b[self.o_dcard + j] == g:
                c -= 1
        return c

    # -- turn ---------------------------------------------------------------
    cdef int c_to_move(self, int* b, int* out) noexcept nogil:
        cdef int phase = b[self.o_phase], c = 0, i, two
        if phase == OVER:
            return 0
        if phase == DRAFT or phase == REDIS:
            for i in range(self.n):
                if b[self.o_pending + i] < 0:
                    out[c] = i
                    c += 1
            return c
        if phase == PLAY:
            if self.c_effect(b) == SEQ:
                out[0] = self.c_seq_seat(b)
                return 1
            two = self.c_batch(b) == 2
            for i in range(self.n):
                if b[self.o_pending + i] < 0 or (two and b[self.o_pend2 + i] < 0):
                    out[c] = i
                    c += 1
            return c
        if phase == TRICK or phase == DPICK:
            out[0] = self.c_trick_holder(b, b[self.o_tstep])
            return 1
        out[0] = -1
        return 1

    cpdef int to_move(self, int[::1] buf, int[::1] out):
        return self.c_to_move(&buf[0], &out[0])

    cdef int c_legal(self, int* b, int seat, int* out) noexcept nogil:
        cdef int phase = b[self.o_phase], base, c = 0, g, t, first, x, y
        if phase == DRAFT:
            t = b[self.o_step]
            base = self.o_hist + (t * self.n + self.c_packet_of(b, seat, t)) * self.G
        elif phase == PLAY or phase == REDIS:
            base = self.o_kept + seat * self.G
            if phase == PLAY and self.ev_on and b[self.o_pending + seat] >= 0:
                first = b[self.o_pending + seat]
                for g in range(self.G):
                    if b[base + g] - (1 if g == first else 0) > 0:
                        out[c] = g
                        c += 1
                return c
        elif phase == TRICK:
            return self.c_trick_legal(b, seat, out)
        elif phase == DPICK:
            x = b[self.o_dcard]
            y = b[self.o_dcard + 1]
            if x == y:
                out[0] = x
                return 1
            out[0] = x if x < y else y
            out[1] = y if x < y else x
            return 2
        else:
            return 0
        for g in range(self.G):
            out[c] = g  # branch-free: the hot loop of every playout
            c += b[base + g] > 0
        return c

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        return self.c_legal(&buf[0], seat, &out[0])

    cdef int c_trick_legal(self, int* b, int a, int* out) noexcept nogil:
        cdef int n = self.n, G = self.G, t, kind, pr, tb = self.o_table, c
        cdef int pa, pb, ga, gb, gc, pt, gt, have, x, y, g, p
        t = b[self.o_trick + a]
        kind = self.c_trick_kind[t]
        pr = self.c_protected(b)
        if pr == a:
            pr = -1
        out[0] = 0
        c = 1
        if kind == SWAPT:
            for pa in range(n):
                if pa == pr:
                    continue
                for pb in range(pa + 1, n):
                    if pb == pr:
                        continue
                    for ga in range(G):
                        if b[tb + pa * G + ga] <= 0:
                            continue
                        for gb in range(G):
                            if gb != ga and b[tb + pb * G + gb] > 0:
                                out[c] = 1 + ((pa * n + pb) * G + ga) * G + gb
                                c += 1
        elif kind == SACRIF:
            for gc in range(G):
                if not self.c_worth10[gc] or b[tb + a * G + gc] <= 0:
                    continue
                for pt in range(n):
                    if pt == pr:
                        continue
                    for gt in range(G):
                        have = b[tb + pt * G + gt]
                        if pt == a and gt == gc:
                            have -= 1
                        if have > 0:
                            out[c] = 1 + (gc * n + pt) * G + gt
                            c += 1
        elif kind == DRAWD:
            if self.c_pile_total(b) >= 2:
                out[c] = 1
                c += 1
        elif kind == SWAPH:
            for x in range(G):
                if b[self.o_kept + a * G + x] <= 0:
                    continue
                for y in range(G):
                    if y != x and b[tb + a * G + y] > 0:
                        out[c] = 1 + x * G + y
                        c += 1
        elif kind == VIRT:
            g = self.c_trick_guild[t]
            for p in range(n):
                if p == pr:
                    continue
                out[c] = 1 + 2 * p
                c += 1
                if b[tb + p * G + g] + b[self.o_virt + p * G + g] > 0:
                    out[c] = 2 + 2 * p
                    c += 1
        return c

    cdef int c_trick_free(self, int* b, int seat, int t) noexcept nogil:
        cdef int i
        if not self.c_trick_ok[t] or b[self.o_prevtrick + seat] == t:
            return 0
        for i in range(seat):
            if b[self.o_trick + i] == t:
                return 0
        return 1

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        cdef int* b = &buf[0]
        cdef int phase = b[self.o_phase], c = 0, e, free_ = 0, left = 0, g, seat, t, i, p
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
        elif phase == TDEAL:
            seat = b[self.o_step]
            for t in range(self.ntricks):
                free_ += self.c_trick_free(b, seat, t)
            for t in range(self.ntricks):
                if self.c_trick_free(b, seat, t):
                    outcomes[c] = t
                    probs[c] = 1.0 / free_
                    c += 1
        elif phase == START:
            for i in range(self.n):
                outcomes[c] = i
                probs[c] = 1.0 / self.n
                c += 1
        elif phase == RDEAL:
            for i in range(self.fact):
                outcomes[c] = i
                probs[c] = 1.0 / self.fact
                c += 1
        elif phase == DRAW:
            for g in range(self.G):
                left += self.c_pile(b, g)
            for g in range(self.G):
                p = self.c_pile(b, g)
                if p > 0:
                    outcomes[c] = g
                    probs[c] = p / <double>left
                    c += 1
        return c

    cdef int c_sample_chance(self, int* b, Rng rng):
        cdef int phase = b[self.o_phase], free_ = 0, e, r, left = 0, g, seat, t
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
        if phase == TDEAL:
            seat = b[self.o_step]
            for t in range(self.ntricks):
                free_ += self.c_trick_free(b, seat, t)
            r = rng.below(free_)
            for t in range(self.ntricks):
                if self.c_trick_free(b, seat, t):
                    if r == 0:
                        return t
                    r -= 1
            return -1
        if phase == START:
            return rng.below(self.n)
        if phase == RDEAL:
            return rng.below(self.fact)
        if phase == DRAW:
            for g in range(self.G):
                left += self.c_pile(b, g)
            r = rng.below(left)
            for g in range(self.G):
                r -= self.c_pile(b, g)
                if r < 0:
                    return g
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
        cdef int phase = b[self.o_phase], j, p, i, g, n = self.n, G = self.G, x, y, other, sub, u, two
        if phase == EVENT:
            b[self.o_event] = move
            b[self.o_dir] = self.c_event_dir[move]
            b[self.o_used] |= 1 << move
            b[self.o_phase] = TDEAL if self.tr_on else DEAL
            b[self.o_step] = 0
            return
        if phase == TDEAL:
            j = b[self.o_step]
            b[self.o_trick + j] = move
            b[self.o_step] = j + 1
            if j + 1 == n:
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
        if phase == START:
            b[self.o_start] = move
            b[self.o_sub] = 0
            b[self.o_phase] = PLAY
            return
        if phase == RDEAL:
            c_perm_decode(move, n, self.s_src)
            for i in range(n):
                g = b[self.o_rdisc + self.s_src[i]]
                b[self.o_rrecv + i] = g
                b[self.o_kept + i * G + g] += 1
            b[self.o_phase] = PLAY
            return
        if phase == TRICK:
            self.c_apply_trick(b, seat, move)
            return
        if phase == DRAW:
            if b[self.o_dcard] < 0:
                b[self.o_dcard] = move
            else:
                b[self.o_dcard + 1] = move
                b[self.o_phase] = DPICK
            return
        if phase == DPICK:
            x = b[self.o_dcard]
            y = b[self.o_dcard + 1]
            other = y if move == x else x
            b[self.o_table + seat * G + move] += 1
            b[self.o_pubdisc + other] += 1
            b[self.o_drawn + x] += 1
            b[self.o_drawn + y] += 1
            b[self.o_dcard] = -1
            b[self.o_dcard + 1] = -1
            self.c_end_trick_step(b, seat)
            return
        if phase == PLAY and self.ev_on:
            if self.c_effect(b) == SEQ:
                b[self.o_kept + seat * G + move] -= 1
                b[self.o_table + seat * G + move] += 1
                b[self.o_played + seat * G + move] += 1
                sub = b[self.o_sub] + 1
                if sub == n:
                    b[self.o_sub] = 0
                    u = b[self.o_step] + 1
                    b[self.o_step] = u
                    if u == self.c_to_play(b):
                        self.c_end_play(b)
                else:
                    b[self.o_sub] = sub
                return
            if b[self.o_pending + seat] >= 0:
                b[self.o_pend2 + seat] = move
            else:
                b[self.o_pending + seat] = move
            two = self.c_batch(b) == 2
            for i in range(n):
                if b[self.o_pending + i] < 0 or (two and b[self.o_pend2 + i] < 0):
                    return
            self.c_resolve_plays(b)
            return
        b[self.o_pending + seat] = move
        for i in range(self.n):
            if b[self.o_pending + i] < 0:
                return
        if phase == DRAFT:
            self.c_resolve_picks(b)
        elif phase == REDIS:
            for i in range(n):
                g = b[self.o_pending + i]
                b[self.o_rdisc + i] = g
                b[self.o_kept + i * G + g] -= 1
                b[self.o_pending + i] = -1
            b[self.o_phase] = RDEAL
        else:
            self.c_resolve_plays(b)

    cpdef void apply(self, int[::1] buf, int seat, int move):
        self.c_apply(&buf[0], seat, move)

    cdef void c_apply_trick(self, int* b, int a, int move) noexcept nogil:
        cdef int n = self.n, G = self.G, t, kind, tb = self.o_table, m, ga, gb, pa, pb, gt, pt, gc, x, y, p
        t = b[self.o_trick + a]
        kind = self.c_trick_kind[t]
        if move > 0:
            m = move - 1
            if kind == SWAPT:
                gb = m % G
                ga = (m // G) % G
                pb = (m // (G * G)) % n
                pa = m // (G * G * n)
                b[tb + pa * G + ga] -= 1
                b[tb + pb * G + ga] += 1
                b[tb + pb * G + gb] -= 1
                b[tb + pa * G + gb] += 1
            elif kind == SACRIF:
                gt = m % G
                pt = (m // G) % n
                gc = m // (G * n)
                b[tb + a * G + gc] -= 1
                b[self.o_pubdisc + gc] += 1
                b[tb + pt * G + gt] -= 1
                b[self.o_pubdisc + gt] += 1
            elif kind == DRAWD:
                b[self.o_phase] = DRAW
                return
            elif kind == SWAPH:
                x = m // G
                y = m % G
                b[self.o_kept + a * G + x] -= 1
                b[tb + a * G + x] += 1
                b[self.o_played + a * G + x] += 1
                b[tb + a * G + y] -= 1
                b[self.o_pubdisc + y] += 1
            elif kind == VIRT:
                p = m // 2
                b[self.o_virt + p * G + self.c_trick_guild[t]] += -1 if m % 2 else 1
        self.c_end_trick_step(b, a)

    cdef void c_end_trick_step(self, int* b, int a) noexcept nogil:
        cdef int G = self.G, c = 0, g, x, t
        for g in range(G):
            x = b[self.o_kept + a * G + g]
            b[self.o_tdisc + a * G + g] += x
            c += x
            b[self.o_kept + a * G + g] = 0
        b[self.o_ndisc + a] += c
        b[self.o_phase] = TRICK
        t = b[self.o_tstep] + 1
        while t < self.ntricks and self.c_trick_holder(b, t) < 0:
            t += 1
        if t >= self.ntricks:
            self.c_end_round(b)
        else:
            b[self.o_tstep] = t

    cdef void c_resolve_picks(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, t = b[self.o_step], i, g, p, src, dst, x, eff
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
            eff = self.c_effect(b)
            if eff == REDIST:
                b[self.o_phase] = REDIS
            elif eff == SEQ:
                b[self.o_phase] = START
        else:
            b[self.o_step] = t

    cdef void c_resolve_plays(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, i, g, u, f, eff, kr
        eff = self.c_effect(b)
        kr = self.c_to_play(b)
        u = b[self.o_step] + self.c_batch(b)
        for i in range(n):
            g = b[self.o_pending + i]
            b[self.o_kept + i * G + g] -= 1
            if eff == FACEDOWN:
                f = b[self.o_fdown + i]
                if f >= 0:
                    b[self.o_table + i * G + f] += 1
                    b[self.o_played + i * G + f] += 1
                b[self.o_fdown + i] = g
                if u == kr:
                    b[self.o_table + i * G + g] += 1
                    b[self.o_played + i * G + g] += 1
                    b[self.o_fdown + i] = -1
            else:
                b[self.o_table + i * G + g] += 1
                b[self.o_played + i * G + g] += 1
            b[self.o_pending + i] = -1
            if self.ev_on and b[self.o_pend2 + i] >= 0:
                g = b[self.o_pend2 + i]
                b[self.o_kept + i * G + g] -= 1
                b[self.o_table + i * G + g] += 1
                b[self.o_played + i * G + g] += 1
                b[self.o_pend2 + i] = -1
        b[self.o_step] = u
        if u == kr:
            self.c_end_play(b)

    cdef void c_end_play(self, int* b) noexcept nogil:
        cdef int t = 0
        if not self.tr_on:
            self.c_end_round(b)
            return
        b[self.o_phase] = TRICK
        while self.c_trick_holder(b, t) < 0:
            t += 1
        b[self.o_tstep] = t

    cdef void c_end_round(self, int* b) noexcept nogil:
        cdef int n = self.n, G = self.G, h = self.h, i, r, var_ = self.ev_on or self.tr_on, c
        for i in range(n * G):
            if var_:
                b[self.o_ndisc + i // G] += b[self.o_kept + i]
            b[self.o_disc + i] += b[self.o_kept + i]
            b[self.o_kept + i] = 0
            b[self.o_played + i] = 0
        for i in range(n):
            self.s_votes[i] = 0
        if var_:
            for i in range(n * G):
                c = b[self.o_table + i]
                if self.tr_on:
                    c += b[self.o_virt + i]
                self.s_ct[i] = c if c > 0 else 0
            if self.c_effect(b) == NOTIES:
                c_exclude_ties(self.s_ct, n, G, self.militia, self.s_mark)
            c_count_votes(self.s_ct, n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        else:
            c_count_votes(&b[self.o_table], n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        for i in range(n):
            b[self.o_score + i] += self.s_votes[i]
        for i in range(n * h):
            b[self.o_picks + i] = -1
        for i in range(h * n * G):
            b[self.o_hist + i] = 0
        if self.ev_on:
            b[self.o_start] = -1
            b[self.o_sub] = 0
            for i in range(n):
                b[self.o_pend2 + i] = -1
                b[self.o_fdown + i] = -1
                b[self.o_rdisc + i] = -1
                b[self.o_rrecv + i] = -1
        if self.tr_on:
            for i in range(n):
                b[self.o_prevtrick + i] = b[self.o_trick + i]
                b[self.o_trick + i] = -1
            for i in range(n * G):
                b[self.o_virt + i] = 0
                b[self.o_disc + i] += b[self.o_tdisc + i]
                b[self.o_tdisc + i] = 0
            b[self.o_tstep] = 0
        b[self.o_step] = 0
        r = b[self.o_round] + 1
        b[self.o_round] = r
        b[self.o_phase] = OVER if r == 3 else EVENT

    cpdef void scores(self, int[::1] buf, int[::1] out):
        cdef int i
        for i in range(self.n):
            out[i] = buf[self.o_score + i]

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        cdef int* b = &buf[0]
        cdef int phase = b[self.o_phase]
        if actor < 0:
            # a dealt card is seen only by the seat whose packet it joins
            if (phase == DEAL and b[self.o_step] // self.h != observer) or phase == RDEAL:
                return self.max_moves
            return move
        if actor == observer:
            return move
        if phase == TRICK or phase == DPICK or (phase == PLAY and self.c_effect(b) == SEQ):
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
            if self.ev_on:
                b[self.o_pend2 + i] = -1
                b[self.o_fdown + i] = -1
                b[self.o_rdisc + i] = -1
                b[self.o_rrecv + i] = -1
            if self.tr_on:
                for g in range(G):
                    b[self.o_tdisc + i * G + g] = -1
        for t in range(h):
            for p in range(n):
                if self.c_holder(b, p, t) != seat:
                    for g in range(G):
                        b[self.o_hist + (t * n + p) * G + g] = -1

    cdef int c_rows_seen(self, int* b) noexcept nogil:
        cdef int phase = b[self.o_phase]
        if phase == DRAFT:
            return b[self.o_step] + 1
        if phase == PLAY or phase >= REDIS:
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
        cdef int eff = self.c_effect(b), redealt, a_, b_
        cdef int* extra = self.s_extra
        cdef int* cap = self.s_cap
        cdef int* pool = self.s_pool
        cdef int* first = self.s_first
        cdef int* last = self.s_last
        cdef int* slot_t = self.s_slot_t
        cdef int* slot_p = self.s_slot_p
        cdef int* slot_src = self.s_slot_src
        cdef int* slot_card = self.s_slot_card
        cdef int* seg = self.s_seg
        cdef int* initial = self.s_initial
        cdef int* slot_own = self.s_slot_own
        cdef int* given = self.s_given
        cdef int* sigma = self.s_sigma
        if phase == DRAFT:
            t_cur = b[self.o_step]
        elif phase == PLAY or phase >= REDIS:
            t_cur = h
        else:
            t_cur = 0
        redealt = eff == REDIST and phase != REDIS and phase != RDEAL and b[self.o_rrecv + seat] >= 0
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
        for j in range(nslots):
            slot_own[j] = imod(slot_p[j] + dirn * slot_t[j], n)
        if redealt:
            nslots = self.c_redistribute(b, seat, rng, nslots)
            if nslots < 0:
                return 0
        for x in range(n * G):
            extra[x] = 0
        if self.tr_on and (phase == TRICK or phase == DRAW or phase == DPICK):
            self.c_assign_drawn(b, seat, rng)
        if not self.c_place_played(b, seat, rng, nslots):
            return 0
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
        per = (h - self.k) * rnd
        for i in range(n):
            cap[i] = 0
            if i == seat:
                continue
            for g in range(G):
                b[self.o_disc + i * G + g] = 0
            if self.ev_on or self.tr_on:
                cap[i] = b[self.o_ndisc + i]
                if self.tr_on:
                    for g in range(G):
                        cap[i] -= b[self.o_tdisc + i * G + g]
        if self.tr_on and not self.c_cover_drawn(b, seat, rng):
            return 0
        for i in range(n):
            if i == seat:
                continue
            if self.ev_on or self.tr_on:
                per = cap[i]
            for q in range(per):
                g = self.c_draw_plain(pool, 0, rng)
                pool[g] -= 1
                b[self.o_disc + i * G + g] += 1
        for g in range(G):
            b[self.o_deck + g] = pool[g]
        return 1

    cdef int c_draw_pos(self, int* b, int off, Rng rng):
        cdef int tot = 0, g, r
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

    cdef void c_fill_variants(self, int* b, int seat, Rng rng, int eff, int phase, int redealt, int nslots):
        cdef int n = self.n, G = self.G, h = self.h, dirn = b[self.o_dir], o, kb, g, r, j, t, done
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

    cdef int c_cover_drawn(self, int* b, int seat, Rng rng):
        cdef int n = self.n, G = self.G, g, need, j, i, room, r
        cdef int* cap = self.s_cap
        cdef int* pool = self.s_pool
        for g in range(G):
            need = b[self.o_drawn + g] - b[self.o_pubdisc + g] - b[self.o_disc + seat * G + g]
            for j in range(2):
                if b[self.o_dcard + j] == g:
                    need += 1
            for i in range(n):
                need -= b[self.o_tdisc + i * G + g]
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

    cdef void c_assign_drawn(self, int* b, int seat, Rng rng):
        cdef int n = self.n, G = self.G, done = 0, prior = 0, o, t, g, need, j, r
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
                for o in range(n):
                    if o != seat and b[self.o_trick + o] < b[self.o_tstep]:
                        if r == 0:
                            self.s_extra[o * G + g] += 1
                            break
                        r -= 1
                need -= 1

    cdef int c_redistribute(self, int* b, int seat, Rng rng, int nslots):
        # see guildes_py._redistribute
        cdef int n = self.n, h = self.h, G = self.G
        cdef int mine = b[self.o_rdisc + seat], got = b[self.o_rrecv + seat]
        cdef int i, j, tmp, o, r, src, avail
        cdef int* slot_t = self.s_slot_t
        cdef int* slot_src = self.s_slot_src
        cdef int* slot_card = self.s_slot_card
        cdef int* slot_own = self.s_slot_own
        cdef int* given = self.s_given
        cdef int* sigma = self.s_sigma
        while True:
            for i in range(n):
                sigma[i] = i
            for i in range(n - 1, 0, -1):
                j = rng.below(i + 1)
                tmp = sigma[i]; sigma[i] = sigma[j]; sigma[j] = tmp
            if sigma[seat] != seat or mine == got:
                break
        for o in range(n):
            if o == seat:
                continue
            r = rng.below(h)
            j = 0
            while True:
                if slot_t[j] < h and slot_own[j] == o:
                    if r == 0:
                        break
                    r -= 1
                j += 1
            given[o] = j
        for o in range(n):
            if o == seat:
                continue
            j = given[o]
            slot_own[j] = sigma[o]
            if sigma[o] == seat:
                src = slot_src[j]
                avail = self.s_pool[got] if src < 0 else self.s_seg[src * G + got]
                if avail <= 0:
                    return -1
                slot_card[j] = got
                if src < 0:
                    self.s_pool[got] -= 1
                else:
                    self.s_seg[src * G + got] -= 1
        if sigma[seat] != seat:
            slot_t[nslots] = h
            slot_src[nslots] = FIXED
            slot_card[nslots] = -1
            slot_own[nslots] = sigma[seat]
            nslots += 1
        return nslots

    cdef inline bint c_can_supply(self, int src, int g, int fixed) noexcept nogil:
        if src == FIXED:
            return g == fixed
        if src < 0:
            return self.s_pool[g] > 0
        return self.s_seg[src * self.G + g] > 0

    cdef int c_place_played(self, int* b, int seat, Rng rng, int nslots):
        cdef int n = self.n, G = self.G
        cdef int items = 0, o, g, q, cnt, j, a, kk, tmp, d, budget, found
        cdef int fixed = b[self.o_rdisc + seat] if self.ev_on else -1
        cdef int* slot_src = self.s_slot_src
        cdef int* slot_card = self.s_slot_card
        cdef int* slot_own = self.s_slot_own
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
                for q in range(b[self.o_played + o * G + g] + self.s_extra[o * G + g]):
                    cnt = 0
                    for j in range(nslots):
                        if slot_own[j] == o and self.c_can_supply(slot_src[j], g, fixed):
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
                if slot_src[j] == -1:
                    pool[g] += 1
                elif slot_src[j] >= 0:
                    seg[slot_src[j] * G + g] += 1
                chosen[d] = -1
            found = -1
            while tried[d] < nslots:
                j = (start[d] + tried[d]) % nslots
                tried[d] += 1
                if slot_card[j] < 0 and slot_own[j] == o and self.c_can_supply(slot_src[j], g, fixed):
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
            m = self.c_to_move(b, self.s_seats)
            if self.s_seats[0] < 0:
                self.c_apply(b, -1, self.c_sample_chance(b, rng))
                continue
            for j in range(m):
                seat = self.s_seats[j]
                c = self.c_legal(b, seat, self.s_moves)
                self.c_apply(b, seat, self.s_moves[rng.below(c)])

    cpdef void rollout(self, int[::1] buf, Rng rng):
        self.c_rollout(&buf[0], rng)
