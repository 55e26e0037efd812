"""The Walled City kernel, layer 3: the two rounds as moves (layers: :mod:`cython_ext.walled_city_board`).

Setup is chance (phase ``P_CHANCE``, step ``setup``): off-colour cards dealt
face down (3-player Borderlands), the 20 dice rolled onto their spots in
order, the survey chits flipped, the guild display dealt.  Then starting
roads (``P_START``), and each round: align (``P_ALIGN``, take a guild from
the display), build turns in priority order until pieces run out, the
count, and the defense (``P_DCARD`` then ``P_DZONE``: a card face down into
a zone, in reverse score order).  Round 2's defense ends the game with the
tower scoring (``P_END``).

A build turn is split into sub-steps so that every move is a small integer
(its meaning depends on ``phase``; the table is in docs/games/walled_city.md):
``P_LOC`` construct a road (round 1) or wall (round 2), ``P_CARD`` play a
card face up, ``P_SPLIT`` which half goes where, ``P_N1``/``P_N2`` nobles
among the citizens settled in the first/second area, ``P_PROMOTE`` promote
nobles to a tower (round 2, repeated), ``P_ADJUST`` adjust one die or flip
one chit next to the construction.  Fields ``sel_*`` hold the turn in
progress.

Guild powers: "You may activate your Guild's power at any time during your
turn".  ``power_hook_`` is called for the seat whose turn it is before every
step of a build turn (construct, settle, promote when entered, adjust), with
the step in ``phase``; here it does nothing.  The powers are the layers
between this one and :class:`cython_ext.walled_city.WalledCityKernel`:
``walled_city_power_board`` (fields and readers) <- ``walled_city_power_legal``
<- ``walled_city_power_apply`` <- ``walled_city_powers`` (``WalledCityPowers``,
overriding ``power_hook_`` to enter a power step, and ``legal_``/``apply_``
for the power phases, calling these for the others).
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .walled_city_count import WalledCityCount

if not cython.compiled:
    from .kernel import CHANCE, dptr, ptr
    from .walled_city_board import (CHIT_BASE, K, MAXA, MAXC, MAXO, MAXT, NDICE, NF, NGUILD, OWN, P_ADJUST, P_ALIGN,
                                    P_CARD, P_CHANCE, P_DCARD, P_DZONE, P_END, P_LOC, P_N1, P_N2, P_PROMOTE,
                                    P_SPLIT, P_START)


@cython.cclass
class WalledCityRounds(WalledCityCount):
    """The rules as moves: to_move, legal, apply and chance."""

    def __init__(self, players: cython.int, size: cython.int, max_moves: cython.int, offs: dict,
                 topo: dict) -> None:
        super().__init__(players, size, max_moves, offs, topo)
        if not cython.compiled:  # the fixed C arrays of the .pxd
            self.s_dmask = [0] * NDICE
            self.s_cmask = [0] * MAXC
            self.s_src = [0] * MAXO
            self.s_ncomp = [0] * (MAXA + MAXT)
        self.s_roll = 0
        self.s_nok = 0

    # -- turn order --------------------------------------------------------------------
    @cython.final
    def sort_order_(self, b, by_score, key_off):
        """``order`` = seats by (score if ``by_score``) then the guild key at ``key_off``
        (guild id + 1 per seat); insertion sort, stable."""
        n: cython.int = self.players
        o: cython.int = self.o_order
        p: cython.int
        i: cython.int
        j: cython.int
        x: cython.int
        y: cython.int
        ka: cython.int
        kb: cython.int
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

    def next_turn_(self, b):
        """After a build turn: next seat in priority order with pieces left, or count votes
        and start the defense (reverse score, lower guild first)."""
        n: cython.int = self.players
        step: cython.int
        t: cython.int
        seat: cython.int
        pieces: cython.int = self.o_roads if b[self.o_round] == 1 else self.o_walls
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

    @cython.final
    def start_build_(self, b):
        """After align: build turns in guild priority order, from the first seat with pieces."""
        n: cython.int = self.players
        t: cython.int
        seat: cython.int
        pieces: cython.int = self.o_roads if b[self.o_round] == 1 else self.o_walls
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

    def end_defense_(self, b):
        """Round 1: guilds are discarded (use it or lose it), round 2 aligns in reverse score
        order, lower round-1 guild first.  Round 2: tower scoring, cards revealed, game over."""
        add: cython.p_int = self.s_add
        p: cython.int
        g: cython.int
        z: cython.int
        c: cython.int
        o: cython.int
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
        for z in range(self.nz):  # reveal: the cards are public from now on
            c = b[self.o_zcard + z] - 1
            if c >= 0:
                o = b[self.o_zown + z] - 1
                if c < OWN:
                    b[self.o_pool + o * OWN + c] -= 1
                else:
                    b[self.o_offun + o] = 0
        b[self.o_phase] = P_END

    @cython.final
    def begin_align_(self, b):
        """Round 1 align: clockwise from the start player (seat 0)."""
        p: cython.int
        for p in range(self.players):
            b[self.o_order + p] = p
        b[self.o_turn] = 0
        b[self.o_cur] = 0
        b[self.o_phase] = P_ALIGN

    # -- guild powers ------------------------------------------------------------------
    def power_hook_(self, b, seat):
        """Where guild powers will be offered (none yet): runs before every step of a build
        turn of ``seat`` (construct, settle, promote, adjust), with the step in ``phase``."""
        return

    def power_hook(self, buf: cython.int[::1], seat: cython.int) -> None:
        """Python entry of :meth:`power_hook_` (tests)."""
        self.power_hook_(ptr(buf), seat)

    def enter_step_(self, b, ph):
        """The current seat's build turn moves on to step ``ph``."""
        b[self.o_phase] = ph
        self.power_hook_(b, b[self.o_cur])

    # -- Kernel API: who moves, what is legal ---------------------------------------------
    def to_move(self, buf: cython.int[::1], out: cython.int[::1]) -> cython.int:
        ph: cython.int = buf[self.o_phase]
        if ph == P_END:
            return 0
        if ph == P_CHANCE:
            out[0] = CHANCE
            return 1
        out[0] = buf[self.o_cur]
        return 1

    @cython.final
    def nbh_(self, b):
        """Neighbourhood labels (``comps_``) into ``s_ncomp`` for the promote and adjust steps.
        Inside a rollout (``s_roll``) they are kept while ``s_nok``: the rollout clears it
        after every move that may build or break a road or move a path's side (see
        :meth:`cython_ext.walled_city.WalledCityKernel.rollout`); anywhere else they are
        worked out afresh (the next call may bring another buffer)."""
        t: cython.int
        if self.s_roll and self.s_nok:
            return
        self.comps_(b, self.s_ncomp)
        for t in range(self.nt):  # the towers' places: in no neighbourhood
            self.s_ncomp[self.na + t] = -1
        self.s_nok = self.s_roll

    @cython.final
    def adjust_targets_(self, b, dmask, cmask):
        """Which dice / chits the current turn may adjust (1 in the masks): round 1, those in
        the areas beside the road; round 2, those in the wall's neighbourhood and its two
        closest towers."""
        comp: cython.p_int = self.s_ncomp
        d: cython.int
        k: cython.int
        a: cython.int
        c: cython.int
        s0: cython.int
        s1: cython.int
        s2: cython.int
        s3: cython.int
        t0: cython.int
        t1: cython.int
        loc: cython.int = b[self.o_sel_loc]
        if b[self.o_round] == 1:  # a side of one area is -1: no die or chit is there
            s0 = b[self.o_pside + loc * 4]
            s1 = b[self.o_pside + loc * 4 + 1]
            s2 = b[self.o_pside + loc * 4 + 2]
            s3 = b[self.o_pside + loc * 4 + 3]
            for d in range(NDICE):
                a = b[self.o_dloc + d]
                dmask[d] = (a == s0) | (a == s1) | (a == s2) | (a == s3)
            for k in range(self.nc):
                a = b[self.o_cloc + k]
                cmask[k] = (a == s0) | (a == s1) | (a == s2) | (a == s3)
            return
        self.nbh_(b)
        c = comp[b[self.o_garea + loc]]
        t0 = self.na + self.gap_tw[loc * 2]
        t1 = self.na + self.gap_tw[loc * 2 + 1]
        for d in range(NDICE):  # comp[na + tower] is -1: a die in a tower counts by the tower
            a = b[self.o_dloc + d]
            dmask[d] = (comp[a] == c) | (a == t0) | (a == t1)
        for k in range(self.nc):
            cmask[k] = comp[b[self.o_cloc + k]] == c

    @cython.final
    def promote_sources_(self, b, src):
        """``src[o]``: 1 if owner ``o`` has a noble in the wall's neighbourhood (one it may
        promote), else 0; the number of such owners.  The neighbourhood is looked up only
        when some owner has none in the wall's own area; no branch on the areas' contents
        (random boards mispredict them)."""
        comp: cython.p_int = self.s_ncomp
        a: cython.int
        o: cython.int
        c: cython.int
        x: cython.int
        n: cython.int = 0
        no: cython.int = self.no
        an: cython.int = self.o_an
        ga: cython.int = b[self.o_garea + b[self.o_sel_loc]]
        for o in range(no):
            src[o] = b[an + ga * no + o] > 0
            n += src[o]
        if n == no:
            return no
        self.nbh_(b)
        c = comp[ga]
        for a in range(self.na):
            x = an + a * no
            if comp[a] == c:
                for o in range(no):
                    src[o] |= b[x + o] > 0
        n = 0
        for o in range(no):
            n += src[o]
        if not cython.compiled:  # numpy booleans interpreted
            n = int(n)
        return n

    @cython.final
    def promote_source_(self, b, o):
        """Area a promoted noble of owner ``o`` leaves: the wall's own area first, then the
        lowest-numbered area of its neighbourhood holding one (-1: none)."""
        comp: cython.p_int = self.s_ncomp
        a: cython.int
        c: cython.int
        ga: cython.int = b[self.o_garea + b[self.o_sel_loc]]
        if b[self.o_an + ga * self.no + o] > 0:
            return ga
        self.nbh_(b)
        c = comp[ga]
        for a in range(self.na):
            if comp[a] == c and b[self.o_an + a * self.no + o] > 0:
                return a
        return -1

    def promote_open_(self, b):
        """1 while the promote step has something to offer the mover: here, a noble to promote
        (:meth:`can_promote_`); the guild powers' layer adds a power it may still activate."""
        return self.can_promote_(b)

    @cython.final
    def can_promote_(self, b):
        """1 while promotions are left and a noble stands in the wall's neighbourhood."""
        o: cython.int
        ga: cython.int
        if b[self.o_sel_left] <= 0:
            return 0
        ga = b[self.o_garea + b[self.o_sel_loc]]
        for o in range(self.no):  # mostly one settled right there: no neighbourhoods needed
            if b[self.o_an + ga * self.no + o] > 0:
                return 1
        return 1 if self.promote_sources_(b, self.s_src) > 0 else 0

    def legal_(self, b, seat, out):
        """The legal moves of ``seat`` (ascending) into ``out``; their number.  ``out[n]``, one
        past them, may be written too (a step has fewer than ``MAXM`` moves)."""
        ph: cython.int = b[self.o_phase]
        n: cython.int = 0
        p: cython.int
        g: cython.int
        k: cython.int
        top: cython.int
        c: cython.int
        a: cython.int
        bb: cython.int
        loc: cython.int
        flip: cython.int
        i: cython.int
        j: cython.int
        cnt: cython.int
        nob: cython.int
        pea: cython.int
        lo: cython.int
        hi: cython.int
        o: cython.int
        side: cython.int
        d: cython.int
        z: cython.int
        x: cython.int
        dmask: cython.p_int = self.s_dmask
        cmask: cython.p_int = self.s_cmask
        if ph == P_END or ph == P_CHANCE or seat != b[self.o_cur]:
            return 0
        # lists without a branch per item: each candidate is written, the count moves only
        # past a legal one (a comparison adds 0 or 1; random positions would mispredict a
        # branch half the time); the last write is at most ``out[n]``
        if ph == P_START or (ph == P_LOC and b[self.o_round] == 1):
            x = self.o_road
            for p in range(self.np_):
                out[n] = p
                n += b[x + p] == 0
        elif ph == P_LOC:
            x = self.o_wall
            for g in range(self.ng):
                out[n] = g
                n += b[x + g] == 0
        elif ph == P_ALIGN:
            x = self.o_gstate
            for g in range(NGUILD):
                out[n] = g
                n += b[x + g] == 2
        elif ph == P_CARD or ph == P_DCARD:
            top = OWN if ph == P_CARD else K
            x = self.o_hand + seat * K
            for k in range(top):
                out[n] = k
                n += b[x + k] > 0
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
                        if b[self.o_pside + loc * 4 + i] < 0:
                            continue
                        for j in range(2):
                            if b[self.o_pside + loc * 4 + 2 + j] < 0:
                                continue
                            # the side receiving b = 0 gets nobody: one choice only
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
            self.promote_sources_(b, self.s_src)
            for o in range(self.no):
                if self.s_src[o]:
                    for side in range(2):
                        out[n] = 1 + o * 2 + side
                        n += 1
        elif ph == P_ADJUST:
            self.adjust_targets_(b, dmask, cmask)
            out[0] = 0
            n = 1
            x = self.o_die_v
            for d in range(NDICE):
                out[n] = 1 + 2 * d
                n += dmask[d] & (b[x + d] < 3)
                out[n] = 2 + 2 * d
                n += dmask[d] & (b[x + d] > 1)
            for k in range(self.nc):
                out[n] = CHIT_BASE + k
                n += cmask[k]
        elif ph == P_DZONE:
            c = b[self.o_sel_card]
            for z in range(self.nz):
                if b[self.o_zown + z] == 0:
                    out[n] = z * 2
                    n += 1
                    if self.card_a[c] != self.card_b[c]:
                        out[n] = z * 2 + 1
                        n += 1
        if not cython.compiled:  # the comparisons above add numpy booleans interpreted
            n = int(n)
        return n

    def legal(self, buf: cython.int[::1], seat: cython.int, out: cython.int[::1]) -> cython.int:
        return self.legal_(ptr(buf), seat, ptr(out))

    # -- Kernel API: playing a move ----------------------------------------------------------
    def place_(self, b, seat, area, cnt, nobles):
        """Settle ``cnt`` citizens of ``seat`` in ``area``, ``nobles`` of them nobles."""
        b[self.o_an + area * self.no + seat] += nobles
        b[self.o_ap + area * self.no + seat] += cnt - nobles
        b[self.o_nob + seat] -= nobles
        b[self.o_pea + seat] -= cnt - nobles

    def settle_count_(self, b, seat, want):
        """As many citizens as asked, or as the supply allows."""
        have: cython.int = b[self.o_nob + seat] + b[self.o_pea + seat]
        return want if want < have else have

    @cython.final
    def after_settle_(self, b):
        if b[self.o_round] == 2 and self.promote_open_(b):
            self.enter_step_(b, P_PROMOTE)
        else:
            self.enter_step_(b, P_ADJUST)

    @cython.final
    def apply_chance_(self, b, move):
        """One setup step: ``setup`` counts the steps done (see :meth:`chance_`)."""
        i: cython.int = b[self.o_setup]
        d: cython.int
        noff: cython.int = self.players if self.offcolour else 0
        if i < noff:
            b[self.o_hand + i * K + move] += 1
            b[self.o_offun + i] = 1
        elif i < noff + NDICE:
            d = i - noff
            b[self.o_die_f + d] = move // 3
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

    def apply_(self, b, seat, move):
        """Play ``move`` for ``seat`` (a chance outcome in ``P_CHANCE``); no legality check."""
        ph: cython.int = b[self.o_phase]
        c: cython.int
        a: cython.int
        bb: cython.int
        settle: cython.int
        loc: cython.int
        flip: cython.int
        s1: cython.int
        s2: cython.int
        nx: cython.int
        rest: cython.int
        o: cython.int
        t: cython.int
        d: cython.int
        z: cython.int
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
            b[self.o_pool + seat * OWN + move] -= 1     # played face up: public
            self.enter_step_(b, P_SPLIT)
        elif ph == P_SPLIT:
            c = b[self.o_sel_card]
            a = self.card_a[c]
            bb = self.card_b[c]
            if b[self.o_round] == 2:
                settle = a if move == 0 else bb
                b[self.o_sel_left] = bb if move == 0 else a
                b[self.o_sel_x] = b[self.o_garea + b[self.o_sel_loc]]
                b[self.o_sel_nx] = self.settle_count_(b, seat, settle)
                b[self.o_sel_ny] = 0
            else:
                loc = b[self.o_sel_loc]
                flip = move // 4
                s1 = b[self.o_pside + loc * 4 + (move // 2) % 2]
                s2 = b[self.o_pside + loc * 4 + 2 + move % 2]
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
            o = (move - 1) // 2
            t = self.gap_tw[b[self.o_sel_loc] * 2 + (move - 1) % 2]
            a = self.promote_source_(b, o)
            b[self.o_an + a * self.no + o] -= 1
            b[self.o_tw + t * self.no + o] += 1
            b[self.o_sel_left] -= 1
            if not self.promote_open_(b):
                self.enter_step_(b, P_ADJUST)
        elif ph == P_ADJUST:
            if move > 0 and move < CHIT_BASE:
                d = (move - 1) // 2
                b[self.o_die_v + d] += 1 if move % 2 == 1 else -1
            elif move >= CHIT_BASE:
                b[self.o_chit + move - CHIT_BASE] *= -1
            self.next_turn_(b)
        elif ph == P_DCARD:
            b[self.o_sel_card] = move
            b[self.o_hand + seat * K + move] -= 1
            b[self.o_phase] = P_DZONE
        elif ph == P_DZONE:
            z = move // 2
            b[self.o_zcard + z] = b[self.o_sel_card] + 1
            b[self.o_zori + z] = move % 2
            b[self.o_zown + z] = seat + 1
            b[self.o_sel_card] = 0          # the face-down card must not stay readable
            b[self.o_turn] += 1
            if b[self.o_turn] >= self.players:
                self.end_defense_(b)
            else:
                b[self.o_cur] = b[self.o_order + b[self.o_turn]]
                b[self.o_phase] = P_DCARD

    def apply(self, buf: cython.int[::1], seat: cython.int, move: cython.int) -> None:
        self.apply_(ptr(buf), seat, move)

    # -- Kernel API: chance -------------------------------------------------------------------
    def chance_(self, b, outcomes, probs):
        """The outcomes of setup step ``setup`` with their probabilities: an off-colour card
        not yet dealt; die spot ``d`` gets faction f (4 dice each, drawn without
        replacement) with value 1..3 (outcome f*3 + value-1); a chit -1 / +1; a guild
        card from the deck onto the display."""
        i: cython.int = b[self.o_setup]
        n: cython.int = 0
        left: cython.int
        k: cython.int
        used: cython.int
        p: cython.int
        d: cython.int
        f: cython.int
        rem: cython.int
        e: cython.int
        v: cython.int
        cnt: cython.int
        g: cython.int
        noff: cython.int = self.players if self.offcolour else 0
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
                        probs[n] = 1.0 * rem / (NDICE - d) / 3.0   # 1.0 *: a double division in C too
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

    def chance(self, buf: cython.int[::1], outcomes: cython.int[::1],
               probs: cython.double[::1]) -> cython.int:
        return self.chance_(ptr(buf), ptr(outcomes), dptr(probs))
