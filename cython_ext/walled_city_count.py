"""The Walled City kernel, layer 2: counting votes (layers: :mod:`cython_ext.walled_city_board`).

At the end of each round's build phase ``count_votes_`` scores, in order:

1. (round 2 only) nobles flee every neighbourhood that still has an open gap;
2. each neighbourhood: places 1st..4th by citizens (ties by nobles, then a
   full tie splits the places' votes), each place's 5/3/2/0 changed by the
   neighbourhood's survey chits (+1/-1 each);
3. each faction: the owner with most citizens in the neighbourhoods holding
   that faction's dice (round 2: and in the towers holding its dice, where
   watchmen count as nobles) takes the sum of those dice (round 1: the dice
   outside towers only); ties as above, remainder lost.

``score_towers_`` scores the towers once, at the end of the game (round 2's
defense): the owner with most watchmen in a tower takes both adjacent
defense-card halves facing it, second place the lower half.

The ``*_`` methods work on raw pointers (compiled) and are what the rules
call; the methods without ``_`` are their Python entries, for tests and
benches.  Scratch arrays (fixed C arrays of the object, lists interpreted):
``s_add`` votes gained per owner (count_votes_, end of game), ``s_cnt``/``s_nob``
citizens/nobles per owner (the two majority counts), ``s_done`` owners
in place order (place_split_), ``s_mark`` marked neighbourhoods (flee_),
``s_lc``/``s_ln``/``s_lchit`` the sums per neighbourhood label (label_sums_),
``s_fl``/``s_nl``/``s_fv`` each faction's neighbourhoods, towers and value
(score_factions_).  None of these calls nest.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_board import WalledCityBoard

if not cython.compiled:
    from .kernel import ptr
    from .walled_city_board import MAXA, MAXO, MAXT, NDICE, NF


def tdiv(a, b):
    """``a / b`` dropping the remainder toward zero (C semantics; Python's ``//`` floors)."""
    q: cython.int = (-a if a < 0 else a) // b   # both modes agree on non-negative operands
    return -q if a < 0 else q


@cython.cclass
class WalledCityCount(WalledCityBoard):
    """Vote counting over the board (neighbourhoods, faction majorities, towers)."""

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        super().__init__(players, size, max_moves, offs, topo)
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.s_add = [0] * MAXO
            self.s_cnt = [0] * MAXO
            self.s_nob = [0] * MAXO
            self.s_done = [0] * MAXO
            self.s_mark = [0] * MAXA
            self.s_lc = [0] * (MAXA * MAXO)
            self.s_ln = [0] * (MAXA * MAXO)
            self.s_lchit = [0] * MAXA
            self.s_fl = [0] * (2 * NF * NDICE)
            self.s_nl = [0] * (2 * NF)
            self.s_fv = [0] * NF
            self.tower_z = [0] * (MAXT * 2)
        t: cython.int
        z: cython.int
        for t in range(MAXT):  # each tower's first and last defense zone (zone order), -1 none
            self.tower_z[t * 2] = -1
            self.tower_z[t * 2 + 1] = -1
        for t in range(self.nt):
            for z in range(self.nz):
                if self.zone_tw[z * 2] == t or self.zone_tw[z * 2 + 1] == t:
                    if self.tower_z[t * 2] < 0:
                        self.tower_z[t * 2] = z
                    else:
                        self.tower_z[t * 2 + 1] = z

    def cit(self, b, a, o):
        """Citizens (nobles + peasants) of owner ``o`` in area ``a``."""
        return b[self.o_an + a * self.no + o] + b[self.o_ap + a * self.no + o]

    # -- majorities --------------------------------------------------------------------
    @cython.final
    def majority_split_(self, cnt, nob, value, add):
        """Most citizens (then nobles) takes ``value``; a full tie splits it, remainder lost."""
        o: cython.int
        best: cython.int = -1
        bestn: cython.int = -1
        g: cython.int = 0
        share: cython.int
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

    @cython.final
    def place_split_(self, cnt, nob, chit, add):
        """Places 1st..4th (5/3/2/0, each changed by ``chit``); ties by nobles, then a full tie
        shares the tied places' votes (remainder lost, negative places too).  The owners with
        citizens are sorted once (most citizens, then nobles, first) and taken group by group."""
        idx: cython.p_int = self.s_done
        o: cython.int
        m: cython.int = 0
        i: cython.int
        j: cython.int
        q: cython.int
        y: cython.int
        place: cython.int = 0
        total: cython.int
        share: cython.int
        for o in range(self.no):
            if cnt[o] <= 0:
                continue
            j = m  # insertion: after every owner ahead of it or level with it (stable)
            while j > 0 and (cnt[idx[j - 1]] < cnt[o] or (cnt[idx[j - 1]] == cnt[o] and nob[idx[j - 1]] < nob[o])):
                idx[j] = idx[j - 1]
                j -= 1
            idx[j] = o
            m += 1
        i = 0
        while i < m:
            y = idx[i]
            j = i + 1
            while j < m and cnt[idx[j]] == cnt[y] and nob[idx[j]] == nob[y]:
                j += 1
            total = 0
            for q in range(place, place + j - i):
                total += (self.pv[q] if q < 4 else 0) + chit
            share = tdiv(total, j - i)
            for q in range(i, j):
                add[idx[q]] += share
            place += j - i
            i = j

    # -- the count ---------------------------------------------------------------------
    @cython.final
    def label_sums_(self, b, comp):
        """Citizens and nobles per owner summed over the areas of each ``comp`` label
        (``s_lc``, ``s_ln``: label * no + owner), and the survey chits per label
        (``s_lchit``): the two counts below read these instead of the areas."""
        lc: cython.p_int = self.s_lc
        ln: cython.p_int = self.s_ln
        lchit: cython.p_int = self.s_lchit
        a: cython.int
        o: cython.int
        k: cython.int
        r: cython.int
        x: cython.int
        no: cython.int = self.no
        for a in range(self.na * no):
            lc[a] = 0
            ln[a] = 0
        for a in range(self.na):
            lchit[a] = 0
        for a in range(self.na):
            r = comp[a] * no
            x = a * no
            for o in range(no):
                lc[r + o] += b[self.o_an + x + o] + b[self.o_ap + x + o]
                ln[r + o] += b[self.o_an + x + o]
        for k in range(self.nc):
            lchit[comp[b[self.o_cloc + k]]] += b[self.o_chit + k]

    @cython.final
    def score_neighbourhoods_(self, b, comp, add):
        """Each neighbourhood (``comp`` labels; sums from :meth:`label_sums_`) scores its
        places into ``add``."""
        cnt: cython.p_int = self.s_cnt
        nob: cython.p_int = self.s_nob
        c: cython.int
        o: cython.int
        x: cython.int
        t: cython.int
        for c in range(self.na):
            if comp[c] != c:
                continue
            x = c * self.no
            t = 0
            for o in range(self.no):
                cnt[o] = self.s_lc[x + o]
                nob[o] = self.s_ln[x + o]
                t += cnt[o]
            if t > 0:  # nobody there: no place to give
                self.place_split_(cnt, nob, self.s_lchit[c], add)

    @cython.final
    def faction_value_(self, b, f, towers):
        """Sum of faction ``f``'s dice (those in towers only when ``towers``)."""
        d: cython.int
        v: cython.int = 0
        for d in range(NDICE):
            if b[self.o_die_f + d] == f and (towers or b[self.o_dloc + d] < self.na):
                v += b[self.o_die_v + d]
        return v

    @cython.final
    def score_factions_(self, b, comp, towers, add):
        """Each faction's majority over the neighbourhoods (and, with ``towers``, the towers)
        holding its dice (sums from :meth:`label_sums_`); watchmen count as nobles.  One pass
        over the dice lists each faction's neighbourhoods and towers (once each) and its value."""
        cnt: cython.p_int = self.s_cnt
        nob: cython.p_int = self.s_nob
        fl: cython.p_int = self.s_fl
        nl: cython.p_int = self.s_nl
        fv: cython.p_int = self.s_fv
        f: cython.int
        i: cython.int
        j: cython.int
        d: cython.int
        o: cython.int
        x: cython.int
        lab: cython.int
        base: cython.int
        for f in range(NF):
            nl[f] = 0
            nl[NF + f] = 0
            fv[f] = 0
        for d in range(NDICE):
            f = b[self.o_die_f + d]
            x = b[self.o_dloc + d]
            if x < self.na:
                lab = comp[x]
                base = f * NDICE
                j = f
            elif towers:
                lab = x - self.na
                base = (NF + f) * NDICE
                j = NF + f
            else:
                continue
            fv[f] += b[self.o_die_v + d]
            for i in range(nl[j]):
                if fl[base + i] == lab:
                    break
            else:
                fl[base + nl[j]] = lab
                nl[j] += 1
        for f in range(NF):
            for o in range(self.no):
                cnt[o] = 0
                nob[o] = 0
            for i in range(nl[f]):
                x = fl[f * NDICE + i] * self.no
                for o in range(self.no):
                    cnt[o] += self.s_lc[x + o]
                    nob[o] += self.s_ln[x + o]
            for i in range(nl[NF + f]):
                x = fl[(NF + f) * NDICE + i] * self.no
                for o in range(self.no):
                    cnt[o] += b[self.o_tw + x + o]
                    nob[o] += b[self.o_tw + x + o]
            self.majority_split_(cnt, nob, fv[f], add)

    @cython.final
    def zone_half_(self, b, z, t):
        """Value of the half of zone ``z``'s card nearer to tower ``t`` (0 when empty)."""
        c: cython.int = b[self.o_zcard + z]
        first: cython.int
        second: cython.int
        if c <= 0:
            return 0
        c -= 1
        first = self.card_a[c] if b[self.o_zori + z] == 0 else self.card_b[c]
        second = self.card_b[c] if b[self.o_zori + z] == 0 else self.card_a[c]
        return first if self.zone_tw[z * 2] == t else second

    @cython.final
    def score_towers_(self, b, add):
        """Each tower: most watchmen take both adjacent halves, second place the lower one."""
        t: cython.int
        z: cython.int
        v1: cython.int
        v2: cython.int
        first: cython.int
        second: cython.int
        w: cython.int
        o: cython.int
        low: cython.int
        for t in range(self.nt):  # its first zone's half, and its last other zone's (tower_z)
            z = self.tower_z[t * 2]
            v1 = self.zone_half_(b, z, t) if z >= 0 else 0
            z = self.tower_z[t * 2 + 1]
            v2 = self.zone_half_(b, z, t) if z >= 0 else 0
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

    @cython.final
    def flee_(self, b, comp):
        """Nobles in a neighbourhood with an unfilled gap leave the game."""
        bad: cython.p_int = self.s_mark
        g: cython.int
        a: cython.int
        o: cython.int
        for a in range(self.na):
            bad[a] = 0
        for g in range(self.ng):
            if b[self.o_wall + g] != 1 and b[self.o_wall + g] != 3:  # open, or broken (Goldsmiths)
                bad[comp[b[self.o_garea + g]]] = 1
        for a in range(self.na):
            if bad[comp[a]]:
                for o in range(self.no):
                    b[self.o_an + a * self.no + o] = 0

    @cython.final
    def count_votes_(self, b):
        """The count at the end of a round's build phase (see the module docstring)."""
        comp: cython.p_int = self.s_comp
        add: cython.p_int = self.s_add
        o: cython.int
        p: cython.int
        r2: cython.int
        for o in range(MAXO):
            add[o] = 0
        self.comps_(b, comp)
        r2 = b[self.o_round] == 2
        if r2:
            self.flee_(b, comp)
        self.label_sums_(b, comp)
        self.score_neighbourhoods_(b, comp, add)
        self.score_factions_(b, comp, 1 if r2 else 0, add)
        for p in range(self.players):
            b[self.o_score + p] += add[p]

    # -- Python entries (tests, benches): lists in and out through the scratch arrays -----
    def count_votes(self, buf: cython.int[::1]) -> None:
        """Count votes in ``buf`` in place (scores, and fled nobles in round 2)."""
        self.count_votes_(ptr(buf))

    def score_neighbourhoods(self, buf: cython.int[::1], comp, add) -> None:
        """Add each owner's neighbourhood votes to the list ``add`` (``comp``: from ``comps``)."""
        i: cython.int
        for i in range(self.na):
            self.s_comp[i] = comp[i]
        for i in range(self.no):
            self.s_add[i] = add[i]
        self.label_sums_(ptr(buf), self.s_comp)
        self.score_neighbourhoods_(ptr(buf), self.s_comp, self.s_add)
        for i in range(self.no):
            add[i] = self.s_add[i]

    def score_factions(self, buf: cython.int[::1], comp, towers: cython.int, add) -> None:
        """Add each owner's faction-majority votes to ``add``."""
        i: cython.int
        for i in range(self.na):
            self.s_comp[i] = comp[i]
        for i in range(self.no):
            self.s_add[i] = add[i]
        self.label_sums_(ptr(buf), self.s_comp)
        self.score_factions_(ptr(buf), self.s_comp, towers, self.s_add)
        for i in range(self.no):
            add[i] = self.s_add[i]

    def score_towers(self, buf: cython.int[::1], add) -> None:
        """Add each owner's tower votes to ``add``."""
        i: cython.int
        for i in range(self.no):
            self.s_add[i] = add[i]
        self.score_towers_(ptr(buf), self.s_add)
        for i in range(self.no):
            add[i] = self.s_add[i]

    def faction_value(self, buf: cython.int[::1], f: cython.int, towers: cython.int) -> int:
        return cython.cast(cython.int, self.faction_value_(ptr(buf), f, towers))

    def flee(self, buf: cython.int[::1], comp) -> None:
        """Remove the nobles of neighbourhoods with an open gap from ``buf``."""
        i: cython.int
        for i in range(self.na):
            self.s_comp[i] = comp[i]
        self.flee_(ptr(buf), self.s_comp)
