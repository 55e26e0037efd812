"""The plain draws of a Guildes determinization: hidden-information layer 2
of 4 (below: :mod:`cython_ext.guildes_observe`; above: the placement search,
:mod:`cython_ext.guildes_placement`, and the fill, :mod:`cython_ext.guildes_hidden`).

The scratch of ``determinize`` (every array, allocated here once in one
order), and the parts of a deal that need no search: a card drawn from
counts (``c_draw_plain``, ``c_draw_pos``), the choices a view marks
``CHOSEN`` (``c_keep_chosen``), the variants' hidden cards
(``c_fill_variants``, ``c_assign_drawn``, ``c_cover_drawn``), the
discards a seat knows of (``c_place_known``), and the packets rebuilt
from the picks (``c_rebuild_rounds``).

Compiled by Cython (pure-Python mode, declarations in the ``.pxd``) and run
unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_observe import GuildesObserve

if not cython.compiled:
    from .guildes_rules import CHOSEN, DPICK, DRAFT, DRAW, FACEDOWN, PLAY, RDEAL, REDIST, TRICK, imod
    from .kernel import rng_below


@cython.cclass
class GuildesDraws(GuildesObserve):
    """What each seat sees plus the determinize scratch and its plain draws."""

    def __init__(self, cfg: dict) -> None:
        GuildesObserve.__init__(self, cfg)
        n, G, h = self.n, self.G, self.h
        hn = (h + 1) * n  # pick slots of the other seats, plus one fixed redistribution slot each
        self.s_work = self.scratch(self.size)
        self.s_pool = self.scratch(G)
        self.s_first = self.scratch(n)
        self.s_last = self.scratch(n)
        self.s_slot_t = self.scratch(hn)
        self.s_slot_p = self.scratch(hn)
        self.s_slot_src = self.scratch(hn)
        self.s_slot_card = self.scratch(hn)
        self.s_slot_own = self.scratch(hn)
        self.s_given = self.scratch(n)
        self.s_sigma = self.scratch(n)
        self.s_seg = self.scratch(hn * G)
        self.s_initial = self.scratch(n * G)
        self.s_item_o = self.scratch(hn)
        self.s_item_g = self.scratch(hn)
        self.s_item_c = self.scratch(hn)
        self.s_chosen = self.scratch(hn)
        self.s_start = self.scratch(hn)
        self.s_tried = self.scratch(hn)
        self.s_extra = self.scratch(n * G)
        self.s_cap = self.scratch(n)
        self.s_resv = self.scratch(G)
        self.s_sinv = self.scratch(n)
        self.s_setg = self.scratch(hn + 1)
        self.s_done = self.scratch(n)
        self.s_hand = self.scratch(n * G)

    def c_draw_plain(self, cand, off, rng):
        """A card drawn uniformly from the counts ``cand[off:off+G]``."""
        tot: cython.int = 0
        g: cython.int
        r: cython.int
        for g in range(self.G):
            tot += cand[off + g]
        r = rng_below(rng, tot)
        for g in range(self.G):
            r -= cand[off + g]
            if r < 0:
                return g
        return -1

    @cython.final
    def c_draw_pos(self, b, off, rng):
        """A card drawn uniformly from the positive counts ``b[off:off+G]``."""
        tot: cython.int = 0
        g: cython.int
        r: cython.int
        for g in range(self.G):
            if b[off + g] > 0:
                tot += b[off + g]
        r = rng_below(rng, tot)
        for g in range(self.G):
            if b[off + g] > 0:
                r -= b[off + g]
                if r < 0:
                    return g
        return -1

    def c_keep_chosen(self, b, seat, rng):
        """Redraw in the filled world ``b`` the choices the view (``s_work``) marks ``CHOSEN``."""
        n: cython.int = self.n
        G: cython.int = self.G
        i: cython.int
        g: cython.int
        base: cython.int
        t: cython.int = b[self.o_step]
        phase: cython.int = b[self.o_phase]
        view: cython.p_int = self.s_work
        for i in range(n):
            if i == seat or view[self.o_pending + i] != CHOSEN:
                continue
            if phase == DRAFT:
                base = self.o_hist + (t * n + self.c_packet_of(b, i, t)) * G
            else:
                base = self.o_kept + i * G
            g = self.c_draw_pos(b, base, rng)
            b[self.o_pending + i] = g
            if self.ev_on and view[self.o_pend2 + i] == CHOSEN:
                b[base + g] -= 1  # the second card of a batch comes from the rest
                b[self.o_pend2 + i] = self.c_draw_pos(b, base, rng)
                b[base + g] += 1

    def c_fill_variants(self, b, seat, rng, eff, phase, redealt, nslots):
        """Hidden parts of other seats' hands that the variants add, after the
        picks are rebuilt: redistribution discards and received cards, the
        face-down card, and hands already discarded in the trick phase."""
        n: cython.int = self.n
        G: cython.int = self.G
        o: cython.int
        kb: cython.int
        g: cython.int
        t: cython.int
        done: cython.bint
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

    @cython.final
    def c_draw_need(self, b, seat, g):
        """Cards of guild ``g`` that trick D's draw this round (being made, or made) needs
        from the other seats' hidden discards as they stood then -- their past rounds' and
        the hands of the holders before D: the cards drawn less the public part of the pile
        then and ``seat``'s own discards then.  Not above 0 when there is no draw."""
        phase: cython.int = b[self.o_phase]
        need: cython.int
        j: cython.int
        if phase == DRAW or phase == DPICK:  # nothing has changed the pile since the draw
            need = b[self.o_drawn + g] - b[self.o_pubdisc + g]
            for j in range(2):
                if b[self.o_dcard + j] == g:
                    need += 1
            return need - b[self.o_disc + seat * self.G + g] - b[self.o_tdisc + seat * self.G + g]
        if b[self.o_dpair] >= 0:  # the pile as it stood: D's returned card and later discards not in it
            return self.c_recorded_need(b, seat, g)
        return 0

    def c_cover_drawn(self, b, seat, rng):
        """The discard pile never held fewer cards than it gave: now (the two cards trick D
        is drawing out of it included) and when D drew this round (``c_draw_need``).  The
        cards public, own and placed discards do not explain go into other seats' past
        discards (0 when impossible: the caller restarts)."""
        n: cython.int = self.n
        G: cython.int = self.G
        g: cython.int
        need: cython.int
        then: cython.int
        j: cython.int
        i: cython.int
        room: cython.int
        r: cython.int
        cap: cython.p_int = self.s_cap
        pool: cython.p_int = self.s_pool
        for g in range(G):
            need = b[self.o_drawn + g] - b[self.o_pubdisc + g] - b[self.o_disc + seat * G + g]
            for j in range(2):
                if b[self.o_dcard + j] == g:
                    need += 1
            then = self.c_draw_need(b, seat, g)
            for i in range(n):
                need -= b[self.o_tdisc + i * G + g]
                if i != seat:
                    need -= b[self.o_disc + i * G + g]  # placed by c_place_known
                    then -= b[self.o_disc + i * G + g]
                    if self.c_before_draw(b, i):
                        then -= b[self.o_tdisc + i * G + g]
            if then > need:
                need = then
            while need > 0:
                room = 0
                for i in range(n):
                    if i != seat and cap[i] > 0:
                        room += 1
                if room == 0 or pool[g] <= 0:
                    return 0
                r = rng_below(rng, room)
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

    def c_place_known(self, b, seat, rng):
        """Put the reserved cards (``s_resv``: what the seat knows the others
        discarded in past rounds) into the other seats' discards, each card to
        a seat drawn in proportion to the room it has left (``s_cap``); 0 when
        there is no room (the caller restarts)."""
        n: cython.int = self.n
        G: cython.int = self.G
        g: cython.int
        q: cython.int
        i: cython.int
        r: cython.int
        room: cython.int
        cap: cython.p_int = self.s_cap
        for g in range(G):
            for q in range(self.s_resv[g]):
                room = 0
                for i in range(n):
                    if i != seat:
                        room += cap[i]
                if room <= 0:
                    return 0
                r = rng_below(rng, room)
                for i in range(n):
                    if i != seat:
                        r -= cap[i]
                        if r < 0:
                            cap[i] -= 1
                            b[self.o_disc + i * G + g] += 1
                            break
        return 1

    def c_assign_drawn(self, b, seat, rng):
        """Cards drawn by trick D that the public part of the pile and the seat's own
        discards then do not explain (``c_draw_need``) came from other seats' discards:
        each goes, at random, either to the seats that had discarded their hand before
        D drew (then it must be among the picks of one of them, which ``c_place_played``
        chooses: counted in the unused row ``seat`` of ``s_extra``) or to the past
        discards (in proportion: each such seat, and the past, one share)."""
        n: cython.int = self.n
        G: cython.int = self.G
        done: cython.int = 0
        prior: cython.int = 0
        o: cython.int
        g: cython.int
        need: cython.int
        r: cython.int
        for o in range(n):
            if o != seat:
                if self.c_before_draw(b, o):
                    done += 1
                if b[self.o_round] > 0:
                    prior = 1
        for g in range(G):
            need = self.c_draw_need(b, seat, g)
            while need > 0 and done > 0:
                r = rng_below(rng, done + prior)
                if r < done:
                    self.s_extra[seat * G + g] += 1
                need -= 1

    def c_rebuild_rounds(self, b, seat, t_cur, phase):
        """Recompute hist rows, kept hands and packets from initial contents and picks."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        g: cython.int
        t: cython.int
        p: cython.int
        rows: cython.int
        o: cython.int
        base: cython.int
        prev: cython.int
        po: cython.int
        initial: cython.p_int = self.s_initial
        # offsets in locals: gcc cannot tell that writes to b leave self's fields alone
        hist: cython.int = self.o_hist
        kept: cython.int = self.o_kept
        picks: cython.int = self.o_picks
        played: cython.int = self.o_played
        for i in range(n):
            if i == seat:
                continue
            b[self.o_pending + i] = -1
            for g in range(G):
                b[kept + i * G + g] = -b[played + i * G + g]
            for t in range(t_cur, h):
                b[picks + i * h + t] = -1
        rows = t_cur + 1 if phase == DRAFT else h
        for p in range(n):
            for g in range(G):
                b[hist + p * G + g] = initial[p * G + g]
            for t in range(rows):
                o = imod(p + dirn * t, n)
                base = hist + (t * n + p) * G
                if t > 0:
                    prev = hist + ((t - 1) * n + p) * G
                    po = imod(p + dirn * (t - 1), n)
                    for g in range(G):
                        b[base + g] = b[prev + g]
                    b[base + b[picks + po * h + t - 1]] -= 1
                if t < t_cur and o != seat:
                    b[kept + o * G + b[picks + o * h + t]] += 1
            for t in range(rows, h):
                base = hist + (t * n + p) * G
                for g in range(G):
                    b[base + g] = 0
