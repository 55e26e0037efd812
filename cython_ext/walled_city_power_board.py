"""The Walled City kernel, layer 4a: what the guild powers read and move on the board (layers:
:mod:`cython_ext.walled_city_board`; the powers: :mod:`cython_ext.walled_city_powers`).

The powers' fields and tables (read from the edition by ``__init__``), and the
helpers that the listing of a power's choices
(:mod:`cython_ext.walled_city_power_legal`) and their playing
(:mod:`cython_ext.walled_city_power_apply`) share: citizens on the board,
dice and chits, Carpenters' fences, the cards of Butchers' trades, and the
seat whose decision a power step is.  The powers' constants (moves, power
codes, what a step's move names, the fences' and the trade log's limits) are
declared once, in this module's ``.pxd``.

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_rounds import WalledCityRounds

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .walled_city_board import MAXG, MAXO, MAXP, NDICE, NGUILD, OWN, K, P_POWER

    globals().update(enum_constants(__file__))


@cython.cclass
class WalledCityPowerBoard(WalledCityRounds):
    """The guild powers' fields, and the board and hand readers their steps share."""

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        g: cython.int
        super().__init__(players, size, max_moves, offs, topo)
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.gpower = [0] * NGUILD
            self.gconst = [0] * NGUILD
            self.passive = [0] * MAXO
            self.nsplit = [0] * MAXA0
            self.fpath = [0] * FPATH_N
            self.fgap = [0] * FGAP_N
        self.o_piv = offs["piv"]
        self.o_pw_kind = offs["pw_kind"]
        self.o_pw_step = offs["pw_step"]
        self.o_pw_ret = offs["pw_ret"]
        self.o_pw_o = offs["pw_o"]
        self.o_pw_a = offs["pw_a"]
        self.o_pw_b = offs["pw_b"]
        self.o_pw_n = offs["pw_n"]
        self.o_pw_m = offs["pw_m"]
        self.o_drape = offs["drape"]
        self.o_tused = offs["tused"]
        self.o_nbt = offs["nbt"]
        self.o_bt = offs["bt"]
        for g in range(NGUILD):
            self.gpower[g] = cython.cast(cython.int, topo["gpower"][g])
            self.gconst[g] = cython.cast(cython.int, topo["gconst"][g])
        for g in range(self.na0):
            self.nsplit[g] = cython.cast(cython.int, topo["nsplit"][g])
        for g in range(self.na0 * MAXS * MAXP):
            self.fpath[g] = cython.cast(cython.int, topo["fpath"][g])
        for g in range(self.na0 * MAXS * MAXG):
            self.fgap[g] = cython.cast(cython.int, topo["fgap"][g])
        for g in range(MAXO):
            self.passive[g] = cython.cast(cython.int, topo["passive"][g]) if g < players else 0

    # -- pieces ------------------------------------------------------------------------
    def nob_at_(self, b, loc, o):
        """Nobles of owner ``o`` at ``loc`` (an area, or areas + tower)."""
        if loc < self.na:
            return b[self.o_an + loc * self.no + o]
        return b[self.o_tw + (loc - self.na) * self.no + o]

    def add_nob_(self, b, loc, o, d):
        if loc < self.na:
            b[self.o_an + loc * self.no + o] += d
        else:
            b[self.o_tw + (loc - self.na) * self.no + o] += d

    def count_on_board_(self, b, o, nobles, towers):
        """Owner ``o``'s nobles (or peasants) in the areas (and towers, if ``towers``)."""
        a: cython.int
        t: cython.int
        n: cython.int = 0
        for a in range(self.na):
            n += b[(self.o_an if nobles else self.o_ap) + a * self.no + o]
        if nobles and towers:
            for t in range(self.nt):
                n += b[self.o_tw + t * self.no + o]
        return n

    @cython.final
    def any_on_board_(self, b, o, nobles, towers):
        """1 if :meth:`count_on_board_` would be above 0 (stops at the first piece)."""
        a: cython.int
        t: cython.int
        x: cython.int = self.o_an if nobles else self.o_ap
        for a in range(self.na):
            if b[x + a * self.no + o] > 0:
                return 1
        if nobles and towers:
            for t in range(self.nt):
                if b[self.o_tw + t * self.no + o] > 0:
                    return 1
        return 0

    def filled_(self, b):
        """1 if some road or wall stands unbroken (Goldsmiths, Skinners)."""
        i: cython.int
        for i in range(self.np_):
            if b[self.o_road + i] == 1 or b[self.o_road + i] == 3:
                return 1
        for i in range(self.ng):
            if b[self.o_wall + i] == 1 or b[self.o_wall + i] == 3:
                return 1
        return 0

    @cython.final
    def item_loc_(self, b, i):
        """Where die ``i`` (< 20) or chit ``i - 20`` lies: an area, or areas + tower."""
        if i < NDICE:
            return b[self.o_dloc + i]
        return b[self.o_cloc + i - NDICE]

    def swap_ok_(self, b, i, j):
        """Curriers: ``i`` and ``j`` in different places, no chit into a tower."""
        li: cython.int = self.item_loc_(b, i)
        lj: cython.int = self.item_loc_(b, j)
        if li == lj:
            return 0
        if (i >= NDICE and lj >= self.na) or (j >= NDICE and li >= self.na):
            return 0
        return 1

    def swap_changes_(self, b, i, j):
        """Curriers: whether swapping ``i`` and ``j`` shows a different board (a die and a chit,
        two dice of another faction or value, two chits of another value)."""
        if (i < NDICE) != (j < NDICE):
            return 1
        if i < NDICE:
            return 1 if b[self.o_die_f + i] != b[self.o_die_f + j] or b[self.o_die_v + i] != b[self.o_die_v + j] else 0
        return 1 if b[self.o_chit + i - NDICE] != b[self.o_chit + j - NDICE] else 0

    def on_path_(self, b, a):
        """1 if area ``a`` borders a road or path: where a Saddlers' citizen can leave from.  A
        fence's half may border none (ruling 42: a fence is not crossed; the other half took
        every path), so its citizens cannot be selected."""
        p: cython.int
        for p in range(4 * self.np_):
            if b[self.o_pside + p] == a:
                return 1
        return 0

    def movable_(self, b, a, o):
        """Saddlers: citizens of the chosen kind of owner ``o`` in area ``a`` not yet moved."""
        k: cython.int
        n: cython.int = b[(self.o_ap if b[self.o_pw_b] == 0 else self.o_an) + a * self.no + o]
        for k in range(b[self.o_pw_n]):
            if b[self.o_pw_m + k] == a * MAXO + o + 1:
                n -= 1
        return n

    def from_(self, b, x, y, who, peasants):
        """Pieces at (place, owner) >= (x, y) in that order, of owner ``who`` only if >= 0:
        whether an unordered pick of several can still be completed from ``x``."""
        loc: cython.int
        o: cython.int
        n: cython.int = 0
        for loc in range(x, self.na if peasants else self.na + self.nt):
            for o in range(self.no):
                if (who >= 0 and o != who) or (loc == x and o < y):
                    continue
                n += b[self.o_ap + loc * self.no + o] if peasants else self.nob_at_(b, loc, o)
        return n

    def next_owner_(self, b, seat, o):
        """The next owner at or after ``o`` the current power has business with (no: none)."""
        w: cython.int = b[self.o_pw_kind] - 1
        while o < self.no:
            if w == W_IRONMONGERS:
                return o
            if o != seat:
                if w == W_MERCERS and self.any_on_board_(b, o, 1, 1):
                    return o
                if (w == W_PAINTERS or w == W_TAYLORS) and self.any_on_board_(b, o, 0, 0):
                    return o
            o += 1
        return o

    # -- Carpenters' fences ---------------------------------------------------------------------
    def active_(self, b, a):
        """1 if area slot ``a`` is on the board: a printed area, or the far half of a fence."""
        return 1 if a < self.na0 or b[self.o_fence + a - self.na0] > 0 else 0

    def put_fence_(self, b, a, s):
        """Fence printed area ``a`` with its split ``s``: the pieces of the far side now border
        area ``na0 + a``; a path the fence ends on borders both halves (a T-path side)."""
        far: cython.int = self.na0 + a
        base: cython.int = a * MAXS + s
        p: cython.int
        i: cython.int
        v: cython.int
        b[self.o_fence + a] = s + 1
        for p in range(self.np_):
            v = self.fpath[base * MAXP + p]
            if v == 1:
                for i in range(4):
                    if b[self.o_pside + p * 4 + i] == a:
                        b[self.o_pside + p * 4 + i] = far
            elif v == 2:  # the edition checks this side holds area a alone
                for i in range(0, 4, 2):
                    if b[self.o_pside + p * 4 + i] == a and b[self.o_pside + p * 4 + i + 1] < 0:
                        b[self.o_pside + p * 4 + i + 1] = far
        for p in range(self.ng):
            if self.fgap[base * MAXG + p]:
                b[self.o_garea + p] = far

    def next_part_(self, b, a, i):
        """The next (owner * 2 + kind) at or after ``i`` with citizens in area ``a`` (kind 0
        nobles, 1 peasants); ``2 * no`` when none is left to divide."""
        while i < 2 * self.no:
            if b[(self.o_an if i % 2 == 0 else self.o_ap) + a * self.no + i // 2] > 0:
                return i
            i += 1
        return i

    def fence_items_(self, b, a):
        """"The Faction die or Survey chit ... on the side with more Citizens": moved now, or 1
        when the halves tie and the Carpenter chooses."""
        far: cython.int = self.na0 + a
        c0: cython.int = 0
        c1: cython.int = 0
        o: cython.int
        i: cython.int
        items: cython.int = 0
        for i in range(NDICE):
            items += b[self.o_dloc + i] == a
        for i in range(self.nc):
            items += b[self.o_cloc + i] == a
        if items == 0:
            return 0
        for o in range(self.no):
            c0 += b[self.o_an + a * self.no + o] + b[self.o_ap + a * self.no + o]
            c1 += b[self.o_an + far * self.no + o] + b[self.o_ap + far * self.no + o]
        if c0 == c1:
            return 1
        if c1 > c0:
            self.move_items_(b, a, far)
        return 0

    @cython.final
    def move_items_(self, b, x, y):
        """Every die and chit in area ``x`` to area ``y``."""
        i: cython.int
        for i in range(NDICE):
            if b[self.o_dloc + i] == x:
                b[self.o_dloc + i] = y
        for i in range(self.nc):
            if b[self.o_cloc + i] == x:
                b[self.o_cloc + i] = y

    # -- Butchers' trades ---------------------------------------------------------------------------
    @cython.final
    def tot_(self, k):
        """A construction card's total value (Butchers: "a higher total value")."""
        return self.card_a[k] + self.card_b[k]

    def own_cards_(self, b, p):
        """Own-colour cards in seat ``p``'s hand (the off-colour card is never traded)."""
        k: cython.int
        n: cython.int = 0
        for k in range(OWN):
            n += b[self.o_hand + p * K + k]
        return n

    def higher_(self, b, p, x):
        """1 if seat ``p`` holds a card of higher total value than card type ``x``."""
        k: cython.int
        for k in range(OWN):
            if b[self.o_hand + p * K + k] > 0 and self.tot_(k) > self.tot_(x):
                return 1
        return 0

    def fdown_zone_(self, b, p):
        """Seat ``p``'s face-down defense zone (during round 2's build: its round-1 card), -1 none."""
        z: cython.int
        for z in range(self.nz):
            if b[self.o_zown + z] == p + 1:
                return z
        return -1

    def decider_(self, b):
        """The seat whose decision it is: the receiver returning a card to the Butcher, else ``cur``."""
        if b[self.o_phase] == P_POWER and b[self.o_pw_kind] - 1 == W_BUTCHERS and b[self.o_pw_step] == 1:
            return b[self.o_pw_o]
        return b[self.o_cur]
