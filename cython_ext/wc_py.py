"""Pure-Python twin of ``wc_c.pyx``: the rules kernel of The Walled City.

This file is the readable reference; ``wc_c.pyx`` mirrors it line for line
and must give identical results with the same RNG stream.  The board is a
graph handed in as flat integer arrays (see ``engine/walled_city/game.py``
and ``docs/games/walled_city.md``); the buffer layout is the one declared by
the Game (field offsets arrive in ``offs``).

A build turn is split into sub-steps (phases below) so that every move is a
small integer; the meaning of a move depends on the phase.
"""
from __future__ import annotations

from cython_ext.kernel import Kernel, Rng

# phases
P_CHANCE, P_START, P_ALIGN, P_LOC, P_CARD, P_SPLIT, P_N1, P_N2, P_PROMOTE, P_ADJUST, \
    P_DCARD, P_DZONE, P_END = range(13)
NF = 5            # factions
NDICE = 20        # faction dice (and die spots)
OWN = 11          # own-colour construction card types (0..10); 11..13 are off-colour
K = 14            # card types in a hand
CHIT_BASE = 1 + 2 * NDICE   # adjust move for survey chit c is CHIT_BASE + c
NGUILD = 20
MAXA = 64


def tdiv(a: int, b: int) -> int:
    """Division that drops the remainder toward zero (C semantics)."""
    q = abs(a) // b
    return q if a >= 0 else -q


class WalledCityKernel(Kernel):
    """Rules of one configured game (board, player count, guild deck)."""

    def __init__(self, players: int, size: int, max_moves: int, offs: dict, topo: dict) -> None:
        super().__init__(players, size, max_moves)
        for name, off in offs.items():
            setattr(self, "o_" + name, int(off))
        self.no = int(topo["owners"])
        self.na = int(topo["areas"])
        self.np_ = int(topo["paths"])
        self.ng = int(topo["gaps"])
        self.nt = int(topo["towers"])
        self.nz = int(topo["zones"])
        self.nc = int(topo["chits"])
        self.roads0 = int(topo["roads"])
        self.walls0 = int(topo["walls"])
        self.start_roads = int(topo["start_roads"])
        self.offcolour = int(topo["offcolour"])
        self.display_n = int(topo["display"])
        self.path_ar = [int(x) for x in topo["path_ar"]]     # NP*4: side1 a,b  side2 a,b (-1 none)
        self.gap_area = [int(x) for x in topo["gap_area"]]
        self.gap_tw = [int(x) for x in topo["gap_tw"]]       # NG*2
        self.zone_tw = [int(x) for x in topo["zone_tw"]]     # NZ*2
        self.die_area = [int(x) for x in topo["die_area"]]   # -1 when in a tower
        self.die_tower = [int(x) for x in topo["die_tower"]]  # -1 when in an area
        self.chit_area = [int(x) for x in topo["chit_area"]]
        self.card_a = [int(x) for x in topo["card_a"]]       # K
        self.card_b = [int(x) for x in topo["card_b"]]
        self.gkey = [int(x) for x in topo["gkey"]]           # priority*2 + b
        self.pv = [int(x) for x in topo["place_votes"]]      # 4 values
        self.area_gap = [0] * self.na                        # 1 when a gap borders the area
        for g in range(self.ng):
            self.area_gap[self.gap_area[g]] = 1

    # -- small helpers --------------------------------------------------------
    def n_chance(self) -> int:
        return (self.players if self.offcolour else 0) + NDICE + self.nc + self.display_n

    def per_player(self, buf) -> int:
        return self.roads0 if buf[self.o_round] == 1 else self.walls0

    def comps(self, buf, comp) -> None:
        """Neighbourhoods: comp[a] = smallest area joined to a through unbuilt or broken paths."""
        na = self.na
        for a in range(na):
            comp[a] = a
        changed = 1
        while changed:  # relax to the minimum label; graphs are tiny
            changed = 0
            for p in range(self.np_):
                if buf[self.o_road + p] == 1:
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

    def cit(self, buf, a: int, o: int) -> int:
        return buf[self.o_an + a * self.no + o] + buf[self.o_ap + a * self.no + o]

    # -- scoring kernels (hot paths) -------------------------------------------
    def majority_split(self, cnt, nob, value: int, add) -> None:
        """Most citizens (then nobles) takes ``value``; a full tie splits it, remainder lost."""
        best = -1
        bestn = -1
        for o in range(self.no):
            if cnt[o] > best or (cnt[o] == best and nob[o] > bestn):
                best = cnt[o]
                bestn = nob[o]
        if best <= 0:
            return
        g = 0
        for o in range(self.no):
            if cnt[o] == best and nob[o] == bestn:
                g += 1
        share = tdiv(value, g)
        for o in range(self.no):
            if cnt[o] == best and nob[o] == bestn:
                add[o] += share

    def place_split(self, cnt, nob, chit: int, add) -> None:
        """Places 1st..4th (5/3/2/0, each changed by ``chit``); ties by nobles, then split."""
        no = self.no
        done = [0] * no
        place = 0
        while True:
            best = -1
            bestn = -1
            for o in range(no):
                if not done[o] and cnt[o] > 0 and (cnt[o] > best or (cnt[o] == best and nob[o] > bestn)):
                    best = cnt[o]
                    bestn = nob[o]
            if best <= 0:
                return
            g = 0
            total = 0
            for o in range(no):
                if not done[o] and cnt[o] == best and nob[o] == bestn:
                    total += (self.pv[place + g] if place + g < 4 else 0) + chit
                    g += 1
            share = tdiv(total, g)
            for o in range(no):
                if not done[o] and cnt[o] == best and nob[o] == bestn:
                    add[o] += share
                    done[o] = 1
            place += g

    def score_neighbourhoods(self, buf, comp, add) -> None:
        no = self.no
        cnt = [0] * no
        nob = [0] * no
        for c in range(self.na):
            if comp[c] != c:
                continue
            for o in range(no):
                cnt[o] = 0
                nob[o] = 0
            chit = 0
            for a in range(self.na):
                if comp[a] == c:
                    for o in range(no):
                        cnt[o] += self.cit(buf, a, o)
                        nob[o] += buf[self.o_an + a * no + o]
            for k in range(self.nc):
                if comp[self.chit_area[k]] == c:
                    chit += buf[self.o_chit + k]
            self.place_split(cnt, nob, chit, add)

    def faction_value(self, buf, f: int, towers: int) -> int:
        v = 0
        for d in range(NDICE):
            if buf[self.o_die_f + d] == f and (towers or self.die_area[d] >= 0):
                v += buf[self.o_die_v + d]
        return v

    def score_factions(self, buf, comp, towers: int, add) -> None:
        no = self.no
        cnt = [0] * no
        nob = [0] * no
        mark = [0] * self.na
        tmark = [0] * self.nt
        for f in range(NF):
            for a in range(self.na):
                mark[a] = 0
            for t in range(self.nt):
                tmark[t] = 0
            for d in range(NDICE):
                if buf[self.o_die_f + d] != f:
                    continue
                if self.die_area[d] >= 0:
                    mark[comp[self.die_area[d]]] = 1
                elif towers:
                    tmark[self.die_tower[d]] = 1
            for o in range(no):
                cnt[o] = 0
                nob[o] = 0
            for a in range(self.na):
                if mark[comp[a]]:
                    for o in range(no):
                        cnt[o] += self.cit(buf, a, o)
                        nob[o] += buf[self.o_an + a * no + o]
            for t in range(self.nt):
                if tmark[t]:
                    for o in range(no):
                        cnt[o] += buf[self.o_tw + t * no + o]
                        nob[o] += buf[self.o_tw + t * no + o]
            self.majority_split(cnt, nob, self.faction_value(buf, f, towers), add)

    def zone_half(self, buf, z: int, t: int) -> int:
        """Value of the half of zone ``z``'s card nearer to tower ``t`` (0 when empty)."""
        c = buf[self.o_zcard + z]
        if c <= 0:
            return 0
        c -= 1
        first = self.card_a[c] if buf[self.o_zori + z] == 0 else self.card_b[c]
        second = self.card_b[c] if buf[self.o_zori + z] == 0 else self.card_a[c]
        return first if self.zone_tw[z * 2] == t else second

    def score_towers(self, buf, add) -> None:
        no = self.no
        for t in range(self.nt):
            v1 = -1
            v2 = -1
            for z in range(self.nz):
                if self.zone_tw[z * 2] == t or self.zone_tw[z * 2 + 1] == t:
                    h = self.zone_half(buf, z, t)
                    if v1 < 0:
                        v1 = h
                    else:
                        v2 = h
            if v1 < 0:
                v1 = 0
            if v2 < 0:
                v2 = 0
            first = 0
            for o in range(no):
                if buf[self.o_tw + t * no + o] > first:
                    first = buf[self.o_tw + t * no + o]
            if first == 0:
                continue
            second = 0
            for o in range(no):
                w = buf[self.o_tw + t * no + o]
                if w < first and w > second:
                    second = w
            low = v1 if v1 < v2 else v2
            for o in range(no):
                w = buf[self.o_tw + t * no + o]
                if w == first:
                    add[o] += v1 + v2
                elif w == second and second > 0:
                    add[o] += low

    def flee(self, buf, comp) -> None:
        """Nobles in a neighbourhood with an unfilled gap leave the game."""
        bad = [0] * self.na
        for g in range(self.ng):
            if buf[self.o_wall + g] != 1:
                bad[comp[self.gap_area[g]]] = 1
        for a in range(self.na):
            if bad[comp[a]]:
                for o in range(self.no):
                    buf[self.o_an + a * self.no + o] = 0

    def count_votes(self, buf) -> None:
        comp = [0] * self.na
        add = [0] * self.no
        self.comps(buf, comp)
        r2 = buf[self.o_round] == 2
        if r2:
            self.flee(buf, comp)
        self.score_neighbourhoods(buf, comp, add)
        self.score_factions(buf, comp, 1 if r2 else 0, add)
        for p in range(self.players):
            buf[self.o_score + p] += add[p]

    # -- turn order -------------------------------------------------------------
    def sort_order(self, buf, by_score: int, key_off: int) -> None:
        """order = seats by (score if by_score) then guild key at ``key_off`` (+1 coded)."""
        n = self.players
        o = self.o_order
        for p in range(n):
            buf[o + p] = p
        for i in range(1, n):  # insertion sort, stable
            j = i
            while j > 0:
                a = buf[o + j - 1]
                b = buf[o + j]
                ka = (buf[self.o_score + a] if by_score else 0) * 64 + self.gkey[buf[key_off + a] - 1]
                kb = (buf[self.o_score + b] if by_score else 0) * 64 + self.gkey[buf[key_off + b] - 1]
                if ka <= kb:
                    break
                buf[o + j - 1] = b
                buf[o + j] = a
                j -= 1

    def next_turn(self, buf) -> None:
        """After a build turn: next seat in priority order with pieces left, or count votes."""
        n = self.players
        pieces = self.o_roads if buf[self.o_round] == 1 else self.o_walls
        for step in range(1, n + 1):
            t = buf[self.o_turn] + step
            seat = buf[self.o_order + t % n]
            if buf[pieces + seat] > 0:
                buf[self.o_turn] = t
                buf[self.o_cur] = seat
                buf[self.o_phase] = P_LOC
                self.power_hook(buf, seat)
                return
        self.count_votes(buf)
        self.sort_order(buf, 1, self.o_guild)
        buf[self.o_turn] = 0
        buf[self.o_cur] = buf[self.o_order]
        buf[self.o_phase] = P_DCARD

    def power_hook(self, buf, seat: int) -> None:
        """Where guild powers will be offered (none yet): "You may activate your Guild's power
        at any time during your turn", so it runs before every step of a build turn
        (construct, settle, promote, adjust), with the step in ``phase``."""
        return

    def enter_step(self, buf, ph: int) -> None:
        """The current seat's build turn moves on to step ``ph``."""
        buf[self.o_phase] = ph
        self.power_hook(buf, buf[self.o_cur])

    def start_build(self, buf) -> None:
        self.sort_order(buf, 0, self.o_guild)
        buf[self.o_turn] = -1
        pieces = self.o_roads if buf[self.o_round] == 1 else self.o_walls
        # next_turn advances to turn 0 (the first seat with pieces)
        n = self.players
        for t in range(n):
            seat = buf[self.o_order + t]
            if buf[pieces + seat] > 0:
                buf[self.o_turn] = t
                buf[self.o_cur] = seat
                buf[self.o_phase] = P_LOC
                self.power_hook(buf, seat)
                return
        self.next_turn(buf)

    def end_defense(self, buf) -> None:
        if buf[self.o_round] == 1:
            for p in range(self.players):
                g = buf[self.o_guild + p] - 1
                buf[self.o_gstate + g] = 3            # discarded, use it or lose it
                buf[self.o_guild1 + p] = g + 1
                buf[self.o_guild + p] = 0
            buf[self.o_round] = 2
            self.sort_order(buf, 1, self.o_guild1)
            buf[self.o_turn] = 0
            buf[self.o_cur] = buf[self.o_order]
            buf[self.o_phase] = P_ALIGN
            return
        add = [0] * self.no
        self.score_towers(buf, add)
        for p in range(self.players):
            buf[self.o_score + p] += add[p]
        for z in range(self.nz):  # reveal: the cards are public from now on
            c = buf[self.o_zcard + z] - 1
            if c >= 0:
                o = buf[self.o_zown + z] - 1
                if c < OWN:
                    buf[self.o_pool + o * OWN + c] -= 1
                else:
                    buf[self.o_offun + o] = 0
        buf[self.o_phase] = P_END

    # -- kernel API ----------------------------------------------------------------
    def to_move(self, buf, out) -> int:
        ph = buf[self.o_phase]
        if ph == P_END:
            return 0
        if ph == P_CHANCE:
            out[0] = -1
            return 1
        out[0] = buf[self.o_cur]
        return 1

    def adjust_targets(self, buf, dmask, cmask) -> None:
        """Which dice / chits the current turn may adjust (1 in the masks)."""
        for d in range(NDICE):
            dmask[d] = 0
        for k in range(self.nc):
            cmask[k] = 0
        loc = buf[self.o_sel_loc]
        if buf[self.o_round] == 1:
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
        comp = [0] * self.na
        self.comps(buf, comp)
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

    def promote_source(self, buf, o: int) -> int:
        """Area a promoted noble of owner ``o`` leaves: the wall's own area first, then the
        lowest-numbered area of its neighbourhood holding one (-1: none)."""
        ga = self.gap_area[buf[self.o_sel_loc]]
        if buf[self.o_an + ga * self.no + o] > 0:
            return ga
        comp = [0] * self.na
        self.comps(buf, comp)
        for a in range(self.na):
            if comp[a] == comp[ga] and buf[self.o_an + a * self.no + o] > 0:
                return a
        return -1

    def legal(self, buf, seat: int, out) -> int:
        ph = buf[self.o_phase]
        if ph == P_END or ph == P_CHANCE or seat != buf[self.o_cur]:
            return 0
        n = 0
        if ph == P_START or (ph == P_LOC and buf[self.o_round] == 1):
            for p in range(self.np_):
                if buf[self.o_road + p] == 0:
                    out[n] = p
                    n += 1
        elif ph == P_LOC:
            for g in range(self.ng):
                if buf[self.o_wall + g] == 0:
                    out[n] = g
                    n += 1
        elif ph == P_ALIGN:
            for g in range(NGUILD):
                if buf[self.o_gstate + g] == 2:
                    out[n] = g
                    n += 1
        elif ph == P_CARD or ph == P_DCARD:
            top = OWN if ph == P_CARD else K
            for k in range(top):
                if buf[self.o_hand + seat * K + k] > 0:
                    out[n] = k
                    n += 1
        elif ph == P_SPLIT:
            c = buf[self.o_sel_card]
            a = self.card_a[c]
            b = self.card_b[c]
            if buf[self.o_round] == 2:
                out[0] = 0
                n = 1
                if a != b:
                    out[1] = 1
                    n = 2
            else:
                loc = buf[self.o_sel_loc]
                for flip in range(2):
                    if flip == 1 and a == b:
                        continue
                    for i in range(2):
                        if self.path_ar[loc * 4 + i] < 0:
                            continue
                        for j in range(2):
                            if self.path_ar[loc * 4 + 2 + j] < 0:
                                continue
                            # the side receiving b = 0 gets nobody: one choice only
                            if b == 0 and ((flip == 0 and j > 0) or (flip == 1 and i > 0)):
                                continue
                            out[n] = flip * 4 + i * 2 + j
                            n += 1
        elif ph == P_N1 or ph == P_N2:
            cnt = buf[self.o_sel_nx] if ph == P_N1 else buf[self.o_sel_ny]
            nob = buf[self.o_nob + seat]
            pea = buf[self.o_pea + seat]
            lo = cnt - pea if cnt > pea else 0
            hi = cnt if cnt < nob else nob
            for k in range(lo, hi + 1):
                out[n] = k
                n += 1
        elif ph == P_PROMOTE:
            out[0] = 0
            n = 1
            for o in range(self.no):
                if self.promote_source(buf, o) >= 0:
                    for side in range(2):
                        out[n] = 1 + o * 2 + side
                        n += 1
        elif ph == P_ADJUST:
            dmask = [0] * NDICE
            cmask = [0] * max(self.nc, 1)
            self.adjust_targets(buf, dmask, cmask)
            out[0] = 0
            n = 1
            for d in range(NDICE):
                if dmask[d]:
                    if buf[self.o_die_v + d] < 3:
                        out[n] = 1 + 2 * d
                        n += 1
                    if buf[self.o_die_v + d] > 1:
                        out[n] = 2 + 2 * d
                        n += 1
            for k in range(self.nc):
                if cmask[k]:
                    out[n] = CHIT_BASE + k
                    n += 1
        elif ph == P_DZONE:
            c = buf[self.o_sel_card]
            for z in range(self.nz):
                if buf[self.o_zown + z] == 0:
                    out[n] = z * 2
                    n += 1
                    if self.card_a[c] != self.card_b[c]:
                        out[n] = z * 2 + 1
                        n += 1
        return n

    def place(self, buf, seat: int, area: int, cnt: int, nobles: int) -> None:
        no = self.no
        buf[self.o_an + area * no + seat] += nobles
        buf[self.o_ap + area * no + seat] += cnt - nobles
        buf[self.o_nob + seat] -= nobles
        buf[self.o_pea + seat] -= cnt - nobles

    def settle_count(self, buf, seat: int, want: int) -> int:
        """As many citizens as asked, or as the supply allows."""
        have = buf[self.o_nob + seat] + buf[self.o_pea + seat]
        return want if want < have else have

    def after_settle(self, buf) -> None:
        if buf[self.o_round] == 2 and self.can_promote(buf):
            self.enter_step(buf, P_PROMOTE)
        else:
            self.enter_step(buf, P_ADJUST)

    def can_promote(self, buf) -> int:
        """1 while promotions are left and a noble stands in the wall's neighbourhood."""
        if buf[self.o_sel_left] <= 0:
            return 0
        for o in range(self.no):
            if self.promote_source(buf, o) >= 0:
                return 1
        return 0

    def apply(self, buf, seat: int, move: int) -> None:
        ph = buf[self.o_phase]
        if ph == P_CHANCE:
            self.apply_chance(buf, move)
            return
        if ph == P_START:
            buf[self.o_road + move] = 1
            buf[self.o_turn] += 1
            if buf[self.o_turn] >= self.start_roads:
                self.begin_align(buf)
            else:
                buf[self.o_cur] = buf[self.o_turn] % self.players
        elif ph == P_ALIGN:
            buf[self.o_gstate + move] = 3
            buf[self.o_guild + seat] = move + 1
            buf[self.o_turn] += 1
            if buf[self.o_turn] >= self.players:
                self.start_build(buf)
            else:
                buf[self.o_cur] = buf[self.o_order + buf[self.o_turn]]
        elif ph == P_LOC:
            buf[self.o_sel_loc] = move
            if buf[self.o_round] == 1:
                buf[self.o_road + move] = 1
                buf[self.o_roads + seat] -= 1
            else:
                buf[self.o_wall + move] = 1
                buf[self.o_walls + seat] -= 1
            buf[self.o_phase] = P_CARD
        elif ph == P_CARD:
            buf[self.o_sel_card] = move
            buf[self.o_hand + seat * K + move] -= 1
            buf[self.o_pool + seat * OWN + move] -= 1     # played face up: public
            self.enter_step(buf, P_SPLIT)
        elif ph == P_SPLIT:
            c = buf[self.o_sel_card]
            a = self.card_a[c]
            b = self.card_b[c]
            if buf[self.o_round] == 2:
                settle = a if move == 0 else b
                buf[self.o_sel_left] = b if move == 0 else a
                buf[self.o_sel_x] = self.gap_area[buf[self.o_sel_loc]]
                buf[self.o_sel_nx] = self.settle_count(buf, seat, settle)
                buf[self.o_sel_ny] = 0
            else:
                loc = buf[self.o_sel_loc]
                flip = move // 4
                s1 = self.path_ar[loc * 4 + (move // 2) % 2]
                s2 = self.path_ar[loc * 4 + 2 + move % 2]
                buf[self.o_sel_x] = s1 if flip == 0 else s2
                buf[self.o_sel_y] = s2 if flip == 0 else s1
                nx = self.settle_count(buf, seat, a)
                buf[self.o_sel_nx] = nx
                rest = buf[self.o_nob + seat] + buf[self.o_pea + seat] - nx
                buf[self.o_sel_ny] = b if b < rest else rest
            if buf[self.o_sel_nx] > 0:
                buf[self.o_phase] = P_N1
            elif buf[self.o_sel_ny] > 0:
                buf[self.o_phase] = P_N2
            else:
                self.after_settle(buf)
        elif ph == P_N1:
            self.place(buf, seat, buf[self.o_sel_x], buf[self.o_sel_nx], move)
            if buf[self.o_round] == 1 and buf[self.o_sel_ny] > 0:
                buf[self.o_phase] = P_N2
            else:
                self.after_settle(buf)
        elif ph == P_N2:
            self.place(buf, seat, buf[self.o_sel_y], buf[self.o_sel_ny], move)
            self.after_settle(buf)
        elif ph == P_PROMOTE:
            if move == 0:
                self.enter_step(buf, P_ADJUST)
                return
            o = (move - 1) // 2
            t = self.gap_tw[buf[self.o_sel_loc] * 2 + (move - 1) % 2]
            a = self.promote_source(buf, o)
            buf[self.o_an + a * self.no + o] -= 1
            buf[self.o_tw + t * self.no + o] += 1
            buf[self.o_sel_left] -= 1
            if not self.can_promote(buf):
                self.enter_step(buf, P_ADJUST)
        elif ph == P_ADJUST:
            if move > 0 and move < CHIT_BASE:
                d = (move - 1) // 2
                buf[self.o_die_v + d] += 1 if move % 2 == 1 else -1
            elif move >= CHIT_BASE:
                buf[self.o_chit + move - CHIT_BASE] *= -1
            self.next_turn(buf)
        elif ph == P_DCARD:
            buf[self.o_sel_card] = move
            buf[self.o_hand + seat * K + move] -= 1
            buf[self.o_phase] = P_DZONE
        elif ph == P_DZONE:
            z = move // 2
            buf[self.o_zcard + z] = buf[self.o_sel_card] + 1
            buf[self.o_zori + z] = move % 2
            buf[self.o_zown + z] = seat + 1
            buf[self.o_sel_card] = 0          # the face-down card must not stay readable
            buf[self.o_turn] += 1
            if buf[self.o_turn] >= self.players:
                self.end_defense(buf)
            else:
                buf[self.o_cur] = buf[self.o_order + buf[self.o_turn]]
                buf[self.o_phase] = P_DCARD

    def begin_align(self, buf) -> None:
        """Round 1 align: clockwise from the start player (seat 0)."""
        for p in range(self.players):
            buf[self.o_order + p] = p
        buf[self.o_turn] = 0
        buf[self.o_cur] = 0
        buf[self.o_phase] = P_ALIGN

    def apply_chance(self, buf, move: int) -> None:
        i = buf[self.o_setup]
        noff = self.players if self.offcolour else 0
        if i < noff:
            buf[self.o_hand + i * K + move] += 1
            buf[self.o_offun + i] = 1
        elif i < noff + NDICE:
            d = i - noff
            buf[self.o_die_f + d] = move // 3
            buf[self.o_die_v + d] = move % 3 + 1
        elif i < noff + NDICE + self.nc:
            buf[self.o_chit + i - noff - NDICE] = 1 if move == 1 else -1
        else:
            buf[self.o_gstate + move] = 2
        buf[self.o_setup] = i + 1
        if i + 1 == self.n_chance():
            if self.start_roads > 0:
                buf[self.o_phase] = P_START
                buf[self.o_turn] = 0
                buf[self.o_cur] = 0
            else:
                self.begin_align(buf)

    def chance(self, buf, outcomes, probs) -> int:
        i = buf[self.o_setup]
        noff = self.players if self.offcolour else 0
        n = 0
        if i < noff:
            left = 3 - i
            for k in range(OWN, K):
                used = 0
                for p in range(i):
                    used += buf[self.o_hand + p * K + k]
                if used == 0:
                    outcomes[n] = k
                    probs[n] = 1.0 / left
                    n += 1
        elif i < noff + NDICE:
            d = i - noff
            for f in range(NF):
                rem = 4
                for e in range(d):
                    if buf[self.o_die_f + e] == f:
                        rem -= 1
                if rem > 0:
                    for v in range(3):
                        outcomes[n] = f * 3 + v
                        probs[n] = rem / (NDICE - d) / 3.0
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
                if buf[self.o_gstate + g] == 1:
                    cnt += 1
            for g in range(NGUILD):
                if buf[self.o_gstate + g] == 1:
                    outcomes[n] = g
                    probs[n] = 1.0 / cnt
                    n += 1
        return n

    # -- hidden information ------------------------------------------------------------
    def observe(self, buf, seat: int) -> None:
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

    def determinize(self, buf, seat: int, rng: Rng) -> None:
        """Deal each rival's unseen cards (public pool + off-colour card) at random between
        their face-down zones, the card being placed, and their hand; orientations uniform."""
        off = [0] * 3
        noff = 0
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
                off[i], off[r] = off[r], off[i]
        used = 0
        cards = [0] * 40
        for p in range(self.players):
            if p == seat:
                continue
            n = 0
            for k in range(OWN):
                for _ in range(buf[self.o_pool + p * OWN + k]):
                    cards[n] = k
                    n += 1
            if buf[self.o_offun + p] == 1 and used < noff:
                cards[n] = off[used]
                used += 1
                n += 1
            for i in range(n - 1, 0, -1):
                r = rng.below(i + 1)
                cards[i], cards[r] = cards[r], cards[i]
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

    def observed_move(self, buf, actor: int, move: int, observer: int) -> int:
        ph = buf[self.o_phase]
        if actor == observer:
            return move
        if ph == P_CHANCE and self.offcolour and buf[self.o_setup] < self.players \
                and buf[self.o_setup] != observer:
            return self.max_moves
        if ph == P_DCARD:
            return self.max_moves
        if ph == P_DZONE:
            return self.max_moves + 1 + move // 2
        return move

    def scores(self, buf, out) -> None:
        for p in range(self.players):
            out[p] = buf[self.o_score + p]

    def rollout(self, buf, rng: Rng) -> None:
        out = [0] * self.max_moves
        while buf[self.o_phase] != P_END:
            if buf[self.o_phase] == P_CHANCE:
                self.apply(buf, -1, self.sample_chance(buf, rng))
            else:
                seat = buf[self.o_cur]
                n = self.legal(buf, seat, out)
                self.apply(buf, seat, out[rng.below(n)])
