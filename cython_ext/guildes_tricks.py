"""The Dirty Tricks of Guildes: the rules' layer 3 of 4 (below:
:mod:`cython_ext.guildes_round_end`; above: :mod:`cython_ext.guildes_rules`).

Who holds a trick (``c_trick_holder``), who is protected (``c_protected``),
the discard pile's size (``c_pile_total``); a holder's moves
(``c_trick_legal``), a trick played (``c_apply_trick``) and the end of a
holder's step (``c_end_trick_step``).  Trick D's draw and pick are phases of
``GuildesRules.c_apply``.

This file is compiled by Cython (declarations in ``guildes_tricks.pxd``) and
runs unchanged as plain Python; see :mod:`cython_ext`.
"""
try:
    import cython
except ModuleNotFoundError:  # interpreted on a machine without Cython
    from cython_ext import shim as cython

from .guildes_round_end import GuildesRoundEnd

if not cython.compiled:
    from .guildes_layout import DRAW, DRAWD, PROTECT, SACRIF, SWAPH, SWAPT, TRICK, VIRT
    from .kernel import ptr


@cython.cclass
class GuildesTricks(GuildesRoundEnd):
    """The layout, the end of a round and the Dirty Tricks (``cfg`` as for :class:`GuildesLayout`)."""

    @cython.final
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

    @cython.final
    def c_protected(self, b):
        """The seat holding the protection trick (-1 if nobody)."""
        i: cython.int
        t: cython.int
        for i in range(self.n):
            t = b[self.o_trick + i]
            if t >= 0 and self.c_trick_kind[t] == PROTECT:
                return i
        return -1

    @cython.final
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

    @cython.final
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
