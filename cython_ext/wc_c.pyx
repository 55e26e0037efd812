# Compiled twin of wc_py.py (the readable reference): The Walled City rules kernel.
# Internals work on raw int pointers and fixed C arrays so that the random playout
# makes no Python call per step.  Same RNG use as the twin, call for call.
from cython_ext.kernel cimport Kernel, Rng

DEF NF = 5
DEF NDICE = 20
DEF OWN = 11
DEF K = 14
DEF CHIT_BASE = 41
DEF NGUILD = 20
DEF MAXA = 64
DEF MAXO = 5
DEF MAXP = 32
DEF MAXG = 16
DEF MAXT = 16
DEF MAXZ = 32
DEF MAXC = 8

DEF P_CHANCE = 0
DEF P_START = 1
DEF P_ALIGN = 2
DEF P_LOC = 3
DEF P_CARD = 4
DEF P_SPLIT = 5
DEF P_N1 = 6
DEF P_N2 = 7
DEF P_PROMOTE = 8
DEF P_ADJUST = 9
DEF P_DCARD = 10
DEF P_DZONE = 11
DEF P_END = 12


cdef inline int tdiv(int a, int b):
    # C division truncates toward zero, as the twin's tdiv
    return a / b


cdef class WalledCityKernel(Kernel):
    cdef public int no, na, np_, ng, nt, nz, nc, roads0, walls0, start_roads, offcolour, display_n
    cdef int o_phase, o_round, o_cur, o_turn, o_setup, o_sel_loc, o_sel_card, o_sel_x, o_sel_y
    cdef int o_sel_nx, o_sel_ny, o_sel_left, o_order, o_score, o_roads, o_walls, o_nob, o_pea
    cdef int o_hand, o_pool, o_offun, o_guild, o_guild1, o_gstate, o_die_f, o_die_v, o_chit
    cdef int o_road, o_wall, o_an, o_ap, o_tw, o_zcard, o_zori, o_zown
    cdef int path_ar[MAXP * 4]
    cdef int gap_area[MAXG]
    cdef int gap_tw[MAXG * 2]
    cdef int zone_tw[MAXZ * 2]
    cdef int die_area[NDICE]
    cdef int die_tower[NDICE]
    cdef int chit_area[MAXC]
    cdef int card_a[K]
    cdef int card_b[K]
    cdef int gkey[NGUILD]
    cdef int pv[4]

    def __init__(self, int players, int size, int max_moves, dict offs, dict topo):
        super().__init__(players, size, max_moves)
        self.o_phase = offs["phase"]; self.o_round = offs["round"]; self.o_cur = offs["cur"]
        self.o_turn = offs["turn"]; self.o_setup = offs["setup"]; self.o_sel_loc = offs["sel_loc"]
        self.o_sel_card = offs["sel_card"]; self.o_sel_x = offs["sel_x"]; self.o_sel_y = offs["sel_y"]
        self.o_sel_nx = offs["sel_nx"]; self.o_sel_ny = offs["sel_ny"]; self.o_sel_left = offs["sel_left"]
        self.o_order = offs["order"]; self.o_score = offs["score"]; self.o_roads = offs["roads"]
        self.o_walls = offs["walls"]; self.o_nob = offs["nob"]; self.o_pea = offs["pea"]
        self.o_hand = offs["hand"]; self.o_pool = offs["pool"]; self.o_offun = offs["offun"]
        self.o_guild = offs["guild"]; self.o_guild1 = offs["guild1"]; self.o_gstate = offs["gstate"]
        self.o_die_f = offs["die_f"]; self.o_die_v = offs["die_v"]; self.o_chit = offs["chit"]
        self.o_road = offs["road"]; self.o_wall = offs["wall"]; self.o_an = offs["an"]
        self.o_ap = offs["ap"]; self.o_tw = offs["tw"]; self.o_zcard = offs["zcard"]
        self.o_zori = offs["zori"]; self.o_zown = offs["zown"]
        self.no = topo["owners"]; self.na = topo["areas"]; self.np_ = topo["paths"]
        self.ng = topo["gaps"]; self.nt = topo["towers"]; self.nz = topo["zones"]; self.nc = topo["chits"]
        if self.no > MAXO or self.na > MAXA or self.np_ > MAXP or self.ng > MAXG or self.nt > MAXT \
                or self.nz > MAXZ or self.nc > MAXC:
            raise ValueError("board too large for the compiled kernel")
        self.roads0 = topo["roads"]; self.walls0 = topo["walls"]; self.start_roads = topo["start_roads"]
        self.offcolour = topo["offcolour"]; self.display_n = topo["display"]
        cdef int i
        for i in range(self.np_ * 4):
            self.path_ar[i] = topo["path_ar"][i]
        for i in range(self.ng):
            self.gap_area[i] = topo["gap_area"][i]
            self.gap_tw[2 * i] = topo["gap_tw"][2 * i]
            self.gap_tw[2 * i + 1] = topo["gap_tw"][2 * i + 1]
        for i in range(self.nz * 2):
            self.zone_tw[i] = topo["zone_tw"][i]
        for i in range(NDICE):
            self.die_area[i] = topo["die_area"][i]
            self.die_tower[i] = topo["die_tower"][i]
        for i in range(self.nc):
            self.chit_area[i] = topo["chit_area"][i]
        for i in range(K):
            self.card_a[i] = topo["card_a"][i]
            self.card_b[i] = topo["card_b"][i]
        for i in range(NGUILD):
            self.gkey[i] = topo["gkey"][i]
        for i in range(4):
            self.pv[i] = topo["place_votes"][i]

    cpdef int n_chance(self):
        return (self.players if self.offcolour else 0) + NDICE + self.nc + self.display_n

    # -- neighbourhoods and scoring (hot paths) ------------------------------------
    cdef void comps_(self, int* b, int* comp):
        cdef int a, p, s, x, m, changed = 1
        for a in range(self.na):
            comp[a] = a
        while changed:
            changed = 0
            for p in range(self.np_):
                if b[self.o_road + p] == 1:
                    continue
                m = MAXA
                for s in range(4):
                    x = self.path_ar[p * 4 + s]
                    if x >= 0 and comp[x] < m:
                        m = comp[x]
                for s in range(4):
                    x = self.path_ar[p * 4 + s]
                    if x >= 0 and comp[x] != m:
                        comp[x] = m
                        changed = 1

    def comps(self, int[::1] buf, comp):
        cdef int c[MAXA]
        cdef int a
        self.comps_(&buf[0], c)
        for a in range(self.na):
            comp[a] = c[a]

    cdef inline int cit(self, int* b, int a, int o):
        return b[self.o_an + a * self.no + o] + b[self.o_ap + a * self.no + o]

    cdef void majority_split_(self, int* cnt, int* nob, int value, int* add):
        cdef int o, best = -1, bestn = -1, g = 0, share
        for o in range(self.no):
            if cnt[o] > best or (cnt[o] == best and nob[o] > bestn):
                best = cnt[o]
                bestn = nob[o]
        if best <= 0:
            return
        for o in range(self.no):
            if cnt[o] == best and nob[o] == bestn:
                g += 1
        share = tdiv(value, g)
        for o in range(self.no):
            if cnt[o] == best and nob[o] == bestn:
                add[o] += share

    cdef void place_split_(self, int* cnt, int* nob, int chit, int* add):
        cdef int done[MAXO]
        cdef int o, place = 0, best, bestn, g, total, share
        for o in range(self.no):
            done[o] = 0
        while True:
            best = -1
            bestn = -1
            for o in range(self.no):
                if not done[o] and cnt[o] > 0 and (cnt[o] > best or (cnt[o] == best and nob[o] > bestn)):
                    best = cnt[o]
                    bestn = nob[o]
            if best <= 0:
                return
            g = 0
            total = 0
            for o in range(self.no):
                if not done[o] and cnt[o] == best and nob[o] == bestn:
                    total += (self.pv[place + g] if place + g < 4 else 0) + chit
                    g += 1
            share = tdiv(total, g)
            for o in range(self.no):
                if not done[o] and cnt[o] == best and nob[o] == bestn:
                    add[o] += share
                    done[o] = 1
            place += g

    cdef void score_neighbourhoods_(self, int* b, int* comp, int* add):
        cdef int cnt[MAXO]
        cdef int nob[MAXO]
        cdef int c, a, o, k, chit
        for c in range(self.na):
            if comp[c] != c:
                continue
            for o in range(self.no):
                cnt[o] = 0
                nob[o] = 0
            chit = 0
            for a in range(self.na):
                if comp[a] == c:
                    for o in range(self.no):
                        cnt[o] += self.cit(b, a, o)
                        nob[o] += b[self.o_an + a * self.no + o]
            for k in range(self.nc):
                if comp[self.chit_area[k]] == c:
                    chit += b[self.o_chit + k]
            self.place_split_(cnt, nob, chit, add)

    cdef int faction_value_(self, int* b, int f, int towers):
        cdef int d, v = 0
        for d in range(NDICE):
            if b[self.o_die_f + d] == f and (towers or self.die_area[d] >= 0):
                v += b[self.o_die_v + d]
        return v

    cdef void score_factions_(self, int* b, int* comp, int towers, int* add):
        cdef int cnt[MAXO]
        cdef int nob[MAXO]
        cdef int mark[MAXA]
        cdef int tmark[MAXT]
        cdef int f, a, t, d, o
        for f in range(NF):
            for a in range(self.na):
                mark[a] = 0
            for t in range(self.nt):
                tmark[t] = 0
            for d in range(NDICE):
                if b[self.o_die_f + d] != f:
                    continue
                if self.die_area[d] >= 0:
                    mark[comp[self.die_area[d]]] = 1
                elif towers:
                    tmark[self.die_tower[d]] = 1
            for o in range(self.no):
                cnt[o] = 0
                nob[o] = 0
            for a in range(self.na):
                if mark[comp[a]]:
                    for o in range(self.no):
                        cnt[o] += self.cit(b, a, o)
                        nob[o] += b[self.o_an + a * self.no + o]
            for t in range(self.nt):
                if tmark[t]:
                    for o in range(self.no):
                        cnt[o] += b[self.o_tw + t * self.no + o]
                        nob[o] += b[self.o_tw + t * self.no + o]
            self.majority_split_(cnt, nob, self.faction_value_(b, f, towers), add)

    cdef int zone_half_(self, int* b, int z, int t):
        cdef int c = b[self.o_zcard + z], first, second
        if c <= 0:
            return 0
        c -= 1
        first = self.card_a[c] if b[self.o_zori + z] == 0 else self.card_b[c]
        second = self.card_b[c] if b[self.o_zori + z] == 0 else self.card_a[c]
        return first if self.zone_tw[z * 2] == t else second

    cdef void score_towers_(self, int* b, int* add):
        cdef int t, z, h, v1, v2, first, second, w, o, low
        for t in range(self.nt):
            v1 = -1
            v2 = -1
            for z in range(self.nz):
                if self.zone_tw[z * 2] == t or self.zone_tw[z * 2 + 1] == t:
                    h = self.zone_half_(b, z, t)
                    if v1 < 0:
                        v1 = h
                    else:
                        v2 = h
            if v1 < 0:
                v1 = 0
            if v2 < 0:
                v2 = 0
            first = 0
            for o in range(self.no):
                if b[self.o_tw + t * self.no + o] > first:
                    first = b[self.o_tw + t * self.no + o]
            if first == 0:
                continue
            second = 0
            for o in range(self.no):
                w = b[self.o_tw + t * self.no + o]
                if w < first and w > second:
                    second = w
            low = v1 if v1 < v2 else v2
            for o in range(self.no):
                w = b[self.o_tw + t * self.no + o]
                if w == first:
                    add[o] += v1 + v2
                elif w == second and second > 0:
                    add[o] += low

    cdef void flee_(self, int* b, int* comp):
        cdef int bad[MAXA]
        cdef int g, a, o
        for a in range(self.na):
            bad[a] = 0
        for g in range(self.ng):
            if b[self.o_wall + g] != 1:
                bad[comp[self.gap_area[g]]] = 1
        for a in range(self.na):
            if bad[comp[a]]:
                for o in range(self.no):
                    b[self.o_an + a * self.no + o] = 0

    cdef void count_votes_(self, int* b):
        cdef int comp[MAXA]
        cdef int add[MAXO]
        cdef int o, p, r2
        for o in range(MAXO):
            add[o] = 0
        self.comps_(b, comp)
        r2 = b[self.o_round] == 2
        if r2:
            self.flee_(b, comp)
        self.score_neighbourhoods_(b, comp, add)
        self.score_factions_(b, comp, 1 if r2 else 0, add)
        for p in range(self.players):
            b[self.o_score + p] += add[p]

    # python-visible wrappers of the scoring kernels, for the twin comparison tests
    def count_votes(self, int[::1] buf):
        self.count_votes_(&buf[0])

    def score_neighbourhoods(self, int[::1] buf, comp, add):
        cdef int c[MAXA]
        cdef int ad[MAXO]
        cdef int i
        for i in range(self.na):
            c[i] = comp[i]
        for i in range(self.no):
            ad[i] = add[i]
        self.score_neighbourhoods_(&buf[0], c, ad)
        for i in range(self.no):
            add[i] = ad[i]

    def score_factions(self, int[::1] buf, comp, int towers, add):
        cdef int c[MAXA]
        cdef int ad[MAXO]
        cdef int i
        for i in range(self.na):
            c[i] = comp[i]
        for i in range(self.no):
            ad[i] = add[i]
        self.score_factions_(&buf[0], c, towers, ad)
        for i in range(self.no):
            add[i] = ad[i]

    def score_towers(self, int[::1] buf, add):
        cdef int ad[MAXO]
        cdef int i
        for i in range(self.no):
            ad[i] = add[i]
        self.score_towers_(&buf[0], ad)
        for i in range(self.no):
            add[i] = ad[i]

    def faction_value(self, int[::1] buf, int f, int towers):
        return self.faction_value_(&buf[0], f, towers)

    def flee(self, int[::1] buf, comp):
        cdef int c[MAXA]
        cdef int i
        for i in range(self.na):
            c[i] = comp[i]
        self.flee_(&buf[0], c)

    # -- turn order -------------------------------------------------------------------
    cdef void sort_order_(self, int* b, int by_score, int key_off):
        cdef int n = self.players, o = self.o_order, p, i, j, x, y, ka, kb
        for p in range(n):
            b[o + p] = p
        for i in range(1, n):
            j = i
            while j > 0:
                x = b[o + j - 1]
                y = b[o + j]
                ka = (b[self.o_score + x] if by_score else 0) * 64 + self.gkey[b[key_off + x] - 1]
                kb = (b[self.o_score + y] if by_score else 0) * 64 + self.gkey[b[key_off + y] - 1]
                if ka <= kb:
                    break
                b[o + j - 1] = y
                b[o + j] = x
                j -= 1

    cdef void next_turn_(self, int* b):
        cdef int n = self.players, step, t, seat
        cdef int pieces = self.o_roads if b[self.o_round] == 1 else self.o_walls
        for step in range(1, n + 1):
            t = b[self.o_turn] + step
            seat = b[self.o_order + t % n]
            if b[pieces + seat] > 0:
                b[self.o_turn] = t
                b[self.o_cur] = seat
                b[self.o_phase] = P_LOC
                self.power_hook_(b, seat)
                return
        self.count_votes_(b)
        self.sort_order_(b, 1, self.o_guild)
        b[self.o_turn] = 0
        b[self.o_cur] = b[self.o_order]
        b[self.o_phase] = P_DCARD

    cdef void power_hook_(self, int* b, int seat):
        # where guild powers will be offered (none yet): "at any time during your turn",
        # so it runs before every step of a build turn, with the step in phase
        return

    cdef inline void enter_step_(self, int* b, int ph):
        b[self.o_phase] = ph
        self.power_hook_(b, b[self.o_cur])

    cdef void start_build_(self, int* b):
        cdef int n = self.players, t, seat
        cdef int pieces = self.o_roads if b[self.o_round] == 1 else self.o_walls
        self.sort_order_(b, 0, self.o_guild)
        b[self.o_turn] = -1
        for t in range(n):
            seat = b[self.o_order + t]
            if b[pieces + seat] > 0:
                b[self.o_turn] = t
                b[self.o_cur] = seat
                b[self.o_phase] = P_LOC
                self.power_hook_(b, seat)
                return
        self.next_turn_(b)

    cdef void end_defense_(self, int* b):
        cdef int add[MAXO]
        cdef int p, g, z, c, o
        if b[self.o_round] == 1:
            for p in range(self.players):
                g = b[self.o_guild + p] - 1
                b[self.o_gstate + g] = 3
                b[self.o_guild1 + p] = g + 1
                b[self.o_guild + p] = 0
            b[self.o_round] = 2
            self.sort_order_(b, 1, self.o_guild1)
            b[self.o_turn] = 0
            b[self.o_cur] = b[self.o_order]
            b[self.o_phase] = P_ALIGN
            return
        for o in range(MAXO):
            add[o] = 0
        self.score_towers_(b, add)
        for p in range(self.players):
            b[self.o_score + p] += add[p]
        for z in range(self.nz):
            c = b[self.o_zcard + z] - 1
            if c >= 0:
                o = b[self.o_zown + z] - 1
                if c < OWN:
                    b[self.o_pool + o * OWN + c] -= 1
                else:
                    b[self.o_offun + o] = 0
        b[self.o_phase] = P_END

    # -- kernel API ------------------------------------------------------------------------
    cpdef int to_move(self, int[::1] buf, int[::1] out):
        cdef int ph = buf[self.o_phase]
        if ph == P_END:
            return 0
        if ph == P_CHANCE:
            out[0] = -1
            return 1
        out[0] = buf[self.o_cur]
        return 1

    cdef void adjust_targets_(self, int* b, int* dmask, int* cmask):
        cdef int comp[MAXA]
        cdef int d, k, s, a, c, loc = b[self.o_sel_loc]
        for d in range(NDICE):
            dmask[d] = 0
        for k in range(self.nc):
            cmask[k] = 0
        if b[self.o_round] == 1:
            for s in range(4):
                a = self.path_ar[loc * 4 + s]
                if a < 0:
                    continue
                for d in range(NDICE):
                    if self.die_area[d] == a:
                        dmask[d] = 1
                for k in range(self.nc):
                    if self.chit_area[k] == a:
                        cmask[k] = 1
            return
        self.comps_(b, comp)
        c = comp[self.gap_area[loc]]
        for d in range(NDICE):
            a = self.die_area[d]
            if a >= 0:
                if comp[a] == c:
                    dmask[d] = 1
            elif self.die_tower[d] == self.gap_tw[loc * 2] or self.die_tower[d] == self.gap_tw[loc * 2 + 1]:
                dmask[d] = 1
        for k in range(self.nc):
            if comp[self.chit_area[k]] == c:
                cmask[k] = 1

    cdef int promote_source_(self, int* b, int o):
        cdef int comp[MAXA]
        cdef int a, ga = self.gap_area[b[self.o_sel_loc]]
        if b[self.o_an + ga * self.no + o] > 0:
            return ga
        self.comps_(b, comp)
        for a in range(self.na):
            if comp[a] == comp[ga] and b[self.o_an + a * self.no + o] > 0:
                return a
        return -1

    cdef int legal_(self, int* b, int seat, int* out):
        cdef int ph = b[self.o_phase], n = 0, p, g, k, top, c, a, bb, loc, flip, i, j
        cdef int cnt, nob, pea, lo, hi, o, side, d, z
        cdef int dmask[NDICE]
        cdef int cmask[MAXC]
        if ph == P_END or ph == P_CHANCE or seat != b[self.o_cur]:
            return 0
        if ph == P_START or (ph == P_LOC and b[self.o_round] == 1):
            for p in range(self.np_):
                if b[self.o_road + p] == 0:
                    out[n] = p
                    n += 1
        elif ph == P_LOC:
            for g in range(self.ng):
                if b[self.o_wall + g] == 0:
                    out[n] = g
                    n += 1
        elif ph == P_ALIGN:
            for g in range(NGUILD):
                if b[self.o_gstate + g] == 2:
                    out[n] = g
                    n += 1
        elif ph == P_CARD or ph == P_DCARD:
            top = OWN if ph == P_CARD else K
            for k in range(top):
                if b[self.o_hand + seat * K + k] > 0:
                    out[n] = k
                    n += 1
        elif ph == P_SPLIT:
            c = b[self.o_sel_card]
            a = self.card_a[c]
            bb = self.card_b[c]
            if b[self.o_round] == 2:
                out[0] = 0
                n = 1
                if a != bb:
                    out[1] = 1
                    n = 2
            else:
                loc = b[self.o_sel_loc]
                for flip in range(2):
                    if flip == 1 and a == bb:
                        continue
                    for i in range(2):
                        if self.path_ar[loc * 4 + i] < 0:
                            continue
                        for j in range(2):
                            if self.path_ar[loc * 4 + 2 + j] < 0:
                                continue
                            if bb == 0 and ((flip == 0 and j > 0) or (flip == 1 and i > 0)):
                                continue
                            out[n] = flip * 4 + i * 2 + j
                            n += 1
        elif ph == P_N1 or ph == P_N2:
            cnt = b[self.o_sel_nx] if ph == P_N1 else b[self.o_sel_ny]
            nob = b[self.o_nob + seat]
            pea = b[self.o_pea + seat]
            lo = cnt - pea if cnt > pea else 0
            hi = cnt if cnt < nob else nob
            for k in range(lo, hi + 1):
                out[n] = k
                n += 1
        elif ph == P_PROMOTE:
            out[0] = 0
            n = 1
            for o in range(self.no):
                if self.promote_source_(b, o) >= 0:
                    for side in range(2):
                        out[n] = 1 + o * 2 + side
                        n += 1
        elif ph == P_ADJUST:
            self.adjust_targets_(b, dmask, cmask)
            out[0] = 0
            n = 1
            for d in range(NDICE):
                if dmask[d]:
                    if b[self.o_die_v + d] < 3:
                        out[n] = 1 + 2 * d
                        n += 1
                    if b[self.o_die_v + d] > 1:
                        out[n] = 2 + 2 * d
                        n += 1
            for k in range(self.nc):
                if cmask[k]:
                    out[n] = CHIT_BASE + k
                    n += 1
        elif ph == P_DZONE:
            c = b[self.o_sel_card]
            for z in range(self.nz):
                if b[self.o_zown + z] == 0:
                    out[n] = z * 2
                    n += 1
                    if self.card_a[c] != self.card_b[c]:
                        out[n] = z * 2 + 1
                        n += 1
        return n

    cpdef int legal(self, int[::1] buf, int seat, int[::1] out):
        return self.legal_(&buf[0], seat, &out[0])

    cdef inline void place_(self, int* b, int seat, int area, int cnt, int nobles):
        b[self.o_an + area * self.no + seat] += nobles
        b[self.o_ap + area * self.no + seat] += cnt - nobles
        b[self.o_nob + seat] -= nobles
        b[self.o_pea + seat] -= cnt - nobles

    cdef inline int settle_count_(self, int* b, int seat, int want):
        cdef int have = b[self.o_nob + seat] + b[self.o_pea + seat]
        return want if want < have else have

    cdef void after_settle_(self, int* b):
        if b[self.o_round] == 2 and self.can_promote_(b):
            self.enter_step_(b, P_PROMOTE)
        else:
            self.enter_step_(b, P_ADJUST)

    cdef int can_promote_(self, int* b):
        cdef int o
        if b[self.o_sel_left] <= 0:
            return 0
        for o in range(self.no):
            if self.promote_source_(b, o) >= 0:
                return 1
        return 0

    cdef void begin_align_(self, int* b):
        cdef int p
        for p in range(self.players):
            b[self.o_order + p] = p
        b[self.o_turn] = 0
        b[self.o_cur] = 0
        b[self.o_phase] = P_ALIGN

    cdef void apply_chance_(self, int* b, int move):
        cdef int i = b[self.o_setup], d
        cdef int noff = self.players if self.offcolour else 0
        if i < noff:
            b[self.o_hand + i * K + move] += 1
            b[self.o_offun + i] = 1
        elif i < noff + NDICE:
            d = i - noff
            b[self.o_die_f + d] = move / 3
            b[self.o_die_v + d] = move % 3 + 1
        elif i < noff + NDICE + self.nc:
            b[self.o_chit + i - noff - NDICE] = 1 if move == 1 else -1
        else:
            b[self.o_gstate + move] = 2
        b[self.o_setup] = i + 1
        if i + 1 == self.n_chance():
            if self.start_roads > 0:
                b[self.o_phase] = P_START
                b[self.o_turn] = 0
                b[self.o_cur] = 0
            else:
                self.begin_align_(b)

    cdef void apply_(self, int* b, int seat, int move):
        cdef int ph = b[self.o_phase], c, a, bb, settle, loc, flip, s1, s2, nx, rest, o, t, d, z
        if ph == P_CHANCE:
            self.apply_chance_(b, move)
            return
        if ph == P_START:
            b[self.o_road + move] = 1
            b[self.o_turn] += 1
            if b[self.o_turn] >= self.start_roads:
                self.begin_align_(b)
            else:
                b[self.o_cur] = b[self.o_turn] % self.players
        elif ph == P_ALIGN:
            b[self.o_gstate + move] = 3
            b[self.o_guild + seat] = move + 1
            b[self.o_turn] += 1
            if b[self.o_turn] >= self.players:
                self.start_build_(b)
            else:
                b[self.o_cur] = b[self.o_order + b[self.o_turn]]
        elif ph == P_LOC:
            b[self.o_sel_loc] = move
            if b[self.o_round] == 1:
                b[self.o_road + move] = 1
                b[self.o_roads + seat] -= 1
            else:
                b[self.o_wall + move] = 1
                b[self.o_walls + seat] -= 1
            b[self.o_phase] = P_CARD
        elif ph == P_CARD:
            b[self.o_sel_card] = move
            b[self.o_hand + seat * K + move] -= 1
            b[self.o_pool + seat * OWN + move] -= 1
            self.enter_step_(b, P_SPLIT)
        elif ph == P_SPLIT:
            c = b[self.o_sel_card]
            a = self.card_a[c]
            bb = self.card_b[c]
            if b[self.o_round] == 2:
                settle = a if move == 0 else bb
                b[self.o_sel_left] = bb if move == 0 else a
                b[self.o_sel_x] = self.gap_area[b[self.o_sel_loc]]
                b[self.o_sel_nx] = self.settle_count_(b, seat, settle)
                b[self.o_sel_ny] = 0
            else:
                loc = b[self.o_sel_loc]
                flip = move / 4
                s1 = self.path_ar[loc * 4 + (move / 2) % 2]
                s2 = self.path_ar[loc * 4 + 2 + move % 2]
                b[self.o_sel_x] = s1 if flip == 0 else s2
                b[self.o_sel_y] = s2 if flip == 0 else s1
                nx = self.settle_count_(b, seat, a)
                b[self.o_sel_nx] = nx
                rest = b[self.o_nob + seat] + b[self.o_pea + seat] - nx
                b[self.o_sel_ny] = bb if bb < rest else rest
            if b[self.o_sel_nx] > 0:
                b[self.o_phase] = P_N1
            elif b[self.o_sel_ny] > 0:
                b[self.o_phase] = P_N2
            else:
                self.after_settle_(b)
        elif ph == P_N1:
            self.place_(b, seat, b[self.o_sel_x], b[self.o_sel_nx], move)
            if b[self.o_round] == 1 and b[self.o_sel_ny] > 0:
                b[self.o_phase] = P_N2
            else:
                self.after_settle_(b)
        elif ph == P_N2:
            self.place_(b, seat, b[self.o_sel_y], b[self.o_sel_ny], move)
            self.after_settle_(b)
        elif ph == P_PROMOTE:
            if move == 0:
                self.enter_step_(b, P_ADJUST)
                return
            o = (move - 1) / 2
            t = self.gap_tw[b[self.o_sel_loc] * 2 + (move - 1) % 2]
            a = self.promote_source_(b, o)
            b[self.o_an + a * self.no + o] -= 1
            b[self.o_tw + t * self.no + o] += 1
            b[self.o_sel_left] -= 1
            if not self.can_promote_(b):
                self.enter_step_(b, P_ADJUST)
        elif ph == P_ADJUST:
            if move > 0 and move < CHIT_BASE:
                d = (move - 1) / 2
                b[self.o_die_v + d] += 1 if move % 2 == 1 else -1
            elif move >= CHIT_BASE:
                b[self.o_chit + move - CHIT_BASE] *= -1
            self.next_turn_(b)
        elif ph == P_DCARD:
            b[self.o_sel_card] = move
            b[self.o_hand + seat * K + move] -= 1
            b[self.o_phase] = P_DZONE
        elif ph == P_DZONE:
            z = move / 2
            b[self.o_zcard + z] = b[self.o_sel_card] + 1
            b[self.o_zori + z] = move % 2
            b[self.o_zown + z] = seat + 1
            b[self.o_sel_card] = 0
            b[self.o_turn] += 1
            if b[self.o_turn] >= self.players:
                self.end_defense_(b)
            else:
                b[self.o_cur] = b[self.o_order + b[self.o_turn]]
                b[self.o_phase] = P_DCARD

    cpdef void apply(self, int[::1] buf, int seat, int move):
        self.apply_(&buf[0], seat, move)

    cdef int chance_(self, int* b, int* outcomes, double* probs):
        cdef int i = b[self.o_setup], n = 0, left, k, used, p, d, f, rem, e, v, cnt, g
        cdef int noff = self.players if self.offcolour else 0
        if i < noff:
            left = 3 - i
            for k in range(OWN, K):
                used = 0
                for p in range(i):
                    used += b[self.o_hand + p * K + k]
                if used == 0:
                    outcomes[n] = k
                    probs[n] = 1.0 / left
                    n += 1
        elif i < noff + NDICE:
            d = i - noff
            for f in range(NF):
                rem = 4
                for e in range(d):
                    if b[self.o_die_f + e] == f:
                        rem -= 1
                if rem > 0:
                    for v in range(3):
                        outcomes[n] = f * 3 + v
                        probs[n] = <double>rem / (NDICE - d) / 3.0
                        n += 1
        elif i < noff + NDICE + self.nc:
            outcomes[0] = 0
            probs[0] = 0.5
            outcomes[1] = 1
            probs[1] = 0.5
            n = 2
        else:
            cnt = 0
            for g in range(NGUILD):
                if b[self.o_gstate + g] == 1:
                    cnt += 1
            for g in range(NGUILD):
                if b[self.o_gstate + g] == 1:
                    outcomes[n] = g
                    probs[n] = 1.0 / cnt
                    n += 1
        return n

    cpdef int chance(self, int[::1] buf, int[::1] outcomes, double[::1] probs):
        return self.chance_(&buf[0], &outcomes[0], &probs[0])

    cdef int sample_chance_(self, int* b, Rng rng):
        cdef int outcomes[64]
        cdef double probs[64]
        cdef int n = self.chance_(b, outcomes, probs), i
        cdef double r = rng.random(), acc = 0.0
        for i in range(n):
            acc += probs[i]
            if r < acc:
                return outcomes[i]
        return outcomes[n - 1]

    cpdef int sample_chance(self, int[::1] buf, Rng rng):
        return self.sample_chance_(&buf[0], rng)

    # -- hidden information ---------------------------------------------------------------
    cpdef void observe(self, int[::1] buf, int seat):
        cdef int p, k, z
        for p in range(self.players):
            if p != seat:
                for k in range(K):
                    buf[self.o_hand + p * K + k] = -1
        if buf[self.o_phase] != P_END:
            for z in range(self.nz):
                if buf[self.o_zown + z] != 0 and buf[self.o_zown + z] != seat + 1:
                    buf[self.o_zcard + z] = -1
                    buf[self.o_zori + z] = -1
        if buf[self.o_phase] == P_DZONE and buf[self.o_cur] != seat:
            buf[self.o_sel_card] = -1

    cpdef void determinize(self, int[::1] buf, int seat, Rng rng):
        cdef int off[3]
        cdef int cards[48]
        cdef int noff = 0, used = 0, k, z, i, r, tmp, p, n, x, pos, c
        cdef bint seen
        if self.offcolour:
            for k in range(OWN, K):
                seen = buf[self.o_hand + seat * K + k] > 0
                for z in range(self.nz):
                    if buf[self.o_zcard + z] == k + 1:
                        seen = True
                if buf[self.o_phase] == P_DZONE and buf[self.o_cur] == seat and buf[self.o_sel_card] == k:
                    seen = True
                if not seen:
                    off[noff] = k
                    noff += 1
            for i in range(noff - 1, 0, -1):
                r = rng.below(i + 1)
                tmp = off[i]; off[i] = off[r]; off[r] = tmp
        for p in range(self.players):
            if p == seat:
                continue
            n = 0
            for k in range(OWN):
                for x in range(buf[self.o_pool + p * OWN + k]):
                    cards[n] = k
                    n += 1
            if buf[self.o_offun + p] == 1 and used < noff:
                cards[n] = off[used]
                used += 1
                n += 1
            for i in range(n - 1, 0, -1):
                r = rng.below(i + 1)
                tmp = cards[i]; cards[i] = cards[r]; cards[r] = tmp
            pos = 0
            for z in range(self.nz):
                if buf[self.o_zown + z] == p + 1 and buf[self.o_zcard + z] == -1:
                    c = cards[pos]
                    pos += 1
                    buf[self.o_zcard + z] = c + 1
                    buf[self.o_zori + z] = rng.below(2) if self.card_a[c] != self.card_b[c] else 0
            if buf[self.o_sel_card] == -1 and buf[self.o_cur] == p:
                buf[self.o_sel_card] = cards[pos]
                pos += 1
            for k in range(K):
                buf[self.o_hand + p * K + k] = 0
            while pos < n:
                buf[self.o_hand + p * K + cards[pos]] += 1
                pos += 1

    cpdef int observed_move(self, int[::1] buf, int actor, int move, int observer):
        cdef int ph = buf[self.o_phase]
        if actor == observer:
            return move
        if ph == P_CHANCE and self.offcolour and buf[self.o_setup] < self.players \
                and buf[self.o_setup] != observer:
            return self.max_moves
        if ph == P_DCARD:
            return self.max_moves
        if ph == P_DZONE:
            return self.max_moves + 1 + move / 2
        return move

    cpdef void scores(self, int[::1] buf, int[::1] out):
        cdef int p
        for p in range(self.players):
            out[p] = buf[self.o_score + p]

    cpdef void rollout(self, int[::1] buf, Rng rng):
        cdef int out[64]
        cdef int* b = &buf[0]
        cdef int seat, n
        while b[self.o_phase] != P_END:
            if b[self.o_phase] == P_CHANCE:
                self.apply_(b, -1, self.sample_chance_(b, rng))
            else:
                seat = b[self.o_cur]
                n = self.legal_(b, seat, out)
                self.apply_(b, seat, out[rng.below(n)])
