"""The Walled City kernel, layer 4: the guild powers (layers: :mod:`cython_ext.walled_city_board`).

"You may activate your Guild's power at any time during your turn ... pivot
the card ... a pivoted Guild may not be activated again."  Activation is the
move ``ACT`` offered to the seat whose build turn it is before construct
(``P_LOC``), before settle (``P_SPLIT``), at promote (``P_PROMOTE``), before
adjust (``P_ADJUST``) and after adjust (``P_TEND``: ``DONE`` ends the turn),
whenever its unpivoted guild's power can change something now.  The power's
choices are further moves of the same seat in phase ``P_POWER`` (what a move
names in each step: :meth:`power_arg_`), Haberdashers' rerolls are chance
outcomes (``P_PCHANCE``); then the turn resumes where it was (``pw_ret``).
A guild flagged ``constant`` in the edition is never pivoted: its power may
be activated once per turn (docs/rulings.md).  A seat configured passive
(variant ``no-powers-N``, for strength matches) never activates.

Owners: every power that says "each player", "each other player" or "each
opponent" includes the neutral colour of a two-player game ("Guild powers do
affect neutral player Citizens as if they belonged to an actual player"),
which has a real supply (20 nobles and 25 peasants less the setup pieces).

Fields: ``piv`` (per seat, 1 once its guild is pivoted), ``pw_kind`` (power
code + 1 while a power is in progress), ``pw_step``, ``pw_ret`` (phase to
resume), ``pw_o``/``pw_a``/``pw_b``/``pw_n`` (the power's owner, area, choice
and counter), ``pw_m`` (3 Saddlers moves: area * MAXO + owner + 1),
``drape`` (Drapers active this turn), ``tused`` (a constant power used this
turn).  Roads and walls: 0 empty, 1 built, 2 broken (Goldsmiths: an obstacle
that counts as absent), 3 two pieces stacked (Drapers).

Carpenters: a fence splits printed area ``a`` along one of the edition's
splits (``fences``); the far half is area ``na0 + a``, the buffer's path
sides (``pside``) and gap areas (``garea``) follow it, so neighbourhoods,
settling, T-paths (a path the fence ends on borders both halves) and
adjusting follow it too.  One fence per printed area (the splits describe
printed areas; docs/rulings.md).  Field ``fence`` per printed area: split + 1.

Butchers: for each other seat in turn from the Butcher's left (the neutral
colour of a two-player game has no hand: docs/rulings.md), the Butcher gives
one own-colour construction card or skips that seat (``DONE``); the receiver
(a decision of a seat that is not ``cur``: :meth:`decider_`) returns a card of
higher total value, or, when it has none, the Butcher looks at its hand and
takes any card, the given one included.  Each trade is logged in ``bt``
(giver, receiver, cards, whether a look happened, both parties' public pools
and face-down zones then, the looked-at hand): ``walled_city.py`` masks the
cards for third seats and deals worlds consistent with the log.  The public
``pool`` does not follow hidden trades (a card received and played face up
takes it below zero); a seat's true unseen cards are ``pool`` plus the net of
its trades.

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

    from .kernel import CHANCE, ptr
    from .walled_city_board import (MAXA, MAXG, MAXO, MAXP, NDICE, NGUILD, OWN, K, P_ADJUST, P_LOC, P_PCHANCE,
                                    P_POWER, P_PROMOTE, P_SPLIT, P_TEND)

    globals().update(enum_constants(__file__))


@cython.cclass
class WalledCityPowers(WalledCityRounds):
    """The guild powers: activation, their decision steps, their effects."""

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

    def move_items_(self, b, x, y):
        """Every die and chit in area ``x`` to area ``y``."""
        i: cython.int
        for i in range(NDICE):
            if b[self.o_dloc + i] == x:
                b[self.o_dloc + i] = y
        for i in range(self.nc):
            if b[self.o_cloc + i] == x:
                b[self.o_cloc + i] = y

    def fence_done_(self, b, seat):
        """Citizens divided: place the items, or ask which half on a tie."""
        if self.fence_items_(b, b[self.o_pw_a]):
            b[self.o_pw_step] = 3
        else:
            self.finish_power_(b, seat)

    # -- Butchers' trades ---------------------------------------------------------------------------
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

    def butcher_give_(self, b, a, x):
        """Seat ``a`` gives card ``x`` to ``pw_o``: log the trade, then the receiver returns a
        higher card (step 1) or, having none, ``a`` looks at its hand and takes one (step 2)."""
        r: cython.int = b[self.o_pw_o]
        t: cython.int = self.o_bt + b[self.o_nbt] * TR_W
        k: cython.int
        b[self.o_nbt] += 1
        b[self.o_hand + a * K + x] -= 1
        b[self.o_hand + r * K + x] += 1
        b[self.o_pw_a] = x
        b[t + TR_G] = a
        b[t + TR_R] = r
        b[t + TR_X] = x
        b[t + TR_B] = -1
        b[t + TR_DONE] = 0
        b[t + TR_FZG] = self.fdown_zone_(b, a)
        b[t + TR_FZR] = self.fdown_zone_(b, r)
        for k in range(OWN):
            b[t + TR_SG + k] = b[self.o_pool + a * OWN + k]
            b[t + TR_SR + k] = b[self.o_pool + r * OWN + k]
        b[t + TR_LKO] = -1
        if self.higher_(b, r, x):
            b[t + TR_LOOK] = 0
            for k in range(OWN):
                b[t + TR_LK + k] = -1
            b[self.o_pw_step] = 1
        else:
            b[t + TR_LOOK] = 1
            for k in range(OWN):
                b[t + TR_LK + k] = b[self.o_hand + r * K + k]
            for k in range(OWN, K):  # the whole hand is seen: its off-colour card too
                if b[self.o_hand + r * K + k] > 0:
                    b[t + TR_LKO] = k
            b[self.o_pw_step] = 2

    def butcher_next_(self, b):
        """On to the next seat, or the power is over (every other seat offered, or no card left)."""
        a: cython.int = b[self.o_cur]
        b[self.o_pw_n] += 1
        b[self.o_pw_o] = (b[self.o_pw_o] + 1) % self.players
        b[self.o_pw_step] = 0
        if b[self.o_pw_n] >= self.players - 1 or self.own_cards_(b, a) == 0:
            self.finish_power_(b, a)

    # -- when a power may be activated ----------------------------------------------------------
    def can_power_(self, b, seat, w):
        """1 if power ``w`` may be activated by ``seat`` now and can change something."""
        ph: cython.int = b[self.o_phase]
        o: cython.int
        a: cython.int
        i: cython.int
        n: cython.int
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
        if w == W_HABERDASHERS or w == W_CLOTHWORKERS:
            return 1
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
            n = 0
            a = 0
            for o in range(self.no):
                n += self.count_on_board_(b, o, 0, 0)
                a += self.count_on_board_(b, o, 1, 0)
            return 1 if n >= 3 or a >= 2 else 0
        if w == W_CURRIERS:
            for i in range(1, NDICE):
                if b[self.o_dloc + i] != b[self.o_dloc]:
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

    # -- a power in progress ----------------------------------------------------------------------
    def start_power_(self, b, seat, w):
        """Enter power ``w``'s first step (or play it at once when it has no choice)."""
        b[self.o_pw_kind] = w + 1
        b[self.o_pw_step] = 0
        b[self.o_pw_o] = 0
        b[self.o_pw_a] = 0
        b[self.o_pw_b] = 0
        b[self.o_pw_n] = 0
        b[self.o_phase] = P_POWER
        if w == W_DRAPERS:
            b[self.o_drape] = 1
            self.finish_power_(b, seat)
        elif w == W_MERCERS or w == W_PAINTERS or w == W_TAYLORS or w == W_IRONMONGERS:
            b[self.o_pw_o] = self.next_owner_(b, seat, 0)
        elif w == W_SALTERS and b[self.o_nob + seat] == 0:
            b[self.o_pw_step] = 1
        elif w == W_BUTCHERS:  # the other seats in turn, from the Butcher's left
            b[self.o_pw_o] = (seat + 1) % self.players
        elif w == W_BAKERS:  # skip the turn: its road (round 1) or wall (round 2) goes to the box
            if b[self.o_round] == 1:
                b[self.o_roads + seat] -= 1
            else:
                b[self.o_walls + seat] -= 1

    def finish_power_(self, b, seat):
        """The power is over: the turn resumes at the step it was activated before."""
        w: cython.int = b[self.o_pw_kind] - 1
        ret: cython.int = b[self.o_pw_ret]
        b[self.o_pw_kind] = 0
        b[self.o_pw_step] = 0
        if w == W_BAKERS:
            b[self.o_score + seat] += 13
            WalledCityRounds.next_turn_(self, b)
            return
        if ret == P_TEND:
            WalledCityRounds.next_turn_(self, b)
            return
        if ret == P_PROMOTE and not self.can_promote_(b):
            ret = P_ADJUST
        b[self.o_phase] = ret

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
                k = 0
                for y in range(self.no):
                    k += self.count_on_board_(b, y, 0, 0)
                if k >= 3:
                    out[n] = 0
                    n += 1
                k = 0
                for y in range(self.no):
                    k += self.count_on_board_(b, y, 1, 0)
                if k >= 2:
                    out[n] = 1
                    n += 1
            elif s == 1:
                for x in range(self.na):
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

    def power_apply_(self, b, seat, m):
        """Play choice ``m`` of the current power step."""
        w: cython.int = b[self.o_pw_kind] - 1
        s: cython.int = b[self.o_pw_step]
        o: cython.int = b[self.o_pw_o]
        pa: cython.int = b[self.o_pw_a]
        x: cython.int
        y: cython.int
        if w == W_BUTCHERS:
            x = b[self.o_cur]
            if s == 0:
                if m == DONE:
                    self.butcher_next_(b)
                else:
                    self.butcher_give_(b, x, m)
                return
            b[self.o_hand + o * K + m] -= 1
            b[self.o_hand + x * K + m] += 1
            y = self.o_bt + (b[self.o_nbt] - 1) * TR_W
            b[y + TR_B] = m
            b[y + TR_DONE] = 1
            self.butcher_next_(b)
            return
        if w == W_MERCERS or w == W_PAINTERS or w == W_TAYLORS:
            if m != DONE:
                if w == W_MERCERS:
                    self.add_nob_(b, m, o, -1)
                    b[self.o_nob + o] += 1
                    self.add_nob_(b, m, seat, 1)
                    b[self.o_nob + seat] -= 1
                else:
                    b[self.o_ap + m * self.no + o] -= 1
                    b[self.o_pea + o] += 1
                    if w == W_PAINTERS:
                        b[self.o_ap + m * self.no + seat] += 1
                        b[self.o_pea + seat] -= 1
            o = self.next_owner_(b, seat, o + 1)
            b[self.o_pw_o] = o
            if o >= self.no or (w == W_MERCERS and b[self.o_nob + seat] == 0) \
                    or (w == W_PAINTERS and b[self.o_pea + seat] == 0):
                self.finish_power_(b, seat)
        elif w == W_GROCERS:
            # "the copied player will immediately receive 3 Votes"
            for x in range(self.players):
                if b[self.o_guild + x] == m + 1:
                    b[self.o_score + x] += 3
            self.start_power_(b, seat, self.gpower[m])
        elif w == W_FISHMONGERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
            else:
                b[self.o_an + pa * self.no + m] -= 1
                b[self.o_nob + m] += 1
                b[self.o_ap + pa * self.no + m] += 4
                b[self.o_pea + m] -= 4
                self.finish_power_(b, seat)
        elif w == W_GOLDSMITHS or w == W_SKINNERS:
            # two stacked pieces (Drapers): the top one goes, the one below still stands
            x = self.o_road + m if m < self.np_ else self.o_wall + m - self.np_
            if b[x] == 3:
                b[x] = 1
            else:
                b[x] = 2 if w == W_GOLDSMITHS else 0
            self.finish_power_(b, seat)
        elif w == W_HABERDASHERS:
            if m == DONE:
                self.finish_power_(b, seat)
            else:
                b[self.o_pw_a] = m
                b[self.o_phase] = P_PCHANCE
        elif w == W_CLOTHWORKERS or w == W_CURRIERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            if w == W_CLOTHWORKERS:
                for x in range(2):
                    y = pa if x == 0 else m
                    if y < NDICE:
                        b[self.o_die_v + y] = 1
                    else:
                        b[self.o_chit + y - NDICE] = -1
            else:
                x = self.item_loc_(b, pa)
                y = self.item_loc_(b, m)
                if pa < NDICE:
                    b[self.o_dloc + pa] = y
                else:
                    b[self.o_cloc + pa - NDICE] = y
                if m < NDICE:
                    b[self.o_dloc + m] = x
                else:
                    b[self.o_cloc + m - NDICE] = x
            self.finish_power_(b, seat)
        elif w == W_SALTERS:
            if m != DONE:
                if s == 0:
                    b[self.o_an + m * self.no + seat] += 1
                    b[self.o_nob + seat] -= 1
                else:
                    b[self.o_ap + m * self.no + seat] += 1
                    b[self.o_pea + seat] -= 1
                b[self.o_pw_b] = 1
            if s == 0 and b[self.o_pea + seat] > 0:
                b[self.o_pw_step] = 1
            else:
                self.finish_power_(b, seat)
        elif w == W_IRONMONGERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_an + pa * self.no + o] -= 1
            b[self.o_tw + m * self.no + o] += 1
            b[self.o_pw_step] = 0
            b[self.o_pw_o] = o + 1
            if o + 1 >= self.no:
                self.finish_power_(b, seat)
        elif w == W_VINTNERS:
            if s == 0:
                b[self.o_pw_o] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_ap + m * self.no + o] -= 1
            b[self.o_pea + o] += 1
            b[self.o_an + m * self.no + o] += 1
            b[self.o_nob + o] -= 1
            b[self.o_pw_a] = m
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 3:
                self.finish_power_(b, seat)
        elif w == W_BAKERS:  # removed nobles go to the box
            self.add_nob_(b, m, seat, -1)
            b[self.o_pw_a] = m
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 3:
                self.finish_power_(b, seat)
        elif w == W_BARBERS:
            if s == 0:
                b[self.o_pw_b] = m
                b[self.o_pw_step] = 1
                return
            x = b[self.o_pw_b]
            self.add_nob_(b, x, m, -1)
            b[self.o_pw_a] = x
            b[self.o_pw_o] = m
            b[self.o_pw_step] = 0
            b[self.o_pw_n] += 1
            if b[self.o_pw_n] == 2:
                self.finish_power_(b, seat)
        elif w == W_IRONMONGERS_B:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            b[self.o_tw + pa * self.no + seat] += 1
            b[self.o_tw + m * self.no + seat] += 1
            b[self.o_nob + seat] -= 2
            self.finish_power_(b, seat)
        elif w == W_CARPENTERS:
            if s == 0:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 1
                return
            if s == 1:
                self.put_fence_(b, pa, m)
                b[self.o_pw_o] = self.next_part_(b, pa, 0)
            elif s == 2:
                x = (self.o_an if o % 2 == 0 else self.o_ap) + o // 2
                b[x + pa * self.no] -= m
                b[x + (self.na0 + pa) * self.no] += m
                b[self.o_pw_o] = self.next_part_(b, pa, o + 1)
            else:
                if m != pa:
                    self.move_items_(b, pa, m)
                self.finish_power_(b, seat)
                return
            if b[self.o_pw_o] < 2 * self.no:
                b[self.o_pw_step] = 2
            else:
                self.fence_done_(b, seat)
        elif w == W_SADDLERS:
            if s == 0:
                b[self.o_pw_b] = m
                b[self.o_pw_step] = 1
            elif s == 1:
                b[self.o_pw_a] = m
                b[self.o_pw_step] = 2
            elif s == 2:
                b[self.o_pw_o] = m
                b[self.o_pw_step] = 3
            else:
                x = self.o_ap if b[self.o_pw_b] == 0 else self.o_an
                b[x + pa * self.no + o] -= 1
                b[x + m * self.no + o] += 1
                b[self.o_pw_m + b[self.o_pw_n]] = m * MAXO + o + 1
                b[self.o_pw_n] += 1
                b[self.o_pw_step] = 1
                if b[self.o_pw_n] == (3 if b[self.o_pw_b] == 0 else 2):
                    self.finish_power_(b, seat)

    # -- overrides of the rounds ------------------------------------------------------------------
    def power_hook_(self, b, seat):
        """A new turn starts (construct step): Drapers and constant powers reset."""
        if b[self.o_phase] == P_LOC:
            b[self.o_drape] = 0
            b[self.o_tused] = 0

    def end_defense_(self, b):
        """Round 2 brings new guilds, unpivoted."""
        p: cython.int
        WalledCityRounds.end_defense_(self, b)
        for p in range(self.players):
            b[self.o_piv + p] = 0

    def next_turn_(self, b):
        """After adjust: the mover may still activate its guild before the turn passes."""
        if b[self.o_phase] == P_ADJUST and self.can_act_(b, b[self.o_cur]):
            b[self.o_phase] = P_TEND
            return
        WalledCityRounds.next_turn_(self, b)

    def to_move(self, buf: cython.int[::1], out: cython.int[::1]) -> cython.int:
        if buf[self.o_phase] == P_PCHANCE:
            out[0] = CHANCE
            return 1
        if buf[self.o_phase] == P_POWER:
            out[0] = self.decider_(ptr(buf))
            return 1
        return WalledCityRounds.to_move(self, buf, out)

    def legal_(self, b, seat, out):
        ph: cython.int = b[self.o_phase]
        n: cython.int = 0
        i: cython.int
        if ph == P_PCHANCE or seat != self.decider_(b):
            return 0
        if ph == P_POWER:
            return self.power_legal_(b, seat, out)
        if ph == P_TEND:
            out[0] = DONE
            out[1] = ACT
            return 2
        if ph == P_LOC and b[self.o_drape]:  # Drapers: a filled path / gap as if it were empty
            if b[self.o_round] == 1:
                for i in range(self.np_):
                    if b[self.o_road + i] <= 1:
                        out[n] = i
                        n += 1
            else:
                for i in range(self.ng):
                    if b[self.o_wall + i] <= 1:
                        out[n] = i
                        n += 1
        else:
            n = WalledCityRounds.legal_(self, b, seat, out)
        if ph == P_LOC and n == 0:
            out[0] = DONE  # nowhere left to build (broken or stacked pieces): the piece goes to the box
            n = 1
        if (ph == P_LOC or ph == P_SPLIT or ph == P_PROMOTE or ph == P_ADJUST) and self.can_act_(b, seat):
            out[n] = ACT
            n += 1
        return n

    def apply_(self, b, seat, move):
        ph: cython.int = b[self.o_phase]
        g: cython.int
        w: cython.int
        x: cython.int
        if ph == P_PCHANCE:  # Haberdashers: the new face of the die, or side of the chit
            x = b[self.o_pw_a]
            if x < NDICE:
                b[self.o_die_v + x] = move + 1
            else:
                b[self.o_chit + x - NDICE] = 1 if move == 1 else -1
            b[self.o_pw_n] += 1
            b[self.o_phase] = P_POWER
            if b[self.o_pw_n] >= 4:
                self.finish_power_(b, b[self.o_cur])
            return
        if move == ACT and ph != P_POWER:
            g = b[self.o_guild + seat] - 1
            w = self.gpower[g]
            if self.gconst[g]:
                b[self.o_tused] = 1
            else:
                b[self.o_piv + seat] = 1
            b[self.o_pw_ret] = ph
            self.start_power_(b, seat, w)
            return
        if ph == P_POWER:
            self.power_apply_(b, seat, move)
            return
        if ph == P_TEND:
            WalledCityRounds.next_turn_(self, b)
            return
        if ph == P_LOC and move == DONE:
            if b[self.o_round] == 1:
                b[self.o_roads + seat] -= 1
            else:
                b[self.o_walls + seat] -= 1
            WalledCityRounds.next_turn_(self, b)
            return
        if ph == P_LOC:
            x = self.o_road + move if b[self.o_round] == 1 else self.o_wall + move
            if b[x] == 1:  # Drapers: on top of the piece already there
                WalledCityRounds.apply_(self, b, seat, move)
                b[x] = 3
                return
        WalledCityRounds.apply_(self, b, seat, move)

    def chance_(self, b, outcomes, probs):
        """Inside a power: a rerolled die's face 1..3 (1/3 each), a re-flipped chit -1 / +1."""
        i: cython.int
        if b[self.o_phase] != P_PCHANCE:
            return WalledCityRounds.chance_(self, b, outcomes, probs)
        if b[self.o_pw_a] < NDICE:
            for i in range(3):
                outcomes[i] = i
                probs[i] = 1.0 / 3.0
            return 3
        outcomes[0] = 0
        probs[0] = 0.5
        outcomes[1] = 1
        probs[1] = 0.5
        return 2
