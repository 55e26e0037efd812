"""The Walled City kernel, layer 1: the board and its neighbourhoods.

The rules kernel of The Walled City is built in layers, one module each
(declarations in the ``.pxd`` beside each):

* ``walled_city_board``  -- constants, board topology, buffer offsets, neighbourhoods;
* ``walled_city_count``  -- counting votes: neighbourhoods, faction majorities, towers;
* ``walled_city_rounds`` -- the two rounds as moves: to_move, legal, apply, chance,
  and the guild-power hook;
* ``walled_city``        -- hidden information, chance sampling, random playouts:
  the complete kernel :class:`WalledCityKernel` that ``engine/walled_city`` loads.

The board is a graph handed in as flat integer arrays (``topo``, built by
``engine/walled_city/game.py`` from the edition; see
``docs/games/walled_city.md``); the buffer layout is the one the Game
declares (field offsets arrive in ``offs``).

Topology arrays (fixed C arrays compiled, lists interpreted):

* ``path_ar[p*4 .. p*4+3]``: path ``p``'s side-a areas (2) then side-b areas (2),
  -1 where a side has one area (only T-paths have two on one side);
* ``gap_area[g]``: the area gap ``g`` borders; ``gap_tw[g*2], gap_tw[g*2+1]``:
  its two closest towers;
* those two as printed: in play the buffer's ``pside`` and ``garea`` (same
  shapes) hold them, because Carpenters' fences change them;
* areas: ``na0`` printed ones, then one slot per printed area for the far
  half of a fence (area ``na0 + a``: empty, on no path and by no gap, until
  area ``a`` is fenced); ``na = 2 * na0`` counts both, and a tower's place
  is ``na + tower``;
* ``zone_tw[z*2], zone_tw[z*2+1]``: the two towers of defense zone ``z``;
* ``die_area[d]`` / ``die_tower[d]``: die spot ``d`` lies in an area / a tower
  (the other is -1); ``chit_area[c]``: the area of survey chit ``c``; these are
  where setup puts them: during play die ``d`` is at ``dloc[d]`` (an area, or
  ``na + tower``) and chit ``c`` in area ``cloc[c]`` (the Curriers swap them);
* ``card_a[k], card_b[k]``: the two numbers of card type ``k`` (``a >= b``);
* ``gkey[g]``: guild ``g``'s priority * 2 + "b" (lower acts first);
* ``pv[0..3]``: votes for neighbourhood places 1st..4th (5/3/2/0).

Owners: the seats, plus with two players a neutral colour (owner ``P``) that
competes for majorities; ``no`` counts them.

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .kernel import Kernel

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .kernel import ptr

    globals().update(enum_constants(__file__))


@cython.cclass
class WalledCityBoard(Kernel):
    """Board of one configured game: sizes, topology, field offsets, neighbourhoods."""

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        i: cython.int
        super().__init__(players, size, max_moves)
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.path_ar = [0] * (MAXP * 4)
            self.gap_area = [0] * MAXG
            self.gap_tw = [0] * (MAXG * 2)
            self.zone_tw = [0] * (MAXZ * 2)
            self.die_area = [0] * NDICE
            self.die_tower = [0] * NDICE
            self.chit_area = [0] * MAXC
            self.card_a = [0] * K
            self.card_b = [0] * K
            self.gkey = [0] * NGUILD
            self.pv = [0] * 4
            self.s_comp = [0] * MAXA
        self.o_phase = offs["phase"]
        self.o_round = offs["round"]
        self.o_cur = offs["cur"]
        self.o_turn = offs["turn"]
        self.o_setup = offs["setup"]
        self.o_sel_loc = offs["sel_loc"]
        self.o_sel_card = offs["sel_card"]
        self.o_sel_x = offs["sel_x"]
        self.o_sel_y = offs["sel_y"]
        self.o_sel_nx = offs["sel_nx"]
        self.o_sel_ny = offs["sel_ny"]
        self.o_sel_left = offs["sel_left"]
        self.o_order = offs["order"]
        self.o_score = offs["score"]
        self.o_roads = offs["roads"]
        self.o_walls = offs["walls"]
        self.o_nob = offs["nob"]
        self.o_pea = offs["pea"]
        self.o_hand = offs["hand"]
        self.o_pool = offs["pool"]
        self.o_offun = offs["offun"]
        self.o_guild = offs["guild"]
        self.o_guild1 = offs["guild1"]
        self.o_gstate = offs["gstate"]
        self.o_die_f = offs["die_f"]
        self.o_die_v = offs["die_v"]
        self.o_chit = offs["chit"]
        self.o_road = offs["road"]
        self.o_wall = offs["wall"]
        self.o_an = offs["an"]
        self.o_ap = offs["ap"]
        self.o_tw = offs["tw"]
        self.o_zcard = offs["zcard"]
        self.o_zori = offs["zori"]
        self.o_zown = offs["zown"]
        self.o_dloc = offs["dloc"]
        self.o_cloc = offs["cloc"]
        self.o_pside = offs["pside"]
        self.o_garea = offs["garea"]
        self.o_fence = offs["fence"]
        self.no = topo["owners"]
        self.na = topo["areas"]
        self.na0 = topo["areas0"]
        self.np_ = topo["paths"]
        self.ng = topo["gaps"]
        self.nt = topo["towers"]
        self.nz = topo["zones"]
        self.nc = topo["chits"]
        if self.no > MAXO or self.na > MAXA or self.np_ > MAXP or self.ng > MAXG or self.nt > MAXT \
                or self.nz > MAXZ or self.nc > MAXC:
            raise ValueError("board too large for the kernel's fixed arrays")
        self.roads0 = topo["roads"]
        self.walls0 = topo["walls"]
        self.start_roads = topo["start_roads"]
        self.offcolour = topo["offcolour"]
        self.display_n = topo["display"]
        for i in range(self.np_ * 4):
            self.path_ar[i] = cython.cast(cython.int, topo["path_ar"][i])
        for i in range(self.ng):
            self.gap_area[i] = cython.cast(cython.int, topo["gap_area"][i])
            self.gap_tw[2 * i] = cython.cast(cython.int, topo["gap_tw"][2 * i])
            self.gap_tw[2 * i + 1] = cython.cast(cython.int, topo["gap_tw"][2 * i + 1])
        for i in range(self.nz * 2):
            self.zone_tw[i] = cython.cast(cython.int, topo["zone_tw"][i])
        for i in range(NDICE):
            self.die_area[i] = cython.cast(cython.int, topo["die_area"][i])
            self.die_tower[i] = cython.cast(cython.int, topo["die_tower"][i])
        for i in range(self.nc):
            self.chit_area[i] = cython.cast(cython.int, topo["chit_area"][i])
        for i in range(K):
            self.card_a[i] = cython.cast(cython.int, topo["card_a"][i])
            self.card_b[i] = cython.cast(cython.int, topo["card_b"][i])
        for i in range(NGUILD):
            self.gkey[i] = cython.cast(cython.int, topo["gkey"][i])
        for i in range(4):
            self.pv[i] = cython.cast(cython.int, topo["place_votes"][i])

    def n_chance(self):
        """Chance steps of the setup: off-colour deals, 20 dice, survey chits, guild display."""
        return (self.players if self.offcolour else 0) + NDICE + self.nc + self.display_n

    # -- neighbourhoods ------------------------------------------------------------
    @cython.final
    def comps_(self, b, comp):
        """Neighbourhoods: ``comp[a]`` = smallest area joined to ``a`` through unbuilt
        (0) or broken (2) paths; only a road (1, or 3: two roads stacked by Drapers) separates.

        One pass of union-find over the open paths, in ``comp`` itself: a root is always the
        smallest area of its set (the larger root is linked under the smaller), so every link
        points to a lower area and one ascending pass at the end leaves each area its root."""
        a: cython.int
        p: cython.int
        s: cython.int
        x: cython.int
        m: cython.int
        r: cython.int
        q: cython.int
        for a in range(self.na):
            comp[a] = a
        for p in range(self.np_):
            r = b[self.o_road + p]
            if r == 1 or r == 3:
                continue
            q = self.o_pside + p * 4
            m = -1
            for s in range(4):
                x = b[q + s]
                if x < 0:
                    continue
                while comp[x] != x:  # the root, halving the path on the way
                    comp[x] = comp[comp[x]]
                    x = comp[x]
                if m < 0:
                    m = x
                elif x < m:
                    comp[m] = x
                    m = x
                elif x > m:
                    comp[x] = m
        for a in range(self.na):
            comp[a] = comp[comp[a]]

    def comps(self, buf: cython.int[::1], comp) -> None:
        """Python entry of :meth:`comps_`: fills the list ``comp`` (one label per area: the
        printed ones, then the fence halves as far as the list reaches)."""
        a: cython.int
        n: cython.int = min(len(comp), self.na)
        self.comps_(ptr(buf), self.s_comp)
        for a in range(n):
            comp[a] = self.s_comp[a]
