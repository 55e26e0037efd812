"""The Walled City kernel, layer 4b: when a guild power may be activated, and the choices of its
steps (layers: :mod:`cython_ext.walled_city_board`; the powers: :mod:`cython_ext.walled_city_powers`).

``can_power_`` says whether a power can change something now (a seat is
offered ``ACT`` only then, ``can_act_``; Grocers copy only such a power),
``power_arg_`` what a move of the current power step names, and
``power_legal_`` lists the step's choices, ascending.  Playing them is the
layer above (:mod:`cython_ext.walled_city_power_apply`).

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_power_board import WalledCityPowerBoard

if not cython.compiled:
    from .kernel import ptr
    from .walled_city_board import NDICE, OWN, K, P_LOC, P_POWER
    from .walled_city_power_board import (ARG_AREA, ARG_CARD, ARG_COUNT, ARG_GUILD, ARG_ITEM, ARG_KIND, ARG_LOC,
                                          ARG_NONE, ARG_OWNER, ARG_PIECE, ARG_SPLIT, ARG_TOWER, DONE, MAXTR,
                                          W_BAKERS, W_BARBERS, W_BUTCHERS, W_CARPENTERS, W_CLOTHWORKERS,
                                          W_CURRIERS, W_DRAPERS, W_FISHMONGERS, W_GOLDSMITHS, W_GROCERS,
                                          W_HABERDASHERS, W_IRONMONGERS, W_IRONMONGERS_B, W_MERCERS, W_PAINTERS,
                                          W_SADDLERS, W_SALTERS, W_SKINNERS, W_TAYLORS, W_VINTNERS)


@cython.cclass
class WalledCityPowerLegal(WalledCityPowerBoard):
    """When a power may be activated, and the choices of its steps."""

    # -- when a power may be activated ----------------------------------------------------------
    @cython.final
    def can_power_(self, b, seat, w):
        """1 if power ``w`` may be activated by ``seat`` now and can change something."""
        ph: cython.int = b[self.o_phase]
        o: cython.int
        a: cython.int
        i: cython.int
        n: cython.int
        j: cython.int
        if ph == P_POWER:  # Grocers choosing what to copy: the step it was activated at
            ph = b[self.o_pw_ret]
        if w == W_MERCERS or w == W_PAINTERS or w == W_TAYLORS:
            if w == W_MERCERS and b[self.o_nob + seat] == 0:
                return 0
            if w == W_PAINTERS and b[self.o_pea + seat] == 0:
                return 0
            for o in range(self.no):
                if o != seat and self.any_on_board_(b, o, 1 if w == W_MERCERS else 0, 1):
                    return 1
            return 0
        if w == W_DRAPERS:
            if ph != P_LOC:
                return 0
            if b[self.o_round] == 1:
                for i in range(self.np_):
                    if b[self.o_road + i] == 1:
                        return 1
            else:
                for i in range(self.ng):
                    if b[self.o_wall + i] == 1:
                        return 1
            return 0
        if w == W_FISHMONGERS:
            for o in range(self.no):
                if b[self.o_pea + o] >= 4 and self.any_on_board_(b, o, 1, 0):
                    return 1
            return 0
        if w == W_GOLDSMITHS or w == W_SKINNERS:
            return self.filled_(b)
        if w == W_HABERDASHERS:
            return 1
        if w == W_CLOTHWORKERS:  # an item above its lowest value (ruling 22: it must change something)
            for i in range(NDICE):
                if b[self.o_die_v + i] > 1:
                    return 1
            for i in range(self.nc):
                if b[self.o_chit + i] != -1:
                    return 1
            return 0
        if w == W_SALTERS:
            return 1 if b[self.o_nob + seat] > 0 or b[self.o_pea + seat] > 0 else 0
        if w == W_IRONMONGERS:
            for o in range(self.no):
                if not self.any_on_board_(b, o, 1, 0):
                    return 0
            return 1
        if w == W_VINTNERS:
            for o in range(self.no):
                if b[self.o_nob + o] >= 3 and self.count_on_board_(b, o, 0, 0) >= 3:
                    return 1
            return 0
        if w == W_BAKERS:
            return 1 if ph == P_LOC and self.count_on_board_(b, seat, 1, 1) >= 3 else 0
        if w == W_BARBERS:
            n = 0
            for o in range(self.no):
                n += self.count_on_board_(b, o, 1, 1)
            return 1 if n >= 2 else 0
        if w == W_IRONMONGERS_B:
            return 1 if b[self.o_nob + seat] >= 2 else 0
        if w == W_SADDLERS:
            return 1 if self.saddlers_kinds_(b) else 0
        if w == W_CURRIERS:  # a swap allowed that shows a different board (ruling 22)
            for i in range(NDICE + self.nc - 1):
                for j in range(i + 1, NDICE + self.nc):
                    if self.swap_ok_(b, i, j) and self.swap_changes_(b, i, j):
                        return 1
            return 0
        if w == W_CARPENTERS:
            for a in range(self.na0):
                if b[self.o_fence + a] == 0 and self.nsplit[a] > 0:
                    return 1
            return 0
        if w == W_BUTCHERS:  # room in the log for a trade with every other seat
            if b[self.o_nbt] + self.players - 1 > MAXTR:
                return 0
            return 1 if self.own_cards_(b, seat) > 0 else 0
        return 0

    @cython.final
    def saddlers_kinds_(self, b):
        """What the Saddlers' first step may pick: bit 0 peasants (three in the areas), bit 1 nobles
        (two in the areas; towers' nobles never move), counting only areas a citizen can leave
        (``on_path_``: a fence's half may border no path)."""
        p: cython.int = 0
        q: cython.int = 0
        a: cython.int
        o: cython.int
        for a in range(self.na):
            if self.on_path_(b, a):
                for o in range(self.no):
                    p += b[self.o_ap + a * self.no + o]
                    q += b[self.o_an + a * self.no + o]
        return (1 if p >= 3 else 0) | (2 if q >= 2 else 0)

    def can_act_(self, b, seat):
        """1 if ``seat`` may activate its guild now (Grocers: some power it may copy)."""
        g: cython.int = b[self.o_guild + seat] - 1
        p: cython.int
        h: cython.int
        if g < 0 or b[self.o_piv + seat] or self.passive[seat]:
            return 0
        if self.gconst[g] and b[self.o_tused]:
            return 0
        if self.gpower[g] != W_GROCERS:
            return self.can_power_(b, seat, self.gpower[g])
        for p in range(self.players):
            h = b[self.o_guild + p] - 1
            if p != seat and h >= 0 and self.gpower[h] != W_GROCERS and self.can_power_(b, seat, self.gpower[h]):
                return 1
        return 0

    # -- the choices of a power step --------------------------------------------------------------
    @cython.final
    def power_arg_(self, b):
        """What a move of the current power step names (ARG_*)."""
        w: cython.int = b[self.o_pw_kind] - 1
        s: cython.int = b[self.o_pw_step]
        if b[self.o_phase] != P_POWER:
            return ARG_NONE
        if w == W_MERCERS or w == W_BAKERS:
            return ARG_LOC
        if w == W_PAINTERS or w == W_TAYLORS or w == W_SALTERS:
            return ARG_AREA
        if w == W_GROCERS:
            return ARG_GUILD
        if w == W_FISHMONGERS:
            return ARG_AREA if s == 0 else ARG_OWNER
        if w == W_GOLDSMITHS or w == W_SKINNERS:
            return ARG_PIECE
        if w == W_HABERDASHERS or w == W_CLOTHWORKERS or w == W_CURRIERS:
            return ARG_ITEM
        if w == W_IRONMONGERS:
            return ARG_AREA if s == 0 else ARG_TOWER
        if w == W_VINTNERS:
            return ARG_OWNER if s == 0 else ARG_AREA
        if w == W_BARBERS:
            return ARG_LOC if s == 0 else ARG_OWNER
        if w == W_IRONMONGERS_B:
            return ARG_TOWER
        if w == W_SADDLERS:
            if s == 0:
                return ARG_KIND
            return ARG_OWNER if s == 2 else ARG_AREA
        if w == W_CARPENTERS:
            return ARG_SPLIT if s == 1 else ARG_COUNT if s == 2 else ARG_AREA
        if w == W_BUTCHERS:
            return ARG_CARD
        return ARG_NONE

    def power_arg(self, buf: cython.int[::1]) -> cython.int:
        """Python entry of :meth:`power_arg_` (notation)."""
        return self.power_arg_(ptr(buf))

    def power_legal_(self, b, seat, out):
        """The choices of the current power step, ascending (``DONE`` last where one may stop)."""
        w: cython.int = b[self.o_pw_kind] - 1
        s: cython.int = b[self.o_pw_step]
        o: cython.int = b[self.o_pw_o]
        pa: cython.int = b[self.o_pw_a]
        n: cython.int = 0
        x: cython.int
        y: cython.int
        p: cython.int
        h: cython.int
        k: cython.int
        ok: cython.int
        nitem: cython.int = NDICE + self.nc
        if w == W_MERCERS:  # counting comparisons: no branch per place (see WalledCityRounds.legal_)
            for x in range(self.na):
                out[n] = x
                n += b[self.o_an + x * self.no + o] > 0
            for x in range(self.nt):
                out[n] = self.na + x
                n += b[self.o_tw + x * self.no + o] > 0
            out[n] = DONE
            n += 1
        elif w == W_BAKERS:
            for x in range(self.na + self.nt):
                if x < pa or self.from_(b, x, 0, seat, 0) < 3 - b[self.o_pw_n]:
                    continue
                if self.nob_at_(b, x, seat) > 0:
                    out[n] = x
                    n += 1
        elif w == W_PAINTERS or w == W_TAYLORS:
            for x in range(self.na):
                out[n] = x
                n += b[self.o_ap + x * self.no + o] > 0
            if w == W_PAINTERS:
                out[n] = DONE
                n += 1
        elif w == W_GROCERS:
            for p in range(self.players):
                h = b[self.o_guild + p] - 1
                if p != seat and h >= 0 and self.gpower[h] != W_GROCERS and self.can_power_(b, seat, self.gpower[h]):
                    out[n] = h
                    n += 1
            # guild ids ascending
            for x in range(1, n):
                y = x
                while y > 0 and out[y - 1] > out[y]:
                    k = out[y]
                    out[y] = out[y - 1]
                    out[y - 1] = k
                    y -= 1
        elif w == W_FISHMONGERS:
            if s == 0:
                for x in range(self.na):
                    for y in range(self.no):
                        if b[self.o_pea + y] >= 4 and b[self.o_an + x * self.no + y] > 0:
                            out[n] = x
                            n += 1
                            break
            else:
                for y in range(self.no):
                    if b[self.o_pea + y] >= 4 and b[self.o_an + pa * self.no + y] > 0:
                        out[n] = y
                        n += 1
        elif w == W_GOLDSMITHS or w == W_SKINNERS:
            for x in range(self.np_):
                out[n] = x
                n += (b[self.o_road + x] == 1) | (b[self.o_road + x] == 3)
            for x in range(self.ng):
                out[n] = self.np_ + x
                n += (b[self.o_wall + x] == 1) | (b[self.o_wall + x] == 3)
        elif w == W_HABERDASHERS:
            for x in range(nitem):
                out[n] = x
                n += 1
            out[n] = DONE
            n += 1
        elif w == W_CLOTHWORKERS or w == W_CURRIERS:
            # the two items as an unordered pair: the second above the first
            for x in range(pa + 1 if s == 1 else 0, nitem if s == 1 else nitem - 1):
                ok = 1
                if w == W_CURRIERS:
                    if s == 1:
                        ok = self.swap_ok_(b, pa, x)
                    else:
                        ok = 0
                        for y in range(x + 1, nitem):
                            if self.swap_ok_(b, x, y):
                                ok = 1
                                break
                if ok:
                    out[n] = x
                    n += 1
        elif w == W_SALTERS:
            for x in range(self.na):
                if self.active_(b, x):
                    out[n] = x
                    n += 1
            # half the power is allowed, but not none of it
            if (s == 0 and b[self.o_pea + seat] > 0) or (s == 1 and b[self.o_pw_b] == 1):
                out[n] = DONE
                n += 1
        elif w == W_IRONMONGERS:
            if s == 0:
                for x in range(self.na):
                    out[n] = x
                    n += b[self.o_an + x * self.no + o] > 0
            else:
                for x in range(self.nt):
                    out[n] = x
                    n += 1
        elif w == W_VINTNERS:
            if s == 0:
                for x in range(self.no):
                    if b[self.o_nob + x] >= 3 and self.count_on_board_(b, x, 0, 0) >= 3:
                        out[n] = x
                        n += 1
            else:
                for x in range(pa, self.na):
                    if b[self.o_ap + x * self.no + o] > 0 and self.from_(b, x, 0, o, 1) >= 3 - b[self.o_pw_n]:
                        out[n] = x
                        n += 1
        elif w == W_BARBERS:
            # the two nobles as an unordered pair: (place, owner) never below the first pick
            if s == 0:
                for x in range(pa, self.na + self.nt):
                    for y in range(self.no):
                        if self.nob_at_(b, x, y) > 0 and (x > pa or y >= o) \
                                and self.from_(b, x, y, -1, 0) >= 2 - b[self.o_pw_n]:
                            out[n] = x
                            n += 1
                            break
            else:
                x = b[self.o_pw_b]
                for y in range(self.no):
                    if self.nob_at_(b, x, y) > 0 and (x > pa or y >= o) \
                            and self.from_(b, x, y, -1, 0) >= 2 - b[self.o_pw_n]:
                        out[n] = y
                        n += 1
        elif w == W_IRONMONGERS_B:
            for x in range(pa if s == 1 else 0, self.nt):
                out[n] = x
                n += 1
        elif w == W_SADDLERS:
            if s == 0:
                k = self.saddlers_kinds_(b)
                if k & 1:
                    out[n] = 0
                    n += 1
                if k & 2:
                    out[n] = 1
                    n += 1
            elif s == 1:
                for x in range(self.na):
                    if not self.on_path_(b, x):
                        continue  # nowhere to go from here
                    for y in range(self.no):
                        if self.movable_(b, x, y) > 0:
                            out[n] = x
                            n += 1
                            break
            elif s == 2:
                for y in range(self.no):
                    if self.movable_(b, pa, y) > 0:
                        out[n] = y
                        n += 1
            else:
                for x in range(self.na):  # across one road or path from the chosen area
                    ok = 0
                    for p in range(self.np_):
                        h = self.o_pside + p * 4
                        if ((b[h] == pa or b[h + 1] == pa) and (b[h + 2] == x or b[h + 3] == x)) \
                                or ((b[h + 2] == pa or b[h + 3] == pa) and (b[h] == x or b[h + 1] == x)):
                            ok = 1
                            break
                    if ok:
                        out[n] = x
                        n += 1
        elif w == W_CARPENTERS:
            if s == 0:
                for x in range(self.na0):
                    if b[self.o_fence + x] == 0 and self.nsplit[x] > 0:
                        out[n] = x
                        n += 1
            elif s == 1:
                for x in range(self.nsplit[pa]):
                    out[n] = x
                    n += 1
            elif s == 2:  # any number of this owner's nobles (peasants) to the far half
                for x in range(b[(self.o_an if o % 2 == 0 else self.o_ap) + pa * self.no + o // 2] + 1):
                    out[n] = x
                    n += 1
            else:
                out[0] = pa
                out[1] = self.na0 + pa
                n = 2
        elif w == W_BUTCHERS:
            if s == 0:  # a card to give to pw_o, or none (DONE)
                for x in range(OWN):
                    if b[self.o_hand + seat * K + x] > 0:
                        out[n] = x
                        n += 1
                out[n] = DONE
                n += 1
            else:  # 1: the receiver returns a higher card; 2: the Butcher takes any of its cards
                for x in range(OWN):
                    if b[self.o_hand + o * K + x] > 0 and (s == 2 or self.tot_(x) > self.tot_(pa)):
                        out[n] = x
                        n += 1
        if not cython.compiled:  # the counted comparisons add numpy booleans interpreted
            n = int(n)
        return n
