"""The Guildes rules on one int32 buffer: base game, Event Cards and Dirty Tricks.

:class:`GuildesRules` holds the layout and the rules proper: who moves, the
legal moves, applying a move or a chance outcome, the end of a round and its
count (:mod:`cython_ext.guildes_count`).  Two layers build on it:
:class:`cython_ext.guildes_hidden.GuildesHidden` (what each seat sees,
determinize; four modules, from :mod:`cython_ext.guildes_observe`) and :class:`cython_ext.guildes.GuildesKernel` (chance, the
random playout), the class the engine runs.

Buffer fields (offsets come from the engine's Layout, see engine/guildes/game.py):

    round, phase, step       round 0..2; phase below; step = deal index, pick
                             index t or play index u within the phase
    event, dir, used         this round's event card, passing direction
                             (+1: to seat i+1, -1: to seat i-1), used events
    score[n]                 votes so far
    deck[G]                  undealt cards per guild (hidden)
    discarded[n,G]           unplayed cards each seat discarded (own: known)
    table[n,G]               cards in front of each seat (public)
    played[n,G]              cards played this round (public; part of table)
    kept[n,G]                cards picked this round and not played (own: known)
    pending[n]               a seat's hidden choice at a simultaneous step, -1 none
                             (another seat's in a view: CHOSEN = -2 once made)
    picks[n,h]               guild picked by each seat at pick t (own: known)
    hist[h,n,G]              content of packet p before pick t (a seat sees
                             the rows of the packets it held: its memory)
    known[n,G]               per seat (own only), a lower bound per guild on
                             the cards the other seats have discarded in past
                             rounds: cards it saw in the hands it held that
                             others picked and did not play (its memory of
                             past rounds, which hist forgets at a round's end)

The variants add (absent when off; ``o_<field>`` is then -1):

    ndisc[n]                 cards each seat has discarded (a public number)
    events: start, sub       first seat and seats done in this step (sequential play)
            pend2[n]         second card of a batch of two (one or two cards)
            fdown[n]         the card lying face down (face-down play)
            rdisc[n], rrecv[n]  redistribution: card discarded, card received
    tricks: trick[n]         letter of the trick card each seat holds (-1 none)
            prevtrick[n]     the one it held last round (not dealt again)
            tstep            the trick letter acting now
            virt[n,G]        virtual +1/-1 cards of trick F
            pubdisc[G]       cards discarded in view of all (tricks B, C, E, D)
            drawn[G]         cards trick D drew from the discard pile
            dcard[2]         the two cards drawn, while D's holder chooses
            tdisc[n,G]       hands discarded during this round's trick phase

Packet p is held at pick t by seat (p + dir * t) mod n.  Moves are guilds
(0..G-1), except a redistribution deal (a permutation number, see
``perm_decode``) and a trick holder's move (0 = decline, else an encoding of
the trick's choice, see ``c_trick_legal``).

This file is compiled by Cython (declarations in ``guildes_rules.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
import numpy as np

try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .kernel import Kernel

if not cython.compiled:
    from cython_ext.shim import enum_constants

    from .guildes_count import c_count_votes, c_exclude_ties
    from .kernel import ptr

    globals().update(enum_constants(__file__))

    def imod(a, n):
        """Interpreted stand-in for the ``.pxd``'s ``imod``: Python's % already floors."""
        return a % n


def c_perm_decode(code, n, out, avail):
    """Permutation number ``code`` (0 <= code < n!) as out[i] = source seat of
    seat i (``avail[n]`` is scratch)."""
    i: cython.int
    j: cython.int
    f: cython.int = 1
    d: cython.int
    m: cython.int = n
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


def perm_decode(code: cython.int, n: cython.int, out: cython.int[::1]) -> None:
    """The redistribution deal ``code`` as ``out[i]`` = the seat whose discard seat i receives.

    >>> out = np.zeros(3, dtype=np.intc)
    >>> perm_decode(3, 3, out)
    >>> [int(x) for x in out]
    [1, 2, 0]
    """
    avail = np.zeros(max(n, 1), dtype=np.intc)
    c_perm_decode(code, n, ptr(out), ptr(avail))


def move_bound(n: cython.int, G: cython.int, events: cython.int, tricks: cython.int, nevents: cython.int = 0) -> int:
    """An honest bound on move ids: guilds; the event draw (a chance outcome per
    event card, drawn in every game: its arrow gives the direction); n!
    redistribution deals; trick encodings.

    >>> move_bound(3, 4, 0, 0, 6)  # more event cards than guilds
    6
    """
    m: cython.int = max(G, nevents)
    f: cython.int = 1
    i: cython.int
    if events:
        for i in range(2, n + 1):
            f *= i
        m = max(m, f)
    if tricks:
        m = max(m, 1 + n * n * G * G, 16)
    return m


@cython.cclass
class GuildesRules(Kernel):
    """Guildes, base game and variants: the rules without the hidden information.

    ``cfg`` holds the layout offsets, the edition arrays and the variant
    flags (``events``, ``tricks``).
    """

    def __init__(self, cfg: dict) -> None:
        n, G, h = cfg["players"], cfg["guilds"], cfg["dealt"]
        self.ev_on = int(cfg.get("events", 0))
        self.tr_on = int(cfg.get("tricks", 0))
        Kernel.__init__(self, n, cfg["size"], move_bound(n, G, self.ev_on, self.tr_on, cfg["nevents"]))
        self.n, self.G, self.h, self.k = n, G, h, cfg["played"]
        self.militia = cfg["militia"]
        self.mvotes = cfg["militia_votes"]
        self.nevents = cfg["nevents"]
        self.total = np.ascontiguousarray(cfg["total"], dtype=np.intc)
        self.places = np.ascontiguousarray(cfg["places"], dtype=np.intc)
        self.values = np.ascontiguousarray(cfg["values"], dtype=np.intc)
        self.event_dir = np.ascontiguousarray(cfg["event_dir"], dtype=np.intc)
        self.event_eff = np.ascontiguousarray(cfg.get("event_effect", np.zeros(self.nevents)), dtype=np.intc)
        self.ntricks = cfg.get("ntricks", 0)
        self.trick_kind = np.ascontiguousarray(cfg.get("trick_kind", np.zeros(1)), dtype=np.intc)
        self.trick_guild = np.ascontiguousarray(cfg.get("trick_guild", np.zeros(1)), dtype=np.intc)
        self.trick_ok = np.ascontiguousarray(cfg.get("trick_ok", np.zeros(1)), dtype=np.intc)
        self.worth10 = np.ascontiguousarray(cfg.get("worth10", np.zeros(G)), dtype=np.intc)
        self.c_total = ptr(self.total)
        self.c_places = ptr(self.places)
        self.c_values = ptr(self.values)
        self.c_event_dir = ptr(self.event_dir)
        self.c_event_eff = ptr(self.event_eff)
        self.c_trick_kind = ptr(self.trick_kind)
        self.c_trick_guild = ptr(self.trick_guild)
        self.c_trick_ok = ptr(self.trick_ok)
        self.c_worth10 = ptr(self.worth10)
        self.fact = 1
        for i in range(2, n + 1):
            self.fact *= i
        o = cfg["offsets"]
        self.o_round, self.o_phase, self.o_step = o["round"], o["phase"], o["step"]
        self.o_event, self.o_dir, self.o_used = o["event"], o["dir"], o["used"]
        self.o_score, self.o_deck, self.o_disc = o["score"], o["deck"], o["discarded"]
        self.o_table, self.o_played, self.o_kept = o["table"], o["played"], o["kept"]
        self.o_pending, self.o_picks, self.o_hist = o["pending"], o["picks"], o["hist"]
        self.o_known = o["known"]
        g = o.get
        self.o_ndisc = g("ndisc", -1)
        self.o_start, self.o_sub, self.o_pend2 = g("start", -1), g("sub", -1), g("pend2", -1)
        self.o_fdown, self.o_rdisc, self.o_rrecv = g("fdown", -1), g("rdisc", -1), g("rrecv", -1)
        self.o_trick, self.o_prevtrick, self.o_tstep = g("trick", -1), g("prevtrick", -1), g("tstep", -1)
        self.o_virt, self.o_pubdisc, self.o_drawn = g("virt", -1), g("pubdisc", -1), g("drawn", -1)
        self.o_dcard, self.o_tdisc = g("dcard", -1), g("tdisc", -1)
        self._keep = []
        self.s_votes = self.scratch(n)
        self.s_ct = self.scratch(n * G)
        self.s_mark = self.scratch(n)
        self.s_src = self.scratch(n)
        self.s_avail = self.scratch(n)

    def scratch(self, size):
        """A zeroed int array of ``size`` that lives as long as the kernel
        (compiled: a pointer to its first element)."""
        a = np.zeros(max(size, 1), dtype=np.intc)  # calls Python: allocation, once per kernel
        self._keep.append(a)  # calls Python: keeps the array alive
        return ptr(a)  # calls Python: the array's buffer

    # -- helpers ------------------------------------------------------------
    def c_holder(self, b, p, t):
        """The seat holding packet ``p`` at pick ``t``."""
        return imod(p + b[self.o_dir] * t, self.n)

    def c_packet_of(self, b, seat, t):
        """The packet ``seat`` holds at pick ``t``."""
        return imod(seat - b[self.o_dir] * t, self.n)

    def c_effect(self, b):
        """This round's event effect, or -1 when the events variant is off."""
        if not self.ev_on or b[self.o_event] < 0:
            return -1
        return self.c_event_eff[b[self.o_event]]

    def c_to_play(self, b):
        """Cards each seat plays this round (one fewer under that event)."""
        return self.k - 1 if self.c_effect(b) == FEWER else self.k

    def c_batch(self, b):
        """Cards per seat in the current play step: 1, or 2 under "one or two".

        The sizes alternate 2, 1, 2, ... and must end on a whole batch, so
        the sequence starts with 1 when the number to play is 1 mod 3
        (4 players: 1, 2, 1, 2, 1) and with 2 otherwise.
        """
        kr: cython.int
        size: cython.int
        pos: cython.int
        u: cython.int
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

    def c_seq_seat(self, b):
        """Under "no more simultaneous play": the seat to play now."""
        return imod(b[self.o_start] - b[self.o_step] - b[self.o_sub], self.n)

    def c_trick_holder(self, b, t):
        """The seat holding trick letter ``t`` this round (-1 if nobody)."""
        i: cython.int
        for i in range(self.n):
            if b[self.o_trick + i] == t:
                return i
        return -1

    def trick_holder(self, buf: cython.int[::1], t: cython.int) -> int:
        """The seat holding trick letter ``t`` this round (-1 if nobody)."""
        return self.c_trick_holder(ptr(buf), t)

    def c_protected(self, b):
        """The seat holding the protection trick (-1 if nobody)."""
        i: cython.int
        t: cython.int
        for i in range(self.n):
            t = b[self.o_trick + i]
            if t >= 0 and self.c_trick_kind[t] == PROTECT:
                return i
        return -1

    def c_pile_total(self, b):
        """Cards in the guild discard pile (a public number)."""
        c: cython.int = 0
        i: cython.int
        g: cython.int
        j: cython.int
        for i in range(self.n):
            c += b[self.o_ndisc + i]
        for g in range(self.G):
            c += b[self.o_pubdisc + g] - b[self.o_drawn + g]
        for j in range(2):
            if b[self.o_dcard + j] >= 0:
                c -= 1
        return c

    # -- turn ---------------------------------------------------------------
    def c_to_move(self, b, out):
        phase: cython.int = b[self.o_phase]
        c: cython.int = 0
        i: cython.int
        two: cython.bint
        if phase == OVER:
            return 0
        # -1: still to choose; a view shows a choice made by another seat as CHOSEN
        if phase == DRAFT or phase == REDIS:
            for i in range(self.n):
                if b[self.o_pending + i] == -1:
                    out[c] = i
                    c += 1
            return c
        if phase == PLAY:
            if self.c_effect(b) == SEQ:
                out[0] = self.c_seq_seat(b)
                return 1
            two = self.c_batch(b) == 2
            for i in range(self.n):
                if b[self.o_pending + i] == -1 or (two and b[self.o_pend2 + i] == -1):
                    out[c] = i
                    c += 1
            return c
        if phase == TRICK or phase == DPICK:
            out[0] = self.c_trick_holder(b, b[self.o_tstep])
            return 1
        out[0] = -1
        return 1

    def to_move(self, buf, out):
        return self.c_to_move(ptr(buf), ptr(out))

    def c_legal(self, b, seat, out):
        phase: cython.int = b[self.o_phase]
        base: cython.int
        c: cython.int = 0
        g: cython.int
        t: cython.int
        first: cython.int
        x: cython.int
        y: cython.int
        if phase == DRAFT:
            t = b[self.o_step]
            base = self.o_hist + (t * self.n + self.c_packet_of(b, seat, t)) * self.G
        elif phase == PLAY or phase == REDIS:
            base = self.o_kept + seat * self.G
            if phase == PLAY and self.ev_on and b[self.o_pending + seat] >= 0:
                # second card of a batch of two
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
        if cython.compiled:
            for g in range(self.G):
                out[c] = g  # branch-free: the hot loop of every playout
                c += b[base + g] > 0
        else:
            for g in range(self.G):  # the same moves, cheaper interpreted
                if b[base + g] > 0:
                    out[c] = g
                    c += 1
        return c

    def legal(self, buf, seat, out):
        return self.c_legal(ptr(buf), seat, ptr(out))

    def c_trick_legal(self, b, a, out):
        """Moves of the trick holder ``a``; 0 = decline.  See docs/games/guildes.md.

        Encodings (``m = move - 1``): swap ``((pa * n + pb) * G + ga) * G + gb``
        (pa < pb); sacrifice ``(gc * n + pt) * G + gt``; draw ``0``; exchange
        ``x * G + y`` (hand x, table y); virtual ``2 * p`` (+1) or ``2 * p + 1`` (-1).
        The protected seat (not the protector itself) cannot be a target.
        """
        n: cython.int = self.n
        G: cython.int = self.G
        t: cython.int
        kind: cython.int
        pr: cython.int
        tb: cython.int = self.o_table
        c: cython.int
        pa: cython.int
        pb: cython.int
        ga: cython.int
        gb: cython.int
        gc: cython.int
        pt: cython.int
        gt: cython.int
        have: cython.int
        x: cython.int
        y: cython.int
        g: cython.int
        p: cython.int
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

    # -- apply --------------------------------------------------------------
    def c_apply(self, b, seat, move):
        phase: cython.int = b[self.o_phase]
        j: cython.int
        p: cython.int
        i: cython.int
        g: cython.int
        n: cython.int = self.n
        G: cython.int = self.G
        x: cython.int
        y: cython.int
        other: cython.int
        sub: cython.int
        u: cython.int
        two: cython.bint
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
            c_perm_decode(move, n, self.s_src, self.s_avail)
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

    def apply(self, buf, seat, move):
        self.c_apply(ptr(buf), seat, move)

    def c_apply_trick(self, b, a, move):
        """Trick holder ``a`` plays ``move`` (see ``c_trick_legal``), then discards its hand."""
        n: cython.int = self.n
        G: cython.int = self.G
        t: cython.int
        kind: cython.int
        tb: cython.int = self.o_table
        m: cython.int
        ga: cython.int
        gb: cython.int
        pa: cython.int
        pb: cython.int
        gt: cython.int
        pt: cython.int
        gc: cython.int
        x: cython.int
        y: cython.int
        p: cython.int
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
                b[self.o_pubdisc + y] += 1  # back to hand, then discarded in view of all
            elif kind == VIRT:
                p = m // 2
                b[self.o_virt + p * G + self.c_trick_guild[t]] += -1 if m % 2 else 1
        self.c_end_trick_step(b, a)

    def c_end_trick_step(self, b, a):
        """The holder discards its unplayed cards; the next trick letter acts."""
        G: cython.int = self.G
        c: cython.int = 0
        g: cython.int
        x: cython.int
        t: cython.int
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

    def c_resolve_picks(self, b):
        """Every seat has picked: the packets pass on (or the draft ends)."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        t: cython.int = b[self.o_step]
        i: cython.int
        g: cython.int
        p: cython.int
        src: cython.int
        dst: cython.int
        x: cython.int
        eff: cython.int
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

    def c_resolve_plays(self, b):
        """Every seat has chosen its card(s) of this play step: they are revealed."""
        n: cython.int = self.n
        G: cython.int = self.G
        i: cython.int
        g: cython.int
        u: cython.int
        f: cython.int
        eff: cython.int
        kr: cython.int
        eff = self.c_effect(b)
        kr = self.c_to_play(b)
        u = b[self.o_step] + self.c_batch(b)
        for i in range(n):
            g = b[self.o_pending + i]
            b[self.o_kept + i * G + g] -= 1
            if eff == FACEDOWN:
                # the previous face-down card is revealed; this one stays down
                f = b[self.o_fdown + i]
                if f >= 0:
                    b[self.o_table + i * G + f] += 1
                    b[self.o_played + i * G + f] += 1
                b[self.o_fdown + i] = g
                if u == kr:  # the last is revealed with the previous one
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

    def c_end_play(self, b):
        """The last card is played: the trick phase (variant) or the count."""
        t: cython.int = 0
        if not self.tr_on:
            self.c_end_round(b)
            return
        b[self.o_phase] = TRICK
        while self.c_trick_holder(b, t) < 0:
            t += 1
        b[self.o_tstep] = t

    def c_remember_round(self, b):
        """Add this round's lesson to each seat's ``known``: the cards it saw
        in the hands it held (each packet at its first sighting) that it did
        not pick were picked by others; what they did not play (``played``,
        which includes trick E's card) they discarded.  The card a seat
        received in a redistribution may be one of them: it is not counted.
        A lower bound, never above the truth; a row of -1 (another seat's,
        in a determinized world) stays unknown.

        A packet at its first sighting is rebuilt from its dealt content
        (hist row 0) minus the picks made from it before, so that the fast
        playout (which keeps no later hist rows) gives the same result."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        dirn: cython.int = b[self.o_dir]
        i: cython.int
        p: cython.int
        t: cython.int
        tf: cython.int
        g: cython.int
        o: cython.int
        c: cython.int
        row: cython.int
        ct: cython.p_int = self.s_ct
        tot: cython.p_int = self.s_ct + G  # the cards all seats played (s_ct holds n*G >= 2*G)
        known: cython.int = self.o_known
        picks: cython.int = self.o_picks
        played: cython.int = self.o_played
        hist: cython.int = self.o_hist
        for g in range(G):
            tot[g] = 0
        for o in range(n):
            for g in range(G):
                tot[g] += b[played + o * G + g]
        for i in range(n):
            if b[known + i * G] < 0:
                continue
            # seen - own picks - what the others played: start from -others' plays
            for g in range(G):
                ct[g] = b[played + i * G + g] - tot[g]
            for p in range(n):
                tf = imod((i - p) * dirn, n)  # seat i first holds packet p at pick tf
                if tf >= h:
                    continue
                row = hist + p * G
                for g in range(G):
                    ct[g] += b[row + g]
                for t in range(tf):
                    ct[b[picks + imod(p + dirn * t, n) * h + t]] -= 1
            for t in range(h):
                ct[b[picks + i * h + t]] -= 1
            if self.ev_on and b[self.o_rrecv + i] >= 0:
                ct[b[self.o_rrecv + i]] -= 1
            for g in range(G):
                c = ct[g]
                b[known + i * G + g] += c if c > 0 else 0

    def c_end_round(self, b):
        """Unplayed cards are discarded, the votes counted; next round or the end."""
        n: cython.int = self.n
        G: cython.int = self.G
        h: cython.int = self.h
        i: cython.int
        r: cython.int
        var_: cython.bint = self.ev_on or self.tr_on
        c: cython.int
        # offsets in locals: the buffer might alias self's fields as far as gcc
        # knows, so loops over b[self.o_x + i] reload them and do not vectorise
        kept: cython.int = self.o_kept
        disc: cython.int = self.o_disc
        played: cython.int = self.o_played
        picks: cython.int = self.o_picks
        hist: cython.int = self.o_hist
        self.c_remember_round(b)
        if var_:
            for i in range(n * G):
                b[self.o_ndisc + i // G] += b[kept + i]
        for i in range(n * G):
            b[disc + i] += b[kept + i]
            b[kept + i] = 0
            b[played + i] = 0
        for i in range(n):
            self.s_votes[i] = 0
        if var_:
            # counts with the virtual cards, never below 0
            for i in range(n * G):
                c = b[self.o_table + i]
                if self.tr_on:
                    c += b[self.o_virt + i]
                self.s_ct[i] = c if c > 0 else 0
            if self.c_effect(b) == NOTIES:
                c_exclude_ties(self.s_ct, n, G, self.militia, self.s_mark)
            c_count_votes(self.s_ct, n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        elif cython.compiled:
            c_count_votes(cython.address(b[self.o_table]), n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        else:
            c_count_votes(b[self.o_table:], n, G, b[self.o_round], self.militia, self.mvotes,
                          self.c_places, self.c_values, self.s_votes)
        for i in range(n):
            b[self.o_score + i] += self.s_votes[i]
        for i in range(n * h):
            b[picks + i] = -1
        for i in range(h * n * G):
            b[hist + i] = 0
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

    def scores(self, buf, out):
        i: cython.int
        for i in range(self.n):
            out[i] = buf[self.o_score + i]
